// Copyright 2026 The eddy Authors.
//
// Content codings for eddy-server (zlib): request bodies sent with
// `Content-Encoding: gzip` or `deflate` are decoded, and responses are
// compressed when `Accept-Encoding` asks for it, as DynamoDB does.
//
//   DecodedBody body;
//   switch (DecodeRequestBody(content_encoding, raw, max_bytes, &budget,
//                             &body)) {
//     case DecodeStatus::kOk: Use(body.view()); break;
//     case DecodeStatus::kTooLarge: ...413; case kBudget: ...503;
//     default: ...500 (DynamoDB answers bad or unknown codings so)
//   }
//   ResponseEncoding e = ChooseResponseEncoding("gzip;q=0.8, deflate");
//   std::string wire = Encode(e, json);   // kGzip here
//
// What DynamoDB does (recorded by ScyllaDB's Alternator tests, which run
// against DynamoDB: test_compressed_request.py, test_compressed_response.py)
// - Requests: gzip bodies are decoded, several gzip members one after another
//   included; bytes after the last member that do not start another member
//   are ignored (as Java's GZIPInputStream does). An unknown coding, a body
//   that is not valid gzip, or an empty one is answered with HTTP 500
//   (InternalServerError). DynamoDB now refuses a body that inflates past its
//   request limit (it accepted such bombs until 2026); eddy answers 413
//   RequestEntityTooLargeException, as Alternator does (DynamoDB's status
//   code for it is unconfirmed).
// - eddy also decodes `deflate` (the zlib format of RFC 9110, or raw deflate)
//   and skips `identity`. Alternator's notes say DynamoDB supports only gzip
//   request bodies; decoding deflate too is eddy's choice.
// - Responses: compressed with gzip or deflate (zlib format) when the body is
//   at least 4 KiB and Accept-Encoding selects one; ChooseResponseEncoding
//   reproduces DynamoDB's choice for every case those tests record (quality
//   values, `*`, invalid q treated as 1, identity never preferred, ...). The
//   x-amz-crc32 header is then the CRC-32 of the compressed bytes (the AWS
//   SDKs check it before decompressing).
//
// Bounds: decoding streams through zlib into a buffer that grows to at most
// max_bytes + 1 bytes; each growth is taken from the ByteBudget first. A
// decompression bomb therefore costs at most max_bytes of memory before it is
// refused.
//
// Thread safety: pure functions; DecodedBody is a movable value.

#ifndef EDDY_TOOLS_EDDY_SERVER_INTERNAL_CONTENT_CODING_H_
#define EDDY_TOOLS_EDDY_SERVER_INTERNAL_CONTENT_CODING_H_

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "tools/eddy-server/internal/byte_budget.h"

namespace eddy::server::internal {

enum class DecodeStatus {
  kOk,           // decoded (or nothing to decode)
  kUnsupported,  // a coding other than gzip, deflate or identity
  kCorrupt,      // not valid gzip / deflate data (empty, truncated, bad CRC)
  kTooLarge,     // decodes to more than max_bytes
  kBudget,       // the process-wide ByteBudget is exhausted
};

// A decoded body; owns its bytes and gives their budget back when destroyed.
class DecodedBody {
 public:
  DecodedBody() = default;
  ~DecodedBody() { Reset(); }
  DecodedBody(DecodedBody&& other) noexcept { *this = std::move(other); }
  DecodedBody& operator=(DecodedBody&& other) noexcept;

  std::string_view view() const { return {data_.get(), size_}; }
  // Bytes allocated for the body (never more than max_bytes + 1).
  size_t capacity() const { return capacity_; }
  void Reset();

 private:
  friend class Inflater;
  std::unique_ptr<char[]> data_;
  size_t size_ = 0;
  size_t capacity_ = 0;
  ByteBudget* budget_ = nullptr;  // charged capacity_ bytes when set
};

// Decodes `body` per the Content-Encoding value `content_encoding` (a list of
// codings, applied in order, so decoded last to first). `out` is left empty
// when there is nothing to decode (no coding, or only identity): the caller
// keeps using `body`. `budget` may be null (no process-wide bound).
// `detail` (optional) says what was wrong, for the error message.
DecodeStatus DecodeRequestBody(std::string_view content_encoding,
                               std::string_view body, size_t max_bytes,
                               ByteBudget* budget, DecodedBody* out,
                               std::string* detail = nullptr);

// True when `content_encoding` names no coding to undo (empty, identity).
bool IsIdentityEncoding(std::string_view content_encoding);

enum class ResponseEncoding { kIdentity, kGzip, kDeflate };

// DynamoDB's choice of response coding for an Accept-Encoding value (the
// last such header of the request); kIdentity when it names neither gzip nor
// deflate acceptably.
ResponseEncoding ChooseResponseEncoding(std::string_view accept_encoding);

// "gzip" / "deflate" / "".
std::string_view EncodingName(ResponseEncoding encoding);

// `body` compressed (gzip, or the zlib format for kDeflate) at zlib's fastest
// level. REQUIRES: encoding != kIdentity.
std::string Encode(ResponseEncoding encoding, std::string_view body);

}  // namespace eddy::server::internal

#endif  // EDDY_TOOLS_EDDY_SERVER_INTERNAL_CONTENT_CODING_H_
