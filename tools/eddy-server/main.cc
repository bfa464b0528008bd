// Copyright 2026 The eddy Authors.
//
// eddy-server: eddy over HTTP with DynamoDB's JSON protocol (see server.h),
// started like DynamoDB Local (see flags.h, or run `eddy-server --help`).

#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "tools/eddy-server/flags.h"
#include "tools/eddy-server/server.h"

int main(int argc, char** argv) {
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
  for (const std::string& w : cl.warnings) {
    std::fprintf(stderr, "eddy-server: warning: %s\n", w.c_str());
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

  eddy::server::Server server(cl.server);
  eddy::Status status = server.Start();
  if (!status.ok()) {
    std::fprintf(stderr, "eddy-server: %s\n",
                 std::string(status.message()).c_str());
    return 1;
  }
  std::printf("eddy-server listening on %s\n", server.url().c_str());
  std::fflush(stdout);

  int signal_number = 0;
  sigwait(&stop_signals, &signal_number);
  server.Stop();
  return 0;
}
