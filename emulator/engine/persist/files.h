// Copyright 2026 The eddy Authors.
//
// The file-system calls of the data directory, as Status values with the
// path and the system's reason ("cannot write /d/log-00000003.eddylog: No
// space left on device"). POSIX only.
//
// Thread safety: functions are thread-safe; a File is used by one thread
// at a time.

#ifndef EDDY_EMULATOR_ENGINE_PERSIST_FILES_H_
#define EDDY_EMULATOR_ENGINE_PERSIST_FILES_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/base/status.h"

namespace eddy::engine::persist {

// An open file descriptor, closed with the object.
class File {
 public:
  File() = default;
  explicit File(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
  File(File&& other) noexcept { *this = std::move(other); }
  File& operator=(File&& other) noexcept;
  ~File();

  bool is_open() const { return fd_ >= 0; }
  int fd() const { return fd_; }
  const std::string& path() const { return path_; }

  // Writes all of `data` at the end (retrying short writes).
  Status Append(std::string_view data);
  // fdatasync.
  Status Sync();
  Status Truncate(int64_t size);

 private:
  int fd_ = -1;
  std::string path_;
};

// Opens `path` for appending, creating it (mode 0644) when `create`.
StatusOr<File> OpenForAppend(const std::string& path, bool create);
// The whole file.
StatusOr<std::string> ReadWholeFile(const std::string& path);

// The whole file in a buffer that is not zeroed first (a snapshot of a
// million items is hundreds of MB: zeroing it before reading into it is a
// pass over all of it for nothing). The snapshot loader's read.
class FileBytes {
 public:
  std::string_view view() const { return {data_.get(), size_}; }

 private:
  friend StatusOr<FileBytes> ReadFileBytes(const std::string& path);
  std::unique_ptr<char[]> data_;
  size_t size_ = 0;
};
StatusOr<FileBytes> ReadFileBytes(const std::string& path);
// Writes `data` to `path` + ".tmp", fsyncs it, renames it to `path` and
// fsyncs the directory: after it returns OK the file is there, whole, even
// after a power failure; a crash before leaves the old `path` (if any).
Status WriteFileAtomically(const std::string& path, std::string_view data);
// fsync of a directory (makes creations, renames and removals durable).
Status SyncDirectory(const std::string& dir);
// Creates `dir` and missing parents.
Status CreateDirectories(const std::string& dir);
// The names (not paths) in `dir`.
StatusOr<std::vector<std::string>> ListDirectory(const std::string& dir);
Status RenameFile(const std::string& from, const std::string& to);
Status RemoveFile(const std::string& path);

// An exclusive advisory lock (flock) on `dir`/LOCK, held while the object
// lives. Errors: FailedPrecondition-like InternalServerError "data directory
// <dir> is in use by another eddy process" when another holds it.
class DirectoryLock {
 public:
  static StatusOr<DirectoryLock> Acquire(const std::string& dir);
  DirectoryLock(DirectoryLock&&) = default;
  DirectoryLock& operator=(DirectoryLock&&) = default;

 private:
  DirectoryLock() = default;
  File file_;
};

}  // namespace eddy::engine::persist

#endif  // EDDY_EMULATOR_ENGINE_PERSIST_FILES_H_
