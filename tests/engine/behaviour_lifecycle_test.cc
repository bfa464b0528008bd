// Copyright 2026 The eddy Authors.
//
// Table status windows (Options::transient_statuses, engine/table/
// lifecycle.h) through both APIs: CREATING, UPDATING and DELETING on the
// manual clock, and what item and table operations answer inside them.

#include "tests/engine/behaviour_fixture.h"

namespace eddy {
namespace {

constexpr int64_t kSecond = 1'000'000;

class LifecycleTest : public ::testing::TestWithParam<ClientKind> {
 protected:
  LifecycleTest() : clock_(1'700'000'000'000'000) {
    Options o;
    o.clock = &clock_;
    o.transient_statuses = {.create_table_micros = 2 * kSecond,
                            .update_table_micros = 3 * kSecond,
                            .delete_table_micros = 4 * kSecond,
                            .delete_index_micros = 5 * kSecond};
    db_ = std::make_unique<Database>(o);
    client_ = MakeClient(GetParam(), db_.get());
  }

  CreateTableRequest Request(const std::string& name) {
    CreateTableRequest r;
    r.table_name = name;
    r.key_schema = {{"pk", KeyType::kHash}};
    r.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                               {"g", ScalarAttributeType::kS}};
    r.provisioned_throughput = ProvisionedThroughput{5, 5};
    GlobalSecondaryIndex g;
    g.index_name = "byG";
    g.key_schema = {{"g", KeyType::kHash}};
    g.projection.projection_type = ProjectionType::kAll;
    g.provisioned_throughput = ProvisionedThroughput{5, 5};
    r.global_secondary_indexes = {g};
    return r;
  }
  TableStatus Status(const std::string& name) {
    DescribeTableRequest d;
    d.table_name = name;
    StatusOr<DescribeTableResponse> r = client_->DescribeTable(d);
    EXPECT_THAT(r, IsOk());
    return r.ok() ? r->table.table_status : TableStatus::kActive;
  }
  StatusOr<PutItemResponse> Put(const std::string& name) {
    PutItemRequest p;
    p.table_name = name;
    p.item = {{"pk", S("at1")}, {"g", S("x")}};
    return client_->PutItem(p);
  }
  StatusOr<UpdateTableResponse> Raise(const std::string& name, int64_t rcu) {
    UpdateTableRequest u;
    u.table_name = name;
    u.provisioned_throughput = ProvisionedThroughput{rcu, 5};
    return client_->UpdateTable(u);
  }
  StatusOr<DeleteTableResponse> Delete(const std::string& name) {
    DeleteTableRequest d;
    d.table_name = name;
    return client_->DeleteTable(d);
  }

