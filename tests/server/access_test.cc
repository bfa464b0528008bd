// Copyright 2026 The eddy Authors.
//
// Who may do what: eddy's own operations (Eddy*) only from loopback unless
// allow_remote_control, and a SigV4 date within 15 minutes of the server's
// (Database) clock.

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <optional>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/server/server_testing.h"

namespace eddy::server {
namespace {

using ::testing::HasSubstr;

constexpr char kInjectFault[] =
    R"({"Kind":"InternalServerError","Operation":"GetItem","Count":1})";

// An IPv4 address of this machine that is not loopback, or "" if none.
std::string NonLoopbackAddress() {
  ifaddrs* list = nullptr;
  if (::getifaddrs(&list) != 0) return "";
  std::string found;
  for (ifaddrs* i = list; i != nullptr && found.empty(); i = i->ifa_next) {
    if (i->ifa_addr == nullptr || i->ifa_addr->sa_family != AF_INET ||
        (i->ifa_flags & IFF_UP) == 0 || (i->ifa_flags & IFF_LOOPBACK) != 0) {
      continue;
    }
    char text[INET_ADDRSTRLEN];
    const auto* in = reinterpret_cast<sockaddr_in*>(i->ifa_addr);
    if (::inet_ntop(AF_INET, &in->sin_addr, text, sizeof(text)) != nullptr) {
      found = text;
    }
  }
  ::freeifaddrs(list);
  return found;
}

// Sends one request to address:port and reads the answer.
std::optional<RawClient::Response> SendTo(const std::string& address, int port,
                                          const std::string& request) {
  RawClient raw(address, port);
  if (!raw.connected() || !raw.Send(request)) return std::nullopt;
  return raw.Read();
}

class AccessTest : public ServerTest {
 protected:
  void StartOnAllAddresses(bool allow_remote_control) {
    server_->Stop();
    ServerOptions options;
    options.host = "0.0.0.0";
    options.allow_remote_control = allow_remote_control;
    StartServer(options);
    CreateThings();
  }
};

TEST_F(AccessTest, EddyOperationsAreServedOnLoopback) {
  StartOnAllAddresses(/*allow_remote_control=*/false);
  std::optional<RawClient::Response> r =
      SendTo("127.0.0.1", server_->port(),
             RawRequest("EddyInjectFault", kInjectFault));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200) << r->body;
  r = SendTo("127.0.0.1", server_->port(), RawRequest("EddyClearFaults", "{}"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200) << r->body;
}

TEST_F(AccessTest, EddyOperationsFromAnotherAddressAreDenied) {
  const std::string address = NonLoopbackAddress();
  if (address.empty()) GTEST_SKIP() << "no non-loopback IPv4 address here";
  StartOnAllAddresses(/*allow_remote_control=*/false);
  // Any operation named Eddy*, including ones that do not exist (yet).
  for (const char* operation :
       {"EddyInjectFault", "EddyClearFaults", "EddyAdvanceClock"}) {
    std::optional<RawClient::Response> r =
        SendTo(address, server_->port(), RawRequest(operation, kInjectFault));
    ASSERT_TRUE(r) << operation;
    EXPECT_EQ(r->status, 400) << operation;
    EXPECT_THAT(r->body,
                HasSubstr(R"({"__type":"com.amazon.coral.service#)"
                          R"(AccessDeniedException","message":"eddy's )"
                          R"(control operations (Eddy*) are served only )"
                          R"(to clients on this machine (loopback))"));
  }
  // DynamoDB's own operations are served to everyone.
  std::optional<RawClient::Response> r =
      SendTo(address, server_->port(), RawRequest("ListTables", "{}"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  // No fault was armed: GetItem still answers.
  r = SendTo("127.0.0.1", server_->port(), RawRequest("GetItem", GetBody("a")));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
}

TEST_F(AccessTest, AllowRemoteControlServesEveryone) {
  const std::string address = NonLoopbackAddress();
  if (address.empty()) GTEST_SKIP() << "no non-loopback IPv4 address here";
  StartOnAllAddresses(/*allow_remote_control=*/true);
  std::optional<RawClient::Response> r = SendTo(
      address, server_->port(), RawRequest("EddyInjectFault", kInjectFault));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200) << r->body;
  r = SendTo(address, server_->port(), RawRequest("EddyClearFaults", "{}"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
}

TEST_F(ServerTest, SignatureDateMustBeWithinFifteenMinutesOfTheServerClock) {
  // The fixture's clock and kAmzDate are both 2026-01-01T00:00:00Z.
  RawClient raw(server_->port());
  ASSERT_TRUE(raw.Send(RawRequest("ListTables", "{}")));
  std::optional<RawClient::Response> r = raw.Read();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);

  // (A new connection each time: moving the clock expires idle ones.)
  clock_.AdvanceSeconds(15 * 60 + 1);
  RawClient second(server_->port());
  ASSERT_TRUE(second.Send(RawRequest("ListTables", "{}")));
  r = second.Read();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
  EXPECT_EQ(r->body,
            R"({"__type":"com.amazon.coral.service#InvalidSignatureException",)"
            R"("message":"Signature expired: 20260101T000000Z is now earlier )"
            R"x(than 20260101T000001Z (20260101T001501Z - 15 min.)"})x");

  // A date more than 15 minutes ahead of the clock (now 00:15:01).
  std::string ahead = RawRequest("ListTables", "{}");
  const std::string date = std::string("X-Amz-Date: ") + kAmzDate;
  ahead.replace(ahead.find(date), date.size(), "X-Amz-Date: 20260101T003002Z");
  RawClient third(server_->port());
  ASSERT_TRUE(third.Send(ahead));
  r = third.Read();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
  EXPECT_THAT(r->body, HasSubstr("Signature not yet current: 20260101T003002Z "
                                 "is still later than 20260101T003001Z "
                                 "(20260101T001501Z + 15 min.)"));
}

}  // namespace
}  // namespace eddy::server
