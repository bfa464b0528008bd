// Copyright 2026 The eddy Authors.

#include "tools/eddy-server/internal/content_coding.h"

#include <zlib.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <utility>
#include <vector>

#include "tools/eddy-server/internal/http_parser.h"

namespace eddy::server::internal {
namespace {

constexpr size_t kMinInflateBuffer = 16 * 1024;
// zlib counts in uInt; larger inputs are fed in pieces.
constexpr size_t kMaxZlibStep = size_t{1} << 30;

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
    s.remove_prefix(1);
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) {
    s.remove_suffix(1);
  }
  return s;
}

// Calls fn(element) for each non-empty, trimmed element of a comma list.
template <typename Fn>
void ForEachElement(std::string_view list, Fn fn) {
  while (true) {
    const size_t comma = list.find(',');
    const std::string_view element = Trim(list.substr(0, comma));
    if (!element.empty()) fn(element);
    if (comma == std::string_view::npos) return;
    list.remove_prefix(comma + 1);
  }
}

enum class Coding { kIdentity, kGzip, kDeflate, kUnknown };

Coding ParseCoding(std::string_view name) {
  if (EqualsIgnoreCase(name, "identity")) return Coding::kIdentity;
  if (EqualsIgnoreCase(name, "gzip")) return Coding::kGzip;
  if (EqualsIgnoreCase(name, "deflate")) return Coding::kDeflate;
  return Coding::kUnknown;
}

// RFC 1950: CMF/FLG of a zlib stream (deflate method, valid check bits).
bool LooksLikeZlib(std::string_view in) {
  if (in.size() < 2) return false;
  const auto cmf = static_cast<unsigned char>(in[0]);
  const auto flg = static_cast<unsigned char>(in[1]);
  return (cmf & 0x0F) == 8 && (cmf >> 4) <= 7 && ((cmf << 8) | flg) % 31 == 0;
}

bool StartsGzipMember(const unsigned char* p, size_t n) {
  return n >= 2 && p[0] == 0x1F && p[1] == 0x8B;
}

}  // namespace

DecodedBody& DecodedBody::operator=(DecodedBody&& other) noexcept {
  if (this != &other) {
    Reset();
    data_ = std::move(other.data_);
    size_ = std::exchange(other.size_, 0);
    capacity_ = std::exchange(other.capacity_, 0);
    budget_ = std::exchange(other.budget_, nullptr);
  }
  return *this;
}

void DecodedBody::Reset() {
  if (budget_ != nullptr) budget_->Release(capacity_);
  budget_ = nullptr;
  data_.reset();
  size_ = 0;
  capacity_ = 0;
}

// Streams one coding through zlib into a DecodedBody of bounded size.
class Inflater {
 public:
  static DecodeStatus Run(Coding coding, std::string_view in, size_t max_bytes,
                          ByteBudget* budget, DecodedBody* out,
                          std::string* detail) {
    out->Reset();
    if (in.empty()) {
      *detail = "an empty body is not valid " +
                std::string(coding == Coding::kGzip ? "gzip" : "deflate") +
                " data";
      return DecodeStatus::kCorrupt;
    }
    z_stream zs{};
    const int window_bits =
        coding == Coding::kGzip ? 15 + 16 : (LooksLikeZlib(in) ? 15 : -15);
    if (inflateInit2(&zs, window_bits) != Z_OK) {
      *detail = "cannot start the decompressor";
      return DecodeStatus::kCorrupt;
    }
    struct End {
      z_stream* zs;
      ~End() { inflateEnd(zs); }
    } end{&zs};

    // One byte past the limit tells "too large" from "exactly the limit".
    const size_t limit = max_bytes + 1;
    auto next_in = reinterpret_cast<const unsigned char*>(in.data());
    size_t in_left = in.size();
    if (!Grow(out, std::min(limit, std::max(kMinInflateBuffer, in.size() * 4)),
              budget)) {
      return DecodeStatus::kBudget;
    }
    while (true) {
      if (out->size_ == out->capacity_) {
        if (out->capacity_ >= limit) break;  // too large
        if (!Grow(out, std::min(limit, out->capacity_ * 2), budget)) {
          return DecodeStatus::kBudget;
        }
      }
      const size_t in_step = std::min(in_left, kMaxZlibStep);
      const size_t out_step =
          std::min(out->capacity_ - out->size_, kMaxZlibStep);
      zs.next_in = const_cast<unsigned char*>(next_in);
      zs.avail_in = static_cast<uInt>(in_step);
      zs.next_out =
          reinterpret_cast<unsigned char*>(out->data_.get()) + out->size_;
      zs.avail_out = static_cast<uInt>(out_step);
      const int rc = inflate(&zs, Z_NO_FLUSH);
      const size_t consumed = in_step - zs.avail_in;
      next_in += consumed;
      in_left -= consumed;
      out->size_ += out_step - zs.avail_out;
      if (rc == Z_STREAM_END) {
        // Another gzip member may follow; anything else is ignored, as
        // DynamoDB (Java's GZIPInputStream) ignores it.
        if (coding == Coding::kGzip && StartsGzipMember(next_in, in_left)) {
          inflateReset(&zs);
          continue;
        }
        break;
      }
      if (rc == Z_OK) continue;
      if (rc == Z_BUF_ERROR && zs.avail_out == 0) continue;  // room needed
      if (rc == Z_BUF_ERROR) {
        *detail = "the compressed body ends early";
      } else {
        *detail = zs.msg != nullptr ? zs.msg : "invalid compressed data";
      }
      out->Reset();
      return DecodeStatus::kCorrupt;
    }
    if (out->size_ > max_bytes) {
      out->Reset();
      *detail = "the request body decompresses to more than " +
                std::to_string(max_bytes) + " bytes";
      return DecodeStatus::kTooLarge;
    }
    return DecodeStatus::kOk;
  }

