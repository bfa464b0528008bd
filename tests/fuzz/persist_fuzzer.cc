// Copyright 2026 The eddy Authors.
//
// Reading eddy's data files back (engine/persist/): whatever bytes a log
// segment or a snapshot holds, opening them gives a Database (with the damage
// reported) or an error, never a crash, a hang or unbounded memory.
//
// Input: a mode byte, then the file. Mode bit 0: the file is a snapshot
// (Database::LoadSnapshot) or a log segment (a data directory holding it,
// opened with Database::Open, then opened again to check that recovery left
// it readable). Mode bit 1: before use, every record's checksum is
// recomputed, so that mutations reach the decoders behind the checksums
// (table images, item payloads, commits) instead of stopping at them.

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "emulator/api/database.h"
#include "emulator/base/crc32c.h"

namespace {

// Recomputes each record's CRC in place (format.h's framing).
void FixChecksums(std::string& file) {
  size_t pos = 16;
  while (pos + 9 <= file.size()) {
    uint32_t length = 0;
    for (int i = 0; i < 4; ++i) {
      length |= static_cast<uint32_t>(static_cast<uint8_t>(file[pos + 4 + i]))
                << (8 * i);
    }
    if (length > file.size() - pos - 9) return;
    const uint32_t crc = eddy::crc32c::Mask(
        eddy::crc32c::Value(file.data() + pos + 8, 1 + length));
    for (int i = 0; i < 4; ++i)
      file[pos + i] = static_cast<char>(crc >> (8 * i));
    pos += 9 + length;
  }
}

void Write(const std::string& path, const std::string& data) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << data;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const uint8_t mode = data[0];
  std::string file(reinterpret_cast<const char*>(data + 1), size - 1);
  if (mode & 2) FixChecksums(file);
  static const std::filesystem::path root =
      std::filesystem::temp_directory_path() /
      ("eddy-persist-fuzz-" + std::to_string(::getpid()));
  std::filesystem::remove_all(root);
  std::filesystem::create_directories(root);
  if (mode & 1) {
    Write((root / "in.eddysnap").string(), file);
    eddy::Database db;
    (void)db.LoadSnapshot((root / "in.eddysnap").string());
  } else {
    Write((root / "log-00000001.eddylog").string(), file);
    eddy::Options options;
    options.persistence.data_dir = root.string();
    options.persistence.snapshot_log_bytes = 0;
    {
      eddy::Database db(options);
      eddy::ListTablesRequest list;
      (void)db.ListTables(list);
    }
    eddy::Database again(options);
    (void)again.ListTables(eddy::ListTablesRequest{});
  }
  return 0;
}
