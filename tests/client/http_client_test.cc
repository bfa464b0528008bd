// Copyright 2026 The eddy Authors.
//
// DynamoDBClient against a scripted HTTP server (retries, backoff, errors,
// the signed request's shape, keep-alive and the concurrency bound), and
// EndpointBackend with the model runner against eddy-server in-process.

#include "tools/endpoint/http_client.h"

#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <functional>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "emulator/api/database.h"
#include "gtest/gtest.h"
#include "model/model.h"
#include "model/runner.h"
#include "tools/eddy-server/endpoint.h"
#include "tools/endpoint/codec.h"
#include "tools/endpoint/model_backend.h"

namespace eddy::endpoint {
namespace {

constexpr int64_t kNow = 1'764'115'200'000'000;  // 2025-11-26T00:00:00Z

// An HTTP server on a free loopback port that answers each request with
// `respond` (called under a lock, in arrival order).
class ScriptedServer {
 public:
  using Respond =
      std::function<void(const httplib::Request&, httplib::Response&)>;
  explicit ScriptedServer(Respond respond) : respond_(std::move(respond)) {
    server_.Post(".*", [this](const httplib::Request& q, httplib::Response& r) {
      std::lock_guard<std::mutex> l(mu_);
      ++requests_;
      ports_.insert(q.remote_port);
      respond_(q, r);
    });
    // httplib closes a keep-alive connection after 5 requests by default.
    server_.set_keep_alive_max_count(100000);
    server_.set_tcp_nodelay(true);
    port_ = server_.bind_to_any_port("127.0.0.1");
    thread_ = std::thread([this] { server_.listen_after_bind(); });
    // stop() before the loop runs would be lost; wait for it (no sleep).
    while (!server_.is_running()) std::this_thread::yield();
  }
  ~ScriptedServer() {
    server_.stop();
    thread_.join();
  }
  std::string url() const {
    return "http://127.0.0.1:" + std::to_string(port_);
  }
  int requests() {
    std::lock_guard<std::mutex> l(mu_);
    return requests_;
  }
  size_t distinct_client_ports() {
    std::lock_guard<std::mutex> l(mu_);
    return ports_.size();
  }

 private:
  httplib::Server server_;
  Respond respond_;
  std::thread thread_;
  int port_ = 0;
  std::mutex mu_;
  int requests_ = 0;
  std::set<int> ports_;
};

void Error(httplib::Response& r, int status, const std::string& type,
           const std::string& message) {
  r.status = status;
  r.set_content("{\"__type\":\"com.amazonaws.dynamodb.v20120810#" + type +
                    "\",\"message\":\"" + message + "\"}",
                "application/x-amz-json-1.0");
}

struct Recorder {
  std::vector<int64_t> sleeps;
};

ClientOptions Options(const std::string& url, Recorder* rec) {
  ClientOptions o;
  o.endpoint = url;
  o.credentials = {"AKIDTEST", "secret", ""};
  o.region = "us-east-1";
  o.seed = 7;
  o.now_micros = [] { return kNow; };
  o.sleep = [rec](int64_t micros) { rec->sleeps.push_back(micros); };
  return o;
}

std::unique_ptr<DynamoDBClient> Make(ClientOptions o) {
  StatusOr<std::unique_ptr<DynamoDBClient>> c = DynamoDBClient::Create(o);
  EXPECT_TRUE(c.ok()) << c.status().ToString();
  return c.ok() ? *std::move(c) : nullptr;
}

TEST(DynamoDBClientTest, SignsWhatItSends) {
  std::string problem = "no request";
  ScriptedServer server([&](const httplib::Request& q, httplib::Response& r) {
    problem.clear();
    if (q.get_header_value("X-Amz-Target") != "DynamoDB_20120810.ListTables")
      problem += "target; ";
    if (q.get_header_value("Content-Type") != "application/x-amz-json-1.0")
      problem += "content type; ";
    if (q.get_header_value("X-Amz-Date") != "20251126T000000Z")
      problem += "date; ";
    // Recompute the signature from what arrived.
    SigV4Request s;
    s.method = "POST";
    s.path = q.path;
    s.body = q.body;
    for (const char* h : {"Host", "Content-Type", "X-Amz-Date", "X-Amz-Target"})
      s.headers.push_back({h, q.get_header_value(h)});
    StatusOr<SigV4Signature> sig =
        SignV4(s, {"AKIDTEST", "secret", ""}, "us-east-1", "dynamodb");
    if (!sig.ok() || q.get_header_value("Authorization") != sig->authorization)
      problem += "signature: got " + q.get_header_value("Authorization");
    r.set_content("{\"TableNames\":[]}", "application/x-amz-json-1.0");
  });
  Recorder rec;
  auto c = Make(Options(server.url(), &rec));
  CallResult r = c->Call("ListTables", "{}");
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.body, "{\"TableNames\":[]}");
  EXPECT_EQ(problem, "");
}

TEST(DynamoDBClientTest, ThrottlesAreRetriedWithFullJitter) {
  int n = 0;
  ScriptedServer server([&](const httplib::Request&, httplib::Response& r) {
    if (++n <= 3) {
      Error(r, 400, "ProvisionedThroughputExceededException", "slow down");
    } else {
      r.set_content("{}", "application/x-amz-json-1.0");
    }
  });
  Recorder rec;
  ClientOptions o = Options(server.url(), &rec);
  o.base_backoff_micros = 1000;
  auto c = Make(o);
  CallResult r = c->Call("PutItem", "{}");
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.attempts, 4);
  EXPECT_EQ(r.throttled_attempts, 3);
  ASSERT_EQ(rec.sleeps.size(), 3u);
  for (size_t i = 0; i < rec.sleeps.size(); ++i) {
    EXPECT_GE(rec.sleeps[i], 0);
    EXPECT_LE(rec.sleeps[i], 1000 << i) << "retry " << i + 1;
  }
  EXPECT_EQ(c->retries(), 3);
}

