// Copyright 2026 The eddy Authors.
//
// The request shapes of the DynamoDB operations the AWS CLI parser
// (model/formats/cli_command.h) knows, as the DynamoDB service model
// (API version 2012-08-10) defines them: every request member with its type
// (string, integer, boolean, blob, list, map, structure), which members are
// required, and the paginators of Query, Scan and ListTables. The CLI
// derives its option names and its shorthand coercion from these.
//
// Invariants: the shapes form a graph built once (AttributeValue refers to
// itself through M and L); pointers into it stay valid for the process.
// Thread safety: immutable after the first call (a function-local static).

#ifndef EDDY_MODEL_FORMATS_CLI_SHAPES_H_
#define EDDY_MODEL_FORMATS_CLI_SHAPES_H_

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace eddy::model {

enum class Kind { kString, kInteger, kBoolean, kBlob, kList, kMap, kStructure };

struct Shape {
  Kind kind = Kind::kString;
  const Shape* element = nullptr;  // kList: the element; kMap: the value
  std::vector<std::pair<std::string, const Shape*>> members;  // kStructure

  // Null when the structure has no such member.
  const Shape* Member(std::string_view name) const;
};

struct Paginator {
  std::string input_token, output_token, limit_key;
  std::vector<std::string> result_keys;
};

struct Operation {
  std::string name;  // "Query"
  const Shape* input = nullptr;
  std::vector<std::string> required;
  std::optional<Paginator> paginator;
};

// The shared shapes (the scalars are what shorthand coerces to).
struct Shapes {
  Shape string{Kind::kString}, integer{Kind::kInteger}, boolean{Kind::kBoolean},
      blob{Kind::kBlob};
  static const Shapes& Get();
};

// Every operation the CLI parser runs, in a stable order.
const std::vector<Operation>& CliOperations();

}  // namespace eddy::model

#endif  // EDDY_MODEL_FORMATS_CLI_SHAPES_H_
