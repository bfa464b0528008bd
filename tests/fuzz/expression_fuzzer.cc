// Copyright 2026 The eddy Authors.
//
// libFuzzer harness: the five expression languages (condition, filter, key
// condition, update, projection). The first byte picks the language, the
// rest is the expression. Each is parsed and resolved against a fixed set of
// placeholders. Invariants: no crash or sanitizer report; an update
// expression that parses prints (ToExpression) to text that parses to the
// same actions.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "emulator/expr/condition_parser.h"
#include "emulator/expr/expression_kind.h"
#include "emulator/expr/projection.h"
#include "emulator/expr/resolve.h"
#include "emulator/expr/update.h"
#include "emulator/types/limits.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data + 1),
                              size - 1);
  static const eddy::expr::ExpressionAttributeNames* names =
      new eddy::expr::ExpressionAttributeNames{
          {"#a", "a"}, {"#b", "b.c"}, {"#k", "pk"}};
  static const eddy::AttributeMap* values = new eddy::AttributeMap{
      {":n", eddy::AttributeValue::N(1)},
      {":s", eddy::AttributeValue::S("x")},
      {":l", eddy::AttributeValue::L({eddy::AttributeValue::N(2)})},
      {":m",
       eddy::AttributeValue::M({{"k", eddy::AttributeValue::Bool(true)}})},
      {":ss", *eddy::AttributeValue::SS({"p", "q"})}};
  eddy::expr::PlaceholderUsage usage;
  switch (data[0] % 5) {
    case 0:
    case 1:
    case 2: {
      const eddy::expr::ExpressionKind kind =
          data[0] % 5 == 0   ? eddy::expr::ExpressionKind::kCondition
          : data[0] % 5 == 1 ? eddy::expr::ExpressionKind::kFilter
                             : eddy::expr::ExpressionKind::kKeyCondition;
      (void)eddy::expr::CompileCondition(text, kind, names, values, &usage);
      break;
    }
    case 3: {
      auto parsed = eddy::expr::ParseUpdate(text);
      if (!parsed.ok()) break;
      const std::string printed = eddy::expr::ToExpression(parsed->actions);
      // The printed form is canonical (", " between actions), so a text
      // near the 4 KB limit may print past it: the size check is not part
      // of the round trip.
      if (printed.size() >
          static_cast<size_t>(eddy::limits::kMaxExpressionBytes)) {
        (void)eddy::expr::ResolveUpdate(*parsed, names, values, &usage);
        break;
      }
      auto again = eddy::expr::ParseUpdate(printed);
      if (!again.ok() || eddy::expr::DebugString(again->actions) !=
                             eddy::expr::DebugString(parsed->actions)) {
        std::abort();
      }
      (void)eddy::expr::ResolveUpdate(*parsed, names, values, &usage);
      break;
    }
    default:
      (void)eddy::expr::CompileProjection(text, names, &usage);
      break;
  }
  return 0;
}
