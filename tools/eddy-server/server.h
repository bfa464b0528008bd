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
//   runs eddy::Execute. Responses carry Content-Type (the request's media
//   type), `x-amzn-RequestId` (52 characters of [A-Z0-9], unique),
//   `x-amz-crc32` (decimal CRC-32 of the body bytes sent), `Server: Server`,
//   Date and Content-Length; errors are {"__type": "<namespace>#<Name>",
//   "message": ...} with DynamoDB's status. A body that is not JSON is a
//   SerializationException (Execute).
// - Order of checks: a target not of the form DynamoDB_20120810.<name> is an
//   UnknownOperationException (400); then the SigV4 Authorization header's
//   shape and its date, which must be within 15 minutes of the network
//   clock (ServerOptions::network_clock; internal/auth_shape.h; signatures are
//   never verified, any credentials work); then eddy's own operations (Eddy*)
//   are refused to clients not on loopback unless allow_remote_control (400
//   AccessDeniedException, eddy's choice of shape); then the body's
//   Content-Encoding is undone (internal/content_coding.h: gzip or deflate;
//   an unknown or broken coding is a 500 InternalServerError as DynamoDB
//   answers it, a body inflating past max_body_bytes a 413); then Execute,
//   which answers an unknown operation name, bad JSON and everything else.
// - Responses of 4 KiB or more are compressed when Accept-Encoding asks for
//   gzip or deflate, as DynamoDB does; x-amz-crc32 then covers the compressed
//   bytes, as DynamoDB's does.
// - GET or HEAD (any path): 200 and "healthy: dynamodb.<region>.amazonaws.com "
//   as DynamoDB answers it (useful as a health check). DynamoDB answers the
//   same on other paths (GET /ping) and names its own endpoint, not the
//   request's Host (a request to it through another host name gets its
//   regional name), so eddy does too. Other methods, or a POST body with
//   another Content-Type: 404 with the body "<UnknownOperationException/>\n",
//   as DynamoDB answers them.
// - CORS (internal/cors.h): responses to a request with an allowed Origin
//   carry Access-Control-Allow-Origin and -Expose-Headers; OPTIONS with an
//   allowed Origin is a preflight (200). cors_origins is "*" by default.
// - HTTP-level failures get DynamoDB-shaped bodies too: a body over
//   max_body_bytes is a 413 RequestEntityTooLargeException; a malformed
//   request, an oversized request line or head (400, as DynamoDB answers a
//   long request line), an unsupported transfer coding (501) or HTTP version
//   (505) is a SerializationException with that status; a server at
//   max_connections, or one whose buffered request bytes would pass
//   max_buffered_bytes, answers 503 ServiceUnavailableException; a request
//   whose body and decoded attribute values would pass a quarter of
//   max_buffered_bytes is a 413 RequestEntityTooLargeException.
// - Databases (database_set.h): with ServerOptions::shared_db (the default
//   here, DynamoDB Local's -sharedDb) one Database serves every request;
//   without it (eddy-server's default, as DynamoDB Local's) each access key
//   id and region of the SigV4 credential scope gets its own Database, its
//   ARNs in that region. Then an access key id of other than letters and
//   digits is an UnrecognizedClientException ("The Access Key ID or
//   security token is invalid."), as DynamoDB Local answers it, and a region
//   of other than [a-z0-9-] an InvalidSignatureException. Eddy* fault
//   injection applies to every database (DatabaseSet::ExecuteControl).
// - request_log, when set, gets one line per request
//   (internal/request_log.h).
//
// Shutdown: BeginShutdown() closes the listening socket at once and lets the
// requests in progress finish (see internal/http_server.h); drained() tells
// when they have. Stop() (or the destructor) then joins the workers.
//
// Thread safety: Start/BeginShutdown/Stop from one thread. Requests are served
// from `threads` worker threads at once; the Database is thread-safe;
// request_log is called from the worker threads.