 private:
  // Reallocates `out` to `capacity` bytes, taking the growth from `budget`.
  static bool Grow(DecodedBody* out, size_t capacity, ByteBudget* budget) {
    if (capacity <= out->capacity_) return true;
    if (budget != nullptr && !budget->TryAcquire(capacity - out->capacity_)) {
      return false;
    }
    // Charge the whole capacity from now on (the old buffer's share was
    // acquired before; it is released with it below).
    auto bigger = std::make_unique_for_overwrite<char[]>(capacity);
    if (out->size_ > 0) std::memcpy(bigger.get(), out->data_.get(), out->size_);
    out->data_ = std::move(bigger);
    out->capacity_ = capacity;
    out->budget_ = budget;
    return true;
  }
};

bool IsIdentityEncoding(std::string_view content_encoding) {
  bool identity = true;
  ForEachElement(content_encoding, [&](std::string_view coding) {
    if (ParseCoding(coding) != Coding::kIdentity) identity = false;
  });
  return identity;
}

DecodeStatus DecodeRequestBody(std::string_view content_encoding,
                               std::string_view body, size_t max_bytes,
                               ByteBudget* budget, DecodedBody* out,
                               std::string* detail) {
  std::string ignored;
  if (detail == nullptr) detail = &ignored;
  out->Reset();
  std::vector<Coding> codings;
  std::string unknown;
  ForEachElement(content_encoding, [&](std::string_view name) {
    const Coding c = ParseCoding(name);
    if (c == Coding::kUnknown && unknown.empty()) unknown = std::string(name);
    if (c != Coding::kIdentity) codings.push_back(c);
  });
  if (!unknown.empty()) {
    *detail = "unsupported Content-Encoding '" + unknown + "'";
    return DecodeStatus::kUnsupported;
  }
  std::string_view input = body;
  for (auto it = codings.rbegin(); it != codings.rend(); ++it) {
    DecodedBody next;
    const DecodeStatus s =
        Inflater::Run(*it, input, max_bytes, budget, &next, detail);
    if (s != DecodeStatus::kOk) {
      out->Reset();
      return s;
    }
    *out = std::move(next);  // frees the previous stage's bytes
    input = out->view();
  }
  return DecodeStatus::kOk;
}

namespace {

// A quality value as DynamoDB reads it: a decimal number ("0.", "1", ".5",
// "31", "-0.5"); false for anything else (which DynamoDB ignores, so the
// element keeps q=1).
bool ParseQuality(std::string_view s, double* q) {
  size_t i = 0;
  bool negative = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  double value = 0;
  bool digits = false;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
    value = value * 10 + (s[i++] - '0');
    digits = true;
  }
  if (i < s.size() && s[i] == '.') {
    ++i;
    double scale = 0.1;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
      value += (s[i++] - '0') * scale;
      scale /= 10;
      digits = true;
    }
  }
  if (!digits || i != s.size()) return false;
  *q = negative ? -value : value;
  return true;
}

