// Copyright 2026 The eddy Authors.
//
// The AWS CLI's view of DynamoDB commands (model/formats/cli_command.h): the
// shell word splitter, the operations' request members with their types (as
// the DynamoDB service model defines them) and the CLI's option rules. The
// shorthand syntax is parsed by internal/cli_shorthand.h.

#include "model/formats/cli_command.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <memory>
#include <utility>

#include "model/formats/cli_shapes.h"
#include "model/formats/internal/cli_shorthand.h"
#include "model/internal/json_text.h"
#include "model/suggest.h"
#include "nlohmann/json.hpp"

namespace eddy::model {
namespace {

using Json = nlohmann::ordered_json;

// --- Shell words -------------------------------------------------------------

Status ShellError(std::string message) {
  return Status::Validation(std::move(message));
}

}  // namespace

StatusOr<std::vector<std::string>> SplitShellWords(std::string_view line) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  bool quoted = false;  // the current word has a quoted part
  size_t i = 0;
  size_t word_start = 0;
  auto column = [&](size_t at) { return std::to_string(at + 1); };
  auto finish = [&]() -> Status {
    if (in_word) {
      // A shell operator standing alone: the command would need a shell.
      if (!quoted &&
          (word == "|" || word == "||" || word == "&&" || word == "&" ||
           word == ";" || word == ">" || word == ">>" || word == "<")) {
        return ShellError("shell operator '" + word + "' at column " +
                          column(word_start) +
                          " is not supported: the implementation must be "
                          "one aws command");
      }
      words.push_back(std::move(word));
    }
    word.clear();
    in_word = false;
    quoted = false;
    return Status::OK();
  };
  auto start = [&](size_t at) {
    if (!in_word) word_start = at;
    in_word = true;
  };
  while (i < line.size()) {
    const char c = line[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (Status st = finish(); !st.ok()) return st;
      ++i;
    } else if (c == '\\') {
      if (i + 1 >= line.size()) {  // a trailing backslash: nothing to escape
        ++i;
        continue;
      }
      if (line[i + 1] == '\n') {  // line continuation
        i += 2;
      } else if (line[i + 1] == '\r' && i + 2 < line.size() &&
                 line[i + 2] == '\n') {
        i += 3;
      } else {
        start(i);
        word.push_back(line[i + 1]);
        i += 2;
      }
    } else if (c == '\'') {
      const size_t end = line.find('\'', i + 1);
      if (end == std::string_view::npos) {
        return ShellError("unterminated single quote at column " + column(i));
      }
      start(i);
      quoted = true;
      word.append(line.substr(i + 1, end - i - 1));
      i = end + 1;
    } else if (c == '"') {
      start(i);
      quoted = true;
      size_t j = i + 1;
      for (;; ++j) {
        if (j >= line.size()) {
          return ShellError("unterminated double quote at column " + column(i));
        }
        const char d = line[j];
        if (d == '"') break;
        if (d == '\\' && j + 1 < line.size()) {
          const char e = line[j + 1];
          if (e == '"' || e == '\\') {
            word.push_back(e);
            ++j;
            continue;
          }
          if (e == '\n') {  // line continuation
            ++j;
            continue;
          }
        }
        word.push_back(d);
      }
      i = j + 1;
    } else {
      start(i);
      word.push_back(c);
      ++i;
    }
  }
  if (Status st = finish(); !st.ok()) return st;
  return words;
}

std::string CliName(std::string_view member) {
  // botocore's xform_name: "(.)([A-Z][a-z]+)" -> "\1_\2", then
  // "([a-z0-9])([A-Z])" -> "\1_\2", then lower case.
  auto upper = [](char c) { return c >= 'A' && c <= 'Z'; };
  auto lower = [](char c) { return c >= 'a' && c <= 'z'; };
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  std::string step1;
  for (size_t i = 0; i < member.size(); ++i) {
    if (i > 0 && upper(member[i]) && i + 1 < member.size() &&
        lower(member[i + 1]) && step1.back() != '-') {
      step1.push_back('-');
    }
    step1.push_back(member[i]);
  }
  std::string out;
  for (size_t i = 0; i < step1.size(); ++i) {
    if (i > 0 && upper(step1[i]) &&
        (lower(step1[i - 1]) || digit(step1[i - 1]))) {
      out.push_back('-');
    }
    out.push_back(
        static_cast<char>(std::tolower(static_cast<unsigned char>(step1[i]))));
  }
  return out;
}

