// Copyright 2026 The eddy Authors.

#include "tools/eddy-server/flags.h"

#include <charconv>
#include <string_view>

#include "eddy_version.h"
#include "tools/eddy-server/internal/cors.h"

namespace eddy::server {
namespace {

// Returns "" on success, otherwise what is wrong with the value.
using Apply = std::string (*)(std::string_view value, CommandLine* cl);

struct Flag {
  const char* name;        // matched after one or two dashes
  int dashes;              // as --help shows it: 1 for DynamoDB Local's flags
  const char* value_name;  // null for a switch
  const char* help;
  Apply apply;
};

template <typename Int>
bool ParseInt(std::string_view text, Int min, Int max, Int* out) {
  Int v{};
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v < min ||
      v > max) {
    return false;
  }
  *out = v;
  return true;
}

bool IsRegionName(std::string_view s) {
  if (s.empty() || s.size() > 64) return false;
  for (char c : s) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) {
      return false;
    }
  }
  return true;
}

// A positive count of capacity units (per second).
std::string Units(std::string_view v, int64_t* out) {
  return ParseInt<int64_t>(v, 1, int64_t{1} << 40, out)
             ? ""
             : "must be a whole number of units from 1 to 1099511627776";
}

// A window in milliseconds (0 to one day), stored in microseconds.
std::string Millis(std::string_view v, int64_t* micros) {
  int64_t ms = 0;
  if (!ParseInt<int64_t>(v, 0, 86'400'000, &ms)) {
    return "must be a number of milliseconds from 0 to 86400000";
  }
  *micros = ms * 1000;
  return "";
}

