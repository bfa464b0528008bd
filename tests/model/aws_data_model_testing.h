// Copyright 2026 The eddy Authors.
//
// Shared piece of the AWS MCP data-model tests (aws_data_model_cost_test,
// aws_data_model_index_test, aws_data_model_projection_test): a document
// loaded and run once, kept for the whole test binary.
//
//   const AwsRun& Tickets() {
//     static const AwsRun* run = LoadAndRunAwsDataModel(kDocument);
//     return *run;
//   }
//
// Failures are reported with gtest's non-fatal assertions; the returned run
// then holds what was reached (an empty report when the load failed).
// Not thread-safe (call it from a function-local static, as above).

#ifndef EDDY_TESTS_MODEL_AWS_DATA_MODEL_TESTING_H_
#define EDDY_TESTS_MODEL_AWS_DATA_MODEL_TESTING_H_

#include <string>
#include <utility>

#include "gtest/gtest.h"
#include "model/formats/aws_data_model.h"

namespace eddy::model {

struct AwsRun {
  AwsDataModel model;
  AwsRunReport report;
};

// Loads the document at `path` and runs it; never null (the object lives
// for the rest of the process).
inline const AwsRun* LoadAndRunAwsDataModel(const std::string& path) {
  auto* r = new AwsRun;
  StatusOr<AwsDataModel> m = LoadAwsDataModelFile(path, nullptr);
  EXPECT_TRUE(m.ok()) << m.status().ToString();
  if (!m.ok()) return r;
  r->model = *std::move(m);
  StatusOr<AwsRunReport> report = RunAwsDataModel(r->model);
  EXPECT_TRUE(report.ok()) << report.status().ToString();
  if (report.ok()) r->report = *std::move(report);
  return r;
}

}  // namespace eddy::model

#endif  // EDDY_TESTS_MODEL_AWS_DATA_MODEL_TESTING_H_
