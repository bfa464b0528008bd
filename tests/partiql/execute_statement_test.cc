// Copyright 2026 The eddy Authors.
//
// ExecuteStatement end to end: through the typed API (Database) and through
// Execute (DynamoDB JSON).

#include <string>
#include <vector>

#include "emulator/api/database.h"
#include "emulator/testing/status_matchers.h"
#include "emulator/wire/execute.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace eddy {
namespace {

using ::testing::HasSubstr;
using ::testing::SizeIs;

AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }
AttributeValue N(int64_t n) { return AttributeValue::N(n); }

class ExecuteStatementTest : public ::testing::Test {
 protected:
  ExecuteStatementTest() : clock_(1'700'000'000'000'000), db_(MakeOptions()) {
    CreateTableRequest r;
    r.table_name = "Music";
    r.key_schema = {{"Artist", KeyType::kHash}, {"SongTitle", KeyType::kRange}};
    r.attribute_definitions = {{"Artist", ScalarAttributeType::kS},
                               {"SongTitle", ScalarAttributeType::kS}};
    r.billing_mode = BillingMode::kPayPerRequest;
    EXPECT_THAT(db_.CreateTable(r), IsOk());
  }
  Options MakeOptions() {
    Options o;
    o.clock = &clock_;
    return o;
  }
  StatusOr<ExecuteStatementResponse> Run(
      std::string statement, std::vector<AttributeValue> parameters = {}) {
    ExecuteStatementRequest r;
    r.statement = std::move(statement);
    if (!parameters.empty()) r.parameters = std::move(parameters);
    return db_.ExecuteStatement(r);
  }
  void Insert(const std::string& artist, const std::string& title, int n) {
    ASSERT_THAT(Run("INSERT INTO \"Music\" VALUE {'Artist': ?, 'SongTitle': "
                    "?, 'Plays': ?}",
                    {S(artist), S(title), N(n)}),
                IsOk());
  }

  ManualClock clock_;
  Database db_;
};

TEST_F(ExecuteStatementTest, InsertThenSelectByFullKey) {
  Insert("Acme", "Song A", 1);
  StatusOr<ExecuteStatementResponse> r = Run(
      "SELECT * FROM \"Music\" WHERE Artist = 'Acme' AND SongTitle = 'Song A'");
  ASSERT_THAT(r, IsOk());
  ASSERT_THAT(r->items, SizeIs(1));
  EXPECT_EQ(r->items[0], (Item{{"Artist", S("Acme")},
                               {"SongTitle", S("Song A")},
                               {"Plays", N(1)}}));
  EXPECT_FALSE(r->next_token);
}

// Faults name the PartiQL operation and match the table and key a statement
// touches.
TEST_F(ExecuteStatementTest, FaultsMatchThePartiqlOperation) {
  Insert("Acme", "Song A", 1);
  Fault f;
  f.kind = Fault::Kind::kInternalServerError;
  f.operation = "ExecuteStatement";
  f.table_name = "Music";
  f.key = Item{{"Artist", S("Acme")}};
  ASSERT_THAT(db_.ArmFault(f), IsOk());
  const std::string select =
      "SELECT * FROM \"Music\" WHERE Artist = 'Acme' AND SongTitle = 'Song A'";
  // Another key does not match; the faulted key fails once.
  EXPECT_THAT(Run("SELECT * FROM \"Music\" WHERE Artist = 'Other' AND "
                  "SongTitle = 'x'"),
              IsOk());
  EXPECT_THAT(Run(select), StatusIs(ErrorCode::kInternalServerError));
  EXPECT_THAT(Run(select), IsOk());
  for (const char* op : {"BatchExecuteStatement", "ExecuteTransaction"}) {
    Fault g;
    g.operation = op;
    EXPECT_THAT(db_.ArmFault(g), IsOk()) << op;
  }
}

TEST_F(ExecuteStatementTest, SelectOfAMissingItemIsEmpty) {
  StatusOr<ExecuteStatementResponse> r = Run(
      "SELECT * FROM \"Music\" WHERE Artist = 'Nobody' AND SongTitle = 'x'");
  ASSERT_THAT(r, IsOk());
  EXPECT_TRUE(r->items.empty());
}

TEST_F(ExecuteStatementTest, InsertOfAnExistingKeyIsDuplicateItem) {
  Insert("Acme", "Song A", 1);
  EXPECT_THAT(Run("INSERT INTO \"Music\" VALUE {'Artist': 'Acme', "
                  "'SongTitle': 'Song A'}"),
              StatusIsExactly(ErrorCode::kDuplicateItem,
                              "Duplicate primary key exists in table"));
}

