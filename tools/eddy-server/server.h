// Copyright 2026 The eddy Authors.
//
// Server: eddy over HTTP, speaking DynamoDB's JSON 1.0 protocol, so that the
// AWS CLI, boto3 and the AWS SDKs work against it unchanged. It is what the
// `eddy-server` binary runs, and tests or benchmarks can start it in-process.
//
//   eddy::server::ServerOptions options;
//   options.port = 0;                            // any free port
//   eddy::server::Server server(options);        // its own in-memory Database
//   eddy::Status s = server.Start();             // listening when it returns
//   // point an SDK at server.url(), e.g. "http://127.0.0.1:41234"
//   server.Stop();
//
// The protocol (../shared/design/api-semantics.md §5)
// - POST (any path) with `X-Amz-Target: DynamoDB_20120810.<Operation>` and a
//   JSON body (Content-Type application/x-amz-json-1.0 or application/json)
//   runs eddy::Execute. Responses carry Content-Type (the request's),
//   `x-amzn-RequestId` (52 characters of [A-Z0-9], unique), `x-amz-crc32`
//   (decimal CRC-32 of the body bytes), Date and Content-Length; errors are
//   {"__type": "<namespace>#<Name>", "message": ...} with DynamoDB's status.
// - Order of checks: a target not of the form DynamoDB_20120810.<name> is an
//   UnknownOperationException (400); then the SigV4 Authorization header's
//   shape (internal/auth_shape.h; signatures are never verified, any
//   credentials work); then Execute, which answers an unknown operation name,
//   bad JSON (SerializationException) and everything else.
// - GET or HEAD (any path): 200 and "healthy: dynamodb.<region>.amazonaws.com "
//   as DynamoDB answers it (useful as a health check). Other methods, or a
//   POST body with another Content-Type: 404 with the body
//   "<UnknownOperationException/>\n", as DynamoDB answers them.
// - HTTP-level failures get DynamoDB-shaped bodies too: a body over
//   max_body_bytes is a 413 RequestEntityTooLargeException; a malformed
//   request (400), oversized head (431), unsupported transfer coding (501) or
//   HTTP version (505) is a SerializationException with that status; a server
//   at max_connections answers 503 ServiceUnavailableException.
// - One Database for every access key and region (DynamoDB Local's -sharedDb).
//
// Thread safety: Start/Stop from one thread. Requests are served from
// `threads` worker threads at once; the Database is thread-safe.

#ifndef EDDY_TOOLS_EDDY_SERVER_SERVER_H_
#define EDDY_TOOLS_EDDY_SERVER_SERVER_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "emulator/api/database.h"
#include "emulator/api/options.h"
#include "emulator/base/status.h"
#include "tools/eddy-server/internal/http_server.h"
#include "tools/eddy-server/internal/request_id.h"

namespace eddy::server {

// DynamoDB refuses requests over 16 MB; the default limit sits a little above
// so that DynamoDB's own validation answers requests near the limit.
inline constexpr size_t kDefaultMaxBodyBytes = 17 * 1024 * 1024;

struct ServerOptions {
  // Listening address. Default: loopback only.
  std::string host = "127.0.0.1";
  // Default 8000, as DynamoDB Local; 0 picks a free port (see Server::port).
  int port = 8000;
  // Worker threads; 0 means max(4, 2 × hardware threads).
  int threads = 0;
  // Largest request body accepted; larger ones get a 413.
  size_t max_body_bytes = kDefaultMaxBodyBytes;
  // Largest request head (request line and headers).
  size_t max_header_bytes = 64 * 1024;
  // Open connections beyond this get a 503 and are closed.
  int max_connections = 1024;
  // Connection timeouts, in seconds (measured on database.clock).
  double idle_timeout_seconds = 120;    // keep-alive between requests
  double read_timeout_seconds = 10;     // no progress within a request
  double request_timeout_seconds = 60;  // a whole request
  double write_timeout_seconds = 10;    // no progress writing a response
  // The Database created when the Server owns one: clock, region and account
  // (ARNs and the health line use the region).
  Options database;
};

class Server {
 public:
  // Serves a Database of its own, built from options.database.
  explicit Server(ServerOptions options);
  // Serves `database`, which is not owned and must outlive the Server.
  Server(ServerOptions options, Database* database);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds and starts serving. Errors: kInternalServerError when the address
  // cannot be resolved or bound (the message says why).
  Status Start();
  // Finishes requests in flight, closes every connection, joins the workers.
  // Idempotent; the destructor calls it.
  void Stop();

  // The bound port (after Start), and "http://<host>:<port>".
  int port() const { return http_->port(); }
  std::string url() const;
  // Worker threads in use.
  int threads() const { return threads_; }
  Database& database() { return *database_; }
  const internal::HttpServer& http() const { return *http_; }

 private:
  void Handle(const internal::HttpRequest& request,
              internal::HttpResponse* response);
  void HandleError(internal::HttpError error, std::string_view detail,
                   internal::HttpResponse* response);
  // Sets status, body and the headers every response carries.
  void Finish(int status, std::string_view content_type, std::string body,
              internal::HttpResponse* response);
  void FinishError(const Status& status, std::string_view content_type,
                   internal::HttpResponse* response);

  const ServerOptions options_;
  std::unique_ptr<Database> owned_database_;
  Database* database_;
  int threads_;
  std::string health_body_;
  internal::RequestIdGenerator request_ids_;
  std::unique_ptr<internal::HttpServer> http_;
};

}  // namespace eddy::server

#endif  // EDDY_TOOLS_EDDY_SERVER_SERVER_H_
