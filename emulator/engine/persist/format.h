// Copyright 2026 The eddy Authors.
//
// The framing of eddy's data files (docs/persistence.md). A log segment and
// a snapshot are each a 16-byte file header followed by records:
//
//   header := magic[8] version:u32le flags:u32le
//   record := crc:u32le length:u32le type:u8 payload[length]
//
// `crc` is the masked CRC-32C (base/crc32c.h) of the type byte and the
// payload. A record is whole or it is not there: a reader stops at the first
// record that runs past the end of the file (a torn write) or whose checksum
// fails (corruption), and reports which and where.
//
// Thread safety: pure functions and single-owner objects.

#ifndef EDDY_EMULATOR_ENGINE_PERSIST_FORMAT_H_
#define EDDY_EMULATOR_ENGINE_PERSIST_FORMAT_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace eddy::engine::persist {

inline constexpr std::string_view kLogMagic = "EDDYLOG\x01";
inline constexpr std::string_view kSnapshotMagic = "EDDYSNP\x01";
// Written: 2 (adds kClock and the cut time in kEnd). Read: 1 and 2.
inline constexpr uint32_t kFormatVersion = 2;
inline constexpr uint32_t kOldestFormatVersion = 1;
inline constexpr size_t kFileHeaderBytes = 16;
inline constexpr size_t kRecordHeaderBytes = 9;
// No record is larger (a transaction of 100 items of 400 KB is 40 MB): a
// length above it is corruption, not a reason to allocate.
inline constexpr uint32_t kMaxRecordBytes = 256u << 20;

enum class RecordType : uint8_t {
  kTable = 1,   // a table image (table_image.h): created or new settings
  kDrop = 2,    // varint table number: the table was deleted
  kCommit = 3,  // the item changes of one commit (see below)
  kItems = 4,   // snapshot only: a chunk of one table's items
  kEnd = 5,     // snapshot only: the totals that make a snapshot complete
  kClock = 6,   // log only: varint milliseconds on the Options clock; the
                // records after it were committed at or after that time
};

// Commit payload: changes, each
//   table_number:varint kind:u8 (1 put, 2 delete)
//   put:    record payload as a string (storage::Record::payload())
//   delete: partition key bytes, sort key bytes (strings)
// Items payload: table_number:varint count:varint then count payloads.
// End payload: next_segment:varint tables:varint items:varint
//              next_table_number:varint [cut_micros:zigzag (format 2)]

std::string FileHeader(std::string_view magic);

// Appends one framed record to `out`.
void AppendRecord(RecordType type, std::string_view payload, std::string* out);

// Reads the records of one file held in memory.
class RecordReader {
 public:
  enum class Result { kRecord, kEnd, kTorn, kCorrupt };

  // `file` is the whole file, header included; `magic` the header it must
  // carry (a wrong or short header is kCorrupt at offset 0).
  RecordReader(std::string_view file, std::string_view magic);

  // The next record (kRecord, with `type` and `payload` viewing into the
  // file), or why there is none: kEnd at a clean end, kTorn when the last
  // record is cut short, kCorrupt on a checksum or header mismatch.
  Result Next(RecordType* type, std::string_view* payload);

  // The offset just past the last good record (where a damaged file is cut).
  size_t good_bytes() const { return good_; }

 private:
  std::string_view file_;
  size_t pos_ = 0;
  size_t good_ = 0;
  bool header_ok_ = false;
};

}  // namespace eddy::engine::persist

#endif  // EDDY_EMULATOR_ENGINE_PERSIST_FORMAT_H_
