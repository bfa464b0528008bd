// Copyright 2026 The eddy Authors.
//
// On-demand maximum throughput (OnDemandThroughput) of tables and GSIs
// through both APIs: what CreateTable and UpdateTable keep, what
// DescribeTable shows, and DynamoDB's validation messages. Throttling above
// the maximum is in tests/api/throttling_test.cc.

#include "emulator/wire/execute.h"
#include "tests/engine/behaviour_fixture.h"

namespace eddy {
namespace {

using ::testing::HasSubstr;
using ::testing::Optional;

constexpr char kInvalid[] = "One or more parameter values were invalid: ";

OnDemandThroughput Limits(std::optional<int64_t> read,
                          std::optional<int64_t> write) {
  return OnDemandThroughput{.max_read_request_units = read,
                            .max_write_request_units = write};
}

MATCHER_P2(LimitsAre, read, write, "") {
  return arg.max_read_request_units == read &&
         arg.max_write_request_units == write;
}

class OnDemandTest : public BehaviourTest {
 protected:
  // Table "lim": pk, and a GSI "byG" on g, with the limits given.
  CreateTableRequest Create(
      std::optional<OnDemandThroughput> limits,
      std::optional<OnDemandThroughput> index_limits = std::nullopt,
      BillingMode mode = BillingMode::kPayPerRequest) {
    CreateTableRequest r;
    r.table_name = "lim";
    r.key_schema = {{"pk", KeyType::kHash}};
    r.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                               {"g", ScalarAttributeType::kS}};
    r.billing_mode = mode;
    r.on_demand_throughput = limits;
    GlobalSecondaryIndex g;
    g.index_name = "byG";
    g.key_schema = {{"g", KeyType::kHash}};
    g.projection.projection_type = ProjectionType::kKeysOnly;
    g.on_demand_throughput = index_limits;
    if (mode == BillingMode::kProvisioned) {
      r.provisioned_throughput = ProvisionedThroughput{5, 5};
      g.provisioned_throughput = ProvisionedThroughput{5, 5};
    }
    r.global_secondary_indexes.push_back(std::move(g));
    return r;
  }
  TableDescription Describe() {
    StatusOr<DescribeTableResponse> d = client_->DescribeTable({"lim"});
    EXPECT_THAT(d, IsOk());
    return d.ok() ? d->table : TableDescription{};
  }
  StatusOr<UpdateTableResponse> UpdateLimits(OnDemandThroughput limits) {
    UpdateTableRequest u;
    u.table_name = "lim";
    u.on_demand_throughput = limits;
    return client_->UpdateTable(u);
  }
  // UpdateTable to PROVISIONED, with the capacity the table and its GSI
  // "byG" then need.
  static UpdateTableRequest SwitchToProvisioned() {
    UpdateTableRequest u;
    u.table_name = "lim";
    u.billing_mode = BillingMode::kProvisioned;
    u.provisioned_throughput = ProvisionedThroughput{5, 5};
    GlobalSecondaryIndexUpdate x;
    x.update = UpdateGlobalSecondaryIndexAction{
        .index_name = "byG",
        .provisioned_throughput = ProvisionedThroughput{5, 5}};
    u.global_secondary_index_updates = {x};
    return u;
  }
  StatusOr<UpdateTableResponse> UpdateIndex(
      std::optional<OnDemandThroughput> limits,
      std::optional<ProvisionedThroughput> throughput = std::nullopt) {
    GlobalSecondaryIndexUpdate x;
    x.update =
        UpdateGlobalSecondaryIndexAction{.index_name = "byG",
                                         .provisioned_throughput = throughput,
                                         .on_demand_throughput = limits};
    UpdateTableRequest u;
    u.table_name = "lim";
    u.global_secondary_index_updates = {x};
    return client_->UpdateTable(u);
  }
};

TEST_P(OnDemandTest, CreateTableKeepsTheLimitsAndDescribeShowsThem) {
  StatusOr<CreateTableResponse> created =
      client_->CreateTable(Create(Limits(100, 50), Limits(10, std::nullopt)));
  ASSERT_THAT(created, IsOk());
  EXPECT_THAT(created->table_description.on_demand_throughput,
              Optional(LimitsAre(100, 50)));
  const TableDescription d = Describe();
  EXPECT_THAT(d.on_demand_throughput, Optional(LimitsAre(100, 50)));
  ASSERT_EQ(d.global_secondary_indexes.size(), 1u);
  // Only the limits set are described: the GSI has no write maximum.
  EXPECT_THAT(d.global_secondary_indexes[0].on_demand_throughput,
              Optional(LimitsAre(10, std::nullopt)));
}

TEST_P(OnDemandTest, TablesWithoutLimitsDescribeNone) {
  // An empty OnDemandThroughput is accepted at creation and sets nothing.
  ASSERT_THAT(
      client_->CreateTable(Create(OnDemandThroughput{}, OnDemandThroughput{})),
      IsOk());
  const TableDescription d = Describe();
  EXPECT_FALSE(d.on_demand_throughput);
  EXPECT_FALSE(d.global_secondary_indexes[0].on_demand_throughput);
  CreateHashTable("prov");
  StatusOr<DescribeTableResponse> p = client_->DescribeTable({"prov"});
  ASSERT_THAT(p, IsOk());
  EXPECT_FALSE(p->table.on_demand_throughput);
}

TEST_P(OnDemandTest, UpdateTableMergesMembersAndMinusOneRemovesOne) {
  ASSERT_THAT(client_->CreateTable(Create(Limits(100, 50))), IsOk());
  // A member left out keeps its value.
  StatusOr<UpdateTableResponse> r = UpdateLimits(Limits(std::nullopt, 200));
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(r->table_description.on_demand_throughput,
              Optional(LimitsAre(100, 200)));
  EXPECT_THAT(Describe().on_demand_throughput, Optional(LimitsAre(100, 200)));
  // Re-sending the same limits is accepted.
  EXPECT_THAT(UpdateLimits(Limits(100, 200)), IsOk());
  // -1 removes a limit: the response echoes it, DescribeTable leaves it out.
  r = UpdateLimits(Limits(-1, std::nullopt));
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(r->table_description.on_demand_throughput,
              Optional(LimitsAre(-1, 200)));
  EXPECT_THAT(Describe().on_demand_throughput,
              Optional(LimitsAre(std::nullopt, 200)));
  // Both removed: no OnDemandThroughput at all.
  r = UpdateLimits(Limits(-1, -1));
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(r->table_description.on_demand_throughput,
              Optional(LimitsAre(-1, -1)));
  EXPECT_FALSE(Describe().on_demand_throughput);
  // And set again from nothing.
  ASSERT_THAT(UpdateLimits(Limits(7, std::nullopt)), IsOk());
  EXPECT_THAT(Describe().on_demand_throughput,
              Optional(LimitsAre(7, std::nullopt)));
}

TEST_P(OnDemandTest, GsiLimitsAreTheirOwnAndUpdatable) {
  ASSERT_THAT(client_->CreateTable(Create(Limits(1000, 1000), Limits(5, 5))),
              IsOk());
  // Above the table's limits is fine: a GSI's maximum is independent.
  ASSERT_THAT(UpdateIndex(Limits(5000, std::nullopt)), IsOk());
  EXPECT_THAT(Describe().global_secondary_indexes[0].on_demand_throughput,
              Optional(LimitsAre(5000, 5)));
  EXPECT_THAT(Describe().on_demand_throughput, Optional(LimitsAre(1000, 1000)));
  ASSERT_THAT(UpdateIndex(Limits(5000, std::nullopt)), IsOk());  // same again
  ASSERT_THAT(UpdateIndex(Limits(-1, -1)), IsOk());
  EXPECT_FALSE(Describe().global_secondary_indexes[0].on_demand_throughput);

  // A GSI created by UpdateTable takes its limits too.
  GlobalSecondaryIndex h;
  h.index_name = "byH";
  h.key_schema = {{"h", KeyType::kHash}};
  h.projection.projection_type = ProjectionType::kAll;
  h.on_demand_throughput = Limits(std::nullopt, 25);
  GlobalSecondaryIndexUpdate create;
  create.create = h;
  UpdateTableRequest u;
  u.table_name = "lim";
  u.attribute_definitions = {{"h", ScalarAttributeType::kS}};
  u.global_secondary_index_updates = {create};
  ASSERT_THAT(client_->UpdateTable(u), IsOk());
  const TableDescription d = Describe();
  ASSERT_EQ(d.global_secondary_indexes.size(), 2u);
  EXPECT_EQ(d.global_secondary_indexes[1].index_name, "byH");
  EXPECT_THAT(d.global_secondary_indexes[1].on_demand_throughput,
              Optional(LimitsAre(std::nullopt, 25)));
}

TEST_P(OnDemandTest, SwitchingToProvisionedDropsTheLimits) {
  ASSERT_THAT(client_->CreateTable(Create(Limits(100, 50), Limits(10, 10))),
              IsOk());
  UpdateTableRequest u = SwitchToProvisioned();
  ASSERT_THAT(client_->UpdateTable(u), IsOk());
  TableDescription d = Describe();
  EXPECT_FALSE(d.on_demand_throughput);
  EXPECT_FALSE(d.global_secondary_indexes[0].on_demand_throughput);
  // Back to on-demand: the limits are not restored (eddy's choice), and
  // can be set in the same call.
  UpdateTableRequest back;
  back.table_name = "lim";
  back.billing_mode = BillingMode::kPayPerRequest;
  back.on_demand_throughput = Limits(std::nullopt, 30);
  ASSERT_THAT(client_->UpdateTable(back), IsOk());
  d = Describe();
  EXPECT_THAT(d.on_demand_throughput, Optional(LimitsAre(std::nullopt, 30)));
  EXPECT_FALSE(d.global_secondary_indexes[0].on_demand_throughput);
}

TEST_P(OnDemandTest, CreateTableRefusesLimitsAsDynamoDbDoes) {
  struct Case {
    CreateTableRequest request;
    std::string message;
  };
  const std::vector<Case> cases = {
      {Create(Limits(std::nullopt, 10), std::nullopt,
              BillingMode::kProvisioned),
       std::string(kInvalid) +
           "MaxWriteRequestUnits for OnDemandThroughput cannot be specified "
           "when table BillingMode is PROVISIONED."},
      // The billing check comes before the values are looked at.
      {Create(Limits(0, 0), std::nullopt, BillingMode::kProvisioned),
       std::string(kInvalid) +
           "MaxReadRequestUnits for OnDemandThroughput cannot be specified "
           "when table BillingMode is PROVISIONED."},
      {Create(Limits(0, 0)), std::string(kInvalid) +
                                 "Requested MaxReadRequestUnits for "
                                 "OnDemandThroughput for table is outside "
                                 "of valid range"},
      // -1 only removes a limit on UpdateTable.
      {Create(Limits(5, -1)), std::string(kInvalid) +
                                  "Requested MaxWriteRequestUnits for "
                                  "OnDemandThroughput for table is outside "
                                  "of valid range"},
      {Create(std::nullopt, Limits(10, 10), BillingMode::kProvisioned),
       std::string(kInvalid) +
           "MaxReadRequestUnits for OnDemandThroughput for index: byG cannot "
           "be specified when table BillingMode is PROVISIONED."},
      {Create(std::nullopt, Limits(-1, 5)),
       std::string(kInvalid) +
           "Requested MaxReadRequestUnits for OnDemandThroughput for index : "
           "byG is outside of valid range"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.message);
    EXPECT_THAT(client_->CreateTable(c.request),
                StatusIsExactly(ErrorCode::kValidation, c.message));
    EXPECT_THAT(client_->DescribeTable({"lim"}),
                StatusIs(ErrorCode::kResourceNotFound, ""));
  }
}

TEST_P(OnDemandTest, UpdateTableRefusesLimitsAsDynamoDbDoes) {
  ASSERT_THAT(client_->CreateTable(Create(Limits(100, 50), Limits(10, 10))),
              IsOk());
  for (int64_t bad : {0, -2}) {
    EXPECT_THAT(UpdateLimits(Limits(std::nullopt, bad)),
                StatusIsExactly(ErrorCode::kValidation,
                                std::string(kInvalid) +
                                    "Requested MaxWriteRequestUnits for "
                                    "OnDemandThroughput for table is outside "
                                    "of valid range"));
    EXPECT_THAT(UpdateIndex(Limits(bad, std::nullopt)),
                StatusIsExactly(ErrorCode::kValidation,
                                std::string(kInvalid) +
                                    "Requested MaxReadRequestUnits for "
                                    "OnDemandThroughput for index : byG is "
                                    "outside of valid range"));
  }
  // An empty OnDemandThroughput alone (DynamoDB: HTTP 500).
  EXPECT_THAT(UpdateLimits(OnDemandThroughput{}),
              StatusIs(ErrorCode::kValidation,
                       "OnDemandThroughput must have at least one of"));
  // An index Update on an on-demand table must carry limits, not capacity.
  EXPECT_THAT(UpdateIndex(OnDemandThroughput{}),
              StatusIsExactly(ErrorCode::kValidation,
                              std::string(kInvalid) +
                                  "The only Updates for index: byG when "
                                  "TableThroughputMode is PAY_PER_REQUEST can "
                                  "be to OnDemandThroughput, WarmThroughput"));
  EXPECT_THAT(UpdateIndex(std::nullopt, ProvisionedThroughput{5, 5}),
              StatusIs(ErrorCode::kValidation,
                       "Neither ReadCapacityUnits nor WriteCapacityUnits can "
                       "be specified for index: byG"));
  // Switching to provisioned and setting limits in one call.
  UpdateTableRequest u = SwitchToProvisioned();
  u.on_demand_throughput = Limits(1, 1);
  EXPECT_THAT(client_->UpdateTable(u),
              StatusIsExactly(ErrorCode::kValidation,
                              std::string(kInvalid) +
                                  "MaxReadRequestUnits for OnDemandThroughput "
                                  "cannot be specified when the table "
                                  "BillingMode is PROVISIONED"));
  // Nothing changed.
  const TableDescription d = Describe();
  EXPECT_THAT(d.on_demand_throughput, Optional(LimitsAre(100, 50)));
  EXPECT_THAT(d.global_secondary_indexes[0].on_demand_throughput,
              Optional(LimitsAre(10, 10)));
  EXPECT_TRUE(d.billing_mode_summary);
}

TEST_P(OnDemandTest, ProvisionedTablesTakeNoLimits) {
  ASSERT_THAT(client_->CreateTable(Create(std::nullopt, std::nullopt,
                                          BillingMode::kProvisioned)),
              IsOk());
  EXPECT_THAT(UpdateLimits(Limits(std::nullopt, 10)),
              StatusIsExactly(ErrorCode::kValidation,
                              std::string(kInvalid) +
                                  "MaxWriteRequestUnits for OnDemandThroughput "
                                  "cannot be specified when the table "
                                  "BillingMode is PROVISIONED"));
  EXPECT_THAT(
      UpdateIndex(Limits(10, std::nullopt), ProvisionedThroughput{6, 6}),
      StatusIsExactly(ErrorCode::kValidation,
                      std::string(kInvalid) +
                          "MaxReadRequestUnits for OnDemandThroughput "
                          "for index: byG cannot be specified when the "
                          "table BillingMode is PROVISIONED"));
  EXPECT_THAT(UpdateIndex(std::nullopt),
              StatusIs(ErrorCode::kValidation,
                       "ProvisionedThroughput must be specified for index: "
                       "byG"));
  // The index's capacity alone still updates.
  ASSERT_THAT(UpdateIndex(std::nullopt, ProvisionedThroughput{6, 6}), IsOk());
  EXPECT_EQ(Describe()
                .global_secondary_indexes[0]
                .provisioned_throughput.write_capacity_units,
            6);
}

INSTANTIATE_TEST_SUITE_P(Clients, OnDemandTest,
                         ::testing::Values(ClientKind::kTyped,
                                           ClientKind::kJson),
                         KindName);

// The JSON shapes themselves: members spelled as DynamoDB spells them, only
// the limits set, and DynamoDB's type errors.
TEST(OnDemandJsonTest, BodiesCarryOnlyTheLimitsSet) {
  ManualClock clock(1'700'000'000'000'000);
  Options options;
  options.clock = &clock;
  Database db(options);
  WireResponse r = Execute(db, "CreateTable", R"({
      "TableName":"lim","BillingMode":"PAY_PER_REQUEST",
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
                              {"AttributeName":"g","AttributeType":"S"}],
      "OnDemandThroughput":{"MaxWriteRequestUnits":100},
      "GlobalSecondaryIndexes":[{"IndexName":"byG",
          "KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
          "Projection":{"ProjectionType":"KEYS_ONLY"},
          "OnDemandThroughput":{"MaxReadRequestUnits":7,
                                "MaxWriteRequestUnits":8}}]})");
  ASSERT_EQ(r.http_status, 200) << r.body;
  EXPECT_THAT(
      r.body,
      HasSubstr(R"("OnDemandThroughput":{"MaxWriteRequestUnits":100})"));
  EXPECT_THAT(r.body, HasSubstr(R"("OnDemandThroughput":{)"
                                R"("MaxReadRequestUnits":7,)"
                                R"("MaxWriteRequestUnits":8})"));
  r = Execute(db, "UpdateTable",
              R"({"TableName":"lim","OnDemandThroughput":{
                    "MaxWriteRequestUnits":-1}})");
  ASSERT_EQ(r.http_status, 200) << r.body;
  EXPECT_THAT(r.body,
              HasSubstr(R"("OnDemandThroughput":{"MaxWriteRequestUnits":-1})"));
  r = Execute(db, "DescribeTable", R"({"TableName":"lim"})");
  // The table has no limit left; only the GSI's are described.
  EXPECT_THAT(r.body, HasSubstr(R"("OnDemandThroughput":{)"
                                R"("MaxReadRequestUnits":7,)"));
  EXPECT_THAT(r.body, ::testing::Not(HasSubstr("MaxWriteRequestUnits\":100")));
  EXPECT_THAT(r.body, ::testing::Not(HasSubstr("MaxWriteRequestUnits\":-1")));
  // A limit of the wrong JSON type is a SerializationException.
  r = Execute(db, "UpdateTable",
              R"({"TableName":"lim","OnDemandThroughput":{
                    "MaxReadRequestUnits":"10"}})");
  EXPECT_EQ(r.error, ErrorCode::kSerialization);
  r = Execute(db, "UpdateTable",
              R"({"TableName":"lim","GlobalSecondaryIndexUpdates":[{"Update":{
                    "IndexName":"byG","OnDemandThroughput":[]}}]})");
  EXPECT_EQ(r.error, ErrorCode::kSerialization);
  // A GSI Update with limits only (no ProvisionedThroughput) is well formed.
  r = Execute(db, "UpdateTable",
              R"({"TableName":"lim","GlobalSecondaryIndexUpdates":[{"Update":{
                    "IndexName":"byG",
                    "OnDemandThroughput":{"MaxWriteRequestUnits":9}}}]})");
  ASSERT_EQ(r.http_status, 200) << r.body;
  EXPECT_THAT(r.body, HasSubstr(R"("OnDemandThroughput":{)"
                                R"("MaxReadRequestUnits":7,)"
                                R"("MaxWriteRequestUnits":9})"));
}

}  // namespace
}  // namespace eddy
