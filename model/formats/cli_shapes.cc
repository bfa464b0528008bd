// Copyright 2026 The eddy Authors.
//
// DynamoDB's request shapes for the CLI parser (model/formats/cli_shapes.h),
// written from the service model's member lists (API reference, 2012-08-10).

#include "model/formats/cli_shapes.h"

#include <deque>

namespace eddy::model {

const Shape* Shape::Member(std::string_view name) const {
  for (const auto& [n, s] : members) {
    if (n == name) return s;
  }
  return nullptr;
}

const Shapes& Shapes::Get() {
  static const Shapes* const s = new Shapes();
  return *s;
}

namespace {

// Owns every non-scalar shape; deque keeps the addresses stable.
class Registry {
 public:
  Registry() {
    const Shapes& sc = Shapes::Get();
    const Shape* s = &sc.string;
    const Shape* i = &sc.integer;
    const Shape* b = &sc.boolean;
    const Shape* blob = &sc.blob;

    const Shape* strings = List(s);
    const Shape* blobs = List(blob);
    Shape* av = New(Kind::kStructure);
    const Shape* av_map = Map(av);
    const Shape* av_list = List(av);
    av->members = {{"S", s},        {"N", s},        {"B", blob},
                   {"SS", strings}, {"NS", strings}, {"BS", blobs},
                   {"M", av_map},   {"L", av_list},  {"NULL", b},
                   {"BOOL", b}};
    const Shape* names = Map(s);
    const Shape* condition =
        Struct({{"AttributeValueList", av_list}, {"ComparisonOperator", s}});
    const Shape* conditions = Map(condition);
    const Shape* expected = Map(Struct({{"Value", av},
                                        {"Exists", b},
                                        {"ComparisonOperator", s},
                                        {"AttributeValueList", av_list}}));
    const Shape* updates = Map(Struct({{"Value", av}, {"Action", s}}));

    const Shape* key_schema =
        List(Struct({{"AttributeName", s}, {"KeyType", s}}));
    const Shape* attribute_definitions =
        List(Struct({{"AttributeName", s}, {"AttributeType", s}}));
    const Shape* projection =
        Struct({{"ProjectionType", s}, {"NonKeyAttributes", strings}});
    const Shape* throughput =
        Struct({{"ReadCapacityUnits", i}, {"WriteCapacityUnits", i}});
    const Shape* on_demand =
        Struct({{"MaxReadRequestUnits", i}, {"MaxWriteRequestUnits", i}});
    const Shape* warm =
        Struct({{"ReadUnitsPerSecond", i}, {"WriteUnitsPerSecond", i}});
    const Shape* gsi = Struct({{"IndexName", s},
                               {"KeySchema", key_schema},
                               {"Projection", projection},
                               {"ProvisionedThroughput", throughput},
                               {"OnDemandThroughput", on_demand},
                               {"WarmThroughput", warm}});
    const Shape* lsi = Struct({{"IndexName", s},
                               {"KeySchema", key_schema},
                               {"Projection", projection}});
    const Shape* stream = Struct({{"StreamEnabled", b}, {"StreamViewType", s}});
    const Shape* sse =
        Struct({{"Enabled", b}, {"SSEType", s}, {"KMSMasterKeyId", s}});
    const Shape* tags = List(Struct({{"Key", s}, {"Value", s}}));
    const Shape* gsi_updates =
        List(Struct({{"Update", Struct({{"IndexName", s},
                                        {"ProvisionedThroughput", throughput},
                                        {"OnDemandThroughput", on_demand},
                                        {"WarmThroughput", warm}})},
                     {"Create", gsi},
                     {"Delete", Struct({{"IndexName", s}})}}));

    // Members shared by the single-item writes.
    auto write_members =
        [&](std::vector<std::pair<std::string, const Shape*>> m) {
          for (auto& e : std::vector<std::pair<std::string, const Shape*>>{
                   {"Expected", expected},
                   {"ConditionalOperator", s},
                   {"ReturnValues", s},
                   {"ReturnConsumedCapacity", s},
                   {"ReturnItemCollectionMetrics", s},
                   {"ConditionExpression", s},
                   {"ExpressionAttributeNames", names},
                   {"ExpressionAttributeValues", av_map},
                   {"ReturnValuesOnConditionCheckFailure", s}}) {
            m.push_back(e);
          }
          return Struct(std::move(m));
        };
    auto transact_write =
        [&](std::vector<std::pair<std::string, const Shape*>> m) {
          m.insert(m.end(), {{"TableName", s},
                             {"ConditionExpression", s},
                             {"ExpressionAttributeNames", names},
                             {"ExpressionAttributeValues", av_map},
                             {"ReturnValuesOnConditionCheckFailure", s}});
          return Struct(std::move(m));
        };

    Add("BatchExecuteStatement",
        Struct({{"Statements",
                 List(Struct({{"Statement", s},
                              {"Parameters", av_list},
                              {"ConsistentRead", b},
                              {"ReturnValuesOnConditionCheckFailure", s}}))},
                {"ReturnConsumedCapacity", s}}),
        {"Statements"});
    Add("BatchGetItem",
        Struct({{"RequestItems",
                 Map(Struct({{"Keys", List(av_map)},
                             {"AttributesToGet", strings},
                             {"ConsistentRead", b},
                             {"ProjectionExpression", s},
                             {"ExpressionAttributeNames", names}}))},
                {"ReturnConsumedCapacity", s}}),
        {"RequestItems"});
    Add("BatchWriteItem",
        Struct({{"RequestItems",
                 Map(List(
                     Struct({{"PutRequest", Struct({{"Item", av_map}})},
                             {"DeleteRequest", Struct({{"Key", av_map}})}})))},
                {"ReturnConsumedCapacity", s},
                {"ReturnItemCollectionMetrics", s}}),
        {"RequestItems"});
    Add("CreateTable",
        Struct({{"AttributeDefinitions", attribute_definitions},
                {"TableName", s},
                {"KeySchema", key_schema},
                {"LocalSecondaryIndexes", List(lsi)},
                {"GlobalSecondaryIndexes", List(gsi)},
                {"BillingMode", s},
                {"ProvisionedThroughput", throughput},
                {"StreamSpecification", stream},
                {"SSESpecification", sse},
                {"Tags", tags},
                {"TableClass", s},
                {"DeletionProtectionEnabled", b},
                {"WarmThroughput", warm},
                {"ResourcePolicy", s},
                {"OnDemandThroughput", on_demand}}),
        {"AttributeDefinitions", "TableName", "KeySchema"});
    Add("DeleteItem", write_members({{"TableName", s}, {"Key", av_map}}),
        {"TableName", "Key"});
    Add("DeleteTable", Struct({{"TableName", s}}), {"TableName"});
    Add("DescribeTable", Struct({{"TableName", s}}), {"TableName"});
    Add("DescribeTimeToLive", Struct({{"TableName", s}}), {"TableName"});
    Add("ExecuteStatement",
        Struct({{"Statement", s},
                {"Parameters", av_list},
                {"ConsistentRead", b},
                {"NextToken", s},
                {"ReturnConsumedCapacity", s},
                {"Limit", i},
                {"ReturnValuesOnConditionCheckFailure", s}}),
        {"Statement"});
    Add("ExecuteTransaction",
        Struct({{"TransactStatements",
                 List(Struct({{"Statement", s},
                              {"Parameters", av_list},
                              {"ReturnValuesOnConditionCheckFailure", s}}))},
                {"ClientRequestToken", s},
                {"ReturnConsumedCapacity", s}}),
        {"TransactStatements"});
    Add("GetItem",
        Struct({{"TableName", s},
                {"Key", av_map},
                {"AttributesToGet", strings},
                {"ConsistentRead", b},
                {"ReturnConsumedCapacity", s},
                {"ProjectionExpression", s},
                {"ExpressionAttributeNames", names}}),
        {"TableName", "Key"});
    Add("ListTables", Struct({{"ExclusiveStartTableName", s}, {"Limit", i}}),
        {},
        Paginator{"ExclusiveStartTableName",
                  "LastEvaluatedTableName",
                  "Limit",
                  {"TableNames"}});
    Add("PutItem", write_members({{"TableName", s}, {"Item", av_map}}),
        {"TableName", "Item"});
    Add("Query",
        Struct({{"TableName", s},
                {"IndexName", s},
                {"Select", s},
                {"AttributesToGet", strings},
                {"Limit", i},
                {"ConsistentRead", b},
                {"KeyConditions", conditions},
                {"QueryFilter", conditions},
                {"ConditionalOperator", s},
                {"ScanIndexForward", b},
                {"ExclusiveStartKey", av_map},
                {"ReturnConsumedCapacity", s},
                {"ProjectionExpression", s},
                {"FilterExpression", s},
                {"KeyConditionExpression", s},
                {"ExpressionAttributeNames", names},
                {"ExpressionAttributeValues", av_map}}),
        {"TableName"},
        Paginator{"ExclusiveStartKey",
                  "LastEvaluatedKey",
                  "Limit",
                  {"Items", "Count", "ScannedCount"}});
    Add("Scan",
        Struct({{"TableName", s},
                {"IndexName", s},
                {"AttributesToGet", strings},
                {"Limit", i},
                {"Select", s},
                {"ScanFilter", conditions},
                {"ConditionalOperator", s},
                {"ExclusiveStartKey", av_map},
                {"ReturnConsumedCapacity", s},
                {"TotalSegments", i},
                {"Segment", i},
                {"ProjectionExpression", s},
                {"FilterExpression", s},
                {"ExpressionAttributeNames", names},
                {"ExpressionAttributeValues", av_map},
                {"ConsistentRead", b}}),
        {"TableName"},
        Paginator{"ExclusiveStartKey",
                  "LastEvaluatedKey",
                  "Limit",
                  {"Items", "Count", "ScannedCount"}});
    Add("TransactGetItems",
        Struct({{"TransactItems",
                 List(Struct({{"Get", Struct({{"Key", av_map},
                                              {"TableName", s},
                                              {"ProjectionExpression", s},
                                              {"ExpressionAttributeNames",
                                               names}})}}))},
                {"ReturnConsumedCapacity", s}}),
        {"TransactItems"});
    Add("TransactWriteItems",
        Struct({{"TransactItems",
                 List(Struct(
                     {{"ConditionCheck", transact_write({{"Key", av_map}})},
                      {"Put", transact_write({{"Item", av_map}})},
                      {"Delete", transact_write({{"Key", av_map}})},
                      {"Update", transact_write({{"Key", av_map},
                                                 {"UpdateExpression", s}})}}))},
                {"ReturnConsumedCapacity", s},
                {"ReturnItemCollectionMetrics", s},
                {"ClientRequestToken", s}}),
        {"TransactItems"});
    Add("UpdateItem",
        write_members({{"TableName", s},
                       {"Key", av_map},
                       {"AttributeUpdates", updates},
                       {"UpdateExpression", s}}),
        {"TableName", "Key"});
    Add("UpdateTable",
        Struct({{"AttributeDefinitions", attribute_definitions},
                {"TableName", s},
                {"BillingMode", s},
                {"ProvisionedThroughput", throughput},
                {"GlobalSecondaryIndexUpdates", gsi_updates},
                {"StreamSpecification", stream},
                {"SSESpecification", sse},
                {"TableClass", s},
                {"DeletionProtectionEnabled", b},
                {"OnDemandThroughput", on_demand},
                {"WarmThroughput", warm}}),
        {"TableName"});
    Add("UpdateTimeToLive",
        Struct({{"TableName", s},
                {"TimeToLiveSpecification",
                 Struct({{"Enabled", b}, {"AttributeName", s}})}}),
        {"TableName", "TimeToLiveSpecification"});
  }

  const std::vector<Operation>& operations() const { return operations_; }

 private:
  Shape* New(Kind kind) {
    shapes_.emplace_back();
    shapes_.back().kind = kind;
    return &shapes_.back();
  }
  const Shape* List(const Shape* element) {
    Shape* s = New(Kind::kList);
    s->element = element;
    return s;
  }
  const Shape* Map(const Shape* value) {
    Shape* s = New(Kind::kMap);
    s->element = value;
    return s;
  }
  const Shape* Struct(std::vector<std::pair<std::string, const Shape*>> m) {
    Shape* s = New(Kind::kStructure);
    s->members = std::move(m);
    return s;
  }
  void Add(std::string name, const Shape* input,
           std::vector<std::string> required,
           std::optional<Paginator> paginator = std::nullopt) {
    operations_.push_back(Operation{std::move(name), input, std::move(required),
                                    std::move(paginator)});
  }

  std::deque<Shape> shapes_;
  std::vector<Operation> operations_;
};

}  // namespace

const std::vector<Operation>& CliOperations() {
  static const Registry* const r = new Registry();
  return r->operations();
}

}  // namespace eddy::model
