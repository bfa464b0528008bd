// Copyright 2026 The eddy Authors.
//
// TransactWriteItems: up to 100 ConditionCheck / Put / Update / Delete
// actions on distinct items of any tables, applied all together or not at
// all (api-semantics.md §4).
//
// 1. The request's shape is checked first — every action's table, key,
//    expressions and placeholders, no item named twice, the 4 MB aggregate —
//    and a problem there is a top-level ValidationException.
// 2. A ClientRequestToken replayed within ten minutes returns the first
//    response without applying anything (transactions.h).
// 3. Every table is locked exclusively (name order); each action is
//    evaluated against the current items: failed conditions, runtime update
//    errors, bad index keys and the item-collection limit become
//    cancellation reasons, in request order, and cancel the whole request.
// 4. Otherwise every write is applied with its index maintenance.
//
// Capacity: every action is charged as a transactional write — twice the
// units of the same write outside a transaction (throughput-model.md §1),
// index writes included; a ConditionCheck is charged as a write of the item
// it checks.

#include <map>
#include <set>

#include "absl/hash/hash.h"
#include "emulator/capacity/units.h"
#include "emulator/engine/ops/expressions.h"
#include "emulator/engine/ops/item_checks.h"
#include "emulator/engine/ops/operations.h"
#include "emulator/engine/ops/transact_actions.h"
#include "emulator/engine/table/admission.h"
#include "emulator/engine/table/keys.h"
#include "emulator/engine/table/transactions.h"
#include "emulator/engine/table/write.h"
#include "emulator/expr/evaluate.h"
#include "emulator/expr/update.h"
#include "emulator/partiql/partiql.h"
#include "emulator/types/limits.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {
namespace {

using Kind = WriteAction::Kind;
using Action = WriteAction;

// Key errors DynamoDB turns into a ValidationError cancellation reason
// (research: paritysuite conformance tests; dynamodb-conformance tier3, live:
// a Put's "Type mismatch for key", an Update/Delete/ConditionCheck Key's
// "does not match the schema"); empty key values, oversized keys and items
// stay top-level ValidationExceptions.
bool IsSchemaMismatch(const Status& s) {
  const std::string_view m = s.message();
  return m == "The provided key element does not match the schema" ||
         m.rfind("One or more parameter values were invalid: Missing the key",
                 0) == 0 ||
         m.rfind(
             "One or more parameter values were invalid: Type mismatch "
             "for key",
             0) == 0;
}

// An empty value for a table or index key ("One or more parameter values
// are not valid. ..."): a top-level ValidationException even when a Put's
// item or an Update's result has it on an index key (dynamodb-conformance
// tier3, live, eu-west-2), where a wrong index key type is a ValidationError
// reason.
bool IsEmptyKeyValue(const Status& s) {
  return s.message().rfind("One or more parameter values are not valid.", 0) ==
         0;
}

// The parts every action has, whatever its kind.
struct Common {
  const std::string* table_name;
  const std::optional<std::string>* condition_expression;
  const std::optional<ExpressionAttributeNames>* names;
  const std::optional<ExpressionAttributeValues>* values;
  bool return_old_on_failure;
};

// The action's expressions, checked and resolved (top-level errors).
StatusOr<Action> Compile(const TransactWriteItem& item) {
  const int members = item.condition_check.has_value() + item.put.has_value() +
                      item.delete_item.has_value() + item.update.has_value();
  if (members == 0) {
    return Status::Validation(
        "Invalid Request: TransactWriteRequest should contain Delete or Put or "
        "Update request");
  }
  if (members > 1) {
    return Status::Validation(
        "TransactItems can only contain one of Check, Put, Update or Delete");
  }
  Action a;
  Common c;
  std::optional<std::string> check_condition;
  if (item.condition_check) {
    const ConditionCheck& x = *item.condition_check;
    a.kind = Kind::kConditionCheck;
    check_condition = x.condition_expression;
    c = {&x.table_name, &check_condition, &x.expression_attribute_names,
         &x.expression_attribute_values,
         x.return_values_on_condition_check_failure_all_old};
  } else if (item.put) {
    const TransactPut& x = *item.put;
    a.kind = Kind::kPut;
    c = {&x.table_name, &x.condition_expression, &x.expression_attribute_names,
         &x.expression_attribute_values,
         x.return_values_on_condition_check_failure_all_old};
  } else if (item.delete_item) {
    const TransactDelete& x = *item.delete_item;
    a.kind = Kind::kDelete;
    c = {&x.table_name, &x.condition_expression, &x.expression_attribute_names,
         &x.expression_attribute_values,
         x.return_values_on_condition_check_failure_all_old};
  } else {
    const TransactUpdate& x = *item.update;
    a.kind = Kind::kUpdate;
    c = {&x.table_name, &x.condition_expression, &x.expression_attribute_names,
         &x.expression_attribute_values,
         x.return_values_on_condition_check_failure_all_old};
  }
  a.return_old_on_failure = c.return_old_on_failure;
  a.table_name = c.table_name;
  a.key_parameter = item.condition_check ? &item.condition_check->key
                    : item.put           ? &item.put->item
                    : item.delete_item   ? &item.delete_item->key
                                         : &item.update->key;
  if (item.put) {
    a.put_item = &item.put->item;
    EDDY_RETURN_IF_ERROR(CheckItemToWrite(*a.put_item));
  }

  EDDY_RETURN_IF_ERROR(CheckExpressionMaps(
      *c.names, *c.values,
      c.condition_expression->has_value() || a.kind == Kind::kUpdate,
      a.kind == Kind::kUpdate ? "UpdateExpression" : "ConditionExpression"));
  Placeholders placeholders(*c.names, *c.values);
  if (a.kind == Kind::kUpdate) {
    EDDY_ASSIGN_OR_RETURN(
        expr::ResolvedUpdate update,
        expr::CompileUpdate(item.update->update_expression,
                            placeholders.names(), placeholders.values(),
                            placeholders.usage()));
    a.update = std::make_shared<const expr::ResolvedUpdate>(std::move(update));
  }
  EDDY_ASSIGN_OR_RETURN(std::optional<expr::ResolvedCondition> condition,
                        placeholders.Compile(*c.condition_expression,
                                             expr::ExpressionKind::kCondition));
  if (condition) {
    a.condition =
        std::make_shared<const expr::ResolvedCondition>(*std::move(condition));
  }
  EDDY_RETURN_IF_ERROR(placeholders.CheckAllUsed());
  return a;
}

// The action's table and key (after every action's expressions passed).
Status Bind(Context& ctx, Action& a) {
  EDDY_ASSIGN_OR_RETURN(a.table, FindTable(ctx, *a.table_name));
  StatusOr<StorageKey> key =
      a.kind == Kind::kPut ? KeyFromItem(*a.table, *a.put_item)
                           : KeyFromKeyParameter(*a.table, *a.key_parameter);
  if (!key.ok()) {
    if (!IsSchemaMismatch(key.status())) return key.status();
    a.key_error = std::string(key.status().message());
    return Status::OK();
  }
  a.key = *std::move(key);
  a.key_item = KeyAttributesOf(*a.table, *a.key_parameter);
  if (a.update) {
    EDDY_RETURN_IF_ERROR(
        expr::CheckKeyAttributesUntouched(*a.update, a.table->key_names()));
  }
  return Status::OK();
}

// A stable fingerprint of the request's parameters (what a client request
// token is bound to).
uint64_t Fingerprint(const TransactWriteItemsRequest& r) {
  std::string s;
  auto add_map = [&s](const std::optional<ExpressionAttributeNames>& m) {
    if (!m) return;
    for (const auto& [k, v] : *m) s += k + "=" + v + ";";
  };
  auto add_values = [&s](const std::optional<ExpressionAttributeValues>& m) {
    if (m) s += m->empty() ? "{}" : AttributeValue::M(*m).DebugString();
  };
  auto add_common = [&](const std::string& table, const Item& item,
                        const std::optional<std::string>& condition,
                        const std::optional<ExpressionAttributeNames>& names,
                        const std::optional<ExpressionAttributeValues>& values,
                        bool rv) {
    s += table + "|" + AttributeValue::M(item).DebugString() + "|" +
         condition.value_or("<none>") + "|";
    add_map(names);
    s += "|";
    add_values(values);
    s += rv ? "|ALL_OLD|" : "|NONE|";
  };
  for (const TransactWriteItem& i : r.transact_items) {
    if (i.condition_check) {
      const auto& x = *i.condition_check;
      s += "C:";
      add_common(x.table_name, x.key, x.condition_expression,
                 x.expression_attribute_names, x.expression_attribute_values,
                 x.return_values_on_condition_check_failure_all_old);
    }
    if (i.put) {
      const auto& x = *i.put;
      s += "P:";
      add_common(x.table_name, x.item, x.condition_expression,
                 x.expression_attribute_names, x.expression_attribute_values,
                 x.return_values_on_condition_check_failure_all_old);
    }
    if (i.delete_item) {
      const auto& x = *i.delete_item;
      s += "D:";
      add_common(x.table_name, x.key, x.condition_expression,
                 x.expression_attribute_names, x.expression_attribute_values,
                 x.return_values_on_condition_check_failure_all_old);
    }
    if (i.update) {
      const auto& x = *i.update;
      s += "U:" + x.update_expression + ":";
      add_common(x.table_name, x.key, x.condition_expression,
                 x.expression_attribute_names, x.expression_attribute_values,
                 x.return_values_on_condition_check_failure_all_old);
    }
  }
  // ReturnConsumedCapacity and ReturnItemCollectionMetrics are not part of
  // it: a replay may ask for other reporting.
  return absl::HashOf(s);
}

CancellationReason None() { return CancellationReason{"None", "", nullptr}; }

// A replay within the token's window changes nothing and reports what it
// read: each item as a transactional read (2 x its 4 KB blocks), with the
// replay's own ReturnConsumedCapacity.
TransactWriteItemsResponse Replay(ReturnConsumedCapacity return_capacity,
                                  const std::vector<Action>& actions) {
  std::vector<std::shared_ptr<Table>> tables;
  for (const Action& a : actions) tables.push_back(a.table);
  TableLocks locks(tables, /*exclusive=*/false);
  std::vector<std::string> order;
  std::map<std::string, WriteUnits> units;
  for (const Action& a : actions) {
    a.table->AssertReaderHeld();  // by `locks`
    if (std::find(order.begin(), order.end(), a.table->name()) == order.end()) {
      order.push_back(a.table->name());
    }
    const storage::Record* r =
        a.key_error ? nullptr : a.table->state().store.Find(a.key.ref());
    units[a.table->name()].table +=
        2 * capacity::ReadHalfUnits(r ? r->item_size() : 0,
                                    /*strongly_consistent=*/true);
  }
  TransactWriteItemsResponse response;
  for (const std::string& name : order) {
    if (std::optional<ConsumedCapacity> c =
            TransactionalCapacity(return_capacity, name, units[name],
                                  /*write=*/false)) {
      response.consumed_capacity.push_back(*std::move(c));
    }
  }
  return response;
}

}  // namespace

