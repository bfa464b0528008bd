// Copyright 2026 The eddy Authors.
//
// eddy-server under load: a keep-alive HTTP client (cpp-httplib, TCP_NODELAY,
// one thread per connection) issuing GetItem, PutItem and a 40-item Query
// against eddy-server with 1 and 16 connections: requests per second,
// mean/p50/p99 round trip as the client sees it, and the server's CPU per
// request (read from /proc: each server runs in a forked child). In the same
// run, the same client against two do-nothing responders answering "{}":
//   - cpp-httplib's own server (the reference the issue names), and
//   - eddy-server's HTTP layer with an empty handler, so that the difference
//     is exactly eddy's protocol work (auth shape, Execute, CRC, headers).
// Compression, in the same run (1 connection): GetItem with the request body
// gzipped by the client (Content-Encoding: gzip) against the plain GetItem,
// and a ~1 MB Query answer with `Accept-Encoding: gzip` (compressed by the
// server, decompressed by the client) against the same answer plain.
// Then the real binary: start-to-ready time (spawn to the ready line) and
// resident memory (VmRSS), fresh and idle after load.
//
//   build/dev/bench/server_bench                  # about 40 s
//   build/dev/bench/server_bench --seconds 1 --eddy-server path/to/eddy-server
//   build/dev/bench/server_bench --baseline-server path/to/old/eddy-server
//       # only: this eddy-server against an older build of it, the two real
//       # binaries side by side, GetItem in 10 interleaved rounds
//
// On a small machine the client's threads share the cores with the server's,
// which the 16-connection rows show.

#include <fcntl.h>
#include <httplib.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bench/server_workload.h"
#include "tools/eddy-server/internal/http_server.h"
#include "tools/eddy-server/server.h"

extern char** environ;

namespace eddy::server {
namespace {

using Clock = std::chrono::steady_clock;

using bench::ItemJson;
using bench::kGetItems;
using bench::kQueryItems;

// Items of ~4 KB in one partition: a Query of it answers ~1 MB (one page).
constexpr int kMegabyteItems = 260;
constexpr char kJson10[] = "application/x-amz-json-1.0";

// X-Amz-Date and Authorization for now: eddy-server refuses a signature
// date more than 15 minutes from its clock, as DynamoDB does.
struct Signing {
  std::string amz_date;
  std::string authorization;
};
const Signing& Sign() {
  static const Signing signing = [] {
    std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char date[32];
    std::strftime(date, sizeof(date), "%Y%m%dT%H%M%SZ", &tm);
    Signing s;
    s.amz_date = date;
    s.authorization =
        "AWS4-HMAC-SHA256 Credential=AKIDBENCH/" + s.amz_date.substr(0, 8) +
        "/us-east-1/dynamodb/aws4_request, "
        "SignedHeaders=content-type;host;x-amz-date;x-amz-target, "
        "Signature="
        "5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7";
    return s;
  }();
  return signing;
}

// How a client talks: plain, its request bodies gzipped, or asking for
// gzip answers.
enum class Wire { kPlain, kGzipRequest, kAcceptGzip };

struct Request {
  const char* operation;
  std::string body;
};

Request GetItem(std::mt19937_64& rng) {
  int i = static_cast<int>(rng() % kGetItems);
  return {"GetItem", R"({"TableName":"bench","Key":{"pk":{"S":"item#)" +
                         std::to_string(i) + R"("},"sk":{"S":"0"}}})"};
}
Request PutItem(std::mt19937_64& rng) {
  int i = static_cast<int>(rng() % kGetItems);
  return {"PutItem", R"({"TableName":"bench","Item":)" +
                         ItemJson("item#" + std::to_string(i), "0") + "}"};
}
Request Query40(std::mt19937_64&) {
  return {"Query", R"({"TableName":"bench","KeyConditionExpression":"pk = :p",)"
                   R"("ExpressionAttributeValues":{":p":{"S":"query#0"}}})"};
}
Request QueryMegabyte(std::mt19937_64&) {
  return {"Query", R"({"TableName":"bench","KeyConditionExpression":"pk = :p",)"
                   R"("ExpressionAttributeValues":{":p":{"S":"mb#0"}}})"};
}

// A ~4 KB item of JSON-like text (it compresses as real records do).
std::string MegabyteItemJson(int i) {
  char sk[16];
  std::snprintf(sk, sizeof(sk), "%04d", i);
  std::string notes;
  for (int k = 0; notes.size() < 3900; ++k) {
    notes += "rental " + std::to_string(i * 131 + k) + " returned by " +
             std::to_string((i + k) * 7919 % 100003) + "; ";
  }
  return R"({"pk":{"S":"mb#0"},"sk":{"S":")" + std::string(sk) +
         R"("},"notes":{"S":")" + notes + R"("}})";
}

