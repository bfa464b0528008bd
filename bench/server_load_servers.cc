// Copyright 2026 The eddy Authors.

#include "bench/server_load_servers.h"

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
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <thread>
#include <utility>
#include <vector>

#include "tools/eddy-server/internal/http_server.h"

extern char** environ;

namespace eddy::bench {
namespace {

constexpr char kJson10[] = "application/x-amz-json-1.0";

bool StartsWithIgnoreCase(std::string_view text, std::string_view prefix) {
  if (text.size() < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(text[i])) !=
        std::tolower(static_cast<unsigned char>(prefix[i]))) {
      return false;
    }
  }
  return true;
}

}  // namespace

int64_t ContentLength(std::string_view head) {
  size_t pos = 0;
  while (pos < head.size()) {
    size_t end = head.find("\r\n", pos);
    if (end == std::string_view::npos) end = head.size();
    std::string_view line = head.substr(pos, end - pos);
    if (StartsWithIgnoreCase(line, "content-length:")) {
      return std::atoll(std::string(line.substr(15)).c_str());
    }
    pos = end + 2;
  }
  return -1;
}

int ConnectLoopback(int port, bool nonblocking) {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  int one = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) != 0) {
    ::close(fd);
    return -1;
  }
  if (nonblocking) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  return fd;
}

double ProcessCpuNanos(pid_t pid) {
  const std::string dir = "/proc/" + std::to_string(pid) + "/task";
  DIR* d = ::opendir(dir.c_str());
  if (d == nullptr) return 0;
  double total = 0;
  while (dirent* entry = ::readdir(d)) {
    if (entry->d_name[0] == '.') continue;
    std::ifstream f(dir + "/" + entry->d_name + "/schedstat");
    double ns = 0;
    if (f >> ns) total += ns;
  }
  ::closedir(d);
  return total;
}

// The floor: `threads` threads, each with its own SO_REUSEPORT listener on
// `port` and its own epoll set; answers every request with "{}".
[[noreturn]] void ServeFloor(int port, int threads, int ready_fd) {
  static constexpr char kAnswer[] =
      "HTTP/1.1 200 OK\r\nContent-Type: application/x-amz-json-1.0\r\n"
      "Content-Length: 2\r\n\r\n{}";
  auto listen_on = [](int p) {
    int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    int one = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &one, sizeof(one));
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<uint16_t>(p));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) != 0 ||
        ::listen(fd, SOMAXCONN) != 0) {
      std::perror("floor: listen");
      ::_exit(1);
    }
    socklen_t len = sizeof(addr);
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
    return std::pair<int, int>(fd, ntohs(addr.sin_port));
  };
  auto [first_fd, bound] = listen_on(port);
  std::vector<int> listeners = {first_fd};
  for (int i = 1; i < threads; ++i) listeners.push_back(listen_on(bound).first);

  auto loop = [](int listen_fd) {
    struct Conn {
      int fd;
      std::string in;
      std::string out;
    };
    const int ep = ::epoll_create1(EPOLL_CLOEXEC);
    epoll_event lev{};
    lev.events = EPOLLIN;
    lev.data.ptr = nullptr;
    ::epoll_ctl(ep, EPOLL_CTL_ADD, listen_fd, &lev);
    epoll_event events[128];
    char buf[64 * 1024];
    while (true) {
      const int n = ::epoll_wait(ep, events, 128, -1);
      for (int e = 0; e < n; ++e) {
        if (events[e].data.ptr == nullptr) {
          while (true) {
            int fd = ::accept4(listen_fd, nullptr, nullptr,
                               SOCK_NONBLOCK | SOCK_CLOEXEC);
            if (fd < 0) break;
            int one = 1;
            ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
            auto* conn = new Conn{fd, {}, {}};
            epoll_event ev{};
            ev.events = EPOLLIN | EPOLLRDHUP;
            ev.data.ptr = conn;
            ::epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev);
          }
          continue;
        }
        auto* conn = static_cast<Conn*>(events[e].data.ptr);
        bool closed = false;
        while (true) {
          ssize_t got = ::recv(conn->fd, buf, sizeof(buf), 0);
          if (got > 0) {
            conn->in.append(buf, static_cast<size_t>(got));
            if (static_cast<size_t>(got) < sizeof(buf)) break;
            continue;
          }
          if (got < 0 && errno == EINTR) continue;
          if (got == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) {
            closed = true;
          }
          break;
        }
        // Every whole request gets the fixed answer; they go out in one
        // write (a client that waits for each answer gets one at a time).
        size_t used = 0;
        while (true) {
          std::string_view rest(conn->in.data() + used, conn->in.size() - used);
          const size_t head_end = rest.find("\r\n\r\n");
          if (head_end == std::string_view::npos) break;
          int64_t length = ContentLength(rest.substr(0, head_end + 2));
          if (length < 0) length = 0;
          const size_t total = head_end + 4 + static_cast<size_t>(length);
          if (rest.size() < total) break;
          conn->out.append(kAnswer, sizeof(kAnswer) - 1);
          used += total;
        }
        conn->in.erase(0, used);
        // A blocking-style write loop: answers are tiny, the socket's send
        // buffer takes them.
        size_t sent = 0;
        while (sent < conn->out.size() && !closed) {
          ssize_t w = ::send(conn->fd, conn->out.data() + sent,
                             conn->out.size() - sent, MSG_NOSIGNAL);
          if (w > 0) {
            sent += static_cast<size_t>(w);
          } else if (w < 0 && (errno == EAGAIN || errno == EINTR)) {
            pollfd p{conn->fd, POLLOUT, 0};
            ::poll(&p, 1, 1000);
          } else {
            closed = true;
          }
        }
        conn->out.clear();
        if (closed) {
          ::epoll_ctl(ep, EPOLL_CTL_DEL, conn->fd, nullptr);
          ::close(conn->fd);
          delete conn;
        }
      }
    }
  };
  for (size_t i = 1; i < listeners.size(); ++i) {
    new std::thread(loop, listeners[i]);
  }
  [[maybe_unused]] ssize_t w = ::write(ready_fd, &bound, sizeof(bound));
  ::close(ready_fd);
  loop(listeners[0]);
  ::_exit(0);
}

