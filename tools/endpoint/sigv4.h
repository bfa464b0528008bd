// Copyright 2026 The eddy Authors.
//
// AWS Signature Version 4 (SigV4) for requests eddy sends to a
// DynamoDB-compatible endpoint: the canonical request, the string to sign,
// the signing key and the Authorization header, with SHA-256 and HMAC-SHA256
// from OpenSSL's libcrypto.
//
//   SigV4Request r;
//   r.method = "POST";
//   r.path = "/";
//   r.headers = {{"Host", "dynamodb.us-east-1.amazonaws.com"},
//                {"X-Amz-Date", "20150830T123600Z"},
//                {"Content-Type", "application/x-amz-json-1.0"},
//                {"X-Amz-Target", "DynamoDB_20120810.ListTables"}};
//   r.body = "{}";
//   SigV4Signature s = SignV4(r, credentials, "us-east-1", "dynamodb");
//   // send s.authorization as the Authorization header
//
// Contract
// - Every header in `headers` is signed (names lowercased, sorted; values
//   trimmed, runs of spaces collapsed to one; repeated names joined with ','
//   in their order), as the AWS SigV4 test suite expects. The caller puts in
//   the headers it sends and means to sign: Host and X-Amz-Date at least,
//   and X-Amz-Security-Token when the credentials carry a session token.
// - `path` is the request's path before URI encoding; the canonical URI
//   removes "." and ".." segments and repeated slashes and URI-encodes each
//   segment once (the rules for every service but S3). `query` is the raw
//   query string; its parameters are URI-encoded and sorted by name, then
//   value.
// - The date and scope come from the X-Amz-Date header (YYYYMMDD'T'HHMMSS'Z');
//   a missing or malformed one is an InvalidArgument-like ValidationException.
//
// Thread safety: pure functions.

#ifndef EDDY_TOOLS_ENDPOINT_SIGV4_H_
#define EDDY_TOOLS_ENDPOINT_SIGV4_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "emulator/base/status.h"

namespace eddy::endpoint {

// Static credentials (an access key, its secret, and the session token of
// temporary credentials, empty for long-term keys).
struct AwsCredentials {
  std::string access_key_id;
  std::string secret_access_key;
  std::string session_token;
};

struct SigV4Request {
  std::string method;  // "POST"
  std::string path;    // "/", before URI encoding
  std::string query;   // "" or "a=1&b=2", before URI encoding
  std::vector<std::pair<std::string, std::string>> headers;
  std::string_view body;
};

struct SigV4Signature {
  std::string canonical_request;
  std::string string_to_sign;
  std::string signed_headers;  // "content-type;host;x-amz-date"
  std::string signature;       // 64 lowercase hex digits
  std::string authorization;   // the Authorization header's value
};

// Lowercase hex of SHA-256(data).
std::string Sha256Hex(std::string_view data);
// HMAC-SHA256(key, data), 32 raw bytes.
std::string HmacSha256(std::string_view key, std::string_view data);
// Lowercase hex of raw bytes.
std::string HexEncode(std::string_view bytes);

// URI-encodes every byte but the unreserved A-Z a-z 0-9 - . _ ~ as %XY
// (uppercase hex), SigV4's encoding.
std::string UriEncode(std::string_view s);

// "20150830T123600Z" for a time in microseconds since the Unix epoch (UTC).
std::string AmzDate(int64_t unix_micros);

// Signs `request`. Errors: ValidationException when X-Amz-Date is missing or
// not YYYYMMDD'T'HHMMSS'Z', or when region or service is empty.
StatusOr<SigV4Signature> SignV4(const SigV4Request& request,
                                const AwsCredentials& credentials,
                                std::string_view region,
                                std::string_view service);

}  // namespace eddy::endpoint

#endif  // EDDY_TOOLS_ENDPOINT_SIGV4_H_
