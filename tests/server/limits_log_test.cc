// Copyright 2026 The eddy Authors.
//
// The process-wide budget of buffered request bytes (a request that would
// pass it is a 503, partial bodies of slow clients count), and the request
// log (--log-requests).

#include <chrono>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/server/server_testing.h"

namespace eddy::server {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::MatchesRegex;

template <typename Fn>
bool Eventually(Fn done) {
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::yield();
  }
  return true;
}

TEST_F(ServerTest, BufferedBytesAcrossConnectionsStayWithinTheBudget) {
  server_->Stop();
  ServerOptions options;
  options.max_buffered_bytes = 100 * 1024;
  StartServer(options);
  CreateThings();
  const internal::ByteBudget& budget = server_->http().buffer_budget();

  // A slow client holds half of a 60 KB PutItem. Its bulk is an unknown
  // member (ignored, never decoded), so that serving it takes little beyond
  // its body: a 60 KB string value would take 60 KB more once decoded, which
  // counts in the budget too (DecodedValuesCountInTheBudget).
  const std::string body = R"({"TableName":"things","Padding":")" +
                           std::string(60000, 'v') +
                           R"(","Item":{"pk":{"S":"budget"}}})";
  const std::string request = RawRequest("PutItem", body);
  const size_t half = request.size() - body.size() / 2;
  RawClient slow(server_->port());
  ASSERT_TRUE(slow.Send(request.substr(0, half)));
  // Its buffer is sized for the whole request once the head is read.
  ASSERT_TRUE(Eventually([&] { return budget.used() >= request.size(); }));

  // A second one would need as much again: refused with a 503, not
  // buffered.
  RawClient second(server_->port());
  ASSERT_TRUE(second.Send(request.substr(0, half)));
  std::optional<RawClient::Response> refused = second.Read();
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->status, 503);
  EXPECT_THAT(refused->body,
              HasSubstr(R"({"__type":"com.amazon.coral.availability#)"
                        R"(ServiceUnavailableException","message":"The )"
                        R"(server is holding too many request bytes)"));
  EXPECT_EQ(refused->headers["connection"], "close");
  EXPECT_LE(budget.used(), budget.limit());

  // The first finishes normally, and its bytes go back to the budget.
  ASSERT_TRUE(slow.Send(request.substr(half)));
  std::optional<RawClient::Response> ok = slow.Read();
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->status, 200) << ok->body;
  EXPECT_TRUE(Eventually([&] { return budget.used() <= 32 * 1024; }));

  // With room again, the same request is served.
  RawClient again(server_->port());
  ASSERT_TRUE(again.Send(request));
  std::optional<RawClient::Response> r = again.Read();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
}

TEST_F(ServerTest, ChunkedBodiesCountTooAndCompressedOnesDecodeWithinIt) {
  server_->Stop();
  ServerOptions options;
  options.max_buffered_bytes = 1 << 20;
  StartServer(options);
  // A chunked body larger than the whole budget: refused, never held.
  RawClient raw(server_->port());
  std::string head = RawRequest("PutItem", "");
  head.replace(head.find("Content-Length: 0\r\n"), 19,
               "Transfer-Encoding: chunked\r\n");
  ASSERT_TRUE(raw.Send(head));
  std::optional<RawClient::Response> r;
  const std::string chunk = "10000\r\n" + std::string(0x10000, 'x') + "\r\n";
  for (int i = 0; i < 40 && raw.Send(chunk); ++i) {
  }
  r = raw.Read();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 503);
  EXPECT_LE(server_->http().buffer_budget().used(),
            server_->http().buffer_budget().limit());
}

