// Copyright 2026 The eddy Authors.
//
// server_load: how far eddy-server is from its own limit. A load generator
// that can saturate a server from the same machine, and three servers to
// point it at, measured in one run:
//   - eddy-server, the real binary (spawned; 4 worker threads by default),
//     loaded with 10,000 items of ~200 bytes and a 40-item partition;
//   - eddy's HTTP layer (tools/eddy-server/internal/http_server.h) with an
//     empty handler answering "{}" (forked child, the same thread count): the
//     difference to eddy-server is eddy's protocol work (auth shape, Execute,
//     CRC, headers) — the "protocol's share";
//   - a minimal epoll responder written here, the floor: one thread per core,
//     each with its own SO_REUSEPORT listener and epoll set, reads requests
//     (head to "\r\n\r\n", body by Content-Length), answers each with a fixed
//     "{}" response, batching the answers to pipelined requests into one
//     write; nothing else.
//
// The client: one epoll thread (--client-threads to use more) drives N
// keep-alive connections, edge-triggered, with up to --pipeline requests in
// flight on each (HTTP/1.1 pipelining; 1 by default, i.e. request, answer,
// next request). Request bytes are built before the clock starts (a SigV4
// Authorization header of the right shape, X-Amz-Date, 4,096 requests with
// random keys per workload, cycled); answers are counted by parsing the
// status line and Content-Length. Each row warms up, then measures for
// --seconds; requests still in flight at the end are drained, not counted.
// It reports requests/s, p50/p99 latency (from writing a request to reading
// its answer; with pipelining, this includes waiting behind earlier requests),
// the server's CPU per request (the sum over the server's threads of
// /proc/<pid>/task/*/schedstat, nanosecond resolution, taken at the
// window's edges) and the client's own CPU per request (getrusage of its
// threads): on a small machine the client competes for the same cores, and
// this says how much it takes.
//
//   build/test/bench/server_load                  # the table, ~2 minutes
//   build/test/bench/server_load --seconds 1 --connections 1,16,64
//       --pipeline 1 --rounds 5 --ops get,put,query
//   build/test/bench/server_load --baseline-server old/eddy-server
//       # adds an older build of eddy-server (GetItem), interleaved with
//       # this one in the ratio rounds: before/after in one run
//   build/test/bench/server_load --serve floor    # or `empty`: only run that
//       # responder on --port (default: a free one, printed) until killed,
//       # e.g. for wrk or perf
//   build/test/bench/server_load --external-port P --external-pid PID
//       # drive an eddy-server started by hand (e.g. under `perf record`)
//       # instead of spawning one; loads the bench table into it first
//
// Rows: the floor and the empty handler answer GetItem-shaped requests;
// eddy-server answers GetItem (random of 10,000), PutItem (overwrite, ~200 B)
// and Query (40 items, ~8 KB answer). Then, at 1 and 16 connections, the
// ratio the issue sets: eddy-server's CPU per GetItem against the empty
// handler's, the median of --rounds interleaved short rounds (so that other
// load on the machine hits both alike).
//
// Honesty notes: the client and the servers share the machine's cores (and,
// here, other people's builds); requests/s at many connections is what the
// pair reaches together, so read it against the floor measured the same
// way, and read CPU per request rather than wall time when the machine is
// busy. The empty handler and the floor answer the same bytes for every
// operation, so their rows are measured with GetItem's requests.

#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "bench/server_load_servers.h"
#include "bench/server_workload.h"