namespace {

// --- Coercion to the member types --------------------------------------------

Status ParamError(std::string_view option, const std::string& what) {
  return Status::Validation("Error parsing parameter '" + std::string(option) +
                            "': " + what);
}

std::string MemberList(const Shape& shape) {
  std::string out;
  for (const auto& [name, unused] : shape.members) {
    out += (out.empty() ? "" : ", ") + name;
  }
  return out;
}

// Coerces untyped shorthand `v` (strings, arrays, objects) to `shape` at
// `path` ("KeySchema[0]"), as the CLI does before it sends the request.
StatusOr<Json> Coerce(const Json& v, const Shape& shape,
                      const std::string& path) {
  switch (shape.kind) {
    case Kind::kString:
    case Kind::kBlob:
      if (v.is_string()) return v;
      return Status::Validation("Invalid type for parameter " + path +
                                ": expected a single value, got " + v.dump());
    case Kind::kInteger: {
      if (!v.is_string()) {
        return Status::Validation("Invalid type for parameter " + path +
                                  ": expected an integer, got " + v.dump());
      }
      const std::string s = v.get<std::string>();
      char* end = nullptr;
      const long long n = std::strtoll(s.c_str(), &end, 10);
      if (s.empty() || end != s.c_str() + s.size()) {
        return Status::Validation("Invalid value for parameter " + path +
                                  ": expected an integer, got \"" + s + "\"");
      }
      return Json(static_cast<int64_t>(n));
    }
    case Kind::kBoolean: {
      std::string s = v.is_string() ? v.get<std::string>() : "";
      for (char& c : s) c = static_cast<char>(std::tolower(c));
      if (s == "true") return Json(true);
      if (s == "false") return Json(false);
      return Status::Validation("Invalid value for parameter " + path +
                                ": expected true or false, got " + v.dump());
    }
    case Kind::kList: {
      Json list = Json::array();
      const Json items = v.is_array() ? v : Json::array({v});
      for (size_t k = 0; k < items.size(); ++k) {
        StatusOr<Json> e = Coerce(items[k], *shape.element,
                                  path + "[" + std::to_string(k) + "]");
        if (!e.ok()) return e;
        list.push_back(*std::move(e));
      }
      return list;
    }
    case Kind::kMap: {
      if (!v.is_object()) {
        return Status::Validation("Invalid type for parameter " + path +
                                  ": expected key=value pairs, got " +
                                  v.dump());
      }
      Json map = Json::object();
      for (const auto& [key, value] : v.items()) {
        StatusOr<Json> e = Coerce(value, *shape.element, path + "." + key);
        if (!e.ok()) return e;
        map[key] = *std::move(e);
      }
      return map;
    }
    case Kind::kStructure: {
      if (!v.is_object()) {
        return Status::Validation("Invalid type for parameter " + path +
                                  ": expected key=value pairs, got " +
                                  v.dump());
      }
      Json out = Json::object();
      for (const auto& [key, value] : v.items()) {
        const Shape* member = shape.Member(key);
        if (member == nullptr) {
          return Status::Validation("Unknown parameter in " + path + ": \"" +
                                    key +
                                    "\", must be one of: " + MemberList(shape));
        }
        StatusOr<Json> e = Coerce(value, *member, path + "." + key);
        if (!e.ok()) return e;
        out[key] = *std::move(e);
      }
      return out;
    }
  }
  return v;
}

// One option's value(s) -> the member's JSON value.
StatusOr<Json> OptionValue(std::string_view option, const std::string& member,
                           const Shape& shape,
                           const std::vector<std::string>& values) {
  for (const std::string& v : values) {
    if (v.rfind("file://", 0) == 0 || v.rfind("fileb://", 0) == 0) {
      return ParamError(option,
                        "file:// and fileb:// values are not supported: put "
                        "the value itself in the command (" +
                            v.substr(0, v.find("://") + 3) + "...)");
    }
  }
  if (shape.kind == Kind::kString || shape.kind == Kind::kBlob ||
      shape.kind == Kind::kInteger) {
    StatusOr<Json> v = Coerce(Json(values[0]), shape, member);
    if (!v.ok()) return ParamError(option, std::string(v.status().message()));
    return v;
  }
  // JSON when the (first) value starts with { or [.
  size_t first = values[0].find_first_not_of(" \t\r\n");
  if (first != std::string::npos &&
      (values[0][first] == '{' || values[0][first] == '[')) {
    if (values.size() > 1) {
      return ParamError(option, "a JSON value must be one word; quote it (" +
                                    std::to_string(values.size()) +
                                    " words were given)");
    }
    if (internal::JsonNestingDepth(values[0]) > internal::kMaxJsonDepth) {
      return ParamError(option, "the JSON value is nested more than " +
                                    std::to_string(internal::kMaxJsonDepth) +
                                    " levels deep");
    }
    Json parsed = Json::parse(values[0], nullptr, /*allow_exceptions=*/false);
    if (parsed.is_discarded()) {
      // Find the position nlohmann stops at, for the message.
      std::string detail;
      try {
        Json again = Json::parse(values[0]);
        detail = again.dump();  // not reached: the first parse failed
      } catch (const Json::parse_error& e) {
        detail = e.what();
        const size_t colon = detail.find("syntax error");
        if (colon != std::string::npos) detail = detail.substr(colon);
      }
      return ParamError(
          option, "Invalid JSON: " + detail + "\nJSON received: " + values[0]);
    }
    return parsed;
  }
  // Shorthand.
  if (shape.kind == Kind::kList) {
    const Shape& element = *shape.element;
    Json list = Json::array();
    for (size_t k = 0; k < values.size(); ++k) {
      Json raw;
      if (element.kind == Kind::kStructure || element.kind == Kind::kMap) {
        StatusOr<Json> h = internal::ParseCliShorthand(values[k]);
        if (!h.ok())
          return ParamError(option, std::string(h.status().message()));
        raw = *std::move(h);
      } else {
        raw = Json(values[k]);
      }
      StatusOr<Json> e =
          Coerce(raw, element, member + "[" + std::to_string(k) + "]");
      if (!e.ok()) return ParamError(option, std::string(e.status().message()));
      list.push_back(*std::move(e));
    }
    return list;
  }
  if (values.size() > 1) {
    return ParamError(option, "expected one value, got " +
                                  std::to_string(values.size()) +
                                  " words; quote the value");
  }
  StatusOr<Json> h = internal::ParseCliShorthand(values[0]);
  if (!h.ok()) return ParamError(option, std::string(h.status().message()));
  StatusOr<Json> v = Coerce(*h, shape, member);
  if (!v.ok()) return ParamError(option, std::string(v.status().message()));
  return v;
}

// --- Global options ----------------------------------------------------------

// The AWS CLI's global options: those that take a value, and flags.
const std::vector<std::string>& GlobalValueOptions() {
  static const auto* const v =
      new std::vector<std::string>{"--endpoint-url",
                                   "--region",
                                   "--profile",
                                   "--output",
                                   "--query",
                                   "--color",
                                   "--cli-read-timeout",
                                   "--cli-connect-timeout",
                                   "--ca-bundle",
                                   "--cli-binary-format"};
  return *v;
}
const std::vector<std::string>& GlobalFlags() {
  static const auto* const v =
      new std::vector<std::string>{"--debug",
                                   "--no-verify-ssl",
                                   "--no-paginate",
                                   "--no-sign-request",
                                   "--no-cli-pager",
                                   "--cli-auto-prompt",
                                   "--no-cli-auto-prompt"};
  return *v;
}
bool Contains(const std::vector<std::string>& v, std::string_view s) {
  for (const std::string& x : v) {
    if (x == s) return true;
  }
  return false;
}

}  // namespace

