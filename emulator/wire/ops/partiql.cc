// Copyright 2026 The eddy Authors.
//
// ExecuteStatement: {Statement, Parameters?, ConsistentRead?, NextToken?,
// ReturnConsumedCapacity?, Limit?, ReturnValuesOnConditionCheckFailure?} ->
// {Items, NextToken?, ConsumedCapacity?, LastEvaluatedKey?};
// BatchExecuteStatement: {Statements, ReturnConsumedCapacity?} ->
// {Responses, ConsumedCapacity?}; ExecuteTransaction: {TransactStatements,
// ClientRequestToken?, ReturnConsumedCapacity?} -> {Responses?,
// ConsumedCapacity?}.

#include "emulator/types/limits.h"
#include "emulator/wire/internal/member_size_bound.h"
#include "emulator/wire/ops/ops.h"

namespace eddy::wire::internal {
namespace {

// How many copies of a parameter's value planning a statement holds at its
// peak besides the decoded one (the statement's expression tree, the typed
// request's ExpressionAttributeValues, the compiled expression), charged to
// the decode budget (decode_budget.h) so that a statement with a large
// parameter is bounded by what it will take, not by its body.
constexpr size_t kPlanCopies = 3;

// "Parameters": a list of attribute values (null elements skipped).
std::optional<std::vector<AttributeValue>> ReadParameters(ObjectReader& r) {
  const JsonValue* list = r.List("Parameters");
  if (list == nullptr) return std::nullopt;
  RequestErrors& errors = *r.errors();
  std::vector<AttributeValue> out;
  MemberSizeBound bound(limits::kMaxExpressionAttributeBytes,
                        ValuesTooLarge("Parameters"));
  bound.ChargeCopies(kPlanCopies);
  ListCursor elements(*list);
  JsonValue element;
  while (elements.Next(&element)) {
    if (element.type == JsonType::kNull) continue;
    if (std::optional<AttributeValue> v = bound.ReadValue(element, &errors)) {
      out.push_back(*std::move(v));
    }
  }
  return out;
}

}  // namespace

StatusOr<std::string> ExecuteStatementOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  ExecuteStatementRequest req;
  req.statement = r.String("Statement", /*required=*/true).value_or("");
  req.parameters = ReadParameters(r);
  req.consistent_read = r.Bool("ConsistentRead").value_or(false);
  req.next_token = r.String("NextToken");
  req.return_consumed_capacity = ReadReturnConsumedCapacity(r);
  req.limit = r.Integer("Limit");
  req.return_values_on_condition_check_failure_all_old =
      ReadReturnValuesOnConditionCheckFailure(r);
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(ExecuteStatementResponse resp,
                        db.ExecuteStatement(req));
  JsonWriter w;
  w.BeginObject();
  w.Key("Items");
  w.BeginArray();
  for (const Item& item : resp.items) w.Item(item);
  w.EndArray();
  if (resp.next_token) {
    w.Key("NextToken");
    w.String(*resp.next_token);
  }
  if (resp.consumed_capacity) {
    w.Key("ConsumedCapacity");
    WriteConsumedCapacity(*resp.consumed_capacity, w);
  }
  if (resp.last_evaluated_key) {
    w.Key("LastEvaluatedKey");
    w.Item(*resp.last_evaluated_key);
  }
  w.EndObject();
  return std::move(w).Take();
}

StatusOr<std::string> BatchExecuteStatementOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  BatchExecuteStatementRequest req;
  if (const JsonValue* list = r.List("Statements", /*required=*/true)) {
    ListCursor elements(*list);
    JsonValue element;
    while (elements.Next(&element)) {
      ObjectReader e = r.ListElement("Statements", element, elements.index(),
                                     "BatchStatementRequest");
      BatchStatementRequest s;
      s.statement = e.String("Statement", /*required=*/true).value_or("");
      s.parameters = ReadParameters(e);
      s.consistent_read = e.Bool("ConsistentRead").value_or(false);
      s.return_values_on_condition_check_failure_all_old =
          ReadReturnValuesOnConditionCheckFailure(e);
      AppendBounded(req.statements, std::move(s), 25);
    }
  }
  req.return_consumed_capacity = ReadReturnConsumedCapacity(r);
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(BatchExecuteStatementResponse resp,
                        db.BatchExecuteStatement(req));
  JsonWriter w;
  w.BeginObject();
  w.Key("Responses");
  w.BeginArray();
  for (const BatchStatementResponse& s : resp.responses) {
    w.BeginObject();
    if (s.error) {
      w.Key("Error");
      w.BeginObject();
      w.Key("Code");
      w.String(BatchStatementErrorCodeName(s.error->code));
      w.Key("Message");
      w.String(s.error->message);
      if (s.error->item) {
        w.Key("Item");
        w.Item(*s.error->item);
      }
      w.EndObject();
    }
    if (s.table_name) {
      w.Key("TableName");
      w.String(*s.table_name);
    }
    if (s.item) {
      w.Key("Item");
      w.Item(*s.item);
    }
    w.EndObject();
  }
  w.EndArray();
  WriteCapacityList(req.return_consumed_capacity, resp.consumed_capacity, w);
  w.EndObject();
  return std::move(w).Take();
}

StatusOr<std::string> ExecuteTransactionOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  ExecuteTransactionRequest req;
  if (const JsonValue* list = r.List("TransactStatements", /*required=*/true)) {
    ListCursor elements(*list);
    JsonValue element;
    while (elements.Next(&element)) {
      ObjectReader e =
          r.ListElement("TransactStatements", element, elements.index(),
                        "ParameterizedStatement");
      ParameterizedStatement s;
      s.statement = e.String("Statement", /*required=*/true).value_or("");
      s.parameters = ReadParameters(e);
      s.return_values_on_condition_check_failure_all_old =
          ReadReturnValuesOnConditionCheckFailure(e);
      AppendBounded(req.transact_statements, std::move(s),
                    limits::kMaxTransactItems);
    }
  }
  req.client_request_token = r.String("ClientRequestToken");
  req.return_consumed_capacity = ReadReturnConsumedCapacity(r);
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(ExecuteTransactionResponse resp,
                        db.ExecuteTransaction(req));
  JsonWriter w;
  w.BeginObject();
  if (!resp.responses.empty()) {
    w.Key("Responses");
    w.BeginArray();
    for (const ItemResponse& item : resp.responses) {
      w.BeginObject();
      if (item.item) {
        w.Key("Item");
        w.Item(*item.item);
      }
      w.EndObject();
    }
    w.EndArray();
  }
  WriteCapacityList(req.return_consumed_capacity, resp.consumed_capacity, w);
  w.EndObject();
  return std::move(w).Take();
}

}  // namespace eddy::wire::internal
