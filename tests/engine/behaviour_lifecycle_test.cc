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

INSTANTIATE_TEST_SUITE_P(Clients, LifecycleTest,
                         ::testing::Values(ClientKind::kTyped,
                                           ClientKind::kJson),
                         KindName);

}  // namespace
}  // namespace eddy
