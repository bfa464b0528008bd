// Copyright 2026 The eddy Authors.
//
// eddy-server's protocol, end to end over loopback: an in-process Server on a
// free port, driven by cpp-httplib's client (keep-alive, many threads) and by
// raw sockets where a client must misbehave (pipelining, stalls, malformed
// HTTP, 100-continue, chunked bodies).

#include "tools/eddy-server/server.h"

#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <atomic>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "emulator/base/clock.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/server/server_testing.h"
#include "tools/eddy-server/crc32.h"

namespace eddy::server {
namespace {

// --- DynamoDB's protocol
// ------------------------------------------------------

TEST_F(ServerTest, ServesOperationsWithDynamoDBsHeaders) {
  httplib::Client client = Client();
  httplib::Result put =
      client.Post("/", SignedHeaders("PutItem"), PutBody("a", "1"), kJson10);
  ASSERT_TRUE(put);
  EXPECT_EQ(put->status, 200);
  EXPECT_EQ(put->body, "{}");
  httplib::Result get =
      client.Post("/any/path", SignedHeaders("GetItem"), GetBody("a"), kJson10);
  ASSERT_TRUE(get);
  EXPECT_EQ(get->status, 200);
  EXPECT_EQ(get->body, R"({"Item":{"pk":{"S":"a"},"v":{"S":"1"}}})");
  EXPECT_EQ(get->get_header_value("Content-Type"), kJson10);
  EXPECT_EQ(get->get_header_value("Content-Length"),
            std::to_string(get->body.size()));
  EXPECT_EQ(get->get_header_value("x-amz-crc32"),
            std::to_string(Crc32(get->body)));
  EXPECT_EQ(get->get_header_value("Date"), "Thu, 01 Jan 2026 00:00:00 GMT");
  const std::string id = get->get_header_value("x-amzn-RequestId");
  EXPECT_EQ(id.size(), 52u);
  EXPECT_EQ(id.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"),
            std::string::npos);
}

TEST_F(ServerTest, Crc32HeaderMatchesAKnownVectorAndEveryBody) {
  httplib::Client client = Client();
  // DynamoDB's own health answer and the x-amz-crc32 it sends with it.
  httplib::Result health = client.Get("/");
  ASSERT_TRUE(health);
  EXPECT_EQ(health->status, 200);
  EXPECT_EQ(health->body, "healthy: dynamodb.us-east-1.amazonaws.com ");
  EXPECT_EQ(health->get_header_value("x-amz-crc32"), "3128867991");
  // Success and error bodies alike.
  for (const auto& [op, body] :
       std::vector<std::pair<std::string, std::string>>{
           {"PutItem", PutBody("crc", "x")},
           {"GetItem", GetBody("crc")},
           {"GetItem", R"({"TableName":"missing","Key":{"pk":{"S":"a"}}})"},
           {"PutItem", "{"}}) {
    httplib::Result r = client.Post("/", SignedHeaders(op), body, kJson10);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->get_header_value("x-amz-crc32"),
              std::to_string(Crc32(r->body)))
        << r->body;
  }
}

TEST_F(ServerTest, UnknownOrMissingTarget) {
  httplib::Client client = Client();
  const std::string kUnknown =
      R"({"__type":"com.amazon.coral.service#UnknownOperationException"})";
  httplib::Headers no_target = {{"Authorization", kAuth},
                                {"X-Amz-Date", kAmzDate}};
  httplib::Result r = client.Post("/", no_target, "{}", kJson10);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
  EXPECT_EQ(r->body, kUnknown);
  r = client.Post("/", SignedHeaders("DropEverything"), "{}", kJson10);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
  EXPECT_EQ(r->body, kUnknown);
  httplib::Headers other_service = {
      {"X-Amz-Target", "Kinesis_20131202.ListStreams"},
      {"Authorization", kAuth},
      {"X-Amz-Date", kAmzDate}};
  r = client.Post("/", other_service, "{}", kJson10);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
  EXPECT_EQ(r->body, kUnknown);
}

TEST_F(ServerTest, BadJsonIsASerializationException) {
  httplib::Client client = Client();
  for (const char* body : {"{", "not json", "[1,2]", ""}) {
    httplib::Result r =
        client.Post("/", SignedHeaders("PutItem"), body, kJson10);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 400) << body;
    EXPECT_THAT(r->body, StartsWith(R"({"__type":"com.amazon.coral.service#)"
                                    R"(SerializationException")"))
        << body;
  }
}

TEST_F(ServerTest, MissingAuthentication) {
  httplib::Client client = Client();
  httplib::Result r = client.Post(
      "/", {{"X-Amz-Target", "DynamoDB_20120810.ListTables"}}, "{}", kJson10);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
  EXPECT_EQ(r->body, R"({"__type":"com.amazon.coral.service#)"
                     R"(MissingAuthenticationTokenException",)"
                     R"("message":"Request is missing Authentication Token"})");
}

