// Copyright 2026 The eddy Authors.
//
// PartiQL against a live table: statements generated from a small grammar
// (SELECT / INSERT / UPDATE / DELETE with random WHERE clauses, values of
// every type, `?` parameters in right and wrong numbers, RETURNING clauses,
// tables and indexes that exist or not, and random token drops and
// repeats), run through Database::ExecuteStatement and, in small groups,
// ExecuteTransaction. Every answer must be a result or one of the errors
// DynamoDB answers these operations with (never a crash, never an
// internal error), and a call that errors must leave the table exactly as
// it was (the whole table is compared before and after).
//
// A seeded RNG and a bounded count keep it deterministic and well under a
// second.

#include <cstddef>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "emulator/api/database.h"
#include "emulator/base/error_code.h"
#include "emulator/testing/status_matchers.h"
#include "gtest/gtest.h"

namespace eddy {
namespace {

constexpr int kStatements = 700;
constexpr int kTransactions = 150;

class Grammar {
 public:
  explicit Grammar(uint32_t seed) : rng_(seed) {}

  // One statement; `params` gets the values of its `?`s (sometimes one too
  // few or too many).
  std::string Statement(std::vector<AttributeValue>* params) {
    params_ = params;
    params_->clear();
    std::string s;
    switch (Pick(4)) {
      case 0:
        s = Select();
        break;
      case 1:
        s = Insert();
        break;
      case 2:
        s = Update();
        break;
      default:
        s = Delete();
        break;
    }
    if (Pick(8) == 0) s = Mutate(s);
    if (Pick(12) == 0) {
      if (!params_->empty() && Pick(2) == 0) {
        params_->pop_back();
      } else {
        params_->push_back(ParamValue());
      }
    }
    return s;
  }

  // A write only (for transactions).
  std::string Write(std::vector<AttributeValue>* params) {
    params_ = params;
    params_->clear();
    switch (Pick(3)) {
      case 0:
        return Insert();
      case 1:
        return Update();
      default:
        return Delete();
    }
  }

 private:
  int Pick(int n) {
    return static_cast<int>(rng_() % static_cast<uint32_t>(n));
  }

  std::string Table() {
    switch (Pick(10)) {
      case 0:
        return "\"Nope\"";
      case 1:
        return "Gen";
      default:
        return "\"Gen\"";
    }
  }

  AttributeValue ParamValue() {
    const int n = Pick(6);
    switch (Pick(10)) {
      case 0:
      case 1:
      case 2:
        return AttributeValue::S("p" + std::to_string(n));
      case 3:
      case 4:
        return AttributeValue::N(n);
      case 5:
        return AttributeValue::S("");
      case 6:
        return AttributeValue::Bool(n % 2 == 0);
      case 7:
        return AttributeValue::Null();
      case 8:
        return *AttributeValue::SS({"x", "y" + std::to_string(n)});
      default:
        return AttributeValue::L(
            {AttributeValue::N(n), AttributeValue::S("z")});
    }
  }

  std::string Value() {
    const std::string n = std::to_string(Pick(6));
    switch (Pick(14)) {
      case 0:
      case 1:
      case 2:
        params_->push_back(ParamValue());
        return "?";
      case 3:
      case 4:
        return "'p" + n + "'";
      case 5:
      case 6:
        return n;
      case 7:
        return "-1.5e2";
      case 8:
        return Pick(2) ? "TRUE" : "false";
      case 9:
        return Pick(2) ? "NULL" : "MISSING";
      case 10:
        return "[" + n + ", 'x']";
      case 11:
        return "{'k': " + n + "}";
      case 12:
        return Pick(2) ? "<<'a', 'b'>>" : "<<1, 2>>";
      default:
        return "''";
    }
  }

  // A partition-key value: mostly a string of the table's key type (some
  // items exist, some not), sometimes any value.
  std::string PkValue() {
    if (Pick(5) == 0) return Value();
    const std::string n = std::to_string(Pick(6));
    if (Pick(3) == 0) {
      params_->push_back(AttributeValue::S("p" + n));
      return "?";
    }
    return "'p" + n + "'";
  }

  // A sort-key value: mostly a number of the table's key type.
  std::string SkValue() {
    if (Pick(5) == 0) return Value();
    const int n = Pick(6);
    if (Pick(3) == 0) {
      params_->push_back(AttributeValue::N(n));
      return "?";
    }
    return std::to_string(n);
  }

  std::string Path() {
    static const char* const kPaths[] = {"pk",     "sk",   "a",     "n",
                                         "l[0]",   "m.k",  "\"a\"", "s",
                                         "nosuch", "l[9]", "m.k.j"};
    return kPaths[Pick(sizeof kPaths / sizeof kPaths[0])];
  }