TEST(DynamoDBClientTest, BackoffIsCappedAndAttemptsBounded) {
  ScriptedServer server([&](const httplib::Request&, httplib::Response& r) {
    Error(r, 500, "InternalServerError", "oops");
  });
  Recorder rec;
  ClientOptions o = Options(server.url(), &rec);
  o.max_attempts = 8;
  o.base_backoff_micros = 1000;
  o.max_backoff_micros = 5000;
  auto c = Make(o);
  CallResult r = c->Call("GetItem", "{}");
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.attempts, 8);
  EXPECT_EQ(r.http_status, 500);
  EXPECT_EQ(r.error_type, "InternalServerError");
  EXPECT_EQ(r.ToStatus().code(), ErrorCode::kInternalServerError);
  EXPECT_EQ(server.requests(), 8);
  ASSERT_EQ(rec.sleeps.size(), 7u);
  int64_t max = 0;
  for (int64_t s : rec.sleeps) max = std::max(max, s);
  EXPECT_LE(max, 5000);
}

TEST(DynamoDBClientTest, ClientErrorsReturnAtOnce) {
  ScriptedServer server([&](const httplib::Request&, httplib::Response& r) {
    Error(r, 400, "ValidationException",
          "The provided key element does not "
          "match the schema");
  });
  Recorder rec;
  auto c = Make(Options(server.url(), &rec));
  CallResult r = c->Call("GetItem", "{}");
  EXPECT_EQ(r.attempts, 1);
  EXPECT_EQ(r.http_status, 400);
  EXPECT_EQ(r.error_type, "ValidationException");
  EXPECT_EQ(r.message, "The provided key element does not match the schema");
  EXPECT_EQ(r.ToStatus().code(), ErrorCode::kValidation);
  EXPECT_TRUE(rec.sleeps.empty());
}