namespace eddy::bench {
namespace {

using bench::ItemJson;
using bench::kGetItems;
using bench::kQueryItems;
constexpr int kRequestsPerWorkload = 4096;
constexpr char kJson10[] = "application/x-amz-json-1.0";

int64_t NowNanos() {
  timespec ts;
  ::clock_gettime(CLOCK_MONOTONIC, &ts);
  return int64_t{ts.tv_sec} * 1'000'000'000 + ts.tv_nsec;
}

// --- Requests
// -----------------------------------------------------------------

std::string AmzDate() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char date[32];
  std::strftime(date, sizeof(date), "%Y%m%dT%H%M%SZ", &tm);
  return date;
}

// One whole HTTP request as an AWS SDK sends it (the signature is never
// verified by eddy-server; its shape and date are).
std::string HttpRequestBytes(int port, std::string_view operation,
                             std::string_view body) {
  const std::string date = AmzDate();
  std::string r = "POST / HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
                  "\r\nContent-Type: " + kJson10 +
                  "\r\nX-Amz-Target: DynamoDB_20120810." +
                  std::string(operation) + "\r\nX-Amz-Date: " + date +
                  "\r\nAuthorization: AWS4-HMAC-SHA256 Credential=AKIDBENCH/" +
                  date.substr(0, 8) +
                  "/us-east-1/dynamodb/aws4_request, "
                  "SignedHeaders=content-type;host;x-amz-date;x-amz-target, "
                  "Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e0"
                  "6b5924a6f2b5d7\r\nContent-Length: " +
                  std::to_string(body.size()) + "\r\n\r\n";
  r.append(body);
  return r;
}

enum class Op { kGet, kPut, kQuery };
const char* OpName(Op op) {
  switch (op) {
    case Op::kGet:
      return "GetItem";
    case Op::kPut:
      return "PutItem";
    case Op::kQuery:
      return "Query";
  }
  return "";
}

// The request bytes of one workload, built before any clock starts.
std::vector<std::string> Requests(Op op, int port, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::string> out;
  out.reserve(kRequestsPerWorkload);
  for (int i = 0; i < kRequestsPerWorkload; ++i) {
    const std::string key = "item#" + std::to_string(rng() % kGetItems);
    std::string body;
    switch (op) {
      case Op::kGet:
        body = R"({"TableName":"bench","Key":{"pk":{"S":")" + key +
               R"("},"sk":{"S":"0"}}})";
        break;
      case Op::kPut:
        body = R"({"TableName":"bench","Item":)" + ItemJson(key, "0") + "}";
        break;
      case Op::kQuery:
        body = R"({"TableName":"bench","KeyConditionExpression":"pk = :p",)"
               R"("ExpressionAttributeValues":{":p":{"S":"query#0"}}})";
        break;
    }
    out.push_back(HttpRequestBytes(port, OpName(op), body));
  }
  return out;
}

// --- The client
// ---------------------------------------------------------------

struct Connection {
  int fd = -1;
  std::string out;
  size_t out_sent = 0;
  // Input: bytes [in_begin, in_end) of `in` are unparsed.
  std::vector<char> in;
  size_t in_begin = 0, in_end = 0;
  std::vector<int64_t> sent_at;  // a ring of send times, `depth` long
  size_t ring_head = 0, ring_size = 0;
  size_t next_request = 0;
};

struct ClientResult {
  int64_t answers = 0;  // inside the window
  int64_t errors = 0;   // non-200 answers inside the window
  std::vector<int64_t> latencies_ns;
  double cpu_ns = 0;  // the client thread's CPU inside the window
  bool failed = false;
};

