// Copyright 2026 The eddy Authors.
//
// libFuzzer harness: PartiQL statements planned against a fixed schema (a
// table with a sort key and a GSI). Invariants: no crash or sanitizer report,
// bounded work (the planner's own depth and size limits), and every plan
// prints.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/partiql/partiql.h"
#include "emulator/partiql/schema.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const eddy::partiql::MapSchemaLookup* schemas = [] {
    auto* s = new eddy::partiql::MapSchemaLookup;
    eddy::partiql::TableSchema t;
    t.table_name = "orders";
    t.key.hash = {"pk", eddy::ScalarAttributeType::kS};
    t.key.range = eddy::partiql::KeyAttribute{"sk", eddy::ScalarAttributeType::kN};
    eddy::partiql::IndexSchema gsi;
    gsi.index_name = "byStatus";
    gsi.global = true;
    gsi.key.hash = {"status", eddy::ScalarAttributeType::kS};
    t.indexes.push_back(gsi);
    s->Add(t);
    return s;
  }();
  const std::string_view statement(reinterpret_cast<const char*>(data), size);
  const std::vector<eddy::AttributeValue> parameters = {
      eddy::AttributeValue::S("a"), eddy::AttributeValue::N(1)};
  auto plan = eddy::partiql::PlanStatement(statement, parameters, *schemas);
  if (plan.ok()) (void)eddy::partiql::FormatPlan(*plan);
  return 0;
}
