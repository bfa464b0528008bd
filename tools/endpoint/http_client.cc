// Copyright 2026 The eddy Authors.

#include "tools/endpoint/http_client.h"

#include <httplib.h>

#include <algorithm>
#include <chrono>
#include <nlohmann/json.hpp>
#include <thread>

#include "emulator/base/error_code.h"

namespace eddy::endpoint {
namespace {

constexpr char kContentType[] = "application/x-amz-json-1.0";

int64_t SystemMicros() {
  return std::chrono::duration_cast<std::chrono::microseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Errors the SDKs retry without counting them as throttles.
bool IsTransientError(std::string_view type) {
  return type == "RequestTimeout" || type == "RequestTimeoutException" ||
         type == "PriorRequestNotComplete";
}

}  // namespace

bool IsThrottlingError(std::string_view type) {
  static constexpr std::string_view kTypes[] = {
      "Throttling",
      "ThrottlingException",
      "ThrottledException",
      "RequestThrottledException",
      "TooManyRequestsException",
      "ProvisionedThroughputExceededException",
      "TransactionInProgressException",
      "RequestLimitExceeded",
      "BandwidthLimitExceeded",
      "LimitExceededException",
      "RequestThrottled",
      "SlowDown",
      "EC2ThrottledException"};
  return std::find(std::begin(kTypes), std::end(kTypes), type) !=
         std::end(kTypes);
}

Status CallResult::ToStatus() const {
  if (ok()) return Status::OK();
  if (std::optional<ErrorCode> code = ErrorCodeFromName(error_type)) {
    return Status(*code, message);
  }
  std::string text =
      error_type.empty() ? "HTTP " + std::to_string(http_status) : error_type;
  if (!message.empty()) text += ": " + message;
  return Status::Internal(text);
}

StatusOr<std::unique_ptr<DynamoDBClient>> DynamoDBClient::Create(
    ClientOptions options) {
  std::string_view e = options.endpoint;
  const bool https = e.rfind("https://", 0) == 0;
  if (!https && e.rfind("http://", 0) != 0) {
    return Status::Validation(
        "the endpoint must be an http:// or https:// "
        "URL, e.g. http://127.0.0.1:8000; got '" +
        options.endpoint + "'");
  }
  e.remove_prefix(https ? 8 : 7);
  const size_t slash = e.find('/');
  std::string_view authority = e.substr(0, slash);
  std::string path =
      slash == std::string_view::npos ? "/" : std::string(e.substr(slash));
  if (authority.empty() ||
      authority.find_first_of("?#@ ") != std::string_view::npos) {
    return Status::Validation("the endpoint '" + options.endpoint +
                              "' has no valid host");
  }
  if (options.region.empty()) {
    return Status::Validation("the endpoint client needs a region");
  }
  if (options.max_concurrency < 1 || options.max_concurrency > 1024 ||
      options.max_attempts < 1 || options.max_attempts > 100) {
    return Status::Validation(
        "max_concurrency must be 1..1024 and max_attempts 1..100");
  }
  std::unique_ptr<DynamoDBClient> c(new DynamoDBClient(std::move(options)));
  c->scheme_host_port_ =
      std::string(https ? "https://" : "http://") + std::string(authority);
  // The Host header as httplib would send it: the port only when it is not
  // the scheme's default.
  std::string host(authority);
  if ((https && host.size() > 4 && host.ends_with(":443")) ||
      (!https && host.size() > 3 && host.ends_with(":80"))) {
    host.erase(host.rfind(':'));
  }
  c->host_header_ = host;
  c->path_ = path;
  return c;
}

DynamoDBClient::DynamoDBClient(ClientOptions options)
    : options_(std::move(options)) {
  if (!options_.sleep) {
    options_.sleep = [](int64_t micros) {
      std::this_thread::sleep_for(std::chrono::microseconds(micros));
    };
  }
  if (!options_.now_micros) options_.now_micros = SystemMicros;
  MutexLock l(&mu_);
  rng_.seed(options_.seed != 0 ? options_.seed : std::random_device()());
}

DynamoDBClient::~DynamoDBClient() = default;

int64_t DynamoDBClient::connections() const {
  MutexLock l(&mu_);
  return created_;
}

std::unique_ptr<httplib::Client> DynamoDBClient::Acquire() {
  {
    MutexLock l(&mu_);
    while (idle_.empty() && created_ >= options_.max_concurrency) {
      available_.Wait(&mu_);
    }
    if (!idle_.empty()) {
      std::unique_ptr<httplib::Client> c = std::move(idle_.back());
      idle_.pop_back();
      return c;
    }
    ++created_;
  }
  auto c = std::make_unique<httplib::Client>(scheme_host_port_);
  c->set_keep_alive(true);
  c->set_tcp_nodelay(true);  // headers and body go out at once, as SDKs do
  c->set_connection_timeout(
      std::chrono::milliseconds(options_.connect_timeout_millis));
  c->set_read_timeout(std::chrono::milliseconds(options_.read_timeout_millis));
  c->set_write_timeout(std::chrono::milliseconds(options_.read_timeout_millis));
  return c;
}

void DynamoDBClient::Release(std::unique_ptr<httplib::Client> c) {
  {
    MutexLock l(&mu_);
    idle_.push_back(std::move(c));
  }
  available_.SignalAll();
}

int64_t DynamoDBClient::Backoff(int retry) {
  const int shift = std::min(retry - 1, 40);
  const int64_t cap =
      options_.base_backoff_micros > (options_.max_backoff_micros >> shift)
          ? options_.max_backoff_micros
          : options_.base_backoff_micros << shift;
  MutexLock l(&mu_);
  return std::uniform_int_distribution<int64_t>(
      0, std::max<int64_t>(cap, 0))(rng_);
}

void DynamoDBClient::Attempt(httplib::Client& c, std::string_view operation,
                             std::string_view body, CallResult* out) {
  const std::string target = "DynamoDB_20120810." + std::string(operation);
  SigV4Request req;
  req.method = "POST";
  req.path = path_;
  req.headers = {{"Host", host_header_},
                 {"Content-Type", kContentType},
                 {"X-Amz-Date", AmzDate(options_.now_micros())},
                 {"X-Amz-Target", target}};
  if (!options_.credentials.session_token.empty()) {
    req.headers.push_back(
        {"X-Amz-Security-Token", options_.credentials.session_token});
  }
  req.body = body;
  StatusOr<SigV4Signature> sig =
      SignV4(req, options_.credentials, options_.region, "dynamodb");
  httplib::Headers headers;
  for (const auto& [k, v] : req.headers) {
    if (k != "Content-Type") headers.emplace(k, v);  // Post() adds it
  }
  if (sig.ok()) headers.emplace("Authorization", sig->authorization);
  httplib::Result r =
      c.Post(path_, headers, body.data(), body.size(), kContentType);
  out->body.clear();
  out->message.clear();
  out->error_type.clear();
  if (!r) {
    out->http_status = 0;
    out->error_type = "ConnectionError";
    out->message = httplib::to_string(r.error());
    return;
  }
  out->http_status = r->status;
  out->body = std::move(r->body);
  if (out->http_status == 200) return;
  nlohmann::json j =
      nlohmann::json::parse(out->body, nullptr, /*allow_exceptions=*/false);
  if (j.is_object()) {
    if (auto t = j.find("__type"); t != j.end() && t->is_string()) {
      const std::string type = t->get<std::string>();
      const size_t hash = type.rfind('#');
      out->error_type =
          hash == std::string::npos ? type : type.substr(hash + 1);
    }
    for (const char* key : {"message", "Message"}) {
      if (auto m = j.find(key); m != j.end() && m->is_string()) {
        out->message = m->get<std::string>();
        break;
      }
    }
  }
  if (out->error_type.empty()) {
    out->error_type = "HTTP" + std::to_string(out->http_status);
  }
}

CallResult DynamoDBClient::Call(std::string_view operation,
                                std::string_view body) {
  ++calls_;
  CallResult out;
  std::unique_ptr<httplib::Client> c = Acquire();
  for (int attempt = 1;; ++attempt) {
    ++attempts_;
    out.attempts = attempt;
    Attempt(*c, operation, body, &out);
    if (out.ok()) break;
    const bool throttled = IsThrottlingError(out.error_type);
    if (throttled) ++out.throttled_attempts;
    const bool retryable = throttled || out.http_status == 0 ||
                           out.http_status >= 500 ||
                           IsTransientError(out.error_type);
    if (!retryable || attempt >= options_.max_attempts) break;
    ++retries_;
    options_.sleep(Backoff(attempt));
  }
  Release(std::move(c));
  return out;
}

}  // namespace eddy::endpoint
