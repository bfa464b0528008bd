// Copyright 2026 The eddy Authors.
//
// What eddy-server's protocol tests share: a signed request's headers (any
// credentials, X-Amz-Date on the test clock), request bodies, a raw socket
// client for misbehaving on purpose, and a fixture that starts an in-process
// Server on a free port with a ManualClock at 2026-01-01 and a table
// "things" (hash key "pk").
//
// Thread safety: RawClient and the fixture belong to one test thread.

#ifndef EDDY_TESTS_SERVER_SERVER_TESTING_H_
#define EDDY_TESTS_SERVER_SERVER_TESTING_H_

#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cctype>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "emulator/base/clock.h"
#include "gtest/gtest.h"
#include "tools/eddy-server/server.h"

namespace eddy::server {

using ::testing::HasSubstr;
using ::testing::StartsWith;

inline constexpr char kAuth[] =
    "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20260101/us-east-1/dynamodb/"
    "aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-target, "
    "Signature="
    "5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7";
inline constexpr char kAmzDate[] = "20260101T000000Z";
inline constexpr char kJson10[] = "application/x-amz-json-1.0";
inline constexpr char kCreateTable[] =
    R"({"TableName":"things","BillingMode":"PAY_PER_REQUEST",)"
    R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],)"
    R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}]})";

inline httplib::Headers SignedHeaders(const std::string& operation) {
  return {{"X-Amz-Target", "DynamoDB_20120810." + operation},
          {"Authorization", kAuth},
          {"X-Amz-Date", kAmzDate}};
}

inline std::string PutBody(const std::string& pk, const std::string& v) {
  return R"({"TableName":"things","Item":{"pk":{"S":")" + pk +
         R"("},"v":{"S":")" + v + R"("}}})";
}
inline std::string GetBody(const std::string& pk) {
  return R"({"TableName":"things","Key":{"pk":{"S":")" + pk + R"("}}})";
}

// A blocking TCP client that can send anything and read responses by hand.
class RawClient {
 public:
  struct Response {
    int status = 0;
    std::map<std::string, std::string> headers;  // lower-case names
    std::string body;
  };

  explicit RawClient(int port) : RawClient("127.0.0.1", port) {}
  // `address`: an IPv4 address in dotted form.
  RawClient(const std::string& address, int port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    timeval tv{10, 0};  // a hung server fails the test instead of hanging it
    ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<uint16_t>(port));
    ::inet_pton(AF_INET, address.c_str(), &addr.sin_addr);
    connected_ =
        ::connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) == 0;
  }
  ~RawClient() { ::close(fd_); }

  bool connected() const { return connected_; }

  bool Send(std::string_view bytes) {
    while (!bytes.empty()) {
      ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
      if (n <= 0) return false;
      bytes.remove_prefix(static_cast<size_t>(n));
    }
    return true;
  }

  // One response (status line, headers, Content-Length body); nullopt if the
  // connection closed or timed out first.
  std::optional<Response> Read() {
    size_t head_end;
    while ((head_end = buffer_.find("\r\n\r\n")) == std::string::npos) {
      if (!Fill()) return std::nullopt;
    }
    Response r;
    std::string head = buffer_.substr(0, head_end);
    buffer_.erase(0, head_end + 4);
    size_t line_end = head.find("\r\n");
    std::string status_line = head.substr(0, line_end);
    r.status = std::stoi(status_line.substr(9, 3));
    size_t pos = line_end == std::string::npos ? head.size() : line_end + 2;
    while (pos < head.size()) {
      size_t end = head.find("\r\n", pos);
      if (end == std::string::npos) end = head.size();
      std::string line = head.substr(pos, end - pos);
      size_t colon = line.find(':');
      std::string name = line.substr(0, colon);
      for (char& c : name) c = static_cast<char>(std::tolower(c));
      r.headers[name] = line.substr(line.find_first_not_of(' ', colon + 1));
      pos = end + 2;
    }
    if (r.status == 100) return r;  // interim: no body
    size_t length = std::stoul(r.headers["content-length"]);
    while (buffer_.size() < length) {
      if (!Fill()) return std::nullopt;
    }
    r.body = buffer_.substr(0, length);
    buffer_.erase(0, length);
    return r;
  }

  // True when the server closes the connection (reads return end of stream).
  bool ClosedByServer() {
    char c;
    ssize_t n = ::recv(fd_, &c, 1, 0);
    return n == 0 || (n < 0 && errno == ECONNRESET);
  }

 private:
  bool Fill() {
    char chunk[65536];
    ssize_t n = ::recv(fd_, chunk, sizeof(chunk), 0);
    if (n <= 0) return false;
    buffer_.append(chunk, static_cast<size_t>(n));
    return true;
  }

  int fd_ = -1;
  bool connected_ = false;
  std::string buffer_;
};

inline std::string RawRequest(const std::string& operation,
                              const std::string& body,
                              const std::string& extra_headers = "") {
  return "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: " +
         std::string(kJson10) + "\r\nX-Amz-Target: DynamoDB_20120810." +
         operation + "\r\nAuthorization: " + kAuth +
         "\r\nX-Amz-Date: " + kAmzDate + "\r\n" + extra_headers +
         "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

class ServerTest : public ::testing::Test {
 protected:
  ServerTest() : clock_(1'767'225'600'000'000) {}  // 2026-01-01

  void StartServer(ServerOptions options = ServerOptions()) {
    options.port = 0;
    options.database.clock = &clock_;
    if (options.threads == 0) options.threads = 4;
    server_ = std::make_unique<Server>(options);
    ASSERT_TRUE(server_->Start().ok());
    ASSERT_GT(server_->port(), 0);
  }

  void SetUp() override {
    StartServer();
    CreateThings();
  }

  // Creates the table "things" (hash key "pk") on the running server.
  void CreateThings() {
    httplib::Result r =
        Client().Post("/", SignedHeaders("CreateTable"), kCreateTable, kJson10);
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200) << r->body;
  }

  httplib::Client Client() {
    httplib::Client client("127.0.0.1", server_->port());
    client.set_keep_alive(true);
    client.set_read_timeout(10, 0);
    return client;
  }

  ManualClock clock_;
  std::unique_ptr<Server> server_;
};
}  // namespace eddy::server

#endif  // EDDY_TESTS_SERVER_SERVER_TESTING_H_
