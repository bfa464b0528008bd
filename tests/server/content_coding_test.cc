// Copyright 2026 The eddy Authors.
//
// eddy-server's content codings: DynamoDB's choice of response coding for
// every Accept-Encoding case recorded against it, request decoding (gzip
// members, deflate in both framings, broken and unknown codings) and the
// bounds on a decompression bomb.

#include "tools/eddy-server/internal/content_coding.h"

#include <zlib.h>

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tools/eddy-server/internal/byte_budget.h"

namespace eddy::server::internal {
namespace {

// zlib-compressed `data`: window_bits 31 gzip, 15 zlib, -15 raw deflate.
std::string Compress(std::string_view data, int window_bits) {
  z_stream zs{};
  EXPECT_EQ(deflateInit2(&zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, window_bits, 8,
                         Z_DEFAULT_STRATEGY),
            Z_OK);
  std::string out(deflateBound(&zs, data.size()), '\0');
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  zs.avail_in = static_cast<uInt>(data.size());
  zs.next_out = reinterpret_cast<Bytef*>(out.data());
  zs.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(deflate(&zs, Z_FINISH), Z_STREAM_END);
  out.resize(zs.total_out);
  deflateEnd(&zs);
  return out;
}
std::string Gzip(std::string_view data) { return Compress(data, 31); }

// Inflates any zlib/gzip stream (window_bits 47 detects which).
std::string Inflate(std::string_view data) {
  z_stream zs{};
  EXPECT_EQ(inflateInit2(&zs, 47), Z_OK);
  std::string out(1 << 20, '\0');
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  zs.avail_in = static_cast<uInt>(data.size());
  zs.next_out = reinterpret_cast<Bytef*>(out.data());
  zs.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(inflate(&zs, Z_FINISH), Z_STREAM_END);
  out.resize(zs.total_out);
  inflateEnd(&zs);
  return out;
}

// --- Accept-Encoding ---------------------------------------------------------

struct AcceptCase {
  const char* accept_encoding;
  ResponseEncoding expected;
};

// Every case ScyllaDB's test_compressed_response.py records for DynamoDB.
TEST(ChooseResponseEncodingTest, AsDynamoDBChooses) {
  constexpr auto kNone = ResponseEncoding::kIdentity;
  constexpr auto kGzip = ResponseEncoding::kGzip;
  constexpr auto kDeflate = ResponseEncoding::kDeflate;
  const std::vector<AcceptCase> cases = {
      {"gzip", kGzip},
      {"deflate", kDeflate},
      {"identity", kNone},
      {"", kNone},
      {"br", kNone},
      {"zstd", kNone},
      {"compress", kNone},
      {"x-gzip", kNone},
      {"gzip, deflate", kGzip},
      {"br, identity, deflate, gzip", kDeflate},
      {"GZIP, identity", kGzip},
      {"dog, gzip ,, cat", kGzip},
      {"gzip;q=0.8, deflate;q=0.5", kGzip},
      {"br, gzip;q=0, deflate; q = 0.5 , identity;q=0", kDeflate},
      {"*", kGzip},
      {"*, deflate;q=0.5", kGzip},
      {"*, deflate", kDeflate},
      {"*, identity", kGzip},
      {"*, gzip;q=0.5", kDeflate},
      {"gzip ;q=0", kNone},
      {"identity;q=0", kNone},
      {"*;q=0", kNone},
      {"*;q=0.5,identity", kGzip},
      {"gzip;q=0.5,identity;q=0.8", kGzip},
      {"br;q=0.8,identity;q=0.5,*;q=0", kNone},
      {"\"gzip\"", kNone},
      {"gzip br", kNone},
      {"gzip:q=1", kNone},
      {"deflate;q=0.5, gzip;q=31", kGzip},
      {"gzip;q=31,deflate;q=51", kGzip},
      {"deflate;q=0.5, gzip;q=0.2", kDeflate},
      {"deflate;q=0.5, gzip;q=1;q=0.2", kGzip},
      {"deflate;q=0.5,gzip;q=0.", kDeflate},
      {"deflate;q=0.5,gzip;q=0.x", kGzip},
      {"deflate;q=-0.5,gzip;q=0.2", kGzip},
      {"gzip;nq=1;q=0 ", kNone},
      {"gzip;q=0, gzip;q=1, gzip;q=0", kGzip},
      {"br,identity;q=0.5,gzip;q=0.0001", kGzip},
  };
  for (const AcceptCase& c : cases) {
    EXPECT_EQ(ChooseResponseEncoding(c.accept_encoding), c.expected)
        << "Accept-Encoding: " << c.accept_encoding;
  }
}

TEST(EncodeTest, GzipAndDeflateRoundTrip) {
  std::string body;
  for (int i = 0; i < 2000; ++i)
    body += R"({"pk":{"S":"item#)" + std::to_string(i) + "\"}},";
  for (ResponseEncoding e :
       {ResponseEncoding::kGzip, ResponseEncoding::kDeflate}) {
    const std::string wire = Encode(e, body);
    ASSERT_FALSE(wire.empty());
    EXPECT_LT(wire.size(), body.size() / 4);
    EXPECT_EQ(Inflate(wire), body);
    const auto first = static_cast<unsigned char>(wire[0]);
    if (e == ResponseEncoding::kGzip) {
      EXPECT_EQ(first, 0x1F);  // gzip magic
    } else {
      EXPECT_EQ(first & 0x0F, 8);  // zlib header: deflate method
    }
  }
  EXPECT_EQ(EncodingName(ResponseEncoding::kGzip), "gzip");
  EXPECT_EQ(EncodingName(ResponseEncoding::kDeflate), "deflate");
}

// --- Request bodies ----------------------------------------------------------

constexpr char kJson[] = R"({"TableName":"t","Item":{"pk":{"S":"x"}}})";

DecodeStatus Decode(std::string_view coding, std::string_view body,
                    std::string* out, size_t max_bytes = 1 << 20,
                    ByteBudget* budget = nullptr) {
  DecodedBody decoded;
  DecodeStatus s = DecodeRequestBody(coding, body, max_bytes, budget, &decoded);
  *out = std::string(decoded.view());
  return s;
}

TEST(DecodeRequestBodyTest, GzipAndDeflateInBothFramings) {
  std::string out;
  EXPECT_EQ(Decode("gzip", Gzip(kJson), &out), DecodeStatus::kOk);
  EXPECT_EQ(out, kJson);
  EXPECT_EQ(Decode("GZIP", Gzip(kJson), &out), DecodeStatus::kOk);
  EXPECT_EQ(out, kJson);
  EXPECT_EQ(Decode("deflate", Compress(kJson, 15), &out), DecodeStatus::kOk);
  EXPECT_EQ(out, kJson);
  EXPECT_EQ(Decode("deflate", Compress(kJson, -15), &out), DecodeStatus::kOk);
  EXPECT_EQ(out, kJson);
  // identity is skipped; codings apply in order, so decode last to first.
  EXPECT_EQ(Decode("identity, gzip", Gzip(kJson), &out), DecodeStatus::kOk);
  EXPECT_EQ(out, kJson);
  EXPECT_EQ(Decode("deflate, gzip", Gzip(Compress(kJson, 15)), &out),
            DecodeStatus::kOk);
  EXPECT_EQ(out, kJson);
  EXPECT_TRUE(IsIdentityEncoding(""));
  EXPECT_TRUE(IsIdentityEncoding("identity"));
  EXPECT_FALSE(IsIdentityEncoding("gzip"));
  EXPECT_EQ(Decode("identity", kJson, &out), DecodeStatus::kOk);
  EXPECT_EQ(out, "");  // nothing to decode: the caller keeps the body
}

TEST(DecodeRequestBodyTest, GzipMembersAndTrailingBytesAsDynamoDB) {
  std::string out;
  const std::string json = kJson;
  // Two members one after the other make one body.
  EXPECT_EQ(
      Decode("gzip", Gzip(json.substr(0, 10)) + Gzip(json.substr(10)), &out),
      DecodeStatus::kOk);
  EXPECT_EQ(out, json);
  // Bytes after the last member that start no member are ignored, as
  // DynamoDB ignores them.
  EXPECT_EQ(Decode("gzip", Gzip(json) + "junk", &out), DecodeStatus::kOk);
  EXPECT_EQ(out, json);
}

TEST(DecodeRequestBodyTest, BrokenUnknownAndEmptyBodies) {
  std::string out;
  const std::string gz = Gzip(kJson);
  EXPECT_EQ(Decode("gzip", gz.substr(0, gz.size() - 1), &out),
            DecodeStatus::kCorrupt);  // the trailer cut short
  EXPECT_EQ(Decode("gzip", kJson, &out), DecodeStatus::kCorrupt);
  EXPECT_EQ(Decode("gzip", "", &out), DecodeStatus::kCorrupt);
  std::string flipped = gz;
  flipped[gz.size() - 6] ^= 0x55;  // the CRC-32 in the trailer
  EXPECT_EQ(Decode("gzip", flipped, &out), DecodeStatus::kCorrupt);
  EXPECT_EQ(Decode("deflate", "not deflate at all", &out),
            DecodeStatus::kCorrupt);
  EXPECT_EQ(Decode("garbage", gz, &out), DecodeStatus::kUnsupported);
  EXPECT_EQ(Decode("gzip, br", gz, &out), DecodeStatus::kUnsupported);
  EXPECT_EQ(out, "");
}

TEST(DecodeRequestBodyTest, ABombIsRefusedWithoutAllocatingPastTheLimit) {
  // 64 MiB of spaces compress to about 64 KiB.
  const std::string bomb = Gzip(std::string(64 << 20, ' '));
  ASSERT_LT(bomb.size(), 100u << 10);
  constexpr size_t kLimit = 1 << 20;
  // A budget of exactly the limit plus one byte: asking for more would fail
  // with kBudget, so kTooLarge proves the decoder never did.
  ByteBudget budget(kLimit + 1);
  DecodedBody decoded;
  std::string detail;
  EXPECT_EQ(DecodeRequestBody("gzip", bomb, kLimit, &budget, &decoded, &detail),
            DecodeStatus::kTooLarge);
  EXPECT_EQ(detail, "the request body decompresses to more than 1048576 bytes");
  EXPECT_EQ(budget.used(), 0u);
  EXPECT_EQ(decoded.capacity(), 0u);

  // Exactly the limit decodes.
  std::string out;
  EXPECT_EQ(Decode("gzip", Gzip(std::string(kLimit, 'a')), &out, kLimit),
            DecodeStatus::kOk);
  EXPECT_EQ(out.size(), kLimit);
}

TEST(DecodeRequestBodyTest, TakesItsBytesFromTheBudgetAndGivesThemBack) {
  ByteBudget budget(1 << 20);
  {
    DecodedBody decoded;
    ASSERT_EQ(
        DecodeRequestBody("gzip", Gzip(kJson), 1 << 20, &budget, &decoded),
        DecodeStatus::kOk);
    EXPECT_EQ(decoded.view(), kJson);
    EXPECT_EQ(budget.used(), decoded.capacity());
    EXPECT_GT(budget.used(), 0u);
  }
  EXPECT_EQ(budget.used(), 0u);
  // Too little budget left: kBudget, nothing kept.
  ASSERT_TRUE(budget.TryAcquire((1 << 20) - 100));
  DecodedBody decoded;
  EXPECT_EQ(DecodeRequestBody("gzip", Gzip(kJson), 1 << 20, &budget, &decoded),
            DecodeStatus::kBudget);
  EXPECT_EQ(budget.used(), (1u << 20) - 100);
}

TEST(ByteBudgetTest, NeverPassesItsLimit) {
  ByteBudget budget(100);
  EXPECT_TRUE(budget.TryAcquire(60));
  EXPECT_FALSE(budget.TryAcquire(41));
  EXPECT_TRUE(budget.TryAcquire(40));
  EXPECT_FALSE(budget.TryAcquire(1));
  budget.Release(100);
  EXPECT_EQ(budget.used(), 0u);
  EXPECT_EQ(budget.limit(), 100u);
}

}  // namespace
}  // namespace eddy::server::internal
