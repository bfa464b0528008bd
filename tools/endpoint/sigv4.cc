// Copyright 2026 The eddy Authors.

#include "tools/endpoint/sigv4.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <algorithm>
#include <cctype>
#include <ctime>
#include <map>

namespace eddy::endpoint {
namespace {

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Trims the value and collapses each run of spaces to one.
std::string CanonicalValue(std::string_view v) {
  auto space = [](char c) { return c == ' ' || c == '\t'; };
  while (!v.empty() && space(v.front())) v.remove_prefix(1);
  while (!v.empty() && space(v.back())) v.remove_suffix(1);
  std::string out;
  out.reserve(v.size());
  for (char c : v) {
    if (space(c)) {
      if (!out.empty() && out.back() == ' ') continue;
      c = ' ';
    }
    out.push_back(c);
  }
  return out;
}

std::string CanonicalUri(std::string_view path) {
  std::vector<std::string_view> segments;
  size_t start = 0;
  while (start <= path.size()) {
    size_t slash = path.find('/', start);
    if (slash == std::string_view::npos) slash = path.size();
    std::string_view seg = path.substr(start, slash - start);
    if (seg == "..") {
      if (!segments.empty()) segments.pop_back();
    } else if (!seg.empty() && seg != ".") {
      segments.push_back(seg);
    }
    start = slash + 1;
  }
  if (segments.empty()) return "/";
  std::string out;
  for (std::string_view seg : segments) out += "/" + UriEncode(seg);
  if (path.back() == '/') out += "/";
  return out;
}

std::string CanonicalQuery(std::string_view query) {
  std::vector<std::pair<std::string, std::string>> params;
  size_t start = 0;
  while (start < query.size()) {
    size_t amp = query.find('&', start);
    if (amp == std::string_view::npos) amp = query.size();
    std::string_view param = query.substr(start, amp - start);
    if (!param.empty()) {
      const size_t eq = param.find('=');
      params.emplace_back(
          UriEncode(param.substr(0, eq)),
          eq == std::string_view::npos ? "" : UriEncode(param.substr(eq + 1)));
    }
    start = amp + 1;
  }
  std::sort(params.begin(), params.end());
  std::string out;
  for (const auto& [k, v] : params) {
    if (!out.empty()) out += "&";
    out += k + "=" + v;
  }
  return out;
}

bool IsAmzDate(std::string_view d) {
  if (d.size() != 16 || d[8] != 'T' || d[15] != 'Z') return false;
  for (size_t i = 0; i < 15; ++i) {
    if (i != 8 && !std::isdigit(static_cast<unsigned char>(d[i]))) return false;
  }
  return true;
}

}  // namespace

std::string HexEncode(std::string_view bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (unsigned char c : bytes) {
    out.push_back(kDigits[c >> 4]);
    out.push_back(kDigits[c & 15]);
  }
  return out;
}

std::string Sha256Hex(std::string_view data) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  EVP_Digest(data.data(), data.size(), digest, &length, EVP_sha256(), nullptr);
  return HexEncode(std::string_view(reinterpret_cast<char*>(digest), length));
}

std::string HmacSha256(std::string_view key, std::string_view data) {
  unsigned char mac[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
       reinterpret_cast<const unsigned char*>(data.data()), data.size(), mac,
       &length);
  return std::string(reinterpret_cast<char*>(mac), length);
}

std::string UriEncode(std::string_view s) {
  static constexpr char kDigits[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(s.size());
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
      out.push_back(static_cast<char>(c));
    } else {
      out.push_back('%');
      out.push_back(kDigits[c >> 4]);
      out.push_back(kDigits[c & 15]);
    }
  }
  return out;
}

std::string AmzDate(int64_t unix_micros) {
  const std::time_t seconds = static_cast<std::time_t>(unix_micros / 1'000'000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%dT%H%M%SZ", &tm);
  return buf;
}

StatusOr<SigV4Signature> SignV4(const SigV4Request& request,
                                const AwsCredentials& credentials,
                                std::string_view region,
                                std::string_view service) {
  if (region.empty() || service.empty()) {
    return Status::Validation("SigV4: the region and service must be set");
  }
  // Lowercased name -> values in order (std::map sorts the names).
  std::map<std::string, std::vector<std::string>> headers;
  for (const auto& [name, value] : request.headers) {
    headers[Lower(name)].push_back(CanonicalValue(value));
  }
  auto date = headers.find("x-amz-date");
  if (date == headers.end() || date->second.size() != 1 ||
      !IsAmzDate(date->second[0])) {
    return Status::Validation(
        "SigV4: the request needs one X-Amz-Date header, YYYYMMDD'T'HHMMSS'Z'");
  }
  const std::string amz_date = date->second[0];
  const std::string day = amz_date.substr(0, 8);

  SigV4Signature out;
  std::string canonical_headers;
  for (const auto& [name, values] : headers) {
    canonical_headers += name + ":";
    for (size_t i = 0; i < values.size(); ++i) {
      if (i > 0) canonical_headers += ",";
      canonical_headers += values[i];
    }
    canonical_headers += "\n";
    if (!out.signed_headers.empty()) out.signed_headers += ";";
    out.signed_headers += name;
  }
  out.canonical_request = request.method + "\n" + CanonicalUri(request.path) +
                          "\n" + CanonicalQuery(request.query) + "\n" +
                          canonical_headers + "\n" + out.signed_headers + "\n" +
                          Sha256Hex(request.body);
  const std::string scope = day + "/" + std::string(region) + "/" +
                            std::string(service) + "/aws4_request";
  out.string_to_sign = "AWS4-HMAC-SHA256\n" + amz_date + "\n" + scope + "\n" +
                       Sha256Hex(out.canonical_request);
  std::string key = HmacSha256("AWS4" + credentials.secret_access_key, day);
  key = HmacSha256(key, region);
  key = HmacSha256(key, service);
  key = HmacSha256(key, "aws4_request");
  out.signature = HexEncode(HmacSha256(key, out.string_to_sign));
  out.authorization =
      "AWS4-HMAC-SHA256 Credential=" + credentials.access_key_id + "/" + scope +
      ", SignedHeaders=" + out.signed_headers + ", Signature=" + out.signature;
  return out;
}

}  // namespace eddy::endpoint
