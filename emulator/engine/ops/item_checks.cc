// Copyright 2026 The eddy Authors.

#include "emulator/engine/ops/item_checks.h"

#include "emulator/types/limits.h"

namespace eddy::engine {

Status CheckPlaceholderEntries(const ExpressionAttributeNames* names,
                               const ExpressionAttributeValues* values) {
  if (names) {
    for (const auto& [key, name] : *names) {
      if (name.empty()) {
        return Status::Validation(
            "ExpressionAttributeNames contains invalid value: Empty attribute "
            "name for key " +
            key);
      }
      EDDY_RETURN_IF_ERROR(ValidateAttributeName(name));
    }
  }
  if (values) {
    for (const auto& e : *values) {
      EDDY_RETURN_IF_ERROR(ValidateAttributeNames(e.value));
    }
  }
  return Status::OK();
}

Status CheckItemToWrite(const Item& item) {
  EDDY_RETURN_IF_ERROR(ValidateAttributeNames(item));
  EDDY_RETURN_IF_ERROR(ValidateNesting(item));
  if (ItemSizeBytes(item) > limits::kMaxItemSizeBytes) {
    return Status::Validation(
        "Item size has exceeded the maximum allowed size");
  }
  return Status::OK();
}

Status CheckExpressionMaps(
    const std::optional<ExpressionAttributeNames>& names,
    const std::optional<ExpressionAttributeValues>& values, bool any_expression,
    const char* condition_name) {
  EDDY_RETURN_IF_ERROR(CheckPlaceholderEntries(names ? &*names : nullptr,
                                               values ? &*values : nullptr));
  if (!any_expression) {
    if (names) {
      return Status::Validation(
          "ExpressionAttributeNames can only be specified when using "
          "expressions");
    }
    if (values) {
      std::string text =
          "ExpressionAttributeValues can only be specified when using "
          "expressions";
      if (condition_name) {
        text += ": ";
        text += condition_name;
        text += " is null";
      }
      return Status::Validation(std::move(text));
    }
  }
  // Empty maps only count against a request that has an expression: without
  // one, "can only be specified" comes first (moto's aws_verified GetItem
  // test; dynalite's deleteItem and batchGetItem tests).
  if (names && names->empty()) {
    return Status::Validation("ExpressionAttributeNames must not be empty");
  }
  if (values && values->empty()) {
    return Status::Validation("ExpressionAttributeValues must not be empty");
  }
  return Status::OK();
}

Status CheckReturnValuesNoneOrAllOld(ReturnValue v) {
  if (v == ReturnValue::kNone || v == ReturnValue::kAllOld) return Status::OK();
  return Status::Validation("ReturnValues can only be ALL_OLD or NONE");
}

}  // namespace eddy::engine
