// Copyright 2026 The eddy Authors.
//
// PlanStatement: DynamoDB's PartiQL front end. It parses a statement, binds
// its `?` parameters and turns it into the typed request(s) DynamoDB would
// execute for it, with DynamoDB's errors for everything it refuses. The
// engine executes the plan; this module never touches items.
//
//   MapSchemaLookup schemas;            // or the engine's own SchemaLookup
//   schemas.Add(music_schema);
//   std::vector<AttributeValue> params = {AttributeValue::S("Acme Band")};
//   StatusOr<Plan> plan = PlanStatement(
//       "SELECT * FROM \"Music\" WHERE Artist = ? ORDER BY SongTitle DESC",
//       params, schemas);
//   // plan->operation == PlanOperation::kQuery
//   // plan->queries[0].key_condition_expression == "#0 = :0"
//   // plan->queries[0].scan_index_forward == false
//
// What a statement becomes (DynamoDB's rules, as far as they are known):
// - SELECT whose WHERE fixes the whole primary key of the table with `=`
//   (or a one-value IN) and nothing else: GetItem.
// - SELECT whose WHERE fixes the partition key of the table or the named
//   index with `=`: Query, the sort-key condition (= < <= > >= BETWEEN
//   begins_with) as the key condition, everything else as FilterExpression.
//   `pk IN [a, b]`, `pk = a OR pk = b`, `sk IN [..]` and ORs of such
//   branches decompose into one Query per branch (at most 50; "Too many
//   decomposed read operations for a given query."), executed in the order
//   of `queries`. Branches that read overlapping sort-key ranges of one
//   partition are refused ("Overlapping conditions with range keys are not
//   supported in where clause").
// - Any other SELECT (no partition-key equality in some branch, a key under
//   NOT or `<>`, a key compared in a way a key condition cannot hold): Scan
//   with the whole WHERE as FilterExpression.
// - ORDER BY needs a Query plan; ORDER BY the sort key DESC sets
//   ScanIndexForward false, ORDER BY the partition key orders the branches.
// - INSERT INTO t VALUE {...}: PutItem with `attribute_not_exists(<pk>)`;
//   the engine reports its ConditionalCheckFailed as DuplicateItemException
//   kDuplicateItemMessage (`Plan::insert`).
// - UPDATE t SET/REMOVE ... WHERE <full key> [AND cond] [RETURNING ..]:
//   UpdateItem with `attribute_exists(<pk>) AND (cond)` (an UPDATE never
//   creates an item) and ReturnValues from RETURNING.
// - DELETE FROM t WHERE <full key> [AND cond] [RETURNING ALL OLD *]:
//   DeleteItem with `cond` (none when the WHERE only names the key).
// - EXISTS(SELECT * FROM t WHERE <full key> AND cond), in ExecuteTransaction
//   only: a ConditionCheck.
// In BatchExecuteStatement and ExecuteTransaction a SELECT must name the
// whole key and nothing else (GetItem plan), and a transaction write keeps
// whatever key its WHERE names, so that the engine reports "The provided key
// element does not match the schema" as that statement's cancellation
// reason, as DynamoDB does.
//
// Expressions: the typed requests carry ordinary expression strings with
// generated placeholders (`#0`, `#1`, ... for every attribute name, `:0`,
// `:1`, ... for every value, numbered per request), so the engine's
// existing expression code runs them, and golden tests can print them. The
// planner has already built and resolved every expression (with the
// expression module's resolve pass, so the static checks run exactly as for
// the public API, minus the "Invalid <X>Expression: " prefix PartiQL does
// not send). `Plan::compiled` hands the engine those resolved trees, so it
// need not parse the strings again. Strings alone are not enough in two
// places, which is why the trees are there:
//   1. A PartiQL WHERE may filter a Query on key attributes
//      (`pk = 'a' AND sk <> 'x'` runs as a Scan, but
//      `pk = 'a' AND NOT (a = 1 AND sk = 'x')` is a Query whose filter reads
//      sk). `Plan::filter_reads_key_attributes` says so; the engine must not
//      apply Query's "Filter Expression can only contain non-primary key
//      attributes" check to such a plan.
//   2. The 4 KB expression size and 300-operator limits are not PartiQL's;
//      an 8 KB statement may translate into a longer expression. The engine
//      must not reparse the strings with those limits (use `compiled`).
//
// What the engine does with a plan (its job, not this module's):
// - Pagination: a Query or Scan plan pages like the request it holds
//   (Limit, 1 MB). NextToken is the engine's opaque encoding of
//   (branch index into `queries`, LastEvaluatedKey of that branch) plus a
//   digest of the statement and parameters; on the next call the engine
//   decodes it, skips the branches before the index and sets
//   ExclusiveStartKey of that branch from the key. A token that does not
//   decode is "Invalid NextToken"; one made for another statement is
//   "NextToken does not match request"; DynamoDB also expires tokens
//   ("Given NextToken has already expired"). GetItem and write plans return
//   no NextToken. DynamoDB returns the results of a decomposed IN in pages
//   of up to 10 items.
// - Results: ExecuteStatement answers a write with Items = [] (RETURNING:
//   the one item the ReturnValues produced, or [] when there is none);
//   `Plan::output` says how to rename projected attributes (DynamoDB
//   flattens `SELECT a.b[1]` to an attribute named "b[1]").
// - Errors: in BatchExecuteStatement every error becomes that statement's
//   BatchStatementError (ValidationException -> "ValidationError", ...,
//   DuplicateItemException -> "DuplicateItem"). In ExecuteTransaction an
//   error from PlanStatement is the whole call's error, prefixed
//   "Validation failed in TransactStatements[<i>]: " when it is a
//   ValidationException; ResourceNotFound and errors found while executing
//   become CancellationReasons.
// - Capacity, throttling, consistency on GSIs, item sizes, key value
//   validation (empty strings, sizes), keys touched by SET: as for the
//   typed request.
//
// Errors from PlanStatement (first met wins, in DynamoDB's order: request
// model, parameters, syntax, statement shape, values, table, keys):
//   ValidationException: every syntax error ("Statement wasn't well formed,
//     can't be processed: ..."), unsupported constructs, parameter count
//     ("Number of parameters in request and statement don't match."),
//     "Where clause does not contain a mandatory equality on all key
//     attributes", "Key attribute's data type should match its data type in
//     table's schema: Key <k>", ... (see the golden tests under
//     tests/partiql/testdata for the full list).
//   ResourceNotFoundException "Requested resource not found".
//
// Thread safety: PlanStatement is a pure function of its arguments (plus
// the lookup's answers); a Plan is a value type. It memoizes (safely across
// threads, in bounded memory) the parse of a text and, for single-item
// statements whose `?`s are key values or top-level INSERT values, the plan
// itself, re-binding the parameters per call and re-checking the table's
// key schema (internal/plan_cache.h); the answers are the same.

