// Copyright 2026 The eddy Authors.
//
// Compressed requests and responses through eddy-server, over loopback with
// a raw client (so the exact bytes are seen): gzip and deflate bodies are
// decoded; unknown or broken codings are 500s that change nothing; a bomb is
// a 413; responses of 4 KiB or more are compressed when asked, with
// x-amz-crc32 over the compressed bytes.

#include <zlib.h>

#include <optional>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/server/server_testing.h"
#include "tools/eddy-server/crc32.h"

namespace eddy::server {
namespace {

using ::testing::HasSubstr;

std::string Compress(std::string_view data, int window_bits) {
  z_stream zs{};
  deflateInit2(&zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, window_bits, 8,
               Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&zs, data.size()), '\0');
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  zs.avail_in = static_cast<uInt>(data.size());
  zs.next_out = reinterpret_cast<Bytef*>(out.data());
  zs.avail_out = static_cast<uInt>(out.size());
  deflate(&zs, Z_FINISH);
  out.resize(zs.total_out);
  deflateEnd(&zs);
  return out;
}

std::string Inflate(std::string_view data) {
  z_stream zs{};
  inflateInit2(&zs, 47);  // gzip or zlib
  std::string out(4 << 20, '\0');
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  zs.avail_in = static_cast<uInt>(data.size());
  zs.next_out = reinterpret_cast<Bytef*>(out.data());
  zs.avail_out = static_cast<uInt>(out.size());
  const int rc = inflate(&zs, Z_FINISH);
  out.resize(rc == Z_STREAM_END ? zs.total_out : 0);
  inflateEnd(&zs);
  return out;
}

class CompressionTest : public ServerTest {
 protected:
  std::optional<RawClient::Response> Send(const std::string& operation,
                                          const std::string& body,
                                          const std::string& headers = "") {
    RawClient raw(server_->port());
    if (!raw.Send(RawRequest(operation, body, headers))) return std::nullopt;
    return raw.Read();
  }
};

TEST_F(CompressionTest, GzipAndDeflateRequestBodiesAreDecoded) {
  std::optional<RawClient::Response> r =
      Send("PutItem", Compress(PutBody("gz", "1"), 31),
           "Content-Encoding: gzip\r\n");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200) << r->body;
  r = Send("PutItem", Compress(PutBody("zl", "2"), 15),
           "Content-Encoding: deflate\r\n");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200) << r->body;
  r = Send("GetItem", Compress(GetBody("gz"), 31),
           "Content-Encoding: gzip\r\n");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->body, R"({"Item":{"pk":{"S":"gz"},"v":{"S":"1"}}})");
  r = Send("GetItem", GetBody("zl"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->body, R"({"Item":{"pk":{"S":"zl"},"v":{"S":"2"}}})");
}

TEST_F(CompressionTest, UnknownOrBrokenCodingsAre500sThatChangeNothing) {
  const std::string put = PutBody("bad", "1");
  for (const auto& [coding, body] :
       std::vector<std::pair<std::string, std::string>>{
           {"garbage", put},
           {"gzip", put},                              // not gzip at all
           {"gzip", Compress(put, 31).substr(0, 20)},  // cut short
           {"gzip", ""}}) {
    std::optional<RawClient::Response> r =
        Send("PutItem", body, "Content-Encoding: " + coding + "\r\n");
    ASSERT_TRUE(r) << coding;
    EXPECT_EQ(r->status, 500) << coding;
    EXPECT_THAT(r->body, HasSubstr("com.amazonaws.dynamodb.v20120810#"
                                   "InternalServerError"));
    EXPECT_THAT(r->body, HasSubstr("Cannot decode the request body"));
    EXPECT_EQ(r->headers["x-amz-crc32"], std::to_string(Crc32(r->body)));
  }
  std::optional<RawClient::Response> get = Send("GetItem", GetBody("bad"));
  ASSERT_TRUE(get);
  EXPECT_EQ(get->body, "{}");
}

