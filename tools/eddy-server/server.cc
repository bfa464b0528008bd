// Copyright 2026 The eddy Authors.

#include "tools/eddy-server/server.h"

#include <netdb.h>
#include <sys/socket.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <ctime>
#include <random>
#include <thread>
#include <utility>

#include "emulator/wire/decode_budget.h"
#include "emulator/wire/execute.h"
#include "tools/eddy-server/crc32.h"
#include "tools/eddy-server/internal/auth_shape.h"
#include "tools/eddy-server/internal/content_coding.h"
#include "tools/eddy-server/internal/credential_scope.h"
#include "tools/eddy-server/internal/request_log.h"

namespace eddy::server {
namespace {

using internal::EqualsIgnoreCase;
using internal::HttpError;
using internal::HttpRequest;
using internal::HttpResponse;
using internal::ResponseEncoding;
using SteadyClock = std::chrono::steady_clock;

constexpr std::string_view kJson10 = "application/x-amz-json-1.0";
constexpr std::string_view kJson = "application/json";
constexpr std::string_view kTargetPrefix = "DynamoDB_20120810.";
constexpr std::string_view kStreamsTargetPrefix = "DynamoDBStreams_20120810.";
constexpr std::string_view kEddyOperationPrefix = "Eddy";
constexpr std::string_view kUnknownOperationXml =
    "<UnknownOperationException/>\n";

int DefaultThreads() {
  unsigned cores = std::thread::hardware_concurrency();
  return std::max(4, 2 * static_cast<int>(cores));
}

uint64_t RandomSeed() {
  std::random_device device;
  return (uint64_t{device()} << 32) ^ device();
}

int64_t Micros(double seconds) { return static_cast<int64_t>(seconds * 1e6); }

// The media type of a Content-Type value, without parameters.
std::string_view MediaType(std::string_view content_type) {
  std::string_view media = content_type.substr(0, content_type.find(';'));
  while (!media.empty() && (media.front() == ' ' || media.front() == '\t')) {
    media.remove_prefix(1);
  }
  while (!media.empty() && (media.back() == ' ' || media.back() == '\t')) {
    media.remove_suffix(1);
  }
  return media;
}

// "Date: Tue, 15 Mar 2012 23:56:23 GMT", formatted once per second per thread.
std::string_view HttpDate(int64_t unix_seconds) {
  thread_local int64_t cached_second = -1;
  thread_local char cached[40];
  thread_local size_t cached_size = 0;
  if (unix_seconds != cached_second) {
    std::time_t t = static_cast<std::time_t>(unix_seconds);
    std::tm tm{};
    gmtime_r(&t, &tm);
    cached_size =
        std::strftime(cached, sizeof(cached), "%a, %d %b %Y %H:%M:%S GMT", &tm);
    cached_second = unix_seconds;
  }
  return std::string_view(cached, cached_size);
}

// The answer to a request that would pass --max-buffered-bytes, whether by its
// decompressed body or by its decoded values.
Status BudgetRefusal() {
  return Status(ErrorCode::kServiceUnavailable,
                "The server is holding too many request bytes at once "
                "(--max-buffered-bytes); retry the request later");
}

// The answer to a request whose decoded values would pass its share of
// --max-buffered-bytes (see ServerOptions::max_buffered_bytes): a 413, as for
// a body over --max-body-bytes, since sending it again cannot help.
Status ShareRefusal(size_t share) {
  return Status(ErrorCode::kRequestEntityTooLarge,
                "The request's attribute values need more memory than one "
                "request may hold (a quarter of --max-buffered-bytes, " +
                    std::to_string(share) +
                    " bytes, body included); send less in one request or "
                    "raise --max-buffered-bytes");
}

// The server's ByteBudget lent to Execute for the values one request decodes
// (emulator/wire/decode_budget.h), up to `room`: what is left of the
// request's share once its body is held.
class DecodedValuesBudget : public DecodeBudget {
 public:
  DecodedValuesBudget(internal::ByteBudget* budget, size_t room)
      : budget_(*budget), room_(room) {}
  bool TryAcquire(size_t bytes) override {
    if (bytes > room_ - taken_) {
      over_share_ = true;
      return false;
    }
    if (!budget_.TryAcquire(bytes)) return false;
    taken_ += bytes;
    return true;
  }
  void Release(size_t bytes) override {
    taken_ -= bytes;
    budget_.Release(bytes);
  }
  // Whether a refusal was for the request's share (not the shared budget).
  bool over_share() const { return over_share_; }

