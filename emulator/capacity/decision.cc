// Copyright 2026 The eddy Authors.
//
// What a throttle looks like to the caller (see simulator.h): the
// ThrottlingReasons names, and the Status or cancellation reason of an
// AdmitDecision / BatchDecision with DynamoDB's messages.

#include <string>
#include <string_view>
#include <vector>

#include "emulator/capacity/simulator.h"

namespace eddy::capacity {

const std::string& ThrottlingReasonName(ResourceKind kind, bool write,
                                        LimitType limit) {
  static const std::vector<std::string>* const kNames = [] {
    static constexpr std::string_view kLimits[kLimitTypeCount] = {
        "KeyRangeThroughputExceeded", "ProvisionedThroughputExceeded",
        "AccountLimitExceeded", "MaxOnDemandThroughputExceeded"};
    auto* names = new std::vector<std::string>();
    for (const char* resource : {"Table", "Index"}) {
      for (const char* op : {"Read", "Write"}) {
        for (std::string_view l : kLimits)
          names->push_back(std::string(resource) + op + std::string(l));
      }
    }
    return names;
  }();
  return (*kNames)[(kind == ResourceKind::kIndex ? 8 : 0) + (write ? 4 : 0) +
                   static_cast<int>(limit)];
}

namespace {

// DynamoDB's messages. Source: the Amazon DynamoDB API Reference, the
// cancellation-reason codes and messages listed for TransactWriteItems /
// TransactGetItems (TransactionCanceledException), and the description of
// RequestLimitExceeded. The same texts are what the data-plane exceptions
// carry.
constexpr std::string_view kProvisionedTableMessage =
    "The level of configured provisioned throughput for the table was "
    "exceeded. Consider increasing your provisioning level with the "
    "UpdateTable API.";
constexpr std::string_view kProvisionedIndexMessage =
    "The level of configured provisioned throughput for one or more global "
    "secondary indexes of the table was exceeded. Consider increasing your "
    "provisioning level for the under-provisioned global secondary indexes "
    "with the UpdateTable API.";
constexpr std::string_view kOnDemandTableMessage =
    "Throughput exceeds the current capacity of your table or index. DynamoDB "
    "is automatically scaling your table or index so please try again "
    "shortly. If exceptions persist, check if you have a hot key: "
    "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/"
    "bp-partition-key-design.html.";
constexpr std::string_view kOnDemandIndexMessage =
    "Throughput exceeds the current capacity for one or more global "
    "secondary indexes. DynamoDB is automatically scaling your index so "
    "please try again shortly.";
// [I] The API reference describes RequestLimitExceeded as "Throughput exceeds
// the current throughput quota for your account. Please contact AWS Support
// to request a quota increase."; the exact wire text was not found.
constexpr std::string_view kRequestLimitMessage =
    "Throughput exceeds the current throughput quota for your account. Please "
    "contact AWS Support to request a quota increase.";

std::string_view MessageFor(ErrorCode code, ResourceKind kind) {
  const bool index = kind == ResourceKind::kIndex;
  switch (code) {
    case ErrorCode::kProvisionedThroughputExceeded:
      return index ? kProvisionedIndexMessage : kProvisionedTableMessage;
    case ErrorCode::kThrottling:
      return index ? kOnDemandIndexMessage : kOnDemandTableMessage;
    default:
      return kRequestLimitMessage;
  }
}
}  // namespace

std::vector<ThrottlingReason> AdmitDecision::reasons() const {
  std::vector<ThrottlingReason> out;
  out.reserve(compact_reasons.size());
  for (const Reason& r : compact_reasons) {
    out.push_back(
        ThrottlingReason{ThrottlingReasonName(r.kind, r.write, r.limit),
                         r.arn != nullptr ? *r.arn : std::string()});
  }
  return out;
}

Status AdmitDecision::ToStatus() const {
  if (admitted()) return Status::OK();
  return Status(error, std::string(MessageFor(error, first_kind)))
      .WithThrottlingReasons(reasons());
}

CancellationReason AdmitDecision::ToCancellationReason() const {
  CancellationReason reason;
  reason.code = error == ErrorCode::kProvisionedThroughputExceeded
                    ? "ProvisionedThroughputExceeded"
                    : "ThrottlingError";
  reason.message = std::string(MessageFor(error, first_kind));
  return reason;
}

Status BatchDecision::ToStatus() const {
  if (!all_throttled()) return Status::OK();
  return parts.front().ToStatus();
}

}  // namespace eddy::capacity
