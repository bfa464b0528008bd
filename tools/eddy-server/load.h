// Copyright 2026 The eddy Authors.
//
// eddy-server --load FILE: fills the database before the server is ready,
// from one of two kinds of file.
//
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
//   std::string error;
//   StatusOr<LoadSummary> s = LoadFile("model/kayak.json", &db);
//   // s->text == "loaded model kayak: table \"kayak\", 10,828 items"
//
// Thread safety: call before the server starts serving (it writes to `db`
// like any client, so it is safe, but clients would see a partial load).

#ifndef EDDY_TOOLS_EDDY_SERVER_LOAD_H_
#define EDDY_TOOLS_EDDY_SERVER_LOAD_H_

#include <string>

#include "emulator/api/database.h"
#include "emulator/base/status.h"

namespace eddy::server {

// Loads `path` into `db`. On failure the status's message is the whole
// error text, naming the file and the line or JSON pointer (one line per
// error for a model). The message on success says what was loaded.
StatusOr<std::string> LoadFile(const std::string& path, Database* db);

}  // namespace eddy::server

#endif  // EDDY_TOOLS_EDDY_SERVER_LOAD_H_
