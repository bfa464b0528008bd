// Copyright 2026 The eddy Authors.

#include "tools/endpoint/session.h"

#include <chrono>
#include <cstdio>
#include <random>
#include <vector>

namespace eddy::endpoint {

StatusOr<std::unique_ptr<EndpointSession>> OpenEndpoint(const std::string& url,
                                                        int max_concurrency,
                                                        const Getenv& env,
                                                        int max_attempts) {
  EDDY_ASSIGN_OR_RETURN(AwsSettings settings, LoadAwsSettings(env));
  ClientOptions o;
  o.endpoint = url;
  o.credentials = settings.credentials;
  o.region = settings.region;
  o.max_concurrency = max_concurrency;
  if (std::optional<std::string> a = env("AWS_MAX_ATTEMPTS"); a) {
    char* end = nullptr;
    const long n = std::strtol(a->c_str(), &end, 10);
    if (a->empty() || *end != '\0' || n < 1 || n > 100) {
      return Status::Validation("AWS_MAX_ATTEMPTS must be 1..100; got '" + *a +
                                "'");
    }
    o.max_attempts = static_cast<int>(n);
  }
  if (max_attempts > 0) o.max_attempts = max_attempts;
  EDDY_ASSIGN_OR_RETURN(std::unique_ptr<DynamoDBClient> client,
                        DynamoDBClient::Create(std::move(o)));
  const int64_t now = std::chrono::duration_cast<std::chrono::microseconds>(
                          std::chrono::system_clock::now().time_since_epoch())
                          .count();
  std::string prefix = MakeRunPrefix(now, std::random_device()());
  return std::make_unique<EndpointSession>(
      std::move(settings), std::move(client), std::move(prefix));
}

bool FinishEndpoint(const std::string& command, bool keep,
                    EndpointSession* session) {
  const std::vector<std::string> tables = session->backend.created_tables();
  if (keep) {
    for (const std::string& t : tables) {
      std::fprintf(stderr, "%s: kept table %s at %s\n", command.c_str(),
                   t.c_str(), session->client->options().endpoint.c_str());
    }
    return true;
  }
  Status s = session->backend.DeleteCreatedTables();
  if (!s.ok()) {
    std::fprintf(stderr, "%s: %s\n", command.c_str(), s.ToString().c_str());
    return false;
  }
  return true;
}

}  // namespace eddy::endpoint