TEST(DynamoDBClientTest, ConnectionErrorsAreRetried) {
  // A port that was free a moment ago and has no listener now.
  int port = 0;
  {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ASSERT_EQ(bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
    socklen_t len = sizeof addr;
    getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
    port = ntohs(addr.sin_port);
    close(fd);
  }
  Recorder rec;
  ClientOptions o = Options("http://127.0.0.1:" + std::to_string(port), &rec);
  o.max_attempts = 3;
  auto c = Make(o);
  CallResult r = c->Call("ListTables", "{}");
  EXPECT_EQ(r.http_status, 0);
  EXPECT_EQ(r.error_type, "ConnectionError");
  EXPECT_EQ(r.attempts, 3);
  EXPECT_EQ(rec.sleeps.size(), 2u);
}

TEST(DynamoDBClientTest, KeepAliveAndBoundedConcurrency) {
  ScriptedServer server([&](const httplib::Request&, httplib::Response& r) {
    r.set_content("{}", "application/x-amz-json-1.0");
  });
  Recorder rec;
  ClientOptions o = Options(server.url(), &rec);
  o.max_concurrency = 3;
  auto c = Make(o);
  std::vector<std::thread> threads;
  std::atomic<int> ok{0};
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 50; ++i) ok += c->Call("GetItem", "{}").ok() ? 1 : 0;
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(ok.load(), 400);
  EXPECT_EQ(server.requests(), 400);
  EXPECT_LE(c->connections(), 3);
  // 400 requests over at most three TCP connections.
  EXPECT_LE(server.distinct_client_ports(), 3u);
}

TEST(DynamoDBClientTest, BadOptions) {
  ClientOptions o;
  o.region = "us-east-1";
  o.endpoint = "localhost:8000";
  EXPECT_FALSE(DynamoDBClient::Create(o).ok());
  o.endpoint = "http://";
  EXPECT_FALSE(DynamoDBClient::Create(o).ok());
  o.endpoint = "http://localhost:8000";
  o.max_concurrency = 0;
  EXPECT_FALSE(DynamoDBClient::Create(o).ok());
  o.max_concurrency = 4;
  o.region = "";
  EXPECT_FALSE(DynamoDBClient::Create(o).ok());
}

// --- EndpointBackend over eddy-server in-process
// ------------------------------

class BackendTest : public ::testing::Test {
 protected:
  void SetUp() override {
    StatusOr<server::Endpoint> e = server::Endpoint::Start(&db_);
    ASSERT_TRUE(e.ok()) << e.status().ToString();
    endpoint_ = std::make_unique<server::Endpoint>(*std::move(e));
    ClientOptions o;
    o.endpoint = endpoint_->url();
    o.credentials = {"AKIDTEST", "secret", ""};
    o.region = "us-east-1";
    client_ = Make(o);
    backend_ = std::make_unique<EndpointBackend>(client_.get());
  }

  Database db_;
  std::unique_ptr<server::Endpoint> endpoint_;
  std::unique_ptr<DynamoDBClient> client_;
  std::unique_ptr<EndpointBackend> backend_;
};

TEST_F(BackendTest, RefusesTablesItDidNotCreate) {
  CreateTableRequest create;
  create.table_name = "theirs";
  create.key_schema = {{"pk", KeyType::kHash}};
  create.attribute_definitions = {{"pk", ScalarAttributeType::kS}};
  create.billing_mode = BillingMode::kPayPerRequest;
  ASSERT_TRUE(db_.CreateTable(create).ok());
  const int64_t before = client_->calls();
  PutItemRequest put{.table_name = "theirs",
                     .item = {{"pk", AttributeValue::S("x")}}};
  StatusOr<PutItemResponse> r = backend_->PutItem(put);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("refuses to touch table 'theirs'"),
            std::string::npos);
  EXPECT_FALSE(backend_->Query(QueryRequest{.table_name = "theirs"}).ok());
  EXPECT_FALSE(backend_->DescribeTable(DescribeTableRequest{"theirs"}).ok());
  EXPECT_EQ(client_->calls(), before);  // nothing was sent
  // Creating a table that exists fails and does not make it ours.
  StatusOr<CreateTableResponse> c = backend_->CreateTable(create);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.status().code(), ErrorCode::kResourceInUse);
  EXPECT_TRUE(backend_->created_tables().empty());
  EXPECT_TRUE(backend_->DeleteCreatedTables().ok());
  EXPECT_TRUE(db_.DescribeTable(DescribeTableRequest{"theirs"}).ok());
}

