// Copyright 2026 The eddy Authors.

#include "emulator/transfer/manifest.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <nlohmann/json.hpp>

#include "emulator/base/base64.h"

namespace eddy::transfer {
namespace {

constexpr uint32_t kK[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a,
    0xa8304613, 0xfd469501, 0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be,
    0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821, 0xf61e2562, 0xc040b340,
    0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8,
    0x676f02d9, 0x8d2a4c8a, 0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c,
    0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa,
    0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92,
    0xffeff47d, 0x85845dd1, 0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1,
    0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391};
constexpr int kS[64] = {7,  12, 17, 22, 7,  12, 17, 22, 7,  12, 17, 22, 7,
                        12, 17, 22, 5,  9,  14, 20, 5,  9,  14, 20, 5,  9,
                        14, 20, 5,  9,  14, 20, 4,  11, 16, 23, 4,  11, 16,
                        23, 4,  11, 16, 23, 4,  11, 16, 23, 6,  10, 15, 21,
                        6,  10, 15, 21, 6,  10, 15, 21, 6,  10, 15, 21};

uint32_t Rotl(uint32_t x, int c) { return (x << c) | (x >> (32 - c)); }

}  // namespace

Md5::Md5() : h_{0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476} {}

void Md5::Block(const uint8_t* p) {
  uint32_t m[16];
  for (int i = 0; i < 16; ++i) {
    m[i] = uint32_t{p[i * 4]} | (uint32_t{p[i * 4 + 1]} << 8) |
           (uint32_t{p[i * 4 + 2]} << 16) | (uint32_t{p[i * 4 + 3]} << 24);
  }
  uint32_t a = h_[0], b = h_[1], c = h_[2], d = h_[3];
  for (int i = 0; i < 64; ++i) {
    uint32_t f;
    int g;
    if (i < 16) {
      f = (b & c) | (~b & d);
      g = i;
    } else if (i < 32) {
      f = (d & b) | (~d & c);
      g = (5 * i + 1) % 16;
    } else if (i < 48) {
      f = b ^ c ^ d;
      g = (3 * i + 5) % 16;
    } else {
      f = c ^ (b | ~d);
      g = (7 * i) % 16;
    }
    const uint32_t t = d;
    d = c;
    c = b;
    b = b + Rotl(a + f + kK[i] + m[g], kS[i]);
    a = t;
  }
  h_[0] += a;
  h_[1] += b;
  h_[2] += c;
  h_[3] += d;
}

void Md5::Update(std::string_view bytes) {
  total_ += bytes.size();
  const auto* p = reinterpret_cast<const uint8_t*>(bytes.data());
  size_t n = bytes.size();
  while (n > 0) {
    const size_t take = std::min(n, sizeof(buf_) - buf_len_);
    std::memcpy(buf_ + buf_len_, p, take);
    buf_len_ += take;
    p += take;
    n -= take;
    if (buf_len_ == 64) {
      Block(buf_);
      buf_len_ = 0;
    }
  }
}

std::array<uint8_t, 16> Md5::Finish() {
  const uint64_t bits = total_ * 8;
  static constexpr uint8_t kPad[64] = {0x80};
  const size_t pad = buf_len_ < 56 ? 56 - buf_len_ : 120 - buf_len_;
  Update(std::string_view(reinterpret_cast<const char*>(kPad), pad));
  uint8_t len[8];
  for (int i = 0; i < 8; ++i) len[i] = static_cast<uint8_t>(bits >> (8 * i));
  Update(std::string_view(reinterpret_cast<const char*>(len), 8));
  std::array<uint8_t, 16> out;
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j) {
      out[i * 4 + j] = static_cast<uint8_t>(h_[i] >> (8 * j));
    }
  }
  return out;
}

std::string DigestHex(const std::array<uint8_t, 16>& d) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (uint8_t b : d) {
    out.push_back(kHex[b >> 4]);
    out.push_back(kHex[b & 15]);
  }
  return out;
}

std::string DigestBase64(const std::array<uint8_t, 16>& d) {
  return Base64Encode(
      std::string_view(reinterpret_cast<const char*>(d.data()), d.size()));
}

StatusOr<std::array<uint8_t, 16>> FileMd5(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    return Status::Validation("cannot open " + path + ": " +
                              std::strerror(errno));
  }
  Md5 md5;
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof(buf), f)) > 0) {
    md5.Update(std::string_view(buf, n));
  }
  const bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed) return Status::Validation("cannot read " + path);
  return md5.Finish();
}

std::string ExportFolder(std::string_view s3_prefix,
                         std::string_view export_id) {
  std::string out(s3_prefix);
  while (!out.empty() && out.back() == '/') out.pop_back();
  if (!out.empty()) out.push_back('/');
  out += "AWSDynamoDB/";
  out += export_id;
  return out;
}

std::string IncrementalDataFolder(std::string_view s3_prefix) {
  return ExportFolder(s3_prefix, "data");
}

std::string ManifestFilesLine(const ManifestFileEntry& e) {
  nlohmann::ordered_json j;
  j["itemCount"] = e.item_count;
  j["md5Checksum"] = e.md5_base64;
  j["etag"] = e.etag;
  j["dataFileS3Key"] = e.data_file_key;
  return j.dump(-1, ' ', false,
                nlohmann::ordered_json::error_handler_t::replace);
}

std::string ManifestSummaryJson(const ManifestSummary& s) {
  nlohmann::ordered_json j;
  const bool incremental = s.export_type == "INCREMENTAL_EXPORT";
  j["version"] = incremental ? "2023-08-01" : "2020-06-30";
  j["exportArn"] = s.export_arn;
  j["startTime"] = s.start_time;
  j["endTime"] = s.end_time;
  j["tableArn"] = s.table_arn;
  j["tableId"] = s.table_id;
  if (incremental) {
    j["exportFromTime"] = s.export_from_time;
    j["exportToTime"] = s.export_to_time;
  } else {
    j["exportTime"] = s.export_time;
  }
  j["s3Bucket"] = s.s3_bucket;
  if (s.s3_prefix.empty()) {
    j["s3Prefix"] = nullptr;
  } else {
    j["s3Prefix"] = s.s3_prefix;
  }
  j["s3SseAlgorithm"] = s.s3_sse_algorithm;
  j["s3SseKmsKeyId"] = nullptr;
  j["manifestFilesS3Key"] = s.manifest_files_key;
  j["billedSizeBytes"] = s.billed_size_bytes;
  j["itemCount"] = s.item_count;
  j["outputFormat"] = s.output_format;
  if (incremental) j["outputView"] = s.output_view;
  j["exportType"] = s.export_type;
  return j.dump(2, ' ', false,
                nlohmann::ordered_json::error_handler_t::replace);
}

std::string IsoTime(int64_t micros) {
  const std::time_t secs = static_cast<std::time_t>(micros / 1'000'000);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[96];
  std::snprintf(buf, sizeof(buf), "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ",
                tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
                tm.tm_min, tm.tm_sec, static_cast<int>((micros / 1000) % 1000));
  return buf;
}

}  // namespace eddy::transfer
