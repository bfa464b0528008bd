// Copyright 2026 The eddy Authors.

#include "emulator/api/faults.h"

#include <algorithm>

namespace eddy {

Status FaultStatus(const Fault& fault) {
  switch (fault.kind) {
    case Fault::Kind::kProvisionedThroughputExceeded:
      return Status(ErrorCode::kProvisionedThroughputExceeded,
                    "The level of configured provisioned throughput for the "
                    "table was exceeded. Consider increasing your "
                    "provisioning level with the UpdateTable API.")
          .WithThrottlingReasons(fault.throttling_reasons);
    case Fault::Kind::kThrottling:
      return Status(ErrorCode::kThrottling,
                    "Throughput exceeds the current capacity of your table or "
                    "index. DynamoDB is automatically scaling your table or "
                    "index so please try again shortly. If exceptions "
                    "persist, check if you have a hot key: "
                    "https://docs.aws.amazon.com/amazondynamodb/latest/"
                    "developerguide/bp-partition-key-design.html")
          .WithThrottlingReasons(fault.throttling_reasons);
    case Fault::Kind::kRequestLimitExceeded:
      return Status(ErrorCode::kRequestLimitExceeded,
                    "Throughput exceeds the current throughput limit for your "
                    "account. Please contact AWS Support at "
                    "https://aws.amazon.com/support request a limit increase")
          .WithThrottlingReasons(fault.throttling_reasons);
    case Fault::Kind::kInternalServerError:
      return Status(ErrorCode::kInternalServerError, "Internal server error");
    case Fault::Kind::kTransactionConflict:
      return Status(ErrorCode::kTransactionConflict,
                    "Transaction is ongoing for the item");
    case Fault::Kind::kUnprocessed:
      break;
  }
  return Status::Internal("an unprocessed-part fault has no error");
}

namespace {

bool KeyMatches(const Item& want, const Item* key) {
  if (key == nullptr) return false;
  for (const auto& e : want) {
    const AttributeValue* v = key->Find(e.name);
    if (v == nullptr || !(*v == e.value)) return false;
  }
  return true;
}

}  // namespace

const std::vector<std::string>& FaultOperations() {
  static const std::vector<std::string> kOperations = {
      "BatchExecuteStatement",
      "BatchGetItem",
      "BatchWriteItem",
      "CreateTable",
      "DeleteItem",
      "DeleteTable",
      "DescribeStream",
      "DescribeTable",
      "DescribeTimeToLive",
      "ExecuteStatement",
      "ExecuteTransaction",
      "GetItem",
      "GetRecords",
      "GetShardIterator",
      "ListStreams",
      "ListTables",
      "ListTagsOfResource",
      "PutItem",
      "Query",
      "Scan",
      "TagResource",
      "TransactGetItems",
      "TransactWriteItems",
      "UntagResource",
      "UpdateItem",
      "UpdateTable",
      "UpdateTimeToLive",
  };
  return kOperations;
}

Status ValidateFault(const Fault& fault) {
  if (fault.count < 1) {
    return Status::Validation(
        "a fault's count must be from 1 to 2147483647, "
        "not " +
        std::to_string(fault.count));
  }
  if (!fault.operation.empty()) {
    const std::vector<std::string>& ops = FaultOperations();
    if (std::find(ops.begin(), ops.end(), fault.operation) == ops.end()) {
      std::string list;
      for (const std::string& op : ops) list += (list.empty() ? "" : ", ") + op;
      return Status::Validation(
          "a fault's operation must be empty (any) or "
          "one of " +
          list + "; \"" + fault.operation + "\" is none of them");
    }
  }
  if (fault.key) {
    for (const auto& e : *fault.key) {
      switch (e.value.type()) {
        case AttributeType::kL:
        case AttributeType::kM:
        case AttributeType::kSS:
        case AttributeType::kNS:
        case AttributeType::kBS:
          return Status::Validation(
              "a fault's Key matches key attributes, which are never a list, "
              "map or set; \"" +
              e.name + "\" has type " +
              std::string(AttributeTypeName(e.value.type())));
        default:
          break;
      }
    }
  }
  if (fault.kind == Fault::Kind::kUnprocessed && !fault.operation.empty() &&
      fault.operation != "BatchGetItem" &&
      fault.operation != "BatchWriteItem") {
    return Status::Validation(
        "an Unprocessed fault fires only in BatchGetItem and BatchWriteItem, "
        "not in " +
        fault.operation);
  }
  return Status::OK();
}

Status FaultInjector::Arm(Fault fault) {
  EDDY_RETURN_IF_ERROR(ValidateFault(fault));
  std::lock_guard lock(mu_);
  if (faults_.size() >= static_cast<size_t>(kMaxArmedFaults)) {
    return Status(ErrorCode::kLimitExceeded,
                  "Too many armed faults: at most " +
                      std::to_string(kMaxArmedFaults) +
                      " are armed at once; clear them (EddyClearFaults) or "
                      "let them fire first");
  }
  faults_.push_back(std::move(fault));
  armed_.store(static_cast<int>(faults_.size()), std::memory_order_release);
  return Status::OK();
}

void FaultInjector::Add(Fault fault) {
  Status refused = Arm(std::move(fault));
  (void)refused;  // documented: a refused fault is dropped
}

void FaultInjector::Clear() {
  std::lock_guard lock(mu_);
  faults_.clear();
  armed_.store(0, std::memory_order_release);
}

std::vector<Fault> FaultInjector::Pending() const {
  std::lock_guard lock(mu_);
  return faults_;
}

int FaultInjector::Find(std::string_view operation, std::string_view table,
                        const Item* key,
                        std::initializer_list<Fault::Kind> kinds) const {
  for (size_t i = 0; i < faults_.size(); ++i) {
    const Fault& f = faults_[i];
    if (std::find(kinds.begin(), kinds.end(), f.kind) == kinds.end()) continue;
    if (!f.operation.empty() && f.operation != operation) continue;
    if (!f.table_name.empty() && f.table_name != table) continue;
    if (f.key && !KeyMatches(*f.key, key)) continue;
    return static_cast<int>(i);
  }
  return -1;
}

void FaultInjector::Charge(int i) {
  if (--faults_[i].count <= 0) faults_.erase(faults_.begin() + i);
  armed_.store(static_cast<int>(faults_.size()), std::memory_order_release);
}

std::optional<Fault> FaultInjector::Take(
    std::string_view operation, std::string_view table, const Item* key,
    std::initializer_list<Fault::Kind> kinds) {
  if (empty()) return std::nullopt;
  std::lock_guard lock(mu_);
  const int i = Find(operation, table, key, kinds);
  if (i < 0) return std::nullopt;
  Fault f = faults_[i];
  Charge(i);
  return f;
}

std::vector<std::optional<Fault>> FaultInjector::TakeForParts(
    std::string_view operation, const std::vector<Part>& parts,
    std::initializer_list<Fault::Kind> kinds) {
  std::vector<std::optional<Fault>> out(parts.size());
  if (empty()) return out;
  std::lock_guard lock(mu_);
  std::vector<int> matched;  // indexes into faults_, charged once each
  for (size_t p = 0; p < parts.size(); ++p) {
    const int i = Find(operation, parts[p].table, parts[p].key, kinds);
    if (i < 0) continue;
    out[p] = faults_[i];
    if (std::find(matched.begin(), matched.end(), i) == matched.end()) {
      matched.push_back(i);
    }
  }
  // Charge from the highest index down, so erasing keeps the others valid.
  std::sort(matched.rbegin(), matched.rend());
  for (int i : matched) Charge(i);
  return out;
}

}  // namespace eddy
