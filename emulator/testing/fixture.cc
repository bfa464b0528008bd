// Copyright 2026 The eddy Authors.

#include "emulator/testing/fixture.h"

#include <utility>

namespace eddy_testing {
namespace {

eddy::Options WithClock(eddy::Options options, eddy::Clock* clock) {
  options.clock = clock;
  return options;
}

}  // namespace

DatabaseTest::DatabaseTest(eddy::Options options)
    : db_(WithClock(std::move(options), &clock_)) {}

DatabaseTest::~DatabaseTest() = default;

eddy::Status DatabaseTest::CreateTableFromJson(
    std::string_view create_table_json) {
  return eddy_testing::CreateTableFromJson(db_, create_table_json);
}

eddy::Status DatabaseTest::CreateTableFromJsonFile(const std::string& path) {
  return eddy_testing::CreateTableFromJsonFile(db_, path);
}

eddy::StatusOr<int64_t> DatabaseTest::PutItemsFromJsonLines(
    std::string_view table, std::string_view json_lines) {
  return eddy_testing::PutItemsFromJsonLines(db_, table, json_lines);
}

eddy::StatusOr<int64_t> DatabaseTest::PutItemsFromJsonLinesFile(
    std::string_view table, const std::string& path) {
  return eddy_testing::PutItemsFromJsonLinesFile(db_, table, path);
}

eddy::StatusOr<LoadedModel> DatabaseTest::LoadModelFile(
    const std::string& path, const ModelOptions& options) {
  return eddy_testing::LoadModelFile(db_, path, options);
}

eddy::StatusOr<eddy::Item> DatabaseTest::GetItemByKey(std::string_view table,
                                                      eddy::Item key) {
  return eddy_testing::GetItemByKey(db_, table, std::move(key));
}

eddy::StatusOr<std::vector<eddy::Item>> DatabaseTest::ScanAll(
    std::string_view table, std::optional<std::string> index_name) {
  return eddy_testing::ScanAll(db_, table, std::move(index_name));
}

}  // namespace eddy_testing
