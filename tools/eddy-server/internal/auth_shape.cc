// Copyright 2026 The eddy Authors.

#include "tools/eddy-server/internal/auth_shape.h"

#include <array>
#include <string>

#include "tools/eddy-server/internal/http_parser.h"

namespace eddy::server::internal {
namespace {

constexpr std::string_view kAlgorithm = "AWS4-HMAC-SHA256";

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
    s.remove_prefix(1);
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) {
    s.remove_suffix(1);
  }
  return s;
}

// The value of query parameter `name` (raw, not URL-decoded), or null when
// absent.
bool FindQueryParameter(std::string_view query, std::string_view name,
                        std::string_view* value) {
  while (!query.empty()) {
    size_t amp = query.find('&');
    std::string_view pair = query.substr(0, amp);
    size_t eq = pair.find('=');
    if (pair.substr(0, eq) == name) {
      *value = eq == std::string_view::npos ? std::string_view()
                                            : pair.substr(eq + 1);
      return true;
    }
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return false;
}

bool IsBasicIsoDate(std::string_view d) {
  // YYYYMMDD'T'HHMMSS'Z'
  if (d.size() != 16 || d[8] != 'T' || d[15] != 'Z') return false;
  for (size_t i = 0; i < 15; ++i) {
    if (i == 8) continue;
    if (d[i] < '0' || d[i] > '9') return false;
  }
  return true;
}

Status Incomplete(std::string message) {
  return Status(ErrorCode::kIncompleteSignature, std::move(message));
}

Status CheckQueryAuth(std::string_view query) {
  static constexpr std::array<std::string_view, 5> kParams = {
      "X-Amz-Algorithm", "X-Amz-Credential", "X-Amz-Signature",
      "X-Amz-SignedHeaders", "X-Amz-Date"};
  std::string message;
  for (std::string_view p : kParams) {
    std::string_view value;
    if (!FindQueryParameter(query, p, &value) || value.empty()) {
      message += "AWS query-string parameters must include '";
      message += p;
      message += "'. ";
    }
  }
  if (message.empty()) return Status::OK();
  return Incomplete(message + "Re-examine the query-string parameters.");
}

}  // namespace

