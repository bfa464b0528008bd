// Copyright 2026 The eddy Authors.
//
// UpdateExpression (api-semantics.md §1.5): parsing, resolution of
// placeholders with the static checks, and application to an item.
//
//   PlaceholderUsage usage;
//   EDDY_ASSIGN_OR_RETURN(ResolvedUpdate update,
//       CompileUpdate("SET n = n + :one, l[5] = :x REMOVE old ADD tags :t",
//                     names, values, &usage));
//   EDDY_RETURN_IF_ERROR(CheckKeyAttributesUntouched(update, {"pk", "sk"}));
//   EDDY_ASSIGN_OR_RETURN(UpdateOutcome outcome,
//                         ApplyUpdate(update, stored_item_or_empty));
//   // outcome.item: the item to store (the caller adds the key when the
//   // item did not exist); outcome.updated_old / updated_new: the
//   // ReturnValues UPDATED_OLD / UPDATED_NEW.
//
// Grammar (keywords case-insensitive, function names case-sensitive):
//   update  ::= clause+            each of SET REMOVE ADD DELETE at most once,
//                                  in any order
//   clause  ::= SET path '=' value (',' path '=' value)*
//             | REMOVE path (',' path)*
//             | ADD path :v (',' path :v)*
//             | DELETE path :v (',' path :v)*
//   value   ::= '(' sum ')' | sum
//   sum     ::= term | term '+' term | term '-' term     (one operator only)
//   term    ::= '(' operand ')' | operand
//   operand ::= :v | path | name '(' term (',' term)* ')'
// The functions are if_not_exists(path, value) and list_append(list, list).
//
// Static errors (ValidationException, prefixed "Invalid UpdateExpression: "):
//   1. "Expression size has exceeded the maximum allowed size; expression
//      size: <n>" (over 4096 bytes), then "The expression can not be empty;"
//   2. while parsing, the first of: "Syntax error; token: ..., near: ...",
//      "The expression contains too many operators; operator count: 301"
//      (`+`, `-` and function calls count), "The document path has too many
//      nesting levels; nesting levels: 33"
//   3. then, each the first of its kind in text order, in this priority
//      (dynalite's updateParser order, copied from DynamoDB):
//      "Attribute name is a reserved keyword; reserved keyword: <word>"
//      "Invalid function name; function: <f>" /
//        "The function is not allowed in an update expression" (a condition
//        function such as size or attribute_exists)
//      "The \"SET\" section can only be used once in an update expression;"
//      "An expression attribute name used in the document path is not
//        defined; attribute name: #n"
//      "An expression attribute value used in expression is not defined;
//        attribute value: :v"
//      "Two document paths overlap with each other; must remove or rewrite
//        one of these paths; path one: [a, b], path two: [a]"
//      "Two document paths conflict with each other; must remove or rewrite
//        one of these paths; path one: [a, c], path two: [a, [1]]"
//      "Incorrect operand type for operator or function; operator: ADD,
//        operand type: STRING" (ADD takes N or a set, DELETE a set; types
//        spelled STRING NUMBER BINARY BOOLEAN NULL LIST MAP)
//      "Incorrect number of operands for operator or function; operator or
//        function: list_append, number of operands: 3" /
//        "Operator or function requires a document path; operator or
//        function: if_not_exists" / "Incorrect operand type for operator or
//        function; operator or function: +, operand type: S" (a literal of
//        the wrong type for + - list_append) / "The function is not allowed
//        to be used this way in an expression; function: list_append"
//        (list_append directly inside list_append)
// Only written paths (SET, REMOVE, ADD, DELETE targets) are checked for
// overlap; reading and writing one path is fine (`SET a = a + :one`).
//
// Thread safety: pure functions; a ResolvedUpdate is immutable and may be
// shared across threads.

#ifndef EDDY_EMULATOR_EXPR_UPDATE_H_
#define EDDY_EMULATOR_EXPR_UPDATE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/base/status.h"
#include "emulator/expr/ast.h"
#include "emulator/expr/resolve.h"
#include "emulator/types/attribute_value.h"

namespace eddy::expr {

namespace internal {
struct PathTreeNode;
}  // namespace internal

// The functions of the SET value grammar. Names are case-sensitive.
enum class UpdateFunction : uint8_t {
  kIfNotExists,  // if_not_exists(path, value)
  kListAppend,   // list_append(list, list)
  kUnknown,      // reported by the parser already
};

// An operand of a SET value: a path read from the old item, a `:value`, or
// a function call.
struct UpdateOperand {
  enum class Kind : uint8_t { kPath, kValue, kFunction };
  Kind kind = Kind::kPath;

  DocumentPath path;  // kPath

  // kValue: the placeholder as written, and after resolution its value.
  std::string value_name;
  std::shared_ptr<const AttributeValue> value;

  // kFunction
  UpdateFunction function = UpdateFunction::kUnknown;
  std::string function_name;  // as written
  std::vector<UpdateOperand> args;
};

struct UpdateAction {
  enum class Kind : uint8_t { kSet, kRemove, kAdd, kDelete };
  enum class Arithmetic : uint8_t { kNone, kPlus, kMinus };

