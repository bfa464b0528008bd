// Copyright 2026 The eddy Authors.
//
// The table of PartiQL execution cases (issue 19): for each statement, the
// operation DynamoDB runs it as (asserted on the planner's Plan), the items
// it returns, and the ConsumedCapacity DynamoDB reports for that operation
// (asserted through the typed API with ReturnConsumedCapacity TOTAL):
//   - a read unit covers 4 KB of the items read (x0.5 eventually
//     consistent); GetItem rounds its one item up, Query and Scan round the
//     total of the items they read (before the WHERE's filter); a missing
//     item still costs the minimum;
//   - a write unit covers 1 KB: PutItem the new item, UpdateItem the larger
//     of the old and new item, DeleteItem the old item (1 unit when absent);
//   - in ExecuteTransaction every read and write costs twice as much
//     (TransactGetItems / TransactWriteItems); an EXISTS check is billed as
//     a write of the item it checks, as TransactWriteItems' ConditionCheck.
// The README's PartiQL section shows the same table.
//
// Every case runs on a fresh table Music(Artist, SongTitle) with a
// KEYS_ONLY GSI "Genre-index" on Genre, holding ten items ("Acme",
// "Song 0".."Song 9") of 1,528 bytes and two ("Other", "Song 0".."Song 1")
// of 1,538 bytes that have a Genre.

#include <optional>
#include <string>
#include <vector>

#include "emulator/api/database.h"
#include "emulator/partiql/partiql.h"
#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace eddy {
namespace {

using partiql::PlanOperation;

constexpr int kPad = 1500;

AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }

Item AcmeItem(int i) {
  return Item{{"Artist", S("Acme")},
              {"SongTitle", S("Song " + std::to_string(i))},
              {"Pad", S(std::string(kPad, 'a'))}};
}
Item OtherItem(int i) {
  return Item{{"Artist", S("Other")},
              {"SongTitle", S("Song " + std::to_string(i))},
              {"Genre", S("Rock")},
              {"Pad", S(std::string(kPad, 'o'))}};
}

CreateTableRequest MusicTable() {
  CreateTableRequest r;
  r.table_name = "Music";
  r.key_schema = {{"Artist", KeyType::kHash}, {"SongTitle", KeyType::kRange}};
  r.attribute_definitions = {{"Artist", ScalarAttributeType::kS},
                             {"SongTitle", ScalarAttributeType::kS},
                             {"Genre", ScalarAttributeType::kS}};
  GlobalSecondaryIndex gsi;
  gsi.index_name = "Genre-index";
  gsi.key_schema = {{"Genre", KeyType::kHash}};
  gsi.projection.projection_type = ProjectionType::kKeysOnly;
  r.global_secondary_indexes = {gsi};
  r.billing_mode = BillingMode::kPayPerRequest;
  return r;
}

// The planner's view of the same table.
const partiql::MapSchemaLookup& Schemas() {
  static const partiql::MapSchemaLookup* schemas = [] {
    auto* s = new partiql::MapSchemaLookup();
    partiql::TableSchema t;
    t.table_name = "Music";
    t.key = {partiql::KeyAttribute{"Artist", ScalarAttributeType::kS},
             partiql::KeyAttribute{"SongTitle", ScalarAttributeType::kS}};
    partiql::IndexSchema gsi;
    gsi.index_name = "Genre-index";
    gsi.key = {partiql::KeyAttribute{"Genre", ScalarAttributeType::kS}};
    gsi.projection_type = ProjectionType::kKeysOnly;
    t.indexes.push_back(gsi);
    s->Add(t);
    return s;
  }();
  return *schemas;
}

// Creates Music in `db` and writes its twelve items.
void FillMusic(Database& db) {
  ASSERT_THAT(db.CreateTable(MusicTable()), IsOk());
  PutItemRequest put;
  put.table_name = "Music";
  for (int i = 0; i < 10; ++i) {
    put.item = AcmeItem(i);
    ASSERT_THAT(db.PutItem(put), IsOk());
  }
  for (int i = 0; i < 2; ++i) {
    put.item = OtherItem(i);
    ASSERT_THAT(db.PutItem(put), IsOk());
  }
}

class ExecutionCasesTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_NO_FATAL_FAILURE(FillMusic(db_)); }

  Database db_;
};

// The sizes the figures below are computed from.
TEST_F(ExecutionCasesTest, ItemSizes) {
  EXPECT_EQ(ItemSizeBytes(AcmeItem(3)), 1528);   // 1 read unit, 2 write units
  EXPECT_EQ(ItemSizeBytes(OtherItem(0)), 1538);  // the same
}