TEST_F(BackendTest, OperationsRoundTrip) {
  CreateTableRequest create;
  create.table_name = "ours";
  create.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
  create.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                                  {"sk", ScalarAttributeType::kS}};
  create.billing_mode = BillingMode::kPayPerRequest;
  StatusOr<CreateTableResponse> c = backend_->CreateTable(create);
  ASSERT_TRUE(c.ok()) << c.status().ToString();
  EXPECT_EQ(c->table_description.table_name, "ours");
  BatchWriteItemRequest batch;
  batch.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  for (int i = 0; i < 25; ++i) {
    batch.request_items["ours"].push_back(WriteRequest{
        Item{{"pk", AttributeValue::S("p")},
             {"sk", AttributeValue::S("s" + std::to_string(100 + i))},
             {"n", AttributeValue::N(i)},
             {"b", AttributeValue::B(std::string("\0\1", 2))}},
        std::nullopt});
  }
  StatusOr<BatchWriteItemResponse> w = backend_->BatchWriteItem(batch);
  ASSERT_TRUE(w.ok()) << w.status().ToString();
  EXPECT_TRUE(w->unprocessed_items.empty());
  ASSERT_EQ(w->consumed_capacity.size(), 1u);
  EXPECT_EQ(w->consumed_capacity[0].capacity_units, 25);
  QueryRequest q{.table_name = "ours",
                 .key_condition_expression = "pk = :p",
                 .expression_attribute_values =
                     ExpressionAttributeValues{{":p", AttributeValue::S("p")}},
                 .limit = 10,
                 .scan_index_forward = false,
                 .return_consumed_capacity = ReturnConsumedCapacity::kTotal};
  std::vector<Item> items;
  for (int page = 0; page < 10; ++page) {
    StatusOr<QueryResponse> r = backend_->Query(q);
    ASSERT_TRUE(r.ok()) << r.status().ToString();
    ASSERT_TRUE(r->consumed_capacity.has_value());
    for (Item& i : r->items) items.push_back(std::move(i));
    if (!r->last_evaluated_key) break;
    q.exclusive_start_key = r->last_evaluated_key;
  }
  ASSERT_EQ(items.size(), 25u);
  EXPECT_EQ(items[0].Find("sk")->s(), "s124");  // descending
  EXPECT_EQ(*items[24].Find("b"), AttributeValue::B(std::string("\0\1", 2)));
  StatusOr<GetItemResponse> g = backend_->GetItem(
      GetItemRequest{.table_name = "ours",
                     .key = {{"pk", AttributeValue::S("p")},
                             {"sk", AttributeValue::S("s107")}}});
  ASSERT_TRUE(g.ok());
  ASSERT_TRUE(g->item.has_value());
  EXPECT_EQ(*g->item->Find("n"), AttributeValue::N(7));
  StatusOr<ScanResponse> s = backend_->Scan(ScanRequest{.table_name = "ours"});
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->count, 25);
  StatusOr<DescribeTableResponse> d =
      backend_->DescribeTable(DescribeTableRequest{"ours"});
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->table.item_count, 25);
  // An endpoint error comes back as DynamoDB's Status.
  PutItemRequest bad{.table_name = "ours",
                     .item = {{"pk", AttributeValue::S("only")}}};
  EXPECT_EQ(backend_->PutItem(bad).status().code(), ErrorCode::kValidation);
  EXPECT_TRUE(backend_->DeleteCreatedTables().ok());
  EXPECT_TRUE(backend_->created_tables().empty());
  EXPECT_EQ(db_.DescribeTable(DescribeTableRequest{"ours"}).status().code(),
            ErrorCode::kResourceNotFound);
}

TEST_F(BackendTest, KayakModelVerifiesOverHttp) {
  StatusOr<model::Model> m =
      model::LoadModelFile(std::string(EDDY_SOURCE_DIR) + "/model/kayak.json");
  ASSERT_TRUE(m.ok()) << m.status().ToString();
  model::RunOptions options;
  options.runs = 5;
  options.backend = backend_.get();
  options.table_name = MakeRunPrefix(kNow, 0xbeef) + m->table.name;
  EXPECT_EQ(*options.table_name, "eddy-run-20251126T000000Z-beef-kayak");
  StatusOr<model::RunReport> report = model::RunModel(*m, options);
  ASSERT_TRUE(report.ok()) << report.status().ToString();
  EXPECT_TRUE(report->ok());
  EXPECT_EQ(report->table, *options.table_name);
  int verified = 0;
  for (const model::PatternReport& p : report->patterns) {
    verified += p.executable && p.verified == p.runs && p.runs == 5;
  }
  EXPECT_EQ(verified, 8);
  EXPECT_TRUE(
      db_.DescribeTable(DescribeTableRequest{*options.table_name}).ok());
  EXPECT_TRUE(backend_->DeleteCreatedTables().ok());
  EXPECT_FALSE(
      db_.DescribeTable(DescribeTableRequest{*options.table_name}).ok());
}

