// Copyright 2026 The eddy Authors.
//
// The fixture of Execute's own tests (execute_test.cc,
// execute_rejections_test.cc): a Database on a manual clock holding one
// table "t01" (pk S, sk S, on demand), and helpers that render the error
// bodies DynamoDB sends.

#ifndef EDDY_TESTS_WIRE_EXECUTE_FIXTURE_H_
#define EDDY_TESTS_WIRE_EXECUTE_FIXTURE_H_

#include <string>
#include <string_view>

#include "emulator/api/database.h"
#include "emulator/base/clock.h"
#include "emulator/wire/execute.h"
#include "gtest/gtest.h"

namespace eddy::execute_testing {

inline constexpr char kValidation[] =
    "com.amazon.coral.validate#ValidationException";
inline constexpr char kSerialization[] =
    "com.amazon.coral.service#SerializationException";

inline std::string Err(const char* type, const std::string& message) {
  const bool capital = std::string(type) == kSerialization;
  return std::string("{\"__type\":\"") + type + "\",\"" +
         (capital ? "Message" : "message") + "\":\"" + message + "\"}";
}
inline std::string Invalid(const std::string& message) {
  return Err(kValidation, message);
}

class ExecuteTest : public ::testing::Test {
 protected:
  ExecuteTest() : clock_(1'700'000'000'000'000), db_(MakeOptions()) {}
  Options MakeOptions() {
    Options o;
    o.clock = &clock_;
    return o;
  }
  void SetUp() override {
    ASSERT_EQ(Run("CreateTable",
                  R"({"TableName":"t01","BillingMode":"PAY_PER_REQUEST",
                      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
                                   {"AttributeName":"sk","KeyType":"RANGE"}],
                      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
                                              {"AttributeName":"sk","AttributeType":"S"}]})")
                  .http_status,
              200);
  }
  WireResponse Run(std::string_view op, std::string_view body) {
    return Execute(db_, op, body);
  }
  std::string Body(std::string_view op, std::string_view body) {
    return Run(op, body).body;
  }

  ManualClock clock_;
  Database db_;
};

}  // namespace eddy::execute_testing

#endif  // EDDY_TESTS_WIRE_EXECUTE_FIXTURE_H_