struct LoadResult {
  double requests_per_second = 0;
  double mean_us = 0, p50_us = 0, p99_us = 0;
  int64_t requests = 0;
  int64_t errors = 0;
};

// `connections` threads, each with its own keep-alive client, send requests
// from `make` for `seconds` after a short warm-up.
LoadResult RunLoad(int port, int connections, double seconds,
                   Request (*make)(std::mt19937_64&),
                   Wire wire = Wire::kPlain) {
  std::vector<std::vector<int64_t>> latencies(connections);
  std::atomic<int64_t> errors{0};
  std::atomic<int> ready{0};
  std::atomic<bool> go{false};
  Clock::time_point start, stop;
  std::vector<std::thread> threads;
  for (int c = 0; c < connections; ++c) {
    threads.emplace_back([&, c] {
      std::mt19937_64 rng(c + 1);
      httplib::Client client("127.0.0.1", port);
      client.set_keep_alive(true);
      client.set_tcp_nodelay(true);
      client.set_read_timeout(30, 0);
      // cpp-httplib gzips each request body itself (Content-Encoding: gzip).
      if (wire == Wire::kGzipRequest) client.set_compress(true);
      auto send = [&](const Request& r) {
        httplib::Headers headers = {
            {"X-Amz-Target", std::string("DynamoDB_20120810.") + r.operation},
            {"Authorization", Sign().authorization},
            {"X-Amz-Date", Sign().amz_date}};
        // cpp-httplib decompresses a gzip answer itself.
        if (wire == Wire::kAcceptGzip) {
          headers.emplace("Accept-Encoding", "gzip");
        }
        httplib::Result res = client.Post("/", headers, r.body, kJson10);
        return res && res->status == 200;
      };
      for (int i = 0; i < 50; ++i) send(make(rng));  // warm-up
      ready.fetch_add(1);
      while (!go.load()) std::this_thread::yield();
      std::vector<int64_t>& mine = latencies[c];
      mine.reserve(1 << 16);
      while (true) {
        Request r = make(rng);
        Clock::time_point t0 = Clock::now();
        bool ok = send(r);
        Clock::time_point t1 = Clock::now();
        if (t1 >= stop) break;
        if (!ok) errors.fetch_add(1);
        mine.push_back(
            std::chrono::duration_cast<std::chrono::nanoseconds>(t1 - t0)
                .count());
      }
    });
  }
  while (ready.load() < connections) std::this_thread::yield();
  start = Clock::now();
  stop = start + std::chrono::duration_cast<Clock::duration>(
                     std::chrono::duration<double>(seconds));
  go.store(true);
  for (std::thread& t : threads) t.join();

  std::vector<int64_t> all;
  for (auto& v : latencies) all.insert(all.end(), v.begin(), v.end());
  std::sort(all.begin(), all.end());
  LoadResult r;
  r.requests = static_cast<int64_t>(all.size());
  r.errors = errors.load();
  if (all.empty()) return r;
  double sum = 0;
  for (int64_t ns : all) sum += static_cast<double>(ns);
  r.mean_us = sum / all.size() / 1000.0;
  r.p50_us = all[all.size() / 2] / 1000.0;
  r.p99_us = all[std::min(all.size() - 1, all.size() * 99 / 100)] / 1000.0;
  r.requests_per_second = all.size() / seconds;
  return r;
}

bool Call(int port, const char* operation, const std::string& body) {
  httplib::Client client("127.0.0.1", port);
  httplib::Headers headers = {
      {"X-Amz-Target", std::string("DynamoDB_20120810.") + operation},
      {"Authorization", Sign().authorization},
      {"X-Amz-Date", Sign().amz_date}};
  httplib::Result r = client.Post("/", headers, body, kJson10);
  if (!r || r->status != 200) {
    std::fprintf(stderr, "%s failed: %s\n", operation,
                 r ? r->body.c_str() : httplib::to_string(r.error()).c_str());
    return false;
  }
  return true;
}

bool Load(int port) {
  const bench::CallFn call = [port](const char* operation,
                                    const std::string& body) {
    return Call(port, operation, body);
  };
  return bench::CreateAndLoadBenchTable(call) &&
         bench::PutItems(call, MegabyteItemJson, kMegabyteItems);
}

