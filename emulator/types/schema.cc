// Copyright 2026 The eddy Authors.

#include "emulator/types/schema.h"

namespace eddy {

std::string_view KeyTypeName(KeyType t) {
  return t == KeyType::kHash ? "HASH" : "RANGE";
}

std::string_view ScalarAttributeTypeName(ScalarAttributeType t) {
  switch (t) {
    case ScalarAttributeType::kS:
      return "S";
    case ScalarAttributeType::kN:
      return "N";
    case ScalarAttributeType::kB:
      return "B";
  }
  return "S";
}

std::string_view BillingModeName(BillingMode m) {
  return m == BillingMode::kProvisioned ? "PROVISIONED" : "PAY_PER_REQUEST";
}

std::string_view TableStatusName(TableStatus s) {
  switch (s) {
    case TableStatus::kCreating:
      return "CREATING";
    case TableStatus::kUpdating:
      return "UPDATING";
    case TableStatus::kDeleting:
      return "DELETING";
    case TableStatus::kActive:
      return "ACTIVE";
  }
  return "ACTIVE";
}

std::string_view ReturnValueName(ReturnValue v) {
  switch (v) {
    case ReturnValue::kNone:
      return "NONE";
    case ReturnValue::kAllOld:
      return "ALL_OLD";
    case ReturnValue::kUpdatedOld:
      return "UPDATED_OLD";
    case ReturnValue::kAllNew:
      return "ALL_NEW";
    case ReturnValue::kUpdatedNew:
      return "UPDATED_NEW";
  }
  return "NONE";
}

std::string_view SelectName(Select s) {
  switch (s) {
    case Select::kAllAttributes:
      return "ALL_ATTRIBUTES";
    case Select::kAllProjectedAttributes:
      return "ALL_PROJECTED_ATTRIBUTES";
    case Select::kSpecificAttributes:
      return "SPECIFIC_ATTRIBUTES";
    case Select::kCount:
      return "COUNT";
  }
  return "ALL_ATTRIBUTES";
}

std::string_view ReturnConsumedCapacityName(ReturnConsumedCapacity r) {
  switch (r) {
    case ReturnConsumedCapacity::kNone:
      return "NONE";
    case ReturnConsumedCapacity::kTotal:
      return "TOTAL";
    case ReturnConsumedCapacity::kIndexes:
      return "INDEXES";
  }
  return "NONE";
}

std::string_view ComparisonOperatorName(ComparisonOperator op) {
  static constexpr std::string_view kNames[] = {
      "EQ",          "NE",       "LE",     "LT",       "GE",
      "GT",          "NOT_NULL", "NULL",   "CONTAINS", "NOT_CONTAINS",
      "BEGINS_WITH", "IN",       "BETWEEN"};
  return kNames[static_cast<size_t>(op)];
}

std::string_view ProjectionTypeName(ProjectionType t) {
  switch (t) {
    case ProjectionType::kAll:
      return "ALL";
    case ProjectionType::kKeysOnly:
      return "KEYS_ONLY";
    case ProjectionType::kInclude:
      return "INCLUDE";
  }
  return "ALL";
}

std::string_view IndexStatusName(IndexStatus s) {
  switch (s) {
    case IndexStatus::kCreating:
      return "CREATING";
    case IndexStatus::kUpdating:
      return "UPDATING";
    case IndexStatus::kDeleting:
      return "DELETING";
    case IndexStatus::kActive:
      return "ACTIVE";
  }
  return "ACTIVE";
}

std::string KeySchemaEcho(const std::vector<KeySchemaElement>& keys) {
  std::string out = "[";
  for (size_t i = 0; i < keys.size(); ++i) {
    if (i > 0) out += ", ";
    out += "KeySchemaElement(attributeName=" + keys[i].attribute_name +
           ", keyType=" + std::string(KeyTypeName(keys[i].key_type)) + ")";
  }
  out += "]";
  return out;
}

}  // namespace eddy