// eddy's HTTP layer with an empty handler (as server_bench's).
[[noreturn]] void ServeEmpty(int port, int threads, int ready_fd) {
  using eddy::server::internal::HttpServer;
  eddy::server::internal::HttpServerOptions http;
  http.port = port;
  http.threads = threads;
  auto* server = new HttpServer(
      http,
      [](const eddy::server::internal::HttpRequest&,
         eddy::server::internal::HttpResponse* response) {
        response->AddHeader("Content-Type", kJson10);
        response->body = "{}";
      },
      [](eddy::server::internal::HttpError, std::string_view,
         eddy::server::internal::HttpResponse*) {});
  int bound = server->Start().ok() ? server->port() : 0;
  [[maybe_unused]] ssize_t w = ::write(ready_fd, &bound, sizeof(bound));
  ::close(ready_fd);
  if (bound == 0) ::_exit(1);
  while (true) ::pause();
}

// Forks a responder (before any thread exists in this process).
Target ForkResponder(const std::string& name,
                     void (*serve)(int port, int threads, int ready_fd),
                     int threads) {
  Target t;
  t.name = name;
  int fds[2];
  if (::pipe(fds) != 0) return t;
  pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    serve(0, threads, fds[1]);
  }
  ::close(fds[1]);
  t.pid = pid;
  if (::read(fds[0], &t.port, sizeof(t.port)) != sizeof(t.port)) t.port = 0;
  ::close(fds[0]);
  return t;
}

Target SpawnServer(const std::string& name, const std::string& binary) {
  Target t;
  t.name = name;
  t.spawned = true;
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return t;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
  std::vector<std::string> args = {binary, "--port", "0"};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int rc = posix_spawn(&t.pid, binary.c_str(), &actions, nullptr, argv.data(),
                       environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(fds[1]);
  if (rc != 0) {
    ::close(fds[0]);
    t.pid = -1;
    return t;
  }
  t.stdout_fd = fds[0];
  std::string line;
  while (line.find('\n') == std::string::npos) {
    pollfd p{t.stdout_fd, POLLIN, 0};
    if (::poll(&p, 1, 10'000) <= 0) return t;
    char buf[256];
    ssize_t n = ::read(t.stdout_fd, buf, sizeof(buf));
    if (n <= 0) return t;
    line.append(buf, static_cast<size_t>(n));
  }
  t.port = std::atoi(line.c_str() + line.rfind(':') + 1);
  return t;
}

void StopTarget(Target& t) {
  if (t.pid > 0 && !t.external) {
    ::kill(t.pid, t.spawned ? SIGTERM : SIGKILL);
    ::waitpid(t.pid, nullptr, 0);
  }
  if (t.stdout_fd >= 0) ::close(t.stdout_fd);
  t.pid = -1;
}

}  // namespace eddy::bench