TEST_F(ExecuteStatementTest, ProjectionShapesTheItem) {
  Insert("Acme", "Song A", 7);
  StatusOr<ExecuteStatementResponse> r =
      Run("SELECT Plays FROM \"Music\" WHERE Artist = 'Acme' AND "
          "SongTitle = 'Song A'");
  ASSERT_THAT(r, IsOk());
  ASSERT_THAT(r->items, SizeIs(1));
  EXPECT_EQ(r->items[0], (Item{{"Plays", N(7)}}));
}

TEST_F(ExecuteStatementTest, QueryByPartitionKeyPagesWithLimitAndNextToken) {
  for (int i = 0; i < 5; ++i) Insert("Acme", "Song " + std::to_string(i), i);
  Insert("Other", "Song 0", 0);
  ExecuteStatementRequest req;
  req.statement = "SELECT * FROM \"Music\" WHERE Artist = ?";
  req.parameters = std::vector<AttributeValue>{S("Acme")};
  req.limit = 2;
  std::vector<Item> all;
  int pages = 0;
  while (true) {
    StatusOr<ExecuteStatementResponse> r = db_.ExecuteStatement(req);
    ASSERT_THAT(r, IsOk());
    ++pages;
    EXPECT_LE(r->items.size(), 2u);
    for (Item& i : r->items) all.push_back(std::move(i));
    if (!r->next_token) break;
    req.next_token = r->next_token;
    ASSERT_LT(pages, 10);
  }
  ASSERT_THAT(all, SizeIs(5));
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(*all[i].Find("SongTitle"), S("Song " + std::to_string(i)));
  }
}

TEST_F(ExecuteStatementTest, OrderByDescReversesTheQuery) {
  for (int i = 0; i < 3; ++i) Insert("Acme", "Song " + std::to_string(i), i);
  StatusOr<ExecuteStatementResponse> r =
      Run("SELECT SongTitle FROM \"Music\" WHERE Artist = 'Acme' ORDER BY "
          "SongTitle DESC");
  ASSERT_THAT(r, IsOk());
  ASSERT_THAT(r->items, SizeIs(3));
  EXPECT_EQ(*r->items[0].Find("SongTitle"), S("Song 2"));
  EXPECT_EQ(*r->items[2].Find("SongTitle"), S("Song 0"));
}

TEST_F(ExecuteStatementTest, ScanWithFilter) {
  for (int i = 0; i < 4; ++i) Insert("A" + std::to_string(i), "t", i);
  StatusOr<ExecuteStatementResponse> r =
      Run("SELECT * FROM \"Music\" WHERE Plays >= 2");
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(r->items, SizeIs(2));
}

TEST_F(ExecuteStatementTest, NextTokenOfAnotherStatementIsRefused) {
  for (int i = 0; i < 3; ++i) Insert("Acme", "Song " + std::to_string(i), i);
  ExecuteStatementRequest req;
  req.statement = "SELECT * FROM \"Music\" WHERE Artist = 'Acme'";
  req.limit = 1;
  StatusOr<ExecuteStatementResponse> r = db_.ExecuteStatement(req);
  ASSERT_THAT(r, IsOk());
  ASSERT_TRUE(r->next_token);
  req.statement = "SELECT * FROM \"Music\"";
  req.next_token = r->next_token;
  EXPECT_THAT(db_.ExecuteStatement(req),
              StatusIsExactly(ErrorCode::kValidation,
                              "NextToken does not match request"));
  req.next_token = "bm90IGEgdG9rZW4=";
  EXPECT_THAT(db_.ExecuteStatement(req),
              StatusIsExactly(ErrorCode::kValidation, "Invalid NextToken"));
}

TEST_F(ExecuteStatementTest, UpdateSetsAndReturns) {
  Insert("Acme", "Song A", 1);
  StatusOr<ExecuteStatementResponse> r =
      Run("UPDATE \"Music\" SET Plays = Plays + 1 WHERE Artist = 'Acme' AND "
          "SongTitle = 'Song A' RETURNING ALL NEW *");
  ASSERT_THAT(r, IsOk());
  ASSERT_THAT(r->items, SizeIs(1));
  EXPECT_EQ(*r->items[0].Find("Plays"), N(2));
}

TEST_F(ExecuteStatementTest, UpdateOfAMissingItemFailsItsCondition) {
  EXPECT_THAT(Run("UPDATE \"Music\" SET Plays = 1 WHERE Artist = 'Nobody' "
                  "AND SongTitle = 'x'"),
              StatusIsExactly(ErrorCode::kConditionalCheckFailed,
                              "The conditional request failed"));
}

