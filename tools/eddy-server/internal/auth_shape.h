// Copyright 2026 The eddy Authors.
//
// CheckAuthShape: eddy-server's check of a request's SigV4 authentication.
// Like every DynamoDB emulator it checks the *shape* only and never the
// signature (any access key and secret are accepted), but it answers a
// malformed header with the error and text DynamoDB sends, in DynamoDB's
// order of checks:
//
//   1. Both an Authorization header and X-Amz-Algorithm in the query:
//      InvalidSignatureException.
//   2. Neither, or a header not starting "AWS4-":
//      MissingAuthenticationTokenException
//      "Request is missing Authentication Token".
//   3. A parameter without '=': IncompleteSignatureException
//      "'<piece>' not a valid key=value pair (missing equal-sign) in
//      Authorization header: '<header>'."
//   4. Missing Credential / Signature / SignedHeaders, or neither X-Amz-Date
//      nor Date: IncompleteSignatureException "Authorization header requires
//      'Credential' parameter. ... Authorization=<header>".
//   5. X-Amz-Date not YYYYMMDD'T'HHMMSS'Z' (or not a real date and time):
//      IncompleteSignatureException.
//   5b. The request time (X-Amz-Date, else the Date header) more than 15
//      minutes before or after the server's clock: InvalidSignatureException
//      "Signature expired: 20130301T000000Z is now earlier than
//      20130609T094515Z (20130609T100015Z - 15 min.)" or "Signature not yet
//      current: <date> is still later than <now + 15 min> (<now> + 15 min.)".
//      DynamoDB checks the date's format and its age together, before Host
//      (dynalite's notes of DynamoDB's order); the texts are DynamoDB's as
//      AWS users quote them. A Date header that is not an IMF-fixdate
//      ("Thu, 01 Jan 2026 00:00:00 GMT") is not checked (DynamoDB's answer
//      to it is unconfirmed), nor are presigned (query-string) requests.
//   6. host not among SignedHeaders: InvalidSignatureException.
//   7. An algorithm other than AWS4-HMAC-SHA256: IncompleteSignatureException.
//   8. A Credential without exactly five '/'-separated elements:
//      IncompleteSignatureException.
//   9. Scope: empty region, service other than "dynamodb", terminator other
//      than "aws4_request", or a scope date different from X-Amz-Date's:
//      InvalidSignatureException (the sentences joined).
// Any region is accepted (eddy-server serves one database whatever the
// region). The time check (5b) runs only when now_micros is set.
// Presigned requests (X-Amz-Algorithm in the query) are checked for their five
// parameters only.
//
// The texts were recorded from DynamoDB by dynalite's author (see
// ../shared/design/api-semantics.md §5) and by AWS users quoting errors.
//
//   AuthInputs in;
//   in.authorization = request.Find("Authorization");
//   in.amz_date = request.Find("X-Amz-Date");
//   Status s = CheckAuthShape(in);  // OK or the error to send
//
// Thread safety: a pure function.

#ifndef EDDY_TOOLS_EDDY_SERVER_INTERNAL_AUTH_SHAPE_H_
#define EDDY_TOOLS_EDDY_SERVER_INTERNAL_AUTH_SHAPE_H_

#include <cstdint>
#include <string_view>

#include "emulator/base/status.h"

namespace eddy::server::internal {

struct AuthInputs {
  const std::string_view* authorization = nullptr;  // header value, if any
  const std::string_view* amz_date = nullptr;       // X-Amz-Date, if any
  const std::string_view* date = nullptr;           // Date, if any
  std::string_view query;  // the request target after '?', or empty
  // The server's time (its Database clock), in microseconds since the
  // epoch; negative skips the signature time check (5b).
  int64_t now_micros = -1;
};

// OK, or kMissingAuthenticationToken, kIncompleteSignature or
// kInvalidSignature with DynamoDB's message.
Status CheckAuthShape(const AuthInputs& in);

}  // namespace eddy::server::internal

#endif  // EDDY_TOOLS_EDDY_SERVER_INTERNAL_AUTH_SHAPE_H_