#ifndef EDDY_EMULATOR_PARTIQL_PARTIQL_H_
#define EDDY_EMULATOR_PARTIQL_PARTIQL_H_

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/api/requests.h"
#include "emulator/base/status.h"
#include "emulator/expr/ast.h"
#include "emulator/expr/projection.h"
#include "emulator/expr/update.h"
#include "emulator/partiql/parser.h"
#include "emulator/partiql/schema.h"
#include "emulator/types/attribute_value.h"

namespace eddy::partiql {

// DuplicateItemException's message for an INSERT of an existing key.
inline constexpr std::string_view kDuplicateItemMessage =
    "Duplicate primary key exists in table";

// The operation a statement was called through: it decides which SELECTs
// and RETURNING clauses are allowed and how key errors are reported.
enum class StatementContext {
  kExecuteStatement,
  kBatchExecuteStatement,
  kExecuteTransaction,
};

struct PlanOptions {
  StatementContext context = StatementContext::kExecuteStatement;
  // Copied into the typed requests.
  bool consistent_read = false;
  std::optional<int> limit;
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
  bool return_values_on_condition_check_failure_all_old = false;
};

enum class PlanOperation {
  kGetItem,
  kQuery,  // one or more Queries, run in order
  kScan,
  kPutItem,
  kUpdateItem,
  kDeleteItem,
  kConditionCheck,  // EXISTS(...) in ExecuteTransaction
};

// "GetItem", "Query", ...
std::string_view PlanOperationName(PlanOperation op);

// The resolved expressions of one typed request (null when the request has
// none of that kind).
struct CompiledExpressions {
  std::shared_ptr<const expr::ResolvedCondition> key_condition;  // Query
  // FilterExpression (Query, Scan) or ConditionExpression (writes, checks).
  std::shared_ptr<const expr::ResolvedCondition> condition;
  std::shared_ptr<const expr::ResolvedUpdate> update;
  std::shared_ptr<const expr::ResolvedProjection> projection;
};

// One attribute of a SELECT's result: the value at `path` (if the item has
// it) is returned under `name`.
struct OutputAttribute {
  std::string name;
  expr::DocumentPath path;
};

struct Plan {
  PlanOperation operation = PlanOperation::kScan;
  std::string table_name;
  std::optional<std::string> index_name;

