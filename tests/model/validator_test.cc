// Copyright 2026 The eddy Authors.
//
// The model validator on malformed documents (golden files): each
// tests/model/testdata/malformed/NAME.json is model/kayak.json with one or a
// few mistakes (its "_test" member says which), and NAME.errors lists the
// exact errors, one per line, "<pointer>: <message>". The point of most of
// them: one root error gives one error, not the 7 to 19 that follow from it,
// with the pointer on the member at fault and a "did you mean".
//
// To regenerate the .errors files after a deliberate change, run the test
// with EDDY_UPDATE_GOLDEN=1 and review the diff.

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "model/model.h"
#include "model/suggest.h"

namespace eddy::model {
namespace {

namespace fs = std::filesystem;

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(ValidatorTest, MalformedDocumentsGiveTheirRootErrors) {
  const fs::path dir =
      fs::path(EDDY_SOURCE_DIR) / "tests/model/testdata/malformed";
  const bool update = std::getenv("EDDY_UPDATE_GOLDEN") != nullptr;
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  ASSERT_GE(files.size(), 8u);
  for (const fs::path& json : files) {
    SCOPED_TRACE(json.filename().string());
    std::vector<ModelError> errors;
    StatusOr<Model> m = LoadModelFile(json.string(), &errors);
    EXPECT_FALSE(m.ok());
    std::string got;
    for (const ModelError& e : errors) got += e.ToString() + "\n";
    fs::path golden = json;
    golden.replace_extension(".errors");
    if (update) {
      std::ofstream(golden, std::ios::binary) << got;
      continue;
    }
    EXPECT_EQ(got, ReadFile(golden));
  }
}

TEST(ValidatorTest, ClosestName) {
  EXPECT_EQ(EditDistance("", "abc"), 3u);
  EXPECT_EQ(EditDistance("kitten", "sitting"), 3u);
  EXPECT_EQ(EditDistance("rnu", "run"), 1u);  // a transposition
  EXPECT_EQ(EditDistance("ab", "ba"), 1u);
  EXPECT_EQ(ClosestName("storeMetadat", {"storeMetadata", "storeEmployee"}),
            "storeMetadata");
  EXPECT_EQ(ClosestName("Opration", {"Kind", "Operation", "TableName"}),
            "Operation");
  // Letter case alone always counts as close.
  EXPECT_EQ(ClosestName("partitionkey", {"partitionKey", "sortKey"}),
            "partitionKey");
  EXPECT_EQ(ClosestName("Pk1", {"PK1", "SK1"}), "PK1");
  // Ambiguous: no suggestion.
  EXPECT_EQ(ClosestName("GSI7", {"GSI1", "GSI2", "GSI3"}), "");
  // Too far: no suggestion.
  EXPECT_EQ(ClosestName("xyz", {"partitionKey"}), "");
  // An exact name is not misspelt.
  EXPECT_EQ(ClosestName("run", {"run", "rnu"}), "");
  EXPECT_EQ(DidYouMean("--scael", {"--scale", "--seed"}),
            " (did you mean --scale?)");
  EXPECT_EQ(DidYouMean("storeUlid", {"storeULID"}, "${", "}"),
            " (did you mean ${storeULID}?)");
}

}  // namespace
}  // namespace eddy::model