struct StatementCase {
  const char* name;
  std::string statement;
  std::vector<AttributeValue> parameters;
  bool consistent_read = false;
  PlanOperation operation;
  size_t queries = 0;  // kQuery: how many Queries
  size_t items;        // Items in the response
  double capacity_units;
};

std::vector<StatementCase> StatementCases() {
  const std::string pad(kPad, 'n');
  return {
      // SELECT -> GetItem: one item of 1,528 bytes is 1 unit of 4 KB.
      {"get",
       "SELECT * FROM Music WHERE Artist = 'Acme' AND SongTitle = "
       "'Song 3'",
       {},
       false,
       PlanOperation::kGetItem,
       0,
       1,
       0.5},
      {"get_consistent",
       "SELECT * FROM Music WHERE Artist = ? AND "
       "SongTitle = ?",
       {S("Acme"), S("Song 3")},
       true,
       PlanOperation::kGetItem,
       0,
       1,
       1.0},
      {"get_missing",
       "SELECT * FROM Music WHERE Artist = 'Acme' AND "
       "SongTitle = 'Nope'",
       {},
       false,
       PlanOperation::kGetItem,
       0,
       0,
       0.5},
      {"get_projection",
       "SELECT SongTitle FROM Music WHERE Artist = 'Acme' "
       "AND SongTitle = 'Song 3'",
       {},
       false,
       PlanOperation::kGetItem,
       0,
       1,
       0.5},
      // SELECT -> Query: 10 x 1,528 = 15,280 bytes = 4 units of 4 KB.
      {"query",
       "SELECT * FROM Music WHERE Artist = 'Acme'",
       {},
       false,
       PlanOperation::kQuery,
       1,
       10,
       2.0},
      {"query_consistent",
       "SELECT * FROM Music WHERE Artist = 'Acme'",
       {},
       true,
       PlanOperation::kQuery,
       1,
       10,
       4.0},
      // 3 x 1,528 = 4,584 bytes = 2 units.
      {"query_range",
       "SELECT * FROM Music WHERE Artist = 'Acme' AND "
       "SongTitle BETWEEN 'Song 0' AND 'Song 2'",
       {},
       false,
       PlanOperation::kQuery,
       1,
       3,
       1.0},
      // A filter and a projection do not lower what the Query read.
      {"query_filtered",
       "SELECT SongTitle FROM Music WHERE Artist = 'Acme' "
       "AND begins_with(\"Pad\", 'zzz')",
       {},
       false,
       PlanOperation::kQuery,
       1,
       0,
       2.0},
      // Two Queries, each rounded on its own: 4 units + 1 unit (eddy's
      // figure; DynamoDB's for an IN over partition keys is unconfirmed).
      {"query_in",
       "SELECT * FROM Music WHERE Artist IN ['Acme', 'Other']",
       {},
       false,
       PlanOperation::kQuery,
       2,
       12,
       2.5},
      // The KEYS_ONLY GSI: 2 entries of a few bytes, 1 unit.
      {"query_index",
       "SELECT * FROM \"Music\".\"Genre-index\" WHERE "
       "Genre = 'Rock'",
       {},
       false,
       PlanOperation::kQuery,
       1,
       2,
       0.5},
      // SELECT -> Scan: every item read, 10 x 1,528 + 2 x 1,538 = 18,356
      // bytes = 5 units, whatever the filter keeps.
      {"scan",
       "SELECT * FROM Music",
       {},
       false,
       PlanOperation::kScan,
       0,
       12,
       2.5},
      {"scan_filtered",
       "SELECT * FROM Music WHERE Genre = 'Rock'",
       {},
       true,
       PlanOperation::kScan,
       0,
       2,
       5.0},
      // INSERT -> PutItem: the new item's 1 KB units.
      {"insert",
       "INSERT INTO Music VALUE {'Artist': 'New', 'SongTitle': "
       "'x', 'Pad': ?}",
       {S(pad)},
       false,
       PlanOperation::kPutItem,
       0,
       0,
       2.0},
      {"insert_small",
       "INSERT INTO Music VALUE {'Artist': 'New', "
       "'SongTitle': 'x'}",
       {},
       false,
       PlanOperation::kPutItem,
       0,
       0,
       1.0},
      // UPDATE -> UpdateItem: the larger of the old and new item.
      {"update",
       "UPDATE Music SET Plays = 1 WHERE Artist = 'Acme' AND "
       "SongTitle = 'Song 3'",
       {},
       false,
       PlanOperation::kUpdateItem,
       0,
       0,
       2.0},
      {"update_growing",
       "UPDATE Music SET Pad2 = ? WHERE Artist = 'Acme' "
       "AND SongTitle = 'Song 3' RETURNING MODIFIED NEW *",
       {S(std::string(600, 'g'))},
       false,
       PlanOperation::kUpdateItem,
       0,
       1,
       3.0},  // 1,528 + 4 + 600 = 2,132 bytes
      {"update_shrinking",
       "UPDATE Music REMOVE \"Pad\" WHERE Artist = 'Acme' "
       "AND SongTitle = 'Song 3'",
       {},
       false,
       PlanOperation::kUpdateItem,
       0,
       0,
       2.0},
      // DELETE -> DeleteItem: the old item; 1 unit when there is none.
      {"delete",
       "DELETE FROM Music WHERE Artist = 'Acme' AND SongTitle = "
       "'Song 3' RETURNING ALL OLD *",
       {},
       false,
       PlanOperation::kDeleteItem,
       0,
       1,
       2.0},
      {"delete_missing",
       "DELETE FROM Music WHERE Artist = 'Acme' AND "
       "SongTitle = 'Nope'",
       {},
       false,
       PlanOperation::kDeleteItem,
       0,
       0,
       1.0},
  };
}