Status CheckAuthShape(const AuthInputs& in) {
  std::string_view ignored;
  const bool query_auth =
      FindQueryParameter(in.query, "X-Amz-Algorithm", &ignored);
  if (in.authorization != nullptr && query_auth) {
    return Status(ErrorCode::kInvalidSignature,
                  "Found both 'X-Amz-Algorithm' as a query-string param and "
                  "'Authorization' as HTTP header.");
  }
  const std::string_view header =
      in.authorization != nullptr ? Trim(*in.authorization) : "";
  if ((in.authorization == nullptr && !query_auth) ||
      (in.authorization != nullptr && header.substr(0, 5) != "AWS4-")) {
    return Status(ErrorCode::kMissingAuthenticationToken,
                  "Request is missing Authentication Token");
  }
  if (in.authorization == nullptr) return CheckQueryAuth(in.query);

  // "<algorithm> Credential=..., SignedHeaders=..., Signature=..."
  const std::string_view full = *in.authorization;
  size_t space = header.find_first_of(" \t");
  std::string_view algorithm = header.substr(0, space);
  std::string_view rest =
      space == std::string_view::npos ? "" : header.substr(space);
  std::string_view credential, signed_headers;
  bool have_credential = false, have_signature = false,
       have_signed_headers = false;
  while (!rest.empty()) {
    size_t start = rest.find_first_not_of(", \t");
    if (start == std::string_view::npos) break;
    rest.remove_prefix(start);
    size_t end = rest.find_first_of(", \t");
    std::string_view piece = rest.substr(0, end);
    rest.remove_prefix(piece.size());
    size_t eq = piece.find('=');
    if (eq == std::string_view::npos) {
      return Incomplete("'" + std::string(piece) +
                        "' not a valid key=value pair (missing equal-sign) "
                        "in Authorization header: '" +
                        std::string(full) + "'.");
    }
    std::string_view key = piece.substr(0, eq);
    std::string_view value = piece.substr(eq + 1);
    if (key == "Credential") {
      credential = value;
      have_credential = !value.empty();
    } else if (key == "Signature") {
      have_signature = !value.empty();
    } else if (key == "SignedHeaders") {
      signed_headers = value;
      have_signed_headers = !value.empty();
    }
  }

  std::string missing;
  if (!have_credential) {
    missing += "Authorization header requires 'Credential' parameter. ";
  }
  if (!have_signature) {
    missing += "Authorization header requires 'Signature' parameter. ";
  }
  if (!have_signed_headers) {
    missing += "Authorization header requires 'SignedHeaders' parameter. ";
  }
  if (in.amz_date == nullptr && in.date == nullptr) {
    missing +=
        "Authorization header requires existence of either a 'X-Amz-Date' or "
        "a 'Date' header. ";
  }
  if (!missing.empty()) {
    return Incomplete(missing + "Authorization=" + std::string(full));
  }

  if (in.amz_date != nullptr && !IsBasicIsoDate(*in.amz_date)) {
    return Incomplete("Date must be in ISO-8601 'basic format'. Got '" +
                      std::string(*in.amz_date) +
                      "'. See http://en.wikipedia.org/wiki/ISO_8601");
  }

  bool host_signed = false;
  for (std::string_view h = signed_headers; !h.empty();) {
    size_t semi = h.find(';');
    if (EqualsIgnoreCase(h.substr(0, semi), "host")) host_signed = true;
    if (semi == std::string_view::npos) break;
    h.remove_prefix(semi + 1);
  }
  if (!host_signed) {
    return Status(ErrorCode::kInvalidSignature,
                  "'Host' must be a 'SignedHeader' in the AWS Authorization.");
  }

  if (algorithm != kAlgorithm) {
    return Incomplete("Unsupported AWS 'algorithm': '" +
                      std::string(algorithm) +
                      "' (only AWS4-HMAC-SHA256 for now). ");
  }

  // keyid/date/region/service/terminator; trailing slashes are ignored.
  std::string_view scope = credential;
  while (!scope.empty() && scope.back() == '/') scope.remove_suffix(1);
  std::array<std::string_view, 5> parts;
  size_t count = 0;
  for (std::string_view s = scope;;) {
    size_t slash = s.find('/');
    if (count < parts.size()) parts[count] = s.substr(0, slash);
    ++count;
    if (slash == std::string_view::npos) break;
    s.remove_prefix(slash + 1);
  }
  if (count != 5) {
    return Incomplete(
        "Credential must have exactly 5 slash-delimited elements, e.g. "
        "keyid/date/region/service/term, got '" +
        std::string(credential) + "'");
  }
  std::string invalid;
  if (parts[2].empty()) {
    invalid += "Credential should be scoped to a valid region, not ''. ";
  }
  if (parts[3] != "dynamodb") {
    invalid += "Credential should be scoped to correct service: 'dynamodb'. ";
  }
  if (parts[4] != "aws4_request") {
    invalid +=
        "Credential should be scoped with a valid terminator: 'aws4_request', "
        "not '" +
        std::string(parts[4]) + "'. ";
  }
  if (in.amz_date != nullptr && parts[1] != in.amz_date->substr(0, 8)) {
    invalid +=
        "Date in Credential scope does not match YYYYMMDD from ISO-8601 "
        "version of date from HTTP: '" +
        std::string(parts[1]) + "' != '" +
        std::string(in.amz_date->substr(0, 8)) + "', from '" +
        std::string(*in.amz_date) + "'.";
  }
  if (!invalid.empty()) {
    return Status(ErrorCode::kInvalidSignature, invalid);
  }
  return Status::OK();
}

}  // namespace eddy::server::internal
