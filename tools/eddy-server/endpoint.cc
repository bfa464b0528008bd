// Copyright 2026 The eddy Authors.

#include "tools/eddy-server/endpoint.h"

#include <chrono>
#include <thread>
#include <utility>

#include "tools/eddy-server/server.h"

namespace eddy::server {
namespace {

// How long Stop() lets requests in progress finish before it joins the
// workers anyway (eddy-server's default --shutdown-grace).
constexpr std::chrono::seconds kStopGrace(5);

ServerOptions ToServerOptions(EndpointOptions options) {
  ServerOptions s;
  s.host = std::move(options.host);
  s.port = options.port;
  s.threads = options.threads;
  s.network_clock = options.network_clock;
  s.request_log = std::move(options.request_log);
  s.database = std::move(options.database);
  return s;
}

}  // namespace

struct Endpoint::Impl {
  Impl(ServerOptions options, Database* database)
      : server(std::move(options), database) {}
  Server server;
  std::string url;
  std::string host;
  bool stopped = false;
};

StatusOr<Endpoint> Endpoint::Start(EndpointOptions options) {
  return Start(nullptr, std::move(options));
}

StatusOr<Endpoint> Endpoint::Start(Database* database,
                                   EndpointOptions options) {
  std::string host = options.host;
  auto impl =
      std::make_unique<Impl>(ToServerOptions(std::move(options)), database);
  Status started = impl->server.Start();
  if (!started.ok()) return started;
  impl->url = impl->server.url();
  impl->host = std::move(host);
  return Endpoint(std::move(impl));
}

Endpoint::Endpoint(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Endpoint::Endpoint(Endpoint&&) noexcept = default;
Endpoint& Endpoint::operator=(Endpoint&& other) noexcept {
  if (this != &other) {
    Stop();
    impl_ = std::move(other.impl_);
  }
  return *this;
}
Endpoint::~Endpoint() { Stop(); }

const std::string& Endpoint::url() const { return impl_->url; }
const std::string& Endpoint::host() const { return impl_->host; }
int Endpoint::port() const { return impl_->server.port(); }
Database& Endpoint::database() { return impl_->server.database(); }

void Endpoint::Stop() {
  if (impl_ == nullptr || impl_->stopped) return;
  impl_->stopped = true;
  impl_->server.BeginShutdown();
  // Idle connections are closed by now; requests in progress get their
  // answers (with Connection: close) within the grace.
  const auto deadline = std::chrono::steady_clock::now() + kStopGrace;
  while (!impl_->server.drained() &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  impl_->server.Stop();
}

}  // namespace eddy::server