StatusOr<TransactWriteItemsResponse> TransactWriteItems(
    Context& ctx, const TransactWriteItemsRequest& request) {
  // 1. The request's shape.
  ValidationErrors errors;
  if (request.transact_items.empty()) {
    errors.Add("'[]'", "transactItems",
               "Member must have length greater than or equal to 1");
  } else if (request.transact_items.size() >
             static_cast<size_t>(limits::kMaxTransactItems)) {
    errors.Add("'[...]'", "transactItems",
               "Member must have length less than or equal to 100");
  }
  if (request.client_request_token) {
    const size_t n = request.client_request_token->size();
    if (n < 1) {
      errors.Add("''", "clientRequestToken",
                 "Member must have length greater than or equal to 1");
    } else if (n > static_cast<size_t>(limits::kMaxClientRequestTokenLength)) {
      errors.Add("'" + *request.client_request_token + "'",
                 "clientRequestToken",
                 "Member must have length less than or equal to 36");
    }
  }
  for (size_t i = 0; i < request.transact_items.size(); ++i) {
    const TransactWriteItem& t = request.transact_items[i];
    const std::string path =
        "transactItems." + std::to_string(i + 1) + ".member.";
    if (t.condition_check) {
      errors.CheckDataTableName(t.condition_check->table_name,
                                path + "conditionCheck.tableName");
    }
    if (t.put) {
      errors.CheckDataTableName(t.put->table_name, path + "put.tableName");
    }
    if (t.delete_item) {
      errors.CheckDataTableName(t.delete_item->table_name,
                                path + "delete.tableName");
    }
    if (t.update) {
      errors.CheckDataTableName(t.update->table_name,
                                path + "update.tableName");
    }
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());

  // Expressions of every action first, then tables and keys (DynamoDB's
  // order: a bad expression in a later action wins over a missing table in
  // an earlier one).
  std::vector<Action> actions;
  actions.reserve(request.transact_items.size());
  for (const TransactWriteItem& t : request.transact_items) {
    EDDY_ASSIGN_OR_RETURN(Action a, Compile(t));
    actions.push_back(std::move(a));
  }
  TransactWriteOptions options;
  options.return_consumed_capacity = request.return_consumed_capacity;
  options.return_item_collection_metrics =
      request.return_item_collection_metrics;
  if (request.client_request_token) {
    options.client_request_token = &*request.client_request_token;
    options.fingerprint = Fingerprint(request);
  }
  return RunTransactWrite(ctx, actions, options);
}