TEST_F(ExecutionCasesTest, ExecuteStatement) {
  for (const StatementCase& c : StatementCases()) {
    SCOPED_TRACE(c.name);
    partiql::PlanOptions options;
    options.consistent_read = c.consistent_read;
    StatusOr<partiql::Plan> plan =
        partiql::PlanStatement(c.statement, c.parameters, Schemas(), options);
    ASSERT_THAT(plan, IsOk());
    EXPECT_EQ(plan->operation, c.operation)
        << partiql::PlanOperationName(plan->operation);
    if (c.operation == PlanOperation::kQuery) {
      EXPECT_EQ(plan->queries.size(), c.queries);
    }

    Database db;  // fresh: writes must not leak into the next case
    ASSERT_NO_FATAL_FAILURE(FillMusic(db));
    ExecuteStatementRequest r;
    r.statement = c.statement;
    if (!c.parameters.empty()) r.parameters = c.parameters;
    r.consistent_read = c.consistent_read;
    r.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
    StatusOr<ExecuteStatementResponse> resp = db.ExecuteStatement(r);
    ASSERT_THAT(resp, IsOk());
    EXPECT_EQ(resp->items.size(), c.items);
    EXPECT_FALSE(resp->next_token);
    ASSERT_TRUE(resp->consumed_capacity);
    EXPECT_EQ(resp->consumed_capacity->table_name, "Music");
    EXPECT_EQ(resp->consumed_capacity->capacity_units, c.capacity_units);
  }
}

ParameterizedStatement Statement(std::string text) {
  ParameterizedStatement s;
  s.statement = std::move(text);
  return s;
}

double TransactionUnits(Database& db, std::vector<ParameterizedStatement> s,
                        size_t* responses = nullptr) {
  ExecuteTransactionRequest r;
  r.transact_statements = std::move(s);
  r.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  StatusOr<ExecuteTransactionResponse> resp = db.ExecuteTransaction(r);
  EXPECT_THAT(resp, IsOk());
  if (!resp.ok()) return -1;
  if (responses != nullptr) *responses = resp->responses.size();
  EXPECT_EQ(resp->consumed_capacity.size(), 1u);
  if (resp->consumed_capacity.size() != 1) return -1;
  EXPECT_EQ(resp->consumed_capacity[0].table_name, "Music");
  return resp->consumed_capacity[0].capacity_units;
}

// Reads become one TransactGetItems: 2 units per 4 KB of each item, a
// missing item costing the minimum.
TEST_F(ExecutionCasesTest, TransactionOfReads) {
  size_t responses = 0;
  EXPECT_EQ(TransactionUnits(
                db_,
                {Statement("SELECT * FROM Music WHERE Artist = 'Acme' AND "
                           "SongTitle = 'Song 1'"),
                 Statement("SELECT SongTitle FROM Music WHERE Artist = "
                           "'Other' AND SongTitle = 'Song 0'"),
                 Statement("SELECT * FROM Music WHERE Artist = 'Acme' AND "
                           "SongTitle = 'Nope'")},
                &responses),
            6.0);
  EXPECT_EQ(responses, 3u);
}

