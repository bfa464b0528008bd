// Copyright 2026 The eddy Authors.
//
// DatabaseSet: the databases an eddy-server serves, as DynamoDB Local keeps
// them. Shared (-sharedDb, and every in-process Server by default): one
// Database answers every request, whatever its credentials. Otherwise
// (eddy-server's default, DynamoDB Local's): one Database per access key id
// and region of the request's SigV4 credential scope, created on the first
// request that names them, with Options::region set to the request's region
// (so its ARNs carry it). With a data directory DIR, the database of key K
// and region R lives in DIR/K_R/ (DynamoDB Local's file is DIR/K_R.db); a
// shared database lives in DIR itself.
//
//   DatabaseSet set(options, /*shared=*/false, /*external=*/nullptr);
//   StatusOr<Database*> db = set.For("AKID", "eu-west-1");
//
// Control operations: eddy's fault injection (EddyInjectFault,
// EddyClearFaults) is the server's, not one client's: ExecuteControl runs the
// request on the caller's database and, when it succeeds, on every other
// open database too, and replays the faults in force on databases opened
// later (each database counts a fault's remaining uses on its own).
// EddyAdvanceClock needs no fan-out: every database shares the Options clock.
//
// Errors: For() returns the Database::Open error of a data subdirectory that
// cannot be opened (locked by another process, no permission, ...), as
// kInternalServerError with the reason; the next request tries again.
//
// Thread safety: every member may be called from many threads at once.
// Databases are never closed before the DatabaseSet is destroyed.

#ifndef EDDY_TOOLS_EDDY_SERVER_DATABASE_SET_H_
#define EDDY_TOOLS_EDDY_SERVER_DATABASE_SET_H_

#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "emulator/api/database.h"
#include "emulator/api/options.h"
#include "emulator/base/status.h"
#include "emulator/wire/execute.h"

namespace eddy::server {

class DatabaseSet {
 public:
  // `external` (not owned, must outlive the set) makes the set shared and
  // serves it; otherwise a shared set builds one Database from `options`.
  DatabaseSet(Options options, bool shared, Database* external);
  DatabaseSet(const DatabaseSet&) = delete;
  DatabaseSet& operator=(const DatabaseSet&) = delete;

  bool shared() const { return shared_ != nullptr; }
  // The one database of a shared set; null otherwise.
  Database* shared_database() const { return shared_; }
  // The options databases are built from (region and data directory before
  // the per-key changes).
  const Options& options() const { return options_; }

  // The database of (access_key_id, region): the shared one in a shared set.
  // The caller has validated both (credential_scope.h).
  StatusOr<Database*> For(std::string_view access_key_id,
                          std::string_view region);

  // Runs a control operation (EddyInjectFault / EddyClearFaults) on `caller`
  // and, if it succeeds and the set is per key, on every other database;
  // returns the caller's answer.
  WireResponse ExecuteControl(Database* caller, std::string_view operation,
                              std::string_view body);

  // The data subdirectory name of (key, region): "<key>_<region>".
  static std::string DirectoryName(std::string_view access_key_id,
                                   std::string_view region);

 private:
  const Options options_;
  std::unique_ptr<Database> owned_shared_;
  Database* shared_ = nullptr;

  mutable std::shared_mutex mu_;
  std::map<std::string, std::unique_ptr<Database>, std::less<>> databases_;
  // Fault injections in force (operation, body), replayed on new databases.
  std::vector<std::pair<std::string, std::string>> controls_;
};

}  // namespace eddy::server

#endif  // EDDY_TOOLS_EDDY_SERVER_DATABASE_SET_H_