  std::string Condition(int depth) {
    const int choice = depth > 2 ? Pick(8) : Pick(13);
    static const char* const kOps[] = {"=", "<>", "<", "<=", ">", ">="};
    switch (choice) {
      case 0:
      case 1:
      case 2:
        return Path() + " " + kOps[Pick(6)] + " " + Value();
      case 3:
        return Path() + " BETWEEN " + Value() + " AND " + Value();
      case 4:
        return Path() + " IN [" + Value() + ", " + Value() + "]";
      case 5:
        return std::string(Pick(2) ? "begins_with(" : "contains(") + Path() +
               ", " + Value() + ")";
      case 6:
        return Path() + (Pick(2) ? " IS MISSING" : " IS NOT NULL");
      case 7:
        return Pick(2) ? "attribute_type(" + Path() + ", 'S')"
                       : "size(" + Path() + ") > " + Value();
      case 8:
      case 9:
        return Condition(depth + 1) + " AND " + Condition(depth + 1);
      case 10:
        return Condition(depth + 1) + " OR " + Condition(depth + 1);
      case 11:
        return "NOT " + Condition(depth + 1);
      default:
        return "(" + Condition(depth + 1) + ")";
    }
  }

  // Mostly a WHERE that names the key (as writes need), sometimes anything.
  std::string Where() {
    switch (Pick(6)) {
      case 0:
        return Condition(0);
      case 1:
        return "pk = " + PkValue();
      case 2:
        return "pk = " + PkValue() + " AND sk = " + SkValue() + " AND " +
               Condition(1);
      default:
        return "pk = " + PkValue() + " AND sk = " + SkValue();
    }
  }

  std::string Select() {
    std::string s = "SELECT ";
    switch (Pick(4)) {
      case 0:
        s += "a, m.k, l[0]";
        break;
      case 1:
        s += "pk, \"n\"";
        break;
      default:
        s += "*";
        break;
    }
    s += " FROM " + Table();
    if (Pick(6) == 0) s += ".\"byA\"";
    if (Pick(6) != 0) s += " WHERE " + Where();
    if (Pick(8) == 0) s += Pick(2) ? " ORDER BY sk DESC" : " ORDER BY pk";
    return s;
  }

  std::string Insert() {
    std::string s = "INSERT INTO " + Table() + " VALUE {'pk': " + PkValue();
    if (Pick(8) != 0) s += ", 'sk': " + SkValue();
    if (Pick(2) == 0) s += ", 'a': " + Value();
    if (Pick(3) == 0) s += ", 'l': [" + Value() + "]";
    if (Pick(10) == 0) s += ", 'pk': 'dup'";
    return s + "}";
  }

  std::string UpdateValue() {
    switch (Pick(6)) {
      case 0:
        return Path() + " + " + Value();
      case 1:
        return "list_append(l, [" + Value() + "])";
      case 2:
        return "set_add(s, <<'z'>>)";
      case 3:
        return "set_delete(s, " + Value() + ")";
      default:
        return Value();
    }
  }

  std::string Update() {
    std::string s =
        "UPDATE " + Table() + " SET " + Path() + " = " + UpdateValue();
    if (Pick(3) == 0) s += ", " + Path() + " = " + UpdateValue();
    if (Pick(4) == 0) s += " REMOVE " + Path();
    if (Pick(8) != 0) s += " WHERE " + Where();
    static const char* const kReturning[] = {"",
                                             "",
                                             "",
                                             " RETURNING ALL NEW *",
                                             " RETURNING MODIFIED OLD *",
                                             " RETURNING ALL OLD *",
                                             " RETURNING MODIFIED NEW *"};
    return s + kReturning[Pick(7)];
  }

  std::string Delete() {
    std::string s = "DELETE FROM " + Table();
    if (Pick(8) != 0) s += " WHERE " + Where();
    if (Pick(5) == 0)
      s += Pick(2) ? " RETURNING ALL OLD *" : " RETURNING ALL NEW *";
    return s;
  }

  // Drops or repeats one space-separated token.
  std::string Mutate(const std::string& s) {
    std::vector<std::string> tokens;
    size_t start = 0;
    while (start <= s.size()) {
      size_t end = s.find(' ', start);
      if (end == std::string::npos) end = s.size();
      tokens.push_back(s.substr(start, end - start));
      start = end + 1;
    }
    const size_t at =
        static_cast<size_t>(Pick(static_cast<int>(tokens.size())));
    if (Pick(2) == 0) {
      tokens.erase(tokens.begin() + static_cast<std::ptrdiff_t>(at));
    } else {
      tokens.insert(tokens.begin() + static_cast<std::ptrdiff_t>(at),
                    tokens[at]);
    }
    std::string out;
    for (const std::string& t : tokens) {
      if (!out.empty()) out += ' ';
      out += t;
    }
    return out;
  }

