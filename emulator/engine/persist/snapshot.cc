// Copyright 2026 The eddy Authors.

#include "emulator/engine/persist/snapshot.h"

#include <cstring>

#include "emulator/api/persistence.h"
#include "emulator/engine/persist/codec.h"
#include "emulator/engine/persist/files.h"
#include "emulator/engine/persist/format.h"
#include "emulator/engine/persist/table_image.h"

namespace eddy::engine::persist {
namespace {

// Items records hold about this many bytes; the file is written in pieces
// about as large, so writing needs no more memory than that.
constexpr size_t kChunkBytes = 1 << 20;

std::string ParentOf(const std::string& path) {
  const size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

}  // namespace

SharedTableLocks::SharedTableLocks(
    const std::vector<std::shared_ptr<Table>>& tables)
    : tables_(tables) {
  for (const auto& t : tables_) t->mu().ReaderLock();
}

SharedTableLocks::~SharedTableLocks() {
  for (const auto& t : tables_) t->mu().ReaderUnlock();
}

std::vector<TableCopy> CopyTables(
    const std::vector<std::shared_ptr<Table>>& tables) {
  std::vector<TableCopy> copies;
  SharedTableLocks locks(tables);
  for (const auto& t : tables) {
    t->AssertReaderHeld();
    copies.push_back(CopyTable(*t, copies.size() + 1));
  }
  return copies;
}

TableCopy CopyTable(const Table& table, uint64_t number) {
  TableCopy copy;
  copy.number = number;
  EncodeTableImage(table, &copy.image, number);
  const storage::TableStore& store = table.state().store;
  copy.items.reserve(store.item_count());
  for (auto it = store.begin(); it != store.end(); ++it) {
    copy.items.push_back(storage::Retain(*it));
  }
  return copy;
}

Status ForEachSnapshotRecord(
    const std::vector<TableCopy>& tables, uint64_t next_segment,
    uint64_t next_table_number, int64_t cut_micros,
    const std::function<Status(RecordType, std::string_view)>& sink) {
  uint64_t items = 0;
  std::string chunk;
  for (const TableCopy& t : tables) {
    EDDY_RETURN_IF_ERROR(sink(RecordType::kTable, t.image));
    size_t i = 0;
    while (i < t.items.size()) {
      // One items record: as many items as fit in about kChunkBytes.
      size_t n = 0, bytes = 0;
      while (i + n < t.items.size() && (n == 0 || bytes < kChunkBytes)) {
        bytes += t.items[i + n]->payload().size();
        ++n;
      }
      chunk.clear();
      ByteWriter w(&chunk);
      w.Varint(t.number);
      w.Varint(n);
      for (size_t k = 0; k < n; ++k) w.String(t.items[i + k]->payload());
      EDDY_RETURN_IF_ERROR(sink(RecordType::kItems, chunk));
      i += n;
      items += n;
    }
  }
  chunk.clear();
  ByteWriter w(&chunk);
  w.Varint(next_segment);
  w.Varint(tables.size());
  w.Varint(items);
  w.Varint(next_table_number);
  w.Signed(cut_micros);
  return sink(RecordType::kEnd, chunk);
}

Status WriteSnapshot(const std::string& path,
                     const std::vector<TableCopy>& tables,
                     uint64_t next_segment, uint64_t next_table_number,
                     int64_t cut_micros) {
  const std::string tmp = path + ".tmp";
  (void)RemoveFile(tmp);
  EDDY_ASSIGN_OR_RETURN(File file, OpenForAppend(tmp, /*create=*/true));
  auto fail = [&](Status s) {
    (void)RemoveFile(tmp);
    return s;
  };
  std::string out = FileHeader(kSnapshotMagic);
  Status s =
      ForEachSnapshotRecord(tables, next_segment, next_table_number, cut_micros,
                            [&](RecordType type, std::string_view payload) {
                              AppendRecord(type, payload, &out);
                              if (out.size() < kChunkBytes) return Status::OK();
                              Status a = file.Append(out);
                              out.clear();
                              return a;
                            });
  if (!s.ok()) return fail(s);
  if (s = file.Append(out); !s.ok()) return fail(s);
  if (s = file.Sync(); !s.ok()) return fail(s);
  file = File();
  if (s = RenameFile(tmp, path); !s.ok()) return fail(s);
  return SyncDirectory(ParentOf(path));
}

namespace {

// Tells `loader` how many items each table's chunks announce, read from the
// record frames without checking them: only a hint for sizing (each count
// is bounded by its record's bytes, so the total by half the file's size).
void HintItemCounts(std::string_view file, Loader& loader) {
  size_t pos = kFileHeaderBytes;
  while (pos <= file.size() && file.size() - pos >= kRecordHeaderBytes) {
    uint32_t length;
    std::memcpy(&length, file.data() + pos + 4, sizeof(length));  // LE
    const auto type = static_cast<RecordType>(file[pos + 8]);
    if (length > kMaxRecordBytes ||
        length > file.size() - pos - kRecordHeaderBytes) {
      return;
    }
    if (type == RecordType::kItems) {
      ByteReader r(file.substr(pos + kRecordHeaderBytes, length));
      const uint64_t number = r.Varint();
      // An item is a string of at least two bytes (length, item count).
      const uint64_t count = r.Count(2);
      if (!r.ok()) return;
      loader.ExpectItems(number, count);
    }
    pos += kRecordHeaderBytes + length;
  }
}

}  // namespace

Status ReadSnapshot(const std::string& path, Loader& loader) {
  EDDY_ASSIGN_OR_RETURN(FileBytes data, ReadFileBytes(path));
  HintItemCounts(data.view(), loader);
  RecordReader reader(data.view(), kSnapshotMagic);
  RecordType type;
  std::string_view payload;
  uint64_t tables = 0;
  while (true) {
    const RecordReader::Result r = reader.Next(&type, &payload);
    if (r == RecordReader::Result::kEnd) break;
    if (r != RecordReader::Result::kRecord) {
      return Status::Internal("snapshot " + path + " is damaged at byte " +
                              std::to_string(reader.good_bytes()));
    }
    if (type == RecordType::kCommit || type == RecordType::kDrop ||
        loader.end().has_value()) {
      return Status::Internal("snapshot " + path + " is not well formed");
    }
    tables += type == RecordType::kTable;
    if (Status s = loader.Apply(type, payload); !s.ok()) {
      return Status::Internal("snapshot " + path + ": " +
                              std::string(s.message()));
    }
  }
  const std::optional<Loader::End>& end = loader.end();
  if (!end || end->tables != tables ||
      end->items != static_cast<uint64_t>(loader.items_loaded())) {
    return Status::Internal("snapshot " + path + " is incomplete");
  }
  return Status::OK();
}

}  // namespace eddy::engine::persist

namespace eddy {

bool LooksLikeSnapshot(std::string_view file_start) {
  return file_start.substr(0, engine::persist::kSnapshotMagic.size()) ==
         engine::persist::kSnapshotMagic;
}

}  // namespace eddy
