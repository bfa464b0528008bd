// Copyright 2026 The eddy Authors.

#include "tools/eddy-server/internal/credential_scope.h"

#include "tools/eddy-server/internal/http_parser.h"

namespace eddy::server::internal {
namespace {

// Splits "key/date/region/..." into its first three elements.
bool SplitScope(std::string_view credential, CredentialScope* out) {
  const size_t a = credential.find('/');
  if (a == std::string_view::npos) return false;
  const size_t b = credential.find('/', a + 1);
  if (b == std::string_view::npos) return false;
  size_t c = credential.find('/', b + 1);
  if (c == std::string_view::npos) c = credential.size();
  out->access_key_id = std::string(credential.substr(0, a));
  out->region = std::string(credential.substr(b + 1, c - b - 1));
  return true;
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string PercentDecode(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size()) {
      const int hi = HexValue(s[i + 1]);
      const int lo = HexValue(s[i + 2]);
      if (hi >= 0 && lo >= 0) {
        out.push_back(static_cast<char>(hi * 16 + lo));
        i += 2;
        continue;
      }
    }
    out.push_back(s[i]);
  }
  return out;
}

}  // namespace

bool ReadCredentialScope(const std::string_view* authorization,
                         std::string_view query, CredentialScope* out) {
  if (authorization != nullptr) {
    std::string_view h = *authorization;
    const size_t at = h.find("Credential=");
    if (at == std::string_view::npos) return false;
    h.remove_prefix(at + 11);
    return SplitScope(h.substr(0, FindAnyOf(h, ", \t")), out);
  }
  while (!query.empty()) {
    const size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    constexpr std::string_view kName = "X-Amz-Credential=";
    if (pair.substr(0, kName.size()) == kName) {
      return SplitScope(PercentDecode(pair.substr(kName.size())), out);
    }
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return false;
}

bool IsValidAccessKeyId(std::string_view id) {
  if (id.empty() || id.size() > 128) return false;
  for (char c : id) {
    const bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                    (c >= '0' && c <= '9');
    if (!ok) return false;
  }
  return true;
}

bool IsValidRegionName(std::string_view region) {
  if (region.empty() || region.size() > 64) return false;
  for (char c : region) {
    const bool ok =
        (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    if (!ok) return false;
  }
  return true;
}

}  // namespace eddy::server::internal
