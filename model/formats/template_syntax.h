// Copyright 2026 The eddy Authors.
//
// Key-template spellings of the formats eddy converts between: the seed
// format writes placeholders `${name}` (model/key_template.h), the AWS MCP
// schema `{name}` (names of letters, digits and '_', as the tool's regex
// \{(\w+)\} reads them).
//
// Thread safety: pure functions.

#ifndef EDDY_MODEL_FORMATS_TEMPLATE_SYNTAX_H_
#define EDDY_MODEL_FORMATS_TEMPLATE_SYNTAX_H_

#include <string>
#include <string_view>
#include <vector>

namespace eddy::model {

// "USER#{user_id}" -> "USER#${user_id}", appending the placeholder names
// (distinct, in order) to *names. False with *problem set, following the
// tool's checks: "Template cannot be empty", "Unmatched braces in template:
// N opening, M closing", "Template contains empty parameter placeholders {}",
// "Template contains invalid parameter names: a b"; and, for eddy, a '$' in
// the literal text ("'$' is not allowed in a key template eddy converts").
bool BraceTemplateToSeed(std::string_view aws, std::string* seed,
                         std::vector<std::string>* names, std::string* problem);

// "USER#${user_id}" -> "USER#{user_id}" (a seed template is well formed).
std::string SeedTemplateToBrace(std::string_view seed);

// The literal text before the first placeholder of a seed template.
std::string SeedLiteralPrefix(std::string_view seed);

}  // namespace eddy::model

#endif  // EDDY_MODEL_FORMATS_TEMPLATE_SYNTAX_H_
