// Copyright 2026 The eddy Authors.
//
// DynamoDB's request-model validation messages (api-semantics.md §6 #51):
//   1 validation error detected: Value '0' at 'limit' failed to satisfy
//   constraint: Member must have value greater than or equal to 1
// Up to ten errors are joined with "; " and counted.
//
//   ValidationErrors errors;
//   errors.Add("'" + name + "'", "tableName",
//              "Member must have length greater than or equal to 3");
//   EDDY_RETURN_IF_ERROR(errors.ToStatus());

#ifndef EDDY_EMULATOR_TYPES_VALIDATION_ERRORS_H_
#define EDDY_EMULATOR_TYPES_VALIDATION_ERRORS_H_

#include <string>
#include <string_view>
#include <vector>

#include "emulator/base/status.h"

namespace eddy {

class ValidationErrors {
 public:
  // `value` is already rendered: "'abc'" or "null".
  void Add(std::string value, std::string_view path,
           std::string_view constraint);
  bool empty() const { return errors_.empty(); }
  Status ToStatus() const;

  // Table names: 3..255 characters of [a-zA-Z0-9_.-].
  void CheckTableName(const std::string& name,
                      std::string_view path = "tableName");

 private:
  std::vector<std::string> errors_;
};

}  // namespace eddy

#endif  // EDDY_EMULATOR_TYPES_VALIDATION_ERRORS_H_