StatusOr<TransactWriteItemsResponse> RunTransactWrite(
    Context& ctx, std::vector<WriteAction>& actions,
    const TransactWriteOptions& options) {
  int64_t aggregate_bytes = 0;
  for (const Action& a : actions) {
    aggregate_bytes += ItemSizeBytes(*a.key_parameter);
  }
  std::set<std::tuple<const Table*, std::string, std::string>> seen;
  for (Action& a : actions) {
    EDDY_RETURN_IF_ERROR(Bind(ctx, a));
    if (!a.key_error &&
        !seen.emplace(a.table.get(), a.key.pk, a.key.sk).second) {
      return Status::Validation(
          "Transaction request cannot include multiple operations on one "
          "item");
    }
  }
  // The limit is on the request's payload (a small request may delete
  // large items). The text is an approximation: only its "size cannot
  // exceed" part is confirmed.
  if (aggregate_bytes > limits::kMaxTransactRequestBytes) {
    return Status::Validation(
        "Transaction request payload size cannot exceed 4 MB");
  }

  // 2. Idempotency.
  const int64_t now = ctx.options->clock->NowMicros();
  const std::string* token = options.client_request_token;
  if (token != nullptr) {
    EDDY_ASSIGN_OR_RETURN(bool replay,
                          ctx.tokens->Claim(*token, options.fingerprint, now));
    if (replay) return Replay(options.return_consumed_capacity, actions);
  }
  auto release = [&] {
    if (token != nullptr) ctx.tokens->Release(*token);
  };

  // 3. Evaluate every action under the locks: validation first (only the
  // first ValidationError is reported, every other action shows None), then
  // conditions (every failing one is reported).
  std::vector<std::shared_ptr<Table>> tables;
  for (const Action& a : actions) tables.push_back(a.table);
  // Work the clock has made due first (an update window's end, GSI lag,
  // TTL), as every single-table operation does.
  for (const std::shared_ptr<Table>& t : tables)
    CatchUp(*t, *ctx.options->clock);
  TransactWriteItemsResponse response;
  std::vector<storage::RecordPtr> replaced;  // freed after the locks
  {
    TableLocks locks(tables, /*exclusive=*/true);
    const size_t n = actions.size();
    std::vector<const storage::Record*> existing(n, nullptr);
    std::vector<std::optional<Item>> old_items(n);
    std::vector<Item> new_items(n);                    // the results of updates
    std::vector<const Item*> new_item_of(n, nullptr);  // puts and updates
    // A Put's index keys, checked first: an empty value is a top-level
    // error, whichever action it is in; other problems are reasons below.
    std::vector<Status> put_index_keys(n);
    for (size_t i = 0; i < n; ++i) {
      const Action& a = actions[i];
      if (a.kind != Kind::kPut || a.key_error) continue;
      a.table->AssertHeld();  // by `locks`
      put_index_keys[i] = CheckIndexKeys(*a.table, *a.put_item);
      if (IsEmptyKeyValue(put_index_keys[i])) {
        release();
        return put_index_keys[i];
      }
    }
    for (size_t i = 0; i < n; ++i) {
      Action& a = actions[i];
      auto validation_error = [&](std::string message) {
        std::vector<CancellationReason> reasons(n, None());
        reasons[i] =
            CancellationReason{"ValidationError", std::move(message), nullptr};
        release();
        return TransactionCanceled(std::move(reasons));
      };
      if (a.key_error) return validation_error(*a.key_error);
      a.table->AssertHeld();  // by `locks`
      existing[i] = a.table->state().store.Find(a.key.ref());
      // The stored item is decoded only when something reads it.
      if (existing[i] != nullptr && (a.condition || a.kind == Kind::kUpdate ||
                                     !a.table->state().indexes.empty())) {
        old_items[i] = existing[i]->Decode();
      }
      if (a.kind == Kind::kPut) {
        new_item_of[i] = a.put_item;
      } else if (a.kind == Kind::kUpdate) {
        StatusOr<expr::UpdateOutcome> outcome =
            expr::ApplyUpdate(*a.update, old_items[i] ? *old_items[i] : Item());
        if (!outcome.ok()) {
          return validation_error(std::string(outcome.status().message()));
        }
        new_items[i] = std::move(outcome->item);
        for (const auto& e : a.key_item) new_items[i].Set(e.name, e.value);
        if (ItemSizeBytes(new_items[i]) > limits::kMaxItemSizeBytes) {
          return validation_error(
              "Item size to update has exceeded the maximum allowed size");
        }
        new_item_of[i] = &new_items[i];
      } else {
        continue;
      }
      Status s = a.kind == Kind::kPut
                     ? std::move(put_index_keys[i])
                     : CheckIndexKeys(*a.table, *new_item_of[i], nullptr,
                                      IndexKeySource::kUpdate);
      if (IsEmptyKeyValue(s)) {
        release();
        return s;
      }
      if (!s.ok()) return validation_error(std::string(s.message()));
    }
    std::vector<CancellationReason> reasons(n, None());
    bool cancelled = false;
    for (size_t i = 0; i < n; ++i) {
      const Action& a = actions[i];
      static const Item kEmpty;
      if (!a.condition ||
          expr::Evaluate(*a.condition, old_items[i] ? *old_items[i] : kEmpty)) {
        continue;
      }
      if (a.insert) {
        // A PartiQL INSERT of a key that exists. Unconfirmed: the reason's
        // code and message follow DuplicateItemException's.
        reasons[i] = CancellationReason{
            "DuplicateItem", std::string(partiql::kDuplicateItemMessage),
            nullptr};
        cancelled = true;
        continue;
      }
      reasons[i] = CancellationReason{
          "ConditionalCheckFailed", "The conditional request failed", nullptr};
      if (old_items[i] && a.return_old_on_failure) {
        reasons[i].item = std::make_shared<const Item>(*old_items[i]);
      }
      cancelled = true;
    }
    std::vector<std::optional<WritePlan>> plans(n);
    for (size_t i = 0; i < n && !cancelled; ++i) {
      Action& a = actions[i];
      if (a.kind == Kind::kConditionCheck) continue;
      a.table->AssertHeld();
      const Item* new_item = new_item_of[i];
      storage::RecordPtr record;
      if (new_item != nullptr) {
        record = storage::MakeRecord(
            *new_item, a.table->hash_key().name, a.table->range_key_name(),
            a.kind == Kind::kPut ? a.key.item_size : -1);
      }
      StatusOr<WritePlan> plan =
          PlanWrite(*a.table, a.key, new_item, std::move(record), existing[i],
                    old_items[i] ? &*old_items[i] : nullptr, now);
      if (!plan.ok()) {  // only the item-collection limit fails a plan
        reasons[i] = CancellationReason{"ItemCollectionSizeLimitExceeded",
                                        "Collection size exceeded.", nullptr};
        cancelled = true;
        continue;
      }
      plans[i] = *std::move(plan);
    }
    if (cancelled) {
      release();
      return TransactionCanceled(std::move(reasons));
    }

    // Throttling: every action's accesses are admitted at once; a throttled
    // action shows ProvisionedThroughputExceeded / ThrottlingError, the
    // others None, and nothing is applied or charged (admission.h).
    if (ctx.simulator != nullptr) {
      WriteAccesses accesses;
      std::vector<size_t> action_of;  // per access
      for (size_t i = 0; i < n; ++i) {
        const Action& a = actions[i];
        a.table->AssertHeld();
        if (a.kind == Kind::kConditionCheck) {
          accesses.AddCharge(
              *a.table, a.key,
              2 * capacity::WriteHalfUnits(
                      existing[i] ? existing[i]->item_size() : 0));
        } else {
          accesses.AddPlan(*a.table, *plans[i], /*transactional=*/true);
        }
        action_of.resize(accesses.size(), i);
      }
      const capacity::AdmitDecision d =
          ctx.simulator->Admit(accesses.accesses());
      if (!d.admitted()) {
        for (size_t k = 0; k < accesses.size(); ++k) {
          if (d.AccessThrottled(k)) {
            reasons[action_of[k]] = d.ToCancellationReason();
          }
        }
        release();
        return TransactionCanceled(std::move(reasons));
      }
    }

    // 4. Apply (one commit: the change feed gets every change together),
    // and account per table in the order tables first appear.
    Commit commit(ChangeOrigin::kTransaction, now, token);
    std::vector<std::string> order;
    std::map<std::string, WriteUnits> units;
    for (size_t i = 0; i < n; ++i) {
      Action& a = actions[i];
      a.table->AssertHeld();
      if (std::find(order.begin(), order.end(), a.table->name()) ==
          order.end()) {
        order.push_back(a.table->name());
      }
      if (a.kind == Kind::kConditionCheck) {
        // Billed as a write of the item it checks.
        units[a.table->name()].table += capacity::WriteHalfUnits(
            existing[i] ? existing[i]->item_size() : 0);
        continue;
      }
      units[a.table->name()].Add(plans[i]->units);
      replaced.push_back(commit.Apply(*a.table, *std::move(plans[i])));
      if (options.return_item_collection_metrics ==
              ReturnItemCollectionMetrics::kSize &&
          a.table->has_local_indexes()) {
        response.item_collection_metrics[a.table->name()].push_back(
            CollectionMetrics(*a.table, a.key, a.key_item));
      }
    }
    commit.Publish();
    for (const std::string& name : order) {
      WriteUnits u = units[name];
      u.table *= 2;  // transactional: prepare and commit
      for (IndexUnits& x : u.indexes) x.half_units *= 2;
      if (std::optional<ConsumedCapacity> c = TransactionalCapacity(
              options.return_consumed_capacity, name, u, /*write=*/true)) {
        response.consumed_capacity.push_back(*std::move(c));
      }
    }
  }
  if (token != nullptr) {
    ctx.tokens->Complete(*token, ctx.options->clock->NowMicros());
  }
  return response;
}

}  // namespace eddy::engine
