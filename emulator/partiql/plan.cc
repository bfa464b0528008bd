// Copyright 2026 The eddy Authors.

#include <memory>
#include <string>
#include <utility>

#include "emulator/partiql/internal/parse_cache.h"
#include "emulator/partiql/internal/plan_cache.h"
#include "emulator/partiql/internal/planner.h"
#include "emulator/partiql/internal/translate.h"
#include "emulator/partiql/parser.h"
#include "emulator/partiql/partiql.h"
#include "emulator/partiql/schema.h"

namespace eddy::partiql {
namespace {

using partiql::internal::PlanInput;
using partiql::internal::Translator;

// The name DynamoDB's PartiQL AST gives a statement that is only an
// expression ("Unsupported operation: IsType").
std::string AstClassName(const Node& node) {
  switch (node.kind) {
    case NodeKind::kLiteral:
    case NodeKind::kNull:
    case NodeKind::kIonLiteral:
      return "Lit";
    case NodeKind::kMissing:
      return "Missing";
    case NodeKind::kIdentifier:
      return "Id";
    case NodeKind::kParameter:
      return "Parameter";
    case NodeKind::kPath:
      return "Path";
    case NodeKind::kCall:
      return node.aggregate ? "CallAgg" : "Call";
    case NodeKind::kUnary:
      if (node.text == "not") return "Not";
      return node.text == "-" ? "Neg" : "Pos";
    case NodeKind::kBinary: {
      if (node.negated) return "Not";
      const std::string& op = node.text;
      if (op == "=") return "Eq";
      if (op == "<>") return "Ne";
      if (op == "<") return "Lt";
      if (op == "<=") return "Lte";
      if (op == ">") return "Gt";
      if (op == ">=") return "Gte";
      if (op == "and") return "And";
      if (op == "or") return "Or";
      if (op == "+") return "Plus";
      if (op == "-") return "Minus";
      if (op == "*") return "Times";
      if (op == "/") return "Divide";
      if (op == "%") return "Modulo";
      if (op == "||") return "Concat";
      if (op == "in") return "InCollection";
      if (op == "like") return "Like";
      return "BagOp";
    }
    case NodeKind::kBetween:
      return node.negated ? "Not" : "Between";
    case NodeKind::kIsType:
      return node.negated ? "Not" : "IsType";
    case NodeKind::kList:
      return "List";
    case NodeKind::kBag:
      return "Bag";
    case NodeKind::kStruct:
      return "Struct";
    case NodeKind::kSelect:
      return "Select";
    case NodeKind::kDml:
      return "Dml";
    case NodeKind::kUnsupported:
      return node.text;
  }
  return "Expr";
}

}  // namespace

std::string_view PlanOperationName(PlanOperation op) {
  switch (op) {
    case PlanOperation::kGetItem:
      return "GetItem";
    case PlanOperation::kQuery:
      return "Query";
    case PlanOperation::kScan:
      return "Scan";
    case PlanOperation::kPutItem:
      return "PutItem";
    case PlanOperation::kUpdateItem:
      return "UpdateItem";
    case PlanOperation::kDeleteItem:
      return "DeleteItem";
    case PlanOperation::kConditionCheck:
      return "ConditionCheck";
  }
  return "";
}

StatusOr<ParsedStatement> ParseWithParameters(
    std::string_view statement, std::span<const AttributeValue> parameters) {
  // DynamoDB reads the parameters (the request) before the statement.
  for (const AttributeValue& p : parameters) {
    EDDY_RETURN_IF_ERROR(ValidateNesting(p));
  }
  return ParseStatement(statement);
}

StatementKind KindOf(const ParsedStatement& parsed) {
  const Node& root = *parsed.root;
  switch (root.kind) {
    case NodeKind::kSelect:
      return StatementKind::kSelect;
    case NodeKind::kDml:
      return StatementKind::kWrite;
    case NodeKind::kCall:
      if (root.text == "exists" && !root.aggregate &&
          root.children.size() == 1 &&
          root.children[0]->kind == NodeKind::kSelect) {
        return StatementKind::kExists;
      }
      return StatementKind::kOther;
    default:
      return StatementKind::kOther;
  }
}

StatusOr<Plan> PlanStatement(std::string_view statement,
                             std::span<const AttributeValue> parameters,
                             const SchemaLookup& schemas,
                             const PlanOptions& options) {
  // ParseWithParameters, with the parse memoized by the statement's text.
  for (const AttributeValue& p : parameters) {
    EDDY_RETURN_IF_ERROR(ValidateNesting(p));
  }
  EDDY_ASSIGN_OR_RETURN(std::shared_ptr<const ParsedStatement> parsed,
                        partiql::internal::ParseCached(statement));
  // Planned once per text, options and parameter types; later calls bind
  // their parameters into the plan (internal/plan_cache.h).
  return partiql::internal::PlanCached(
      statement, *parsed, parameters, schemas, options,
      [&] { return PlanParsed(*parsed, parameters, schemas, options); });
}

StatusOr<Plan> PlanParsed(const ParsedStatement& parsed,
                          std::span<const AttributeValue> parameters,
                          const SchemaLookup& schemas,
                          const PlanOptions& options) {
  if (parsed.parameter_count != static_cast<int64_t>(parameters.size())) {
    return Status::Validation(
        "Number of parameters in request and statement don't match.");
  }
  Translator translator(parameters);
  PlanInput input{&translator, &schemas, &options};
  const Node& root = *parsed.root;
  switch (KindOf(parsed)) {
    case StatementKind::kSelect:
      return partiql::internal::PlanSelect(*root.select, input);
    case StatementKind::kWrite:
      return partiql::internal::PlanDml(*root.dml, input);
    case StatementKind::kExists:
      return partiql::internal::PlanExists(root, input);
    case StatementKind::kOther:
      break;
  }
  if (options.context == StatementContext::kExecuteTransaction) {
    // Unconfirmed wording.
    return Status::Validation("Unsupported operation in transaction.");
  }
  // Unconfirmed wording (the class names of DynamoDB's AST; IsType is
  // confirmed).
  return Status::Validation("Unsupported operation: " + AstClassName(root));
}

const IndexSchema* TableSchema::FindIndex(std::string_view index_name) const {
  for (const IndexSchema& index : indexes) {
    if (index.index_name == index_name) return &index;
  }
  return nullptr;
}

void MapSchemaLookup::Add(TableSchema schema) {
  std::string name = schema.table_name;
  tables_[std::move(name)] = std::move(schema);
}

const TableSchema* MapSchemaLookup::FindTable(
    std::string_view table_name) const {
  auto it = tables_.find(table_name);
  return it == tables_.end() ? nullptr : &it->second;
}

}  // namespace eddy::partiql
