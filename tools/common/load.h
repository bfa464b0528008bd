// Copyright 2026 The eddy Authors.
//
// Filling a Database from a file: eddy-server --load FILE (before the
// server is ready) and `eddy snapshot save OUT --load FILE`. Three kinds of
// file:
//
// - A snapshot (Database::SaveSnapshot's file, a data directory's
//   snapshot-*.eddysnap, or `eddy snapshot save`'s): recognised by its
//   first bytes (docs/persistence.md) and added with
//   Database::LoadSnapshot, all its tables at once, or nothing.
// - Request lines (`eddy exec`'s format): a file whose first line that is
//   neither blank nor a '#' comment starts with {"op" is read line by line,
//   each line one request {"op": "<Operation>", "request": {...}} run as
//   eddy exec runs it (CreateTable, PutItem, BatchWriteItem,
//   UpdateTimeToLive, ...). Blank lines and '#' lines are skipped. The
//   first request that fails stops the load: "data.jsonl:3: PutItem:
//   ValidationException: ...".
// - Anything else is an access-pattern model (model/README.md): it is
//   validated, its workload's data generated (the workload's seed and
//   scale), and its table created with its GSIs and filled through
//   BatchWriteItem. Validation errors name the file and the JSON pointer.
//
//   StatusOr<std::string> s = LoadFile("model/kayak.json", &db);
//   // *s == "loaded model kayak from model/kayak.json: table \"kayak\"
//   //        with 6 GSIs, 10,828 items (seed 42, scale 1)"
//
// Thread safety: call before a server starts serving (it writes to `db`
// like any client, so it is safe, but clients would see a partial load).

#ifndef EDDY_TOOLS_COMMON_LOAD_H_
#define EDDY_TOOLS_COMMON_LOAD_H_

#include <string>

#include "emulator/api/database.h"
#include "emulator/base/status.h"

namespace eddy::tools {

// Loads `path` into `db`. On failure the status's message is the whole
// error text, naming the file and the line or JSON pointer (one line per
// error for a model). The message on success says what was loaded.
StatusOr<std::string> LoadFile(const std::string& path, Database* db);

}  // namespace eddy::tools

#endif  // EDDY_TOOLS_COMMON_LOAD_H_
