// Copyright 2026 The eddy Authors.

#include "tools/eddy-server/internal/http_server.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <utility>

namespace eddy::server::internal {
namespace {

constexpr uint64_t kWakeId = 1;
constexpr uint64_t kListenId = 2;
constexpr int kAcceptBatch = 64;
constexpr size_t kInitialInputBytes = 16 * 1024;
// Bytes read and thrown away after an error answer before the socket closes
// (so the client can finish sending and read the answer instead of a reset).
constexpr size_t kMaxDrainBytes = 64 * 1024 * 1024;

std::string_view ReasonPhrase(int status) {
  switch (status) {
    case 100:
      return "Continue";
    case 200:
      return "OK";
    case 400:
      return "Bad Request";
    case 404:
      return "Not Found";
    case 413:
      return "Request Entity Too Large";
    case 431:
      return "Request Header Fields Too Large";
    case 500:
      return "Internal Server Error";
    case 501:
      return "Not Implemented";
    case 503:
      return "Service Unavailable";
    case 505:
      return "HTTP Version Not Supported";
    default:
      return "Unknown";
  }
}

Status SystemError(std::string what) {
  return Status(ErrorCode::kInternalServerError,
                what + ": " + std::strerror(errno));
}

// The whole response as one string (used where it is sent at most once).
std::string Serialize(const HttpResponse& r, bool head_only,
                      bool http10_keep_alive) {
  std::string out = "HTTP/1.1 " + std::to_string(r.status) + " ";
  out += ReasonPhrase(r.status);
  out += "\r\n";
  out += r.headers;
  out += "Content-Length: ";
  out += std::to_string(r.body.size());
  out += "\r\n";
  if (r.close) {
    out += "Connection: close\r\n";
  } else if (http10_keep_alive) {
    out += "Connection: keep-alive\r\n";
  }
  out += "\r\n";
  if (!head_only) out += r.body;
  return out;
}

}  // namespace

bool IsLoopbackAddress(const sockaddr* address) {
  if (address == nullptr) return false;
  if (address->sa_family == AF_INET) {
    const auto* in = reinterpret_cast<const sockaddr_in*>(address);
    return (ntohl(in->sin_addr.s_addr) >> 24) == 127;
  }
  if (address->sa_family == AF_INET6) {
    const auto* in6 = reinterpret_cast<const sockaddr_in6*>(address);
    if (IN6_IS_ADDR_LOOPBACK(&in6->sin6_addr)) return true;
    return IN6_IS_ADDR_V4MAPPED(&in6->sin6_addr) &&
           in6->sin6_addr.s6_addr[12] == 127;
  }
  return false;
}

void HttpResponse::AddHeader(std::string_view name, std::string_view value) {
  headers.append(name);
  headers.append(": ");
  headers.append(value);
  headers.append("\r\n");
}

struct HttpServer::Connection {
  enum class Phase { kReading, kWriting, kDraining };
  enum class After { kNextRequest, kClose, kDrain, kContinueReading };

  Connection(uint64_t id_in, int fd_in, const HttpLimits& limits)
      : id(id_in), fd(fd_in), parser(limits) {}
  ~Connection() {
    if (fd >= 0) ::close(fd);
  }

  std::string_view input() const { return std::string_view(in.get(), in_size); }

  const uint64_t id;
  int fd;
  bool busy = false;  // a worker holds it; guarded by HttpServer::mu_
  bool peer_loopback = false;
  // Bytes taken from the server's ByteBudget: the input buffer's capacity
  // and the parser's buffered (chunked) body.
  size_t charged_input = 0;
  size_t charged_parser = 0;
  Phase phase = Phase::kReading;
  int64_t deadline = 0;

  // Input: the current request from its first byte, plus anything after it.
  std::unique_ptr<char[]> in;
  size_t in_size = 0;
  size_t in_capacity = 0;
  RequestParser parser;
  bool continue_sent = false;
  int64_t request_started = 0;  // 0: no request in progress
  int64_t last_progress = 0;

  // Output: a response (head, then body) being written.
  std::string out_head;
  std::string out_body;
  size_t out_sent = 0;
  After after = After::kNextRequest;

