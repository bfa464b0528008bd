// Copyright 2026 The eddy Authors.

#include "tools/eddy-server/server.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <ctime>
#include <random>
#include <thread>
#include <utility>

#include "emulator/wire/execute.h"
#include "tools/eddy-server/crc32.h"
#include "tools/eddy-server/internal/auth_shape.h"

namespace eddy::server {
namespace {

using internal::EqualsIgnoreCase;
using internal::HttpError;
using internal::HttpRequest;
using internal::HttpResponse;

constexpr std::string_view kJson10 = "application/x-amz-json-1.0";
constexpr std::string_view kJson = "application/json";
constexpr std::string_view kTargetPrefix = "DynamoDB_20120810.";
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

}  // namespace

Server::Server(ServerOptions options) : Server(std::move(options), nullptr) {}

Server::Server(ServerOptions options, Database* database)
    : options_(std::move(options)),
      owned_database_(database == nullptr
                          ? std::make_unique<Database>(options_.database)
                          : nullptr),
      database_(database == nullptr ? owned_database_.get() : database),
      threads_(options_.threads > 0 ? options_.threads : DefaultThreads()),
      health_body_("healthy: dynamodb." + database_->options().region +
                   ".amazonaws.com "),
      request_ids_(RandomSeed()) {
  internal::HttpServerOptions http;
  http.host = options_.host;
  http.port = options_.port;
  http.threads = threads_;
  http.max_connections = options_.max_connections;
  http.limits.max_body_bytes = options_.max_body_bytes;
  http.limits.max_header_bytes = options_.max_header_bytes;
  http.idle_timeout_micros = Micros(options_.idle_timeout_seconds);
  http.read_timeout_micros = Micros(options_.read_timeout_seconds);
  http.request_timeout_micros = Micros(options_.request_timeout_seconds);
  http.write_timeout_micros = Micros(options_.write_timeout_seconds);
  http.clock = database_->options().clock;
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

void Server::Finish(int status, std::string_view content_type, std::string body,
                    HttpResponse* response) {
  char id[internal::RequestIdGenerator::kLength];
  request_ids_.Next(id);
  char crc[16];
  const size_t crc_size = static_cast<size_t>(
      std::to_chars(crc, crc + sizeof(crc), Crc32(body)).ptr - crc);
  response->status = status;
  response->headers.reserve(200);
  response->AddHeader("x-amzn-RequestId", std::string_view(id, sizeof(id)));
  response->AddHeader("x-amz-crc32", std::string_view(crc, crc_size));
  if (!content_type.empty()) response->AddHeader("Content-Type", content_type);
  response->AddHeader(
      "Date", HttpDate(database_->options().clock->NowMicros() / 1'000'000));
  response->body = std::move(body);
}

void Server::FinishError(const Status& status, std::string_view content_type,
                         HttpResponse* response) {
  Finish(ErrorCodeHttpStatus(status.code()), content_type,
         ErrorBodyJson(status), response);
}

void Server::Handle(const HttpRequest& request, HttpResponse* response) {
  if (request.method == "GET" || request.method == "HEAD") {
    Finish(200, "text/plain", health_body_, response);
    return;
  }
  const std::string_view* content_type = request.Find("Content-Type");
  const std::string_view media =
      content_type != nullptr ? MediaType(*content_type) : std::string_view();
  const bool json_media =
      EqualsIgnoreCase(media, kJson10) || EqualsIgnoreCase(media, kJson);
  if (request.method != "POST" || (!request.body.empty() && !json_media)) {
    Finish(404, "", std::string(kUnknownOperationXml), response);
    return;
  }
  // DynamoDB answers in the media type it was asked in.
  const std::string_view reply_type =
      EqualsIgnoreCase(media, kJson) ? kJson : kJson10;

  const std::string_view* target = request.Find("X-Amz-Target");
  if (target == nullptr ||
      target->substr(0, kTargetPrefix.size()) != kTargetPrefix) {
    FinishError(Status(ErrorCode::kUnknownOperation, ""), reply_type, response);
    return;
  }

  internal::AuthInputs auth;
  auth.authorization = request.Find("Authorization");
  auth.amz_date = request.Find("X-Amz-Date");
  auth.date = request.Find("Date");
  size_t question = request.target.find('?');
  if (question != std::string_view::npos) {
    auth.query = request.target.substr(question + 1);
  }
  if (Status s = internal::CheckAuthShape(auth); !s.ok()) {
    FinishError(s, reply_type, response);
    return;
  }

  WireResponse result =
      Execute(*database_, target->substr(kTargetPrefix.size()), request.body);
  Finish(result.http_status, reply_type, std::move(result.body), response);
}

void Server::HandleError(HttpError error, std::string_view detail,
                         HttpResponse* response) {
  std::string message(detail);
  if (!message.empty())
    message[0] = static_cast<char>(std::toupper(message[0]));
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
  // The HTTP status stays the one the HTTP layer chose (400, 413, 431, 501,
  // 503, 505).
  const int http_status = response->status;
  FinishError(status, kJson10, response);
  response->status = http_status;
}

}  // namespace eddy::server
