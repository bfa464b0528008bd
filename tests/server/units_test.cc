// Copyright 2026 The eddy Authors.
//
// eddy-server's small pieces: CRC-32, request ids, the SigV4 shape check and
// the command line.

#include <set>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testing/status_matchers.h"
#include "tools/eddy-server/crc32.h"
#include "tools/eddy-server/flags.h"
#include "tools/eddy-server/internal/auth_shape.h"
#include "tools/eddy-server/internal/request_id.h"

namespace eddy::server {
namespace {

using ::testing::HasSubstr;

// --- CRC-32 -----------------------------------------------------------------

// Bit-at-a-time reference, straight from the definition.
uint32_t ReferenceCrc32(std::string_view data) {
  uint32_t c = 0xFFFFFFFFu;
  for (unsigned char byte : data) {
    c ^= byte;
    for (int i = 0; i < 8; ++i) c = (c & 1) ? (c >> 1) ^ 0xEDB88320u : c >> 1;
  }
  return ~c;
}

TEST(Crc32Test, KnownVectors) {
  EXPECT_EQ(Crc32(""), 0u);
  EXPECT_EQ(Crc32("123456789"), 0xCBF43926u);  // the standard check value
  EXPECT_EQ(Crc32("The quick brown fox jumps over the lazy dog"), 0x414FA339u);
  // Values DynamoDB sent in x-amz-crc32 (recorded by dynalite): its health
  // answer and its 404 body.
  EXPECT_EQ(Crc32("healthy: dynamodb.us-east-1.amazonaws.com "), 3128867991u);
  EXPECT_EQ(Crc32("<UnknownOperationException/>\n"), 3552371480u);
}

TEST(Crc32Test, MatchesTheBitwiseDefinitionAtEveryLengthAndAlignment) {
  std::string data;
  uint32_t x = 12345;
  for (int i = 0; i < 300; ++i) {
    x = x * 1103515245u + 12345u;
    data.push_back(static_cast<char>(x >> 16));
  }
  for (size_t start = 0; start < 9; ++start) {
    for (size_t len = 0; start + len <= data.size(); len += 7) {
      std::string_view piece = std::string_view(data).substr(start, len);
      ASSERT_EQ(Crc32(piece), ReferenceCrc32(piece))
          << "start " << start << " len " << len;
    }
  }
  for (size_t split = 0; split <= 40; ++split) {
    std::string_view d(data.data(), 40);
    EXPECT_EQ(Crc32Extend(Crc32(d.substr(0, split)), d.substr(split)),
              Crc32(d));
  }
}

// --- Request ids ------------------------------------------------------------

TEST(RequestIdTest, FiftyTwoUpperCaseAlphanumericsAndUnique) {
  internal::RequestIdGenerator ids(/*seed=*/42);
  std::set<std::string> seen;
  for (int i = 0; i < 100'000; ++i) {
    char id[internal::RequestIdGenerator::kLength];
    ids.Next(id);
    std::string s(id, sizeof(id));
    ASSERT_EQ(s.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"),
              std::string::npos)
        << s;
    ASSERT_TRUE(seen.insert(s).second) << "duplicate " << s;
  }
  // Different generators (different seeds) start from different ids.
  internal::RequestIdGenerator other(/*seed=*/43);
  char id[internal::RequestIdGenerator::kLength];
  other.Next(id);
  EXPECT_EQ(seen.count(std::string(id, sizeof(id))), 0u);
}

// --- SigV4 shape ------------------------------------------------------------

constexpr char kGoodAuth[] =
    "AWS4-HMAC-SHA256 Credential=AKID/20260101/us-east-1/dynamodb/"
    "aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-target, "
    "Signature=0123abcd";
constexpr std::string_view kGoodDate = "20260101T120000Z";

Status Check(std::string_view authorization,
             std::string_view amz_date = kGoodDate) {
  internal::AuthInputs in;
  in.authorization = &authorization;
  if (!amz_date.empty()) in.amz_date = &amz_date;
  return internal::CheckAuthShape(in);
}

TEST(AuthShapeTest, AcceptsWellFormedSignaturesOfAnyKeyAndRegion) {
  EXPECT_THAT(Check(kGoodAuth), IsOk());
  EXPECT_THAT(Check("AWS4-HMAC-SHA256 Credential=other/20260101/eu-west-3/"
                    "dynamodb/aws4_request,SignedHeaders=host,Signature=x"),
              IsOk());
  // A Date header may stand in for X-Amz-Date.
  std::string_view auth = kGoodAuth;
  std::string_view date = "Thu, 01 Jan 2026 12:00:00 GMT";
  internal::AuthInputs in;
  in.authorization = &auth;
  in.date = &date;
  EXPECT_THAT(internal::CheckAuthShape(in), IsOk());
}

TEST(AuthShapeTest, MissingAuthentication) {
  internal::AuthInputs none;
  EXPECT_THAT(internal::CheckAuthShape(none),
              StatusIsExactly(ErrorCode::kMissingAuthenticationToken,
                              "Request is missing Authentication Token"));
  EXPECT_THAT(Check("Bearer abc"),
              StatusIsExactly(ErrorCode::kMissingAuthenticationToken,
                              "Request is missing Authentication Token"));
}

TEST(AuthShapeTest, MissingParametersAreListedInDynamoDBsWords) {
  EXPECT_THAT(
      Check("AWS4-HMAC-SHA256 Signature=x", /*amz_date=*/""),
      StatusIsExactly(
          ErrorCode::kIncompleteSignature,
          "Authorization header requires 'Credential' parameter. "
          "Authorization header requires 'SignedHeaders' parameter. "
          "Authorization header requires existence of either a 'X-Amz-Date' "
          "or a 'Date' header. Authorization=AWS4-HMAC-SHA256 Signature=x"));
}

TEST(AuthShapeTest, PieceWithoutEqualSign) {
  // What a stray space in an access key produces.
  EXPECT_THAT(
      Check("AWS4-HMAC-SHA256 Credential=AKID /20260101/us-east-1/dynamodb/"
            "aws4_request, SignedHeaders=host, Signature=x"),
      StatusIsExactly(
          ErrorCode::kIncompleteSignature,
          "'/20260101/us-east-1/dynamodb/aws4_request' not a valid key=value "
          "pair (missing equal-sign) in Authorization header: "
          "'AWS4-HMAC-SHA256 Credential=AKID /20260101/us-east-1/dynamodb/"
          "aws4_request, SignedHeaders=host, Signature=x'."));
}

TEST(AuthShapeTest, DateHostAlgorithmAndScope) {
  EXPECT_THAT(Check(kGoodAuth, "2026-01-01"),
              StatusIsExactly(ErrorCode::kIncompleteSignature,
                              "Date must be in ISO-8601 'basic format'. Got "
                              "'2026-01-01'. See "
                              "http://en.wikipedia.org/wiki/ISO_8601"));
  EXPECT_THAT(
      Check("AWS4-HMAC-SHA256 Credential=AKID/20260101/us-east-1/dynamodb/"
            "aws4_request, SignedHeaders=x-amz-date, Signature=x"),
      StatusIsExactly(
          ErrorCode::kInvalidSignature,
          "'Host' must be a 'SignedHeader' in the AWS Authorization."));
  EXPECT_THAT(
      Check("AWS4-HMAC-SHA1 Credential=AKID/20260101/us-east-1/dynamodb/"
            "aws4_request, SignedHeaders=host, Signature=x"),
      StatusIsExactly(ErrorCode::kIncompleteSignature,
                      "Unsupported AWS 'algorithm': 'AWS4-HMAC-SHA1' (only "
                      "AWS4-HMAC-SHA256 for now). "));
  EXPECT_THAT(
      Check("AWS4-HMAC-SHA256 Credential=a/b/c/d, SignedHeaders=host, "
            "Signature=x"),
      StatusIsExactly(ErrorCode::kIncompleteSignature,
                      "Credential must have exactly 5 slash-delimited "
                      "elements, e.g. keyid/date/region/service/term, got "
                      "'a/b/c/d'"));
  // Trailing slashes do not count.
  EXPECT_THAT(Check("AWS4-HMAC-SHA256 Credential=AKID/20260101/us-east-1/"
                    "dynamodb/aws4_request//, SignedHeaders=host, Signature=x"),
              IsOk());
  EXPECT_THAT(
      Check("AWS4-HMAC-SHA256 Credential=AKID/20250101/us-east-1/s3/x, "
            "SignedHeaders=host, Signature=x"),
      StatusIsExactly(
          ErrorCode::kInvalidSignature,
          "Credential should be scoped to correct service: 'dynamodb'. "
          "Credential should be scoped with a valid terminator: "
          "'aws4_request', not 'x'. Date in Credential scope does not match "
          "YYYYMMDD from ISO-8601 version of date from HTTP: '20250101' != "
          "'20260101', from '20260101T120000Z'."));
}

TEST(AuthShapeTest, QueryStringAuthentication) {
  internal::AuthInputs in;
  in.query =
      "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=a%2Fb&"
      "X-Amz-Signature=s&X-Amz-SignedHeaders=host&X-Amz-Date=20260101T0000Z";
  EXPECT_THAT(internal::CheckAuthShape(in), IsOk());
  in.query = "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=1";
  EXPECT_THAT(
      internal::CheckAuthShape(in),
      StatusIsExactly(ErrorCode::kIncompleteSignature,
                      "AWS query-string parameters must include "
                      "'X-Amz-Credential'. AWS query-string parameters must "
                      "include 'X-Amz-Signature'. AWS query-string parameters "
                      "must include 'X-Amz-SignedHeaders'. Re-examine the "
                      "query-string parameters."));
  std::string_view auth = kGoodAuth;
  in.authorization = &auth;
  EXPECT_THAT(internal::CheckAuthShape(in),
              StatusIsExactly(ErrorCode::kInvalidSignature,
                              "Found both 'X-Amz-Algorithm' as a query-string "
                              "param and 'Authorization' as HTTP header."));
}

// --- Command line -----------------------------------------------------------

TEST(FlagsTest, DefaultsAreDynamoDBLocals) {
  CommandLine cl;
  std::string error;
  ASSERT_TRUE(ParseCommandLine({}, &cl, &error)) << error;
  EXPECT_EQ(cl.server.port, 8000);
  EXPECT_EQ(cl.server.host, "127.0.0.1");
  EXPECT_EQ(cl.server.threads, 0);  // max(4, 2 x cores)
  EXPECT_EQ(cl.server.max_body_bytes, kDefaultMaxBodyBytes);
  EXPECT_EQ(cl.server.database.region, "us-east-1");
}

TEST(FlagsTest, AcceptsBothSpellingsAndDynamoDBLocalFlags) {
  CommandLine cl;
  std::string error;
  ASSERT_TRUE(ParseCommandLine(
      {"-port", "0", "-inMemory", "-sharedDb", "--host=::1", "--threads", "3",
       "--max-body-bytes=2048", "--region", "eu-west-1",
       "--account-id=123456789012", "-disableTelemetry"},
      &cl, &error))
      << error;
  EXPECT_EQ(cl.server.port, 0);
  EXPECT_EQ(cl.server.host, "::1");
  EXPECT_EQ(cl.server.threads, 3);
  EXPECT_EQ(cl.server.max_body_bytes, 2048u);
  EXPECT_EQ(cl.server.database.region, "eu-west-1");
  EXPECT_EQ(cl.server.database.account_id, "123456789012");
  EXPECT_TRUE(cl.warnings.empty());
  EXPECT_FALSE(cl.help);
}

TEST(FlagsTest, WarnsAboutFlagsWithoutEffect) {
  CommandLine cl;
  std::string error;
  ASSERT_TRUE(
      ParseCommandLine({"-delayTransientStatuses", "-cors", "*"}, &cl, &error));
  EXPECT_EQ(cl.warnings.size(), 2u);
}

TEST(FlagsTest, ThrottlingAndGsiLagFlags) {
  CommandLine cl;
  std::string error;
  ASSERT_TRUE(ParseCommandLine(
      {"--throttle", "simulate", "--partition-write-units=500",
       "--partition-read-units", "1500", "--burst-seconds", "60",
       "--adaptive-capacity=off", "--split-for-heat", "off",
       "--split-detection-seconds", "120", "--on-demand-warm-write-units",
       "2000", "--on-demand-warm-read-units", "6000", "--gsi-lag-ms",
       "100:250"},
      &cl, &error))
      << error;
  const ThrottleOptions& t = cl.server.database.throttle;
  EXPECT_EQ(t.mode, ThrottleMode::kSimulate);
  EXPECT_EQ(t.partition_write_units, 500);
  EXPECT_EQ(t.partition_read_units, 1500);
  EXPECT_EQ(t.burst_window_seconds, 60);
  EXPECT_FALSE(t.adaptive_capacity);
  EXPECT_FALSE(t.split_for_heat);
  EXPECT_EQ(t.split_detection_seconds, 120);
  EXPECT_EQ(t.on_demand_warm_write_units, 2000);
  EXPECT_EQ(t.on_demand_warm_read_units, 6000);
  EXPECT_EQ(cl.server.database.gsi_lag.min_micros, 100'000);
  EXPECT_EQ(cl.server.database.gsi_lag.max_micros, 250'000);
  CommandLine fixed;
  ASSERT_TRUE(ParseCommandLine({"--gsi-lag-ms=40"}, &fixed, &error));
  EXPECT_EQ(fixed.server.database.gsi_lag.min_micros, 40'000);
  EXPECT_EQ(fixed.server.database.gsi_lag.max_micros, 40'000);
  CommandLine defaults;
  ASSERT_TRUE(ParseCommandLine({}, &defaults, &error));
  EXPECT_EQ(defaults.server.database.throttle.mode, ThrottleMode::kOff);
  for (const std::vector<std::string>& bad :
       std::vector<std::vector<std::string>>{{"--throttle", "on"},
                                             {"--partition-write-units", "0"},
                                             {"--gsi-lag-ms", "9:3"},
                                             {"--adaptive-capacity", "yes"}}) {
    CommandLine x;
    EXPECT_FALSE(ParseCommandLine(bad, &x, &error)) << bad[0];
  }
}

TEST(FlagsTest, RefusesWhatItCannotHonour) {
  const std::vector<std::vector<std::string>> bad = {
      {"-dbPath", "/tmp/x"},
      {"-optimizeDbBeforeStartup"},
      {"-port", "65536"},
      {"-port", "x"},
      {"-port"},
      {"--threads", "0"},
      {"--account-id", "12"},
      {"--region", "Not A Region"},
      {"--max-body-bytes=10"},
      {"-inMemory=yes"},
      {"--nope"},
      {"stray"},
  };
  for (const auto& args : bad) {
    CommandLine cl;
    std::string error;
    EXPECT_FALSE(ParseCommandLine(args, &cl, &error)) << args[0];
    EXPECT_FALSE(error.empty());
  }
  CommandLine cl;
  std::string error;
  ASSERT_FALSE(ParseCommandLine({"-dbPath", "/data"}, &cl, &error));
  EXPECT_THAT(error, HasSubstr("in memory only"));
}

TEST(FlagsTest, HelpDocumentsEveryFlag) {
  CommandLine cl;
  std::string error;
  ASSERT_TRUE(ParseCommandLine({"--help"}, &cl, &error));
  EXPECT_TRUE(cl.help);
  const std::string help = HelpText();
  for (const char* flag :
       {"-port N", "--host ADDR", "--threads N", "--max-body-bytes N",
        "--max-connections N", "--region NAME", "--account-id ID", "-inMemory",
        "-sharedDb", "-dbPath DIR", "-optimizeDbBeforeStartup",
        "-delayTransientStatuses", "-cors ORIGINS", "-disableTelemetry",
        "--help"}) {
    EXPECT_THAT(help, HasSubstr(flag));
  }
}

}  // namespace
}  // namespace eddy::server