  int64_t drain_deadline = 0;
  size_t drained = 0;
};

HttpServer::HttpServer(HttpServerOptions options, HttpHandler handler,
                       HttpErrorHandler error_handler)
    : options_(std::move(options)),
      handler_(std::move(handler)),
      error_handler_(std::move(error_handler)),
      budget_(options_.max_buffered_bytes) {}

HttpServer::~HttpServer() { Stop(); }

int64_t HttpServer::connections_open() const {
  std::lock_guard<std::mutex> lock(mu_);
  return static_cast<int64_t>(connections_.size());
}

Status HttpServer::Start() {
  if (started_) {
    return Status(ErrorCode::kInternalServerError, "server already started");
  }
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE;
  addrinfo* found = nullptr;
  std::string port = std::to_string(options_.port);
  int rc = ::getaddrinfo(options_.host.c_str(), port.c_str(), &hints, &found);
  if (rc != 0) {
    return Status(
        ErrorCode::kInternalServerError,
        "cannot resolve '" + options_.host + "': " + ::gai_strerror(rc));
  }
  Status error = Status(ErrorCode::kInternalServerError,
                        "no address to listen on for '" + options_.host + "'");
  for (addrinfo* ai = found; ai != nullptr; ai = ai->ai_next) {
    int fd =
        ::socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC,
                 ai->ai_protocol);
    if (fd < 0) {
      error = SystemError("socket");
      continue;
    }
    int one = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
    if (::bind(fd, ai->ai_addr, ai->ai_addrlen) != 0) {
      error = SystemError("cannot listen on " + options_.host + ":" + port);
      ::close(fd);
      continue;
    }
    if (::listen(fd, SOMAXCONN) != 0) {
      error = SystemError("listen");
      ::close(fd);
      continue;
    }
    listen_fd_ = fd;
    break;
  }
  ::freeaddrinfo(found);
  if (listen_fd_ < 0) return error;

  sockaddr_storage addr{};
  socklen_t len = sizeof(addr);
  ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&addr), &len);
  port_ = addr.ss_family == AF_INET6
              ? ntohs(reinterpret_cast<sockaddr_in6*>(&addr)->sin6_port)
              : ntohs(reinterpret_cast<sockaddr_in*>(&addr)->sin_port);

  epoll_fd_ = ::epoll_create1(EPOLL_CLOEXEC);
  wake_fd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (epoll_fd_ < 0 || wake_fd_ < 0) {
    Status s = SystemError("epoll");
    Stop();
    return s;
  }
  epoll_event wake{};
  wake.events = EPOLLIN;  // level-triggered: wakes every worker on Stop
  wake.data.u64 = kWakeId;
  epoll_event listen{};
  listen.events = EPOLLIN | EPOLLONESHOT;
  listen.data.u64 = kListenId;
  if (::epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, wake_fd_, &wake) != 0 ||
      ::epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, listen_fd_, &listen) != 0) {
    Status s = SystemError("epoll_ctl");
    Stop();
    return s;
  }
  started_ = true;
  last_sweep_micros_.store(options_.clock->NowMicros());
  int threads = std::max(1, options_.threads);
  workers_.reserve(threads);
  for (int i = 0; i < threads; ++i) {
    workers_.emplace_back([this] { WorkerLoop(); });
  }
  return Status::OK();
}

void HttpServer::Stop() {
  if (!stopping_.exchange(true)) {
    if (wake_fd_ >= 0) {
      uint64_t one = 1;
      [[maybe_unused]] ssize_t n = ::write(wake_fd_, &one, sizeof(one));
    }
  }
  for (std::thread& t : workers_) {
    if (t.joinable()) t.join();
  }
  workers_.clear();
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (auto& [id, c] : connections_) ReleaseCharge(c.get());
    connections_.clear();  // closes the sockets
  }
  std::lock_guard<std::mutex> listen_lock(listen_mu_);
  for (int* fd : {&listen_fd_, &epoll_fd_, &wake_fd_}) {
    if (*fd >= 0) ::close(*fd);
    *fd = -1;
  }
}

void HttpServer::BeginShutdown() {
  if (!started_) return;
  draining_.store(true, std::memory_order_release);
  {
    // New clients are refused from here on (connect gets ECONNREFUSED).
    std::lock_guard<std::mutex> listen_lock(listen_mu_);
    if (listen_fd_ >= 0) {
      ::epoll_ctl(epoll_fd_, EPOLL_CTL_DEL, listen_fd_, nullptr);
      ::close(listen_fd_);
      listen_fd_ = -1;
    }
  }
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<Connection*> idle;
  for (auto& [id, c] : connections_) {
    if (!c->busy && c->phase == Connection::Phase::kReading &&
        c->in_size == 0) {
      idle.push_back(c.get());
    }
  }
  for (Connection* c : idle) CloseLocked(c);
}

