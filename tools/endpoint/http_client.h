// Copyright 2026 The eddy Authors.
//
// DynamoDBClient: DynamoDB's JSON protocol over HTTP or HTTPS to any
// DynamoDB-compatible endpoint (DynamoDB in a region, ScyllaDB Alternator,
// DynamoDB Local, eddy-server), SigV4-signed, with keep-alive connections, a
// bound on requests in flight, and retries with exponential backoff and full
// jitter as the AWS SDKs do.
//
//   ClientOptions o;
//   o.endpoint = "http://127.0.0.1:8000";
//   o.credentials = settings.credentials;   // credentials.h
//   o.region = settings.region;
//   StatusOr<std::unique_ptr<DynamoDBClient>> c = DynamoDBClient::Create(o);
//   CallResult r = (*c)->Call("ListTables", "{}");
//   // r.http_status == 200, r.body == {"TableNames":[...]}
//
// Contract
// - Each call POSTs `body` to the endpoint's path with X-Amz-Target
//   DynamoDB_20120810.<operation> and Content-Type
//   application/x-amz-json-1.0, signed for service "dynamodb" (Host,
//   Content-Type, X-Amz-Date, X-Amz-Target and X-Amz-Security-Token when
//   there is a session token).
// - At most `max_concurrency` requests are in flight; each holds one of at
//   most `max_concurrency` keep-alive connections, opened on first use and
//   reused afterwards; a caller beyond the bound waits for a connection.
// - Retried: connection errors (no HTTP response), HTTP 5xx, and the
//   throttling errors (ProvisionedThroughputExceededException,
//   ThrottlingException, RequestLimitExceeded, and the other throttling
//   codes the SDKs' standard retry mode names), up to `max_attempts`
//   attempts in all. Before attempt n+1 the client sleeps a uniform random
//   time in [0, min(max_backoff, base_backoff * 2^(n-1))] (full jitter).
//   Other errors (ValidationException, ConditionalCheckFailedException,
//   ResourceNotFoundException, ...) return at once.
// - A response's error type is the part of "__type" after '#', its message
//   "message" or "Message".
//
// Thread safety: Call may be used from any number of threads at once (the
// pool, its count and the jitter's generator behind one Mutex; the totals
// are atomics); options() is immutable after Create.

#ifndef EDDY_TOOLS_ENDPOINT_HTTP_CLIENT_H_
#define EDDY_TOOLS_ENDPOINT_HTTP_CLIENT_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "emulator/base/mutex.h"
#include "emulator/base/status.h"
#include "tools/endpoint/sigv4.h"

namespace httplib {
class Client;
}

namespace eddy::endpoint {

struct ClientOptions {
  // "http://HOST[:PORT][/PATH]" or "https://...".
  std::string endpoint;
  AwsCredentials credentials;
  std::string region;
  // Connections, and requests in flight (1..1024).
  int max_concurrency = 16;
  // Attempts per call, the first included (1..100). The default is the
  // SDKs' for DynamoDB (botocore's legacy policy: 10 attempts).
  int max_attempts = 10;
  // Backoff before retry n is uniform in [0, min(max, base * 2^(n-1))].
  int64_t base_backoff_micros = 50'000;
  int64_t max_backoff_micros = 20'000'000;
  int64_t connect_timeout_millis = 5'000;
  int64_t read_timeout_millis = 30'000;
  // Sleeps between attempts; default: std::this_thread::sleep_for. Tests
  // pass their own.
  std::function<void(int64_t micros)> sleep;
  // Wall-clock microseconds since the Unix epoch for X-Amz-Date; default:
  // the system clock.
  std::function<int64_t()> now_micros;
  uint64_t seed = 0;  // the jitter's seed; 0: from std::random_device
};

struct CallResult {
  // The last attempt's HTTP status; 0 when it got no response.
  int http_status = 0;
  // The error's type ("ProvisionedThroughputExceededException"), empty on
  // success; "ConnectionError" when there was no response.
  std::string error_type;
  std::string message;
  std::string body;  // the last response's body
  int attempts = 0;
  // Attempts answered with a throttling error.
  int throttled_attempts = 0;

  bool ok() const { return http_status == 200; }
  // OK, or the error as a Status: DynamoDB's ErrorCode for a known type,
  // else kInternalServerError with the type in the message.
  Status ToStatus() const;
};

// True for the error types the SDKs retry as throttling.
bool IsThrottlingError(std::string_view error_type);

class DynamoDBClient {
 public:
  // Errors: ValidationException for an endpoint that is not http(s)://HOST,
  // an empty region, or bounds out of range.
  static StatusOr<std::unique_ptr<DynamoDBClient>> Create(
      ClientOptions options);
  ~DynamoDBClient();
  DynamoDBClient(const DynamoDBClient&) = delete;
  DynamoDBClient& operator=(const DynamoDBClient&) = delete;

  // One DynamoDB operation, retried as described above.
  CallResult Call(std::string_view operation, std::string_view body);

  const ClientOptions& options() const { return options_; }
  // Totals since creation.
  int64_t calls() const { return calls_.load(); }
  int64_t attempts() const { return attempts_.load(); }
  int64_t retries() const { return retries_.load(); }
  // Pooled connections created so far (at most max_concurrency; httplib
  // reconnects a member whose socket the server closed).
  int64_t connections() const;

 private:
  explicit DynamoDBClient(ClientOptions options);
  std::unique_ptr<httplib::Client> Acquire();
  void Release(std::unique_ptr<httplib::Client> c);
  // One attempt on `c`.
  void Attempt(httplib::Client& c, std::string_view operation,
               std::string_view body, CallResult* out);
  int64_t Backoff(int retry);

  ClientOptions options_;
  std::string scheme_host_port_, host_header_, path_;

  mutable Mutex mu_;
  CondVar available_;  // signalled when a connection goes back to idle_
  std::vector<std::unique_ptr<httplib::Client>> idle_ ABSL_GUARDED_BY(mu_);
  int created_ ABSL_GUARDED_BY(mu_) = 0;
  std::mt19937_64 rng_ ABSL_GUARDED_BY(mu_);

  std::atomic<int64_t> calls_{0}, attempts_{0}, retries_{0};
};

}  // namespace eddy::endpoint

#endif  // EDDY_TOOLS_ENDPOINT_HTTP_CLIENT_H_
