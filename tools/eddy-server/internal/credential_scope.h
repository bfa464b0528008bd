// Copyright 2026 The eddy Authors.
//
// ReadCredentialScope: the access key id and region a request is signed for,
// read from its SigV4 credential ("AKID/20260101/us-east-1/dynamodb/
// aws4_request") in the Authorization header or, for a presigned request, the
// X-Amz-Credential query parameter (its '/' may be written %2F). eddy-server
// uses them to choose the request's database when it is not started with
// -sharedDb (DynamoDB Local keeps one database per access key id and region).
//
// Call it after CheckAuthShape accepted the request (auth_shape.h): it only
// extracts, and answers false when there is no credential to read.
//
// IsValidAccessKeyId: DynamoDB Local accepts access key ids of letters
// (A-Z, a-z) and digits (0-9) only; eddy-server answers others with
// UnrecognizedClientException when it keeps a database per key. The id also
// names a data subdirectory, so it is bounded (128 characters).
//
// Thread safety: pure functions.

#ifndef EDDY_TOOLS_EDDY_SERVER_INTERNAL_CREDENTIAL_SCOPE_H_
#define EDDY_TOOLS_EDDY_SERVER_INTERNAL_CREDENTIAL_SCOPE_H_

#include <string>
#include <string_view>

namespace eddy::server::internal {

struct CredentialScope {
  std::string access_key_id;
  std::string region;
};

// `authorization`: the header's value or null; `query`: the request target
// after '?' (or empty). False when neither carries a credential with at
// least a key id, a date and a region.
bool ReadCredentialScope(const std::string_view* authorization,
                         std::string_view query, CredentialScope* out);

bool IsValidAccessKeyId(std::string_view id);

// A region name eddy accepts as a database's region (and a directory name):
// 1 to 64 of [a-z0-9-].
bool IsValidRegionName(std::string_view region);

}  // namespace eddy::server::internal

#endif  // EDDY_TOOLS_EDDY_SERVER_INTERNAL_CREDENTIAL_SCOPE_H_
