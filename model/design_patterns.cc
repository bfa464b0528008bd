// Copyright 2026 The eddy Authors.

#include "model/design_patterns.h"

#include "nlohmann/json.hpp"

namespace eddy::model {

bool DesignPatternResult::ok() const {
  if (checks.empty()) return false;
  for (const DesignPatternCheck& c : checks) {
    if (!c.passed) return false;
  }
  return true;
}

std::vector<DesignPatternResult> RunDesignPatterns() {
  std::vector<DesignPatternResult> out;
  out.push_back(RunWriteSharding());
  out.push_back(RunLargeObject());
  out.push_back(RunOptimisticLocking());
  out.push_back(RunKeyCardinality());
  return out;
}

std::string FormatDesignPatternsText(
    const std::vector<DesignPatternResult>& results) {
  std::string out;
  int passed = 0;
  for (const DesignPatternResult& r : results) {
    out += r.name + (r.ok() ? "  [ok]" : "  [FAILED]") + "\n";
    out += "  " + r.advice + "\n";
    for (const std::string& l : r.lines) out += "    " + l + "\n";
    for (const DesignPatternCheck& c : r.checks) {
      out += std::string("    ") + (c.passed ? "✓ " : "✗ ") + c.what + "\n";
    }
    out += "\n";
    passed += r.ok() ? 1 : 0;
  }
  out += (passed == static_cast<int>(results.size()) ? "OK: " : "FAILED: ") +
         std::to_string(passed) + " of " + std::to_string(results.size()) +
         " design patterns passed their checks\n";
  return out;
}

std::string FormatDesignPatternsJson(
    const std::vector<DesignPatternResult>& results) {
  nlohmann::ordered_json a = nlohmann::ordered_json::array();
  for (const DesignPatternResult& r : results) {
    nlohmann::ordered_json checks = nlohmann::ordered_json::array();
    for (const DesignPatternCheck& c : r.checks) {
      checks.push_back({{"check", c.what}, {"passed", c.passed}});
    }
    a.push_back({{"name", r.name},
                 {"ok", r.ok()},
                 {"advice", r.advice},
                 {"lines", r.lines},
                 {"checks", std::move(checks)},
                 {"figures", r.figures}});
  }
  return a.dump(2);
}

}  // namespace eddy::model
