// Copyright 2026 The eddy Authors.

#include "emulator/transfer/io.h"

#include <zlib.h>
#include <zstd.h>

#include <cerrno>
#include <cstring>
#include <vector>

namespace eddy::transfer {
namespace {

constexpr size_t kChunk = 64 << 10;

Status IoError(std::string_view what, const std::string& path) {
  return Status::Validation(std::string(what) + " " + path + ": " +
                            std::strerror(errno));
}

}  // namespace

std::string_view CompressionSuffix(Compression c) {
  switch (c) {
    case Compression::kNone:
      return "";
    case Compression::kGzip:
      return ".gz";
    case Compression::kZstd:
      return ".zst";
  }
  return "";
}

// --- LineWriter
// ----------------------------------------------------------------

struct LineWriter::Impl {
  std::string path;
  Compression compression = Compression::kNone;
  std::FILE* file = nullptr;
  z_stream gz{};
  bool gz_open = false;
  ZSTD_CCtx* zstd = nullptr;
  std::vector<char> out = std::vector<char>(kChunk);

  ~Impl() {
    if (gz_open) deflateEnd(&gz);
    if (zstd != nullptr) ZSTD_freeCCtx(zstd);
    if (file != nullptr) std::fclose(file);
  }

  Status Put(const char* data, size_t n) {
    if (n > 0 && std::fwrite(data, 1, n, file) != n) {
      return IoError("cannot write", path);
    }
    return Status::OK();
  }