TEST_F(CompressionTest, ABodyInflatingPastTheLimitIs413) {
  server_->Stop();
  ServerOptions options;
  options.max_body_bytes = 64 * 1024;
  StartServer(options);
  std::string put = PutBody("bomb", "1");
  put.insert(put.size() - 1, std::string(1 << 20, ' '));  // 1 MiB of spaces
  const std::string gz = Compress(put, 31);
  ASSERT_LT(gz.size(), 8u * 1024);
  std::optional<RawClient::Response> r =
      Send("PutItem", gz, "Content-Encoding: gzip\r\n");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 413);
  EXPECT_EQ(r->body,
            R"({"__type":"com.amazon.coral.service#)"
            R"(RequestEntityTooLargeException","message":"The request body )"
            R"x(decompresses to more than 65536 bytes (the limit is 65536 )x"
            R"x(bytes)"})x");
  // The decoded bytes went back to the budget.
  EXPECT_LE(server_->http().buffer_budget().used(), 64u * 1024);
}

TEST_F(CompressionTest, LargeResponsesAreCompressedWhenAskedWithCrcOfTheWire) {
  // An item whose GetItem answer is about 10 KB.
  std::optional<RawClient::Response> put =
      Send("PutItem", PutBody("big", std::string(10000, 'b')));
  ASSERT_TRUE(put);
  ASSERT_EQ(put->status, 200);
  std::optional<RawClient::Response> plain = Send("GetItem", GetBody("big"));
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->headers.count("content-encoding"), 0u);
  ASSERT_GT(plain->body.size(), 10000u);

  for (const auto& [accept, coding] :
       std::vector<std::pair<std::string, std::string>>{
           {"gzip", "gzip"},
           {"deflate", "deflate"},
           {"gzip;q=0.5, deflate", "deflate"},
           {"br, *", "gzip"}}) {
    std::optional<RawClient::Response> r =
        Send("GetItem", GetBody("big"), "Accept-Encoding: " + accept + "\r\n");
    ASSERT_TRUE(r) << accept;
    EXPECT_EQ(r->status, 200);
    EXPECT_EQ(r->headers["content-encoding"], coding) << accept;
    EXPECT_LT(r->body.size(), 1000u);
    // DynamoDB's x-amz-crc32 is the CRC of the bytes sent (compressed).
    EXPECT_EQ(r->headers["x-amz-crc32"], std::to_string(Crc32(r->body)));
    EXPECT_EQ(r->headers["content-type"], kJson10);
    EXPECT_EQ(Inflate(r->body), plain->body) << accept;
  }
  // Nothing acceptable, or a small answer: not compressed.
  for (const char* accept : {"identity", "br", "gzip;q=0"}) {
    std::optional<RawClient::Response> r =
        Send("GetItem", GetBody("big"),
             std::string("Accept-Encoding: ") + accept + "\r\n");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->headers.count("content-encoding"), 0u) << accept;
    EXPECT_EQ(r->body, plain->body);
  }
  std::optional<RawClient::Response> small =
      Send("GetItem", GetBody("nothing"), "Accept-Encoding: gzip\r\n");
  ASSERT_TRUE(small);
  EXPECT_EQ(small->headers.count("content-encoding"), 0u);
  EXPECT_EQ(small->body, "{}");
}

TEST_F(CompressionTest, CompressedRequestAndResponseTogether) {
  ASSERT_TRUE(Send("PutItem", PutBody("both", std::string(8000, 'z'))));
  std::optional<RawClient::Response> r =
      Send("GetItem", Compress(GetBody("both"), 31),
           "Content-Encoding: gzip\r\nAccept-Encoding: gzip\r\n");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->headers["content-encoding"], "gzip");
  EXPECT_THAT(Inflate(r->body), HasSubstr(std::string(8000, 'z')));
}

}  // namespace
}  // namespace eddy::server