TEST_F(ServerTest, MalformedAuthentication) {
  httplib::Client client = Client();
  httplib::Result r =
      client.Post("/",
                  {{"X-Amz-Target", "DynamoDB_20120810.ListTables"},
                   {"Authorization", "AWS4-HMAC-SHA256 Signature=abc"}},
                  "{}", kJson10);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
  EXPECT_EQ(r->body,
            R"({"__type":"com.amazon.coral.service#)"
            R"(IncompleteSignatureException","message":"Authorization header )"
            R"(requires 'Credential' parameter. Authorization header requires )"
            R"('SignedHeaders' parameter. Authorization header requires )"
            R"(existence of either a 'X-Amz-Date' or a 'Date' header. )"
            R"(Authorization=AWS4-HMAC-SHA256 Signature=abc"})");
}

TEST_F(ServerTest, OversizeBodyIs413AndTheServerCarriesOn) {
  httplib::Client client = Client();
  // Just over the default limit (17 MiB, above DynamoDB's 16 MB).
  std::string big(kDefaultMaxBodyBytes + 1, 'x');
  httplib::Result r = client.Post("/", SignedHeaders("PutItem"), big, kJson10);
  ASSERT_TRUE(r) << httplib::to_string(r.error());
  EXPECT_EQ(r->status, 413);
  EXPECT_EQ(r->body,
            R"({"__type":"com.amazon.coral.service#)"
            R"(RequestEntityTooLargeException","message":"Request body of )" +
                std::to_string(big.size()) +
                R"( bytes is over the limit of 17825792 bytes"})");
  EXPECT_EQ(r->get_header_value("Connection"), "close");
  // A body just under the limit is read whole and reaches the protocol (an
  // unknown operation is answered without parsing the 17 MB).
  std::string at_limit(kDefaultMaxBodyBytes - 1, ' ');
  r = Client().Post("/", SignedHeaders("NoSuchOperation"), at_limit, kJson10);
  ASSERT_TRUE(r) << httplib::to_string(r.error());
  EXPECT_EQ(r->status, 400);
  EXPECT_THAT(r->body, HasSubstr("UnknownOperationException"));
  r = Client().Post("/", SignedHeaders("GetItem"), GetBody("a"), kJson10);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
}

TEST_F(ServerTest, OversizeBodyAgainstASmallLimitRaw) {
  server_->Stop();
  ServerOptions options;
  options.max_body_bytes = 1024;
  StartServer(options);
  // The answer comes from the head alone (Content-Length), before the body.
  RawClient raw(server_->port());
  ASSERT_TRUE(
      raw.Send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4096\r\n\r\n"));
  std::optional<RawClient::Response> r = raw.Read();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 413);
  EXPECT_THAT(r->body, HasSubstr("RequestEntityTooLargeException"));
  EXPECT_EQ(r->headers["x-amz-crc32"], std::to_string(Crc32(r->body)));
  // The client may still send the body; it is drained, then the server closes.
  ASSERT_TRUE(raw.Send(std::string(4096, 'x')));
  EXPECT_TRUE(raw.ClosedByServer());
}

TEST_F(ServerTest, KeepAliveCarriesManyRequestsOnOneConnection) {
  const int64_t before = server_->http().connections_accepted();
  httplib::Client client = Client();
  for (int i = 0; i < 25; ++i) {
    httplib::Result r =
        client.Post("/", SignedHeaders("PutItem"),
                    PutBody("k" + std::to_string(i), "v"), kJson10);
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200);
  }
  EXPECT_EQ(server_->http().connections_accepted() - before, 1);
}