  Kind kind = Kind::kSet;
  DocumentPath path;  // the path written
  // kSet: operands[0], or operands[0] (+|-) operands[1].
  Arithmetic arithmetic = Arithmetic::kNone;
  // kSet: one or two operands; kAdd, kDelete: one kValue operand;
  // kRemove: none.
  std::vector<UpdateOperand> operands;
};

// Canonical dump, one group per action in text order:
//   (set a :v) (set n (+ n :one)) (set l (list_append l :x))
//   (remove b.c[1]) (add s :ss) (delete s :ss)
// Resolved values print as their DebugString ({N:1}) and resolved names in
// backquotes (`name`).
std::string DebugString(const std::vector<UpdateAction>& actions);

// Expression text that parses back to the same actions: consecutive actions
// of one kind form one clause ("SET a = :v, b = :w REMOVE c").
std::string ToExpression(const std::vector<UpdateAction>& actions);

struct ParsedUpdate {
  std::vector<UpdateAction> actions;  // text order; at least one

  std::string DebugString() const { return expr::DebugString(actions); }
  std::string ToExpression() const { return expr::ToExpression(actions); }
};

struct ResolvedUpdate {
  std::vector<UpdateAction> actions;  // names substituted, values attached
  // The written paths merged into a tree; leaf i is actions[i].
  std::shared_ptr<const expr::internal::PathTreeNode> written;

  std::string DebugString() const { return expr::DebugString(actions); }
};

// Steps 1-2 and the first three kinds of step 3 (see the file comment).
StatusOr<ParsedUpdate> ParseUpdate(std::string_view text);

// Substitutes placeholders (recording them in `usage`) and runs the rest of
// step 3. `names` and `values` may be null (parameter absent).
// REQUIRES: `usage` is not null.
StatusOr<ResolvedUpdate> ResolveUpdate(const ParsedUpdate& parsed,
                                       const ExpressionAttributeNames* names,
                                       const AttributeMap* values,
                                       PlaceholderUsage* usage);

// ParseUpdate then ResolveUpdate.
StatusOr<ResolvedUpdate> CompileUpdate(std::string_view text,
                                       const ExpressionAttributeNames* names,
                                       const AttributeMap* values,
                                       PlaceholderUsage* usage);

// An update built without an expression (for the legacy AttributeUpdates):
// attaches the tree of written paths to `actions`, with no size, placeholder,
// overlap or operand checks; O(n log n) comparisons at most (none beyond a
// pass when the names come sorted, as from a std::map). REQUIRES: every name
// is resolved and every value attached, every written path is a distinct
// top-level name, and `actions` is not empty.
ResolvedUpdate UpdateOfResolvedActions(std::vector<UpdateAction> actions);

// ValidationException "One or more parameter values were invalid: Cannot
// update attribute pk. This attribute is part of the key" for the first
// written path (text order) whose top-level attribute is in
// `key_attribute_names`, nested paths included. Reading a key is fine.
Status CheckKeyAttributesUntouched(
    const ResolvedUpdate& update,
    const std::vector<std::string>& key_attribute_names);

struct UpdateOutcome {
  Item item;         // the item after the update
  Item updated_old;  // ReturnValues UPDATED_OLD: written paths, old values
  Item updated_new;  // ReturnValues UPDATED_NEW: written paths, new values
};

// Applies the update to `old_item`, which is empty when the item does not
// exist. Every right-hand side reads the old item (`SET a = :v, b = a` copies
// the old a). Semantics:
//   - SET l[i] past the end appends; several appends go in index order.
//   - REMOVE of a missing attribute or an index past the end does nothing;
//     removing list elements shifts the later ones down. All indexes of one
//     expression refer to the original list (`REMOVE l[1] SET l[3] = :v`).
//   - ADD: N + N, or set union of one set type; a missing attribute counts
//     as 0 / the empty set.
//   - DELETE: set difference of one set type; a set left empty removes the
//     attribute; a missing attribute is left missing.
//   - A nested REMOVE or DELETE under a missing parent is ignored when the
//     item does not exist (DynamoDB does so; Alternator's tests record it).
//   - updated_old / updated_new are the written paths read from the item
//     before and after the update, rebuilt as their leaves (`ADD m.a.c :n`
//     gives {m:{a:{c:4}}}), selected list elements compacted in index order.
//     So a removed attribute has no new value, an append past the end of a
//     list has none at the index written, and a removed list element's index
//     shows the element that shifted into it (as DynamoDB answers;
//     Alternator's test_returnvalues.py records it).
// Errors (ValidationException, no expression prefix), the first action in
// text order that fails:
//   "The provided expression refers to an attribute that does not exist in
//   the item"                       (a path read by a SET value is missing)
//   "An operand in the update expression has an incorrect data type"
//                                   (+ - on non-N, list_append on non-L, ADD
//                                   or DELETE on a stored value of another
//                                   type)
//   "Number overflow. Attempting to store a number with magnitude larger than
//   supported range" (and the underflow form)     (+, -, ADD)
//   "The document path provided in the update expression is invalid for
//   update"                         (a missing parent, or a parent of the
//                                   wrong kind: `a.b` on a list, `a[0]` on
//                                   a map)
//   "Nesting Levels have exceeded supported limits: Attributes in the item
//   have nested levels beyond supported limit"   (the result nests deeper
//                                   than 32 levels)
// REQUIRES: `update` came from ResolveUpdate.
StatusOr<UpdateOutcome> ApplyUpdate(const ResolvedUpdate& update,
                                    const Item& old_item);

}  // namespace eddy::expr

#endif  // EDDY_EMULATOR_EXPR_UPDATE_H_