TEST_F(ExecuteStatementTest, DeleteWithAFailingCondition) {
  Insert("Acme", "Song A", 1);
  EXPECT_THAT(Run("DELETE FROM \"Music\" WHERE Artist = 'Acme' AND "
                  "SongTitle = 'Song A' AND Plays = 5"),
              StatusIsExactly(ErrorCode::kConditionalCheckFailed,
                              "The conditional request failed"));
  StatusOr<ExecuteStatementResponse> r =
      Run("DELETE FROM \"Music\" WHERE Artist = 'Acme' AND SongTitle = "
          "'Song A' RETURNING ALL OLD *");
  ASSERT_THAT(r, IsOk());
  ASSERT_THAT(r->items, SizeIs(1));
  EXPECT_EQ(*r->items[0].Find("Plays"), N(1));
  EXPECT_TRUE(Run("SELECT * FROM \"Music\"")->items.empty());
}

TEST_F(ExecuteStatementTest, PlannerErrors) {
  EXPECT_THAT(
      Run("SELECT * FROM \"Music\" WHERE Artist = ?"),
      StatusIsExactly(ErrorCode::kValidation,
                      "Number of parameters in request and statement don't "
                      "match."));
  EXPECT_THAT(Run("SELEC * FROM \"Music\""),
              StatusIs(ErrorCode::kValidation,
                       "Statement wasn't well formed, can't be processed"));
  EXPECT_THAT(Run("SELECT * FROM \"Nope\""),
              StatusIs(ErrorCode::kResourceNotFound));
  EXPECT_THAT(Run("DELETE FROM \"Music\" WHERE Artist = 'a'"),
              StatusIs(ErrorCode::kValidation));
}

TEST_F(ExecuteStatementTest, RequestModelErrors) {
  EXPECT_THAT(Run(""), StatusIs(ErrorCode::kValidation,
                                "Member must have length greater than or "
                                "equal to 1"));
  ExecuteStatementRequest r;
  r.statement = "SELECT * FROM \"Music\"";
  r.limit = 0;
  EXPECT_THAT(db_.ExecuteStatement(r),
              StatusIs(ErrorCode::kValidation,
                       "Member must have value greater than or equal to 1"));
}

TEST_F(ExecuteStatementTest, ConsumedCapacityOfAGet) {
  Insert("Acme", "Song A", 1);
  ExecuteStatementRequest r;
  r.statement =
      "SELECT * FROM \"Music\" WHERE Artist = 'Acme' AND SongTitle = 'Song A'";
  r.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  r.consistent_read = true;
  StatusOr<ExecuteStatementResponse> resp = db_.ExecuteStatement(r);
  ASSERT_THAT(resp, IsOk());
  ASSERT_TRUE(resp->consumed_capacity);
  EXPECT_EQ(resp->consumed_capacity->table_name, "Music");
  EXPECT_EQ(resp->consumed_capacity->capacity_units, 1.0);
}

TEST_F(ExecuteStatementTest, ThroughExecute) {
  WireResponse w = Execute(
      db_, "ExecuteStatement",
      R"({"Statement":"INSERT INTO \"Music\" VALUE {'Artist':?,'SongTitle':?}",
          "Parameters":[{"S":"Acme"},{"S":"Song A"}]})");
  EXPECT_EQ(w.http_status, 200) << w.body;
  EXPECT_EQ(w.body, R"({"Items":[]})");
  w = Execute(
      db_, "ExecuteStatement",
      R"({"Statement":"SELECT * FROM \"Music\" WHERE Artist = ?","Parameters":[{"S":"Acme"}]})");
  EXPECT_EQ(w.http_status, 200) << w.body;
  EXPECT_THAT(w.body, HasSubstr(R"("SongTitle":{"S":"Song A"})"));
  w = Execute(
      db_, "ExecuteStatement",
      R"({"Statement":"INSERT INTO \"Music\" VALUE {'Artist':'Acme','SongTitle':'Song A'}"})");
  EXPECT_EQ(w.http_status, 400);
  EXPECT_THAT(w.body, HasSubstr("DuplicateItemException"));
  EXPECT_THAT(w.body, HasSubstr("Duplicate primary key exists in table"));
  w = Execute(db_, "ExecuteStatement", R"({})");
  EXPECT_EQ(w.http_status, 400);
  EXPECT_THAT(w.body, HasSubstr("statement"));
}