// The size of one answer on the wire (Content-Length) and decoded.
std::pair<size_t, size_t> AnswerBytes(int port, const Request& r, Wire wire) {
  httplib::Client client("127.0.0.1", port);
  httplib::Headers headers = {
      {"X-Amz-Target", std::string("DynamoDB_20120810.") + r.operation},
      {"Authorization", Sign().authorization},
      {"X-Amz-Date", Sign().amz_date}};
  if (wire == Wire::kAcceptGzip) headers.emplace("Accept-Encoding", "gzip");
  httplib::Result res = client.Post("/", headers, r.body, kJson10);
  if (!res) return {0, 0};
  return {static_cast<size_t>(
              std::atoll(res->get_header_value("Content-Length").c_str())),
          res->body.size()};
}

// --- The real binary --------------------------------------------------------

struct Spawned {
  pid_t pid = -1;
  int stdout_fd = -1;
  double ready_ms = -1;
  int port = 0;
};

Spawned SpawnServer(const std::string& binary) {
  Spawned s;
  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0) return s;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], 1);
  std::vector<std::string> args = {binary, "--port", "0"};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  Clock::time_point t0 = Clock::now();
  int rc = posix_spawn(&s.pid, binary.c_str(), &actions, nullptr, argv.data(),
                       environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(pipe_fds[1]);
  if (rc != 0) {
    ::close(pipe_fds[0]);
    s.pid = -1;
    return s;
  }
  s.stdout_fd = pipe_fds[0];
  std::string line;
  while (line.find('\n') == std::string::npos) {
    pollfd p{s.stdout_fd, POLLIN, 0};
    if (::poll(&p, 1, 10'000) <= 0) return s;
    char buf[256];
    ssize_t n = ::read(s.stdout_fd, buf, sizeof(buf));
    if (n <= 0) return s;
    line.append(buf, static_cast<size_t>(n));
  }
  s.ready_ms =
      std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  size_t colon = line.rfind(':');
  s.port = std::atoi(line.c_str() + colon + 1);
  return s;
}

int StopServer(Spawned& s) {
  int status = -1;
  if (s.pid > 0) {
    ::kill(s.pid, SIGTERM);
    ::waitpid(s.pid, &status, 0);
  }
  if (s.stdout_fd >= 0) ::close(s.stdout_fd);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int64_t VmRssKb(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::atoll(line.c_str() + 6);
  }
  return -1;
}

void BinaryFigures(const std::string& binary) {
  std::vector<double> ready;
  for (int i = 0; i < 10; ++i) {
    Spawned s = SpawnServer(binary);
    if (s.ready_ms < 0) {
      std::fprintf(stderr, "could not start %s\n", binary.c_str());
      StopServer(s);
      return;
    }
    ready.push_back(s.ready_ms);
    StopServer(s);
  }
  std::sort(ready.begin(), ready.end());
  std::printf("\nReal binary (%s):\n", binary.c_str());
  std::printf(
      "- start-to-ready (spawn to ready line), 10 starts: median "
      "%.1f ms, min %.1f ms, max %.1f ms (target <= 50 ms)\n",
      ready[ready.size() / 2], ready.front(), ready.back());

  Spawned s = SpawnServer(binary);
  if (s.ready_ms < 0) return;
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const int64_t fresh_kb = VmRssKb(s.pid);
  Load(s.port);
  std::mt19937_64 rng(7);
  LoadResult r = RunLoad(s.port, 4, 1.0, GetItem);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const int64_t loaded_kb = VmRssKb(s.pid);
  int code = StopServer(s);
  std::printf(
      "- idle resident memory (VmRSS): %.1f MB fresh; %.1f MB idle "
      "after loading %d items and %lld GetItems (target <= 20 MB "
      "fresh)\n",
      fresh_kb / 1024.0, loaded_kb / 1024.0,
      kGetItems + kQueryItems + kMegabyteItems,
      static_cast<long long>(r.requests));
  std::printf("- exit status after SIGTERM: %d\n", code);
}

// --- Servers in child processes ----------------------------------------------
//
// Each server runs in a forked child (forked before any thread exists), so
// its CPU time can be read from /proc/<pid>/stat: the server CPU per request
// is the measure least disturbed by the client and by other load.

struct Child {
  pid_t pid = -1;
  int port = 0;
};

// Runs `serve` (which starts a server and returns its port, or 0) in a child
// that then sleeps until SIGTERM.
Child ForkServer(int (*serve)(int threads), int threads) {
  int fds[2];
  if (::pipe(fds) != 0) return {};
  pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    int port = serve(threads);
    [[maybe_unused]] ssize_t n = ::write(fds[1], &port, sizeof(port));
    ::close(fds[1]);
    if (port == 0) ::_exit(1);
    while (true) ::pause();
  }
  ::close(fds[1]);
  Child c;
  c.pid = pid;
  if (::read(fds[0], &c.port, sizeof(c.port)) != sizeof(c.port)) c.port = 0;
  ::close(fds[0]);
  return c;
}

void StopChild(Child& c) {
  if (c.pid > 0) {
    ::kill(c.pid, SIGKILL);
    ::waitpid(c.pid, nullptr, 0);
  }
  c.pid = -1;
}

// User + system CPU of a process, in microseconds.
double CpuMicros(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)),
                   std::istreambuf_iterator<char>());
  // Fields after the command name "(...)": state is field 3; utime 14,
  // stime 15.
  std::istringstream rest(text.substr(text.rfind(')') + 2));
  std::string field;
  double utime = 0, stime = 0;
  for (int i = 3; i <= 15 && rest >> field; ++i) {
    if (i == 14) utime = std::atof(field.c_str());
    if (i == 15) stime = std::atof(field.c_str());
  }
  return (utime + stime) * 1e6 / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