#ifndef EDDY_TOOLS_EDDY_SERVER_SERVER_H_
#define EDDY_TOOLS_EDDY_SERVER_SERVER_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/api/database.h"
#include "emulator/api/options.h"
#include "emulator/base/status.h"
#include "tools/eddy-server/database_set.h"
#include "tools/eddy-server/internal/cors.h"
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
  // Request bytes buffered at once across all connections (partial bodies
  // of slow clients, decoded bodies and the attribute values decoded from
  // them included); a request that would pass it gets a 503. One request
  // may hold at most a quarter of it (its body and the values decoded from
  // it together), so four requests at their largest always fit at once; a
  // request whose values would pass its quarter gets a 413.
  size_t max_buffered_bytes = size_t{256} << 20;
  // Origins allowed to call from web browsers: "*" (any, as DynamoDB and
  // DynamoDB Local's default) or exact origins like "http://localhost:3000".
  std::vector<std::string> cors_origins = {"*"};
  // Serve eddy's own operations (EddyInjectFault, EddyClearFaults, any
  // Eddy*) to clients that are not on loopback.
  bool allow_remote_control = false;
  // Responses at least this large are compressed when the client accepts
  // it (DynamoDB's threshold: 4 KiB).
  size_t compress_min_bytes = 4096;
  // Called with one line per request (no newline), from worker threads;
  // null: no log.
  std::function<void(std::string_view line)> request_log;
  // Connection timeouts, in seconds (measured on the network clock below).
  double idle_timeout_seconds = 120;    // keep-alive between requests
  double read_timeout_seconds = 10;     // no progress within a request
  double request_timeout_seconds = 60;  // a whole request
  double write_timeout_seconds = 10;    // no progress writing a response
  // The time real clients see: connection timeouts, the SigV4 date window
  // (15 minutes either way) and the Date header. Null: the Database's clock,
  // so a test drives all of it with the Database's ManualClock. An
  // in-process endpoint whose Database runs on a ManualClock while real SDKs
  // sign with the real time sets Clock::Real() (see endpoint.h), and so does
  // eddy-server --clock manual, so that advancing the database's virtual
  // time (EddyAdvanceClock) neither expires clients' signatures nor times
  // out their connections. Not owned.
  Clock* network_clock = nullptr;
  // The Database created when the Server owns one: clock, region and account
  // (ARNs and the health line use the region). Without shared_db, the
  // template of every per-key database (its region replaced by the
  // request's; its data directory, if any, by a subdirectory of it).
  Options database;
  // One Database for every request (DynamoDB Local's -sharedDb). False: one
  // per access key id and region (eddy-server sets it from -sharedDb).
  // Ignored (true) when the Server is given a Database.
  bool shared_db = true;
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
  // Stops accepting at once (the listening socket is closed) and closes idle
  // connections; requests in progress finish. Idempotent.
  void BeginShutdown() { http_->BeginShutdown(); }
  // After BeginShutdown: true once every connection is closed.
  bool drained() const { return http_->drained(); }

  // The bound port (after Start), and "http://<host>:<port>".
  int port() const { return http_->port(); }
  std::string url() const;
  // Worker threads in use.
  int threads() const { return threads_; }
  // The shared database. Requires a shared server (shared_db or a given
  // Database); see databases() otherwise.
  Database& database() { return *databases_->shared_database(); }
  DatabaseSet& databases() { return *databases_; }
  const internal::HttpServer& http() const { return *http_; }

 private:
  struct Exchange;  // one request's answer in the making (server.cc)

  void Handle(const internal::HttpRequest& request,
              internal::HttpResponse* response);
  void HandleError(internal::HttpError error, std::string_view detail,
                   internal::HttpResponse* response);
  void Preflight(const Exchange& x, internal::HttpResponse* response);
  // Sets status, body and the headers every response carries, compresses
  // the body if asked, and logs the request.
  void Finish(int status, ErrorCode error, std::string_view content_type,
              std::string body, const Exchange& x,
              internal::HttpResponse* response);
  void FinishError(const Status& status, std::string_view content_type,
                   const Exchange& x, internal::HttpResponse* response);
  void AddCommonHeaders(internal::HttpResponse* response);

  const ServerOptions options_;
  const internal::CorsPolicy cors_;
  std::unique_ptr<DatabaseSet> databases_;
  int threads_;
  Clock* network_clock_;  // options_.network_clock or the Database's
  std::string health_body_;
  internal::RequestIdGenerator request_ids_;
  std::unique_ptr<internal::HttpServer> http_;
};

// True when every address `host` resolves to is a loopback address (so only
// this machine can connect); "0.0.0.0", "::" and a LAN address are not.
bool IsLoopbackHost(const std::string& host);

}  // namespace eddy::server

#endif  // EDDY_TOOLS_EDDY_SERVER_SERVER_H_
