// Copyright 2026 The eddy Authors.
//
// INSERT, UPDATE, DELETE and EXISTS: single-item writes and checks, in the
// order DynamoDB's translators check them (WHERE, then the SET/REMOVE
// clauses, then the table, then the key, then RETURNING).

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "emulator/partiql/internal/planner.h"
#include "emulator/partiql/internal/values.h"

namespace eddy::partiql::internal {
namespace {

constexpr std::string_view kIncompleteKey =
    "Where clause does not contain a mandatory equality on all key "
    "attributes";

bool InTransaction(const PlanOptions& options) {
  return options.context == StatementContext::kExecuteTransaction;
}

// The key of a single-item write from its WHERE clause; what is left
// becomes the write's condition.
struct WriteKey {
  Item key;
  ConditionPtr rest;
};

StatusOr<WriteKey> KeyFromWhere(ConditionPtr where, const TableSchema& table,
                                const PlanOptions& options) {
  if (!where && !InTransaction(options)) {
    return Status::Validation(std::string(kIncompleteKey));
  }
  std::vector<std::string> names = KeyNames(table.key);
  EDDY_ASSIGN_OR_RETURN(ExtractedKey extracted,
                        ExtractKey(std::move(where), names, KeyMode::kWrite));
  // In a transaction DynamoDB runs whatever key it found, and the write
  // fails with "The provided key element does not match the schema".
  if (extracted.values.size() != names.size() && !InTransaction(options)) {
    return Status::Validation(std::string(kIncompleteKey));
  }
  WriteKey out;
  std::vector<const KeyAttribute*> keys = {&table.key.hash};
  if (table.key.range) keys.push_back(&*table.key.range);
  for (const KeyAttribute* k : keys) {
    auto it = extracted.values.find(k->name);
    if (it == extracted.values.end()) continue;
    const AttributeValue& v = it->second;
    if (!v.is(AttributeType::kS) && !v.is(AttributeType::kN) &&
        !v.is(AttributeType::kB)) {
      return Status::Validation(
          "Key value must be of type S, N, or B. Key "
          "name: " +
          k->name + ", Key type: " + std::string(AttributeTypeName(v.type())));
    }
  }
  if (!InTransaction(options)) {
    for (const KeyAttribute* k : keys) {
      EDDY_RETURN_IF_ERROR(CheckKeyType(*k, extracted.values.at(k->name)));
    }
  }
  for (auto& [name, value] : extracted.values) out.key.Set(name, value);
  out.rest = std::move(extracted.rest);
  return out;
}

StatusOr<std::string> DmlTable(const DmlStatement& d, Translator* t) {
  EDDY_ASSIGN_OR_RETURN(std::vector<std::string> from,
                        FromComponents(d.target, t));
  if (from.size() > 1) {
    return Status::Validation("This operation is not supported on an index");
  }
  return from[0];
}

StatusOr<Plan> PlanInsert(const DmlStatement& d, const PlanInput& in) {
  const DmlOp& op = d.ops[0];
  if (d.form != DmlStatement::Form::kBare || d.where) {
    return Status::Validation(
        "Unsupported FROM ... WHERE ... clause in INSERT statement.");
  }
  if (op.position) {
    return Status::Validation("AT is not supported in insert statements.");
  }
  if (op.on_conflict) {
    // Unconfirmed wording.
    return Status::Validation("Unsupported clause: ON CONFLICT");
  }
  const Node& value = *op.value;
  if (value.kind != NodeKind::kStruct) {
    return Status::Validation(
        "Unsupported format in item expression. Please use struct format "
        "{...} to express item values for insert statement." +
        At(value.span));
  }
  Item item;
  for (size_t i = 0; i + 1 < value.children.size(); i += 2) {
    const Node& key = *value.children[i];
    const Node& v = *value.children[i + 1];
    EDDY_ASSIGN_OR_RETURN(std::string name, StructKeyName(key, "root"));
    AttributeValue attribute;
    if (IsLiteralDocument(v) || v.kind == NodeKind::kParameter) {
      EDDY_ASSIGN_OR_RETURN(attribute, in.translator->Value(v));
    } else {
      return Status::Validation("Unsupported data type: " + NodeIdentifier(v) +
                                " under key root" + At(v.span));
    }
    if (item.Contains(name)) {
      return Status::Validation("Duplicate keys in tuple. Key: " + name +
                                " under root" + At(key.span));
    }
    item.Set(std::move(name), std::move(attribute));
  }
  if (op.target->kind != NodeKind::kIdentifier) {
    return Status::Validation(
        "FROM clause may only contain a single table name in data "
        "manipulation statements" +
        At(op.target->span));
  }
  const std::string table_name = op.target->text;
  EDDY_ASSIGN_OR_RETURN(const TableSchema* table,
                        LookupTable(*in.schemas, table_name));
  EDDY_RETURN_IF_ERROR(
      ReturningValue(d.returning, WriteKind::kInsert, *in.options).status());
  PutItemRequest put;
  put.table_name = table_name;
  put.item = std::move(item);
  put.return_consumed_capacity = in.options->return_consumed_capacity;
  put.return_values_on_condition_check_failure_all_old =
      in.options->return_values_on_condition_check_failure_all_old;
  RequestExpressions re;
  CompiledExpressions compiled;
  ConditionPtr condition = MakeExistsCheck(false, table->key.hash.name);
  EDDY_ASSIGN_OR_RETURN(
      BuiltCondition built,
      BuildCondition(*condition, expr::ExpressionKind::kCondition, &re));
  put.condition_expression = std::move(built.text);
  compiled.condition = std::move(built.resolved);
  put.expression_attribute_names = re.names();
  Plan plan;
  plan.operation = PlanOperation::kPutItem;
  plan.table_name = table_name;
  plan.put_item = std::move(put);
  plan.compiled.push_back(std::move(compiled));
  plan.insert = true;
  return plan;
}

StatusOr<Plan> PlanUpdate(const DmlStatement& d, const PlanInput& in) {
  Translator* t = in.translator;
  ConditionPtr where;
  if (d.where) {
    EDDY_ASSIGN_OR_RETURN(where, t->Where(*d.where));
    EDDY_RETURN_IF_ERROR(ValidateCondition(*where));
  }
  EDDY_ASSIGN_OR_RETURN(std::vector<expr::UpdateAction> actions,
                        t->Update(d.ops));
  {
    RequestExpressions check;
    EDDY_RETURN_IF_ERROR(check.Resolve(check.Update(actions)).status());
  }
  if (d.form == DmlStatement::Form::kBare) {
    // SET / REMOVE with no table. Unconfirmed wording.
    return Status::Validation(std::string(kIncompleteKey));
  }
  EDDY_ASSIGN_OR_RETURN(std::string table_name, DmlTable(d, t));
  if (!where && !InTransaction(*in.options)) {
    return Status::Validation(std::string(kIncompleteKey));
  }
  EDDY_ASSIGN_OR_RETURN(const TableSchema* table,
                        LookupTable(*in.schemas, table_name));
  EDDY_ASSIGN_OR_RETURN(WriteKey key,
                        KeyFromWhere(std::move(where), *table, *in.options));
  EDDY_ASSIGN_OR_RETURN(
      ReturnValue returning,
      ReturningValue(d.returning, WriteKind::kUpdate, *in.options));
  // An UPDATE changes an existing item only.
  ConditionPtr condition = MakeExistsCheck(true, table->key.hash.name);
  if (key.rest) condition = MakeAnd(std::move(condition), std::move(key.rest));

  UpdateItemRequest update;
  update.table_name = table_name;
  update.key = std::move(key.key);
  update.return_values = returning;
  update.return_consumed_capacity = in.options->return_consumed_capacity;
  update.return_values_on_condition_check_failure_all_old =
      in.options->return_values_on_condition_check_failure_all_old;
  // One clause per kind, as the expression language requires ("SET a = 1
  // REMOVE b SET c = 2" is legal PartiQL); the actions touch disjoint paths
  // (checked above), so their order does not matter.
  std::stable_sort(actions.begin(), actions.end(),
                   [](const expr::UpdateAction& a,
                      const expr::UpdateAction& b) { return a.kind < b.kind; });
  RequestExpressions re;
  CompiledExpressions compiled;
  expr::ParsedUpdate parsed = re.Update(actions);
  update.update_expression = parsed.ToExpression();
  EDDY_ASSIGN_OR_RETURN(expr::ResolvedUpdate resolved, re.Resolve(parsed));
  compiled.update =
      std::make_shared<const expr::ResolvedUpdate>(std::move(resolved));
  EDDY_ASSIGN_OR_RETURN(
      BuiltCondition built,
      BuildCondition(*condition, expr::ExpressionKind::kCondition, &re));
  update.condition_expression = std::move(built.text);
  compiled.condition = std::move(built.resolved);
  update.expression_attribute_names = re.names();
  update.expression_attribute_values = re.TakeValues();
  Plan plan;
  plan.operation = PlanOperation::kUpdateItem;
  plan.table_name = table_name;
  plan.update_item = std::move(update);
  plan.compiled.push_back(std::move(compiled));
  plan.returning = d.returning.present;
  return plan;
}

StatusOr<Plan> PlanDelete(const DmlStatement& d, const PlanInput& in) {
  Translator* t = in.translator;
  ConditionPtr where;
  if (d.where) {
    EDDY_ASSIGN_OR_RETURN(where, t->Where(*d.where));
    EDDY_RETURN_IF_ERROR(ValidateCondition(*where));
  } else if (!InTransaction(*in.options)) {
    return Status::Validation(std::string(kIncompleteKey));
  }
  EDDY_ASSIGN_OR_RETURN(std::string table_name, DmlTable(d, t));
  EDDY_ASSIGN_OR_RETURN(const TableSchema* table,
                        LookupTable(*in.schemas, table_name));
  EDDY_ASSIGN_OR_RETURN(WriteKey key,
                        KeyFromWhere(std::move(where), *table, *in.options));
  EDDY_ASSIGN_OR_RETURN(
      ReturnValue returning,
      ReturningValue(d.returning, WriteKind::kDelete, *in.options));
  DeleteItemRequest del;
  del.table_name = table_name;
  del.key = std::move(key.key);
  del.return_values = returning;
  del.return_consumed_capacity = in.options->return_consumed_capacity;
  del.return_values_on_condition_check_failure_all_old =
      in.options->return_values_on_condition_check_failure_all_old;
  CompiledExpressions compiled;
  if (key.rest) {
    RequestExpressions re;
    EDDY_ASSIGN_OR_RETURN(
        BuiltCondition built,
        BuildCondition(*key.rest, expr::ExpressionKind::kCondition, &re));
    del.condition_expression = std::move(built.text);
    compiled.condition = std::move(built.resolved);
    del.expression_attribute_names = re.names();
    del.expression_attribute_values = re.TakeValues();
  }
  Plan plan;
  plan.operation = PlanOperation::kDeleteItem;
  plan.table_name = table_name;
  plan.delete_item = std::move(del);
  plan.compiled.push_back(std::move(compiled));
  plan.returning = d.returning.present;
  return plan;
}

}  // namespace

StatusOr<Plan> PlanDml(const DmlStatement& d, const PlanInput& in) {
  switch (d.form) {
    case DmlStatement::Form::kDelete:
      return PlanDelete(d, in);
    case DmlStatement::Form::kUpdate:
    case DmlStatement::Form::kFromFirst:
    case DmlStatement::Form::kBare:
      break;
  }
  bool has_insert = false;
  for (const DmlOp& op : d.ops) {
    has_insert = has_insert || op.kind == DmlOp::Kind::kInsert ||
                 op.kind == DmlOp::Kind::kInsertValue;
  }
  if (has_insert && d.form == DmlStatement::Form::kBare) {
    if (d.ops.size() > 1) {
      // Unconfirmed wording.
      return Status::Validation(
          "Only one operation is allowed in a statement.");
    }
    if (d.ops[0].kind == DmlOp::Kind::kInsert) {
      return Status::Validation(
          "Unsupported operation: Inserting multiple items in a single "
          "statement is not supported, use \"INSERT INTO tableName VALUE "
          "item\" instead");
    }
    return PlanInsert(d, in);
  }
  if (has_insert && d.form == DmlStatement::Form::kFromFirst &&
      d.ops.size() == 1) {
    return Status::Validation(
        "Unsupported FROM ... WHERE ... clause in INSERT statement.");
  }
  return PlanUpdate(d, in);
}

StatusOr<Plan> PlanExists(const Node& call, const PlanInput& in) {
  static constexpr std::string_view kBadExists =
      "EXISTS() must contain a single item read with additional condition";
  if (!InTransaction(*in.options)) {
    return Status::Validation(
        "EXISTS can only be used in ExecuteTransaction write requests.");
  }
  const SelectStatement& s = *call.children[0]->select;
  EDDY_ASSIGN_OR_RETURN(std::vector<std::string> from,
                        FromComponents(s.from, in.translator));
  if (from.size() > 1) {
    return Status::Validation(
        "Operations on indices are not supported in transactions");
  }
  ConditionPtr where;
  if (s.where) {
    EDDY_ASSIGN_OR_RETURN(where, in.translator->Where(*s.where));
    EDDY_RETURN_IF_ERROR(ValidateCondition(*where));
  }
  EDDY_ASSIGN_OR_RETURN(const TableSchema* table,
                        LookupTable(*in.schemas, from[0]));
  if (!where) return Status::Validation(std::string(kBadExists));
  std::vector<std::string> names = KeyNames(table->key);
  EDDY_ASSIGN_OR_RETURN(
      ExtractedKey extracted,
      ExtractKey(std::move(where), names, KeyMode::kConditionCheck));
  if (extracted.values.size() != names.size() || !extracted.rest) {
    return Status::Validation(std::string(kBadExists));
  }
  ConditionCheck check;
  check.table_name = from[0];
  for (auto& [name, value] : extracted.values) check.key.Set(name, value);
  check.return_values_on_condition_check_failure_all_old =
      in.options->return_values_on_condition_check_failure_all_old;
  RequestExpressions re;
  CompiledExpressions compiled;
  EDDY_ASSIGN_OR_RETURN(
      BuiltCondition built,
      BuildCondition(*extracted.rest, expr::ExpressionKind::kCondition, &re));
  check.condition_expression = std::move(built.text);
  compiled.condition = std::move(built.resolved);
  check.expression_attribute_names = re.names();
  check.expression_attribute_values = re.TakeValues();
  Plan plan;
  plan.operation = PlanOperation::kConditionCheck;
  plan.table_name = from[0];
  plan.condition_check = std::move(check);
  plan.compiled.push_back(std::move(compiled));
  return plan;
}

}  // namespace eddy::partiql::internal