int ServeEddy(int threads) {
  ServerOptions options;
  options.port = 0;
  options.threads = threads;
  static Server* server = new Server(options);  // lives until the child dies
  return server->Start().ok() ? server->port() : 0;
}

int ServeHttplibFloor(int) {
  // Its pool needs a thread per connection (cpp-httplib pins one to each
  // keep-alive connection) and its keep-alive limit (5 requests by default)
  // is lifted.
  static httplib::Server* floor = new httplib::Server();
  floor->new_task_queue = [] { return new httplib::ThreadPool(32); };
  floor->set_keep_alive_max_count(1'000'000);
  floor->set_keep_alive_timeout(60);
  floor->set_tcp_nodelay(true);
  floor->Post(".*", [](const httplib::Request&, httplib::Response& res) {
    res.set_content("{}", kJson10);
  });
  int port = floor->bind_to_any_port("127.0.0.1");
  new std::thread([] { floor->listen_after_bind(); });
  while (!floor->is_running()) std::this_thread::yield();
  return port;
}

int ServeEddyHttpFloor(int threads) {
  internal::HttpServerOptions http;
  http.threads = threads;
  static internal::HttpServer* floor = new internal::HttpServer(
      http,
      [](const internal::HttpRequest&, internal::HttpResponse* response) {
        response->AddHeader("Content-Type", kJson10);
        response->body = "{}";
      },
      [](internal::HttpError, std::string_view, internal::HttpResponse*) {});
  return floor->Start().ok() ? floor->port() : 0;
}

struct Measured {
  LoadResult load;
  double server_cpu_us = 0;  // per request
};

Measured Measure(const Child& child, int connections, double seconds,
                 Request (*make)(std::mt19937_64&), Wire wire = Wire::kPlain) {
  Measured m;
  double before = CpuMicros(child.pid);
  m.load = RunLoad(child.port, connections, seconds, make, wire);
  double after = CpuMicros(child.pid);
  // Warm-up requests (50 per connection) ran inside the window too.
  m.server_cpu_us = (after - before) /
                    static_cast<double>(m.load.requests + 50 * connections);
  return m;
}