TEST_F(ExecuteStatementTest, BatchOfWritesAnswersEachStatement) {
  Insert("Acme", "Song A", 1);
  BatchExecuteStatementRequest req;
  auto add = [&req](std::string statement) {
    BatchStatementRequest s;
    s.statement = std::move(statement);
    req.statements.push_back(std::move(s));
  };
  add("INSERT INTO \"Music\" VALUE {'Artist': 'Acme', 'SongTitle': 'Song B'}");
  add("INSERT INTO \"Music\" VALUE {'Artist': 'Acme', 'SongTitle': 'Song A'}");
  add("UPDATE \"Music\" SET Plays = 9 WHERE Artist = 'Acme' AND SongTitle = "
      "'Song C'");
  add("INSERT INTO \"Nope\" VALUE {'Artist': 'x', 'SongTitle': 'y'}");
  StatusOr<BatchExecuteStatementResponse> r = db_.BatchExecuteStatement(req);
  ASSERT_THAT(r, IsOk());
  ASSERT_THAT(r->responses, SizeIs(4));
  EXPECT_FALSE(r->responses[0].error);
  ASSERT_TRUE(r->responses[0].table_name);
  EXPECT_EQ(*r->responses[0].table_name, "Music");
  ASSERT_TRUE(r->responses[1].error);
  EXPECT_EQ(r->responses[1].error->code,
            BatchStatementErrorCode::kDuplicateItem);
  ASSERT_TRUE(r->responses[2].error);
  EXPECT_EQ(r->responses[2].error->code,
            BatchStatementErrorCode::kConditionalCheckFailed);
  ASSERT_TRUE(r->responses[3].error);
  EXPECT_EQ(r->responses[3].error->code,
            BatchStatementErrorCode::kResourceNotFound);
  EXPECT_THAT(Run("SELECT * FROM \"Music\" WHERE Artist = 'Acme'")->items,
              SizeIs(2));
}

TEST_F(ExecuteStatementTest, BatchOfReads) {
  Insert("Acme", "Song A", 1);
  BatchExecuteStatementRequest req;
  for (const char* title : {"Song A", "Song Z"}) {
    BatchStatementRequest s;
    s.statement =
        "SELECT * FROM \"Music\" WHERE Artist = 'Acme' AND SongTitle = ?";
    s.parameters = std::vector<AttributeValue>{S(title)};
    req.statements.push_back(std::move(s));
  }
  StatusOr<BatchExecuteStatementResponse> r = db_.BatchExecuteStatement(req);
  ASSERT_THAT(r, IsOk());
  ASSERT_THAT(r->responses, SizeIs(2));
  ASSERT_TRUE(r->responses[0].item);
  EXPECT_EQ(*r->responses[0].item->Find("Plays"), N(1));
  EXPECT_FALSE(r->responses[1].item);
  EXPECT_FALSE(r->responses[1].error);
}

TEST_F(ExecuteStatementTest, BatchRefusesMixingAndTooMany) {
  BatchExecuteStatementRequest req;
  BatchStatementRequest read;
  read.statement =
      "SELECT * FROM \"Music\" WHERE Artist = 'a' AND SongTitle = 'b'";
  BatchStatementRequest write;
  write.statement =
      "INSERT INTO \"Music\" VALUE {'Artist': 'a', 'SongTitle': 'c'}";
  req.statements = {read, write};
  EXPECT_THAT(db_.BatchExecuteStatement(req),
              StatusIsExactly(ErrorCode::kValidation,
                              "Read and write requests together in the same "
                              "batch is not supported."));
  req.statements.assign(26, read);
  EXPECT_THAT(db_.BatchExecuteStatement(req),
              StatusIs(ErrorCode::kValidation,
                       "Member must have length less than or equal to 25"));
}

TEST_F(ExecuteStatementTest, TransactionOfWritesIsAllOrNothing) {
  Insert("Acme", "Song A", 1);
  ExecuteTransactionRequest req;
  auto add = [&req](std::string statement) {
    ParameterizedStatement s;
    s.statement = std::move(statement);
    req.transact_statements.push_back(std::move(s));
  };
  add("INSERT INTO \"Music\" VALUE {'Artist': 'Acme', 'SongTitle': 'Song B'}");
  add("UPDATE \"Music\" SET Plays = 5 WHERE Artist = 'Acme' AND SongTitle = "
      "'Song A' AND Plays = 3");
  StatusOr<ExecuteTransactionResponse> r = db_.ExecuteTransaction(req);
  ASSERT_THAT(r, StatusIs(ErrorCode::kTransactionCanceled));
  ASSERT_THAT(r.status().cancellation_reasons(), SizeIs(2));
  EXPECT_EQ(r.status().cancellation_reasons()[0].code, "None");
  EXPECT_EQ(r.status().cancellation_reasons()[1].code,
            "ConditionalCheckFailed");
  EXPECT_THAT(Run("SELECT * FROM \"Music\" WHERE Artist = 'Acme'")->items,
              SizeIs(1));

  req.transact_statements[1].statement =
      "UPDATE \"Music\" SET Plays = 5 WHERE Artist = 'Acme' AND SongTitle = "
      "'Song A' AND Plays = 1";
  req.client_request_token = "token-1";
  ASSERT_THAT(db_.ExecuteTransaction(req), IsOk());
  // A replay with the same token changes nothing and succeeds.
  ASSERT_THAT(db_.ExecuteTransaction(req), IsOk());
  StatusOr<ExecuteStatementResponse> a =
      Run("SELECT Plays FROM \"Music\" WHERE Artist = 'Acme' AND SongTitle = "
          "'Song A'");
  ASSERT_THAT(a, IsOk());
  EXPECT_EQ(a->items[0], (Item{{"Plays", N(5)}}));
  // The same token with other statements is a mismatch.
  req.transact_statements.pop_back();
  EXPECT_THAT(db_.ExecuteTransaction(req),
              StatusIs(ErrorCode::kIdempotentParameterMismatch));
}