void HttpServer::WorkerLoop() {
  while (true) {
    epoll_event event{};
    int n = ::epoll_wait(epoll_fd_, &event, 1, options_.sweep_interval_millis);
    if (stopping_.load(std::memory_order_acquire)) return;
    Sweep();
    if (n <= 0) continue;
    if (event.data.u64 == kWakeId) continue;
    if (event.data.u64 == kListenId) {
      AcceptBatch();
      continue;
    }
    Connection* c = Acquire(event.data.u64);
    if (c == nullptr) continue;
    Release(c, Serve(c));
  }
}

void HttpServer::AcceptBatch() {
  std::lock_guard<std::mutex> listen_lock(listen_mu_);
  if (listen_fd_ < 0) return;  // shut down
  for (int i = 0; i < kAcceptBatch; ++i) {
    sockaddr_storage peer{};
    socklen_t peer_len = sizeof(peer);
    int fd = ::accept4(listen_fd_, reinterpret_cast<sockaddr*>(&peer),
                       &peer_len, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) {
      if (errno == EINTR || errno == ECONNABORTED) continue;
      if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS ||
          errno == ENOMEM) {
        // Out of descriptors: stop accepting until a sweep finds room.
        listen_paused_.store(true);
        return;
      }
      break;  // EAGAIN: nothing more to accept
    }
    accepted_.fetch_add(1, std::memory_order_relaxed);
    int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
    std::unique_lock<std::mutex> lock(mu_);
    if (connections_.size() >= static_cast<size_t>(options_.max_connections)) {
      lock.unlock();
      RefuseConnection(fd);
      continue;
    }
    auto c = std::make_unique<Connection>(next_id_++, fd, options_.limits);
    c->peer_loopback = IsLoopbackAddress(reinterpret_cast<sockaddr*>(&peer));
    SetDeadline(c.get(), options_.clock->NowMicros());
    epoll_event ev{};
    ev.events = EPOLLIN | EPOLLRDHUP | EPOLLONESHOT;
    ev.data.u64 = c->id;
    if (::epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, fd, &ev) != 0) continue;
    connections_.emplace(c->id, std::move(c));
  }
  epoll_event ev{};
  ev.events = EPOLLIN | EPOLLONESHOT;
  ev.data.u64 = kListenId;
  ::epoll_ctl(epoll_fd_, EPOLL_CTL_MOD, listen_fd_, &ev);
}

void HttpServer::RefuseConnection(int fd) {
  HttpResponse r;
  r.status = HttpErrorStatus(HttpError::kServiceUnavailable);
  error_handler_(HttpError::kServiceUnavailable, "too many open connections",
                 &r);
  r.close = true;
  std::string bytes = Serialize(r, /*head_only=*/false,
                                /*http10_keep_alive=*/false);
  // Best effort: a fresh socket's send buffer takes a short answer at once.
  [[maybe_unused]] ssize_t n =
      ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
  ::close(fd);
}

HttpServer::Connection* HttpServer::Acquire(uint64_t id) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = connections_.find(id);
  if (it == connections_.end() || it->second->busy) return nullptr;
  it->second->busy = true;
  return it->second.get();
}

void HttpServer::Release(Connection* c, Next next) {
  std::lock_guard<std::mutex> lock(mu_);
  c->busy = false;
  if (next == Next::kClose || stopping_.load(std::memory_order_acquire)) {
    CloseLocked(c);
    return;
  }
  if (draining_.load(std::memory_order_acquire) && next == Next::kRead &&
      c->phase == Connection::Phase::kReading && c->in_size == 0) {
    CloseLocked(c);  // shutting down: idle connections go
    return;
  }
  SetDeadline(c, options_.clock->NowMicros());
  epoll_event ev{};
  ev.events =
      (next == Next::kWrite ? EPOLLOUT : EPOLLIN) | EPOLLRDHUP | EPOLLONESHOT;
  ev.data.u64 = c->id;
  if (::epoll_ctl(epoll_fd_, EPOLL_CTL_MOD, c->fd, &ev) != 0) CloseLocked(c);
}

void HttpServer::ReleaseCharge(Connection* c) {
  budget_.Release(c->charged_input + c->charged_parser);
  c->charged_input = 0;
  c->charged_parser = 0;
}

bool HttpServer::Recharge(Connection* c) {
  const size_t want = c->parser.buffered_body_capacity();
  if (want == c->charged_parser) return true;  // the usual case: no atomics
  if (want > c->charged_parser) {
    if (!budget_.TryAcquire(want - c->charged_parser)) return false;
  } else {
    budget_.Release(c->charged_parser - want);
  }
  c->charged_parser = want;
  return true;
}