std::vector<std::string> KnownCliOperations() {
  std::vector<std::string> out;
  for (const Operation& op : CliOperations()) out.push_back(CliName(op.name));
  return out;
}

StatusOr<CliRequest> ParseAwsCliCommand(std::string_view command_line) {
  StatusOr<std::vector<std::string>> words_or = SplitShellWords(command_line);
  if (!words_or.ok()) return words_or.status();
  const std::vector<std::string>& words = *words_or;
  if (words.empty()) {
    return Status::Validation(
        "the command is empty: write `aws dynamodb "
        "<operation> ...`");
  }
  if (words[0] != "aws") {
    return Status::Validation(
        "the command must start with 'aws dynamodb', "
        "not '" +
        words[0] + "'");
  }
  CliRequest out;
  bool no_paginate = false;
  std::string service;
  std::string cli_op;
  // Options and their values in order; globals are taken out on the way.
  std::vector<std::pair<std::string, std::vector<std::string>>> options;
  for (size_t i = 1; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w.rfind("--", 0) == 0 && w.size() > 2) {
      std::string name = w;
      std::optional<std::string> inline_value;
      if (const size_t eq = w.find('='); eq != std::string::npos) {
        name = w.substr(0, eq);
        inline_value = w.substr(eq + 1);
      }
      if (Contains(GlobalValueOptions(), name)) {
        std::string value;
        if (inline_value) {
          value = *inline_value;
        } else if (i + 1 < words.size()) {
          value = words[++i];
        } else {
          return Status::Validation("aws: error: argument " + name +
                                    ": expected one argument");
        }
        if (name == "--query") {
          out.warnings.push_back("--query '" + value +
                                 "' is not applied: the whole response is "
                                 "recorded");
        }
        continue;
      }
      if (Contains(GlobalFlags(), name)) {
        if (name == "--no-paginate") no_paginate = true;
        continue;
      }
      if (service.empty() || cli_op.empty()) {
        return Status::Validation("option " + name +
                                  " before the operation: "
                                  "write `aws dynamodb <operation> " +
                                  name + " ...`");
      }
      options.emplace_back(name, std::vector<std::string>{});
      if (inline_value) options.back().second.push_back(*inline_value);
      continue;
    }
    if (service.empty()) {
      service = w;
      if (service != "dynamodb") {
        return Status::Validation(
            "the command must start with 'aws "
            "dynamodb', not 'aws " +
            service + "'");
      }
    } else if (cli_op.empty()) {
      cli_op = w;
    } else if (!options.empty()) {
      options.back().second.push_back(w);
    } else {
      return Status::Validation("aws: error: unexpected argument '" + w +
                                "' after 'aws dynamodb " + cli_op + "'");
    }
  }
  if (service.empty()) {
    return Status::Validation("the command must start with 'aws dynamodb'");
  }
  if (cli_op.empty()) {
    return Status::Validation(
        "missing the operation: write `aws dynamodb "
        "<operation> ...` (e.g. query, get-item)");
  }
  const Operation* op = nullptr;
  for (const Operation& candidate : CliOperations()) {
    if (CliName(candidate.name) == cli_op) op = &candidate;
  }
  if (op == nullptr) {
    return Status::Validation(
        "unknown operation 'aws dynamodb " + cli_op + "'" +
        DidYouMean(cli_op, KnownCliOperations()) + "; eddy runs " + [] {
          std::string all;
          for (const std::string& n : KnownCliOperations()) {
            all += (all.empty() ? "" : ", ") + n;
          }
          return all;
        }());
  }
  out.cli_operation = cli_op;
  out.operation = op->name;

  // The CLI's option table for this operation.
  struct OptionInfo {
    std::string member;
    const Shape* shape;
    bool negated;  // --no-<boolean>
  };
  std::map<std::string, OptionInfo> table;
  std::vector<std::string> names;
  for (const auto& [member, shape] : op->input->members) {
    const std::string cli = "--" + CliName(member);
    table[cli] = {member, shape, false};
    names.push_back(cli);
    if (shape->kind == Kind::kBoolean) {
      table["--no-" + CliName(member)] = {member, shape, true};
      names.push_back("--no-" + CliName(member));
    }
  }
  if (op->paginator.has_value()) {
    for (const char* p : {"--starting-token", "--page-size", "--max-items"}) {
      names.push_back(p);
    }
  }
  names.push_back("--cli-input-json");

  Json request = Json::object();
  bool paging_disabled = no_paginate;
  // --cli-input-json first: options given explicitly override its members.
  for (const auto& [name, values] : options) {
    if (name != "--cli-input-json") continue;
    if (values.size() != 1) return ParamError(name, "expected one JSON value");
    StatusOr<Json> v = OptionValue(name, "cli-input-json", *op->input, values);
    if (!v.ok()) return v.status();
    if (!v->is_object()) {
      return ParamError(name, "expected a JSON object of request members");
    }
    for (const auto& [k, val] : v->items()) request[k] = val;
  }
  for (const auto& [name, values] : options) {
    if (name == "--cli-input-json") continue;
    if (op->paginator.has_value() &&
        (name == "--page-size" || name == "--max-items" ||
         name == "--starting-token")) {
      if (values.size() != 1) {
        return Status::Validation("aws: error: argument " + name +
                                  ": expected one argument");
      }
      if (name == "--starting-token") {
        return ParamError(name,
                          "--starting-token is not supported: give the "
                          "paginator's --exclusive-start-key instead");
      }
      StatusOr<Json> n = Coerce(Json(values[0]), Shapes::Get().integer, name);
      if (!n.ok()) return ParamError(name, std::string(n.status().message()));
      if (*n < 1) return ParamError(name, "must be at least 1");
      (name == "--page-size" ? out.page_size : out.max_items) =
          n->get<int64_t>();
      continue;
    }
    auto it = table.find(name);
    if (it == table.end()) {
      return Status::Validation("aws: error: unknown option " + name +
                                " for 'aws dynamodb " + cli_op + "'" +
                                DidYouMean(name, names));
    }
    const OptionInfo& info = it->second;
    if (info.shape->kind == Kind::kBoolean) {
      if (!values.empty()) {
        return Status::Validation(
            "aws: error: " + name + " is a flag and takes no value (got '" +
            values[0] + "'): write " + "--" + CliName(info.member) +
            " for true and --no-" + CliName(info.member) + " for false");
      }
      request[info.member] = !info.negated;
      continue;
    }
    if (values.empty()) {
      return Status::Validation("aws: error: argument " + name +
                                ": expected one argument");
    }
    if (values.size() > 1 && info.shape->kind != Kind::kList) {
      return Status::Validation(
          "aws: error: unexpected argument '" + values[1] + "' after " + name +
          " '" + values[0] + "': quote a value that holds spaces");
    }
    StatusOr<Json> v = OptionValue(name, info.member, *info.shape, values);
    if (!v.ok()) return v.status();
    request[info.member] = *std::move(v);
  }
  for (const std::string& required : op->required) {
    if (!request.contains(required)) {
      return Status::Validation(
          "aws: error: the following arguments are "
          "required: --" +
          CliName(required));
    }
  }
  if (op->paginator.has_value()) {
    const Paginator& p = *op->paginator;
    if (request.contains(p.input_token) || request.contains(p.limit_key)) {
      paging_disabled = true;
    }
    if (!paging_disabled) {
      out.paginate = true;
      out.input_token = p.input_token;
      out.output_token = p.output_token;
      out.limit_key = p.limit_key;
      out.result_keys = p.result_keys;
      if (out.page_size) request[p.limit_key] = *out.page_size;
    } else if (out.page_size && !request.contains(p.limit_key)) {
      request[p.limit_key] = *out.page_size;
    }
  }
  out.request_json = request.dump();
  return out;
}

}  // namespace eddy::model
