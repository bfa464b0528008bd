// Copyright 2026 The eddy Authors.
//
// eddy-server's small pieces: CRC-32, request ids, the SigV4 shape check and
// the command line.

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <set>
#include <string>
#include <vector>

#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tools/eddy-server/crc32.h"
#include "tools/eddy-server/flags.h"
#include "tools/eddy-server/internal/auth_shape.h"
#include "tools/eddy-server/internal/http_server.h"
#include "tools/eddy-server/internal/request_id.h"
#include "tools/eddy-server/internal/request_log.h"

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

// --- Signature time ---------------------------------------------------------

// 2026-01-01T12:00:00Z, the time of kGoodDate.
constexpr int64_t kGoodDateMicros = 1'767'268'800'000'000;

Status CheckAt(int64_t now_micros, std::string_view amz_date,
               const std::string_view* date = nullptr) {
  std::string_view auth = kGoodAuth;
  internal::AuthInputs in;
  in.authorization = &auth;
  if (!amz_date.empty()) in.amz_date = &amz_date;
  in.date = date;
  in.now_micros = now_micros;
  return internal::CheckAuthShape(in);
}

TEST(AuthShapeTest, SignatureDateWithinFifteenMinutesOfTheClock) {
  constexpr int64_t kMinute = 60'000'000;
  EXPECT_THAT(CheckAt(kGoodDateMicros, kGoodDate), IsOk());
  // Exactly 15 minutes either way is still current.
  EXPECT_THAT(CheckAt(kGoodDateMicros + 15 * kMinute, kGoodDate), IsOk());
  EXPECT_THAT(CheckAt(kGoodDateMicros - 15 * kMinute, kGoodDate), IsOk());
  EXPECT_THAT(
      CheckAt(kGoodDateMicros + 15 * kMinute + 1'000'000, kGoodDate),
      StatusIsExactly(ErrorCode::kInvalidSignature,
                      "Signature expired: 20260101T120000Z is now earlier "
                      "than 20260101T120001Z (20260101T121501Z - 15 min.)"));
  EXPECT_THAT(
      CheckAt(kGoodDateMicros - 15 * kMinute - 1'000'000, kGoodDate),
      StatusIsExactly(ErrorCode::kInvalidSignature,
                      "Signature not yet current: 20260101T120000Z is still "
                      "later than 20260101T115959Z (20260101T114459Z + 15 "
                      "min.)"));
  // A Date header stands in for X-Amz-Date, shown in the same format.
  std::string_view date = "Thu, 01 Jan 2026 12:00:00 GMT";
  EXPECT_THAT(CheckAt(kGoodDateMicros, "", &date), IsOk());
  EXPECT_THAT(CheckAt(kGoodDateMicros + 3600'000'000, "", &date),
              StatusIs(ErrorCode::kInvalidSignature,
                       "Signature expired: 20260101T120000Z is now earlier"));
}

TEST(AuthShapeTest, DateFormatComesBeforeItsAgeAndAgeBeforeHost) {
  // A malformed or impossible date is IncompleteSignature, whatever the clock.
  EXPECT_THAT(CheckAt(kGoodDateMicros, "20261399T000000Z"),
              StatusIs(ErrorCode::kIncompleteSignature,
                       "Date must be in ISO-8601 'basic format'"));
  EXPECT_THAT(CheckAt(kGoodDateMicros, "20250229T000000Z"),
              StatusIs(ErrorCode::kIncompleteSignature, "basic format"));
  // An expired date is reported before a missing host in SignedHeaders.
  std::string_view auth =
      "AWS4-HMAC-SHA256 Credential=AKID/19990101/us-east-1/dynamodb/"
      "aws4_request, SignedHeaders=x-amz-date, Signature=abc";
  std::string_view old_date = "19990101T000000Z";
  internal::AuthInputs in;
  in.authorization = &auth;
  in.amz_date = &old_date;
  in.now_micros = kGoodDateMicros;
  EXPECT_THAT(internal::CheckAuthShape(in),
              StatusIs(ErrorCode::kInvalidSignature, "Signature expired"));
  in.now_micros = -1;
  EXPECT_THAT(internal::CheckAuthShape(in),
              StatusIs(ErrorCode::kInvalidSignature,
                       "'Host' must be a 'SignedHeader'"));
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
  // DynamoDB Local's default: a database per access key id and region.
  EXPECT_FALSE(cl.server.shared_db);
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
  EXPECT_TRUE(cl.server.shared_db);
  EXPECT_TRUE(cl.warnings.empty());
  EXPECT_FALSE(cl.help);
}

