// Copyright 2026 The eddy Authors.
//
// HttpServer: the small HTTP/1.1 server under eddy-server. It owns the
// sockets and the worker threads and hands each complete request to a
// handler; it knows nothing about DynamoDB.
//
//   HttpServerOptions options;            // 127.0.0.1, a free port
//   HttpServer server(options,
//       [](const HttpRequest& request, HttpResponse* response) {
//         response->AddHeader("Content-Type", "text/plain");
//         response->body = "hello";
//       },
//       [](HttpError error, std::string_view detail, HttpResponse* response) {
//         response->body = std::string(detail);
//       });
//   Status s = server.Start();            // listening when this returns
//   int port = server.port();
//   ...
//   server.Stop();                        // or let the destructor do it
//
// Design (why not cpp-httplib's server): every worker thread waits in
// epoll_wait on one shared epoll set with EPOLLONESHOT, so an event is handled
// by exactly one worker, and a connection holds a worker only while it has
// bytes to parse, a request to execute or a response to write. An idle
// keep-alive connection, or a client that stalls half-way through a request,
// holds no thread at all, so `threads` connections can never starve the
// rest. (cpp-httplib 0.11 binds a connection to a pool thread for its whole
// keep-alive life, and grows a header line without limit.)
//
// Bounds
// - Requests: HttpLimits (head size, header count, body size) refused with
//   400 / 413 via the error handler; the connection is then closed
//   after a lingering drain, so the client can read the answer.
// - Memory per connection: at most one request (head + body, or twice the
//   body for chunked framing) plus its response.
// - Connections: at most max_connections; the next one gets a 503 from the
//   error handler and is closed.
// - Buffered request bytes across all connections (input buffers, chunked
//   bodies, and what the handler takes from buffer_budget(), e.g. decoded
//   bodies and the attribute values decoded from them): at most
//   max_buffered_bytes. A request that would need more is
//   answered 503 from the error handler without buffering more, and its
//   connection is drained and closed. An idle connection keeps at most a
//   16 KiB buffer.
// - Memory after a burst: once the requests since the last trim needed
//   trim_after_bytes of input buffers, bodies and responses, or when a sweep
//   interval passes with no request after any was served, a sweep gives the
//   allocator's free pages back to the system (glibc's malloc_trim), at most
//   once a second, so a burst of large or hostile requests does not leave
//   the process at its peak resident size.
// - Time (read from `clock`): idle keep-alive connections are closed after
//   idle_timeout; a request that makes no progress for read_timeout, or takes
//   longer than request_timeout in all, is dropped; a response the client
//   does not read for write_timeout is dropped.
//
// Shutdown: BeginShutdown() closes the listening socket at once (new clients
// are refused), closes idle connections, and lets requests in progress finish:
// each gets its answer with `Connection: close`. drained() tells when no
// connection is left; Stop() then joins the workers.
//
// Thread safety: Start, BeginShutdown and Stop from one thread (BeginShutdown
// may also race with the workers); the handlers are called from many worker
// threads at once and must be thread-safe. port(), drained() and the counters
// may be read from any thread.

#ifndef EDDY_TOOLS_EDDY_SERVER_INTERNAL_HTTP_SERVER_H_
#define EDDY_TOOLS_EDDY_SERVER_INTERNAL_HTTP_SERVER_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <vector>

#include "emulator/base/clock.h"
#include "emulator/base/status.h"
#include "tools/eddy-server/internal/byte_budget.h"
#include "tools/eddy-server/internal/http_parser.h"

struct sockaddr;

namespace eddy::server::internal {

// True for IPv4 127.0.0.0/8, IPv6 ::1 and IPv4-mapped ::ffff:127.0.0.0/104.
bool IsLoopbackAddress(const sockaddr* address);

struct HttpServerOptions {
  // Address to listen on (IPv4 or IPv6 literal, or a host name). Default:
  // loopback only.
  std::string host = "127.0.0.1";
  // 0 picks a free port; port() tells which.
  int port = 0;
  // Worker threads: how many requests are parsed/executed/written at once.
  int threads = 4;
  // Open connections beyond this are answered 503 and closed.
  int max_connections = 1024;
  // Request bytes buffered across all connections (see Bounds).
  size_t max_buffered_bytes = size_t{256} << 20;
  HttpLimits limits;
  // Timeouts, in microseconds of `clock`.
  int64_t idle_timeout_micros = 120'000'000;    // keep-alive, between requests
  int64_t read_timeout_micros = 10'000'000;     // no progress inside a request
  int64_t request_timeout_micros = 60'000'000;  // a whole request
  int64_t write_timeout_micros = 10'000'000;    // no progress writing
  // How often timeouts are checked, in real milliseconds.
  int sweep_interval_millis = 100;
  // Request and response bytes after which a sweep returns free memory to
  // the system (see Bounds); 0: never.
  size_t trim_after_bytes = size_t{1} << 20;
  // Where time comes from for the timeouts. Not owned.
  Clock* clock = Clock::Real();
};

struct HttpResponse {
  int status = 200;
  // Header lines, "Name: value\r\n" each (use AddHeader). Content-Length and
  // Connection are added by the server.
  std::string headers;
  std::string body;
  // Close the connection after this response.
  bool close = false;