  // Compresses `in` (finishing the stream when `finish`).
  Status Compress(std::string_view in, bool finish) {
    switch (compression) {
      case Compression::kNone:
        return Put(in.data(), in.size());
      case Compression::kGzip: {
        gz.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
        gz.avail_in = static_cast<uInt>(in.size());
        while (true) {
          gz.next_out = reinterpret_cast<Bytef*>(out.data());
          gz.avail_out = static_cast<uInt>(out.size());
          const int rc = deflate(&gz, finish ? Z_FINISH : Z_NO_FLUSH);
          if (rc == Z_STREAM_ERROR) return Status::Internal("deflate failed");
          EDDY_RETURN_IF_ERROR(Put(out.data(), out.size() - gz.avail_out));
          if (finish ? rc == Z_STREAM_END
                     : (gz.avail_in == 0 && gz.avail_out != 0)) {
            return Status::OK();
          }
        }
      }
      case Compression::kZstd: {
        ZSTD_inBuffer input{in.data(), in.size(), 0};
        while (true) {
          ZSTD_outBuffer output{out.data(), out.size(), 0};
          const size_t rc = ZSTD_compressStream2(
              zstd, &output, &input, finish ? ZSTD_e_end : ZSTD_e_continue);
          if (ZSTD_isError(rc)) {
            return Status::Internal(std::string("zstd: ") +
                                    ZSTD_getErrorName(rc));
          }
          EDDY_RETURN_IF_ERROR(Put(out.data(), output.pos));
          if (finish ? rc == 0 : input.pos == input.size) {
            return Status::OK();
          }
        }
      }
    }
    return Status::OK();
  }
};

LineWriter::LineWriter(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
LineWriter::~LineWriter() = default;

StatusOr<std::unique_ptr<LineWriter>> LineWriter::Open(
    const std::string& path, Compression compression) {
  auto impl = std::make_unique<Impl>();
  impl->path = path;
  impl->compression = compression;
  impl->file = std::fopen(path.c_str(), "wb");
  if (impl->file == nullptr) return IoError("cannot create", path);
  if (compression == Compression::kGzip) {
    // windowBits 15 + 16: a gzip header and trailer.
    if (deflateInit2(&impl->gz, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8,
                     Z_DEFAULT_STRATEGY) != Z_OK) {
      return Status::Internal("deflateInit2 failed");
    }
    impl->gz_open = true;
  } else if (compression == Compression::kZstd) {
    impl->zstd = ZSTD_createCCtx();
    if (impl->zstd == nullptr) return Status::Internal("ZSTD_createCCtx");
  }
  return std::unique_ptr<LineWriter>(new LineWriter(std::move(impl)));
}

Status LineWriter::Write(std::string_view bytes) {
  if (impl_->file == nullptr) return Status::Internal("writer is closed");
  uncompressed_ += static_cast<int64_t>(bytes.size());
  return impl_->Compress(bytes, /*finish=*/false);
}

Status LineWriter::Append(std::string_view line) {
  EDDY_RETURN_IF_ERROR(Write(line));
  return Write("\n");
}

Status LineWriter::Close() {
  if (impl_->file == nullptr) return Status::Internal("writer is closed");
  Status s = impl_->Compress({}, /*finish=*/true);
  std::FILE* f = impl_->file;
  impl_->file = nullptr;
  if (std::fclose(f) != 0 && s.ok()) s = IoError("cannot close", impl_->path);
  return s;
}

// --- LineReader
// ----------------------------------------------------------------

struct LineReader::Impl {
  std::string name;
  Compression compression = Compression::kNone;
  std::FILE* file = nullptr;
  bool owns_file = false;
  size_t max_line = kDefaultMaxLineBytes;
  z_stream gz{};
  bool gz_open = false;
  bool gz_member_done = false;
  ZSTD_DCtx* zstd = nullptr;
  size_t zstd_last = 0;  // last ZSTD_decompressStream result (0: frame end)
  std::vector<char> in = std::vector<char>(kChunk);
  size_t in_pos = 0, in_len = 0;
  bool in_eof = false;
  std::vector<char> out = std::vector<char>(kChunk);
  size_t out_pos = 0, out_len = 0;
  bool done = false;
  // The decompressor filled the whole output last time: it may hold more
  // output without further input.
  bool pending = false;

  ~Impl() {
    if (gz_open) inflateEnd(&gz);
    if (zstd != nullptr) ZSTD_freeDCtx(zstd);
    if (owns_file && file != nullptr) std::fclose(file);
  }

  // More raw input; false at end of file.
  StatusOr<bool> ReadInput() {
    if (in_pos < in_len) return true;
    if (in_eof) return false;
    in_len = std::fread(in.data(), 1, in.size(), file);
    in_pos = 0;
    if (in_len < in.size()) {
      if (std::ferror(file)) return IoError("cannot read", name);
      in_eof = true;
    }
    return in_len > 0;
  }

  Status Corrupt(std::string_view what) const {
    return Status::Validation("corrupt " + std::string(what) + " data in " +
                              name);
  }
};

LineReader::LineReader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
LineReader::~LineReader() = default;

std::unique_ptr<LineReader> LineReader::FromStream(std::FILE* stream,
                                                   std::string name,
                                                   Compression compression,
                                                   size_t max_line_bytes) {
  auto impl = std::make_unique<Impl>();
  impl->name = std::move(name);
  impl->compression = compression;
  impl->file = stream;
  impl->max_line = max_line_bytes;
  if (compression == Compression::kGzip) {
    impl->gz_open = inflateInit2(&impl->gz, 15 + 16) == Z_OK;
  } else if (compression == Compression::kZstd) {
    impl->zstd = ZSTD_createDCtx();
  }
  return std::unique_ptr<LineReader>(new LineReader(std::move(impl)));
}

StatusOr<std::unique_ptr<LineReader>> LineReader::Open(const std::string& path,
                                                       Compression compression,
                                                       size_t max_line_bytes) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return IoError("cannot open", path);
  std::unique_ptr<LineReader> r =
      FromStream(f, path, compression, max_line_bytes);
  r->impl_->owns_file = true;
  if ((compression == Compression::kGzip && !r->impl_->gz_open) ||
      (compression == Compression::kZstd && r->impl_->zstd == nullptr)) {
    return Status::Internal("cannot start the decompressor");
  }
  return r;
}

StatusOr<bool> LineReader::Fill() {
  Impl& d = *impl_;
  d.out_pos = d.out_len = 0;
  while (d.out_len == 0) {
    switch (d.compression) {
      case Compression::kNone: {
        EDDY_ASSIGN_OR_RETURN(bool more, d.ReadInput());
        if (!more) return false;
        const size_t n = d.in_len - d.in_pos;
        std::memcpy(d.out.data(), d.in.data() + d.in_pos, n);
        d.in_pos = d.in_len;
        d.out_len = n;
        break;
      }
      case Compression::kGzip: {
        if (!d.gz_open) return Status::Internal("no inflater");
        EDDY_ASSIGN_OR_RETURN(bool more, d.ReadInput());
        if (!more && !d.pending) {
          if (d.gz_member_done || d.gz.total_in == 0) return false;
          return d.Corrupt("gzip (truncated)");
        }
        if (d.gz_member_done) {
          if (!more) return false;
          // Another member follows the one that ended.
          inflateReset(&d.gz);
          d.gz_member_done = false;
        }
        d.gz.next_in = reinterpret_cast<Bytef*>(d.in.data() + d.in_pos);
        d.gz.avail_in = static_cast<uInt>(d.in_len - d.in_pos);
        d.gz.next_out = reinterpret_cast<Bytef*>(d.out.data());
        d.gz.avail_out = static_cast<uInt>(d.out.size());
        const int rc = inflate(&d.gz, Z_NO_FLUSH);
        d.in_pos = d.in_len - d.gz.avail_in;
        d.out_len = d.out.size() - d.gz.avail_out;
        d.pending = d.gz.avail_out == 0;
        if (rc == Z_STREAM_END) {
          d.gz_member_done = true;
        } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
          return d.Corrupt("gzip");
        }
        break;
      }
      case Compression::kZstd: {
        if (d.zstd == nullptr) return Status::Internal("no zstd context");
        EDDY_ASSIGN_OR_RETURN(bool more, d.ReadInput());
        if (!more && !d.pending) {
          if (d.zstd_last == 0) return false;
          return d.Corrupt("zstd (truncated)");
        }
        ZSTD_inBuffer input{d.in.data() + d.in_pos, d.in_len - d.in_pos, 0};
        ZSTD_outBuffer output{d.out.data(), d.out.size(), 0};
        const size_t rc = ZSTD_decompressStream(d.zstd, &output, &input);
        if (ZSTD_isError(rc)) return d.Corrupt("zstd");
        d.zstd_last = rc;
        d.in_pos += input.pos;
        d.out_len = output.pos;
        d.pending = output.pos == output.size;
        break;
      }
    }
  }
  bytes_read_ += static_cast<int64_t>(d.out_len);
  return true;
}

StatusOr<LineReader::Result> LineReader::Next(std::string* line) {
  Impl& d = *impl_;
  line->clear();
  if (d.done) return Result::kEnd;
  bool too_long = false;
  bool any = false;
  while (true) {
    if (d.out_pos == d.out_len) {
      EDDY_ASSIGN_OR_RETURN(bool more, Fill());
      if (!more) {
        d.done = true;
        if (!any) return Result::kEnd;
        return too_long ? Result::kTooLong : Result::kLine;
      }
    }
    any = true;
    const char* start = d.out.data() + d.out_pos;
    const size_t avail = d.out_len - d.out_pos;
    const void* nl = std::memchr(start, '\n', avail);
    const size_t take =
        nl ? static_cast<size_t>(static_cast<const char*>(nl) - start) : avail;
    if (!too_long) {
      if (line->size() + take > d.max_line) {
        too_long = true;
        line->clear();
        line->shrink_to_fit();
      } else {
        line->append(start, take);
      }
    }
    d.out_pos += take;
    if (nl) {
      ++d.out_pos;
      return too_long ? Result::kTooLong : Result::kLine;
    }
  }
}

}  // namespace eddy::transfer