TEST_F(ServerTest, SixtyFourConcurrentClients) {
  constexpr int kClients = 64;
  constexpr int kItemsEach = 10;
  std::mutex mu;
  std::set<std::string> request_ids;
  std::atomic<int> responses{0};
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int c = 0; c < kClients; ++c) {
    threads.emplace_back([&, c] {
      httplib::Client client = Client();
      std::vector<std::string> ids;
      for (int i = 0; i < kItemsEach; ++i) {
        const std::string pk =
            "c" + std::to_string(c) + "-" + std::to_string(i);
        const std::string v = "value-of-" + pk;
        httplib::Result put =
            client.Post("/", SignedHeaders("PutItem"), PutBody(pk, v), kJson10);
        httplib::Result get =
            client.Post("/", SignedHeaders("GetItem"), GetBody(pk), kJson10);
        if (!put || !get || put->status != 200 || get->status != 200 ||
            get->body != R"({"Item":{"pk":{"S":")" + pk + R"("},"v":{"S":")" +
                             v + R"("}}})") {
          failures.fetch_add(1);
          continue;
        }
        ids.push_back(put->get_header_value("x-amzn-RequestId"));
        ids.push_back(get->get_header_value("x-amzn-RequestId"));
      }
      responses.fetch_add(static_cast<int>(ids.size()));
      std::lock_guard<std::mutex> lock(mu);
      request_ids.insert(ids.begin(), ids.end());
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(responses.load(), kClients * kItemsEach * 2);
  EXPECT_EQ(request_ids.size(), static_cast<size_t>(responses.load()));

  httplib::Result scan =
      Client().Post("/", SignedHeaders("Scan"),
                    R"({"TableName":"things","Select":"COUNT"})", kJson10);
  ASSERT_TRUE(scan);
  EXPECT_THAT(scan->body,
              HasSubstr("\"Count\":" + std::to_string(kClients * kItemsEach)));
}

TEST_F(ServerTest, ApplicationJsonIsAcceptedAndEchoed) {
  httplib::Result r = Client().Post("/", SignedHeaders("ListTables"), "{}",
                                    "application/json; charset=utf-8");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(r->get_header_value("Content-Type"), "application/json");
  EXPECT_EQ(r->body, R"({"TableNames":["things"]})");
}

TEST_F(ServerTest, OtherMethodsAndMediaTypesAreUnknownOperations) {
  httplib::Client client = Client();
  httplib::Result r =
      client.Put("/", SignedHeaders("ListTables"), "{}", kJson10);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 404);
  EXPECT_EQ(r->body, "<UnknownOperationException/>\n");
  EXPECT_EQ(r->get_header_value("x-amz-crc32"), "3552371480");
  r = client.Post("/", SignedHeaders("ListTables"), "{}", "text/plain");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 404);
  httplib::Result head = client.Head("/");
  ASSERT_TRUE(head);
  EXPECT_EQ(head->status, 200);
  EXPECT_EQ(head->get_header_value("Content-Length"), "42");
  EXPECT_EQ(head->body, "");
}

// --- HTTP/1.1 behaviour
// -------------------------------------------------------

TEST_F(ServerTest, PipelinedRequestsAreAnsweredInOrder) {
  RawClient raw(server_->port());
  ASSERT_TRUE(raw.Send(RawRequest("PutItem", PutBody("p", "1")) +
                       RawRequest("GetItem", GetBody("p")) +
                       RawRequest("GetItem", GetBody("nothing"))));
  std::optional<RawClient::Response> a = raw.Read(), b = raw.Read(),
                                     c = raw.Read();
  ASSERT_TRUE(a && b && c);
  EXPECT_EQ(a->body, "{}");
  EXPECT_EQ(b->body, R"({"Item":{"pk":{"S":"p"},"v":{"S":"1"}}})");
  EXPECT_EQ(c->body, "{}");
}

