// Copyright 2026 The eddy Authors.

#include "tools/eddy-server/internal/http_parser.h"

#include <algorithm>

namespace eddy::server::internal {
namespace {

// A chunk-size line (size, extensions) longer than this is refused.
constexpr size_t kMaxChunkLineBytes = 4096;

char Lower(char c) { return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c; }

// RFC 9110 tchar.
bool IsTokenChar(unsigned char c) {
  if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
      (c >= 'A' && c <= 'Z')) {
    return true;
  }
  switch (c) {
    case '!':
    case '#':
    case '$':
    case '%':
    case '&':
    case '\'':
    case '*':
    case '+':
    case '-':
    case '.':
    case '^':
    case '_':
    case '`':
    case '|':
    case '~':
      return true;
    default:
      return false;
  }
}

// Field values: visible ASCII, space, tab and obs-text; no other controls.
bool IsFieldValueChar(unsigned char c) {
  return c == '\t' || c == ' ' || (c >= 0x21 && c != 0x7F);
}

bool IsOws(char c) { return c == ' ' || c == '\t'; }

std::string_view Trim(std::string_view s) {
  while (!s.empty() && IsOws(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsOws(s.back())) s.remove_suffix(1);
  return s;
}

// Calls fn(element) for each element of a comma-separated list, trimmed;
// empty elements are skipped as RFC 9110 §5.6.1 allows.
template <typename Fn>
void ForEachListElement(std::string_view list, Fn fn) {
  while (true) {
    size_t comma = list.find(',');
    std::string_view element = Trim(list.substr(0, comma));
    if (!element.empty()) fn(element);
    if (comma == std::string_view::npos) return;
    list.remove_prefix(comma + 1);
  }
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

int HttpErrorStatus(HttpError error) {
  switch (error) {
    case HttpError::kNone:
      return 200;
    case HttpError::kBadRequest:
      return 400;
    case HttpError::kBodyTooLarge:
      return 413;
    case HttpError::kHeadersTooLarge:
      return 400;
    case HttpError::kNotImplemented:
      return 501;
    case HttpError::kVersionNotSupported:
      return 505;
    case HttpError::kServiceUnavailable:
      return 503;
  }
  return 400;
}

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (Lower(a[i]) != Lower(b[i])) return false;
  }
  return true;
}

const std::string_view* HttpRequest::Find(std::string_view name) const {
  for (const HttpHeader& h : headers) {
    if (EqualsIgnoreCase(h.name, name)) return &h.value;
  }
  return nullptr;
}

void RequestParser::Reset() {
  phase_ = Phase::kHead;
  pos_ = 0;
  scan_from_ = 0;
  have_request_line_ = false;
  fields_.clear();
  head_bytes_ = 0;
  content_length_ = 0;
  chunk_remaining_ = 0;
  trailer_bytes_ = 0;
  if (chunked_body_.capacity() > 16 * 1024) {
    std::string().swap(chunked_body_);  // give a large body's memory back
  } else {
    chunked_body_.clear();
  }
  chunked_ = false;
  request_.method = {};
  request_.target = {};
  request_.minor_version = 1;
  request_.headers.clear();
  request_.body = {};
  request_.keep_alive = true;
  request_.expect_continue = false;
  error_ = HttpError::kNone;
  error_detail_.clear();
}

RequestParser::State RequestParser::Fail(HttpError error, std::string detail) {
  phase_ = Phase::kFailed;
  error_ = error;
  error_detail_ = std::move(detail);
  return State::kError;
}

RequestParser::State RequestParser::RequestLineTooLong() {
  return Fail(HttpError::kHeadersTooLarge,
              "request line over " +
                  std::to_string(limits_.max_request_line_bytes) + " bytes");
}

bool RequestParser::NextLine(std::string_view data, size_t from,
                             size_t* scan_from, Span* line, size_t* next) {
  size_t start = std::max(from, *scan_from);
  size_t nl = data.find('\n', start);
  if (nl == std::string_view::npos) {
    *scan_from = data.size();
    return false;
  }
  size_t end = nl;
  if (end > from && data[end - 1] == '\r') --end;
  *line = Span{from, end - from};
  *next = nl + 1;
  *scan_from = *next;
  return true;
}

RequestParser::State RequestParser::Parse(std::string_view data) {
  while (phase_ == Phase::kHead) {
    Span line;
    size_t next;
    if (!NextLine(data, pos_, &scan_from_, &line, &next)) {
      if (!have_request_line_ &&
          data.size() - pos_ > limits_.max_request_line_bytes) {
        return RequestLineTooLong();
      }
      if (data.size() > limits_.max_header_bytes) {
        return Fail(HttpError::kHeadersTooLarge,
                    "request head over " +
                        std::to_string(limits_.max_header_bytes) + " bytes");
      }
      return State::kIncomplete;
    }
    if (next > limits_.max_header_bytes) {
      return Fail(HttpError::kHeadersTooLarge,
                  "request head over " +
                      std::to_string(limits_.max_header_bytes) + " bytes");
    }
    State s = State::kIncomplete;
    if (!have_request_line_ && line.size > limits_.max_request_line_bytes) {
      return RequestLineTooLong();
    }
    if (!have_request_line_) {
      // RFC 9112 §2.2: empty lines before the request line are ignored.
      if (line.size > 0) s = ParseRequestLine(data, line);
      pos_ = next;
    } else if (line.size == 0) {
      pos_ = next;
      s = FinishHead(data);
    } else {
      s = ParseField(data, line);
      pos_ = next;
    }
    if (s == State::kError) return s;
  }
  switch (phase_) {
    case Phase::kBody:
      if (data.size() - pos_ < content_length_) return State::kIncomplete;
      pos_ += content_length_;
      return Complete(data);
    case Phase::kChunkSize:
    case Phase::kChunkData:
    case Phase::kChunkDataEnd:
    case Phase::kTrailers:
      return ParseChunked(data);
    case Phase::kDone:
      return State::kComplete;
    case Phase::kFailed:
      return State::kError;
    case Phase::kHead:
      break;
  }
  return State::kIncomplete;
}

RequestParser::State RequestParser::ParseRequestLine(std::string_view data,
                                                     Span span) {
  std::string_view line = data.substr(span.offset, span.size);
  size_t sp1 = line.find(' ');
  if (sp1 == std::string_view::npos || sp1 == 0) {
    return Fail(HttpError::kBadRequest, "malformed request line");
  }
  for (size_t i = 0; i < sp1; ++i) {
    if (!IsTokenChar(static_cast<unsigned char>(line[i]))) {
      return Fail(HttpError::kBadRequest, "malformed request method");
    }
  }
  size_t sp2 = line.find(' ', sp1 + 1);
  if (sp2 == std::string_view::npos || sp2 == sp1 + 1) {
    return Fail(HttpError::kBadRequest, "malformed request line");
  }
  for (size_t i = sp1 + 1; i < sp2; ++i) {
    auto c = static_cast<unsigned char>(line[i]);
    if (c <= 0x20 || c >= 0x7F) {
      return Fail(HttpError::kBadRequest, "malformed request target");
    }
  }
  std::string_view version = line.substr(sp2 + 1);
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  if (version.size() != 8 || version.substr(0, 5) != "HTTP/" ||
      !digit(version[5]) || version[6] != '.' || !digit(version[7])) {
    return Fail(HttpError::kBadRequest, "malformed HTTP version");
  }
  if (version[5] != '1') {
    return Fail(HttpError::kVersionNotSupported,
                "only HTTP/1.0 and HTTP/1.1 are served");
  }
  method_ = Span{span.offset, sp1};
  target_ = Span{span.offset + sp1 + 1, sp2 - sp1 - 1};
  request_.minor_version = version[7] == '0' ? 0 : 1;
  have_request_line_ = true;
  return State::kIncomplete;
}

RequestParser::State RequestParser::ParseField(std::string_view data,
                                               Span span) {
  std::string_view line = data.substr(span.offset, span.size);
  if (IsOws(line.front())) {
    return Fail(HttpError::kBadRequest, "obsolete header line folding");
  }
  size_t colon = 0;
  while (colon < line.size() &&
         IsTokenChar(static_cast<unsigned char>(line[colon]))) {
    ++colon;
  }
  if (colon == 0 || colon == line.size() || line[colon] != ':') {
    return Fail(HttpError::kBadRequest, "malformed header field");
  }
  for (size_t i = colon + 1; i < line.size(); ++i) {
    if (!IsFieldValueChar(static_cast<unsigned char>(line[i]))) {
      return Fail(HttpError::kBadRequest, "control character in header field");
    }
  }
  if (fields_.size() >= limits_.max_headers) {
    return Fail(
        HttpError::kHeadersTooLarge,
        "more than " + std::to_string(limits_.max_headers) + " header fields");
  }
  size_t value_begin = colon + 1;
  size_t value_end = line.size();
  while (value_begin < value_end && IsOws(line[value_begin])) ++value_begin;
  while (value_end > value_begin && IsOws(line[value_end - 1])) --value_end;
  fields_.push_back(
      Field{Span{span.offset, colon},
            Span{span.offset + value_begin, value_end - value_begin}});
  return State::kIncomplete;
}

RequestParser::State RequestParser::FinishHead(std::string_view data) {
  auto view = [data](Span s) { return data.substr(s.offset, s.size); };
  bool have_length = false;
  bool transfer_encoding = false;
  bool chunked_only = true;
  int codings = 0;
  bool close = false;
  bool keep_alive_token = false;
  for (const Field& f : fields_) {
    std::string_view name = view(f.name);
    std::string_view value = view(f.value);
    if (EqualsIgnoreCase(name, "Content-Length")) {
      bool bad = false;
      bool empty = true;
      ForEachListElement(value, [&](std::string_view element) {
        empty = false;
        if (element.size() > 18 ||
            !std::all_of(element.begin(), element.end(),
                         [](char c) { return c >= '0' && c <= '9'; })) {
          bad = true;
          return;
        }
        uint64_t n = 0;
        for (char c : element) n = n * 10 + (c - '0');
        if (have_length && n != content_length_) bad = true;
        content_length_ = n;
        have_length = true;
      });
      if (bad || empty) {
        return Fail(HttpError::kBadRequest, "invalid Content-Length");
      }
    } else if (EqualsIgnoreCase(name, "Transfer-Encoding")) {
      transfer_encoding = true;
      ForEachListElement(value, [&](std::string_view coding) {
        ++codings;
        if (!EqualsIgnoreCase(coding, "chunked")) chunked_only = false;
      });
    } else if (EqualsIgnoreCase(name, "Connection")) {
      ForEachListElement(value, [&](std::string_view option) {
        if (EqualsIgnoreCase(option, "close")) close = true;
        if (EqualsIgnoreCase(option, "keep-alive")) keep_alive_token = true;
      });
    } else if (EqualsIgnoreCase(name, "Expect")) {
      if (EqualsIgnoreCase(value, "100-continue")) {
        request_.expect_continue = true;
      }
    }
  }
  if (transfer_encoding) {
    if (have_length) {
      return Fail(HttpError::kBadRequest,
                  "both Content-Length and Transfer-Encoding");
    }
    if (request_.minor_version == 0) {
      return Fail(HttpError::kBadRequest, "Transfer-Encoding in HTTP/1.0");
    }
    if (!chunked_only || codings != 1) {
      return Fail(HttpError::kNotImplemented,
                  "only the chunked transfer coding is supported");
    }
    chunked_ = true;
  }
  if (content_length_ > limits_.max_body_bytes) {
    return Fail(HttpError::kBodyTooLarge,
                "request body of " + std::to_string(content_length_) +
                    " bytes is over the limit of " +
                    std::to_string(limits_.max_body_bytes) + " bytes");
  }
  request_.keep_alive =
      request_.minor_version >= 1 ? !close : (keep_alive_token && !close);
  head_bytes_ = pos_;
  scan_from_ = pos_;
  phase_ = chunked_ ? Phase::kChunkSize : Phase::kBody;
  return State::kIncomplete;
}

RequestParser::State RequestParser::ParseChunked(std::string_view data) {
  // Framing overhead is bounded too: the raw body (sizes, extensions, line
  // ends, trailers) may take at most twice the body limit plus slack.
  const size_t raw_limit = 2 * limits_.max_body_bytes + kMaxChunkLineBytes +
                           limits_.max_header_bytes;
  while (true) {
    if (pos_ - head_bytes_ > raw_limit) {
      return Fail(HttpError::kBodyTooLarge, "chunked request body too large");
    }
    switch (phase_) {
      case Phase::kChunkSize: {
        Span span;
        size_t next;
        if (!NextLine(data, pos_, &scan_from_, &span, &next)) {
          if (data.size() - pos_ > kMaxChunkLineBytes) {
            return Fail(HttpError::kBadRequest, "chunk size line too long");
          }
          return State::kIncomplete;
        }
        std::string_view line = data.substr(span.offset, span.size);
        if (line.size() > kMaxChunkLineBytes) {
          return Fail(HttpError::kBadRequest, "chunk size line too long");
        }
        size_t digits = 0;
        uint64_t size = 0;
        while (digits < line.size() && HexValue(line[digits]) >= 0) {
          if (digits == 15) {
            return Fail(HttpError::kBodyTooLarge, "chunk size too large");
          }
          size = size * 16 + HexValue(line[digits]);
          ++digits;
        }
        std::string_view rest = line.substr(digits);
        while (!rest.empty() && IsOws(rest.front())) rest.remove_prefix(1);
        if (digits == 0 || (!rest.empty() && rest.front() != ';') ||
            !std::all_of(rest.begin(), rest.end(), [](char c) {
              return IsFieldValueChar(static_cast<unsigned char>(c));
            })) {
          return Fail(HttpError::kBadRequest, "malformed chunk size");
        }
        if (size > limits_.max_body_bytes - chunked_body_.size()) {
          return Fail(HttpError::kBodyTooLarge,
                      "request body is over the limit of " +
                          std::to_string(limits_.max_body_bytes) + " bytes");
        }
        pos_ = next;
        scan_from_ = pos_;
        if (size == 0) {
          phase_ = Phase::kTrailers;
        } else {
          chunk_remaining_ = size;
          phase_ = Phase::kChunkData;
        }
        break;
      }
      case Phase::kChunkData: {
        size_t take = static_cast<size_t>(
            std::min<uint64_t>(data.size() - pos_, chunk_remaining_));
        chunked_body_.append(data.data() + pos_, take);
        pos_ += take;
        chunk_remaining_ -= take;
        if (chunk_remaining_ > 0) return State::kIncomplete;
        phase_ = Phase::kChunkDataEnd;
        break;
      }
      case Phase::kChunkDataEnd: {
        size_t avail = data.size() - pos_;
        if (avail == 0) return State::kIncomplete;
        if (data[pos_] == '\n') {
          pos_ += 1;
        } else if (data[pos_] == '\r') {
          if (avail < 2) return State::kIncomplete;
          if (data[pos_ + 1] != '\n') {
            return Fail(HttpError::kBadRequest, "chunk not followed by CRLF");
          }
          pos_ += 2;
        } else {
          return Fail(HttpError::kBadRequest, "chunk not followed by CRLF");
        }
        scan_from_ = pos_;
        phase_ = Phase::kChunkSize;
        break;
      }
      case Phase::kTrailers: {
        Span span;
        size_t next;
        if (!NextLine(data, pos_, &scan_from_, &span, &next)) {
          if (trailer_bytes_ + (data.size() - pos_) >
              limits_.max_header_bytes) {
            return Fail(HttpError::kHeadersTooLarge, "trailers too large");
          }
          return State::kIncomplete;
        }
        trailer_bytes_ += next - pos_;
        if (trailer_bytes_ > limits_.max_header_bytes) {
          return Fail(HttpError::kHeadersTooLarge, "trailers too large");
        }
        std::string_view line = data.substr(span.offset, span.size);
        pos_ = next;
        if (line.empty()) return Complete(data);
        if (!std::all_of(line.begin(), line.end(), [](char c) {
              return IsFieldValueChar(static_cast<unsigned char>(c));
            })) {
          return Fail(HttpError::kBadRequest, "malformed trailer field");
        }
        break;  // trailer fields are read and ignored
      }
      default:
        return State::kIncomplete;
    }
  }
}

RequestParser::State RequestParser::Complete(std::string_view data) {
  auto view = [data](Span s) { return data.substr(s.offset, s.size); };
  request_.method = view(method_);
  request_.target = view(target_);
  request_.headers.clear();
  request_.headers.reserve(fields_.size());
  for (const Field& f : fields_) {
    request_.headers.push_back(HttpHeader{view(f.name), view(f.value)});
  }
  request_.body = chunked_ ? std::string_view(chunked_body_)
                           : data.substr(head_bytes_, content_length_);
  phase_ = Phase::kDone;
  return State::kComplete;
}

}  // namespace eddy::server::internal