HttpServer::Next HttpServer::RefuseForBudget(Connection* c) {
  HttpResponse r;
  r.status = HttpErrorStatus(HttpError::kServiceUnavailable);
  error_handler_(HttpError::kServiceUnavailable,
                 "the server is holding too many request bytes at once "
                 "(--max-buffered-bytes); retry the request later",
                 &r);
  r.close = true;
  QueueResponse(c, nullptr, std::move(r));
  c->after = Connection::After::kDrain;
  Next next = Flush(c);
  if (next != Next::kRead) return next;
  return AfterWrite(c);
}

void HttpServer::CloseLocked(Connection* c) {
  ReleaseCharge(c);
  ::epoll_ctl(epoll_fd_, EPOLL_CTL_DEL, c->fd, nullptr);
  connections_.erase(c->id);  // the destructor closes the socket
}

void HttpServer::SetDeadline(Connection* c, int64_t now) {
  switch (c->phase) {
    case Connection::Phase::kReading:
      if (c->in_size == 0) {
        c->deadline = now + options_.idle_timeout_micros;
      } else {
        c->deadline =
            std::min(c->last_progress + options_.read_timeout_micros,
                     c->request_started + options_.request_timeout_micros);
      }
      break;
    case Connection::Phase::kWriting:
      c->deadline = c->last_progress + options_.write_timeout_micros;
      break;
    case Connection::Phase::kDraining:
      c->deadline = c->drain_deadline;
      break;
  }
}

void HttpServer::Sweep() {
  const int64_t now = options_.clock->NowMicros();
  const int64_t interval = int64_t{options_.sweep_interval_millis} * 1000;
  if (now - last_sweep_micros_.load(std::memory_order_relaxed) < interval) {
    return;
  }
  std::unique_lock<std::mutex> sweep(sweep_mu_, std::try_to_lock);
  if (!sweep.owns_lock()) return;
  last_sweep_micros_.store(now, std::memory_order_relaxed);
  bool rearm = false;
  {
    std::lock_guard<std::mutex> lock(mu_);
    std::vector<Connection*> expired;
    for (auto& [id, c] : connections_) {
      if (!c->busy && c->deadline <= now) expired.push_back(c.get());
    }
    for (Connection* c : expired) CloseLocked(c);
    rearm = listen_paused_.load() &&
            connections_.size() < static_cast<size_t>(options_.max_connections);
  }
  ReturnFreeMemory(now);
  // listen_mu_ is never taken while mu_ is held (AcceptBatch takes them in
  // the other order).
  if (rearm) {
    std::lock_guard<std::mutex> listen_lock(listen_mu_);
    if (listen_fd_ >= 0) {
      listen_paused_.store(false);
      epoll_event ev{};
      ev.events = EPOLLIN | EPOLLONESHOT;
      ev.data.u64 = kListenId;
      ::epoll_ctl(epoll_fd_, EPOLL_CTL_MOD, listen_fd_, &ev);
    }
  }
}

void HttpServer::ReturnFreeMemory(int64_t now) {
  const size_t served = served_since_trim_.load(std::memory_order_relaxed);
  // Quiet: something was served since the last trim, nothing since the last
  // sweep. The tail of a burst is returned then, even when it was smaller
  // than trim_after_bytes.
  const bool quiet = served > 0 && served == served_at_last_sweep_;
  served_at_last_sweep_ = served;
  if (options_.trim_after_bytes == 0 ||
      (served < options_.trim_after_bytes && !quiet) ||
      now - last_trim_micros_ < 1'000'000) {
    return;
  }
  served_at_last_sweep_ = 0;
  served_since_trim_.store(0, std::memory_order_relaxed);
  last_trim_micros_ = now;
#if defined(__GLIBC__)
  ::malloc_trim(0);
#endif
}