TEST(FlagsTest, WarnsAboutFlagsWithoutEffect) {
  CommandLine cl;
  std::string error;
  ASSERT_TRUE(
      ParseCommandLine({"-delayTransientStatuses", "-cors", "*"}, &cl, &error));
  // Both have an effect now.
  EXPECT_TRUE(cl.warnings.empty());
}

TEST(FlagsTest, TransientStatusWindows) {
  {
    CommandLine cl;
    std::string error;
    ASSERT_TRUE(ParseCommandLine({}, &cl, &error));
    EXPECT_FALSE(cl.server.database.transient_statuses.enabled());
    EXPECT_EQ(cl.server.database.index_backfill.base_micros, 0);
  }
  {
    // DynamoDB Local's switch: 500 ms each (dynalite's default), GSIs too.
    CommandLine cl;
    std::string error;
    ASSERT_TRUE(ParseCommandLine({"-delayTransientStatuses"}, &cl, &error));
    const TransientStatuses& t = cl.server.database.transient_statuses;
    EXPECT_EQ(t.create_table_micros, 500'000);
    EXPECT_EQ(t.update_table_micros, 500'000);
    EXPECT_EQ(t.delete_table_micros, 500'000);
    EXPECT_EQ(t.delete_index_micros, 500'000);
    EXPECT_EQ(cl.server.database.index_backfill.base_micros, 500'000);
  }
  {
    // dynalite's three windows, either order with the switch.
    CommandLine cl;
    std::string error;
    ASSERT_TRUE(
        ParseCommandLine({"--create-table-ms", "50", "-delayTransientStatuses",
                          "--update-table-ms=70", "--delete-table-ms", "0"},
                         &cl, &error))
        << error;
    const TransientStatuses& t = cl.server.database.transient_statuses;
    EXPECT_EQ(t.create_table_micros, 50'000);
    EXPECT_EQ(t.update_table_micros, 70'000);
    EXPECT_EQ(cl.server.database.index_backfill.base_micros, 70'000);
    EXPECT_EQ(t.delete_table_micros, 0);
    EXPECT_EQ(t.delete_index_micros, 0);
  }
  CommandLine cl;
  std::string error;
  EXPECT_FALSE(ParseCommandLine({"--create-table-ms", "-1"}, &cl, &error));
  EXPECT_THAT(error, HasSubstr("milliseconds"));
}

TEST(FlagsTest, CorsTakesStarOrAnAllowListInEitherSpelling) {
  CommandLine defaults;
  std::string error;
  ASSERT_TRUE(ParseCommandLine({}, &defaults, &error));
  EXPECT_EQ(defaults.server.cors_origins, std::vector<std::string>{"*"});
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{
           {"-cors", "http://localhost:3000, https://app.example"},
           {"--cors", "http://localhost:3000,https://app.example"},
           {"--cors=http://localhost:3000,,https://app.example"}}) {
    CommandLine cl;
    ASSERT_TRUE(ParseCommandLine(args, &cl, &error)) << args[0] << error;
    EXPECT_EQ(cl.server.cors_origins,
              (std::vector<std::string>{"http://localhost:3000",
                                        "https://app.example"}))
        << args[0];
  }
  for (const char* bad : {"", " , ", "localhost:3000", "http://a/path"}) {
    CommandLine cl;
    EXPECT_FALSE(ParseCommandLine({"-cors", bad}, &cl, &error)) << bad;
  }
}

TEST(FlagsTest, ServerOperationFlags) {
  CommandLine cl;
  std::string error;
  ASSERT_TRUE(ParseCommandLine(
      {"--allow-remote-control", "--shutdown-grace", "2",
       "--max-buffered-bytes=2097152", "--log-requests", "--version"},
      &cl, &error))
      << error;
  EXPECT_TRUE(cl.server.allow_remote_control);
  EXPECT_EQ(cl.shutdown_grace_seconds, 2);
  EXPECT_EQ(cl.server.max_buffered_bytes, 2097152u);
  EXPECT_TRUE(cl.log_requests);
  EXPECT_TRUE(cl.version);
  CommandLine defaults;
  ASSERT_TRUE(ParseCommandLine({}, &defaults, &error));
  EXPECT_FALSE(defaults.server.allow_remote_control);
  EXPECT_EQ(defaults.shutdown_grace_seconds, 5);
  EXPECT_EQ(defaults.server.max_buffered_bytes, size_t{256} << 20);
  EXPECT_FALSE(defaults.log_requests);
  for (const std::vector<std::string>& bad :
       std::vector<std::vector<std::string>>{{"--shutdown-grace", "-1"},
                                             {"--shutdown-grace", "3601"},
                                             {"--max-buffered-bytes", "1000"},
                                             {"--log-requests=yes"}}) {
    CommandLine x;
    EXPECT_FALSE(ParseCommandLine(bad, &x, &error)) << bad[0];
  }
}

TEST(FlagsTest, VersionNamesTheProjectVersionAndCommit) {
  const std::string v = VersionText();
  EXPECT_THAT(v, ::testing::MatchesRegex(
                     R"(eddy-server [0-9]+\.[0-9]+\.[0-9]+ \(commit )"
                     R"(([0-9a-f]{4,}|unknown)\))"));
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
      {"-dbPath", "/tmp/x", "-inMemory"},
      {"--sync", "sometimes"},
      {"--sync-window-ms", "0"},
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
  ASSERT_FALSE(
      ParseCommandLine({"-dbPath", "/data", "-inMemory"}, &cl, &error));
  EXPECT_THAT(error, HasSubstr("cannot be used together"));
}

TEST(FlagsTest, DataDirectoryFlags) {
  CommandLine cl;
  std::string error;
  ASSERT_TRUE(
      ParseCommandLine({"-dbPath", "/data", "--sync", "batch",
                        "--sync-window-ms", "250", "-optimizeDbBeforeStartup"},
                       &cl, &error))
      << error;
  EXPECT_EQ(cl.server.database.persistence.data_dir, "/data");
  EXPECT_EQ(cl.server.database.persistence.sync, SyncPolicy::kBatch);
  EXPECT_EQ(cl.server.database.persistence.sync_window_micros, 250'000);
  CommandLine other;
  ASSERT_TRUE(ParseCommandLine({"--data-dir=/d"}, &other, &error)) << error;
  EXPECT_EQ(other.server.database.persistence.data_dir, "/d");
}

TEST(FlagsTest, HelpDocumentsEveryFlag) {
  CommandLine cl;
  std::string error;
  ASSERT_TRUE(ParseCommandLine({"--help"}, &cl, &error));
  EXPECT_TRUE(cl.help);
  const std::string help = HelpText();
  for (const char* flag : {"-port N",
                           "--host ADDR",
                           "--threads N",
                           "--max-body-bytes N",
                           "--max-buffered-bytes N",
                           "--max-connections N",
                           "--region NAME",
                           "--account-id ID",
                           "-inMemory",
                           "-sharedDb",
                           "-dbPath DIR",
                           "--data-dir DIR",
                           "--sync always|batch|none",
                           "--sync-window-ms MS",
                           "-optimizeDbBeforeStartup",
                           "-delayTransientStatuses",
                           "--create-table-ms MS",
                           "--update-table-ms MS",
                           "--delete-table-ms MS",
                           "-cors ORIGINS",
                           "-disableTelemetry",
                           "--allow-remote-control",
                           "--shutdown-grace SECONDS",
                           "--log-requests",
                           "--version",
                           "--help"}) {
    EXPECT_THAT(help, HasSubstr(flag));
  }
  // Every row of the flag table is in the help, under its own name.
  for (const std::string& name : FlagNames()) {
    EXPECT_TRUE(help.find("  -" + name) != std::string::npos ||
                help.find("  --" + name) != std::string::npos)
        << name;
  }
}

// --- Request log ------------------------------------------------------------

TEST(RequestLogTest, FindsTheFirstTableNameWithoutParsing) {
  using internal::ExtractTableName;
  EXPECT_EQ(ExtractTableName(R"({"TableName":"rentals","Key":{}})"), "rentals");
  EXPECT_EQ(ExtractTableName("{ \"Key\": {}, \"TableName\" :\n \"t-1\" }"),
            "t-1");
  EXPECT_EQ(ExtractTableName(R"({"TransactItems":[{"Put":{"TableName":"a"}},)"
                             R"({"Put":{"TableName":"b"}}]})"),
            "a");
  EXPECT_EQ(ExtractTableName(R"({"RequestItems":{"t":[]}})"), "");
  EXPECT_EQ(ExtractTableName(R"({"TableName":5})"), "");
  EXPECT_EQ(ExtractTableName(R"({"TableName":"unterminated)"), "");
  EXPECT_EQ(ExtractTableName(R"({"TableName":"a\"b"})"), R"(a\"b)");
}

TEST(RequestLogTest, OneShortPrintableLine) {
  using internal::FormatRequestLogLine;
  EXPECT_EQ(FormatRequestLogLine("PutItem", "rentals", 200, "", 0.214),
            "PutItem table=rentals 200 0.21 ms");
  EXPECT_EQ(FormatRequestLogLine("GetItem", "missing", 400,
                                 "ResourceNotFoundException", 0.08),
            "GetItem table=missing 400 ResourceNotFoundException 0.08 ms");
  EXPECT_EQ(
      FormatRequestLogLine("", "", 413, "RequestEntityTooLargeException", 0),
      "- 413 RequestEntityTooLargeException 0.00 ms");
  EXPECT_EQ(FormatRequestLogLine("GetItem", "a\nb\xff", 200, "", 1),
            "GetItem table=a?b? 200 1.00 ms");
  EXPECT_LT(FormatRequestLogLine(std::string(100000, 'x'),
                                 std::string(100000, 'y'), 200, "", 1)
                .size(),
            2000u);
}

// --- Loopback ---------------------------------------------------------------

TEST(LoopbackTest, AddressesAndHosts) {
  auto v4 = [](const char* text) {
    sockaddr_in a{};
    a.sin_family = AF_INET;
    inet_pton(AF_INET, text, &a.sin_addr);
    return internal::IsLoopbackAddress(reinterpret_cast<sockaddr*>(&a));
  };
  auto v6 = [](const char* text) {
    sockaddr_in6 a{};
    a.sin6_family = AF_INET6;
    inet_pton(AF_INET6, text, &a.sin6_addr);
    return internal::IsLoopbackAddress(reinterpret_cast<sockaddr*>(&a));
  };
  EXPECT_TRUE(v4("127.0.0.1"));
  EXPECT_TRUE(v4("127.8.9.10"));
  EXPECT_FALSE(v4("10.0.0.1"));
  EXPECT_FALSE(v4("0.0.0.0"));
  EXPECT_TRUE(v6("::1"));
  EXPECT_TRUE(v6("::ffff:127.0.0.1"));
  EXPECT_FALSE(v6("::ffff:10.0.0.1"));
  EXPECT_FALSE(v6("::"));
  EXPECT_FALSE(v6("fe80::1"));
  EXPECT_TRUE(IsLoopbackHost("127.0.0.1"));
  EXPECT_TRUE(IsLoopbackHost("::1"));
  EXPECT_TRUE(IsLoopbackHost("localhost"));
  EXPECT_FALSE(IsLoopbackHost("0.0.0.0"));
  EXPECT_FALSE(IsLoopbackHost("::"));
}

}  // namespace
}  // namespace eddy::server
