// Copyright 2026 The eddy Authors.
//
// PartiQL literals to AttributeValues, with DynamoDB's messages. A literal
// is converted as a document whose root is named "root"; an error names the
// place inside it ("... under root.m[1]") and, where DynamoDB does, the
// source location ("... at 1:23:7"). Internal to emulator/partiql.
//
//   'x' -> S    1, 1.5e3 -> N (exact, 38 digits)    true -> BOOL
//   NULL -> NULL    [..] -> L    {'k': v} -> M    <<'a','b'>> -> SS
//   <<1, 2>> -> NS (sets of strings or numbers only; binary sets come in
//   as parameters)
//
// Errors (ValidationException):
//   "Nesting Levels have exceeded supported limits under <path>" (a value
//     33 levels down: the root is level 1)
//   "<Number error> under <path>" (overflow, underflow, 38 digits)
//   "Tuple keys must be of type String. Actual type: <T> under <path>"
//   "Duplicate keys in tuple. Key: <k> under <path> at <loc>"
//   "Path component cannot be an empty string"
//   "Empty bags are not supported"
//   "Unsupported data type in Bag. DynamoDB only supports either numbers or
//     strings in bags"
//   "One or more parameter values were invalid: Input collection [a, a]
//     contains duplicates." (strings)
//   "One or more parameter values were invalid: Input collection [2, 2.0]
//     contains duplicates! under <path>" (numbers, as written)
//   "Unsupported data type: <T> under key <path> at <loc>" (a parameter,
//     name or expression inside a literal)
//   "Ion Literals are not supported: <T> under key <path> at <loc>"
//
// Thread safety: pure functions.

#ifndef EDDY_EMULATOR_PARTIQL_INTERNAL_VALUES_H_
#define EDDY_EMULATOR_PARTIQL_INTERNAL_VALUES_H_

#include <string>
#include <string_view>

#include "emulator/base/status.h"
#include "emulator/partiql/ast.h"
#include "emulator/types/attribute_value.h"

namespace eddy::partiql::internal {

// True for the nodes that are literal documents: literals, NULL, lists,
// bags and structs (what DynamoDB's converter accepts).
bool IsLiteralDocument(const Node& node);

// Converts a literal document rooted at "root".
// REQUIRES: IsLiteralDocument(node).
StatusOr<AttributeValue> LiteralToValue(const Node& node);

// The attribute name a struct key denotes: a non-empty string literal.
StatusOr<std::string> StructKeyName(const Node& key, std::string_view path);

// " at line:column:length", or "" when the node has no location.
std::string At(const SourceSpan& span);

// How DynamoDB names a node in "Unsupported token in expression: %s" and
// "Unsupported data type: %s under key ..." (the identifier, the function
// name, the operator symbol, "MISSING", "PARAMETER", "SELECT", ...).
std::string NodeIdentifier(const Node& node);

// The class name DynamoDB's converter reports for a node inside a literal
// ("Parameter", "VariableReference", "NAry", ...).
std::string_view NodeClassName(const Node& node);

// The Ion type name of a literal ("STRING", "INT", "DECIMAL", "BOOL",
// "NULL"), as DynamoDB's literal messages print it.
std::string_view IonTypeName(const Node& node);

// Java's BigDecimal.toString of a number literal as written ("2.0" stays
// "2.0", "1e2" is "1E+2").
std::string JavaDecimalString(std::string_view literal);

}  // namespace eddy::partiql::internal

#endif  // EDDY_EMULATOR_PARTIQL_INTERNAL_VALUES_H_