// The flag table: one row per flag.
const Flag kFlags[] = {
    {"port", 1, "N",
     "TCP port (default 8000, as DynamoDB Local). 0 picks a free port; the "
     "ready line shows which.",
     [](std::string_view v, CommandLine* cl) -> std::string {
       return ParseInt(v, 0, 65535, &cl->server.port)
                  ? ""
                  : "must be a port number from 0 to 65535";
     }},
    {"host", 2, "ADDR",
     "Address to listen on (default 127.0.0.1: this machine only). Use "
     "0.0.0.0 or :: to accept connections from other machines.",
     [](std::string_view v, CommandLine* cl) -> std::string {
       if (v.empty()) return "must not be empty";
       cl->server.host = std::string(v);
       return "";
     }},
    {"threads", 2, "N",
     "Worker threads: requests executed at once (default max(4, 2 x cores)). "
     "Idle and slow connections hold no thread.",
     [](std::string_view v, CommandLine* cl) -> std::string {
       return ParseInt(v, 1, 1024, &cl->server.threads)
                  ? ""
                  : "must be a number from 1 to 1024";
     }},
    {"max-body-bytes", 2, "N",
     "Largest request body accepted; larger ones are answered 413 "
     "RequestEntityTooLargeException (default 17825792, just over "
     "DynamoDB's 16 MB request limit).",
     [](std::string_view v, CommandLine* cl) -> std::string {
       return ParseInt<size_t>(v, 1024, size_t{1} << 30,
                               &cl->server.max_body_bytes)
                  ? ""
                  : "must be a number of bytes from 1024 to 1073741824";
     }},
    {"max-buffered-bytes", 2, "N",
     "Request bytes held at once across all connections: partial bodies of "
     "slow clients, chunked bodies, decompressed bodies and the attribute "
     "values decoded from them (default "
     "268435456, 256 MiB). A request that would need more is answered 503 "
     "ServiceUnavailableException instead of buffering more. One request "
     "may hold a quarter of it (body and decoded values); more is answered "
     "413 RequestEntityTooLargeException.",
     [](std::string_view v, CommandLine* cl) -> std::string {
       return ParseInt<size_t>(v, size_t{1} << 20, size_t{1} << 40,
                               &cl->server.max_buffered_bytes)
                  ? ""
                  : "must be a number of bytes from 1048576 to "
                    "1099511627776";
     }},
    {"max-connections", 2, "N",
     "Open connections allowed at once; more are answered 503 and closed "
     "(default 1024).",
     [](std::string_view v, CommandLine* cl) -> std::string {
       return ParseInt(v, 1, 1'000'000, &cl->server.max_connections)
                  ? ""
                  : "must be a number from 1 to 1000000";
     }},
    {"region", 2, "NAME",
     "Region in the health line, and in ARNs with -sharedDb (default "
     "us-east-1). Without -sharedDb a database's ARNs carry the region its "
     "requests are signed for.",
     [](std::string_view v, CommandLine* cl) -> std::string {
       if (!IsRegionName(v)) return "must be a region name like us-east-1";
       cl->server.database.region = std::string(v);
       return "";
     }},
    {"account-id", 2, "ID", "Account id in ARNs (default 000000000000).",
     [](std::string_view v, CommandLine* cl) -> std::string {
       if (v.size() != 12 ||
           v.find_first_not_of("0123456789") != std::string_view::npos) {
         return "must be 12 digits";
       }
       cl->server.database.account_id = std::string(v);
       return "";
     }},
    {"export-root", 2, "DIR",
     "Directory that stands in for S3 for ExportTableToPointInTime and "
     "ImportTable (Options::export_root): S3Bucket and S3Prefix name folders "
     "under it. Default: none (export and import are refused).",
     [](std::string_view v, CommandLine* cl) -> std::string {
       if (v.empty()) return "must be a directory";
       cl->server.database.export_root = std::string(v);
       return "";
     }},
    {"gsi-lag-ms", 2, "MS[:MAX]",
     "Delay before a write reaches the table's global secondary indexes, in "
     "milliseconds (Options::gsi_lag): MS, or a range MS:MAX drawn per write. "
     "Default 0: indexes change with the write, as in DynamoDB Local.",
     [](std::string_view v, CommandLine* cl) -> std::string {
       const size_t colon = v.find(':');
       int64_t lo = 0, hi = 0;
       const std::string_view a = v.substr(0, colon);
       const std::string_view b =
           colon == std::string_view::npos ? a : v.substr(colon + 1);
       if (!ParseInt<int64_t>(a, 0, 3'600'000, &lo) ||
           !ParseInt<int64_t>(b, 0, 3'600'000, &hi) || hi < lo) {
         return "must be milliseconds MS or MIN:MAX, 0 to 3600000";
       }
       cl->server.database.gsi_lag.min_micros = lo * 1000;
       cl->server.database.gsi_lag.max_micros = hi * 1000;
       return "";
     }},
    // The throttling simulator (Options::throttle; emulator/api/throttling.h).
    {"throttle", 2, "MODE",
     "Throughput simulation: 'off' (default: nothing is throttled, as in "
     "DynamoDB Local; consumption is still counted) or 'simulate' (DynamoDB's "
     "partitions and admission control on the real clock: 3,000 RCU / 1,000 "
     "WCU per partition, burst, adaptive capacity, split for heat, the "
     "on-demand ramp, GSI back-pressure; throttles come back as DynamoDB "
     "sends them).",
     [](std::string_view v, CommandLine* cl) -> std::string {
       if (v == "off") {
         cl->server.database.throttle.mode = ThrottleMode::kOff;
       } else if (v == "simulate") {
         cl->server.database.throttle.mode = ThrottleMode::kSimulate;
       } else {
         return "must be 'off' or 'simulate'";
       }
       return "";
     }},
    {"partition-read-units", 2, "N",
     "Read units per second one partition serves (default 3000).",
     [](std::string_view v, CommandLine* cl) -> std::string {
       return Units(v, &cl->server.database.throttle.partition_read_units);
     }},
    {"partition-write-units", 2, "N",
     "Write units per second one partition serves (default 1000).",
     [](std::string_view v, CommandLine* cl) -> std::string {
       return Units(v, &cl->server.database.throttle.partition_write_units);
     }},
    {"burst-seconds", 2, "N",
     "Seconds of unused provisioned capacity a table banks for bursts "
     "(default 300; 1 disables burst).",
     [](std::string_view v, CommandLine* cl) -> std::string {
       return ParseInt<int64_t>(
                  v, 1, 86400,
                  &cl->server.database.throttle.burst_window_seconds)
                  ? ""
                  : "must be a number of seconds from 1 to 86400";
     }},
    {"adaptive-capacity", 2, "on|off",
     "Adaptive capacity: a hot partition of a provisioned table may use up "
     "to the partition cap while the table total fits (default on; off is "
     "the pre-2018 static split).",
     [](std::string_view v, CommandLine* cl) -> std::string {
       if (v != "on" && v != "off") return "must be 'on' or 'off'";
       cl->server.database.throttle.adaptive_capacity = v == "on";
       return "";
     }},
    {"split-for-heat", 2, "on|off",
     "Split for heat: a partition kept near its cap splits at the median of "
     "its traffic (default on).",
     [](std::string_view v, CommandLine* cl) -> std::string {
       if (v != "on" && v != "off") return "must be 'on' or 'off'";
       cl->server.database.throttle.split_for_heat = v == "on";
       return "";
     }},
    {"split-detection-seconds", 2, "N",
     "How long a partition must stay hot before it splits for heat "
     "(default 300).",
     [](std::string_view v, CommandLine* cl) -> std::string {
       return ParseInt<int64_t>(
                  v, 1, 86400,
                  &cl->server.database.throttle.split_detection_seconds)
                  ? ""
                  : "must be a number of seconds from 1 to 86400";
     }},
    {"on-demand-warm-read-units", 2, "N",
     "Read request units per second a new on-demand table serves at once "
     "(default 12000).",
     [](std::string_view v, CommandLine* cl) -> std::string {
       return Units(v, &cl->server.database.throttle.on_demand_warm_read_units);
     }},
    {"on-demand-warm-write-units", 2, "N",
     "Write request units per second a new on-demand table serves at once "
     "(default 4000).",
     [](std::string_view v, CommandLine* cl) -> std::string {
       return Units(v,
                    &cl->server.database.throttle.on_demand_warm_write_units);
     }},
    // DynamoDB Local's flags.
    {"inMemory", 1, nullptr,
     "Keep the data in memory only (the default without -dbPath / "
     "--data-dir; it is gone when the server exits).",
     [](std::string_view, CommandLine* cl) -> std::string {
       cl->in_memory = true;
       return "";
     }},
    {"sharedDb", 1, nullptr,
     "One database for every request, as DynamoDB Local's -sharedDb. "
     "Without it each access key id and region (of the request's "
     "signature) gets its own database, as in DynamoDB Local; with a data "
     "directory DIR that one lives in DIR/<key>_<region>/ (with -sharedDb: "
     "DIR itself).",
     [](std::string_view, CommandLine* cl) -> std::string {
       cl->server.shared_db = true;
       return "";
     }},
    {"disableTelemetry", 1, nullptr,
     "Accepted for DynamoDB Local compatibility: eddy sends no telemetry.",
     [](std::string_view, CommandLine*) -> std::string { return ""; }},
    {"delayTransientStatuses", 1, nullptr,
     "Keep tables and indexes in CREATING, UPDATING and DELETING for a "
     "while, as DynamoDB does (DynamoDB Local delays only GSIs): 500 ms "
     "each (dynalite's default) unless --create-table-ms, "
     "--update-table-ms or --delete-table-ms say otherwise.",
     [](std::string_view, CommandLine* cl) -> std::string {
       TransientStatuses& t = cl->server.database.transient_statuses;
       constexpr int64_t kDefault = 500'000;
       for (int64_t* w : {&t.create_table_micros, &t.update_table_micros,
                          &t.delete_table_micros, &t.delete_index_micros}) {
         if (*w == 0) *w = kDefault;
       }
       IndexBackfill& b = cl->server.database.index_backfill;
       if (b.base_micros == 0) b.base_micros = kDefault;
       return "";
     }},
    // dynalite's --createTableMs / --updateTableMs / --deleteTableMs.
    {"create-table-ms", 2, "MS",
     "Tables stay CREATING this long after CreateTable or a restore "
     "(default 0: ACTIVE at once).",
     [](std::string_view v, CommandLine* cl) -> std::string {
       return Millis(
           v, &cl->server.database.transient_statuses.create_table_micros);
     }},
    {"update-table-ms", 2, "MS",
     "Tables stay UPDATING this long after UpdateTable; new GSIs stay "
     "CREATING (Backfilling) as long (default 0).",
     [](std::string_view v, CommandLine* cl) -> std::string {
       Options& o = cl->server.database;
       std::string e = Millis(v, &o.transient_statuses.update_table_micros);
       o.index_backfill.base_micros = o.transient_statuses.update_table_micros;
       return e;
     }},
    {"delete-table-ms", 2, "MS",
     "Tables stay DELETING this long after DeleteTable, and deleted GSIs "
     "DELETING (default 0: gone at once).",
     [](std::string_view v, CommandLine* cl) -> std::string {
       TransientStatuses& t = cl->server.database.transient_statuses;
       std::string e = Millis(v, &t.delete_table_micros);
       t.delete_index_micros = t.delete_table_micros;
       return e;
     }},
    {"cors", 1, "ORIGINS",
     "Origins that web browsers may call the server from (CORS), as DynamoDB "
     "Local's -cors: * (the default, any origin) or a comma-separated list "
     "like http://localhost:3000,https://app.example. Requests from other "
     "origins get no CORS headers and their preflight is refused.",
     [](std::string_view v, CommandLine* cl) -> std::string {
       std::string error;
       return internal::ParseCorsOrigins(v, &cl->server.cors_origins, &error)
                  ? ""
                  : error;
     }},
    {"dbPath", 1, "DIR",
     "Keep the data in DIR (created if missing) and recover it at start, "
     "as DynamoDB Local's -dbPath: an append-only log and snapshots "
     "(docs/persistence.md). Same as --data-dir.",
     [](std::string_view v, CommandLine* cl) -> std::string {
       if (v.empty()) return "needs a directory";
       cl->server.database.persistence.data_dir = std::string(v);
       return "";
     }},
    {"optimizeDbBeforeStartup", 1, nullptr,
     "Accepted for DynamoDB Local compatibility: eddy's data directory "
     "needs no optimizing (its log is compacted into snapshots as it "
     "grows).",
     [](std::string_view, CommandLine*) -> std::string { return ""; }},
    {"data-dir", 2, "DIR",
     "Keep the data in DIR (created if missing): every acknowledged write "
     "survives a restart or a crash (see --sync). Only one process may use "
     "a directory at a time.",
     [](std::string_view v, CommandLine* cl) -> std::string {
       if (v.empty()) return "needs a directory";
       cl->server.database.persistence.data_dir = std::string(v);
       return "";
     }},
    {"sync", 2, "always|batch|none",
     "With a data directory: when a write is on disk. 'always' (default): "
     "before its response (concurrent writes share one fsync). 'batch': "
     "within --sync-window-ms, fsynced (a crash loses at most that window). "
     "'none': written within the window, never fsynced (survives the "
     "process dying, not the machine).",
     [](std::string_view v, CommandLine* cl) -> std::string {
       auto& p = cl->server.database.persistence;
       if (v == "always") {
         p.sync = SyncPolicy::kAlways;
       } else if (v == "batch") {
         p.sync = SyncPolicy::kBatch;
       } else if (v == "none") {
         p.sync = SyncPolicy::kNone;
       } else {
         return "must be 'always', 'batch' or 'none'";
       }
       return "";
     }},
    {"sync-window-ms", 2, "MS",
     "With --sync batch or none: how often buffered writes go to disk "
     "(default 100).",
     [](std::string_view v, CommandLine* cl) -> std::string {
       int64_t ms = 0;
       if (!ParseInt<int64_t>(v, 1, 60'000, &ms)) {
         return "must be milliseconds from 1 to 60000";
       }
       cl->server.database.persistence.sync_window_micros = ms * 1000;
       return "";
     }},
    // Operation of the server itself.
    {"allow-remote-control", 2, nullptr,
     "Serve eddy's own operations (EddyInjectFault, EddyClearFaults, "
     "EddyAdvanceClock, any Eddy* operation) to clients on other machines "
     "too. Without it "
     "they are served only over loopback, and other clients get "
     "AccessDeniedException.",
     [](std::string_view, CommandLine* cl) -> std::string {
       cl->server.allow_remote_control = true;
       return "";
     }},
    {"clock", 2, "real|manual",
     "Where the database's time comes from. 'real' (default): the system "
     "clock. 'manual': virtual time that starts at the real time and moves "
     "only when a client sends EddyAdvanceClock ({\"Seconds\": 3600} or "
     "{\"Micros\": n}), so tests drive TTL expiry, GSI lag and throttling "
     "without sleeping. Connection timeouts and the signature-date check "
     "keep the real clock.",
     [](std::string_view v, CommandLine* cl) -> std::string {
       if (v != "real" && v != "manual") return "must be 'real' or 'manual'";
       cl->manual_clock = v == "manual";
       return "";
     }},
    {"load", 2, "FILE",
     "Fill the database before the server is ready: an access-pattern model "
     "(its workload's data is generated and loaded into its table and "
     "GSIs), or request lines in eddy exec's format, one {\"op\": "
     "\"PutItem\", \"request\": {...}} per line (a file whose first "
     "request line starts with {\"op\"), or a snapshot file (eddy snapshot "
     "save, Database::SaveSnapshot, a data directory's snapshot-*.eddysnap). "
     "Errors name the file and the line or JSON pointer, and the server "
     "exits 1. Implies -sharedDb: every client sees the loaded tables.",
     [](std::string_view v, CommandLine* cl) -> std::string {
       if (v.empty()) return "must name a file";
       cl->load_file = std::string(v);
       return "";
     }},
    {"shutdown-grace", 2, "SECONDS",
     "On SIGINT or SIGTERM the server stops accepting at once and gives "
     "requests in progress this long to finish (default 5), then exits; a "
     "second signal exits at once.",
     [](std::string_view v, CommandLine* cl) -> std::string {
       return ParseInt(v, 0, 3600, &cl->shutdown_grace_seconds)
                  ? ""
                  : "must be a number of seconds from 0 to 3600";
     }},
    {"log-requests", 2, nullptr,
     "Print one line per request on stderr: operation, table, HTTP status, "
     "error type and latency, e.g. 'GetItem table=rentals 400 "
     "ResourceNotFoundException 0.08 ms'.",
     [](std::string_view, CommandLine* cl) -> std::string {
       cl->log_requests = true;
       return "";
     }},
    {"version", 2, nullptr,
     "Print the version and the git commit it was built from, and exit.",
     [](std::string_view, CommandLine* cl) -> std::string {
       cl->version = true;
       return "";
     }},
    {"help", 2, nullptr, "Print this help and exit.",
     [](std::string_view, CommandLine* cl) -> std::string {
       cl->help = true;
       return "";
     }},
};

const Flag* FindFlag(std::string_view name) {
  if (name == "h") name = "help";
  for (const Flag& f : kFlags) {
    if (name == f.name) return &f;
  }
  return nullptr;
}

}  // namespace

