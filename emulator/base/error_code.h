// Copyright 2026 The eddy Authors.
//
// ErrorCode: the DynamoDB error types eddy can return, one enumerator per wire
// `__type`. Each code knows its wire namespace, its short name, the HTTP status
// DynamoDB sends with it, and whether the body spells the message "message" or
// "Message" (DynamoDB uses the capital form for SerializationException and
// TransactionCanceledException).
//
//   ErrorCode code = ErrorCode::kConditionalCheckFailed;
//   ErrorCodeName(code);        // "ConditionalCheckFailedException"
//   ErrorCodeWireType(code);
//   //   "com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException"
//   ErrorCodeHttpStatus(code);  // 400
//
// Thread safety: all functions are pure.

#ifndef EDDY_EMULATOR_BASE_ERROR_CODE_H_
#define EDDY_EMULATOR_BASE_ERROR_CODE_H_

#include <optional>
#include <string_view>

namespace eddy {

enum class ErrorCode : int {
  kOk = 0,
  // com.amazon.coral.validate#
  kValidation,
  // com.amazon.coral.service#
  kSerialization,
  kUnknownOperation,
  kMissingAuthenticationToken,
  kIncompleteSignature,
  kInvalidSignature,
  kUnrecognizedClient,
  kAccessDenied,
  kRequestEntityTooLarge,  // eddy-server only: body over the size limit (413).
  // com.amazonaws.dynamodb.v20120810# (see error_code.cc)
  kThrottling,
  // com.amazon.coral.availability#
  kServiceUnavailable,
  // com.amazonaws.dynamodb.v20120810#
  kResourceNotFound,
  kResourceInUse,
  kConditionalCheckFailed,
  kTransactionCanceled,
  kTransactionConflict,
  kTransactionInProgress,
  kProvisionedThroughputExceeded,
  kRequestLimitExceeded,
  kIdempotentParameterMismatch,
  kItemCollectionSizeLimitExceeded,
  kLimitExceeded,
  // DynamoDB Streams (the same namespace as DynamoDB's own errors; the
  // namespace of the Streams service's __type is unconfirmed).
  kExpiredIterator,
  kTrimmedDataAccess,
  // PartiQL: an INSERT of a key that exists.
  kDuplicateItem,
  // Continuous backups, export and import.
  kTableNotFound,
  kPointInTimeRecoveryUnavailable,
  kInvalidExportTime,
  kExportNotFound,
  kExportConflict,
  kImportNotFound,
  kImportConflict,
  // Backups and restores.
  kBackupNotFound,
  kBackupInUse,
  kTableAlreadyExists,
  kTableInUse,
  kContinuousBackupsUnavailable,
  kInvalidRestoreTime,
  kInternalServerError,
};

// The exception name as clients see it after the '#': "ValidationException".
std::string_view ErrorCodeName(ErrorCode code);

// The full `__type` string: "com.amazon.coral.validate#ValidationException".
std::string_view ErrorCodeWireType(ErrorCode code);

// HTTP status DynamoDB answers with: 400 for client errors, 500, 503, 413.
int ErrorCodeHttpStatus(ErrorCode code);

// True when DynamoDB's JSON error body names the message "Message".
bool ErrorCodeUsesCapitalMessageKey(ErrorCode code);

// Inverse of ErrorCodeName / ErrorCodeWireType; accepts either form.
std::optional<ErrorCode> ErrorCodeFromName(std::string_view name_or_type);

}  // namespace eddy

#endif  // EDDY_EMULATOR_BASE_ERROR_CODE_H_
