// Copyright 2026 The eddy Authors.
//
// server_load's servers and wire helpers (bench/server_load.cc explains the
// measurement): the floor responder, eddy's HTTP layer with an empty handler,
// the real eddy-server binary spawned, and reading HTTP answers by
// Content-Length.
//
// Thread safety: the responders are forked before the caller starts any
// thread (ForkResponder); the rest are plain functions.

#ifndef EDDY_BENCH_SERVER_LOAD_SERVERS_H_
#define EDDY_BENCH_SERVER_LOAD_SERVERS_H_

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace eddy::bench {

// The Content-Length of a message head (up to its blank line), or -1.
int64_t ContentLength(std::string_view head);

// Parses the whole answers at the front of `data`, calling
// on_answer(status_is_200) for each. Returns the bytes they take, or -1 on
// a malformed answer (no Content-Length).
template <typename F>
int64_t ConsumeAnswers(std::string_view data, F&& on_answer) {
  size_t used = 0;
  while (true) {
    const std::string_view rest = data.substr(used);
    const size_t head_end = rest.find("\r\n\r\n");
    if (head_end == std::string_view::npos) break;
    const int64_t length = ContentLength(rest.substr(0, head_end + 2));
    if (length < 0) return -1;
    const size_t total = head_end + 4 + static_cast<size_t>(length);
    if (rest.size() < total) break;
    on_answer(rest.substr(0, 13) == "HTTP/1.1 200 ");
    used += total;
  }
  return static_cast<int64_t>(used);
}

// A TCP connection to 127.0.0.1:port with TCP_NODELAY, or -1.
int ConnectLoopback(int port, bool nonblocking);

// The CPU time of every thread of a process, in nanoseconds
// (/proc/<pid>/task/*/schedstat, first field).
double ProcessCpuNanos(pid_t pid);

struct Target {
  std::string name;
  pid_t pid = -1;
  int port = 0;
  int stdout_fd = -1;
  bool spawned = false;   // a real binary (SIGTERM) rather than a fork
  bool external = false;  // started by someone else: never stopped here
};

// The floor: `threads` threads, each with its own SO_REUSEPORT listener on
// `port` (0: a free one) and its own epoll set; reads requests (head to the
// blank line, body by Content-Length) and answers each with a fixed "{}",
// the answers to pipelined requests in one write. Writes the bound port to
// `ready_fd`, then serves until killed.
[[noreturn]] void ServeFloor(int port, int threads, int ready_fd);
// eddy's HTTP layer (tools/eddy-server/internal/http_server.h) with a
// handler that answers "{}" and nothing else; as ServeFloor otherwise.
[[noreturn]] void ServeEmpty(int port, int threads, int ready_fd);

// Forks a child running `serve` (call before starting any thread).
Target ForkResponder(const std::string& name,
                     void (*serve)(int port, int threads, int ready_fd),
                     int threads);
// Spawns the eddy-server binary with --port 0 and waits for its ready line.
Target SpawnServer(const std::string& name, const std::string& binary);
// Stops what this process started (SIGTERM to a binary, SIGKILL to a fork).
void StopTarget(Target& t);

}  // namespace eddy::bench

#endif  // EDDY_BENCH_SERVER_LOAD_SERVERS_H_
