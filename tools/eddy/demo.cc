// Copyright 2026 The eddy Authors.
//
// `eddy demo`: shows the value layer doing what DynamoDB does. Every line is
// computed, nothing is canned.

#include <cstdio>
#include <string>

#include "emulator/types/attribute_value.h"
#include "emulator/types/number.h"
#include "emulator/wire/attribute_json.h"
#include "tools/eddy/cli.h"
#include "tools/eddy/commands.h"

namespace eddy::cli {
namespace {

constexpr char kUsage[] =
    "usage: eddy demo\n"
    "\n"
    "A tour of eddy's value layer, every line computed: numbers as exact\n"
    "38-digit decimals (normalized on write, with DynamoDB's range errors),\n"
    "exact arithmetic, items decoded from DynamoDB JSON with DynamoDB's\n"
    "rules and item sizes, and DynamoDB's error messages for bad values.\n"
    "It takes no arguments.\n";

void ShowNumber(const char* text) {
  StatusOr<Number> n = Number::Parse(text);
  if (n.ok()) {
    std::printf("  %-46s -> %-24s (%d bytes)\n", text, n->ToString().c_str(),
                n->SizeBytes());
  } else {
    std::printf("  %-46s -> %s\n", text, n.status().ToString().c_str());
  }
}

void ShowSum(const char* a, const char* b) {
  StatusOr<Number> r = Number::Add(*Number::Parse(a), *Number::Parse(b));
  std::printf("  %s + %s = %s\n", a, b,
              r.ok() ? r->ToString().c_str() : r.status().ToString().c_str());
}

void ShowDecode(const char* json) {
  StatusOr<Item> item = DecodeItemJson(json);
  if (item.ok()) {
    std::printf("  %s\n    -> %s  (%lld bytes)\n", json,
                EncodeItemJson(*item).c_str(),
                static_cast<long long>(ItemSizeBytes(*item)));
  } else {
    std::printf("  %s\n    -> %s\n", json, item.status().ToString().c_str());
  }
}

}  // namespace

int RunDemo(const std::vector<std::string>& args) {
  if (WantsHelp(args)) return ShowHelp(kUsage);
  if (!args.empty()) {
    return UsageError("eddy demo",
                      "takes no arguments (got '" + args[0] + "')");
  }
  std::printf("eddy — DynamoDB's value model, exactly\n\n");
  std::printf(
      "Numbers are exact decimals of up to 38 digits, normalized on write:\n");
  for (const char* t :
       {"00042", "1.0", "-0", "1.5E2", ".123", "0e1000",
        "3.1415926535897932384626433832795028841",
        "3.14159265358979323846264338327950288419", "1e126", "1e-131", "NaN"}) {
    ShowNumber(t);
  }
  std::printf("\nArithmetic is exact, with DynamoDB's range errors:\n");
  ShowSum("0.1", "0.2");
  ShowSum("99999999999999999999999999999999999999", "1");
  ShowSum("1e50", "1");

  std::printf(
      "\nItems decode from DynamoDB JSON with DynamoDB's rules and sizes:\n");
  ShowDecode(
      R"({"pk":{"S":"store#1"},"qty":{"N":"0027"},"tags":{"SS":["b","a"]}})");
  ShowDecode(R"({"doc":{"M":{"l":{"L":[{"BOOL":true},{"NULL":true}]}}}})");
  ShowDecode(R"({"a":{"SS":["x","x"]}})");
  ShowDecode(R"({"a":{"NULL":false}})");
  ShowDecode(R"({"a":{"N":123}})");
  ShowDecode(R"({"a":{}})");
  ShowDecode(R"({"a":{"S":"x","N":"1"}})");
  return 0;
}

}  // namespace eddy::cli