HttpServer::Next HttpServer::Serve(Connection* c) {
  switch (c->phase) {
    case Connection::Phase::kWriting: {
      Next next = Flush(c);
      if (next != Next::kRead) return next;
      next = AfterWrite(c);
      if (next != Next::kRead || c->phase != Connection::Phase::kReading) {
        return next;
      }
      return ProcessInput(c, /*eof=*/false);
    }
    case Connection::Phase::kDraining: {
      char scratch[16 * 1024];
      while (true) {
        ssize_t n = ::recv(c->fd, scratch, sizeof(scratch), 0);
        if (n > 0) {
          c->drained += static_cast<size_t>(n);
          if (c->drained > kMaxDrainBytes) return Next::kClose;
          continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
          return Next::kRead;
        }
        return Next::kClose;  // end of stream or error
      }
    }
    case Connection::Phase::kReading:
      break;
  }

  // The most input one connection may hold: one request of the largest
  // allowed size (chunked framing may double the body).
  const HttpLimits& limits = options_.limits;
  const size_t max_input =
      limits.max_header_bytes * 2 + limits.max_body_bytes * 2 + 8192;
  bool eof = false;
  while (true) {
    if (c->in_size == c->in_capacity) {
      if (c->in_capacity >= max_input) break;
      if (c->in_size > 0 &&
          c->parser.Parse(c->input()) != RequestParser::State::kIncomplete) {
        break;  // a whole request (or an error) is here: answer it first
      }
      size_t capacity =
          std::min(max_input, std::max(kInitialInputBytes, c->in_capacity * 2));
      // A body framed by Content-Length gets a buffer of its exact size.
      const size_t expected = c->parser.expected_request_bytes();
      if (expected > c->in_capacity) capacity = std::min(max_input, expected);
      if (!budget_.TryAcquire(capacity - c->in_capacity)) {
        return RefuseForBudget(c);
      }
      auto bigger = std::make_unique_for_overwrite<char[]>(capacity);
      if (c->in_size > 0) std::memcpy(bigger.get(), c->in.get(), c->in_size);
      c->in = std::move(bigger);
      c->in_capacity = capacity;
      c->charged_input = capacity;
      // A large input buffer, even one refused later, is memory to return.
      served_since_trim_.fetch_add(capacity, std::memory_order_relaxed);
    }
    size_t room = c->in_capacity - c->in_size;
    ssize_t n = ::recv(c->fd, c->in.get() + c->in_size, room, 0);
    if (n > 0) {
      const int64_t now = options_.clock->NowMicros();
      if (c->in_size == 0) c->request_started = now;
      c->last_progress = now;
      c->in_size += static_cast<size_t>(n);
      if (static_cast<size_t>(n) < room) break;  // most likely drained
      continue;
    }
    if (n == 0) {
      eof = true;
      break;
    }
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) break;
    return Next::kClose;
  }
  Next next = ProcessInput(c, eof);
  if (next == Next::kRead && c->phase == Connection::Phase::kReading &&
      c->in_size > 0) {
    if (c->in_size >= max_input) {
      // Cannot happen with consistent limits (the parser refuses first); a
      // full buffer must never stall the connection, though.
      return Next::kClose;
    }
    // Part of a request is here and the rest is awaited: acknowledge at
    // once. A client with Nagle's algorithm on (cpp-httplib's default) holds
    // the body back until its head is acknowledged, and a delayed ACK would
    // cost it 40 ms per request.
    int one = 1;
    ::setsockopt(c->fd, IPPROTO_TCP, TCP_QUICKACK, &one, sizeof(one));
  }
  return next;
}

HttpServer::Next HttpServer::ProcessInput(Connection* c, bool eof) {
  while (true) {
    if (c->in_size == 0) {
      c->request_started = 0;
      // Give a large request's buffer back once the connection is idle.
      if (c->in_capacity > kInitialInputBytes) {
        c->in.reset();
        c->in_capacity = 0;
        budget_.Release(c->charged_input);
        c->charged_input = 0;
      }
      return eof ? Next::kClose : Next::kRead;
    }
    RequestParser::State state = c->parser.Parse(c->input());
    if (state == RequestParser::State::kIncomplete) {
      if (eof) return Next::kClose;  // the client gave up mid-request
      if (!Recharge(c)) return RefuseForBudget(c);
      if (c->parser.head_complete() && c->parser.expects_continue() &&
          !c->continue_sent) {
        c->continue_sent = true;
        c->out_head = "HTTP/1.1 100 Continue\r\n\r\n";
        c->out_body.clear();
        c->out_sent = 0;
        c->after = Connection::After::kContinueReading;
        Next next = Flush(c);
        if (next != Next::kRead) return next;
        AfterWrite(c);
      }
      return Next::kRead;
    }
    if (state == RequestParser::State::kError) {
      HttpResponse r;
      r.status = HttpErrorStatus(c->parser.error());
      error_handler_(c->parser.error(), c->parser.error_detail(), &r);
      r.close = true;
      QueueResponse(c, nullptr, std::move(r));
      c->after = Connection::After::kDrain;
      Next next = Flush(c);
      if (next != Next::kRead) return next;
      return AfterWrite(c);
    }

    HttpRequest& request = c->parser.mutable_request();
    request.peer_loopback = c->peer_loopback;
    request.held_bytes = c->charged_input + c->charged_parser;
    HttpResponse r;
    handler_(request, &r);
    served_since_trim_.fetch_add(request.body.size() + r.body.size(),
                                 std::memory_order_relaxed);
    if (!request.keep_alive || eof ||
        draining_.load(std::memory_order_acquire)) {
      r.close = true;
    }
    c->after =
        r.close ? Connection::After::kClose : Connection::After::kNextRequest;
    QueueResponse(c, &request, std::move(r));
    // Drop the request's bytes; pipelined ones move to the front.
    size_t used = c->parser.request_bytes();
    std::memmove(c->in.get(), c->in.get() + used, c->in_size - used);
    c->in_size -= used;
    c->parser.Reset();
    Recharge(c);  // only gives bytes back after a Reset
    c->continue_sent = false;
    c->request_started = c->in_size > 0 ? c->last_progress : 0;

    Next next = Flush(c);
    if (next != Next::kRead) return next;
    next = AfterWrite(c);
    if (next != Next::kRead) return next;
  }
}

