// Copyright 2026 The eddy Authors.
//
// libFuzzer harness: eddy-server's HTTP/1.1 request parser and the SigV4
// header shape check. The input is fed whole and then again in two pieces
// split where its first byte says (the parser is incremental: each call sees
// the bytes so far). Invariants: no crash or sanitizer report, both ways of
// feeding end in the same state, and a complete request's views stay inside
// the input.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "tools/eddy-server/internal/auth_shape.h"
#include "tools/eddy-server/internal/http_parser.h"

namespace si = eddy::server::internal;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  si::HttpLimits limits;
  limits.max_body_bytes = 1 << 20;
  si::RequestParser whole(limits);
  const si::RequestParser::State a = whole.Parse(input);

  si::RequestParser pieces(limits);
  const size_t cut = size == 0 ? 0 : data[0] % (size + 1);
  si::RequestParser::State b = pieces.Parse(input.substr(0, cut));
  if (b == si::RequestParser::State::kIncomplete) b = pieces.Parse(input);
  if (a != b) std::abort();

  if (a == si::RequestParser::State::kComplete) {
    const si::HttpRequest& r = whole.request();
    si::AuthInputs in;
    in.authorization = r.Find("Authorization");
    in.amz_date = r.Find("X-Amz-Date");
    in.date = r.Find("Date");
    const size_t q = r.target.find('?');
    if (q != std::string_view::npos) in.query = r.target.substr(q + 1);
    in.now_micros = 1'700'000'000'000'000;
    (void)si::CheckAuthShape(in);
  }
  return 0;
}
