// Copyright 2026 The eddy Authors.

#include "model/formats/template_syntax.h"

#include <algorithm>

namespace eddy::model {
namespace {

bool IsWord(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_';
}

}  // namespace

bool BraceTemplateToSeed(std::string_view aws, std::string* seed,
                         std::vector<std::string>* names,
                         std::string* problem) {
  bool blank = true;
  for (char c : aws) blank = blank && (c == ' ' || c == '\t' || c == '\n');
  if (blank) {
    *problem = "Template cannot be empty";
    return false;
  }
  const auto open = std::count(aws.begin(), aws.end(), '{');
  const auto close = std::count(aws.begin(), aws.end(), '}');
  if (open != close) {
    *problem = "Unmatched braces in template: " + std::to_string(open) +
               " opening, " + std::to_string(close) + " closing";
    return false;
  }
  std::string out, invalid;
  bool empty = false;
  for (size_t i = 0; i < aws.size(); ++i) {
    const char c = aws[i];
    if (c == '$') {
      *problem = "'$' is not allowed in a key template eddy converts";
      return false;
    }
    if (c == '}') {
      *problem = "Unmatched braces in template: '}' at offset " +
                 std::to_string(i) + " closes nothing";
      return false;
    }
    if (c != '{') {
      out.push_back(c);
      continue;
    }
    const size_t end = aws.find('}', i + 1);
    const size_t nested = aws.find('{', i + 1);
    if (end == std::string_view::npos ||
        (nested != std::string_view::npos && nested < end)) {
      *problem = "Unmatched braces in template: '{' at offset " +
                 std::to_string(i) + " is not closed";
      return false;
    }
    const std::string_view name = aws.substr(i + 1, end - i - 1);
    bool word = !name.empty();
    bool spaces = true;
    for (char n : name) {
      word = word && IsWord(n);
      spaces = spaces && n == ' ';
    }
    if (name.empty() || spaces) {
      empty = true;
    } else if (!word) {
      invalid += (invalid.empty() ? "" : ", ") + std::string(name);
    } else {
      out += "${" + std::string(name) + "}";
      if (std::find(names->begin(), names->end(), name) == names->end()) {
        names->emplace_back(name);
      }
    }
    i = end;
  }
  if (empty) {
    *problem = "Template contains empty parameter placeholders {}";
    return false;
  }
  if (!invalid.empty()) {
    *problem = "Template contains invalid parameter names: " + invalid;
    return false;
  }
  *seed = std::move(out);
  return true;
}

std::string SeedTemplateToBrace(std::string_view seed) {
  std::string out;
  for (size_t i = 0; i < seed.size(); ++i) {
    if (seed[i] == '$' && i + 1 < seed.size() && seed[i + 1] == '{') continue;
    out.push_back(seed[i]);
  }
  return out;
}

std::string SeedLiteralPrefix(std::string_view seed) {
  const size_t at = seed.find("${");
  return std::string(seed.substr(0, at));
}

}  // namespace eddy::model