double ThreadCpuNanos() {
  rusage u{};
  ::getrusage(RUSAGE_THREAD, &u);
  return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e9 +
         (u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e3;
}

// The shared timeline of one measurement.
struct Window {
  std::atomic<int64_t> start{0};  // set when every client is warm
  int64_t warmup_ns = 0;
  int64_t length_ns = 0;
  std::atomic<int> warm{0};
};

// One client thread: `conns` connections, each keeping `depth` requests in
// flight until the window closes, then draining.
void RunClient(int port, int conns, int depth,
               const std::vector<std::string>& requests, size_t first,
               Window* window, ClientResult* result) {
  const int ep = ::epoll_create1(EPOLL_CLOEXEC);
  std::vector<Connection> c(conns);
  for (int i = 0; i < conns; ++i) {
    c[i].fd = ConnectLoopback(port, /*nonblocking=*/true);
    if (c[i].fd < 0) {
      result->failed = true;
      break;
    }
    c[i].sent_at.assign(depth, 0);
    c[i].next_request = (first + static_cast<size_t>(i) * 97) % requests.size();
    c[i].in.resize(64 * 1024);
    epoll_event ev{};
    ev.events = EPOLLIN | EPOLLOUT | EPOLLET | EPOLLRDHUP;
    ev.data.u32 = static_cast<uint32_t>(i);
    ::epoll_ctl(ep, EPOLL_CTL_ADD, c[i].fd, &ev);
  }
  result->latencies_ns.reserve(1 << 20);

  bool sending = !result->failed;
  bool warm_reported = false;
  int64_t window_start = 0, window_end = INT64_MAX;
  int64_t in_flight = 0;
  double cpu_start = 0;
  const int64_t began = NowNanos();

  auto enqueue = [&](Connection& k, int64_t now) {
    const std::string& r = requests[k.next_request];
    k.next_request = (k.next_request + 1) % requests.size();
    if (k.out_sent == k.out.size()) {
      k.out.clear();
      k.out_sent = 0;
    }
    k.out.append(r);
    k.sent_at[(k.ring_head + k.ring_size) % k.sent_at.size()] = now;
    ++k.ring_size;
    ++in_flight;
  };
  auto flush = [&](Connection& k) -> bool {
    while (k.out_sent < k.out.size()) {
      ssize_t n = ::send(k.fd, k.out.data() + k.out_sent,
                         k.out.size() - k.out_sent, MSG_NOSIGNAL);
      if (n > 0) {
        k.out_sent += static_cast<size_t>(n);
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
    }
    return true;
  };

  if (sending) {
    const int64_t now = NowNanos();
    for (Connection& k : c) {
      for (int d = 0; d < depth; ++d) enqueue(k, now);
      if (!flush(k)) result->failed = true;
    }
  }

  epoll_event events[256];
  while (!result->failed && (sending || in_flight > 0)) {
    const int n = ::epoll_wait(ep, events, 256, 5);
    const int64_t now = NowNanos();
    if (!warm_reported && now - began >= window->warmup_ns) {
      warm_reported = true;
      window->warm.fetch_add(1);
    }
    if (window_start == 0) {
      window_start = window->start.load(std::memory_order_acquire);
      if (window_start != 0) {
        window_end = window_start + window->length_ns;
        cpu_start = ThreadCpuNanos();
      }
    }
    if (sending && now >= window_end) {
      sending = false;
      result->cpu_ns = ThreadCpuNanos() - cpu_start;
    }
    if (now - began >
        window->warmup_ns + window->length_ns + int64_t{30'000'000'000}) {
      result->failed = true;  // a server that stopped answering
      break;
    }
    for (int e = 0; e < n; ++e) {
      Connection& k = c[events[e].data.u32];
      if (events[e].events & (EPOLLIN | EPOLLRDHUP | EPOLLERR | EPOLLHUP)) {
        bool closed = false;
        while (true) {
          if (k.in.size() - k.in_end < 16 * 1024) {
            if (k.in_begin > 0) {  // move what is unparsed to the front
              std::memmove(k.in.data(), k.in.data() + k.in_begin,
                           k.in_end - k.in_begin);
              k.in_end -= k.in_begin;
              k.in_begin = 0;
            }
            if (k.in.size() - k.in_end < 16 * 1024) {
              k.in.resize(k.in.size() * 2);
            }
          }
          ssize_t got =
              ::recv(k.fd, k.in.data() + k.in_end, k.in.size() - k.in_end, 0);
          if (got > 0) {
            k.in_end += static_cast<size_t>(got);
            continue;
          }
          if (got < 0 && errno == EINTR) continue;
          if (got == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) {
            closed = true;
          }
          break;
        }
        const int64_t used = ConsumeAnswers(
            std::string_view(k.in.data() + k.in_begin, k.in_end - k.in_begin),
            [&](bool status_ok) {
              const int64_t sent = k.sent_at[k.ring_head];
              k.ring_head = (k.ring_head + 1) % k.sent_at.size();
              --k.ring_size;
              --in_flight;
              if (window_start != 0 && sent >= window_start &&
                  now < window_end) {
                ++result->answers;
                if (!status_ok) ++result->errors;
                result->latencies_ns.push_back(now - sent);
              }
              if (sending) enqueue(k, now);
            });
        const bool ok = used >= 0;
        if (ok) k.in_begin += static_cast<size_t>(used);
        if (k.in_begin == k.in_end) k.in_begin = k.in_end = 0;
        if (!ok || (closed && (sending || k.ring_size > 0))) {
          result->failed = true;
          break;
        }
      }
      if (!flush(k)) {
        result->failed = true;
        break;
      }
    }
  }
  if (sending) result->cpu_ns = ThreadCpuNanos() - cpu_start;
  for (Connection& k : c) {
    if (k.fd >= 0) ::close(k.fd);
  }
  ::close(ep);
}

// One request on a fresh blocking connection; true on a 200.
bool Call(int port, std::string_view operation, std::string_view body) {
  const int fd = ConnectLoopback(port, /*nonblocking=*/false);
  if (fd < 0) return false;
  const std::string bytes = HttpRequestBytes(port, operation, body);
  size_t sent = 0;
  while (sent < bytes.size()) {
    ssize_t n =
        ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) break;
    sent += static_cast<size_t>(n);
  }
  std::string in;
  int answers = 0;
  bool ok = false;
  char buf[16 * 1024];
  while (answers == 0) {
    ssize_t n = ::recv(fd, buf, sizeof(buf), 0);
    if (n <= 0) break;
    in.append(buf, static_cast<size_t>(n));
    if (ConsumeAnswers(in, [&](bool status_ok) {
          ++answers;
          ok = status_ok;
        }) < 0) {
      break;
    }
  }
  ::close(fd);
  if (!ok) {
    std::fprintf(stderr, "%.*s failed: %s\n",
                 static_cast<int>(operation.size()), operation.data(),
                 in.c_str());
  }
  return ok;
}

bool LoadTable(int port) {
  return bench::CreateAndLoadBenchTable(
      [port](const char* operation, const std::string& body) {
        return Call(port, operation, body);
      });
}

// --- Measurement
// --------------------------------------------------------------

struct Options {
  double seconds = 2.0;
  double warmup_seconds = 0.3;
  std::vector<int> connections = {1, 16, 64};
  int pipeline = 1;
  int client_threads = 1;
  int rounds = 5;
  std::vector<Op> ops = {Op::kGet, Op::kPut, Op::kQuery};
  int server_threads =
      std::max(4, 2 * static_cast<int>(std::thread::hardware_concurrency()));
  int floor_threads = static_cast<int>(std::thread::hardware_concurrency());
};

struct Measured {
  double requests_per_second = 0;
  double p50_us = 0, p99_us = 0;
  double server_cpu_us = 0;  // per request
  double client_cpu_us = 0;  // per request
  int64_t answers = 0;
  int64_t errors = 0;
  bool failed = false;
};

Measured Measure(const Target& t, Op op, int connections, double seconds,
                 const Options& o) {
  static uint64_t seed = 1;
  const std::vector<std::string> requests = Requests(op, t.port, seed++);
  const int threads = std::min(o.client_threads, connections);
  Window window;
  window.warmup_ns = static_cast<int64_t>(o.warmup_seconds * 1e9);
  window.length_ns = static_cast<int64_t>(seconds * 1e9);
  std::vector<ClientResult> results(threads);
  std::vector<std::thread> clients;
  for (int i = 0; i < threads; ++i) {
    const int conns = connections / threads + (i < connections % threads);
    clients.emplace_back(RunClient, t.port, conns, o.pipeline,
                         std::cref(requests), static_cast<size_t>(i) * 1031,
                         &window, &results[i]);
  }
  while (window.warm.load() < threads) {
    bool failed = false;
    for (const ClientResult& r : results) failed |= r.failed;
    if (failed) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  const double cpu_before = ProcessCpuNanos(t.pid);
  window.start.store(NowNanos(), std::memory_order_release);
  std::this_thread::sleep_for(std::chrono::nanoseconds(window.length_ns));
  const double cpu_after = ProcessCpuNanos(t.pid);
  for (std::thread& c : clients) c.join();

  Measured m;
  std::vector<int64_t> all;
  double client_cpu = 0;
  for (ClientResult& r : results) {
    m.answers += r.answers;
    m.errors += r.errors;
    m.failed |= r.failed;
    client_cpu += r.cpu_ns;
    all.insert(all.end(), r.latencies_ns.begin(), r.latencies_ns.end());
  }
  if (all.empty()) {
    m.failed = true;
    return m;
  }
  std::sort(all.begin(), all.end());
  m.requests_per_second = static_cast<double>(all.size()) / seconds;
  m.p50_us = all[all.size() / 2] / 1e3;
  m.p99_us = all[std::min(all.size() - 1, all.size() * 99 / 100)] / 1e3;
  m.server_cpu_us =
      (cpu_after - cpu_before) / 1e3 / static_cast<double>(all.size());
  m.client_cpu_us = client_cpu / 1e3 / static_cast<double>(all.size());
  return m;
}

void PrintHeader() {
  std::printf("| %-46s | %3s | %9s | %8s | %8s | %13s | %13s |\n",
              "server, workload", "c", "req/s", "p50 µs", "p99 µs",
              "srv CPU µs/req", "client µs/req");
  std::printf(
      "|%s|-----|-----------|----------|----------|----------------|-----------"
      "-----|\n",
      std::string(48, '-').c_str());
}

void PrintRow(const std::string& name, int connections, const Measured& m) {
  std::printf(
      "| %-46s | %3d | %9.0f | %8.1f | %8.1f | %14.1f | %14.1f |%s%s\n",
      name.c_str(), connections, m.requests_per_second, m.p50_us, m.p99_us,
      m.server_cpu_us, m.client_cpu_us,
      m.errors > 0 ? (" " + std::to_string(m.errors) + " errors").c_str() : "",
      m.failed ? " FAILED" : "");
  std::fflush(stdout);
}

double Median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

std::vector<int> ParseInts(const std::string& text) {
  std::vector<int> out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t comma = text.find(',', pos);
    if (comma == std::string::npos) comma = text.size();
    out.push_back(std::atoi(text.substr(pos, comma - pos).c_str()));
    pos = comma + 1;
  }
  return out;
}

int Usage() {
  std::fprintf(stderr,
               "usage: server_load [--seconds S] [--warmup S] "
               "[--connections 1,16,64] [--pipeline D] [--client-threads T] "
               "[--rounds R] [--ops get,put,query] [--eddy-server PATH] "
               "[--baseline-server PATH] [--external-port P --external-pid "
               "PID] [--serve floor|empty [--port P]]\n");
  return 2;
}

int Main(int argc, char** argv) {
  Options o;
  std::string binary = EDDY_SERVER_BINARY;
  std::string baseline, serve;
  int serve_port = 0, external_port = 0, external_pid = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (i + 1 >= argc) return Usage();
    const std::string value = argv[++i];
    if (flag == "--seconds") {
      o.seconds = std::atof(value.c_str());
    } else if (flag == "--warmup") {
      o.warmup_seconds = std::atof(value.c_str());
    } else if (flag == "--connections") {
      o.connections = ParseInts(value);
    } else if (flag == "--pipeline") {
      o.pipeline = std::max(1, std::atoi(value.c_str()));
    } else if (flag == "--client-threads") {
      o.client_threads = std::max(1, std::atoi(value.c_str()));
    } else if (flag == "--rounds") {
      o.rounds = std::max(0, std::atoi(value.c_str()));
    } else if (flag == "--ops") {
      o.ops.clear();
      if (value.find("get") != std::string::npos) o.ops.push_back(Op::kGet);
      if (value.find("put") != std::string::npos) o.ops.push_back(Op::kPut);
      if (value.find("query") != std::string::npos) o.ops.push_back(Op::kQuery);
    } else if (flag == "--eddy-server") {
      binary = value;
    } else if (flag == "--baseline-server") {
      baseline = value;
    } else if (flag == "--serve") {
      serve = value;
    } else if (flag == "--port") {
      serve_port = std::atoi(value.c_str());
    } else if (flag == "--external-port") {
      external_port = std::atoi(value.c_str());
    } else if (flag == "--external-pid") {
      external_pid = std::atoi(value.c_str());
    } else {
      return Usage();
    }
  }
  // Long runs outlive a signature date's 15 minutes only if asked to.
  if (o.seconds <= 0 || o.connections.empty()) return Usage();

  if (!serve.empty()) {
    int fds[2];
    if (::pipe(fds) != 0) return 1;
    if (serve != "floor" && serve != "empty") return Usage();
    std::thread printer([&] {
      int port = 0;
      if (::read(fds[0], &port, sizeof(port)) == sizeof(port)) {
        std::printf("%s responder listening on 127.0.0.1:%d (pid %d)\n",
                    serve.c_str(), port, static_cast<int>(::getpid()));
        std::fflush(stdout);
      }
    });
    printer.detach();
    if (serve == "floor") ServeFloor(serve_port, o.floor_threads, fds[1]);
    ServeEmpty(serve_port, o.server_threads, fds[1]);
  }

  // Responders are forked before this process starts any thread.
  Target floor = ForkResponder("floor (minimal epoll responder)", ServeFloor,
                               o.floor_threads);
  Target empty = ForkResponder("eddy HTTP layer, empty handler", ServeEmpty,
                               o.server_threads);
  Target eddy;
  if (external_port > 0) {
    eddy.name = "eddy-server (external)";
    eddy.port = external_port;
    eddy.pid = external_pid;
    eddy.external = true;
  } else {
    eddy = SpawnServer("eddy-server", binary);
  }
  Target before;
  if (!baseline.empty())
    before = SpawnServer("eddy-server (baseline)", baseline);
  auto stop_all = [&] {
    StopTarget(floor);
    StopTarget(empty);
    StopTarget(eddy);
    StopTarget(before);
  };
  if (floor.port == 0 || empty.port == 0 || eddy.port == 0 ||
      !LoadTable(eddy.port) ||
      (!baseline.empty() && (before.port == 0 || !LoadTable(before.port)))) {
    std::fprintf(stderr, "could not start or load the servers\n");
    stop_all();
    return 1;
  }

  std::printf(
      "server_load: %.1f s per row after %.1f s warm-up, pipeline depth %d, "
      "%d client thread(s), eddy-server and the empty handler with %d worker "
      "threads, the floor with %d; %u hardware threads, shared with whatever "
      "else runs here\n\n",
      o.seconds, o.warmup_seconds, o.pipeline, o.client_threads,
      o.server_threads, o.floor_threads, std::thread::hardware_concurrency());
  PrintHeader();
  for (int c : o.connections) {
    PrintRow(floor.name + ", GetItem bytes", c,
             Measure(floor, Op::kGet, c, o.seconds, o));
    PrintRow(empty.name + ", GetItem bytes", c,
             Measure(empty, Op::kGet, c, o.seconds, o));
    for (Op op : o.ops) {
      PrintRow(eddy.name + ", " + OpName(op), c,
               Measure(eddy, op, c, o.seconds, o));
      if (!baseline.empty() && op == Op::kGet) {
        PrintRow(before.name + ", GetItem", c,
                 Measure(before, op, c, o.seconds, o));
      }
    }
  }

  // The issue's ratio from interleaved rounds: eddy-server's CPU per GetItem
  // against the empty handler's (and the floor's), medians of the rounds.
  const double s = std::max(0.5, o.seconds / 2);
  for (int c : {1, 16}) {
    if (o.rounds == 0) break;
    std::vector<double> vs_empty, vs_floor, extra, vs_before, rps_floor,
        rps_eddy, cpu_eddy, cpu_empty, cpu_before;
    for (int round = 0; round < o.rounds; ++round) {
      Measured f = Measure(floor, Op::kGet, c, s, o);
      Measured e = Measure(empty, Op::kGet, c, s, o);
      Measured g = Measure(eddy, Op::kGet, c, s, o);
      vs_empty.push_back(g.server_cpu_us / e.server_cpu_us);
      vs_floor.push_back(g.server_cpu_us / f.server_cpu_us);
      extra.push_back(g.server_cpu_us - e.server_cpu_us);
      rps_floor.push_back(f.requests_per_second);
      rps_eddy.push_back(g.requests_per_second);
      cpu_eddy.push_back(g.server_cpu_us);
      cpu_empty.push_back(e.server_cpu_us);
      if (!baseline.empty()) {
        Measured b = Measure(before, Op::kGet, c, s, o);
        vs_before.push_back(g.server_cpu_us / b.server_cpu_us);
        cpu_before.push_back(b.server_cpu_us);
      }
    }
    std::printf(
        "\nGetItem, %d connection(s), median of %d interleaved rounds of "
        "%.1f s:\n"
        "- eddy-server's CPU per request: %.1f µs; the empty handler's %.1f "
        "µs: %.2fx (target <= 1.5x); eddy's protocol work %.1f µs; %.2fx "
        "the floor's\n"
        "- requests/s: eddy-server %.0f, the floor %.0f (%.2fx)\n",
        c, o.rounds, s, Median(cpu_eddy), Median(cpu_empty), Median(vs_empty),
        Median(extra), Median(vs_floor), Median(rps_eddy), Median(rps_floor),
        Median(rps_eddy) / Median(rps_floor));
    if (!baseline.empty()) {
      std::printf(
          "- against the baseline binary: %.1f µs vs %.1f µs CPU per "
          "request, %.3fx (median of the per-round ratios)\n",
          Median(cpu_eddy), Median(cpu_before), Median(vs_before));
    }
    std::fflush(stdout);
  }
  stop_all();
  return 0;
}

}  // namespace
}  // namespace eddy::bench

int main(int argc, char** argv) { return eddy::bench::Main(argc, argv); }
