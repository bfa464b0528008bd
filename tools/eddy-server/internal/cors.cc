// Copyright 2026 The eddy Authors.

#include "tools/eddy-server/internal/cors.h"

#include <utility>

#include "tools/eddy-server/internal/http_parser.h"

namespace eddy::server::internal {

CorsPolicy::CorsPolicy(std::vector<std::string> origins) {
  for (std::string& o : origins) {
    if (o == "*") {
      any_ = true;
    } else {
      origins_.push_back(std::move(o));
    }
  }
}

const std::string* CorsPolicy::AllowOrigin(std::string_view origin) const {
  if (any_) return &star_;
  for (const std::string& o : origins_) {
    if (EqualsIgnoreCase(o, origin)) return &o;
  }
  return nullptr;
}

bool ParseCorsOrigins(std::string_view value, std::vector<std::string>* out,
                      std::string* error) {
  out->clear();
  while (true) {
    const size_t comma = value.find(',');
    std::string_view o = value.substr(0, comma);
    while (!o.empty() && (o.front() == ' ' || o.front() == '\t')) {
      o.remove_prefix(1);
    }
    while (!o.empty() && (o.back() == ' ' || o.back() == '\t')) {
      o.remove_suffix(1);
    }
    if (!o.empty()) {
      const size_t scheme = o.find("://");
      const bool ok = o == "*" || (scheme != std::string_view::npos &&
                                   scheme > 0 && o.size() > scheme + 3 &&
                                   o.find_first_of("/ ?#", scheme + 3) ==
                                       std::string_view::npos);
      if (!ok) {
        *error = "'" + std::string(o) +
                 "' is not an origin (use * or scheme://host[:port], e.g. "
                 "http://localhost:3000)";
        return false;
      }
      out->push_back(std::string(o));
    }
    if (comma == std::string_view::npos) break;
    value.remove_prefix(comma + 1);
  }
  if (out->empty()) {
    *error = "must be * or a comma-separated list of origins";
    return false;
  }
  return true;
}

}  // namespace eddy::server::internal
