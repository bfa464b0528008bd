// Copyright 2026 The eddy Authors.

#include "emulator/base/error_code.h"

#include <array>

namespace eddy {
namespace {

struct ErrorInfo {
  ErrorCode code;
  std::string_view wire_type;  // namespace#Name
  int http_status;
  bool capital_message_key;
};

// One row per ErrorCode, in enum order (checked by a static_assert below).
constexpr std::array kErrors = {
    ErrorInfo{ErrorCode::kOk, "", 200, false},
    ErrorInfo{ErrorCode::kValidation,
              "com.amazon.coral.validate#ValidationException", 400, false},
    ErrorInfo{ErrorCode::kSerialization,
              "com.amazon.coral.service#SerializationException", 400, true},
    ErrorInfo{ErrorCode::kUnknownOperation,
              "com.amazon.coral.service#UnknownOperationException", 400, false},
    ErrorInfo{ErrorCode::kMissingAuthenticationToken,
              "com.amazon.coral.service#MissingAuthenticationTokenException",
              400, false},
    ErrorInfo{ErrorCode::kIncompleteSignature,
              "com.amazon.coral.service#IncompleteSignatureException", 400,
              false},
    ErrorInfo{ErrorCode::kInvalidSignature,
              "com.amazon.coral.service#InvalidSignatureException", 400, false},
    ErrorInfo{ErrorCode::kUnrecognizedClient,
              "com.amazon.coral.service#UnrecognizedClientException", 400,
              false},
    ErrorInfo{ErrorCode::kAccessDenied,
              "com.amazon.coral.service#AccessDeniedException", 400, false},
    ErrorInfo{ErrorCode::kRequestEntityTooLarge,
              "com.amazon.coral.service#RequestEntityTooLargeException", 413,
              false},
    // DynamoDB's data-plane ThrottlingException (on-demand tables, with
    // ThrottlingReasons) is a modeled error of the DynamoDB service itself:
    // the DynamoDB API Reference and the SDK models list it among
    // DynamoDB's exceptions (e.g. boto3's
    // DynamoDB.Client.exceptions.ThrottlingException, Ruby's
    // Aws::DynamoDB::Types::ThrottlingException with throttling_reasons),
    // so its __type carries the service namespace, like
    // ProvisionedThroughputExceededException. The older
    // "com.amazon.coral.availability#ThrottlingException" ("Rate exceeded")
    // is what control-plane request-rate throttling returns, which eddy
    // never sends.
    ErrorInfo{ErrorCode::kThrottling,
              "com.amazonaws.dynamodb.v20120810#ThrottlingException", 400,
              false},
    ErrorInfo{ErrorCode::kServiceUnavailable,
              "com.amazon.coral.availability#ServiceUnavailableException", 503,
              false},
    ErrorInfo{ErrorCode::kResourceNotFound,
              "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException", 400,
              false},
    ErrorInfo{ErrorCode::kResourceInUse,
              "com.amazonaws.dynamodb.v20120810#ResourceInUseException", 400,
              false},
    ErrorInfo{
        ErrorCode::kConditionalCheckFailed,
        "com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException", 400,
        false},
    ErrorInfo{ErrorCode::kTransactionCanceled,
              "com.amazonaws.dynamodb.v20120810#TransactionCanceledException",
              400, true},
    ErrorInfo{ErrorCode::kTransactionConflict,
              "com.amazonaws.dynamodb.v20120810#TransactionConflictException",
              400, false},
    ErrorInfo{ErrorCode::kTransactionInProgress,
              "com.amazonaws.dynamodb.v20120810#TransactionInProgressException",
              400, false},
    ErrorInfo{ErrorCode::kProvisionedThroughputExceeded,
              "com.amazonaws.dynamodb.v20120810#"
              "ProvisionedThroughputExceededException",
              400, false},
    ErrorInfo{ErrorCode::kRequestLimitExceeded,
              "com.amazonaws.dynamodb.v20120810#RequestLimitExceeded", 400,
              false},
    ErrorInfo{ErrorCode::kIdempotentParameterMismatch,
              "com.amazonaws.dynamodb.v20120810#"
              "IdempotentParameterMismatchException",
              400, false},
    ErrorInfo{ErrorCode::kItemCollectionSizeLimitExceeded,
              "com.amazonaws.dynamodb.v20120810#"
              "ItemCollectionSizeLimitExceededException",
              400, false},
    ErrorInfo{ErrorCode::kLimitExceeded,
              "com.amazonaws.dynamodb.v20120810#LimitExceededException", 400,
              false},
    ErrorInfo{ErrorCode::kExpiredIterator,
              "com.amazonaws.dynamodb.v20120810#ExpiredIteratorException", 400,
              false},
    ErrorInfo{ErrorCode::kTrimmedDataAccess,
              "com.amazonaws.dynamodb.v20120810#TrimmedDataAccessException",
              400, false},
    ErrorInfo{ErrorCode::kDuplicateItem,
              "com.amazonaws.dynamodb.v20120810#DuplicateItemException", 400,
              false},
    ErrorInfo{ErrorCode::kTableNotFound,
              "com.amazonaws.dynamodb.v20120810#TableNotFoundException", 400,
              false},
    ErrorInfo{ErrorCode::kPointInTimeRecoveryUnavailable,
              "com.amazonaws.dynamodb.v20120810#"
              "PointInTimeRecoveryUnavailableException",
              400, false},
    ErrorInfo{ErrorCode::kInvalidExportTime,
              "com.amazonaws.dynamodb.v20120810#InvalidExportTimeException",
              400, false},
    ErrorInfo{ErrorCode::kExportNotFound,
              "com.amazonaws.dynamodb.v20120810#ExportNotFoundException", 400,
              false},
    ErrorInfo{ErrorCode::kExportConflict,
              "com.amazonaws.dynamodb.v20120810#ExportConflictException", 400,
              false},
    ErrorInfo{ErrorCode::kImportNotFound,
              "com.amazonaws.dynamodb.v20120810#ImportNotFoundException", 400,
              false},
    ErrorInfo{ErrorCode::kImportConflict,
              "com.amazonaws.dynamodb.v20120810#ImportConflictException", 400,
              false},
    ErrorInfo{ErrorCode::kBackupNotFound,
              "com.amazonaws.dynamodb.v20120810#BackupNotFoundException", 400,
              false},
    ErrorInfo{ErrorCode::kBackupInUse,
              "com.amazonaws.dynamodb.v20120810#BackupInUseException", 400,
              false},
    ErrorInfo{ErrorCode::kTableAlreadyExists,
              "com.amazonaws.dynamodb.v20120810#TableAlreadyExistsException",
              400, false},
    ErrorInfo{ErrorCode::kTableInUse,
              "com.amazonaws.dynamodb.v20120810#TableInUseException", 400,
              false},
    ErrorInfo{ErrorCode::kContinuousBackupsUnavailable,
              "com.amazonaws.dynamodb.v20120810#"
              "ContinuousBackupsUnavailableException",
              400, false},
    ErrorInfo{ErrorCode::kInvalidRestoreTime,
              "com.amazonaws.dynamodb.v20120810#InvalidRestoreTimeException",
              400, false},
    ErrorInfo{ErrorCode::kInternalServerError,
              "com.amazonaws.dynamodb.v20120810#InternalServerError", 500,
              false},
};

constexpr bool RowsAreInEnumOrder() {
  for (size_t i = 0; i < kErrors.size(); ++i) {
    if (static_cast<size_t>(kErrors[i].code) != i) return false;
  }
  return true;
}
static_assert(RowsAreInEnumOrder(), "kErrors must list ErrorCode in order");
static_assert(kErrors.size() ==
              static_cast<size_t>(ErrorCode::kInternalServerError) + 1);

const ErrorInfo& Info(ErrorCode code) {
  auto i = static_cast<size_t>(code);
  return i < kErrors.size()
             ? kErrors[i]
             : kErrors[static_cast<size_t>(ErrorCode::kInternalServerError)];
}

}  // namespace

std::string_view ErrorCodeName(ErrorCode code) {
  if (code == ErrorCode::kOk) return "OK";
  std::string_view t = Info(code).wire_type;
  return t.substr(t.find('#') + 1);
}

std::string_view ErrorCodeWireType(ErrorCode code) {
  return Info(code).wire_type;
}

int ErrorCodeHttpStatus(ErrorCode code) { return Info(code).http_status; }

bool ErrorCodeUsesCapitalMessageKey(ErrorCode code) {
  return Info(code).capital_message_key;
}

std::optional<ErrorCode> ErrorCodeFromName(std::string_view name_or_type) {
  std::string_view name = name_or_type.substr(name_or_type.find('#') + 1);
  for (const ErrorInfo& e : kErrors) {
    if (e.code != ErrorCode::kOk && ErrorCodeName(e.code) == name) {
      return e.code;
    }
  }
  return std::nullopt;
}

}  // namespace eddy
