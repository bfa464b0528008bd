// Copyright 2026 The eddy Authors.
//
// Time to live, tags, and eddy's own operations (not DynamoDB's): fault
// injection (EddyInjectFault, EddyClearFaults: any client of the JSON API or
// of eddy-server arms the faults of emulator/api/faults.h) and
// EddyAdvanceClock (moves a Database's ManualClock, so that TTL expiry, GSI
// lag and throttling can be driven from SDK tests without sleeping).

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <limits>

#include "emulator/base/clock.h"
#include "emulator/wire/ops/ops.h"

namespace eddy::wire::internal {

std::vector<Tag> ReadTags(ObjectReader& r) {
  std::vector<Tag> out;
  const JsonValue* list = r.List("Tags");
  if (list == nullptr) return out;
  ListCursor elements(*list);
  JsonValue element;
  while (elements.Next(&element)) {
    ObjectReader e = r.ListElement("Tags", element, elements.index(), "Tag");
    Tag t;
    t.key = e.String("Key", /*required=*/true).value_or("");
    t.value = e.String("Value", /*required=*/true).value_or("");
    out.push_back(std::move(t));
  }
  return out;
}

StatusOr<std::string> UpdateTimeToLiveOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  UpdateTimeToLiveRequest req;
  req.table_name = r.TableName();
  if (const JsonValue* j =
          r.Structure("TimeToLiveSpecification", "TimeToLiveSpecification",
                      /*required=*/true)) {
    ObjectReader s(j, r.PathOf("TimeToLiveSpecification"), &errors);
    req.time_to_live_specification.enabled =
        s.Required("Enabled") && s.Bool("Enabled").value_or(false);
    req.time_to_live_specification.attribute_name =
        s.String("AttributeName", /*required=*/true).value_or("");
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(UpdateTimeToLiveResponse resp,
                        db.UpdateTimeToLive(req));
  JsonWriter w;
  w.BeginObject();
  w.Key("TimeToLiveSpecification");
  w.BeginObject();
  w.Key("AttributeName");
  w.String(resp.time_to_live_specification.attribute_name);
  w.Key("Enabled");
  w.Bool(resp.time_to_live_specification.enabled);
  w.EndObject();
  w.EndObject();
  return std::move(w).Take();
}

StatusOr<std::string> DescribeTimeToLiveOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  DescribeTimeToLiveRequest req;
  req.table_name = r.TableName();
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(DescribeTimeToLiveResponse resp,
                        db.DescribeTimeToLive(req));
  const TimeToLiveDescription& d = resp.time_to_live_description;
  JsonWriter w;
  w.BeginObject();
  w.Key("TimeToLiveDescription");
  w.BeginObject();
  w.Key("TimeToLiveStatus");
  switch (d.time_to_live_status) {
    case TimeToLiveStatus::kEnabling:
      w.String("ENABLING");
      break;
    case TimeToLiveStatus::kDisabling:
      w.String("DISABLING");
      break;
    case TimeToLiveStatus::kEnabled:
      w.String("ENABLED");
      break;
    case TimeToLiveStatus::kDisabled:
      w.String("DISABLED");
      break;
  }
  if (d.attribute_name) {
    w.Key("AttributeName");
    w.String(*d.attribute_name);
  }
  w.EndObject();
  w.EndObject();
  return std::move(w).Take();
}

StatusOr<std::string> TagResourceOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  TagResourceRequest req;
  req.resource_arn = r.String("ResourceArn", /*required=*/true).value_or("");
  r.Required("Tags");
  req.tags = ReadTags(r);
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_RETURN_IF_ERROR(db.TagResource(req).status());
  return std::string("{}");
}

StatusOr<std::string> UntagResourceOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  UntagResourceRequest req;
  req.resource_arn = r.String("ResourceArn", /*required=*/true).value_or("");
  r.Required("TagKeys");
  req.tag_keys = r.Strings("TagKeys").value_or(std::vector<std::string>());
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_RETURN_IF_ERROR(db.UntagResource(req).status());
  return std::string("{}");
}

StatusOr<std::string> ListTagsOfResourceOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  ListTagsOfResourceRequest req;
  req.resource_arn = r.String("ResourceArn", /*required=*/true).value_or("");
  req.next_token = r.String("NextToken");
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(ListTagsOfResourceResponse resp,
                        db.ListTagsOfResource(req));
  JsonWriter w;
  w.BeginObject();
  if (resp.next_token) {
    w.Key("NextToken");
    w.String(*resp.next_token);
  }
  w.Key("Tags");
  w.BeginArray();
  for (const Tag& t : resp.tags) {
    w.BeginObject();
    w.Key("Key");
    w.String(t.key);
    w.Key("Value");
    w.String(t.value);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  return std::move(w).Take();
}