  std::mt19937 rng_;
  std::vector<AttributeValue>* params_ = nullptr;
};

class EngineRobustnessTest : public ::testing::Test {
 protected:
  EngineRobustnessTest() : clock_(1'700'000'000'000'000), db_(MakeOptions()) {
    CreateTableRequest r;
    r.table_name = "Gen";
    r.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
    r.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                               {"sk", ScalarAttributeType::kN},
                               {"a", ScalarAttributeType::kS}};
    GlobalSecondaryIndex g;
    g.index_name = "byA";
    g.key_schema = {{"a", KeyType::kHash}};
    g.projection.projection_type = ProjectionType::kKeysOnly;
    r.global_secondary_indexes = {g};
    r.billing_mode = BillingMode::kPayPerRequest;
    EXPECT_THAT(db_.CreateTable(r), IsOk());
    for (int p = 0; p < 4; ++p) {
      for (int s = 0; s < 4; ++s) {
        PutItemRequest put;
        put.table_name = "Gen";
        put.item = Item{{"pk", AttributeValue::S("p" + std::to_string(p))},
                        {"sk", AttributeValue::N(s)},
                        {"a", AttributeValue::S("a" + std::to_string(s))},
                        {"n", AttributeValue::N(p * 10 + s)},
                        {"l", AttributeValue::L({AttributeValue::N(1),
                                                 AttributeValue::S("x")})},
                        {"m", AttributeValue::M({{"k", AttributeValue::N(s)}})},
                        {"s", *AttributeValue::SS({"x", "y"})}};
        EXPECT_THAT(db_.PutItem(put), IsOk());
      }
    }
  }
  Options MakeOptions() {
    Options o;
    o.clock = &clock_;
    return o;
  }

  // The whole table, as a sorted set of item dumps.
  std::multiset<std::string> Snapshot() {
    std::multiset<std::string> items;
    ScanRequest scan;
    scan.table_name = "Gen";
    for (;;) {
      StatusOr<ScanResponse> r = db_.Scan(scan);
      EXPECT_THAT(r, IsOk());
      if (!r.ok()) return items;
      for (const Item& item : r->items) {
        items.insert(AttributeValue::M(item).DebugString());
      }
      if (!r->last_evaluated_key) return items;
      scan.exclusive_start_key = r->last_evaluated_key;
    }
  }

  ManualClock clock_;
  Database db_;
};

bool IsStatementError(ErrorCode code) {
  return code == ErrorCode::kValidation ||
         code == ErrorCode::kResourceNotFound ||
         code == ErrorCode::kConditionalCheckFailed ||
         code == ErrorCode::kDuplicateItem;
}

std::string Describe(const std::string& statement,
                     const std::vector<AttributeValue>& params) {
  std::string out = statement + " with [";
  for (const AttributeValue& p : params) out += p.DebugString() + " ";
  return out + "]";
}

TEST_F(EngineRobustnessTest, GeneratedStatementsAnswerOrFailCleanly) {
  Grammar grammar(19);
  int ok = 0, failed = 0, writes_ok = 0;
  for (int i = 0; i < kStatements; ++i) {
    ExecuteStatementRequest r;
    std::vector<AttributeValue> params;
    r.statement = grammar.Statement(&params);
    if (!params.empty()) r.parameters = params;
    const std::multiset<std::string> before = Snapshot();
    StatusOr<ExecuteStatementResponse> answer = db_.ExecuteStatement(r);
    if (answer.ok()) {
      ++ok;
      if (r.statement.rfind("SELECT", 0) != 0) ++writes_ok;
      continue;
    }
    ++failed;
    EXPECT_TRUE(IsStatementError(answer.status().code()))
        << Describe(r.statement, params) << ": " << answer.status().ToString();
    EXPECT_FALSE(answer.status().message().empty())
        << Describe(r.statement, params);
    EXPECT_EQ(Snapshot(), before)
        << "an error changed the table: " << Describe(r.statement, params)
        << ": " << answer.status().ToString();
  }
  // The grammar reaches both outcomes, writes included (with seed 19: 145
  // results, 58 of them writes; 555 refusals).
  EXPECT_GT(ok, 100);
  EXPECT_GT(failed, kStatements / 10);
  EXPECT_GT(writes_ok, 30);
}

TEST_F(EngineRobustnessTest, FailedTransactionsChangeNothing) {
  Grammar grammar(1919);
  int ok = 0, failed = 0;
  for (int i = 0; i < kTransactions; ++i) {
    ExecuteTransactionRequest r;
    std::string described;
    const int n = 1 + static_cast<int>(i % 3);
    for (int k = 0; k < n; ++k) {
      ParameterizedStatement s;
      std::vector<AttributeValue> params;
      s.statement = grammar.Write(&params);
      described += Describe(s.statement, params) + "; ";
      if (!params.empty()) s.parameters = std::move(params);
      r.transact_statements.push_back(std::move(s));
    }
    const std::multiset<std::string> before = Snapshot();
    StatusOr<ExecuteTransactionResponse> answer = db_.ExecuteTransaction(r);
    if (answer.ok()) {
      ++ok;
      continue;
    }
    ++failed;
    const ErrorCode code = answer.status().code();
    EXPECT_TRUE(code == ErrorCode::kValidation ||
                code == ErrorCode::kResourceNotFound ||
                code == ErrorCode::kTransactionCanceled)
        << described << ": " << answer.status().ToString();
    EXPECT_EQ(Snapshot(), before)
        << "a failed transaction changed the table: " << described << ": "
        << answer.status().ToString();
  }
  EXPECT_GT(ok, 3);  // with seed 1919: 6 of 150 commit
  EXPECT_GT(failed, 5);
}

}  // namespace
}  // namespace eddy
