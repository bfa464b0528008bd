// Copyright 2026 The eddy Authors.
//
// The Database's DynamoDB Streams, continuous backups, exports, imports and
// backups: each checks its injected faults, then calls the engine; the rest
// of the Database is in database.cc.

#include "emulator/api/database.h"
#include "emulator/engine/history/backup_ops.h"
#include "emulator/engine/ops/transfer_ops.h"
#include "emulator/engine/persist/data_directory.h"
#include "emulator/engine/streams/service.h"

namespace eddy {

using engine::persist::Durable;
using engine::persist::WriteGate;

// DynamoDB Streams. Faults match the stream's table (the name in the stream
// ARN, or in the ARN a shard iterator begins with).

namespace {

std::string StreamTableOf(std::string_view arn_or_iterator) {
  const size_t bar = arn_or_iterator.find('|');
  std::optional<engine::StreamArnParts> parts =
      engine::ParseStreamArn(arn_or_iterator.substr(0, bar));
  return parts ? parts->table_name : std::string();
}

}  // namespace

StatusOr<ListStreamsResponse> Database::ListStreams(
    const ListStreamsRequest& request) {
  if (auto fault =
          CallFault("ListStreams", request.table_name.value_or(""), nullptr))
    return *fault;
  engine::Context ctx = MakeContext();
  return engine::ListStreams(ctx, request);
}

StatusOr<DescribeStreamResponse> Database::DescribeStream(
    const DescribeStreamRequest& request) {
  if (auto fault = CallFault("DescribeStream",
                             StreamTableOf(request.stream_arn), nullptr))
    return *fault;
  engine::Context ctx = MakeContext();
  return engine::DescribeStream(ctx, request);
}

StatusOr<GetShardIteratorResponse> Database::GetShardIterator(
    const GetShardIteratorRequest& request) {
  if (auto fault = CallFault("GetShardIterator",
                             StreamTableOf(request.stream_arn), nullptr))
    return *fault;
  engine::Context ctx = MakeContext();
  return engine::GetShardIterator(ctx, request);
}

StatusOr<GetRecordsResponse> Database::GetRecords(
    const GetRecordsRequest& request) {
  if (auto fault = CallFault("GetRecords",
                             StreamTableOf(request.shard_iterator), nullptr))
    return *fault;
  engine::Context ctx = MakeContext();
  return engine::GetRecords(ctx, request);
}

// Continuous backups, export and import (ops/transfer_ops.h).

StatusOr<UpdateContinuousBackupsResponse> Database::UpdateContinuousBackups(
    const UpdateContinuousBackupsRequest& request) {
  if (auto fault =
          CallFault("UpdateContinuousBackups", request.table_name, nullptr))
    return *fault;
  EDDY_RETURN_IF_ERROR(WriteGate(dir_.get()));
  engine::Context ctx = MakeContext();
  return Durable(dir_.get(), engine::UpdateContinuousBackups(ctx, request));
}

StatusOr<DescribeContinuousBackupsResponse> Database::DescribeContinuousBackups(
    const DescribeContinuousBackupsRequest& request) {
  if (auto fault =
          CallFault("DescribeContinuousBackups", request.table_name, nullptr))
    return *fault;
  engine::Context ctx = MakeContext();
  return engine::DescribeContinuousBackups(ctx, request);
}

StatusOr<ExportTableToPointInTimeResponse> Database::ExportTableToPointInTime(
    const ExportTableToPointInTimeRequest& request) {
  const size_t at = request.table_arn.find(":table/");
  const std::string table =
      at == std::string::npos ? "" : request.table_arn.substr(at + 7);
  if (auto fault = CallFault("ExportTableToPointInTime", table, nullptr))
    return *fault;
  engine::Context ctx = MakeContext();
  return engine::ExportTableToPointInTime(ctx, *transfers_, request);
}

StatusOr<DescribeExportResponse> Database::DescribeExport(
    const DescribeExportRequest& request) {
  if (auto fault = CallFault("DescribeExport", "", nullptr)) return *fault;
  engine::Context ctx = MakeContext();
  return engine::DescribeExport(ctx, *transfers_, request);
}

StatusOr<ListExportsResponse> Database::ListExports(
    const ListExportsRequest& request) {
  if (auto fault = CallFault("ListExports", "", nullptr)) return *fault;
  engine::Context ctx = MakeContext();
  return engine::ListExports(ctx, *transfers_, request);
}

StatusOr<ImportTableResponse> Database::ImportTable(
    const ImportTableRequest& request) {
  if (auto fault = CallFault(
          "ImportTable", request.table_creation_parameters.table_name, nullptr))
    return *fault;
  EDDY_RETURN_IF_ERROR(WriteGate(dir_.get()));
  engine::Context ctx = MakeContext();
  return Durable(dir_.get(), engine::ImportTable(ctx, *transfers_, request));
}

StatusOr<DescribeImportResponse> Database::DescribeImport(
    const DescribeImportRequest& request) {
  if (auto fault = CallFault("DescribeImport", "", nullptr)) return *fault;
  engine::Context ctx = MakeContext();
  return engine::DescribeImport(ctx, *transfers_, request);
}

StatusOr<ListImportsResponse> Database::ListImports(
    const ListImportsRequest& request) {
  if (auto fault = CallFault("ListImports", "", nullptr)) return *fault;
  engine::Context ctx = MakeContext();
  return engine::ListImports(ctx, *transfers_, request);
}

// Backups and restores (ops/backup_ops.h).

StatusOr<CreateBackupResponse> Database::CreateBackup(
    const CreateBackupRequest& request) {
  if (auto fault = CallFault("CreateBackup", request.table_name, nullptr))
    return *fault;
  engine::Context ctx = MakeContext();
  return engine::CreateBackup(ctx, *backups_, request);
}

StatusOr<DescribeBackupResponse> Database::DescribeBackup(
    const DescribeBackupRequest& request) {
  if (auto fault = CallFault("DescribeBackup", "", nullptr)) return *fault;
  engine::Context ctx = MakeContext();
  return engine::DescribeBackup(ctx, *backups_, request);
}

StatusOr<ListBackupsResponse> Database::ListBackups(
    const ListBackupsRequest& request) {
  if (auto fault =
          CallFault("ListBackups", request.table_name.value_or(""), nullptr))
    return *fault;
  engine::Context ctx = MakeContext();
  return engine::ListBackups(ctx, *backups_, request);
}

StatusOr<DeleteBackupResponse> Database::DeleteBackup(
    const DeleteBackupRequest& request) {
  if (auto fault = CallFault("DeleteBackup", "", nullptr)) return *fault;
  engine::Context ctx = MakeContext();
  return engine::DeleteBackup(ctx, *backups_, request);
}

StatusOr<RestoreTableFromBackupResponse> Database::RestoreTableFromBackup(
    const RestoreTableFromBackupRequest& request) {
  if (auto fault = CallFault("RestoreTableFromBackup",
                             request.target_table_name, nullptr))
    return *fault;
  EDDY_RETURN_IF_ERROR(WriteGate(dir_.get()));
  engine::Context ctx = MakeContext();
  StatusOr<RestoreTableFromBackupResponse> r =
      engine::RestoreTableFromBackup(ctx, *backups_, request);
  // The restored items were loaded unlogged: a snapshot makes them durable.
  if (r.ok() && dir_ != nullptr) EDDY_RETURN_IF_ERROR(dir_->Checkpoint());
  return Durable(dir_.get(), std::move(r));
}

StatusOr<RestoreTableToPointInTimeResponse> Database::RestoreTableToPointInTime(
    const RestoreTableToPointInTimeRequest& request) {
  if (auto fault = CallFault("RestoreTableToPointInTime",
                             request.target_table_name, nullptr))
    return *fault;
  EDDY_RETURN_IF_ERROR(WriteGate(dir_.get()));
  engine::Context ctx = MakeContext();
  StatusOr<RestoreTableToPointInTimeResponse> r =
      engine::RestoreTableToPointInTime(ctx, request);
  if (r.ok() && dir_ != nullptr) EDDY_RETURN_IF_ERROR(dir_->Checkpoint());
  return Durable(dir_.get(), std::move(r));
}

}  // namespace eddy
