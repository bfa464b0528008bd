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

  // The newer form without the value, as DynamoDB words some members:
  //   Value at 'TableName' failed to satisfy constraint: <constraint>
  void AddWithoutValue(std::string_view path, std::string_view constraint);

  // Table names: 3..255 characters of [a-zA-Z0-9_.-].
  void CheckTableName(const std::string& name,
                      std::string_view path = "tableName");

  // A data-plane TableName (GetItem, PutItem, UpdateItem, DeleteItem, Query,
  // Scan, transactions' actions): 1..1024 characters, a table ARN or a name
  // of [a-zA-Z0-9_.-] of at most 255. Empty: "Value at 'TableName' failed to
  // satisfy constraint: Member must have length greater than or equal to 1"
  // (us-east-1's current form). Whether an ARN names a table of this account
  // and region is the lookup's business (engine FindTable).
  void CheckDataTableName(const std::string& name,
                          std::string_view path = "tableName");

 private:
  std::vector<std::string> errors_;
};

}  // namespace eddy

#endif  // EDDY_EMULATOR_TYPES_VALIDATION_ERRORS_H_
