// Copyright 2026 The eddy Authors.
//
// Shared pieces of the model-format tests (formats_test.cc, pk_only_test.cc):
// reading a file of the source tree, editing a document in one place, loading
// a one-table document of any format, and a model's shapes as text for
// comparing a model with its round trip through another format.
//
// Needs EDDY_SOURCE_DIR (the repository root) defined by the test target.
// Failures are reported with gtest's non-fatal assertions.

#ifndef EDDY_TESTS_MODEL_MODEL_TESTING_H_
#define EDDY_TESTS_MODEL_MODEL_TESTING_H_

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "model/formats/convert.h"
#include "model/model.h"

namespace eddy::model_testing {

// The text of `relative`, a path from the repository root ("" if unread).
inline std::string Read(const std::string& relative) {
  std::ifstream in(std::string(EDDY_SOURCE_DIR) + "/" + relative);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// `text` with the first `from` replaced by `to` (a failure if absent).
inline std::string Replace(std::string text, const std::string& from,
                           const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// The model of a one-table document in any format (LoadAnyModel under
// `name`); every load error is a test failure, and an empty Model returned.
inline model::Model LoadOne(const std::string& text, const std::string& name) {
  std::vector<model::ModelError> errors;
  StatusOr<std::vector<model::LoadedTable>> t =
      model::LoadAnyModel(text, name, &errors);
  for (const model::ModelError& e : errors) ADD_FAILURE() << e.ToString();
  EXPECT_THAT(t, IsOk());
  if (!t.ok() || t->size() != 1) return model::Model();
  return (*t)[0].model;
}

// Every entity shape (type, PK, SK, index keys) and every index definition,
// as text ("-" for an absent sort key).
inline std::vector<std::string> Shapes(const model::Model& m) {
  std::vector<std::string> out;
  for (const model::EntityShape& s : m.entities) {
    std::string line = s.entity_type + " " + s.partition_key.text() + " | " +
                       (s.sort_key.text().empty() ? "-" : s.sort_key.text());
    for (const model::IndexKeys& k : s.indexes) {
      line += " | " + k.index_name + " " + k.partition_key.text() + " " +
              (k.sort_key ? k.sort_key->text() : "-");
    }
    out.push_back(line);
  }
  out.push_back("table " + m.table.name + " " + m.table.partition_key + " " +
                (m.table.sort_key.empty() ? "-" : m.table.sort_key));
  for (const model::IndexDefinition& g : m.table.global_secondary_indexes) {
    out.push_back(g.name + " " + g.partition_key + " " +
                  (g.sort_key.empty() ? "-" : g.sort_key) + " " +
                  std::to_string(static_cast<int>(g.projection)));
  }
  return out;
}

}  // namespace eddy::model_testing

#endif  // EDDY_TESTS_MODEL_MODEL_TESTING_H_
