// Copyright 2026 The eddy Authors.

#include "emulator/engine/persist/format.h"

#include "emulator/base/crc32c.h"
#include "emulator/engine/persist/codec.h"

namespace eddy::engine::persist {

std::string FileHeader(std::string_view magic) {
  std::string out(magic);
  ByteWriter w(&out);
  w.Fixed32(kFormatVersion);
  w.Fixed32(0);  // flags, none yet
  return out;
}

void AppendRecord(RecordType type, std::string_view payload, std::string* out) {
  const char t = static_cast<char>(type);
  uint32_t crc = crc32c::Extend(0, &t, 1);
  crc = crc32c::Extend(crc, payload.data(), payload.size());
  ByteWriter w(out);
  w.Fixed32(crc32c::Mask(crc));
  w.Fixed32(static_cast<uint32_t>(payload.size()));
  out->push_back(t);
  out->append(payload);
}

RecordReader::RecordReader(std::string_view file, std::string_view magic)
    : file_(file) {
  if (file.size() >= kFileHeaderBytes &&
      file.substr(0, magic.size()) == magic) {
    ByteReader r(file.substr(magic.size(), 8));
    const uint32_t version = r.Fixed32();
    header_ok_ = version >= kOldestFormatVersion && version <= kFormatVersion;
  }
  pos_ = good_ = header_ok_ ? kFileHeaderBytes : 0;
}

RecordReader::Result RecordReader::Next(RecordType* type,
                                        std::string_view* payload) {
  if (!header_ok_) {
    // A file cut inside its header is torn; anything else is not ours.
    return file_.size() < kFileHeaderBytes &&
                   std::string_view(kLogMagic).substr(0, file_.size()) == file_
               ? Result::kTorn
               : Result::kCorrupt;
  }
  if (pos_ == file_.size()) return Result::kEnd;
  if (file_.size() - pos_ < kRecordHeaderBytes) return Result::kTorn;
  ByteReader r(file_.substr(pos_, 8));
  const uint32_t masked = r.Fixed32();
  const uint32_t length = r.Fixed32();
  if (length > kMaxRecordBytes) return Result::kCorrupt;
  if (file_.size() - pos_ - kRecordHeaderBytes < length) return Result::kTorn;
  std::string_view body = file_.substr(pos_ + 8, 1 + length);
  if (crc32c::Unmask(masked) != crc32c::Value(body)) return Result::kCorrupt;
  const auto t = static_cast<uint8_t>(body[0]);
  if (t < 1 || t > 6) return Result::kCorrupt;
  *type = static_cast<RecordType>(t);
  *payload = body.substr(1);
  pos_ += kRecordHeaderBytes + length;
  good_ = pos_;
  return Result::kRecord;
}

}  // namespace eddy::engine::persist
