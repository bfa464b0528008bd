// Copyright 2026 The eddy Authors.
//
// Helpers shared by the migration tests (migration_test.cc,
// migration_query_test.cc): run a scenario given as JSON, and read a
// stream's totals from its result. Failures are reported through gtest
// (EXPECT_*), and an empty result is returned.

#ifndef EDDY_TESTS_LAB_MIGRATION_TESTING_H_
#define EDDY_TESTS_LAB_MIGRATION_TESTING_H_

#include <cstdint>
#include <string>
#include <utility>

#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "model/lab/scenario.h"

namespace eddy::lab::testing_migration {

// Parses and runs the scenario; an empty result when either fails.
inline ScenarioResult RunJson(const std::string& json) {
  StatusOr<Scenario> s = ParseScenario(json);
  EXPECT_THAT(s, IsOk());
  if (!s.ok()) return {};
  StatusOr<ScenarioResult> r = RunScenario(*s);
  EXPECT_THAT(r, IsOk());
  return r.ok() ? *std::move(r) : ScenarioResult{};
}

// The requests of `stream` accepted over the run; -1 when there is no such
// stream.
inline int64_t Accepted(const ScenarioResult& r, const std::string& stream) {
  for (const StreamResult& s : r.streams) {
    if (s.name == stream) return s.total.accepted;
  }
  return -1;
}

}  // namespace eddy::lab::testing_migration

#endif  // EDDY_TESTS_LAB_MIGRATION_TESTING_H_