  ManualClock clock_;
  std::unique_ptr<Database> db_;
  std::unique_ptr<Client> client_;
};

TEST_P(LifecycleTest, CreatingThenActive) {
  StatusOr<CreateTableResponse> created = client_->CreateTable(Request("ct1"));
  ASSERT_THAT(created, IsOk());
  EXPECT_EQ(created->table_description.table_status, TableStatus::kCreating);
  ASSERT_EQ(created->table_description.global_secondary_indexes.size(), 1u);
  EXPECT_EQ(created->table_description.global_secondary_indexes[0].index_status,
            IndexStatus::kCreating);
  EXPECT_EQ(Status("ct1"), TableStatus::kCreating);
  // Item operations see no table yet; changes are refused.
  EXPECT_THAT(Put("ct1"), StatusIsExactly(ErrorCode::kResourceNotFound,
                                          "Requested resource not found"));
  GetItemRequest get;
  get.table_name = "ct1";
  get.key = {{"pk", S("at1")}};
  EXPECT_THAT(client_->GetItem(get),
              StatusIs(ErrorCode::kResourceNotFound, ""));
  const std::string created_text =
      "Attempt to change a resource which is still in use: Table is being "
      "created: ct1";
  EXPECT_THAT(Raise("ct1", 6),
              StatusIsExactly(ErrorCode::kResourceInUse, created_text));
  EXPECT_THAT(Delete("ct1"),
              StatusIsExactly(ErrorCode::kResourceInUse, created_text));
  // The name is taken.
  EXPECT_THAT(
      client_->CreateTable(Request("ct1")),
      StatusIsExactly(ErrorCode::kResourceInUse, "Table already exists: ct1"));

  clock_.AdvanceMicros(2 * kSecond - 1);
  EXPECT_EQ(Status("ct1"), TableStatus::kCreating);
  clock_.AdvanceMicros(1);
  EXPECT_EQ(Status("ct1"), TableStatus::kActive);
  EXPECT_THAT(Put("ct1"), IsOk());
}

TEST_P(LifecycleTest, UpdatingKeepsItemOperationsAndRefusesChanges) {
  ASSERT_THAT(client_->CreateTable(Request("ut1")), IsOk());
  clock_.AdvanceMicros(2 * kSecond);
  StatusOr<UpdateTableResponse> updated = Raise("ut1", 7);
  ASSERT_THAT(updated, IsOk());
  EXPECT_EQ(updated->table_description.table_status, TableStatus::kUpdating);
  EXPECT_EQ(Status("ut1"), TableStatus::kUpdating);
  EXPECT_THAT(Put("ut1"), IsOk());  // "remains available for data operations"
  const std::string updating_text =
      "Attempt to change a resource which is still in use: Table is being "
      "updated: ut1";
  EXPECT_THAT(Raise("ut1", 8),
              StatusIsExactly(ErrorCode::kResourceInUse, updating_text));
  EXPECT_THAT(Delete("ut1"),
              StatusIsExactly(ErrorCode::kResourceInUse, updating_text));
  clock_.AdvanceMicros(3 * kSecond);
  EXPECT_EQ(Status("ut1"), TableStatus::kActive);
  EXPECT_THAT(Raise("ut1", 8), IsOk());
}

TEST_P(LifecycleTest, DeletedIndexIsDeletingForItsWindow) {
  ASSERT_THAT(client_->CreateTable(Request("it1")), IsOk());
  clock_.AdvanceMicros(2 * kSecond);
  UpdateTableRequest u;
  u.table_name = "it1";
  GlobalSecondaryIndexUpdate drop;
  drop.delete_index_name = "byG";
  u.global_secondary_index_updates = {drop};
  StatusOr<UpdateTableResponse> updated = client_->UpdateTable(u);
  ASSERT_THAT(updated, IsOk());
  EXPECT_EQ(updated->table_description.table_status, TableStatus::kUpdating);
  ASSERT_EQ(updated->table_description.global_secondary_indexes.size(), 1u);
  EXPECT_EQ(updated->table_description.global_secondary_indexes[0].index_status,
            IndexStatus::kDeleting);
  // It serves no reads.
  QueryRequest q;
  q.table_name = "it1";
  q.index_name = "byG";
  q.key_condition_expression = "g = :g";
  q.expression_attribute_values = AttributeMap{{":g", S("x")}};
  EXPECT_THAT(client_->Query(q), StatusIs(ErrorCode::kValidation, ""));
  clock_.AdvanceMicros(5 * kSecond);
  DescribeTableRequest d;
  d.table_name = "it1";
  StatusOr<DescribeTableResponse> described = client_->DescribeTable(d);
  ASSERT_THAT(described, IsOk());
  EXPECT_TRUE(described->table.global_secondary_indexes.empty());
  EXPECT_EQ(described->table.table_status, TableStatus::kActive);
}

TEST_P(LifecycleTest, DeletingThenNotFound) {
  ASSERT_THAT(client_->CreateTable(Request("dt1")), IsOk());
  clock_.AdvanceMicros(2 * kSecond);
  ASSERT_THAT(Put("dt1"), IsOk());
  StatusOr<DeleteTableResponse> deleted = Delete("dt1");
  ASSERT_THAT(deleted, IsOk());
  EXPECT_EQ(deleted->table_description.table_status, TableStatus::kDeleting);
  EXPECT_EQ(Status("dt1"), TableStatus::kDeleting);
  // Gone for item operations at once.
  EXPECT_THAT(Put("dt1"), StatusIsExactly(ErrorCode::kResourceNotFound,
                                          "Requested resource not found"));
  // DeleteTable again: no error, the same description.
  StatusOr<DeleteTableResponse> again = Delete("dt1");
  ASSERT_THAT(again, IsOk());
  EXPECT_EQ(again->table_description.table_status, TableStatus::kDeleting);
  EXPECT_THAT(Raise("dt1", 6),
              StatusIsExactly(ErrorCode::kResourceInUse,
                              "Attempt to change a resource which is still in "
                              "use: Table is being deleted: dt1"));
  EXPECT_THAT(
      client_->CreateTable(Request("dt1")),
      StatusIsExactly(ErrorCode::kResourceInUse, "Table already exists: dt1"));
  clock_.AdvanceMicros(4 * kSecond);
  DescribeTableRequest describe;
  describe.table_name = "dt1";
  EXPECT_THAT(client_->DescribeTable(describe),
              StatusIsExactly(ErrorCode::kResourceNotFound,
                              "Requested resource not found: Table: dt1 "
                              "not found"));
  // The name is free again.
  EXPECT_THAT(client_->CreateTable(Request("dt1")), IsOk());
}

TEST_P(LifecycleTest, DefaultOptionsKeepTablesActive) {
  ManualClock clock(1'700'000'000'000'000);
  Options o;
  o.clock = &clock;
  Database db(o);
  std::unique_ptr<Client> client = MakeClient(GetParam(), &db);
  StatusOr<CreateTableResponse> created = client->CreateTable(Request("at1"));
  ASSERT_THAT(created, IsOk());
  EXPECT_EQ(created->table_description.table_status, TableStatus::kActive);
  DeleteTableRequest d;
  d.table_name = "at1";
  ASSERT_THAT(client->DeleteTable(d), IsOk());
  DescribeTableRequest describe;
  describe.table_name = "at1";
  EXPECT_THAT(client->DescribeTable(describe),
              StatusIs(ErrorCode::kResourceNotFound, ""));
}

// "While the table is in the UPDATING state, the table still has the
// provisioned throughput from before the call": DescribeTable shows the old
// units (LastIncreaseDateTime stamped at the start) until the window ends,
// then the new ones with the stamp of the end.
TEST_P(LifecycleTest, ThroughputChangeTakesEffectWhenTheUpdateEnds) {
  ASSERT_THAT(client_->CreateTable(Request("cap1")), IsOk());
  clock_.AdvanceMicros(2 * kSecond);
  const double start = 1'700'000'002.0;
  StatusOr<UpdateTableResponse> raised = Raise("cap1", 7);
  ASSERT_THAT(raised, IsOk());
  const ProvisionedThroughputDescription& during =
      raised->table_description.provisioned_throughput;
  EXPECT_EQ(raised->table_description.table_status, TableStatus::kUpdating);
  EXPECT_EQ(during.read_capacity_units, 5);
  EXPECT_EQ(during.write_capacity_units, 5);
  EXPECT_EQ(during.last_increase_date_time, start);
  EXPECT_EQ(during.number_of_decreases_today, 0);
  DescribeTableRequest d;
  d.table_name = "cap1";
  clock_.AdvanceMicros(3 * kSecond - 1);
  StatusOr<DescribeTableResponse> last = client_->DescribeTable(d);
  ASSERT_THAT(last, IsOk());
  EXPECT_EQ(last->table.table_status, TableStatus::kUpdating);
  EXPECT_EQ(last->table.provisioned_throughput.read_capacity_units, 5);
  clock_.AdvanceMicros(1);
  StatusOr<DescribeTableResponse> after = client_->DescribeTable(d);
  ASSERT_THAT(after, IsOk());
  EXPECT_EQ(after->table.table_status, TableStatus::kActive);
  EXPECT_EQ(after->table.provisioned_throughput.read_capacity_units, 7);
  EXPECT_EQ(after->table.provisioned_throughput.last_increase_date_time,
            start + 3);

  // A decrease: LastDecreaseDateTime at the start, counted at the end.
  clock_.AdvanceMicros(10 * kSecond);
  StatusOr<UpdateTableResponse> lowered = Raise("cap1", 6);
  ASSERT_THAT(lowered, IsOk());
  const ProvisionedThroughputDescription& lowering =
      lowered->table_description.provisioned_throughput;
  EXPECT_EQ(lowering.read_capacity_units, 7);
  EXPECT_EQ(lowering.last_increase_date_time, start + 3);
  EXPECT_EQ(lowering.last_decrease_date_time, start + 13);
  EXPECT_EQ(lowering.number_of_decreases_today, 0);
  clock_.AdvanceMicros(3 * kSecond);
  after = client_->DescribeTable(d);
  ASSERT_THAT(after, IsOk());
  const ProvisionedThroughputDescription& lowered_after =
      after->table.provisioned_throughput;
  EXPECT_EQ(lowered_after.read_capacity_units, 6);
  EXPECT_EQ(lowered_after.last_increase_date_time, start + 3);
  EXPECT_EQ(lowered_after.last_decrease_date_time, start + 16);
  EXPECT_EQ(lowered_after.number_of_decreases_today, 1);
}

// A change right after the previous one's window (no request in between)
// starts from the settings the first one put in force.
TEST_P(LifecycleTest, BackToBackChangesKeepBothEnds) {
  ASSERT_THAT(client_->CreateTable(Request("cap6")), IsOk());
  clock_.AdvanceMicros(2 * kSecond);
  const double start = 1'700'000'002.0;
  ASSERT_THAT(Raise("cap6", 9), IsOk());
  clock_.AdvanceMicros(3 * kSecond);
  StatusOr<UpdateTableResponse> lowered = Raise("cap6", 8);
  ASSERT_THAT(lowered, IsOk());
  const ProvisionedThroughputDescription& t =
      lowered->table_description.provisioned_throughput;
  EXPECT_EQ(t.read_capacity_units, 9);
  EXPECT_EQ(t.last_increase_date_time, start + 3);
  EXPECT_EQ(t.last_decrease_date_time, start + 3);
  clock_.AdvanceMicros(3 * kSecond);
  DescribeTableRequest d;
  d.table_name = "cap6";
  StatusOr<DescribeTableResponse> after = client_->DescribeTable(d);
  ASSERT_THAT(after, IsOk());
  EXPECT_EQ(after->table.provisioned_throughput.read_capacity_units, 8);
  EXPECT_EQ(after->table.provisioned_throughput.last_increase_date_time,
            start + 3);
  EXPECT_EQ(after->table.provisioned_throughput.last_decrease_date_time,
            start + 6);
  EXPECT_EQ(after->table.provisioned_throughput.number_of_decreases_today, 1);
}

// A GSI's new throughput waits too; the index is UPDATING meanwhile.
TEST_P(LifecycleTest, IndexThroughputChangeTakesEffectWhenTheUpdateEnds) {
  ASSERT_THAT(client_->CreateTable(Request("cap2")), IsOk());
  clock_.AdvanceMicros(2 * kSecond);
  UpdateTableRequest u;
  u.table_name = "cap2";
  GlobalSecondaryIndexUpdate g;
  g.update =
      UpdateGlobalSecondaryIndexAction{"byG", ProvisionedThroughput{9, 8}};
  u.global_secondary_index_updates = {g};
  StatusOr<UpdateTableResponse> updated = client_->UpdateTable(u);
  ASSERT_THAT(updated, IsOk());
  ASSERT_EQ(updated->table_description.global_secondary_indexes.size(), 1u);
  const GlobalSecondaryIndexDescription& during =
      updated->table_description.global_secondary_indexes[0];
  EXPECT_EQ(during.index_status, IndexStatus::kUpdating);
  EXPECT_EQ(during.provisioned_throughput.read_capacity_units, 5);
  EXPECT_EQ(during.provisioned_throughput.write_capacity_units, 5);
  clock_.AdvanceMicros(3 * kSecond);
  DescribeTableRequest d;
  d.table_name = "cap2";
  StatusOr<DescribeTableResponse> after = client_->DescribeTable(d);
  ASSERT_THAT(after, IsOk());
  ASSERT_EQ(after->table.global_secondary_indexes.size(), 1u);
  const GlobalSecondaryIndexDescription& done =
      after->table.global_secondary_indexes[0];
  EXPECT_EQ(done.index_status, IndexStatus::kActive);
  EXPECT_EQ(done.provisioned_throughput.read_capacity_units, 9);
  EXPECT_EQ(done.provisioned_throughput.write_capacity_units, 8);
}

// A switch to on-demand is described (and billed) when the update ends.
TEST_P(LifecycleTest, BillingModeChangeTakesEffectWhenTheUpdateEnds) {
  ASSERT_THAT(client_->CreateTable(Request("cap3")), IsOk());
  clock_.AdvanceMicros(2 * kSecond);
  UpdateTableRequest u;
  u.table_name = "cap3";
  u.billing_mode = BillingMode::kPayPerRequest;
  StatusOr<UpdateTableResponse> updated = client_->UpdateTable(u);
  ASSERT_THAT(updated, IsOk());
  const TableDescription& during = updated->table_description;
  EXPECT_FALSE(during.billing_mode_summary.has_value());
  EXPECT_EQ(during.provisioned_throughput.read_capacity_units, 5);
  ASSERT_EQ(during.global_secondary_indexes.size(), 1u);
  EXPECT_EQ(during.global_secondary_indexes[0]
                .provisioned_throughput.read_capacity_units,
            5);
  clock_.AdvanceMicros(3 * kSecond);
  DescribeTableRequest d;
  d.table_name = "cap3";
  StatusOr<DescribeTableResponse> after = client_->DescribeTable(d);
  ASSERT_THAT(after, IsOk());
  ASSERT_TRUE(after->table.billing_mode_summary.has_value());
  EXPECT_EQ(after->table.billing_mode_summary->billing_mode,
            BillingMode::kPayPerRequest);
  EXPECT_EQ(after->table.provisioned_throughput.read_capacity_units, 0);
  ASSERT_EQ(after->table.global_secondary_indexes.size(), 1u);
  EXPECT_EQ(after->table.global_secondary_indexes[0]
                .provisioned_throughput.read_capacity_units,
            0);
}

// Throttling follows the units in force: 1 WCU until the window ends, then
// 100 WCU counted from the end of the window (not from the next request).
TEST_P(LifecycleTest, ThrottlingUsesTheOldThroughputUntilTheUpdateEnds) {
  ManualClock clock(1'700'000'000'000'000);
  Options o;
  o.clock = &clock;
  o.throttle.mode = ThrottleMode::kSimulate;
  o.throttle.burst_window_seconds = 1;
  o.transient_statuses.update_table_micros = 3 * kSecond;
  Database db(o);
  std::unique_ptr<Client> client = MakeClient(GetParam(), &db);
  CreateTableRequest c;
  c.table_name = "cap4";
  c.key_schema = {{"pk", KeyType::kHash}};
  c.attribute_definitions = {{"pk", ScalarAttributeType::kS}};
  c.provisioned_throughput = ProvisionedThroughput{1, 1};
  ASSERT_THAT(client->CreateTable(c), IsOk());
  clock.AdvanceMicros(2 * kSecond);
  UpdateTableRequest u;
  u.table_name = "cap4";
  u.provisioned_throughput = ProvisionedThroughput{1, 100};
  ASSERT_THAT(client->UpdateTable(u), IsOk());
  // Puts of one unit each until the first is throttled.
  int next_key = 0;
  auto puts = [&](int n) {
    int written = 0;
    for (int i = 0; i < n; ++i) {
      PutItemRequest p;
      p.table_name = "cap4";
      p.item = {{"pk", S("k" + std::to_string(next_key++))}};
      StatusOr<PutItemResponse> r = client->PutItem(p);
      if (!r.ok()) {
        EXPECT_EQ(r.status().code(), ErrorCode::kProvisionedThroughputExceeded)
            << r.status().message();
        break;
      }
      ++written;
    }
    return written;
  };
  clock.AdvanceMicros(kSecond);
  EXPECT_LE(puts(50), 2);            // 1 WCU in force while UPDATING
  clock.AdvanceMicros(3 * kSecond);  // the window ended 1 s ago
  EXPECT_EQ(puts(50), 50);
}

TEST_P(LifecycleTest, DefaultOptionsApplyCapacityAtOnce) {
  ManualClock clock(1'700'000'000'000'000);
  Options o;
  o.clock = &clock;
  Database db(o);
  std::unique_ptr<Client> client = MakeClient(GetParam(), &db);
  ASSERT_THAT(client->CreateTable(Request("cap5")), IsOk());
  UpdateTableRequest u;
  u.table_name = "cap5";
  u.provisioned_throughput = ProvisionedThroughput{3, 5};
  StatusOr<UpdateTableResponse> lowered = client->UpdateTable(u);
  ASSERT_THAT(lowered, IsOk());
  const ProvisionedThroughputDescription& t =
      lowered->table_description.provisioned_throughput;
  EXPECT_EQ(lowered->table_description.table_status, TableStatus::kActive);
  EXPECT_EQ(t.read_capacity_units, 3);
  EXPECT_EQ(t.last_decrease_date_time, 1'700'000'000.0);
  EXPECT_EQ(t.number_of_decreases_today, 1);
}

// A DELETING table still exists: ListTables lists it until it is gone.
TEST_P(LifecycleTest, ListTablesListsDeletingTables) {
  ASSERT_THAT(client_->CreateTable(Request("lt1")), IsOk());
  ASSERT_THAT(client_->CreateTable(Request("lt2")), IsOk());
  clock_.AdvanceMicros(2 * kSecond);
  ASSERT_THAT(Delete("lt1"), IsOk());
  ListTablesRequest l;
  StatusOr<ListTablesResponse> listed = client_->ListTables(l);
  ASSERT_THAT(listed, IsOk());
  EXPECT_THAT(listed->table_names, ::testing::ElementsAre("lt1", "lt2"));
  l.limit = 1;
  listed = client_->ListTables(l);
  ASSERT_THAT(listed, IsOk());
  EXPECT_THAT(listed->table_names, ::testing::ElementsAre("lt1"));
  EXPECT_EQ(listed->last_evaluated_table_name, "lt1");
  clock_.AdvanceMicros(4 * kSecond);
  l.limit.reset();
  listed = client_->ListTables(l);
  ASSERT_THAT(listed, IsOk());
  EXPECT_THAT(listed->table_names, ::testing::ElementsAre("lt2"));
}

// DynamoDB's quota on table operations in progress at once (lowered here to
// 3, and 2 creations of indexed tables): one more CreateTable, UpdateTable,
// DeleteTable or UpdateTimeToLive is a LimitExceededException until a
// window ends.
TEST_P(LifecycleTest, TableOperationsInProgressHaveAQuota) {
  Options o;
  o.clock = &clock_;
  o.transient_statuses = {.create_table_micros = 2 * kSecond,
                          .update_table_micros = 3 * kSecond,
                          .delete_table_micros = 4 * kSecond};
  o.max_concurrent_table_operations = 3;
  o.max_concurrent_indexed_table_creations = 2;
  Database db(o);
  std::unique_ptr<Client> client = MakeClient(GetParam(), &db);
  auto plain = [&](const std::string& name) {
    CreateTableRequest r = Request(name);
    r.global_secondary_indexes.clear();
    r.attribute_definitions.pop_back();
    return r;
  };
  const std::string operations =
      "Subscriber limit exceeded: Only 3 tables can be created, updated, or "
      "deleted simultaneously";
  ASSERT_THAT(client->CreateTable(Request("qa1")), IsOk());
  ASSERT_THAT(client->CreateTable(Request("qa2")), IsOk());
  EXPECT_THAT(client->CreateTable(Request("qa3")),
              StatusIsExactly(ErrorCode::kLimitExceeded,
                              "Subscriber limit exceeded: You have exceeded "
                              "the maximum number of indexed tables that can "
                              "be created simultaneously"));
  ASSERT_THAT(client->CreateTable(plain("qa3")), IsOk());
  EXPECT_THAT(client->CreateTable(plain("qa4")),
              StatusIsExactly(ErrorCode::kLimitExceeded, operations));

  clock_.AdvanceMicros(2 * kSecond);  // all three ACTIVE
  ASSERT_THAT(client->CreateTable(plain("qa4")), IsOk());
  clock_.AdvanceMicros(2 * kSecond);
  UpdateTableRequest raise;
  raise.provisioned_throughput = ProvisionedThroughput{6, 5};
  for (const char* name : {"qa1", "qa2", "qa3"}) {
    raise.table_name = name;
    ASSERT_THAT(client->UpdateTable(raise), IsOk()) << name;
  }
  DeleteTableRequest drop;
  drop.table_name = "qa4";
  EXPECT_THAT(client->DeleteTable(drop),
              StatusIsExactly(ErrorCode::kLimitExceeded, operations));
  UpdateTimeToLiveRequest ttl;
  ttl.table_name = "qa4";
  ttl.time_to_live_specification = {true, "expires"};
  EXPECT_THAT(client->UpdateTimeToLive(ttl),
              StatusIsExactly(ErrorCode::kLimitExceeded, operations));

  clock_.AdvanceMicros(3 * kSecond);  // the updates are over
  ASSERT_THAT(client->DeleteTable(drop), IsOk());
  EXPECT_THAT(client->UpdateTimeToLive(ttl),
              StatusIs(ErrorCode::kResourceNotFound, ""));
  // DELETING tables count too.
  for (const char* name : {"qa1", "qa2"}) {
    drop.table_name = name;
    ASSERT_THAT(client->DeleteTable(drop), IsOk()) << name;
  }
  raise.table_name = "qa3";
  raise.provisioned_throughput = ProvisionedThroughput{7, 5};
  EXPECT_THAT(client->UpdateTable(raise),
              StatusIsExactly(ErrorCode::kLimitExceeded, operations));
  clock_.AdvanceMicros(4 * kSecond);
  EXPECT_THAT(client->UpdateTable(raise), IsOk());
}

INSTANTIATE_TEST_SUITE_P(Clients, LifecycleTest,
                         ::testing::Values(ClientKind::kTyped,
                                           ClientKind::kJson),
                         KindName);

}  // namespace
}  // namespace eddy
