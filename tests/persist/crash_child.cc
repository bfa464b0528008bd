// Copyright 2026 The eddy Authors.
//
// The process persist_crash_test kills. Usage:
//   persist_crash_child DIR always|batch|none ROUND
// Opens DIR, creates tables "a" and "b" if missing, and then writes forever:
// item ROUND-i to "a", and every fourth time a transaction putting ROUND-i
// into both "a" and "b". After each acknowledged write it prints
// "i <steady-clock micros>\n" on stdout (unbuffered), so the parent knows
// exactly what was acknowledged and when, until SIGKILL stops it.

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string>

#include "emulator/api/database.h"
#include "emulator/wire/execute.h"
#include "nlohmann/json.hpp"

int main(int argc, char** argv) {
  if (argc != 4) return 2;
  eddy::Options options;
  options.persistence.data_dir = argv[1];
  const std::string sync = argv[2];
  options.persistence.sync = sync == "always"  ? eddy::SyncPolicy::kAlways
                             : sync == "batch" ? eddy::SyncPolicy::kBatch
                                               : eddy::SyncPolicy::kNone;
  options.persistence.sync_window_micros = 20'000;
  options.persistence.snapshot_log_bytes = 64 << 10;  // checkpoints too
  const std::string round = argv[3];
  auto db = eddy::Database::Open(options);
  if (!db.ok()) {
    std::fprintf(stderr, "%s\n", db.status().ToString().c_str());
    return 1;
  }
  using json = nlohmann::json;
  for (const char* table : {"aaa", "bbb"}) {
    (void)eddy::Execute(
        **db, "CreateTable",
        json{{"TableName", table},
             {"KeySchema", {{{"AttributeName", "k"}, {"KeyType", "HASH"}}}},
             {"AttributeDefinitions",
              {{{"AttributeName", "k"}, {"AttributeType", "S"}}}},
             {"BillingMode", "PAY_PER_REQUEST"}}
            .dump());
  }
  const std::string padding(200, 'p');
  for (long i = 0;; ++i) {
    const std::string k = round + "-" + std::to_string(i);
    json item = {{"k", {{"S", k}}}, {"pad", {{"S", padding}}}};
    eddy::WireResponse r;
    if (i % 4 == 3) {
      r = eddy::Execute(
          **db, "TransactWriteItems",
          json{{"TransactItems",
                {{{"Put", {{"TableName", "aaa"}, {"Item", item}}}},
                 {{"Put", {{"TableName", "bbb"}, {"Item", item}}}}}}}
              .dump());
    } else {
      r = eddy::Execute(**db, "PutItem",
                        json{{"TableName", "aaa"}, {"Item", item}}.dump());
    }
    if (r.http_status != 200) {
      std::fprintf(stderr, "%s\n", r.body.c_str());
      return 1;
    }
    const long long now =
        std::chrono::duration_cast<std::chrono::microseconds>(
            std::chrono::steady_clock::now().time_since_epoch())
            .count();
    char line[64];
    const int n = std::snprintf(line, sizeof(line), "%ld %lld\n", i, now);
    if (::write(1, line, static_cast<size_t>(n)) != n) return 1;
  }
}