  // Exactly the member(s) of `operation` are set.
  std::optional<GetItemRequest> get_item;
  std::vector<QueryRequest> queries;
  std::optional<ScanRequest> scan;
  std::optional<PutItemRequest> put_item;
  std::optional<UpdateItemRequest> update_item;
  std::optional<DeleteItemRequest> delete_item;
  std::optional<ConditionCheck> condition_check;

  // Parallel to the requests: compiled[i] belongs to queries[i]; plans with
  // one request have exactly one entry.
  std::vector<CompiledExpressions> compiled;

  // SELECT with a projection list: how to shape each result item. Empty
  // for SELECT * (items are returned as read).
  std::vector<OutputAttribute> output;

  // A Query's FilterExpression reads a key attribute (see the file
  // comment).
  bool filter_reads_key_attributes = false;
  // INSERT: a ConditionalCheckFailed is DuplicateItemException.
  bool insert = false;
  // A RETURNING clause was written: the write's ReturnValues item is the
  // statement's result.
  bool returning = false;
};

// Plans `statement` with `parameters` bound to its `?`s in order.
// Errors: see the file comment.
StatusOr<Plan> PlanStatement(std::string_view statement,
                             std::span<const AttributeValue> parameters,
                             const SchemaLookup& schemas,
                             const PlanOptions& options = {});

// PlanStatement in two steps, for callers that look at what a statement is
// before planning it (BatchExecuteStatement and ExecuteTransaction refuse a
// mix of reads and writes, judged on the parsed statements):
//
//   EDDY_ASSIGN_OR_RETURN(ParsedStatement parsed,
//                         ParseWithParameters(statement, parameters));
//   if (KindOf(parsed) == StatementKind::kSelect) ...
//   StatusOr<Plan> plan = PlanParsed(parsed, parameters, schemas, options);
//
// ParseWithParameters: the parameters' own checks, then the parse (syntax
// errors). PlanParsed: everything else PlanStatement checks.
// REQUIRES (PlanParsed): `parsed` came from ParseWithParameters with the
// same `parameters`.
StatusOr<ParsedStatement> ParseWithParameters(
    std::string_view statement, std::span<const AttributeValue> parameters);
StatusOr<Plan> PlanParsed(const ParsedStatement& parsed,
                          std::span<const AttributeValue> parameters,
                          const SchemaLookup& schemas,
                          const PlanOptions& options = {});

// What a parsed statement is: a SELECT, a write (INSERT, UPDATE, DELETE and
// the other data-manipulation forms), an EXISTS(SELECT ...) check, or
// anything else (which planning refuses).
enum class StatementKind { kSelect, kWrite, kExists, kOther };
StatementKind KindOf(const ParsedStatement& parsed);

// A canonical, line-per-field dump of a plan (for golden tests and logs).
std::string FormatPlan(const Plan& plan);

}  // namespace eddy::partiql

#endif  // EDDY_EMULATOR_PARTIQL_PARTIQL_H_
