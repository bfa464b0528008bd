// Copyright 2026 The eddy Authors.
//
// RequestParser: requests as bytes, read whole and byte by byte, and every
// refusal with its HTTP status.

#include "tools/eddy-server/internal/http_parser.h"

#include <ostream>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace eddy::server::internal {
namespace {

using State = RequestParser::State;
using std::string_literals::operator""s;

HttpLimits SmallLimits() {
  HttpLimits limits;
  limits.max_header_bytes = 256;
  limits.max_headers = 8;
  limits.max_body_bytes = 64;
  return limits;
}

// Parses `bytes` given all at once.
State ParseWhole(RequestParser& parser, const std::string& bytes) {
  return parser.Parse(bytes);
}

// Parses `bytes` arriving one at a time (the buffer grows, as a connection's
// does); returns the first state that is not kIncomplete.
State ParseByteByByte(RequestParser& parser, const std::string& bytes,
                      std::string* buffer) {
  State s = State::kIncomplete;
  for (char c : bytes) {
    buffer->push_back(c);
    s = parser.Parse(*buffer);
    if (s != State::kIncomplete) return s;
  }
  return s;
}

struct GoodCase {
  const char* name;
  std::string bytes;
  const char* method;
  const char* target;
  std::string body;
  bool keep_alive;
};

void PrintTo(const GoodCase& c, std::ostream* os) { *os << c.name; }

class GoodRequestTest : public ::testing::TestWithParam<GoodCase> {};

TEST_P(GoodRequestTest, ParsesWholeAndByteByByte) {
  const GoodCase& c = GetParam();
  for (bool by_byte : {false, true}) {
    SCOPED_TRACE(by_byte ? "byte by byte" : "whole");
    RequestParser parser(SmallLimits());
    std::string buffer;
    State s = by_byte ? ParseByteByByte(parser, c.bytes, &buffer)
                      : ParseWhole(parser, c.bytes);
    ASSERT_EQ(s, State::kComplete) << parser.error_detail();
    EXPECT_EQ(parser.request().method, c.method);
    EXPECT_EQ(parser.request().target, c.target);
    EXPECT_EQ(parser.request().body, c.body);
    EXPECT_EQ(parser.request().keep_alive, c.keep_alive);
    EXPECT_EQ(parser.request_bytes(), c.bytes.size());
  }
}

INSTANTIATE_TEST_SUITE_P(
    Requests, GoodRequestTest,
    ::testing::Values(
        GoodCase{"ContentLength",
                 "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}",
                 "POST", "/", "{}", true},
        GoodCase{"NoBody", "GET /health?x=1 HTTP/1.1\r\nHost: x\r\n\r\n", "GET",
                 "/health?x=1", "", true},
        GoodCase{"BareLineFeeds", "POST / HTTP/1.1\nContent-Length: 3\n\nabc",
                 "POST", "/", "abc", true},
        GoodCase{"LeadingEmptyLines", "\r\n\r\nGET / HTTP/1.1\r\n\r\n", "GET",
                 "/", "", true},
        GoodCase{"ConnectionClose",
                 "GET / HTTP/1.1\r\nConnection: close\r\n\r\n", "GET", "/", "",
                 false},
        GoodCase{"Http10DefaultsToClose", "GET / HTTP/1.0\r\n\r\n", "GET", "/",
                 "", false},
        GoodCase{"Http10KeepAlive",
                 "GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n", "GET", "/",
                 "", true},
        GoodCase{"RepeatedEqualLengths",
                 "POST / HTTP/1.1\r\nContent-Length: 1, 1\r\n"
                 "Content-Length: 1\r\n\r\nx",
                 "POST", "/", "x", true},
        GoodCase{"Chunked",
                 "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
                 "3\r\nabc\r\nA;ext=1\r\n0123456789\r\n0\r\n"
                 "Trailer: x\r\n\r\n",
                 "POST", "/", "abc0123456789", true},
        GoodCase{"ChunkedUpperCaseHex",
                 "POST / HTTP/1.1\r\nTransfer-Encoding: Chunked\r\n\r\n"
                 "1F\r\n0123456789012345678901234567890\r\n0\r\n\r\n",
                 "POST", "/", "0123456789012345678901234567890", true},
        GoodCase{"BodyExactlyAtLimit",
                 "POST / HTTP/1.1\r\nContent-Length: 64\r\n\r\n" +
                     std::string(64, 'b'),
                 "POST", "/", std::string(64, 'b'), true}),
    [](const ::testing::TestParamInfo<GoodCase>& info) {
      return info.param.name;
    });

struct BadCase {
  const char* name;
  std::string bytes;
  HttpError error;
};

void PrintTo(const BadCase& c, std::ostream* os) { *os << c.name; }

class BadRequestTest : public ::testing::TestWithParam<BadCase> {};

TEST_P(BadRequestTest, IsRefusedWholeAndByteByByte) {
  const BadCase& c = GetParam();
  for (bool by_byte : {false, true}) {
    SCOPED_TRACE(by_byte ? "byte by byte" : "whole");
    RequestParser parser(SmallLimits());
    std::string buffer;
    State s = by_byte ? ParseByteByByte(parser, c.bytes, &buffer)
                      : ParseWhole(parser, c.bytes);
    ASSERT_EQ(s, State::kError);
    EXPECT_EQ(parser.error(), c.error) << parser.error_detail();
    EXPECT_FALSE(parser.error_detail().empty());
  }
}

INSTANTIATE_TEST_SUITE_P(
    Requests, BadRequestTest,
    ::testing::Values(
        BadCase{"NoTarget", "GET HTTP/1.1\r\n\r\n", HttpError::kBadRequest},
        BadCase{"DoubleSpace", "GET  / HTTP/1.1\r\n\r\n",
                HttpError::kBadRequest},
        BadCase{"NotHttp", "GET / FTP/1.1\r\n\r\n", HttpError::kBadRequest},
        BadCase{"BadMethodChar", "G(T / HTTP/1.1\r\n\r\n",
                HttpError::kBadRequest},
        BadCase{"Http2", "GET / HTTP/2.0\r\n\r\n",
                HttpError::kVersionNotSupported},
        BadCase{"SpaceBeforeColon", "GET / HTTP/1.1\r\nHost : x\r\n\r\n",
                HttpError::kBadRequest},
        BadCase{"NoColon", "GET / HTTP/1.1\r\nHost\r\n\r\n",
                HttpError::kBadRequest},
        BadCase{"LineFolding", "GET / HTTP/1.1\r\nA: b\r\n c\r\n\r\n",
                HttpError::kBadRequest},
        BadCase{"ControlCharInValue", "GET / HTTP/1.1\r\nA: b\0c\r\n\r\n"s,
                HttpError::kBadRequest},
        BadCase{"BareCarriageReturn", "GET / HTTP/1.1\r\nA: b\rc\r\n\r\n",
                HttpError::kBadRequest},
        BadCase{"LengthNotNumber",
                "POST / HTTP/1.1\r\nContent-Length: 1x\r\n\r\n",
                HttpError::kBadRequest},
        BadCase{"NegativeLength",
                "POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
                HttpError::kBadRequest},
        BadCase{"ConflictingLengths",
                "POST / HTTP/1.1\r\nContent-Length: 1\r\n"
                "Content-Length: 2\r\n\r\nxx",
                HttpError::kBadRequest},
        BadCase{"LengthAndChunked",
                "POST / HTTP/1.1\r\nContent-Length: 1\r\n"
                "Transfer-Encoding: chunked\r\n\r\n",
                HttpError::kBadRequest},
        BadCase{"GzipCoding",
                "POST / HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n",
                HttpError::kNotImplemented},
        BadCase{"ChunkedInHttp10",
                "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n",
                HttpError::kBadRequest},
        BadCase{"BadChunkSize",
                "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
                HttpError::kBadRequest},
        BadCase{"ChunkWithoutCrlf",
                "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
                "1\r\nab\r\n",
                HttpError::kBadRequest},
        BadCase{"LengthOverLimit",
                "POST / HTTP/1.1\r\nContent-Length: 65\r\n\r\n",
                HttpError::kBodyTooLarge},
        BadCase{
            "HugeLength",
            "POST / HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n",
            HttpError::kBadRequest},
        BadCase{"ChunksOverLimit",
                "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
                "20\r\n" +
                    std::string(32, 'a') + "\r\n21\r\n",
                HttpError::kBodyTooLarge},
        BadCase{"EndlessHeaderLine",
                "GET / HTTP/1.1\r\nA: " + std::string(300, 'a'),
                HttpError::kHeadersTooLarge},
        BadCase{"EndlessRequestLine", "GET /" + std::string(300, 'a'),
                HttpError::kHeadersTooLarge},
        BadCase{"TooManyHeaders",
                "GET / HTTP/1.1\r\nA: 1\r\nA: 2\r\nA: 3\r\nA: 4\r\nA: 5\r\n"
                "A: 6\r\nA: 7\r\nA: 8\r\nA: 9\r\n\r\n",
                HttpError::kHeadersTooLarge}),
    [](const ::testing::TestParamInfo<BadCase>& info) {
      return info.param.name;
    });

TEST(RequestParserTest, StopsAtTheEndOfARequestSoPipelinedOnesFollow) {
  const std::string first = "POST /a HTTP/1.1\r\nContent-Length: 1\r\n\r\nx";
  const std::string second = "GET /b HTTP/1.1\r\n\r\n";
  std::string buffer = first + second;
  RequestParser parser(SmallLimits());
  ASSERT_EQ(parser.Parse(buffer), State::kComplete);
  EXPECT_EQ(parser.request().target, "/a");
  EXPECT_EQ(parser.request_bytes(), first.size());
  buffer.erase(0, parser.request_bytes());
  parser.Reset();
  ASSERT_EQ(parser.Parse(buffer), State::kComplete);
  EXPECT_EQ(parser.request().target, "/b");
}

TEST(RequestParserTest, ReportsHeadBeforeBodyForExpectContinue) {
  RequestParser parser(SmallLimits());
  std::string buffer =
      "POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n";
  EXPECT_EQ(parser.Parse(buffer), State::kIncomplete);
  EXPECT_TRUE(parser.head_complete());
  EXPECT_TRUE(parser.expects_continue());
  buffer += "{}";
  ASSERT_EQ(parser.Parse(buffer), State::kComplete);
  EXPECT_EQ(parser.request().body, "{}");
}

TEST(RequestParserTest, FindsHeadersCaseInsensitively) {
  RequestParser parser(SmallLimits());
  ASSERT_EQ(parser.Parse("GET / HTTP/1.1\r\nx-amz-TARGET:  Op \t\r\n\r\n"),
            State::kComplete);
  const std::string_view* v = parser.request().Find("X-Amz-Target");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(*v, "Op");
  EXPECT_EQ(parser.request().Find("Authorization"), nullptr);
}

TEST(RequestParserTest, BoundsChunkFramingOverhead) {
  // One-byte chunks cost six bytes each; the raw body may not exceed twice
  // the body limit (plus slack), so this stream is refused before its end.
  HttpLimits limits = SmallLimits();
  limits.max_body_bytes = 1000;
  RequestParser parser(limits);
  std::string buffer = "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n";
  State s = State::kIncomplete;
  for (int i = 0; i < 1000 && s == State::kIncomplete; ++i) {
    buffer += "1;a=bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\r\nx\r\n";
    s = parser.Parse(buffer);
  }
  ASSERT_EQ(s, State::kError);
  EXPECT_EQ(parser.error(), HttpError::kBodyTooLarge);
}

TEST(HttpErrorTest, MapsToHttpStatuses) {
  EXPECT_EQ(HttpErrorStatus(HttpError::kBadRequest), 400);
  EXPECT_EQ(HttpErrorStatus(HttpError::kBodyTooLarge), 413);
  // DynamoDB answers an oversized request line with 400 Bad Request.
  EXPECT_EQ(HttpErrorStatus(HttpError::kHeadersTooLarge), 400);
  EXPECT_EQ(HttpErrorStatus(HttpError::kNotImplemented), 501);
  EXPECT_EQ(HttpErrorStatus(HttpError::kServiceUnavailable), 503);
  EXPECT_EQ(HttpErrorStatus(HttpError::kVersionNotSupported), 505);
}

// FindAnyOf / FindNoneOf answer as string_view's find_first_of /
// find_first_not_of do, on the separators the Authorization header uses.
TEST(FindCharsTest, AgreesWithFindFirstOf) {
  const std::string_view texts[] = {
      "",
      "AWS4-HMAC-SHA256 Credential=a/b/c/d, SignedHeaders=host, Signature=x",
      "Credential=a,SignedHeaders=host\tSignature=x", ", \t,",
      "nothing-to-find"};
  for (std::string_view text : texts) {
    for (std::string_view set :
         {std::string_view(" \t"), std::string_view(", \t")}) {
      for (size_t from = 0; from <= text.size() + 1; ++from) {
        EXPECT_EQ(FindAnyOf(text, set, from), text.find_first_of(set, from))
            << text << " from " << from;
        EXPECT_EQ(FindNoneOf(text, set, from),
                  text.find_first_not_of(set, from))
            << text << " from " << from;
      }
    }
  }
}

}  // namespace
}  // namespace eddy::server::internal
