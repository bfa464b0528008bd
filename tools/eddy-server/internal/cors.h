// Copyright 2026 The eddy Authors.
//
// CorsPolicy: which web origins may call eddy-server from a browser, and the
// Access-Control-* headers it answers them with, as DynamoDB and DynamoDB
// Local's `-cors` flag do.
//
//   CorsPolicy any({"*"});                       // the default
//   CorsPolicy some({"http://localhost:3000"});  // an allow-list
//   const std::string* allow = some.AllowOrigin(origin_header);
//   if (allow != nullptr) AddHeader("Access-Control-Allow-Origin", *allow);
//
// What DynamoDB answers (dynalite's tests, written against DynamoDB, and a
// recorded preflight of dynamodb.us-east-1.amazonaws.com):
// - A request with an Origin header gets `Access-Control-Allow-Origin: *`,
//   whatever the method and whether it succeeds.
// - OPTIONS with an Origin is a preflight: 200, empty body, the
//   Access-Control-Request-Headers and -Method echoed as
//   Access-Control-Allow-Headers and -Methods, `Access-Control-Expose-Headers:
//   x-amzn-RequestId,x-amzn-ErrorType,x-amzn-ErrorMessage,Date` and
//   `Access-Control-Max-Age: 172800`. OPTIONS without an Origin is a 404
//   UnknownOperationException like any other method.
// - DynamoDB Local's `-cors` takes "*" (its default: any origin) or a
//   comma-separated allow-list. With a list, an allowed origin is echoed
//   (with `Vary: Origin`); any other origin gets no CORS headers at all and
//   its preflight is answered like an OPTIONS without Origin (404), so the
//   browser refuses the call.
//
// Thread safety: immutable after construction.

#ifndef EDDY_TOOLS_EDDY_SERVER_INTERNAL_CORS_H_
#define EDDY_TOOLS_EDDY_SERVER_INTERNAL_CORS_H_

#include <string>
#include <string_view>
#include <vector>

namespace eddy::server::internal {

class CorsPolicy {
 public:
  static constexpr std::string_view kExposeHeaders =
      "x-amzn-RequestId,x-amzn-ErrorType,x-amzn-ErrorMessage,Date";
  static constexpr std::string_view kMaxAgeSeconds = "172800";

  // `origins`: "*" for any origin, or exact origins ("scheme://host[:port]",
  // compared without regard to ASCII case). Empty: no origin is allowed.
  explicit CorsPolicy(std::vector<std::string> origins);

  // The Access-Control-Allow-Origin value for a request whose Origin header
  // is `origin` ("*" or the origin itself), or null when it is not allowed.
  const std::string* AllowOrigin(std::string_view origin) const;
  // True when allowed origins are echoed (so responses vary by Origin).
  bool echoes_origin() const { return !any_; }

 private:
  bool any_ = false;
  std::string star_ = "*";
  std::vector<std::string> origins_;
};

// Splits a -cors value ("*" or "a,b,c", spaces around names ignored) into
// origins; false (with `error`) when it names none or an origin is malformed
// (it must look like scheme://host[:port], without a path).
bool ParseCorsOrigins(std::string_view value, std::vector<std::string>* out,
                      std::string* error);

}  // namespace eddy::server::internal

#endif  // EDDY_TOOLS_EDDY_SERVER_INTERNAL_CORS_H_
