// Copyright 2026 The eddy Authors.

#include "tools/eddy-server/internal/request_log.h"

#include <cstdio>

namespace eddy::server::internal {
namespace {

constexpr size_t kMaxOperationChars = 128;
constexpr size_t kMaxTableChars = 1024;  // an ARN may stand for the name

void AppendPrintable(std::string_view s, size_t max, std::string* out) {
  if (s.size() > max) s = s.substr(0, max);
  for (char c : s) {
    out->push_back(c >= 0x21 && c <= 0x7E ? c : '?');
  }
}

bool IsJsonSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

}  // namespace

std::string_view ExtractTableName(std::string_view json) {
  constexpr std::string_view kKey = "\"TableName\"";
  size_t at = 0;
  while ((at = json.find(kKey, at)) != std::string_view::npos) {
    size_t i = at + kKey.size();
    at = i;
    while (i < json.size() && IsJsonSpace(json[i])) ++i;
    if (i >= json.size() || json[i] != ':') continue;
    ++i;
    while (i < json.size() && IsJsonSpace(json[i])) ++i;
    if (i >= json.size() || json[i] != '"') continue;
    const size_t start = ++i;
    while (i < json.size() && json[i] != '"') {
      i += json[i] == '\\' ? 2 : 1;
    }
    if (i >= json.size()) return {};
    return json.substr(start, i - start);
  }
  return {};
}

std::string FormatRequestLogLine(std::string_view operation,
                                 std::string_view table, int status,
                                 std::string_view error_type,
                                 double latency_ms) {
  std::string line;
  line.reserve(96 + table.size());
  if (operation.empty()) operation = "-";
  AppendPrintable(operation, kMaxOperationChars, &line);
  if (!table.empty()) {
    line += " table=";
    AppendPrintable(table, kMaxTableChars, &line);
  }
  char tail[64];
  std::snprintf(tail, sizeof(tail), " %d", status);
  line += tail;
  if (!error_type.empty()) {
    line += ' ';
    AppendPrintable(error_type, kMaxOperationChars, &line);
  }
  std::snprintf(tail, sizeof(tail), " %.2f ms", latency_ms);
  line += tail;
  return line;
}

}  // namespace eddy::server::internal
