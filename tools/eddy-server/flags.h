// Copyright 2026 The eddy Authors.
//
// The eddy-server command line, in the spirit of DynamoDB Local's: its
// single-dash flags (-port, -inMemory, -sharedDb, ...) and eddy's own
// (--host, --threads, ...). Every flag may be written with one or two dashes
// and its value as the next argument or after '='.
//
//   CommandLine cl;
//   std::string error;
//   if (!ParseCommandLine({"-port", "0", "-inMemory"}, &cl, &error)) ...
//   // cl.server.port == 0; cl.warnings lists flags accepted but ignored
//
// Flags are rows of one table (flags.cc): adding an option is one row with
// its help text and a parser. HelpText() is generated from the same table.
//
// Thread safety: pure functions.

#ifndef EDDY_TOOLS_EDDY_SERVER_FLAGS_H_
#define EDDY_TOOLS_EDDY_SERVER_FLAGS_H_

#include <string>
#include <vector>

#include "tools/eddy-server/server.h"

namespace eddy::server {

struct CommandLine {
  ServerOptions server;
  bool help = false;
  // -inMemory was given (it contradicts -dbPath / --data-dir).
  bool in_memory = false;
  bool version = false;
  // --log-requests: one line per request on stderr (main sets
  // server.request_log).
  bool log_requests = false;
  // How long SIGINT/SIGTERM waits for requests in progress (--shutdown-grace).
  int shutdown_grace_seconds = 5;
  // --clock manual: the database's time starts at the real time and moves
  // only with EddyAdvanceClock (main sets server.database.clock and
  // server.network_clock).
  bool manual_clock = false;
  // --load FILE: a model or request lines loaded before the ready line
  // (load.h).
  std::string load_file;
  // Flags accepted but without effect, one sentence each.
  std::vector<std::string> warnings;
};

// Parses the arguments after the program name into `out` (which starts from
// its defaults). server.shared_db is false unless -sharedDb is given
// (DynamoDB Local's default: a database per access key id and region); --load
// needs -sharedDb. False with `error` set on an unknown flag, a missing or bad
// value, or a DynamoDB Local flag eddy cannot honour.
bool ParseCommandLine(const std::vector<std::string>& args, CommandLine* out,
                      std::string* error);

// The --help text: usage and every flag.
std::string HelpText();

// The flag names (without dashes), in --help order.
std::vector<std::string> FlagNames();

// "eddy-server 0.1.0 (commit 1a2b3c4)": the project version and the git
// commit it was configured from ("unknown" outside git).
std::string VersionText();

}  // namespace eddy::server

#endif  // EDDY_TOOLS_EDDY_SERVER_FLAGS_H_
