// Copyright 2026 The eddy Authors.
//
// On-demand backups and restores (issue #21): CreateBackup, DescribeBackup,
// ListBackups, DeleteBackup (backups.cc), RestoreTableFromBackup and
// RestoreTableToPointInTime (restore_table.cc).
//
// A backup is a one-table snapshot kept by the Database's BackupStore
// (persist/backup_store.h: in memory, or under the data directory). It is
// taken with the table locked shared while its records are referenced and
// is AVAILABLE when CreateBackup returns (the response says CREATING, as
// DynamoDB's does).
//
// A restore builds a new table from a backup, or from the table's
// point-in-time history (ReplayHistory in history/memory_history.h: the
// data directory's files, or the in-memory history without one), through the
// loader (persist/loader.h), and publishes it ACTIVE when the call
// returns. The new table gets its own name, ARN, id and creation time, the
// source's key schema, indexes, billing and throughput unless overridden,
// and - as in DynamoDB - none of the source's tags, stream, TTL, PITR or
// Contributor Insights settings.
//
// Errors (exception types as DynamoDB documents them; DynamoDB does not
// document the message texts, eddy's are marked where they are its own):
// ValidationException, TableNotFoundException (the source table),
// BackupNotFoundException, TableAlreadyExistsException (the target),
// PointInTimeRecoveryUnavailableException, InvalidRestoreTimeException.
//
// In-use states exist only with Options::transient_statuses windows
// (table/lifecycle.h), where a restored table stays CREATING for the
// creation window - its restore in progress (RestoreSummary
// RestoreInProgress true):
//   - a restore whose target is CREATING or DELETING: TableInUseException
//     ("Table is being created: <name>" / "... deleted: <name>");
//   - CreateBackup of a table still CREATING: TableInUseException;
//   - DeleteBackup of a backup a table is still being restored from:
//     BackupInUseException ("Backup is being restored to table <name>:
//     <arn>").
// The texts are eddy's; DynamoDB documents only the types.
//
// Thread safety: as every operation: callable from any thread.

#ifndef EDDY_EMULATOR_ENGINE_HISTORY_BACKUP_OPS_H_
#define EDDY_EMULATOR_ENGINE_HISTORY_BACKUP_OPS_H_

#include "emulator/api/backups.h"
#include "emulator/engine/ops/operations.h"
#include "emulator/engine/persist/backup_store.h"
#include "emulator/engine/persist/data_directory.h"

namespace eddy::engine {

StatusOr<CreateBackupResponse> CreateBackup(Context& ctx,
                                            persist::BackupStore& store,
                                            const CreateBackupRequest& request);
StatusOr<DescribeBackupResponse> DescribeBackup(
    Context& ctx, persist::BackupStore& store,
    const DescribeBackupRequest& request);
StatusOr<ListBackupsResponse> ListBackups(Context& ctx,
                                          persist::BackupStore& store,
                                          const ListBackupsRequest& request);
StatusOr<DeleteBackupResponse> DeleteBackup(Context& ctx,
                                            persist::BackupStore& store,
                                            const DeleteBackupRequest& request);

// DeleteTable's SYSTEM backup of a table deleted with PITR on
// (Context::keep_deleted_table): the table as it is, named
// "<table name>$DeletedTableBackup", BackupType SYSTEM, expiring 35 days
// after `now_micros` (BackupExpiryDateTime; an expired backup is no longer
// described, listed or restorable). REQUIRES: `table` locked (exclusively
// by DeleteTable). Errors: InternalServerError when its files cannot be
// written (nothing is kept then).
Status KeepDeletedTableBackup(persist::BackupStore& store, const Table& table,
                              int64_t now_micros)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu());

// How long a SYSTEM backup is kept: 35 days, as DynamoDB documents.
inline constexpr int64_t kSystemBackupRetentionMicros =
    35LL * 24 * 3600 * 1000000;

StatusOr<RestoreTableFromBackupResponse> RestoreTableFromBackup(
    Context& ctx, persist::BackupStore& store,
    const RestoreTableFromBackupRequest& request);
StatusOr<RestoreTableToPointInTimeResponse> RestoreTableToPointInTime(
    Context& ctx, const RestoreTableToPointInTimeRequest& request);

// "Table already exists: <name>" (TableAlreadyExistsException; the text is
// eddy's, DynamoDB documents only the type).
Status TableAlreadyExists(const std::string& name);

// OK when `target` names no table and the quota of table operations in
// progress allows one more (CheckTableOperationQuota); TableInUseException
// when it names one still CREATING or DELETING at `now_micros`,
// TableAlreadyExistsException when it names any other.
Status CheckRestoreTarget(Context& ctx, const std::string& target,
                          int64_t now_micros);

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_HISTORY_BACKUP_OPS_H_
