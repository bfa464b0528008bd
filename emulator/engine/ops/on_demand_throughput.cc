// Copyright 2026 The eddy Authors.
//
// The messages, and how sure we are of each. "Confirmed" means the wording
// was captured from DynamoDB (UpdateTable / CreateTable against the service,
// 2026); the rest are built by analogy and may differ from DynamoDB's:
//
//   table, CreateTable, PROVISIONED (confirmed):
//     One or more parameter values were invalid: MaxReadRequestUnits for
//     OnDemandThroughput cannot be specified when table BillingMode is
//     PROVISIONED.
//   table, UpdateTable, PROVISIONED (confirmed; no final full stop):
//     ... cannot be specified when the table BillingMode is PROVISIONED
//   table, out of range (confirmed, CreateTable and UpdateTable):
//     One or more parameter values were invalid: Requested MaxReadRequestUnits
//     for OnDemandThroughput for table is outside of valid range
//   index, CreateTable, PROVISIONED (confirmed up to "cannot be specified";
//     the rest follows the table's CreateTable wording):
//     ... MaxReadRequestUnits for OnDemandThroughput for index: g-a cannot be
//     specified when table BillingMode is PROVISIONED.
//   index, UpdateTable (Create or Update action), PROVISIONED (UNCONFIRMED:
//     the table's UpdateTable wording with the index named as above).
//   index, out of range (confirmed at CreateTable, with DynamoDB's space
//     before the colon; the "One or more parameter values were invalid: "
//     prefix and the same wording on UpdateTable are assumed):
//     ... Requested MaxReadRequestUnits for OnDemandThroughput for index : g-a
//     is outside of valid range

#include "emulator/engine/ops/on_demand_throughput.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace eddy::engine {
namespace {

constexpr char kInvalid[] = "One or more parameter values were invalid: ";

// The first member present (read first), with its value.
std::optional<std::pair<const char*, int64_t>> FirstMember(
    const OnDemandThroughput& t) {
  if (t.max_read_request_units) {
    return std::make_pair("MaxReadRequestUnits", *t.max_read_request_units);
  }
  if (t.max_write_request_units) {
    return std::make_pair("MaxWriteRequestUnits", *t.max_write_request_units);
  }
  return std::nullopt;
}

bool InRange(std::optional<int64_t> v, bool allow_remove) {
  return !v || *v >= 1 || (allow_remove && *v == -1);
}

}  // namespace

Status CheckOnDemandThroughput(const OnDemandThroughput& requested,
                               const OnDemandLimitCheck& check) {
  const auto first = FirstMember(requested);
  if (!first) return Status::OK();
  const bool index = !check.index_name.empty();
  const bool create = check.operation == OnDemandOperation::kCreateTable;
  if (check.table_provisioned) {
    std::string m =
        std::string(kInvalid) + first->first + " for OnDemandThroughput ";
    if (index) m += "for index: " + std::string(check.index_name) + " ";
    m += create ? "cannot be specified when table BillingMode is PROVISIONED."
                : "cannot be specified when the table BillingMode is "
                  "PROVISIONED";
    return Status::Validation(std::move(m));
  }
  // -1 removes a limit, which only an update can do.
  const bool allow_remove = check.operation == OnDemandOperation::kUpdate;
  const char* bad = nullptr;
  if (!InRange(requested.max_read_request_units, allow_remove)) {
    bad = "MaxReadRequestUnits";
  } else if (!InRange(requested.max_write_request_units, allow_remove)) {
    bad = "MaxWriteRequestUnits";
  }
  if (bad == nullptr) return Status::OK();
  return Status::Validation(
      std::string(kInvalid) + "Requested " + bad + " for OnDemandThroughput " +
      (index ? "for index : " + std::string(check.index_name) : "for table") +
      " is outside of valid range");
}

void MergeOnDemandThroughput(const OnDemandThroughput& requested,
                             OnDemandThroughput& kept) {
  auto merge = [](std::optional<int64_t> r, std::optional<int64_t>& k) {
    if (!r) return;
    if (*r == -1) {
      k.reset();
    } else {
      k = *r;
    }
  };
  merge(requested.max_read_request_units, kept.max_read_request_units);
  merge(requested.max_write_request_units, kept.max_write_request_units);
}

}  // namespace eddy::engine
