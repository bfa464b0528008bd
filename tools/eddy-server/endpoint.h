// Copyright 2026 The eddy Authors.
//
// Endpoint: eddy-server inside your own process, for tests of code that
// talks to DynamoDB through an SDK (the AWS SDK for C++, or any other: Go,
// Java, Python run as a subprocess). It listens on 127.0.0.1 on a free port,
// serves DynamoDB's JSON protocol exactly as the eddy-server binary does, and
// stops cleanly. CMake target eddy::server.
//
//   #include "tools/eddy-server/endpoint.h"
//
//   eddy::StatusOr<eddy::server::Endpoint> endpoint =
//       eddy::server::Endpoint::Start();           // its own Database
//   // or Endpoint::Start(&db_): serve a Database the test also uses directly
//   Aws::Client::ClientConfiguration config;
//   config.endpointOverride = endpoint->url();    // "http://127.0.0.1:41234"
//   ...
//   endpoint->Stop();                             // or let it go out of scope
//
// Contract
// - Start() returns once the socket listens: the first request can follow
//   at once. Errors: kInternalServerError when the address cannot be bound
//   (the message says why).
// - url() is "http://<host>:<port>" with the bound port; host() and port()
//   give its parts.
// - Any access key, secret and region work; requests are checked as
//   eddy-server checks them (tools/eddy-server/server.h), including the SigV4
//   date, which must be within 15 minutes of EndpointOptions::network_clock
//   (the real clock by default, even when the Database runs on a
//   ManualClock, so SDKs signing with the real time are accepted). eddy's
//   control operations (EddyInjectFault, EddyClearFaults) are served: the
//   client is on loopback.
// - Stop() stops accepting at once, lets requests in progress finish,
//   closes every connection and joins the worker threads; after it, the port
//   refuses connections. It is idempotent, and the destructor calls it. A
//   served Database (Start(&db)) is not owned and must outlive the Endpoint;
//   it keeps its data after Stop().
//
// Thread safety: Start, Stop and destruction from one thread; url(), host(),
// port() and database() from any thread while the Endpoint lives. Requests
// run on the Endpoint's worker threads, so a served Database is used from
// several threads at once (it is thread-safe).
//
// Endpoint is movable, not copyable; a moved-from Endpoint may only be
// destroyed or assigned to.

#ifndef EDDY_TOOLS_EDDY_SERVER_ENDPOINT_H_
#define EDDY_TOOLS_EDDY_SERVER_ENDPOINT_H_

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "emulator/api/database.h"
#include "emulator/api/options.h"
#include "emulator/base/clock.h"
#include "emulator/base/status.h"

namespace eddy::server {

struct EndpointOptions {
  // Listening address and port; 0 picks a free port.
  std::string host = "127.0.0.1";
  int port = 0;
  // Requests served at once.
  int threads = 4;
  // The time clients see: SigV4 date checks, connection timeouts and the
  // Date header. Not owned.
  Clock* network_clock = Clock::Real();
  // Called with one line per request (operation, table, status, latency;
  // no newline), from worker threads. Null: no log.
  std::function<void(std::string_view line)> request_log;
  // The Options of the Database when the Endpoint owns one (Start() without
  // a Database): clock, region, throttling, ...
  Options database;
};

class Endpoint {
 public:
  // Serves a Database of its own, built from options.database.
  static StatusOr<Endpoint> Start(EndpointOptions options = EndpointOptions());
  // Serves `database`, which is not owned and must outlive the Endpoint.
  static StatusOr<Endpoint> Start(Database* database,
                                  EndpointOptions options = EndpointOptions());

  Endpoint(Endpoint&&) noexcept;
  Endpoint& operator=(Endpoint&&) noexcept;
  Endpoint(const Endpoint&) = delete;
  Endpoint& operator=(const Endpoint&) = delete;
  ~Endpoint();

  // "http://127.0.0.1:41234".
  const std::string& url() const;
  const std::string& host() const;
  int port() const;
  // The Database served.
  Database& database();

  // Finishes requests in progress, closes every connection, joins the
  // workers. Idempotent.
  void Stop();

 private:
  struct Impl;
  explicit Endpoint(std::unique_ptr<Impl> impl);

  std::unique_ptr<Impl> impl_;
};

}  // namespace eddy::server

#endif  // EDDY_TOOLS_EDDY_SERVER_ENDPOINT_H_