bool ParseCommandLine(const std::vector<std::string>& args, CommandLine* out,
                      std::string* error) {
  // DynamoDB Local's default: a database per access key id and region.
  out->server.shared_db = false;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string_view arg = args[i];
    if (arg.size() < 2 || arg[0] != '-') {
      *error = "unexpected argument '" + args[i] + "'";
      return false;
    }
    arg.remove_prefix(arg[1] == '-' ? 2 : 1);
    std::string_view name = arg.substr(0, arg.find('='));
    const Flag* flag = FindFlag(name);
    if (flag == nullptr) {
      *error = "unknown flag '" + args[i] + "'";
      return false;
    }
    std::string_view value;
    const bool inline_value = name.size() < arg.size();
    if (flag->value_name == nullptr) {
      if (inline_value) {
        *error = "-" + std::string(name) + " takes no value";
        return false;
      }
    } else if (inline_value) {
      value = arg.substr(name.size() + 1);
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      *error =
          "-" + std::string(name) + " needs a value (" + flag->value_name + ")";
      return false;
    }
    std::string problem = flag->apply(value, out);
    if (!problem.empty()) {
      *error = "-" + std::string(name) +
               (flag->value_name != nullptr ? " " + std::string(value) : "") +
               ": " + problem;
      return false;
    }
  }
  // --load fills one database, which every client then shares.
  if (!out->load_file.empty()) out->server.shared_db = true;
  if (out->in_memory && !out->server.database.persistence.data_dir.empty()) {
    *error = "-inMemory and -dbPath/--data-dir cannot be used together";
    return false;
  }
  return true;
}