  void AddHeader(std::string_view name, std::string_view value);
};

using HttpHandler = std::function<void(const HttpRequest&, HttpResponse*)>;
// Fills the response for a request that could not be read (or a connection
// refused for capacity). The status is preset from HttpErrorStatus(error).
using HttpErrorHandler =
    std::function<void(HttpError, std::string_view detail, HttpResponse*)>;

class HttpServer {
 public:
  HttpServer(HttpServerOptions options, HttpHandler handler,
             HttpErrorHandler error_handler);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds, listens and starts the workers. Errors (kInternalServerError with
  // the reason): the address does not resolve, the port is taken, or the
  // server was started before.
  Status Start();
  // Stops accepting, lets requests being executed finish, closes every
  // connection and joins the workers. Idempotent.
  void Stop();
  // Closes the listening socket and idle connections; requests in progress
  // finish and their connections close after the answer. Idempotent.
  void BeginShutdown();
  // After BeginShutdown: true once no connection is open.
  bool drained() const { return connections_open() == 0; }

  // The bound port (after Start).
  int port() const { return port_; }
  // Counters, for tests and benchmarks.
  int64_t connections_accepted() const { return accepted_.load(); }
  int64_t connections_open() const;
  // The process-wide budget of buffered request bytes; handlers take what
  // they allocate per request (e.g. a decoded body) from it too.
  ByteBudget& buffer_budget() { return budget_; }
  const ByteBudget& buffer_budget() const { return budget_; }

 private:
  struct Connection;
  enum class Next { kRead, kWrite, kClose };

  void WorkerLoop();
  void AcceptBatch();
  void RefuseConnection(int fd);
  // Sets the connection's charge to its input buffer plus its parser's
  // buffered body; false if the budget cannot cover the growth.
  bool Recharge(Connection* c);
  void ReleaseCharge(Connection* c);
  // Answers 503 (error handler) and drains the connection.
  Next RefuseForBudget(Connection* c);
  Connection* Acquire(uint64_t id);
  void Release(Connection* c, Next next);
  void CloseLocked(Connection* c);
  void Sweep();
  // Called by the sweep holding sweep_mu_: returns free memory to the
  // system, at most once a second, when trim_after_bytes were served or
  // when the server went quiet after serving anything.
  void ReturnFreeMemory(int64_t now);
  Next Serve(Connection* c);
  Next ProcessInput(Connection* c, bool eof);
  void QueueResponse(Connection* c, const HttpRequest* request,
                     HttpResponse response);
  // Writes what is queued. kRead: all written; kWrite: the socket is full;
  // kClose: the peer is gone.
  Next Flush(Connection* c);
  Next AfterWrite(Connection* c);
  void SetDeadline(Connection* c, int64_t now);

  const HttpServerOptions options_;
  const HttpHandler handler_;
  const HttpErrorHandler error_handler_;

  int listen_fd_ = -1;
  int epoll_fd_ = -1;
  int wake_fd_ = -1;
  int port_ = 0;
  bool started_ = false;
  std::atomic<bool> stopping_{false};
  std::atomic<bool> listen_paused_{false};
  std::atomic<bool> draining_{false};
  std::mutex listen_mu_;  // guards listen_fd_ once workers run
  std::vector<std::thread> workers_;

  mutable std::mutex mu_;  // guards connections_, next_id_, busy flags
  std::unordered_map<uint64_t, std::unique_ptr<Connection>> connections_;
  uint64_t next_id_ = 16;  // ids below are reserved for the listener/wakeup

  std::mutex sweep_mu_;
  std::atomic<int64_t> last_sweep_micros_{0};
  // Bytes of input buffers, bodies and responses since free memory was
  // last returned.
  std::atomic<size_t> served_since_trim_{0};
  int64_t last_trim_micros_ = 0;     // guarded by sweep_mu_
  size_t served_at_last_sweep_ = 0;  // guarded by sweep_mu_
  std::atomic<int64_t> accepted_{0};
  ByteBudget budget_;
};

}  // namespace eddy::server::internal

#endif  // EDDY_TOOLS_EDDY_SERVER_INTERNAL_HTTP_SERVER_H_
