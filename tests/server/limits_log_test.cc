// Copyright 2026 The eddy Authors.
//
// The process-wide budget of buffered request bytes (a request that would
// pass it is a 503, partial bodies of slow clients count, one request holds
// at most a quarter of it), and the request log (--log-requests).

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

  // A slow client holds half of a 60 KB DescribeTable. Its bulk is an
  // unknown member (ignored, never decoded) and it has no attribute values,
  // so serving it takes nothing beyond its body (decoded values count in the
  // budget too, within a request's share of it:
  // DecodedValuesCountInTheBudget).
  const std::string body = R"({"TableName":"things","Padding":")" +
                           std::string(60000, 'v') + R"("})";
  const std::string request = RawRequest("DescribeTable", body);
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

// The values a request decodes are held in the same budget as its body, and
// one request may hold at most a quarter of the budget (body and values):
// past its share a request is a 413 (sending it again cannot help); within
// its share but past what other requests leave of the budget, a 503. Either
// way it is refused while it is decoded, nothing is written and the bytes go
// back.
TEST_F(ServerTest, DecodedValuesCountInTheBudget) {
  server_->Stop();
  ServerOptions options;
  options.max_buffered_bytes = 2 << 20;  // a request's share: 512 KiB
  StartServer(options);
  CreateThings();
  const internal::ByteBudget& budget = server_->http().buffer_budget();
  auto put_list = [](const std::string& pk, int elements) {
    std::string list;
    for (int i = 0; i < elements; ++i)
      list += i ? R"(,{"S":""})" : R"({"S":""})";
    return R"({"TableName":"things","Item":{"pk":{"S":")" + pk +
           R"("},"d":{"L":[)" + list + "]}}}";
  };
  httplib::Client client = Client();

  // 100,000 empty strings: a 0.9 MB body decoding into ~4 MB, past the
  // request's share: 413.
  const std::string huge = put_list("huge", 100000);
  ASSERT_LT(huge.size(), size_t{1} << 20);
  httplib::Result r = client.Post("/", SignedHeaders("PutItem"), huge, kJson10);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 413);
  EXPECT_THAT(r->body,
              HasSubstr(R"({"__type":"com.amazon.coral.service#)"
                        R"(RequestEntityTooLargeException","message":"The )"
                        R"(request's attribute values need more memory than )"
                        R"(one request may hold (a quarter of )"
                        R"(--max-buffered-bytes, 524288 bytes, body )"
                        R"(included))"));
  EXPECT_TRUE(Eventually([&] { return budget.used() <= 64 * 1024; }));

  // 8,000 empty strings: 72 KB decoding into ~320 KB, within the share.
  // While a slow client holds 1.8 MB of the budget, it is a 503.
  const std::string padded =
      RawRequest("DescribeTable", R"({"TableName":"things","Padding":")" +
                                      std::string(1800 * 1024, 'v') + R"("})");
  RawClient slow(server_->port());
  ASSERT_TRUE(slow.Send(padded.substr(0, padded.size() / 2)));
  ASSERT_TRUE(Eventually([&] { return budget.used() >= padded.size(); }));
  const std::string fits = put_list("fits", 8000);
  r = client.Post("/", SignedHeaders("PutItem"), fits, kJson10);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 503);
  EXPECT_THAT(r->body,
              HasSubstr(R"({"__type":"com.amazon.coral.availability#)"
                        R"(ServiceUnavailableException","message":"The )"
                        R"(server is holding too many request bytes at )"
                        R"(once (--max-buffered-bytes))"));
  EXPECT_LE(budget.used(), budget.limit());

  // Neither was written.
  r = client.Post("/", SignedHeaders("GetItem"), GetBody("huge"), kJson10);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->body, "{}");
  r = client.Post("/", SignedHeaders("GetItem"), GetBody("fits"), kJson10);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->body, "{}");

  // Once the slow client is answered, the same request is served.
  ASSERT_TRUE(slow.Send(padded.substr(padded.size() / 2)));
  std::optional<RawClient::Response> described = slow.Read();
  ASSERT_TRUE(described);
  EXPECT_EQ(described->status, 200);
  EXPECT_TRUE(Eventually([&] { return budget.used() <= 64 * 1024; }));
  r = client.Post("/", SignedHeaders("PutItem"), fits, kJson10);
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