TEST_F(ServerTest, ExpectContinueAndChunkedBodies) {
  RawClient raw(server_->port());
  const std::string body = PutBody("chunky", "yes");
  std::string head = RawRequest("PutItem", body, "Expect: 100-continue\r\n");
  head.resize(head.size() - body.size());
  ASSERT_TRUE(raw.Send(head));
  std::optional<RawClient::Response> cont = raw.Read();
  ASSERT_TRUE(cont);
  EXPECT_EQ(cont->status, 100);
  ASSERT_TRUE(raw.Send(body));
  std::optional<RawClient::Response> done = raw.Read();
  ASSERT_TRUE(done);
  EXPECT_EQ(done->status, 200);

  // The same request framed in chunks.
  std::string chunked =
      "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-amz-json-1.0"
      "\r\nX-Amz-Target: DynamoDB_20120810.GetItem\r\nAuthorization: " +
      std::string(kAuth) + "\r\nX-Amz-Date: " + kAmzDate +
      "\r\nTransfer-Encoding: chunked\r\n\r\n";
  const std::string get = GetBody("chunky");
  for (size_t i = 0; i < get.size(); i += 10) {
    std::string piece = get.substr(i, 10);
    char size[16];
    std::snprintf(size, sizeof(size), "%zx\r\n", piece.size());
    chunked += size + piece + "\r\n";
  }
  chunked += "0\r\n\r\n";
  ASSERT_TRUE(raw.Send(chunked));
  std::optional<RawClient::Response> r = raw.Read();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(r->body, R"({"Item":{"pk":{"S":"chunky"},"v":{"S":"yes"}}})");
}

TEST_F(ServerTest, MalformedHttpIs400AndClosesTheConnection) {
  for (const std::string& bad :
       {std::string("POST / HTTP/1.1\r\nHost : x\r\n\r\n"),
        std::string("BREW /pot HTCPCP/1.0\r\n\r\n"),
        std::string("POST / HTTP/1.1\r\nContent-Length: 1\r\n"
                    "Content-Length: 2\r\n\r\nab")}) {
    RawClient raw(server_->port());
    ASSERT_TRUE(raw.Send(bad));
    std::optional<RawClient::Response> r = raw.Read();
    ASSERT_TRUE(r) << bad;
    EXPECT_EQ(r->status, 400) << bad;
    EXPECT_THAT(r->body, HasSubstr("Malformed HTTP request"));
    EXPECT_EQ(r->headers["connection"], "close");
    EXPECT_TRUE(raw.ClosedByServer());
  }
}

TEST_F(ServerTest, OversizedHeadIs400) {
  // DynamoDB answers an oversized request line with 400 Bad Request, and
  // eddy answers an oversized header block the same way.
  RawClient raw(server_->port());
  ASSERT_TRUE(raw.Send("POST / HTTP/1.1\r\nX-Big: " +
                       std::string(100 * 1024, 'a') + "\r\n\r\n"));
  std::optional<RawClient::Response> r = raw.Read();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
  EXPECT_EQ(r->body,
            R"({"__type":"com.amazon.coral.service#SerializationException",)"
            R"("Message":"HTTP request head too large: request head over )"
            R"(65536 bytes"})");
  EXPECT_TRUE(raw.ClosedByServer());
}

TEST_F(ServerTest, OversizedRequestLineIs400) {
  // DynamoDB answers a 17,000-byte request target with 400 Bad Request.
  RawClient raw(server_->port());
  ASSERT_TRUE(raw.Send("POST /" + std::string(17000, 'x') +
                       " HTTP/1.1\r\nHost: x\r\n\r\n"));
  std::optional<RawClient::Response> r = raw.Read();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
  EXPECT_THAT(r->body, HasSubstr("request line over 16384 bytes"));
  EXPECT_EQ(r->headers["server"], "Server");
  EXPECT_TRUE(raw.ClosedByServer());
}

TEST_F(ServerTest, EveryAnswerCarriesServerServer) {
  httplib::Client client = Client();
  httplib::Result get = client.Get("/");
  httplib::Result put =
      client.Post("/", SignedHeaders("PutItem"), PutBody("s", "1"), kJson10);
  httplib::Result bad = client.Put("/", SignedHeaders("PutItem"), "", kJson10);
  ASSERT_TRUE(get && put && bad);
  for (const httplib::Result* r : {&get, &put, &bad}) {
    EXPECT_EQ((*r)->get_header_value("Server"), "Server");
  }
}