void HttpServer::QueueResponse(Connection* c, const HttpRequest* request,
                               HttpResponse response) {
  const bool head_only = request != nullptr && request->method == "HEAD";
  const bool http10_keep_alive =
      request != nullptr && request->minor_version == 0 && !response.close;
  std::string& head = c->out_head;
  head.clear();
  head.append("HTTP/1.1 ");
  head.append(std::to_string(response.status));
  head.push_back(' ');
  head.append(ReasonPhrase(response.status));
  head.append("\r\n");
  head.append(response.headers);
  head.append("Content-Length: ");
  head.append(std::to_string(response.body.size()));
  head.append("\r\n");
  if (response.close) {
    head.append("Connection: close\r\n");
  } else if (http10_keep_alive) {
    head.append("Connection: keep-alive\r\n");
  }
  head.append("\r\n");
  if (head_only) response.body.clear();
  c->out_body = std::move(response.body);
  c->out_sent = 0;
  c->last_progress = options_.clock->NowMicros();
}

HttpServer::Next HttpServer::Flush(Connection* c) {
  const size_t total = c->out_head.size() + c->out_body.size();
  while (c->out_sent < total) {
    iovec iov[2];
    int count = 0;
    if (c->out_sent < c->out_head.size()) {
      iov[count++] = {c->out_head.data() + c->out_sent,
                      c->out_head.size() - c->out_sent};
      if (!c->out_body.empty()) {
        iov[count++] = {c->out_body.data(), c->out_body.size()};
      }
    } else {
      size_t off = c->out_sent - c->out_head.size();
      iov[count++] = {c->out_body.data() + off, c->out_body.size() - off};
    }
    msghdr msg{};
    msg.msg_iov = iov;
    msg.msg_iovlen = count;
    ssize_t n = ::sendmsg(c->fd, &msg, MSG_NOSIGNAL);
    if (n > 0) {
      c->out_sent += static_cast<size_t>(n);
      c->last_progress = options_.clock->NowMicros();
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      c->phase = Connection::Phase::kWriting;
      return Next::kWrite;
    }
    return Next::kClose;
  }
  c->out_head.clear();
  if (c->out_body.capacity() > (1 << 20)) {
    std::string().swap(c->out_body);
  } else {
    c->out_body.clear();
  }
  c->out_sent = 0;
  return Next::kRead;
}

HttpServer::Next HttpServer::AfterWrite(Connection* c) {
  switch (c->after) {
    case Connection::After::kNextRequest:
    case Connection::After::kContinueReading:
      c->phase = Connection::Phase::kReading;
      return Next::kRead;
    case Connection::After::kClose:
      return Next::kClose;
    case Connection::After::kDrain:
      // Lingering close: no more answers, but read (and drop) what the
      // client is still sending so that it sees our answer, not a reset.
      ::shutdown(c->fd, SHUT_WR);
      c->phase = Connection::Phase::kDraining;
      c->in_size = 0;
      c->in.reset();
      c->in_capacity = 0;
      budget_.Release(c->charged_input);
      c->charged_input = 0;
      c->drained = 0;
      c->drain_deadline =
          options_.clock->NowMicros() + options_.read_timeout_micros;
      return Next::kRead;
  }
  return Next::kClose;
}

}  // namespace eddy::server::internal
