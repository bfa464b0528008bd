// Copyright 2026 The eddy Authors.
//
// CORS as DynamoDB answers it (dynalite's tests written against DynamoDB and
// a recorded DynamoDB preflight), and DynamoDB Local's -cors allow-list.

#include "tools/eddy-server/internal/cors.h"

#include <optional>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/server/server_testing.h"

namespace eddy::server {
namespace {

using ::testing::HasSubstr;

constexpr char kExpose[] =
    "x-amzn-RequestId,x-amzn-ErrorType,x-amzn-ErrorMessage,Date";

class CorsTest : public ServerTest {
 protected:
  std::optional<RawClient::Response> Exchange(const std::string& request) {
    RawClient raw(server_->port());
    if (!raw.Send(request)) return std::nullopt;
    return raw.Read();
  }
  std::optional<RawClient::Response> Preflight(const std::string& origin) {
    return Exchange(
        "OPTIONS / HTTP/1.1\r\nHost: localhost\r\nOrigin: " + origin +
        "\r\nAccess-Control-Request-Method: POST\r\n"
        "Access-Control-Request-Headers: content-type,x-amz-target,"
        "authorization,x-amz-date,amz-sdk-invocation-id\r\n\r\n");
  }
};

TEST_F(CorsTest, PreflightAsDynamoDBAnswersIt) {
  std::optional<RawClient::Response> r = Preflight("http://localhost:3000");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(r->body, "");
  EXPECT_EQ(r->headers["content-length"], "0");
  EXPECT_EQ(r->headers["access-control-allow-origin"], "*");
  EXPECT_EQ(r->headers["access-control-allow-headers"],
            "content-type,x-amz-target,authorization,x-amz-date,"
            "amz-sdk-invocation-id");
  EXPECT_EQ(r->headers["access-control-allow-methods"], "POST");
  EXPECT_EQ(r->headers["access-control-expose-headers"], kExpose);
  EXPECT_EQ(r->headers["access-control-max-age"], "172800");
  EXPECT_EQ(r->headers["x-amzn-requestid"].size(), 52u);
  EXPECT_EQ(r->headers["server"], "Server");
  EXPECT_EQ(r->headers.count("vary"), 0u);
}

TEST_F(CorsTest, OptionsWithoutOriginIsAnUnknownOperation) {
  std::optional<RawClient::Response> r =
      Exchange("OPTIONS / HTTP/1.1\r\nHost: localhost\r\n\r\n");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 404);
  EXPECT_EQ(r->body, "<UnknownOperationException/>\n");
  EXPECT_EQ(r->headers.count("access-control-allow-origin"), 0u);
}

TEST_F(CorsTest, EveryAnswerToAnOriginAllowsIt) {
  const std::string origin = "Origin: https://app.example\r\n";
  for (const std::string& request :
       {RawRequest("PutItem", PutBody("c", "1"), origin),
        RawRequest("GetItem", R"({"TableName":"missing","Key":{}})", origin),
        RawRequest("NoSuchOperation", "{}", origin),
        "GET / HTTP/1.1\r\nHost: x\r\n" + origin + "\r\n",
        "DELETE / HTTP/1.1\r\nHost: x\r\n" + origin + "\r\n"}) {
    std::optional<RawClient::Response> r = Exchange(request);
    ASSERT_TRUE(r) << request;
    EXPECT_EQ(r->headers["access-control-allow-origin"], "*") << request;
    EXPECT_EQ(r->headers["access-control-expose-headers"], kExpose);
  }
  std::optional<RawClient::Response> none =
      Exchange(RawRequest("GetItem", GetBody("c")));
  ASSERT_TRUE(none);
  EXPECT_EQ(none->headers.count("access-control-allow-origin"), 0u);
}

TEST_F(CorsTest, AnAllowListEchoesItsOriginsAndRefusesOthers) {
  server_->Stop();
  ServerOptions options;
  options.cors_origins = {"http://localhost:3000", "https://app.example"};
  StartServer(options);

  std::optional<RawClient::Response> ok = Preflight("https://app.example");
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->status, 200);
  EXPECT_EQ(ok->headers["access-control-allow-origin"], "https://app.example");
  EXPECT_EQ(ok->headers["vary"], "Origin");

  std::optional<RawClient::Response> refused =
      Preflight("https://evil.example");
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->status, 404);
  EXPECT_EQ(refused->headers.count("access-control-allow-origin"), 0u);
  EXPECT_EQ(refused->headers.count("access-control-allow-methods"), 0u);

  std::optional<RawClient::Response> get = Exchange(
      RawRequest("ListTables", "{}", "Origin: http://localhost:3000\r\n"));
  ASSERT_TRUE(get);
  EXPECT_EQ(get->status, 200);
  EXPECT_EQ(get->headers["access-control-allow-origin"],
            "http://localhost:3000");
  EXPECT_EQ(get->headers["vary"], "Origin");

  // Another origin is still served (CORS is the browser's rule), without
  // the headers that would let a browser read the answer.
  std::optional<RawClient::Response> other = Exchange(
      RawRequest("ListTables", "{}", "Origin: https://evil.example\r\n"));
  ASSERT_TRUE(other);
  EXPECT_EQ(other->status, 200);
  EXPECT_EQ(other->headers.count("access-control-allow-origin"), 0u);
}

TEST(CorsPolicyTest, StarListsAndParsing) {
  internal::CorsPolicy any({"*"});
  ASSERT_NE(any.AllowOrigin("http://x"), nullptr);
  EXPECT_EQ(*any.AllowOrigin("http://x"), "*");
  EXPECT_FALSE(any.echoes_origin());
  internal::CorsPolicy some({"http://a:1", "https://b"});
  ASSERT_NE(some.AllowOrigin("HTTPS://B"), nullptr);
  EXPECT_EQ(*some.AllowOrigin("https://b"), "https://b");
  EXPECT_EQ(some.AllowOrigin("http://a:2"), nullptr);
  EXPECT_TRUE(some.echoes_origin());
  internal::CorsPolicy none({});
  EXPECT_EQ(none.AllowOrigin("http://a:1"), nullptr);

  std::vector<std::string> origins;
  std::string error;
  EXPECT_TRUE(internal::ParseCorsOrigins(" * ", &origins, &error));
  EXPECT_EQ(origins, std::vector<std::string>{"*"});
  EXPECT_FALSE(internal::ParseCorsOrigins("example.com", &origins, &error));
  EXPECT_THAT(error, HasSubstr("is not an origin"));
}

}  // namespace
}  // namespace eddy::server