TEST_F(ServerTest, HealthAnswersEveryPathWithItsOwnEndpointName) {
  // DynamoDB answers GET on any path (GET /ping too) with its regional
  // endpoint's name, whatever Host the request was sent to.
  for (const char* path : {"/", "/ping", "/any/path?x=1"}) {
    RawClient raw(server_->port());
    ASSERT_TRUE(raw.Send(std::string("GET ") + path +
                         " HTTP/1.1\r\nHost: mydb.example.com\r\n\r\n"));
    std::optional<RawClient::Response> r = raw.Read();
    ASSERT_TRUE(r) << path;
    EXPECT_EQ(r->status, 200);
    EXPECT_EQ(r->body, "healthy: dynamodb.us-east-1.amazonaws.com ");
  }
}

TEST_F(ServerTest, Http10ClosesAfterTheResponse) {
  RawClient raw(server_->port());
  ASSERT_TRUE(raw.Send("GET / HTTP/1.0\r\n\r\n"));
  std::optional<RawClient::Response> r = raw.Read();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(r->headers["connection"], "close");
  EXPECT_TRUE(raw.ClosedByServer());
}

// --- Bounds
// -------------------------------------------------------------------

TEST_F(ServerTest, StalledClientsDoNotBlockOthers) {
  server_->Stop();
  ServerOptions options;
  options.threads = 2;
  StartServer(options);
  // More stalled clients than worker threads: each has sent part of a
  // request (or nothing) and then waits.
  std::vector<std::unique_ptr<RawClient>> stalled;
  for (int i = 0; i < 8; ++i) {
    stalled.push_back(std::make_unique<RawClient>(server_->port()));
    if (i % 2 == 0) {
      ASSERT_TRUE(stalled.back()->Send(
          "POST / HTTP/1.1\r\nContent-Length: 100\r\n\r\n{\"Tab"));
    } else {
      ASSERT_TRUE(stalled.back()->Send("POST / HTTP/1.1\r\nHo"));
    }
  }
  // Idle keep-alive clients that have finished a request hold nothing either.
  std::vector<httplib::Client> idle;
  for (int i = 0; i < 4; ++i) {
    idle.push_back(Client());
    ASSERT_TRUE(idle.back().Get("/"));
  }
  httplib::Result r =
      Client().Post("/", SignedHeaders("CreateTable"), kCreateTable, kJson10);
  ASSERT_TRUE(r) << httplib::to_string(r.error());
  EXPECT_EQ(r->status, 200);
}

TEST_F(ServerTest, StalledAndIdleConnectionsAreClosedAfterTheirTimeouts) {
  RawClient stalled(server_->port());
  ASSERT_TRUE(stalled.Send("POST / HTTP/1.1\r\nContent-Length: 10\r\n\r\n{"));
  RawClient idle(server_->port());
  ASSERT_TRUE(idle.Send("GET / HTTP/1.1\r\n\r\n"));
  ASSERT_TRUE(idle.Read());
  // Wait until the server has seen both (the clock must not move before).
  httplib::Result ping = Client().Get("/");
  ASSERT_TRUE(ping);

  ServerOptions defaults;
  clock_.AdvanceSeconds(defaults.read_timeout_seconds + 1);
  EXPECT_TRUE(stalled.ClosedByServer());
  clock_.AdvanceSeconds(defaults.idle_timeout_seconds);
  EXPECT_TRUE(idle.ClosedByServer());
}

TEST_F(ServerTest, ConnectionsOverTheLimitGet503) {
  server_->Stop();
  ServerOptions options;
  options.max_connections = 2;
  StartServer(options);
  RawClient a(server_->port()), b(server_->port());
  ASSERT_TRUE(a.Send("GET / HTTP/1.1\r\n\r\n") && a.Read());
  ASSERT_TRUE(b.Send("GET / HTTP/1.1\r\n\r\n") && b.Read());
  RawClient c(server_->port());
  std::optional<RawClient::Response> r = c.Read();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 503);
  EXPECT_THAT(r->body, HasSubstr("ServiceUnavailableException"));
}

}  // namespace
}  // namespace eddy::server