 private:
  internal::ByteBudget& budget_;
  const size_t room_;
  size_t taken_ = 0;
  bool over_share_ = false;
};

std::string Capitalized(std::string_view detail) {
  std::string message(detail);
  if (!message.empty()) {
    message[0] = static_cast<char>(std::toupper(message[0]));
  }
  return message;
}

}  // namespace

// The headers a request is answered by, read in one pass, and what its
// answer needs to know: the CORS origin to allow, the response coding, and
// what the request log shows.
struct Server::Exchange {
  const std::string_view* content_type = nullptr;
  const std::string_view* target = nullptr;
  const std::string_view* authorization = nullptr;
  const std::string_view* amz_date = nullptr;
  const std::string_view* date = nullptr;
  const std::string_view* origin = nullptr;
  const std::string_view* content_encoding = nullptr;
  const std::string_view* accept_encoding = nullptr;  // the last one
  const std::string_view* request_method = nullptr;   // preflight
  const std::string_view* request_headers = nullptr;  // preflight

  const std::string* allow_origin = nullptr;  // null: no CORS headers
  ResponseEncoding encoding = ResponseEncoding::kIdentity;
  SteadyClock::time_point started;
  std::string_view operation;  // for the log
  std::string_view table;      // for the log

  Exchange() = default;
  explicit Exchange(const HttpRequest& request) {
    for (const internal::HttpHeader& h : request.headers) {
      const std::string_view n = h.name;
      if (n.size() < 4) continue;
      switch (n[0] | 0x20) {  // first letter, lower case
        case 'a':
          if (EqualsIgnoreCase(n, "Authorization")) {
            authorization = &h.value;
          } else if (EqualsIgnoreCase(n, "Accept-Encoding")) {
            accept_encoding = &h.value;
          } else if (EqualsIgnoreCase(n, "Access-Control-Request-Method")) {
            if (request_method == nullptr) request_method = &h.value;
          } else if (EqualsIgnoreCase(n, "Access-Control-Request-Headers")) {
            if (request_headers == nullptr) request_headers = &h.value;
          }
          break;
        case 'c':
          if (content_type == nullptr && EqualsIgnoreCase(n, "Content-Type")) {
            content_type = &h.value;
          } else if (content_encoding == nullptr &&
                     EqualsIgnoreCase(n, "Content-Encoding")) {
            content_encoding = &h.value;
          }
          break;
        case 'd':
          if (date == nullptr && EqualsIgnoreCase(n, "Date")) date = &h.value;
          break;
        case 'o':
          if (origin == nullptr && EqualsIgnoreCase(n, "Origin")) {
            origin = &h.value;
          }
          break;
        case 'x':
          if (target == nullptr && EqualsIgnoreCase(n, "X-Amz-Target")) {
            target = &h.value;
          } else if (amz_date == nullptr && EqualsIgnoreCase(n, "X-Amz-Date")) {
            amz_date = &h.value;
          }
          break;
        default:
          break;
      }
    }
  }
};

Server::Server(ServerOptions options) : Server(std::move(options), nullptr) {}

Server::Server(ServerOptions options, Database* database)
    : options_(std::move(options)),
      cors_(options_.cors_origins),
      databases_(std::make_unique<DatabaseSet>(options_.database,
                                               options_.shared_db, database)),
      threads_(options_.threads > 0 ? options_.threads : DefaultThreads()),
      network_clock_(options_.network_clock != nullptr ? options_.network_clock
                     : database != nullptr ? database->options().clock
                                           : options_.database.clock),
      health_body_("healthy: dynamodb." +
                   (database != nullptr ? database->options().region
                                        : options_.database.region) +
                   ".amazonaws.com "),
      request_ids_(RandomSeed()) {
  internal::HttpServerOptions http;
  http.host = options_.host;
  http.port = options_.port;
  http.threads = threads_;
  http.max_connections = options_.max_connections;
  http.max_buffered_bytes = options_.max_buffered_bytes;
  http.limits.max_body_bytes = options_.max_body_bytes;
  http.limits.max_header_bytes = options_.max_header_bytes;
  http.idle_timeout_micros = Micros(options_.idle_timeout_seconds);
  http.read_timeout_micros = Micros(options_.read_timeout_seconds);
  http.request_timeout_micros = Micros(options_.request_timeout_seconds);
  http.write_timeout_micros = Micros(options_.write_timeout_seconds);
  http.clock = network_clock_;
  http_ = std::make_unique<internal::HttpServer>(
      std::move(http),
      [this](const HttpRequest& request, HttpResponse* response) {
        Handle(request, response);
      },
      [this](HttpError error, std::string_view detail, HttpResponse* response) {
        HandleError(error, detail, response);
      });
}

Server::~Server() { Stop(); }

Status Server::Start() { return http_->Start(); }

void Server::Stop() { http_->Stop(); }

std::string Server::url() const {
  const bool ipv6 = options_.host.find(':') != std::string::npos;
  return "http://" + (ipv6 ? "[" + options_.host + "]" : options_.host) + ":" +
         std::to_string(port());
}

void Server::AddCommonHeaders(HttpResponse* response) {
  char id[internal::RequestIdGenerator::kLength];
  request_ids_.Next(id);
  response->headers.reserve(320);
  response->AddHeader("x-amzn-RequestId", std::string_view(id, sizeof(id)));
  response->AddHeader("Server", "Server");  // what DynamoDB sends
  response->AddHeader("Date",
                      HttpDate(network_clock_->NowMicros() / 1'000'000));
}

void Server::Finish(int status, ErrorCode error, std::string_view content_type,
                    std::string body, const Exchange& x,
                    HttpResponse* response) {
  response->status = status;
  AddCommonHeaders(response);
  if (x.encoding != ResponseEncoding::kIdentity &&
      body.size() >= options_.compress_min_bytes) {
    std::string compressed = internal::Encode(x.encoding, body);
    if (!compressed.empty()) {
      body = std::move(compressed);
      response->AddHeader("Content-Encoding", EncodingName(x.encoding));
    }
  }
  char crc[16];
  const size_t crc_size = static_cast<size_t>(
      std::to_chars(crc, crc + sizeof(crc), Crc32(body)).ptr - crc);
  response->AddHeader("x-amz-crc32", std::string_view(crc, crc_size));
  if (!content_type.empty()) response->AddHeader("Content-Type", content_type);
  if (x.allow_origin != nullptr) {
    response->AddHeader("Access-Control-Allow-Origin", *x.allow_origin);
    response->AddHeader("Access-Control-Expose-Headers",
                        internal::CorsPolicy::kExposeHeaders);
    if (cors_.echoes_origin()) response->AddHeader("Vary", "Origin");
  }
  response->body = std::move(body);
  if (options_.request_log) {
    const double ms = std::chrono::duration<double, std::milli>(
                          SteadyClock::now() - x.started)
                          .count();
    options_.request_log(internal::FormatRequestLogLine(
        x.operation, x.table, status,
        error == ErrorCode::kOk ? std::string_view() : ErrorCodeName(error),
        ms));
  }
}

void Server::FinishError(const Status& status, std::string_view content_type,
                         const Exchange& x, HttpResponse* response) {
  Finish(ErrorCodeHttpStatus(status.code()), status.code(), content_type,
         ErrorBodyJson(status), x, response);
}

void Server::Preflight(const Exchange& x, HttpResponse* response) {
  // DynamoDB's preflight answer: empty, no Content-Type, no x-amz-crc32.
  response->status = 200;
  AddCommonHeaders(response);
  response->AddHeader("Access-Control-Allow-Origin", *x.allow_origin);
  if (x.request_headers != nullptr) {
    response->AddHeader("Access-Control-Allow-Headers", *x.request_headers);
  }
  if (x.request_method != nullptr) {
    response->AddHeader("Access-Control-Allow-Methods", *x.request_method);
  }
  response->AddHeader("Access-Control-Expose-Headers",
                      internal::CorsPolicy::kExposeHeaders);
  response->AddHeader("Access-Control-Max-Age",
                      internal::CorsPolicy::kMaxAgeSeconds);
  if (cors_.echoes_origin()) response->AddHeader("Vary", "Origin");
  if (options_.request_log) {
    options_.request_log(
        internal::FormatRequestLogLine("OPTIONS", "", 200, "", 0));
  }
}

void Server::Handle(const HttpRequest& request, HttpResponse* response) {
  Exchange x(request);
  if (options_.request_log) x.started = SteadyClock::now();
  if (x.origin != nullptr) x.allow_origin = cors_.AllowOrigin(*x.origin);
  if (x.accept_encoding != nullptr) {
    x.encoding = internal::ChooseResponseEncoding(*x.accept_encoding);
  }

  if (request.method == "OPTIONS" && x.allow_origin != nullptr) {
    Preflight(x, response);
    return;
  }
  if (request.method == "GET" || request.method == "HEAD") {
    x.operation = request.method;
    Finish(200, ErrorCode::kOk, "text/plain", health_body_, x, response);
    return;
  }
  const std::string_view media = x.content_type != nullptr
                                     ? MediaType(*x.content_type)
                                     : std::string_view();
  const bool json_media =
      EqualsIgnoreCase(media, kJson10) || EqualsIgnoreCase(media, kJson);
  if (request.method != "POST" || (!request.body.empty() && !json_media)) {
    x.operation = request.method;
    Finish(404, ErrorCode::kUnknownOperation, "",
           std::string(kUnknownOperationXml), x, response);
    return;
  }
  // DynamoDB answers in the media type it was asked in.
  const std::string_view reply_type =
      EqualsIgnoreCase(media, kJson) ? kJson : kJson10;

  // DynamoDB and, on the same port as DynamoDB Local serves it, DynamoDB
  // Streams.
  const bool streams =
      x.target != nullptr &&
      x.target->substr(0, kStreamsTargetPrefix.size()) == kStreamsTargetPrefix;
  if (x.target == nullptr ||
      (!streams &&
       x.target->substr(0, kTargetPrefix.size()) != kTargetPrefix)) {
    FinishError(Status(ErrorCode::kUnknownOperation, ""), reply_type, x,
                response);
    return;
  }
  const std::string_view operation = x.target->substr(
      streams ? kStreamsTargetPrefix.size() : kTargetPrefix.size());
  x.operation = operation;

  internal::AuthInputs auth;
  auth.authorization = x.authorization;
  auth.amz_date = x.amz_date;
  auth.date = x.date;
  auth.now_micros = network_clock_->NowMicros();
  const size_t question = request.target.find('?');
  if (question != std::string_view::npos) {
    auth.query = request.target.substr(question + 1);
  }
  if (Status s = internal::CheckAuthShape(auth); !s.ok()) {
    FinishError(s, reply_type, x, response);
    return;
  }

  // eddy's own operations change how every client is answered (faults), so
  // only this machine may call them unless the operator says otherwise.
  if (!streams &&
      operation.substr(0, kEddyOperationPrefix.size()) ==
          kEddyOperationPrefix &&
      !request.peer_loopback && !options_.allow_remote_control) {
    FinishError(
        Status(ErrorCode::kAccessDenied,
               "eddy's control operations (Eddy*) are served only to "
               "clients on this machine (loopback); start eddy-server with "
               "--allow-remote-control to serve them to other machines"),
        reply_type, x, response);
    return;
  }

  std::string_view body = request.body;
  internal::DecodedBody decoded;
  if (x.content_encoding != nullptr &&
      !internal::IsIdentityEncoding(*x.content_encoding)) {
    std::string detail;
    const internal::DecodeStatus d = internal::DecodeRequestBody(
        *x.content_encoding, body, options_.max_body_bytes,
        &http_->buffer_budget(), &decoded, &detail);
    switch (d) {
      case internal::DecodeStatus::kOk:
        body = decoded.view();
        break;
      case internal::DecodeStatus::kTooLarge:
        FinishError(
            Status(ErrorCode::kRequestEntityTooLarge,
                   Capitalized(detail) + " (the limit is " +
                       std::to_string(options_.max_body_bytes) + " bytes)"),
            reply_type, x, response);
        return;
      case internal::DecodeStatus::kBudget:
        FinishError(BudgetRefusal(), reply_type, x, response);
        return;
      case internal::DecodeStatus::kUnsupported:
      case internal::DecodeStatus::kCorrupt:
        // DynamoDB answers these with HTTP 500 (InternalServerError); the
        // message is eddy's (DynamoDB's is unconfirmed).
        FinishError(Status(ErrorCode::kInternalServerError,
                           "Cannot decode the request body: " + detail),
                    reply_type, x, response);
        return;
    }
  }
  if (options_.request_log) x.table = internal::ExtractTableName(body);

  // The request's database: the shared one, or its key id and region's.
  Database* database = databases_->shared_database();
  if (database == nullptr) {
    internal::CredentialScope scope;
    if (!internal::ReadCredentialScope(x.authorization, auth.query, &scope) ||
        !internal::IsValidAccessKeyId(scope.access_key_id)) {
      FinishError(Status(ErrorCode::kUnrecognizedClient,
                         "The Access Key ID or security token is invalid."),
                  reply_type, x, response);
      return;
    }
    if (!internal::IsValidRegionName(scope.region)) {
      FinishError(Status(ErrorCode::kInvalidSignature,
                         "Credential should be scoped to a valid region, "
                         "not '" +
                             scope.region + "'. "),
                  reply_type, x, response);
      return;
    }
    StatusOr<Database*> found =
        databases_->For(scope.access_key_id, scope.region);
    if (!found.ok()) {
      FinishError(found.status(), reply_type, x, response);
      return;
    }
    database = *found;
  }
  // The values the request decodes are held in the same budget as its body,
  // until it is answered, and with its body within its share.
  const size_t share = options_.max_buffered_bytes / 4;
  const size_t held =
      std::max(request.held_bytes, request.body.size()) + decoded.capacity();
  DecodedValuesBudget values_budget(&http_->buffer_budget(),
                                    share > held ? share - held : 0);
  ScopedDecodeBudget decoding(&values_budget);
  WireResponse result;
  if (!streams && operation.substr(0, kEddyOperationPrefix.size()) ==
                      kEddyOperationPrefix) {
    result = databases_->ExecuteControl(database, operation, body);
  } else {
    // DescribeEndpoints answers the address the client used (its Host
    // header), so SDK endpoint discovery stays on this server.
    const std::string_view* host = request.Find("Host");
    result = streams
                 ? ExecuteStreams(*database, operation, body)
                 : ExecuteForHost(*database, operation, body,
                                  host != nullptr ? *host : std::string_view());
  }
  if (decoding.refused()) {
    FinishError(
        values_budget.over_share() ? ShareRefusal(share) : BudgetRefusal(),
        reply_type, x, response);
    return;
  }
  Finish(result.http_status, result.error, reply_type, std::move(result.body),
         x, response);
}

void Server::HandleError(HttpError error, std::string_view detail,
                         HttpResponse* response) {
  const std::string message = Capitalized(detail);
  Status status;
  switch (error) {
    case HttpError::kBodyTooLarge:
      status = Status(ErrorCode::kRequestEntityTooLarge, message);
      break;
    case HttpError::kServiceUnavailable:
      status = Status(ErrorCode::kServiceUnavailable, message);
      break;
    case HttpError::kHeadersTooLarge:
      status = Status(ErrorCode::kSerialization,
                      "HTTP request head too large: " + std::string(detail));
      break;
    case HttpError::kNotImplemented:
    case HttpError::kVersionNotSupported:
      status = Status(ErrorCode::kSerialization,
                      "Unsupported HTTP request: " + std::string(detail));
      break;
    default:
      status = Status(ErrorCode::kSerialization,
                      "Malformed HTTP request: " + std::string(detail));
      break;
  }
  // The HTTP status stays the one the HTTP layer chose (400, 413, 501, 503,
  // 505).
  const int http_status = response->status;
  Exchange x;
  if (options_.request_log) x.started = SteadyClock::now();
  FinishError(status, kJson10, x, response);
  response->status = http_status;
}

bool IsLoopbackHost(const std::string& host) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE;
  addrinfo* found = nullptr;
  if (::getaddrinfo(host.c_str(), "0", &hints, &found) != 0) return false;
  bool loopback = found != nullptr;
  for (addrinfo* ai = found; ai != nullptr; ai = ai->ai_next) {
    if (!internal::IsLoopbackAddress(ai->ai_addr)) loopback = false;
  }
  ::freeaddrinfo(found);
  return loopback;
}

}  // namespace eddy::server