void PrintRow(const char* name, int connections, const Measured& m) {
  const LoadResult& r = m.load;
  std::printf(
      "| %-32s | %2d | %7.0f | %7.1f | %7.1f | %7.1f | %7.1f |%s\n", name,
      connections, r.requests_per_second, r.mean_us, r.p50_us, r.p99_us,
      m.server_cpu_us,
      r.errors > 0 ? (" " + std::to_string(r.errors) + " errors").c_str() : "");
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// This eddy-server binary against `baseline` (an older build), both running
// side by side, GetItem on 1 connection in interleaved rounds: the ratio of
// server CPU per request and of mean round trip (medians of the rounds).
// Load on the machine hits both alike.
int CompareWithBaseline(const std::string& binary, const std::string& baseline,
                        double seconds) {
  Spawned now = SpawnServer(binary);
  Spawned before = SpawnServer(baseline);
  if (now.ready_ms < 0 || before.ready_ms < 0 || !Load(now.port) ||
      !Load(before.port)) {
    std::fprintf(stderr, "could not start %s and %s\n", binary.c_str(),
                 baseline.c_str());
    StopServer(now);
    StopServer(before);
    return 1;
  }
  constexpr int kCompareRounds = 10;
  std::vector<double> cpu_ratio, rt_ratio, cpu_now, cpu_before;
  for (int round = 0; round < kCompareRounds; ++round) {
    Measured b = Measure(Child{before.pid, before.port}, 1, seconds, GetItem);
    Measured n = Measure(Child{now.pid, now.port}, 1, seconds, GetItem);
    cpu_ratio.push_back(n.server_cpu_us / b.server_cpu_us);
    rt_ratio.push_back(n.load.mean_us / b.load.mean_us);
    cpu_now.push_back(n.server_cpu_us);
    cpu_before.push_back(b.server_cpu_us);
  }
  StopServer(now);
  StopServer(before);
  std::printf(
      "GetItem, 1 connection, %s vs %s, %d interleaved rounds of %.1f s:\n"
      "- server CPU per request: %.1f us vs %.1f us; ratio (median of "
      "rounds) %.3fx\n- mean round trip ratio (median of rounds): %.3fx\n",
      binary.c_str(), baseline.c_str(), kCompareRounds, seconds,
      Median(cpu_now), Median(cpu_before), Median(cpu_ratio), Median(rt_ratio));
  return 0;
}

int Main(int argc, char** argv) {
  double seconds = 2.0;
  std::string binary = EDDY_SERVER_BINARY;
  std::string baseline;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string flag = argv[i];
    if (flag == "--seconds") seconds = std::atof(argv[i + 1]);
    if (flag == "--eddy-server") binary = argv[i + 1];
    if (flag == "--baseline-server") baseline = argv[i + 1];
  }
  if (!baseline.empty()) return CompareWithBaseline(binary, baseline, seconds);
  const int threads =
      std::max(4, 2 * static_cast<int>(std::thread::hardware_concurrency()));
  Child eddy = ForkServer(ServeEddy, threads);
  Child floor_httplib = ForkServer(ServeHttplibFloor, threads);
  Child floor_eddy = ForkServer(ServeEddyHttpFloor, threads);
  if (eddy.port == 0 || floor_httplib.port == 0 || floor_eddy.port == 0 ||
      !Load(eddy.port)) {
    std::fprintf(stderr, "could not start the servers\n");
    StopChild(eddy);
    StopChild(floor_httplib);
    StopChild(floor_eddy);
    return 1;
  }

  std::printf(
      "eddy-server load, %.1f s per row, %d worker threads, %u "
      "hardware threads; round trips as the client sees them, server "
      "CPU from /proc\n\n",
      seconds, threads, std::thread::hardware_concurrency());
  std::printf("| %-32s | %2s | %7s | %7s | %7s | %7s | %7s |\n", "workload",
              "c", "req/s", "mean us", "p50 us", "p99 us", "srv CPU");
  std::printf("|%s|----|---------|---------|---------|---------|---------|\n",
              std::string(34, '-').c_str());
  for (int c : {1, 16}) {
    PrintRow("do-nothing (cpp-httplib server)", c,
             Measure(floor_httplib, c, seconds, GetItem));
    PrintRow("do-nothing (eddy HTTP layer)", c,
             Measure(floor_eddy, c, seconds, GetItem));
    PrintRow("GetItem (random of 10,000)", c,
             Measure(eddy, c, seconds, GetItem));
    PrintRow("PutItem (overwrite, ~200 B)", c,
             Measure(eddy, c, seconds, PutItem));
    PrintRow("Query (40 items, ~8 KB)", c, Measure(eddy, c, seconds, Query40));
  }

  // The ratio the issue sets (<= 1.3x), from interleaved short rounds so
  // that drift in machine load hits floor and GetItem alike; medians of the
  // per-round ratios, 1 connection.
  constexpr int kRounds = 5;
  std::vector<double> rt_httplib, rt_eddy, cpu_httplib, cpu_eddy, extra_cpu;
  for (int round = 0; round < kRounds; ++round) {
    const double s = std::max(0.5, seconds / 2);
    Measured a = Measure(floor_httplib, 1, s, GetItem);
    Measured b = Measure(floor_eddy, 1, s, GetItem);
    Measured g = Measure(eddy, 1, s, GetItem);
    rt_httplib.push_back(g.load.mean_us / a.load.mean_us);
    rt_eddy.push_back(g.load.mean_us / b.load.mean_us);
    cpu_httplib.push_back(g.server_cpu_us / a.server_cpu_us);
    cpu_eddy.push_back(g.server_cpu_us / b.server_cpu_us);
    extra_cpu.push_back(g.server_cpu_us - b.server_cpu_us);
  }
  std::printf(
      "\nGetItem / do-nothing responder, 1 connection, median of %d "
      "interleaved rounds (target <= 1.3x):\n"
      "- server CPU per request: %.2fx cpp-httplib's, %.2fx eddy's HTTP "
      "layer (eddy's protocol work: %.1f us CPU per GetItem)\n"
      "- mean round trip:        %.2fx cpp-httplib's, %.2fx eddy's HTTP "
      "layer\n",
      kRounds, Median(cpu_httplib), Median(cpu_eddy), Median(extra_cpu),
      Median(rt_httplib), Median(rt_eddy));

  // Compression, interleaved rounds in the same run (1 connection).
  std::vector<double> get_plain_rt, get_gzip_rt, get_plain_cpu, get_gzip_cpu;
  std::vector<double> mb_plain_rt, mb_gzip_rt, mb_plain_cpu, mb_gzip_cpu;
  for (int round = 0; round < kRounds; ++round) {
    const double s = std::max(0.5, seconds / 2);
    Measured a = Measure(eddy, 1, s, GetItem);
    Measured b = Measure(eddy, 1, s, GetItem, Wire::kGzipRequest);
    Measured c = Measure(eddy, 1, s, QueryMegabyte);
    Measured d = Measure(eddy, 1, s, QueryMegabyte, Wire::kAcceptGzip);
    if (round == 0) {
      std::printf(
          "\nCompression (1 connection; first of %d interleaved "
          "rounds):\n",
          kRounds);
      PrintRow("GetItem", 1, a);
      PrintRow("GetItem, gzip request body", 1, b);
      PrintRow("Query ~1 MB answer", 1, c);
      PrintRow("Query ~1 MB, accepting gzip", 1, d);
    }
    get_plain_rt.push_back(a.load.mean_us);
    get_gzip_rt.push_back(b.load.mean_us);
    get_plain_cpu.push_back(a.server_cpu_us);
    get_gzip_cpu.push_back(b.server_cpu_us);
    mb_plain_rt.push_back(c.load.mean_us);
    mb_gzip_rt.push_back(d.load.mean_us);
    mb_plain_cpu.push_back(c.server_cpu_us);
    mb_gzip_cpu.push_back(d.server_cpu_us);
  }
  std::mt19937_64 rng(1);
  const auto [mb_wire_plain, mb_plain_bytes] =
      AnswerBytes(eddy.port, QueryMegabyte(rng), Wire::kPlain);
  const auto [mb_wire_gzip, mb_gzip_bytes] =
      AnswerBytes(eddy.port, QueryMegabyte(rng), Wire::kAcceptGzip);
  const Request get = GetItem(rng);
  std::printf(
      "Medians of %d rounds:\n"
      "- GetItem, gzip request body: mean round trip %.1f us vs %.1f us "
      "plain (%.2fx); server CPU %.1f us vs %.1f us (%.2fx); a %zu-byte "
      "body\n"
      "- Query ~1 MB: mean round trip %.0f us with Accept-Encoding gzip vs "
      "%.0f us plain (%.2fx); server CPU %.0f us vs %.0f us (%.2fx); %zu "
      "bytes on the wire vs %zu (%zu decoded)\n",
      kRounds, Median(get_gzip_rt), Median(get_plain_rt),
      Median(get_gzip_rt) / Median(get_plain_rt), Median(get_gzip_cpu),
      Median(get_plain_cpu), Median(get_gzip_cpu) / Median(get_plain_cpu),
      get.body.size(), Median(mb_gzip_rt), Median(mb_plain_rt),
      Median(mb_gzip_rt) / Median(mb_plain_rt), Median(mb_gzip_cpu),
      Median(mb_plain_cpu), Median(mb_gzip_cpu) / Median(mb_plain_cpu),
      mb_wire_gzip, mb_wire_plain, mb_gzip_bytes);
  (void)mb_plain_bytes;

  StopChild(eddy);
  StopChild(floor_httplib);
  StopChild(floor_eddy);

  BinaryFigures(binary);
  return 0;
}

}  // namespace
}  // namespace eddy::server

int main(int argc, char** argv) { return eddy::server::Main(argc, argv); }
