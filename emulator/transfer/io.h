// Copyright 2026 The eddy Authors.
//
// Line-oriented files, compressed the ways DynamoDB's export and import use
// (GZIP, ZSTD, NONE): a writer that appends lines, and a reader that returns
// them one at a time with bounded memory.
//
//   EDDY_ASSIGN_OR_RETURN(auto w, LineWriter::Open(path, Compression::kGzip));
//   EDDY_RETURN_IF_ERROR(w->Append(EncodeJsonLine(item)));
//   EDDY_RETURN_IF_ERROR(w->Close());
//
//   EDDY_ASSIGN_OR_RETURN(auto r, LineReader::Open(path, Compression::kZstd));
//   std::string line;
//   while (true) {
//     EDDY_ASSIGN_OR_RETURN(LineReader::Result got, r->Next(&line));
//     if (got == LineReader::Result::kEnd) break;
//     if (got == LineReader::Result::kTooLong) { ++errors; continue; }
//     ...
//   }
//
// Contract
// - A reader holds at most max_line_bytes of a line plus its buffers
//   (64 KiB of input and of output); a longer line is skipped to its end and
//   reported as kTooLong. Corrupt or truncated compressed data is a
//   ValidationException naming the file; everything before it was returned.
//   Concatenated gzip members and zstd frames are read as one stream.
// - I/O failures (no such file, no permission, disk full) are
//   ValidationExceptions naming the path and the system's reason.
// - Neither class is thread-safe; use one per thread.

#ifndef EDDY_EMULATOR_TRANSFER_IO_H_
#define EDDY_EMULATOR_TRANSFER_IO_H_

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "emulator/base/status.h"

namespace eddy::transfer {

enum class Compression { kNone, kGzip, kZstd };

// The file-name suffix DynamoDB uses for each ("", ".gz", ".zst").
std::string_view CompressionSuffix(Compression c);

// The longest line a reader returns by default: DynamoDB's 400 KB item in
// its most verbose encoding fits several times over.
inline constexpr size_t kDefaultMaxLineBytes = 4 << 20;

class LineWriter {
 public:
  // Creates (or truncates) `path`.
  static StatusOr<std::unique_ptr<LineWriter>> Open(const std::string& path,
                                                    Compression compression);
  ~LineWriter();
  LineWriter(const LineWriter&) = delete;
  LineWriter& operator=(const LineWriter&) = delete;

  // Appends `line` and a newline.
  Status Append(std::string_view line);
  // Appends bytes as they are (no newline).
  Status Write(std::string_view bytes);
  // Flushes the compressor and closes the file; further calls fail.
  Status Close();
  // Bytes handed to Append/Write (before compression).
  int64_t uncompressed_bytes() const { return uncompressed_; }

 private:
  struct Impl;
  explicit LineWriter(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
  int64_t uncompressed_ = 0;
};

class LineReader {
 public:
  enum class Result { kLine, kTooLong, kEnd };

  static StatusOr<std::unique_ptr<LineReader>> Open(
      const std::string& path, Compression compression,
      size_t max_line_bytes = kDefaultMaxLineBytes);
  // Reads from an open stream (not owned; e.g. fmemopen for tests and the
  // fuzzer); `name` names it in errors.
  static std::unique_ptr<LineReader> FromStream(
      std::FILE* stream, std::string name, Compression compression,
      size_t max_line_bytes = kDefaultMaxLineBytes);
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  // The next line, without its newline. A last line without a newline is
  // still a line; an empty file has none.
  StatusOr<Result> Next(std::string* line);
  // Decompressed bytes read so far.
  int64_t bytes_read() const { return bytes_read_; }

 private:
  struct Impl;
  explicit LineReader(std::unique_ptr<Impl> impl);
  // Refills impl_'s output buffer; false at the end of the stream.
  StatusOr<bool> Fill();
  std::unique_ptr<Impl> impl_;
  int64_t bytes_read_ = 0;
};

}  // namespace eddy::transfer

#endif  // EDDY_EMULATOR_TRANSFER_IO_H_