TEST_F(ExecuteStatementTest, TransactionInsertOfAnExistingKey) {
  Insert("Acme", "Song A", 1);
  ExecuteTransactionRequest req;
  ParameterizedStatement s;
  s.statement =
      "INSERT INTO \"Music\" VALUE {'Artist': 'Acme', 'SongTitle': 'Song A'}";
  req.transact_statements.push_back(s);
  StatusOr<ExecuteTransactionResponse> r = db_.ExecuteTransaction(req);
  ASSERT_THAT(r, StatusIs(ErrorCode::kTransactionCanceled));
  ASSERT_THAT(r.status().cancellation_reasons(), SizeIs(1));
  EXPECT_EQ(r.status().cancellation_reasons()[0].code, "DuplicateItem");
}

TEST_F(ExecuteStatementTest, TransactionOfReads) {
  Insert("Acme", "Song A", 1);
  ExecuteTransactionRequest req;
  for (const char* title : {"Song A", "Song Z"}) {
    ParameterizedStatement s;
    s.statement =
        "SELECT * FROM \"Music\" WHERE Artist = 'Acme' AND SongTitle = ?";
    s.parameters = std::vector<AttributeValue>{S(title)};
    req.transact_statements.push_back(std::move(s));
  }
  StatusOr<ExecuteTransactionResponse> r = db_.ExecuteTransaction(req);
  ASSERT_THAT(r, IsOk());
  ASSERT_THAT(r->responses, SizeIs(2));
  ASSERT_TRUE(r->responses[0].item);
  EXPECT_FALSE(r->responses[1].item);
  ParameterizedStatement w;
  w.statement = "INSERT INTO \"Music\" VALUE {'Artist': 'a', 'SongTitle': 'b'}";
  req.transact_statements.push_back(w);
  EXPECT_THAT(db_.ExecuteTransaction(req),
              StatusIsExactly(ErrorCode::kValidation,
                              "ExecuteTransaction API does not support both "
                              "read and write operations in the same "
                              "request."));
}

TEST_F(ExecuteStatementTest, BatchAndTransactionThroughExecute) {
  WireResponse w = Execute(
      db_, "BatchExecuteStatement",
      R"({"Statements":[{"Statement":"INSERT INTO \"Music\" VALUE {'Artist':'a','SongTitle':'b'}"},
                        {"Statement":"INSERT INTO \"Music\" VALUE {'Artist':'a','SongTitle':'c'}"}]})");
  EXPECT_EQ(w.http_status, 200) << w.body;
  EXPECT_EQ(w.body,
            R"({"Responses":[{"TableName":"Music"},{"TableName":"Music"}]})");
  w = Execute(
      db_, "ExecuteTransaction",
      R"({"TransactStatements":[{"Statement":"SELECT * FROM \"Music\" WHERE Artist = ? AND SongTitle = ?","Parameters":[{"S":"a"},{"S":"b"}]}]})");
  EXPECT_EQ(w.http_status, 200) << w.body;
  EXPECT_EQ(
      w.body,
      R"({"Responses":[{"Item":{"Artist":{"S":"a"},"SongTitle":{"S":"b"}}}]})");
  w = Execute(
      db_, "ExecuteTransaction",
      R"({"TransactStatements":[{"Statement":"INSERT INTO \"Music\" VALUE {'Artist':'a','SongTitle':'b'}"}]})");
  EXPECT_EQ(w.http_status, 400);
  EXPECT_THAT(w.body, HasSubstr("TransactionCanceledException"));
}

}  // namespace
}  // namespace eddy