// The values a request decodes are held in the same budget as its body: a
// 1 MB PutItem whose list of 100,000 empty strings decodes into ~4 MB is
// refused by a 2 MB budget while it is decoded (its body alone fits), with
// the same 503 as a body over the budget; nothing is written and the bytes
// go back.
TEST_F(ServerTest, DecodedValuesCountInTheBudget) {
  server_->Stop();
  ServerOptions options;
  options.max_buffered_bytes = 2 << 20;
  StartServer(options);
  CreateThings();
  std::string list;
  for (int i = 0; i < 100000; ++i) list += i ? R"(,{"S":""})" : R"({"S":""})";
  const std::string body =
      R"({"TableName":"things","Item":{"pk":{"S":"big"},"d":{"L":[)" + list +
      "]}}}";
  ASSERT_LT(body.size(), size_t{1} << 20);
  httplib::Client client = Client();
  httplib::Result r = client.Post("/", SignedHeaders("PutItem"), body, kJson10);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 503);
  EXPECT_THAT(r->body,
              HasSubstr(R"({"__type":"com.amazon.coral.availability#)"
                        R"(ServiceUnavailableException","message":"The )"
                        R"(server is holding too many request bytes at )"
                        R"(once (--max-buffered-bytes))"));
  r = client.Post("/", SignedHeaders("GetItem"), GetBody("big"), kJson10);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->body, "{}");
  const internal::ByteBudget& budget = server_->http().buffer_budget();
  EXPECT_TRUE(Eventually([&] { return budget.used() <= 64 * 1024; }));
  // A tenth of the list fits, and is written.
  const std::string small =
      R"({"TableName":"things","Item":{"pk":{"S":"big"},"d":{"L":[)" +
      list.substr(0, 8 + 9 * 9999) + "]}}}";  // 10,000 elements
  r = client.Post("/", SignedHeaders("PutItem"), small, kJson10);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200) << r->body;
}

class ServerRequestLogTest : public ServerTest {
 protected:
  void SetUp() override {
    ServerOptions options;
    options.max_body_bytes = 4096;
    options.request_log = [this](std::string_view line) {
      std::lock_guard<std::mutex> lock(mu_);
      lines_.emplace_back(line);
    };
    StartServer(options);
  }
  std::vector<std::string> Lines() {
    std::lock_guard<std::mutex> lock(mu_);
    return lines_;
  }
  std::mutex mu_;
  std::vector<std::string> lines_;
};

TEST_F(ServerRequestLogTest, OneLinePerRequestWithTableStatusErrorAndLatency) {
  httplib::Client client = Client();
  ASSERT_TRUE(
      client.Post("/", SignedHeaders("CreateTable"), kCreateTable, kJson10));
  ASSERT_TRUE(
      client.Post("/", SignedHeaders("PutItem"), PutBody("a", "1"), kJson10));
  ASSERT_TRUE(client.Post("/", SignedHeaders("GetItem"),
                          R"({"TableName":"missing","Key":{"pk":{"S":"a"}}})",
                          kJson10));
  ASSERT_TRUE(client.Post("/", SignedHeaders("ListTables"), "{}", kJson10));
  ASSERT_TRUE(client.Get("/"));
  RawClient raw(server_->port());
  ASSERT_TRUE(raw.Send(RawRequest("PutItem", std::string(5000, ' '))));
  ASSERT_TRUE(raw.Read());
  EXPECT_THAT(
      Lines(),
      ElementsAre(
          MatchesRegex(R"(CreateTable table=things 200 [0-9]+\.[0-9]{2} ms)"),
          MatchesRegex(R"(PutItem table=things 200 [0-9]+\.[0-9]{2} ms)"),
          MatchesRegex(R"(GetItem table=missing 400 ResourceNotFoundException )"
                       R"([0-9]+\.[0-9]{2} ms)"),
          MatchesRegex(R"(ListTables 200 [0-9]+\.[0-9]{2} ms)"),
          MatchesRegex(R"(GET 200 [0-9]+\.[0-9]{2} ms)"),
          MatchesRegex(R"(- 413 RequestEntityTooLargeException )"
                       R"([0-9]+\.[0-9]{2} ms)")));
}

}  // namespace
}  // namespace eddy::server