std::vector<std::string> FlagNames() {
  std::vector<std::string> names;
  for (const Flag& f : kFlags) names.push_back(f.name);
  return names;
}

std::string VersionText() {
  return std::string("eddy-server ") + EDDY_VERSION + " (commit " +
         EDDY_GIT_COMMIT + ")";
}

std::string HelpText() {
  std::string text =
      "usage: eddy-server [flags]\n"
      "\n"
      "Serves an in-memory eddy database over HTTP with DynamoDB's JSON\n"
      "protocol, for the AWS CLI, boto3 and the AWS SDKs:\n"
      "  aws dynamodb list-tables --endpoint-url http://127.0.0.1:8000\n"
      "Any credentials are accepted (signatures are not verified). When ready\n"
      "it prints one line, 'eddy-server listening on http://HOST:PORT'; on\n"
      "SIGINT or SIGTERM it stops accepting, lets requests in progress finish\n"
      "(--shutdown-grace) and exits.\n"
      "\n"
      "Flags take one or two dashes (-port 8000, --port=8000):\n";
  for (const Flag& f : kFlags) {
    std::string head = std::string(f.dashes, '-') + f.name;
    head.insert(0, "  ");
    if (f.value_name != nullptr) head += " " + std::string(f.value_name);
    text += head + "\n";
    // Wrap the help at about 72 columns, indented.
    std::string_view help = f.help;
    std::string line = "      ";
    while (!help.empty()) {
      size_t space = help.find(' ');
      std::string_view word = help.substr(0, space);
      if (line.size() + word.size() > 78 && line.size() > 6) {
        line.pop_back();  // the space after the last word
        text += line + "\n";
        line = "      ";
      }
      line += std::string(word) + " ";
      if (space == std::string_view::npos) break;
      help.remove_prefix(space + 1);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    text += line + "\n";
  }
  return text;
}

}  // namespace eddy::server