// --- eddy's own operations -------------------------------------------------
//
// Unlike DynamoDB's operations, which ignore unknown members, these refuse
// them: a misspelt "Opration" would otherwise arm a fault for every
// operation, which is worse than an error.

namespace {

std::string JoinMembers(std::initializer_list<std::string_view> names) {
  std::string out;
  size_t i = 0;
  for (std::string_view n : names) {
    if (i > 0) out += i + 1 == names.size() ? " and " : ", ";
    out += n;
    ++i;
  }
  return out;
}

bool IsTableName(std::string_view s) {
  if (s.size() < 3 || s.size() > 255) return false;
  for (char c : s) {
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
          (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.')) {
      return false;
    }
  }
  return true;
}

// "2023-11-14T22:13:20.000000Z".
std::string IsoMicros(int64_t micros) {
  const int64_t seconds =
      micros >= 0 ? micros / 1'000'000 : (micros - 999'999) / 1'000'000;
  const int64_t fraction = micros - seconds * 1'000'000;
  const std::time_t t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[64];
  const size_t n = std::strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%S", &tm);
  std::snprintf(buf + n, sizeof(buf) - n, ".%06lldZ",
                static_cast<long long>(fraction));
  return buf;
}

}  // namespace

std::optional<int64_t> WholeNumber(const JsonValue& v, int64_t max) {
  if (v.type != JsonType::kInteger) return std::nullopt;
  int64_t n = 0;
  const char* end = v.text.data() + v.text.size();
  const auto [ptr, ec] = std::from_chars(v.text.data(), end, n);
  if (ec != std::errc() || ptr != end || n < 0 || n > max) return std::nullopt;
  return n;
}

Status CheckMembers(const JsonValue& object, std::string_view operation,
                    std::string_view where,
                    std::initializer_list<std::string_view> allowed) {
  if (object.type != JsonType::kObject) return Status::OK();  // reported
  JsonReader in(object.text);
  in.Peek();
  in.EnterObject();
  std::string_view key;
  while (in.NextMember(&key)) {
    const std::string name(key);
    bool known = false;
    for (std::string_view a : allowed) known = known || a == name;
    if (!known) {
      if (allowed.size() == 0) {
        return Status::Validation(std::string(operation) +
                                  " takes no members; remove \"" + name + "\"");
      }
      return Status::Validation(
          std::string(operation) + ": unknown member \"" + name + "\"" +
          (where.empty() ? std::string() : " in " + std::string(where)) +
          "; the members are " + JoinMembers(allowed));
    }
    in.Skip();
  }
  return Status::OK();
}

// {"Kind": "ProvisionedThroughputExceeded" | "Throttling" |
//  "RequestLimitExceeded" | "InternalServerError" | "TransactionConflict" |
//  "Unprocessed", "Operation"?, "TableName"?, "Key"?, "Count"?,
//  "ThrottlingReasons"?: [{"reason", "resource"}]}
StatusOr<std::string> EddyInjectFaultOp(Database& db, ObjectReader& r) {
  constexpr std::string_view kOp = "EddyInjectFault";
  EDDY_RETURN_IF_ERROR(CheckMembers(
      r.object(), kOp, "",
      {"Kind", "Operation", "TableName", "Key", "Count", "ThrottlingReasons"}));
  RequestErrors& errors = *r.errors();
  Fault f;
  f.kind = r.Enum<Fault::Kind>(
                "Kind",
                {{"ProvisionedThroughputExceeded",
                  Fault::Kind::kProvisionedThroughputExceeded},
                 {"Throttling", Fault::Kind::kThrottling},
                 {"RequestLimitExceeded", Fault::Kind::kRequestLimitExceeded},
                 {"InternalServerError", Fault::Kind::kInternalServerError},
                 {"TransactionConflict", Fault::Kind::kTransactionConflict},
                 {"Unprocessed", Fault::Kind::kUnprocessed}},
                /*required=*/true)
               .value_or(Fault::Kind::kInternalServerError);
  f.operation = r.String("Operation").value_or("");
  f.table_name = r.String("TableName").value_or("");
  f.key = r.Item("Key");  // kept whole (ValidateFault checks its types)
  r.Long("Count");  // records a Count of the wrong JSON type; checked below
  if (const JsonValue* list = r.List("ThrottlingReasons")) {
    ListCursor elements(*list);
    JsonValue element;
    while (elements.Next(&element)) {
      EDDY_RETURN_IF_ERROR(CheckMembers(
          element, kOp,
          "ThrottlingReasons[" + std::to_string(elements.index()) + "]",
          {"reason", "resource"}));
      ObjectReader e = r.ListElement("ThrottlingReasons", element,
                                     elements.index(), "ThrottlingReason");
      ThrottlingReason reason;
      reason.reason = e.String("reason", /*required=*/true).value_or("");
      reason.resource = e.String("resource", /*required=*/true).value_or("");
      f.throttling_reasons.push_back(std::move(reason));
    }
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  f.count = 1;
  if (const JsonValue* count = r.Member("Count")) {
    const std::optional<int64_t> n =
        WholeNumber(*count, std::numeric_limits<int>::max());
    if (!n || *n < 1) {
      return Status::Validation(
          "EddyInjectFault: Count must be a whole number from 1 to "
          "2147483647, not " +
          std::string(count->text));
    }
    f.count = static_cast<int>(*n);
  }
  if (r.Member("TableName") != nullptr && !IsTableName(f.table_name)) {
    return Status::Validation(
        "EddyInjectFault: TableName \"" + f.table_name +
        "\" is not a table name (3 to 255 of a-z, A-Z, 0-9, '_', '-' and "
        "'.'); leave TableName out to match every table");
  }
  if (r.Member("Operation") != nullptr && f.operation.empty()) {
    return Status::Validation(
        "EddyInjectFault: Operation must not be empty; leave it out to match "
        "every operation");
  }
  Status armed = db.ArmFault(std::move(f));
  if (!armed.ok()) {
    return armed.code() == ErrorCode::kValidation
               ? armed.WithMessagePrefix("EddyInjectFault: ")
               : armed;
  }
  return std::string("{}");
}

StatusOr<std::string> EddyClearFaultsOp(Database& db, ObjectReader& r) {
  EDDY_RETURN_IF_ERROR(CheckMembers(r.object(), "EddyClearFaults", "", {}));
  db.ClearFaults();
  return std::string("{}");
}

// {"Seconds": number} or {"Micros": integer}: moves a manual clock forward.
// Answers {"Now": "<ISO 8601>", "NowMicros": n}.
StatusOr<std::string> EddyAdvanceClockOp(Database& db, ObjectReader& r) {
  constexpr std::string_view kOp = "EddyAdvanceClock";
  EDDY_RETURN_IF_ERROR(
      CheckMembers(r.object(), kOp, "", {"Seconds", "Micros"}));
  // Ten years: far beyond any test, far below overflow.
  constexpr int64_t kMaxMicros = int64_t{10} * 366 * 86400 * 1'000'000;
  const JsonValue* seconds = r.Member("Seconds");
  const JsonValue* micros = r.Member("Micros");
  if ((seconds != nullptr) == (micros != nullptr)) {
    return Status::Validation(
        "EddyAdvanceClock takes exactly one of Seconds (a number, e.g. "
        "{\"Seconds\": 3600}) and Micros (a whole number)");
  }
  int64_t delta = 0;
  if (seconds != nullptr) {
    const bool number = seconds->type == JsonType::kInteger ||
                        seconds->type == JsonType::kDecimal;
    const double d =
        number ? std::strtod(std::string(seconds->text).c_str(), nullptr) : -1;
    if (!number || !std::isfinite(d) || d < 0 ||
        d * 1e6 > static_cast<double>(kMaxMicros)) {
      return Status::Validation(
          "EddyAdvanceClock: Seconds must be a number from 0 to 316224000 "
          "(ten years), not " +
          std::string(seconds->text));
    }
    delta = static_cast<int64_t>(std::llround(d * 1e6));
  } else {
    const std::optional<int64_t> n = WholeNumber(*micros, kMaxMicros);
    if (!n) {
      return Status::Validation(
          "EddyAdvanceClock: Micros must be a whole number from 0 to " +
          std::to_string(kMaxMicros) + " (ten years), not " +
          std::string(micros->text));
    }
    delta = *n;
  }
  auto* clock = dynamic_cast<ManualClock*>(db.options().clock);
  if (clock == nullptr) {
    return Status::Validation(
        "EddyAdvanceClock needs a manual clock, and this database reads the "
        "real clock: start eddy-server with --clock manual (in C++, give "
        "Options::clock a ManualClock)");
  }
  clock->AdvanceMicros(delta);
  const int64_t now = clock->NowMicros();
  JsonWriter w;
  w.BeginObject();
  w.Key("Now");
  w.String(IsoMicros(now));
  w.Key("NowMicros");
  w.Int(now);
  w.EndObject();
  return std::move(w).Take();
}

}  // namespace eddy::wire::internal
