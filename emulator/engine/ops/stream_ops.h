// Copyright 2026 The eddy Authors.
//
// Pieces shared by the DynamoDB Streams operations and the table operations
// that enable and disable streams (stream_settings.cc): StreamSpecification
// checks with DynamoDB's messages, the request-model checks of stream ARNs
// and shard ids, and running a Streams read under its table's lock.
//
// Thread safety: as the operations; the functions that take a Table say
// which lock they need.

#ifndef EDDY_EMULATOR_ENGINE_OPS_STREAM_OPS_H_
#define EDDY_EMULATOR_ENGINE_OPS_STREAM_OPS_H_

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "emulator/engine/ops/operations.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {

// --- StreamSpecification on CreateTable / UpdateTable --------------------

// The request-model check: StreamEnabled must be present.
void CheckStreamSpecificationModel(
    const std::optional<StreamSpecification>& spec, ValidationErrors& errors);
// CreateTable: {true, type} or {false} alone.
Status CheckCreateTableStream(const StreamSpecification& spec);
// UpdateTable: the combination rules (not with throughput changes or index
// creation/deletion), the view type rules, and that there is a stream to
// disable / none to enable.
Status CheckUpdateTableStream(const Table& table,
                              const UpdateTableRequest& request)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu());
// Enables a stream of `view_type` on `table` (its state records the stream
// and Table::streamed turns on), or disables the enabled one.
void EnableTableStream(Context& ctx, Table& table, StreamViewType view_type,
                       int64_t now_micros)
    ABSL_EXCLUSIVE_LOCKS_REQUIRED(table.mu());
void DisableTableStream(Context& ctx, Table& table, int64_t now_micros)
    ABSL_EXCLUSIVE_LOCKS_REQUIRED(table.mu());

// --- The Streams API ------------------------------------------------------

// Length constraints of the model, in the generic request-model form.
void CheckLength(ValidationErrors& errors, const std::string& value,
                 std::string_view path, size_t min, size_t max);
// "Invalid StreamArn" unless `arn` has a stream ARN's shape.
Status CheckStreamArnShape(const std::string& arn);

// Runs `fn(table_locked)` with the stream's table locked (shared) when the
// table is live and the stream is its latest, after the table's due
// background work (time-to-live deletions produce records). `arn` must
// have passed CheckStreamArnShape.
template <typename Fn>
auto WithStreamTable(Context& ctx, const std::string& arn, Fn fn) {
  std::optional<StreamArnParts> parts = ParseStreamArn(arn);
  std::shared_ptr<Table> table =
      parts ? ctx.catalog->Find(parts->table_name) : nullptr;
  if (table == nullptr) return fn(false);
  CatchUp(*table, *ctx.options->clock);
  ReaderMutexLock lock(&table->mu());
  return fn(table->state().latest_stream_arn == arn);
}

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_OPS_STREAM_OPS_H_
