// Copyright 2026 The eddy Authors.
//
// RequestParser: an incremental, bounded HTTP/1.1 request parser (RFC 9112)
// for eddy-server. It reads one request at a time from a connection's input
// buffer, resuming where it stopped when more bytes arrive, and never holds
// more than the limits allow: the request head (request line and headers) is
// at most `max_header_bytes` and `max_headers` fields, the body at most
// `max_body_bytes` (Content-Length or chunked).
//
//   RequestParser parser(limits);
//   switch (parser.Parse(buffered_bytes)) {
//     case RequestParser::State::kIncomplete: /* read more */ break;
//     case RequestParser::State::kComplete:
//       Serve(parser.request());   // views into buffered_bytes
//       Consume(parser.request_bytes());
//       parser.Reset();
//       break;
//     case RequestParser::State::kError:
//       Reply(HttpErrorStatus(parser.error()), parser.error_detail());
//       break;
//   }
//
// What it accepts: a request line `METHOD SP target SP HTTP/1.x`; header
// fields `name: value` (no whitespace before the colon, no line folding, no
// control characters); lines ending in CRLF or a bare LF; a body framed by
// Content-Length or by `Transfer-Encoding: chunked` (extensions and trailers
// read and ignored). Both framings at once, conflicting Content-Length values,
// or any other transfer coding are refused, so a request's length is never
// ambiguous.
//
// Thread safety: a parser belongs to one connection; not thread-safe.

#ifndef EDDY_TOOLS_EDDY_SERVER_INTERNAL_HTTP_PARSER_H_
#define EDDY_TOOLS_EDDY_SERVER_INTERNAL_HTTP_PARSER_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace eddy::server::internal {

struct HttpLimits {
  // Request line plus header fields, line ends included.
  size_t max_header_bytes = 64 * 1024;
  // The request line alone (method, target, version). DynamoDB answers a
  // 17,000-byte request target with 400 Bad Request (recorded by ScyllaDB's
  // Alternator tests against DynamoDB); its exact limit is unconfirmed.
  size_t max_request_line_bytes = 16 * 1024;
  // Number of header fields.
  size_t max_headers = 128;
  // Decoded body.
  size_t max_body_bytes = 17 * 1024 * 1024;
};

// Why a request was refused; each maps to an HTTP status.
enum class HttpError {
  kNone,
  kBadRequest,           // 400: malformed request line, header or framing
  kBodyTooLarge,         // 413: body over max_body_bytes
  kHeadersTooLarge,      // 400: request line or head over its limit (as
                         // DynamoDB answers an oversized request line)
  kNotImplemented,       // 501: a transfer coding other than chunked
  kVersionNotSupported,  // 505: not HTTP/1.x
  kServiceUnavailable,   // 503: used by the server when it is full
};

int HttpErrorStatus(HttpError error);

// ASCII case-insensitive equality, for header names and tokens.
bool EqualsIgnoreCase(std::string_view a, std::string_view b);

// string_view's find_first_of / find_first_not_of for a small set of
// characters: the index of the first character at or after `from` that is
// (FindAnyOf) or is not (FindNoneOf) in `set`, or npos. libstdc++'s versions
// call memchr over `set` once per character of `s`, which showed in
// eddy-server's profile (the Authorization header is read on every request).
inline size_t FindAnyOf(std::string_view s, std::string_view set,
                        size_t from = 0) {
  for (size_t i = from; i < s.size(); ++i) {
    for (char c : set) {
      if (s[i] == c) return i;
    }
  }
  return std::string_view::npos;
}
inline size_t FindNoneOf(std::string_view s, std::string_view set,
                         size_t from = 0) {
  for (size_t i = from; i < s.size(); ++i) {
    bool in_set = false;
    for (char c : set) in_set |= s[i] == c;
    if (!in_set) return i;
  }
  return std::string_view::npos;
}

struct HttpHeader {
  std::string_view name;   // as sent
  std::string_view value;  // leading and trailing whitespace removed
};

