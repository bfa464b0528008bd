// Copyright 2026 The eddy Authors.
//
// Every DynamoDB limit eddy enforces, in one place, with where it comes from
// (see ../shared/design/api-semantics.md and throughput-model.md). Code that
// checks a limit names the constant; nothing repeats the number.

#ifndef EDDY_EMULATOR_TYPES_LIMITS_H_
#define EDDY_EMULATOR_TYPES_LIMITS_H_

#include <cstdint>

namespace eddy::limits {

// --- Values -----------------------------------------------------------------
inline constexpr int kMaxNumberDigits = 38;      // significant digits
inline constexpr int kMaxNumberExponent = 125;   // 9.99..9E+125 is the largest
inline constexpr int kMinNumberExponent = -130;  // 1E-130 is the smallest
inline constexpr int kMaxNumberSizeBytes = 21;   // billing size cap of an N
inline constexpr int kMaxNestingDepth = 32;      // the attribute itself is 1
inline constexpr int64_t kMaxItemSizeBytes = 400 * 1024;  // 409,600
inline constexpr int64_t kMaxPartitionKeyBytes = 2048;
inline constexpr int64_t kMaxSortKeyBytes = 1024;
inline constexpr int64_t kMaxKeyAttributeNameBytes = 255;
inline constexpr int64_t kMaxAttributeNameBytes = 65535;  // 64 KiB is rejected
inline constexpr int64_t kListOrMapOverheadBytes = 3;
inline constexpr int64_t kListOrMapElementOverheadBytes = 1;

// --- Requests ---------------------------------------------------------------
// A Query/Scan page, counted before the filter.
inline constexpr int64_t kMaxPageBytes = 1024 * 1024;
inline constexpr int kMaxBatchGetKeys = 100;
inline constexpr int64_t kMaxBatchGetResponseBytes = 16 * 1024 * 1024;
inline constexpr int kMaxBatchWriteRequests = 25;
inline constexpr int64_t kMaxBatchWriteRequestBytes = 16 * 1024 * 1024;
inline constexpr int kMaxTransactItems = 100;
inline constexpr int64_t kMaxTransactRequestBytes = 4 * 1024 * 1024;
inline constexpr int64_t kIdempotencyWindowMicros = 10LL * 60 * 1'000'000;
inline constexpr int kMaxClientRequestTokenLength = 36;
inline constexpr int kMinTableNameLength = 3;
inline constexpr int kMaxTableNameLength = 255;
// A data-plane TableName may be the table's ARN: at most 1024 characters.
inline constexpr int kMaxTableArnLength = 1024;
inline constexpr int kMaxTotalSegments = 1'000'000;

// --- Expressions ----------------------------------------------------------
inline constexpr int64_t kMaxExpressionBytes = 4096;
inline constexpr int kMaxExpressionOperators = 300;
inline constexpr int kMaxInOperands = 100;
inline constexpr int64_t kMaxPlaceholderBytes = 255;
inline constexpr int64_t kMaxExpressionAttributeBytes = 2 * 1024 * 1024;

// --- Indexes --------------------------------------------------------------
inline constexpr int kMaxGlobalSecondaryIndexes = 20;
inline constexpr int kMaxLocalSecondaryIndexes = 5;
inline constexpr int kMaxProjectedNonKeyAttributes = 100;
// Tables per account and region (DynamoDB's default quota).
inline constexpr int kMaxTablesPerRegion = 2500;
// Table operations in progress at once per account and region (CreateTable,
// UpdateTable, DeleteTable, UpdateTimeToLive, RestoreTableFromBackup,
// RestoreTableToPointInTime), and among them creations of tables with
// secondary indexes (LimitExceededException's documentation).
inline constexpr int kMaxConcurrentTableOperations = 500;
inline constexpr int kMaxConcurrentIndexedTableCreations = 250;
// A GSI key: up to four partition-key and four sort-key attributes.
inline constexpr int kMaxIndexKeyAttributes = 4;
inline constexpr int64_t kMaxItemCollectionBytes = 10LL * 1024 * 1024 * 1024;

// --- Capacity (throughput-model.md §1, §3) --------------------------------
inline constexpr int64_t kReadUnitBytes = 4 * 1024;
inline constexpr int64_t kWriteUnitBytes = 1024;
inline constexpr int64_t kPartitionReadUnitsPerSecond = 3000;
inline constexpr int64_t kPartitionWriteUnitsPerSecond = 1000;
inline constexpr int64_t kPartitionSizeBytes = 10LL * 1024 * 1024 * 1024;
inline constexpr int64_t kStorageOverheadPerItemBytes = 100;

}  // namespace eddy::limits

#endif  // EDDY_EMULATOR_TYPES_LIMITS_H_