struct Candidate {
  double q = -1;     // -1: not named explicitly
  size_t order = 0;  // position of the element that gave q
};

}  // namespace

ResponseEncoding ChooseResponseEncoding(std::string_view accept_encoding) {
  Candidate gzip, deflate;
  double star_q = -1;
  size_t star_order = 0;
  size_t position = 0;
  ForEachElement(accept_encoding, [&](std::string_view element) {
    const size_t semi = element.find(';');
    const std::string_view token = Trim(element.substr(0, semi));
    double q = 1;
    if (semi != std::string_view::npos) {
      std::string_view params = element.substr(semi + 1);
      bool seen_q = false;
      while (!seen_q) {
        const size_t next = params.find(';');
        const std::string_view param = params.substr(0, next);
        const size_t eq = param.find('=');
        if (eq != std::string_view::npos &&
            EqualsIgnoreCase(Trim(param.substr(0, eq)), "q")) {
          seen_q = true;  // only the first q counts
          double parsed;
          if (ParseQuality(Trim(param.substr(eq + 1)), &parsed)) q = parsed;
        }
        if (next == std::string_view::npos) break;
        params.remove_prefix(next + 1);
      }
    }
    q = std::min(q, 1.0);  // DynamoDB treats q > 1 as 1
    Candidate* c = nullptr;
    if (EqualsIgnoreCase(token, "gzip")) c = &gzip;
    if (EqualsIgnoreCase(token, "deflate")) c = &deflate;
    if (c != nullptr && q > c->q) {
      c->q = q;
      c->order = position;
    }
    if (token == "*" && q > star_q) {
      star_q = q;
      star_order = position;
    }
    ++position;
  });

  // Explicitly named codings first, then those `*` grants (gzip before
  // deflate); higher q wins, then the earlier element. identity is never
  // preferred to a coding with q > 0.
  struct Choice {
    ResponseEncoding encoding;
    double q;
    bool wildcard;
    size_t order;
  };
  std::vector<Choice> choices;
  auto consider = [&](ResponseEncoding e, const Candidate& c, int rank) {
    if (c.q >= 0) {
      choices.push_back({e, c.q, false, c.order});
    } else if (star_q >= 0) {
      choices.push_back({e, star_q, true, star_order * 2 + rank});
    }
  };
  consider(ResponseEncoding::kGzip, gzip, 0);
  consider(ResponseEncoding::kDeflate, deflate, 1);
  const Choice* best = nullptr;
  for (const Choice& c : choices) {
    if (c.q <= 0) continue;
    if (best == nullptr || c.q > best->q ||
        (c.q == best->q && !c.wildcard && best->wildcard) ||
        (c.q == best->q && c.wildcard == best->wildcard &&
         c.order < best->order)) {
      best = &c;
    }
  }
  return best == nullptr ? ResponseEncoding::kIdentity : best->encoding;
}

std::string_view EncodingName(ResponseEncoding encoding) {
  switch (encoding) {
    case ResponseEncoding::kGzip:
      return "gzip";
    case ResponseEncoding::kDeflate:
      return "deflate";
    case ResponseEncoding::kIdentity:
      break;
  }
  return "";
}

std::string Encode(ResponseEncoding encoding, std::string_view body) {
  z_stream zs{};
  const int window_bits = encoding == ResponseEncoding::kGzip ? 15 + 16 : 15;
  if (deflateInit2(&zs, Z_BEST_SPEED, Z_DEFLATED, window_bits, 8,
                   Z_DEFAULT_STRATEGY) != Z_OK) {
    return std::string();
  }
  std::string out;
  out.resize(deflateBound(&zs, static_cast<uLong>(body.size())));
  zs.next_in = reinterpret_cast<unsigned char*>(const_cast<char*>(body.data()));
  zs.avail_in = static_cast<uInt>(body.size());
  zs.next_out = reinterpret_cast<unsigned char*>(out.data());
  zs.avail_out = static_cast<uInt>(out.size());
  const int rc = deflate(&zs, Z_FINISH);
  out.resize(rc == Z_STREAM_END ? zs.total_out : 0);
  deflateEnd(&zs);
  return out;
}

}  // namespace eddy::server::internal
