// Copyright 2026 The eddy Authors.

#include "tools/eddy-server/internal/auth_shape.h"

#include <array>
#include <cstdio>
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

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's
// days_from_civil).
int64_t DaysFromCivil(int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<int64_t>(doe) - 719468;
}

bool IsLeap(int64_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

bool ToEpochSeconds(int64_t y, int mo, int d, int h, int mi, int s,
                    int64_t* out) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30,
                                  31, 31, 30, 31, 30, 31};
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 60) return false;
  const int max_day = kDays[mo - 1] + (mo == 2 && IsLeap(y) ? 1 : 0);
  if (d > max_day) return false;
  *out = DaysFromCivil(y, static_cast<unsigned>(mo), static_cast<unsigned>(d)) *
             86400 +
         h * 3600 + mi * 60 + s;
  return true;
}

int Digits(std::string_view s, size_t at, size_t n) {
  int v = 0;
  for (size_t i = at; i < at + n; ++i) v = v * 10 + (s[i] - '0');
  return v;
}

// YYYYMMDD'T'HHMMSS'Z' (already checked by IsBasicIsoDate) to epoch
// seconds; false when it is not a real date and time.
bool ParseBasicIsoDate(std::string_view d, int64_t* seconds) {
  return ToEpochSeconds(Digits(d, 0, 4), Digits(d, 4, 2), Digits(d, 6, 2),
                        Digits(d, 9, 2), Digits(d, 11, 2), Digits(d, 13, 2),
                        seconds);
}

// An IMF-fixdate ("Thu, 01 Jan 2026 00:00:00 GMT") to epoch seconds.
bool ParseHttpDate(std::string_view d, int64_t* seconds) {
  static constexpr std::string_view kMonths[] = {"Jan", "Feb", "Mar", "Apr",
                                                 "May", "Jun", "Jul", "Aug",
                                                 "Sep", "Oct", "Nov", "Dec"};
  // "Www, DD Mon YYYY HH:MM:SS GMT"
  if (d.size() != 29 || d.substr(3, 2) != ", " || d[7] != ' ' || d[11] != ' ' ||
      d[16] != ' ' || d[19] != ':' || d[22] != ':' || d.substr(25) != " GMT") {
    return false;
  }
  for (size_t i : {5, 6, 12, 13, 14, 15, 17, 18, 20, 21, 23, 24}) {
    if (d[i] < '0' || d[i] > '9') return false;
  }
  int month = 0;
  for (int i = 0; i < 12; ++i) {
    if (d.substr(8, 3) == kMonths[i]) month = i + 1;
  }
  return month != 0 && ToEpochSeconds(Digits(d, 12, 4), month, Digits(d, 5, 2),
                                      Digits(d, 17, 2), Digits(d, 20, 2),
                                      Digits(d, 23, 2), seconds);
}

std::string FormatBasicIsoDate(int64_t seconds) {
  const int64_t days =
      seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400;
  const int64_t rest = seconds - days * 86400;
  // H. Hinnant's civil_from_days.
  const int64_t z = days + 719468;
  const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const unsigned doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  const unsigned day = doy - (153 * mp + 2) / 5 + 1;
  const unsigned month = mp < 10 ? mp + 3 : mp - 9;
  const int64_t year = static_cast<int64_t>(yoe) + era * 400 + (month <= 2);
  char out[96];
  std::snprintf(out, sizeof(out), "%04lld%02u%02uT%02d%02d%02dZ",
                static_cast<long long>(year), month % 100, day % 100,
                static_cast<int>(rest / 3600) % 100,
                static_cast<int>(rest / 60 % 60), static_cast<int>(rest % 60));
  return out;
}

// DynamoDB accepts a signature made within 15 minutes of its clock.
constexpr int64_t kSignatureWindowSeconds = 15 * 60;

Status CheckSignatureTime(std::string_view shown, int64_t request_seconds,
                          int64_t now_micros) {
  const int64_t now = now_micros / 1'000'000;
  if (request_seconds < now - kSignatureWindowSeconds) {
    return Status(ErrorCode::kInvalidSignature,
                  "Signature expired: " + std::string(shown) +
                      " is now earlier than " +
                      FormatBasicIsoDate(now - kSignatureWindowSeconds) + " (" +
                      FormatBasicIsoDate(now) + " - 15 min.)");
  }
  if (request_seconds > now + kSignatureWindowSeconds) {
    return Status(ErrorCode::kInvalidSignature,
                  "Signature not yet current: " + std::string(shown) +
                      " is still later than " +
                      FormatBasicIsoDate(now + kSignatureWindowSeconds) + " (" +
                      FormatBasicIsoDate(now) + " + 15 min.)");
  }
  return Status::OK();
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
  size_t space = FindAnyOf(header, " \t");
  std::string_view algorithm = header.substr(0, space);
  std::string_view rest =
      space == std::string_view::npos ? "" : header.substr(space);
  std::string_view credential, signed_headers;
  bool have_credential = false, have_signature = false,
       have_signed_headers = false;
  while (!rest.empty()) {
    size_t start = FindNoneOf(rest, ", \t");
    if (start == std::string_view::npos) break;
    rest.remove_prefix(start);
    size_t end = FindAnyOf(rest, ", \t");
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

  int64_t request_seconds = 0;
  if (in.amz_date != nullptr &&
      (!IsBasicIsoDate(*in.amz_date) ||
       !ParseBasicIsoDate(*in.amz_date, &request_seconds))) {
    return Incomplete("Date must be in ISO-8601 'basic format'. Got '" +
                      std::string(*in.amz_date) +
                      "'. See http://en.wikipedia.org/wiki/ISO_8601");
  }
  if (in.now_micros >= 0) {
    if (in.amz_date != nullptr) {
      Status s =
          CheckSignatureTime(*in.amz_date, request_seconds, in.now_micros);
      if (!s.ok()) return s;
    } else if (in.date != nullptr &&
               ParseHttpDate(*in.date, &request_seconds)) {
      Status s = CheckSignatureTime(FormatBasicIsoDate(request_seconds),
                                    request_seconds, in.now_micros);
      if (!s.ok()) return s;
    }
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
