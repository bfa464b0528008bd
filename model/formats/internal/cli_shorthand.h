// Copyright 2026 The eddy Authors.
//
// The AWS CLI's shorthand syntax for structure, map and list options
// (`AttributeName=pk,KeyType=HASH`, `pk={S=a},sk={N=1}`, `L=[{S=x}]`),
// parsed for ParseAwsCliCommand (model/formats/cli_command.h) into untyped
// JSON; the caller coerces it to the member types. Not part of eddy's API.
//
//   StatusOr<nlohmann::ordered_json> h =
//       internal::ParseCliShorthand("NonKeyAttributes=a,b,ProjectionType=X");
//   // *h == {"NonKeyAttributes":["a","b"],"ProjectionType":"X"}
//
// Contract
// - Grammar: keyval *("," keyval), the whole text a hash without braces. A
//   key is letters, digits and - _ . # / :; a value is a quoted string
//   ('...' or "...", a backslash before the quote character escapes it), an
//   explicit list "[...]", a hash "{...}" or a bare word (a backslash
//   escapes the next character; trailing blanks are dropped). A bare key's
//   values run on as a comma-separated list until the next "key=".
// - Values are strings, arrays and objects only (no numbers or booleans:
//   coercion decides). A repeated key keeps its last value.
// - Errors are Status::Validation, "<what> at position <i> of \"<text>\""
//   (expected a key, expected '=' after "<key>", expected ',' or ']',
//   expected '}', unterminated quote, unexpected '<next 10 characters>',
//   nested more than 64 levels deep): lists and hashes nest at most 64 deep,
//   so input never recurses deeper.
//
// Thread safety: pure function.

#ifndef EDDY_MODEL_FORMATS_INTERNAL_CLI_SHORTHAND_H_
#define EDDY_MODEL_FORMATS_INTERNAL_CLI_SHORTHAND_H_

#include <string_view>

#include "emulator/base/status.h"
#include "nlohmann/json.hpp"

namespace eddy::model::internal {

// `text` (one option value) as a hash; see the contract above.
StatusOr<nlohmann::ordered_json> ParseCliShorthand(std::string_view text);

}  // namespace eddy::model::internal

#endif  // EDDY_MODEL_FORMATS_INTERNAL_CLI_SHORTHAND_H_
