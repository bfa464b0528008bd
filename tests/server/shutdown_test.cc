// Copyright 2026 The eddy Authors.
//
// Clean shutdown: BeginShutdown closes the listening socket at once (a new
// client is refused), closes idle connections, and lets requests in progress
// finish, each answered with `Connection: close`. (The binary's signal
// handling, grace period and second signal are tested with the real binary in
// cli_test.py.)

#include <chrono>
#include <future>
#include <optional>
#include <string>
#include <thread>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/server/server_testing.h"
#include "tools/eddy-server/internal/http_server.h"

namespace eddy::server {
namespace {

// Waits (without sleeping) until `done` or ten seconds have passed.
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

TEST(HttpShutdownTest, RefusesNewClientsAtOnceAndFinishesTheRequestInFlight) {
  std::promise<void> entered;
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  internal::HttpServerOptions options;
  options.threads = 2;
  internal::HttpServer server(
      options,
      [&](const internal::HttpRequest& request,
          internal::HttpResponse* response) {
        if (request.target == "/slow") {
          entered.set_value();
          released.wait();  // a long request
        }
        response->body = "done";
      },
      [](internal::HttpError, std::string_view, internal::HttpResponse*) {});
  ASSERT_TRUE(server.Start().ok());
  const int port = server.port();

  RawClient slow(port);
  ASSERT_TRUE(slow.Send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n"));
  entered.get_future().wait();
  RawClient idle(port);  // keep-alive, between requests
  ASSERT_TRUE(idle.Send("GET / HTTP/1.1\r\nHost: x\r\n\r\n"));
  ASSERT_TRUE(idle.Read());

  server.BeginShutdown();
  RawClient late(port);
  EXPECT_FALSE(late.connected());  // refused at once, not queued
  EXPECT_TRUE(idle.ClosedByServer());
  EXPECT_FALSE(server.drained());

  release.set_value();
  std::optional<RawClient::Response> r = slow.Read();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(r->body, "done");
  EXPECT_EQ(r->headers["connection"], "close");
  EXPECT_TRUE(slow.ClosedByServer());
  EXPECT_TRUE(Eventually([&] { return server.drained(); }));
  server.Stop();
}

TEST_F(ServerTest, APartlySentRequestFinishesAfterShutdownBegins) {
  // The server has read the head when it answers 100 Continue, so the
  // request is in progress when the shutdown begins.
  RawClient client(server_->port());
  const std::string body = PutBody("late", "1");
  std::string head = RawRequest("PutItem", body, "Expect: 100-continue\r\n");
  head.resize(head.size() - body.size());
  ASSERT_TRUE(client.Send(head));
  std::optional<RawClient::Response> cont = client.Read();
  ASSERT_TRUE(cont);
  ASSERT_EQ(cont->status, 100);

  server_->BeginShutdown();
  RawClient late(server_->port());
  EXPECT_FALSE(late.connected());

  ASSERT_TRUE(client.Send(body));
  std::optional<RawClient::Response> r = client.Read();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(r->body, "{}");
  EXPECT_EQ(r->headers["connection"], "close");
  EXPECT_TRUE(client.ClosedByServer());
  EXPECT_TRUE(Eventually([&] { return server_->drained(); }));
  // The write was applied.
  GetItemRequest get{.table_name = "things",
                     .key = {{"pk", AttributeValue::S("late")}}};
  StatusOr<GetItemResponse> item = server_->database().GetItem(get);
  ASSERT_TRUE(item.ok());
  EXPECT_TRUE(item->item.has_value());
}

}  // namespace
}  // namespace eddy::server
