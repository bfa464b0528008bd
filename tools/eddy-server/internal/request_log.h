// Copyright 2026 The eddy Authors.
//
// The one line per request that `eddy-server --log-requests` prints on
// stderr, for debugging a failing SDK call:
//
//   PutItem table=rentals 200 0.21 ms
//   GetItem table=missing 400 ResourceNotFoundException 0.08 ms
//   BatchWriteItem 200 1.93 ms
//   - 413 RequestEntityTooLargeException 0.00 ms   (refused by the HTTP layer)
//
// The table is the first "TableName" string in the request body, found by a
// plain scan (no JSON parse), so batch and transaction requests show the
// first table they name, or none. Bytes that are not printable ASCII are
// shown as '?', and long names are cut, so a line is always one short line.
//
// Thread safety: pure functions.

#ifndef EDDY_TOOLS_EDDY_SERVER_INTERNAL_REQUEST_LOG_H_
#define EDDY_TOOLS_EDDY_SERVER_INTERNAL_REQUEST_LOG_H_

#include <string>
#include <string_view>

namespace eddy::server::internal {

// The value of the first `"TableName": "<value>"` in `json`, raw (escapes
// left as they are), or empty.
std::string_view ExtractTableName(std::string_view json);

// The log line, without a newline. `error_type` is the short exception name
// ("ResourceNotFoundException"), empty on success; `table` may be empty.
std::string FormatRequestLogLine(std::string_view operation,
                                 std::string_view table, int status,
                                 std::string_view error_type,
                                 double latency_ms);

}  // namespace eddy::server::internal

#endif  // EDDY_TOOLS_EDDY_SERVER_INTERNAL_REQUEST_LOG_H_
