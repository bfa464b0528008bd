// Copyright 2026 The eddy Authors.
//
// Time to live, tags, and eddy's own fault-injection operations
// (EddyInjectFault, EddyClearFaults: not DynamoDB operations; they let any
// client of the JSON API or of eddy-server arm the faults of
// emulator/api/faults.h).

#include <limits>

#include "emulator/wire/ops/ops.h"

namespace eddy::wire_internal {

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

// {"Kind": "ProvisionedThroughputExceeded" | "Throttling" |
//  "RequestLimitExceeded" | "InternalServerError" | "TransactionConflict" |
//  "Unprocessed", "Operation"?, "TableName"?, "Key"?, "Count"?,
//  "ThrottlingReasons"?: [{"reason", "resource"}]}
StatusOr<std::string> EddyInjectFaultOp(Database& db, ObjectReader& r) {
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
  f.key = r.Item("Key");
  const int64_t count = r.Long("Count").value_or(1);
  if (const JsonValue* list = r.List("ThrottlingReasons")) {
    ListCursor elements(*list);
    JsonValue element;
    while (elements.Next(&element)) {
      ObjectReader e = r.ListElement("ThrottlingReasons", element,
                                     elements.index(), "ThrottlingReason");
      ThrottlingReason reason;
      reason.reason = e.String("reason", /*required=*/true).value_or("");
      reason.resource = e.String("resource", /*required=*/true).value_or("");
      f.throttling_reasons.push_back(std::move(reason));
    }
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  if (count < 1 || count > std::numeric_limits<int>::max()) {
    return Status::Validation(
        "EddyInjectFault: Count must be between 1 and 2147483647");
  }
  f.count = static_cast<int>(count);
  db.InjectFault(std::move(f));
  return std::string("{}");
}

StatusOr<std::string> EddyClearFaultsOp(Database& db, ObjectReader&) {
  db.ClearFaults();
  return std::string("{}");
}

}  // namespace eddy::wire_internal
