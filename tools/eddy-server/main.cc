// Copyright 2026 The eddy Authors.
//
// eddy-server: eddy over HTTP with DynamoDB's JSON protocol (see server.h),
// started like DynamoDB Local (see flags.h, or run `eddy-server --help`).
//
// Shutdown: the first SIGINT or SIGTERM closes the listening socket at once
// (new clients are refused) and gives the requests in progress
// --shutdown-grace seconds to finish; the server then exits 0, or 1 if some
// were still running when the grace ran out. A second signal exits at once
// with 128 + its number.
//
// Memory: allocations of 1 MiB and more (request bodies, decoded values,
// responses) are mapped and unmapped one by one (glibc's M_MMAP_THRESHOLD,
// fixed here, so glibc does not raise it after the first large free). Left
// dynamic, a burst of large requests moved them into the per-thread arenas,
// and the soak saw 30 MB kept after a burst from 6 MB; fixed, 7-12 MB.

#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <vector>
#if defined(__GLIBC__)  // defined by the C library's headers above
#include <malloc.h>
#endif

#include "emulator/base/clock.h"
#include "tools/common/load.h"
#include "tools/eddy-server/flags.h"
#include "tools/eddy-server/server.h"

namespace {

// Writes one request-log line to stderr (lines from many workers never mix).
void LogLine(std::string_view line) {
  static std::mutex mu;
  std::lock_guard<std::mutex> lock(mu);
  std::fwrite(line.data(), 1, line.size(), stderr);
  std::fputc('\n', stderr);
}

}  // namespace

int main(int argc, char** argv) {
#if defined(__GLIBC__)
  ::mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
  eddy::server::CommandLine cl;
  std::string error;
  if (!eddy::server::ParseCommandLine(
          std::vector<std::string>(argv + 1, argv + argc), &cl, &error)) {
    std::fprintf(stderr, "eddy-server: %s (see eddy-server --help)\n",
                 error.c_str());
    return 2;
  }
  if (cl.help) {
    std::fputs(eddy::server::HelpText().c_str(), stdout);
    return 0;
  }
  if (cl.version) {
    std::printf("%s\n", eddy::server::VersionText().c_str());
    return 0;
  }
  for (const std::string& w : cl.warnings) {
    std::fprintf(stderr, "eddy-server: warning: %s\n", w.c_str());
  }
  if (cl.log_requests) cl.server.request_log = LogLine;
  // --clock manual: virtual time for the database, from the real time now;
  // the HTTP layer keeps the real clock.
  static eddy::ManualClock manual_clock(eddy::Clock::Real()->NowMicros());
  if (cl.manual_clock) {
    cl.server.database.clock = &manual_clock;
    cl.server.network_clock = eddy::Clock::Real();
  }

  // Room for max_connections sockets, when the soft limit is lower (often
  // 1024) and the hard limit allows.
  rlimit files{};
  const rlim_t wanted = static_cast<rlim_t>(cl.server.max_connections) + 64;
  if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < wanted) {
    files.rlim_cur = std::min(wanted, files.rlim_max);
    setrlimit(RLIMIT_NOFILE, &files);
  }

  // SIGINT and SIGTERM are blocked in every thread (the workers inherit the
  // mask) and taken synchronously by the main thread below.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  signal(SIGPIPE, SIG_IGN);

  // A data directory: recover it before serving, and say what was found.
  std::unique_ptr<eddy::Database> database;
  if (!cl.server.database.persistence.data_dir.empty() &&
      !cl.server.shared_db) {
    std::fprintf(stderr,
                 "eddy-server: data directory %s: a database per access key "
                 "id and region, in %s/<key>_<region>/, opened on its first "
                 "request (-sharedDb: one database in the directory itself)\n",
                 cl.server.database.persistence.data_dir.c_str(),
                 cl.server.database.persistence.data_dir.c_str());
  } else if (!cl.server.database.persistence.data_dir.empty()) {
    eddy::StatusOr<std::unique_ptr<eddy::Database>> opened =
        eddy::Database::Open(cl.server.database);
    if (!opened.ok()) {
      std::fprintf(stderr, "eddy-server: %s\n",
                   std::string(opened.status().message()).c_str());
      return 1;
    }
    database = *std::move(opened);
    const eddy::RecoveryReport& r = database->recovery_report();
    std::fprintf(stderr,
                 "eddy-server: data directory %s: %lld tables and %lld "
                 "items from %s, %lld log records replayed%s in %.1f ms\n",
                 cl.server.database.persistence.data_dir.c_str(),
                 static_cast<long long>(r.snapshot_tables),
                 static_cast<long long>(r.snapshot_items),
                 r.snapshot.empty() ? "no snapshot" : r.snapshot.c_str(),
                 static_cast<long long>(r.log_records),
                 r.torn_tail ? " (an unfinished last record dropped)" : "",
                 static_cast<double>(r.micros) / 1000.0);
    for (const std::string& damage : r.damage) {
      std::fprintf(stderr, "eddy-server: warning: %s\n", damage.c_str());
    }
  }
  eddy::server::Server server =
      database != nullptr ? eddy::server::Server(cl.server, database.get())
                          : eddy::server::Server(cl.server);
  if (!cl.load_file.empty()) {
    eddy::StatusOr<std::string> loaded =
        eddy::tools::LoadFile(cl.load_file, &server.database());
    if (!loaded.ok()) {
      std::fprintf(stderr, "eddy-server: %s\n",
                   std::string(loaded.status().message()).c_str());
      return 1;
    }
    std::fprintf(stderr, "eddy-server: %s\n", loaded->c_str());
  }
  eddy::Status status = server.Start();
  if (!status.ok()) {
    std::fprintf(stderr, "eddy-server: %s\n",
                 std::string(status.message()).c_str());
    return 1;
  }
  if (!eddy::server::IsLoopbackHost(cl.server.host)) {
    std::fprintf(
        stderr,
        "eddy-server: warning: listening on %s, which other machines can "
        "reach: this endpoint accepts unauthenticated requests (any "
        "credentials work) and its data is anyone's to read and change. %s\n",
        cl.server.host.c_str(),
        cl.server.allow_remote_control
            ? "--allow-remote-control is on: any client can also inject "
              "faults (EddyInjectFault) into every other client's calls."
            : "eddy's control operations (Eddy*) are served only to "
              "loopback clients unless --allow-remote-control is given.");
  }
  std::printf("eddy-server listening on %s\n", server.url().c_str());
  std::fflush(stdout);

  int signal_number = 0;
  sigwait(&stop_signals, &signal_number);
  server.BeginShutdown();
  using SteadyClock = std::chrono::steady_clock;
  const SteadyClock::time_point deadline =
      SteadyClock::now() + std::chrono::seconds(cl.shutdown_grace_seconds);
  while (!server.drained()) {
    const auto left = deadline - SteadyClock::now();
    if (left <= SteadyClock::duration::zero()) {
      std::fprintf(stderr,
                   "eddy-server: requests still in progress after the "
                   "%d s shutdown grace; exiting without them\n",
                   cl.shutdown_grace_seconds);
      std::fflush(stderr);
      std::_Exit(1);  // a worker may be inside a long request: do not join
    }
    const auto step =
        std::min<SteadyClock::duration>(left, std::chrono::milliseconds(20));
    timespec wait{};
    wait.tv_nsec = static_cast<long>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(step).count());
    siginfo_t info{};
    if (sigtimedwait(&stop_signals, &info, &wait) > 0) {
      std::fflush(stdout);
      std::_Exit(128 + info.si_signo);  // a second signal: at once
    }
  }
  server.Stop();
  return 0;
}