// A PartiQL access pattern over HTTP: the runner renames the statement's
// table to the run's table and the backend sends ExecuteStatement, every
// NextToken page followed; a statement naming another table is refused
// before anything is sent.
TEST_F(BackendTest, PartiqlPatternVerifiesOverHttp) {
  constexpr char kModel[] = R"json({
    "table": {"name": "shop", "partitionKey": "PK", "sortKey": "SK"},
    "Access Patterns": [
      {"name": "a store's items (PartiQL)", "partitionKey": "store#${store}",
       "parametersFrom": "stores",
       "partiql": {"statement": "SELECT * FROM \"shop\" WHERE PK = ?",
                   "parameters": ["store#${store}"]}}],
    "s": [{"PK": "store#${store}", "SK": {
            "meta": {"entityType": "storeMeta"},
            "item#${item}": {"entityType": "storeItem"}}}],
    "workload": {"runs": 6, "generate": [
      {"name": "stores", "entityType": "storeMeta", "count": 3,
       "new": ["store"]},
      {"name": "items", "entityType": "storeItem", "per": "stores",
       "count": 12, "new": ["item"]}]}})json";
  std::vector<model::ModelError> errors;
  StatusOr<model::Model> m = model::LoadModel(kModel, "test", &errors);
  ASSERT_TRUE(m.ok()) << m.status().ToString();
  ASSERT_TRUE(errors.empty()) << errors[0].ToString();
  model::RunOptions options;
  options.page_size = 5;  // 13 items: three pages through NextToken
  options.backend = backend_.get();
  options.table_name = MakeRunPrefix(kNow, 0xbeef) + m->table.name;
  StatusOr<model::RunReport> report = model::RunModel(*m, options);
  ASSERT_TRUE(report.ok()) << report.status().ToString();
  ASSERT_EQ(report->patterns.size(), 1u);
  const model::PatternReport& p = report->patterns[0];
  EXPECT_EQ(p.runs, 6);
  EXPECT_EQ(p.verified, 6);
  EXPECT_EQ(p.items_min, 13);
  EXPECT_GT(p.read_units_total, 0);

  const int64_t before = client_->calls();
  ExecuteStatementRequest theirs{.statement = R"(SELECT * FROM "shop")"};
  StatusOr<ExecuteStatementResponse> refused =
      backend_->ExecuteStatement(theirs);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.status().message().find("refuses to touch table 'shop'"),
            std::string::npos);
  ExecuteStatementRequest garbled{.statement = "SELEC nothing"};
  EXPECT_EQ(backend_->ExecuteStatement(garbled).status().code(),
            ErrorCode::kValidation);
  EXPECT_EQ(client_->calls(), before);  // nothing was sent
  EXPECT_TRUE(backend_->DeleteCreatedTables().ok());
}

TEST(CodecTest, BadAnswersAreErrorsNotCrashes) {
  EXPECT_FALSE(DecodeQueryResponse("not json").ok());
  EXPECT_FALSE(DecodeQueryResponse("[]").ok());
  EXPECT_FALSE(DecodeQueryResponse(R"({"Items":[{"a":{"N":"x"}}]})").ok());
  EXPECT_FALSE(DecodeQueryResponse(R"({"Count":"seven"})").ok());
  EXPECT_FALSE(DecodeDescribeTableResponse(R"({"Table":7})").ok());
  EXPECT_FALSE(DecodeCreateTableResponse("{}").ok());
  EXPECT_FALSE(DecodeExecuteStatementResponse(R"({"Items":7})").ok());
  EXPECT_FALSE(DecodeExecuteStatementResponse(R"({"NextToken":1})").ok());
  StatusOr<QueryResponse> ok =
      DecodeQueryResponse(R"({"Items":[],"Count":0,"Unknown":1})");
  EXPECT_TRUE(ok.ok());
}

}  // namespace
}  // namespace eddy::endpoint
