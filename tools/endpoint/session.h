// Copyright 2026 The eddy Authors.
//
// OpenEndpoint: what a command with --endpoint URL needs — the credentials
// and region (credentials.h), a DynamoDBClient for the URL (http_client.h)
// and an EndpointBackend over it (model_backend.h).
//
//   StatusOr<std::unique_ptr<EndpointSession>> s =
//       OpenEndpoint("http://127.0.0.1:8000");
//   options.backend = &(*s)->backend;
//   options.table_name = (*s)->prefix + model.table.name;
//
// Contract: AWS_MAX_ATTEMPTS, when set to 1..100, is the client's attempts
// per call (as the SDKs read it), unless `max_attempts` (1..100) fixes them
// (a scenario retries by its own policy: 1). Errors: those of
// LoadAwsSettings and DynamoDBClient::Create, as ValidationExceptions.
//
// Thread safety: the session is opened and finished by one thread; its
// client and backend take requests from several threads at once.

#ifndef EDDY_TOOLS_ENDPOINT_SESSION_H_
#define EDDY_TOOLS_ENDPOINT_SESSION_H_

#include <memory>
#include <string>

#include "tools/endpoint/credentials.h"
#include "tools/endpoint/http_client.h"
#include "tools/endpoint/model_backend.h"

namespace eddy::endpoint {

struct EndpointSession {
  AwsSettings settings;
  std::unique_ptr<DynamoDBClient> client;
  EndpointBackend backend;  // over *client
  std::string prefix;       // this run's table-name prefix (MakeRunPrefix)

  EndpointSession(AwsSettings s, std::unique_ptr<DynamoDBClient> c,
                  std::string p)
      : settings(std::move(s)),
        client(std::move(c)),
        backend(client.get()),
        prefix(std::move(p)) {}
};

// Connections (and requests in flight) when --connections is not given.
constexpr int kDefaultConnections = 8;

StatusOr<std::unique_ptr<EndpointSession>> OpenEndpoint(
    const std::string& url, int max_concurrency = kDefaultConnections,
    const Getenv& env = ProcessEnv, int max_attempts = 0);

// The end of a command's --endpoint run: deletes the tables the session
// created, or, with `keep`, names each on stderr ("<command>: kept table T
// at URL"). False when a delete failed (said on stderr).
bool FinishEndpoint(const std::string& command, bool keep,
                    EndpointSession* session);

}  // namespace eddy::endpoint

#endif  // EDDY_TOOLS_ENDPOINT_SESSION_H_