struct HttpRequest {
  std::string_view method;  // "POST"
  std::string_view target;  // "/" or "/path?query", as sent
  int minor_version = 1;    // HTTP/1.<minor_version>
  std::vector<HttpHeader> headers;
  std::string_view body;   // decoded
  bool keep_alive = true;  // the connection may carry another request
  bool expect_continue = false;
  // Set by the server, not the parser: the client connected from a loopback
  // address (127.0.0.0/8, ::1, or ::ffff:127.0.0.0/104).
  bool peer_loopback = false;
  // Set by the server: the bytes its connection holds in the buffer budget
  // for this request (input buffer and chunked body; see http_server.h).
  size_t held_bytes = 0;

  // The value of the first field named `name` (case-insensitive), or null.
  const std::string_view* Find(std::string_view name) const;
};

class RequestParser {
 public:
  enum class State { kIncomplete, kComplete, kError };

  explicit RequestParser(const HttpLimits& limits) : limits_(limits) {}

  // `data` holds the request from its first byte, followed by whatever has
  // arrived; each call passes the same bytes again plus any new ones (the
  // buffer may have moved). Work already done is not repeated.
  State Parse(std::string_view data);

  // After kComplete: the request, with views into the last `data` (and into
  // the parser for a chunked body). Valid until the next Parse or Reset.
  const HttpRequest& request() const { return request_; }
  HttpRequest& mutable_request() { return request_; }
  // After kComplete: how many bytes of `data` the request occupies.
  size_t request_bytes() const { return pos_; }
  // True once the head has been read (so a 100 Continue may be sent).
  bool head_complete() const { return phase_ > Phase::kHead; }
  // Whether the head asked for "Expect: 100-continue" (valid once
  // head_complete()).
  bool expects_continue() const { return request_.expect_continue; }
  // Once the head is read and the body is framed by Content-Length: the
  // bytes the whole request occupies (head + body); 0 otherwise.
  size_t expected_request_bytes() const {
    return phase_ == Phase::kBody ? head_bytes_ + content_length_ : 0;
  }
  // Bytes the parser itself holds for a chunked body (its decoded copy).
  size_t buffered_body_capacity() const { return chunked_body_.capacity(); }
  // After kError.
  HttpError error() const { return error_; }
  std::string_view error_detail() const { return error_detail_; }

  // Ready for the next request on the connection.
  void Reset();

 private:
  enum class Phase {
    kHead,
    kBody,          // Content-Length
    kChunkSize,     // chunked: at a chunk-size line
    kChunkData,     // chunked: inside a chunk
    kChunkDataEnd,  // chunked: the CRLF after a chunk
    kTrailers,      // chunked: trailer fields up to the empty line
    kDone,
    kFailed,
  };
  struct Span {
    size_t offset = 0;
    size_t size = 0;
  };
  struct Field {
    Span name;
    Span value;
  };

  State Fail(HttpError error, std::string detail);
  State RequestLineTooLong();
  // Finds the next line starting at pos_; sets `line` (without its end) and
  // `next` (the offset after it). False if no complete line yet.
  static bool NextLine(std::string_view data, size_t from, size_t* scan_from,
                       Span* line, size_t* next);
  State ParseRequestLine(std::string_view data, Span line);
  State ParseField(std::string_view data, Span line);
  State FinishHead(std::string_view data);
  State ParseChunked(std::string_view data);
  State Complete(std::string_view data);

  HttpLimits limits_;
  Phase phase_ = Phase::kHead;
  size_t pos_ = 0;        // first byte not yet consumed
  size_t scan_from_ = 0;  // where the search for the next '\n' resumes
  bool have_request_line_ = false;
  Span method_, target_;
  std::vector<Field> fields_;
  size_t head_bytes_ = 0;
  uint64_t content_length_ = 0;
  uint64_t chunk_remaining_ = 0;
  size_t trailer_bytes_ = 0;
  std::string chunked_body_;
  bool chunked_ = false;
  HttpRequest request_;
  HttpError error_ = HttpError::kNone;
  std::string error_detail_;
};

}  // namespace eddy::server::internal

#endif  // EDDY_TOOLS_EDDY_SERVER_INTERNAL_HTTP_PARSER_H_
