// Copyright 2026 The eddy Authors.

#include "emulator/engine/persist/files.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace eddy::engine::persist {
namespace {

Status Errno(const std::string& what, const std::string& path, int err) {
  return Status::Internal(what + " " + path + ": " + std::strerror(err));
}

std::string ParentOf(const std::string& path) {
  const size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

}  // namespace

File& File::operator=(File&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = other.fd_;
    path_ = std::move(other.path_);
    other.fd_ = -1;
  }
  return *this;
}

File::~File() {
  if (fd_ >= 0) ::close(fd_);
}

Status File::Append(std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd_, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return Errno("cannot write", path_, errno);
    }
    data.remove_prefix(static_cast<size_t>(n));
  }
  return Status::OK();
}

Status File::Sync() {
  if (::fdatasync(fd_) != 0) return Errno("cannot sync", path_, errno);
  return Status::OK();
}

Status File::Truncate(int64_t size) {
  if (::ftruncate(fd_, size) != 0) return Errno("cannot cut", path_, errno);
  return Status::OK();
}

StatusOr<File> OpenForAppend(const std::string& path, bool create) {
  const int flags = O_WRONLY | O_APPEND | O_CLOEXEC | (create ? O_CREAT : 0);
  const int fd = ::open(path.c_str(), flags, 0644);
  if (fd < 0) return Errno("cannot open", path, errno);
  return File(fd, path);
}

namespace {

// Reads up to `size` bytes of `path` into `out`; how many it read (fewer
// when the file shrank).
StatusOr<size_t> ReadInto(int fd, const std::string& path, char* out,
                          size_t size) {
  size_t done = 0;
  while (done < size) {
    const ssize_t n = ::read(fd, out + done, size - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return Errno("cannot read", path, errno);
    }
    if (n == 0) break;  // the file shrank
    done += static_cast<size_t>(n);
  }
  return done;
}

}  // namespace

StatusOr<std::string> ReadWholeFile(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Errno("cannot open", path, errno);
  File file(fd, path);
  struct stat st;
  if (::fstat(fd, &st) != 0) return Errno("cannot stat", path, errno);
  std::string data;
  data.resize(static_cast<size_t>(st.st_size));
  EDDY_ASSIGN_OR_RETURN(size_t done,
                        ReadInto(fd, path, data.data(), data.size()));
  data.resize(done);
  return data;
}

StatusOr<FileBytes> ReadFileBytes(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Errno("cannot open", path, errno);
  File file(fd, path);
  struct stat st;
  if (::fstat(fd, &st) != 0) return Errno("cannot stat", path, errno);
  FileBytes bytes;
  const size_t size = static_cast<size_t>(st.st_size);
  bytes.data_ = std::make_unique_for_overwrite<char[]>(size);
  EDDY_ASSIGN_OR_RETURN(bytes.size_,
                        ReadInto(fd, path, bytes.data_.get(), size));
  return bytes;
}

Status SyncDirectory(const std::string& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return Errno("cannot open", dir, errno);
  File file(fd, dir);
  if (::fsync(fd) != 0) return Errno("cannot sync", dir, errno);
  return Status::OK();
}

Status WriteFileAtomically(const std::string& path, std::string_view data) {
  const std::string tmp = path + ".tmp";
  const int fd =
      ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return Errno("cannot create", tmp, errno);
  File file(fd, tmp);
  Status s = file.Append(data);
  if (s.ok()) s = file.Sync();
  if (!s.ok()) {
    ::unlink(tmp.c_str());
    return s;
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    return Errno("cannot rename to", path, err);
  }
  return SyncDirectory(ParentOf(path));
}

Status CreateDirectories(const std::string& dir) {
  if (dir.empty()) return Status::Internal("empty data directory path");
  std::string partial;
  size_t pos = 0;
  while (pos != std::string::npos) {
    pos = dir.find('/', pos + 1);
    partial = dir.substr(0, pos);
    if (partial.empty()) continue;
    if (::mkdir(partial.c_str(), 0755) != 0 && errno != EEXIST) {
      return Errno("cannot create directory", partial, errno);
    }
  }
  struct stat st;
  if (::stat(dir.c_str(), &st) != 0) return Errno("cannot open", dir, errno);
  if (!S_ISDIR(st.st_mode)) {
    return Status::Internal("not a directory: " + dir);
  }
  return Status::OK();
}

StatusOr<std::vector<std::string>> ListDirectory(const std::string& dir) {
  DIR* d = ::opendir(dir.c_str());
  if (d == nullptr) return Errno("cannot list", dir, errno);
  std::vector<std::string> names;
  while (struct dirent* e = ::readdir(d)) {
    std::string name = e->d_name;
    if (name != "." && name != "..") names.push_back(std::move(name));
  }
  ::closedir(d);
  return names;
}

Status RenameFile(const std::string& from, const std::string& to) {
  if (::rename(from.c_str(), to.c_str()) != 0) {
    return Errno("cannot rename", from, errno);
  }
  return Status::OK();
}

Status RemoveFile(const std::string& path) {
  if (::unlink(path.c_str()) != 0 && errno != ENOENT) {
    return Errno("cannot remove", path, errno);
  }
  return Status::OK();
}

StatusOr<DirectoryLock> DirectoryLock::Acquire(const std::string& dir) {
  const std::string path = dir + "/LOCK";
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return Errno("cannot open", path, errno);
  File file(fd, path);
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    if (errno == EWOULDBLOCK) {
      return Status::Internal("data directory " + dir +
                              " is in use by another eddy process");
    }
    return Errno("cannot lock", path, errno);
  }
  // The holder's pid, for whoever finds the directory busy.
  const std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd, 0) == 0) (void)::pwrite(fd, pid.data(), pid.size(), 0);
  DirectoryLock lock;
  lock.file_ = std::move(file);
  return lock;
}

}  // namespace eddy::engine::persist