// Writes and EXISTS checks become one TransactWriteItems: twice each write's
// units; an EXISTS check as a write of the item it checks.
TEST_F(ExecutionCasesTest, TransactionOfWrites) {
  const std::string pad(kPad, 'n');
  ParameterizedStatement insert = Statement(
      "INSERT INTO Music VALUE {'Artist': 'New', 'SongTitle': 'x', "
      "'Pad': ?}");
  insert.parameters = std::vector<AttributeValue>{S(pad)};
  EXPECT_EQ(TransactionUnits(db_, {insert}), 4.0);
  EXPECT_EQ(TransactionUnits(db_, {Statement("UPDATE Music SET Plays = 1 WHERE "
                                             "Artist = 'Acme' AND SongTitle = "
                                             "'Song 1'")}),
            4.0);
  EXPECT_EQ(
      TransactionUnits(db_, {Statement("DELETE FROM Music WHERE Artist = "
                                       "'Acme' AND SongTitle = 'Song 2'")}),
      4.0);
  EXPECT_EQ(
      TransactionUnits(db_, {Statement("EXISTS(SELECT * FROM Music WHERE "
                                       "Artist = 'Acme' AND SongTitle = "
                                       "'Song 4' AND Plays IS MISSING)")}),
      4.0);
  // All four kinds in one transaction: the sum.
  size_t responses = 1;
  ParameterizedStatement insert2 = insert;
  insert2.statement =
      "INSERT INTO Music VALUE {'Artist': 'New', 'SongTitle': 'y', 'Pad': ?}";
  EXPECT_EQ(
      TransactionUnits(
          db_,
          {insert2,
           Statement("UPDATE Music SET Plays = 2 WHERE Artist = 'Acme' AND "
                     "SongTitle = 'Song 5'"),
           Statement("DELETE FROM Music WHERE Artist = 'Acme' AND SongTitle "
                     "= 'Song 6'"),
           Statement("EXISTS(SELECT * FROM Music WHERE Artist = 'Acme' AND "
                     "SongTitle = 'Song 7' AND \"Pad\" IS NOT MISSING)")},
          &responses),
      16.0);
  EXPECT_EQ(responses, 0u);  // a transaction of writes answers no Responses
}

// BatchExecuteStatement runs each statement as its single-item operation and
// reports the units per table, summed.
TEST_F(ExecutionCasesTest, BatchExecuteStatement) {
  BatchExecuteStatementRequest reads;
  reads.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  for (const char* title : {"Song 1", "Song 2", "Nope"}) {
    BatchStatementRequest s;
    s.statement = "SELECT * FROM Music WHERE Artist = 'Acme' AND SongTitle = ?";
    s.parameters = std::vector<AttributeValue>{S(title)};
    reads.statements.push_back(std::move(s));
  }
  StatusOr<BatchExecuteStatementResponse> r = db_.BatchExecuteStatement(reads);
  ASSERT_THAT(r, IsOk());
  ASSERT_EQ(r->consumed_capacity.size(), 1u);
  EXPECT_EQ(r->consumed_capacity[0].table_name, "Music");
  EXPECT_EQ(r->consumed_capacity[0].capacity_units, 1.5);  // 3 GetItems

  BatchExecuteStatementRequest writes;
  writes.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  for (const char* text :
       {"INSERT INTO Music VALUE {'Artist': 'New', 'SongTitle': 'x'}",
        "UPDATE Music SET Plays = 1 WHERE Artist = 'Acme' AND SongTitle = "
        "'Song 1'",
        "DELETE FROM Music WHERE Artist = 'Acme' AND SongTitle = 'Song 2'"}) {
    BatchStatementRequest s;
    s.statement = text;
    writes.statements.push_back(std::move(s));
  }
  r = db_.BatchExecuteStatement(writes);
  ASSERT_THAT(r, IsOk());
  for (const BatchStatementResponse& each : r->responses) {
    EXPECT_FALSE(each.error);
  }
  ASSERT_EQ(r->consumed_capacity.size(), 1u);
  EXPECT_EQ(r->consumed_capacity[0].capacity_units, 5.0);  // 1 + 2 + 2
}

// The planner's view: in a transaction, reads are GetItems and EXISTS (which
// needs a condition beyond the key) is a ConditionCheck.
TEST_F(ExecutionCasesTest, TransactionPlans) {
  partiql::PlanOptions options;
  options.context = partiql::StatementContext::kExecuteTransaction;
  StatusOr<partiql::Plan> read = partiql::PlanStatement(
      "SELECT * FROM Music WHERE Artist = 'Acme' AND SongTitle = 'Song 1'", {},
      Schemas(), options);
  ASSERT_THAT(read, IsOk());
  EXPECT_EQ(read->operation, PlanOperation::kGetItem);
  StatusOr<partiql::Plan> check = partiql::PlanStatement(
      "EXISTS(SELECT * FROM Music WHERE Artist = 'Acme' AND SongTitle = "
      "'Song 1' AND Plays IS MISSING)",
      {}, Schemas(), options);
  ASSERT_THAT(check, IsOk());
  EXPECT_EQ(check->operation, PlanOperation::kConditionCheck);
}

}  // namespace
}  // namespace eddy
