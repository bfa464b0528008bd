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

  // An entry in DynamoDB's 2026 framework form that names neither the value
  // nor the member, e.g. ReturnValues of PutItem, UpdateItem, DeleteItem:
  //   Failed to satisfy constraint: Member must satisfy enum value set: [...]
  void AddText(std::string entry);

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

// DynamoDB's 2026 validation framework, as us-east-1 answers since 2026-08
// (dynamodb-conformance captures/2026-08-12-wording-drift.json; eu-west-2
// and eu-central-1 since 2026-06): a ValidationException of a request-level
// check of PutItem, UpdateItem or DeleteItem (before the table is looked up)
// reads "1 validation error detected: <text>". Returns `s` with that prefix
// when it is a ValidationException not already a list; any other status,
// a list, and the NULL text ("... Null attribute value types must have the
// value of true", recorded without the prefix) unchanged.
Status AsValidationList(Status s);

}  // namespace eddy

#endif  // EDDY_EMULATOR_TYPES_VALIDATION_ERRORS_H_
