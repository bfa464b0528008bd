// Copyright 2026 The eddy Authors.

#include "emulator/types/validation_errors.h"

#include <algorithm>
#include <cctype>

#include "emulator/types/limits.h"

namespace eddy {

void ValidationErrors::Add(std::string value, std::string_view path,
                           std::string_view constraint) {
  if (errors_.size() >= 10) return;
  errors_.push_back(
      "Value " + value + " at '" + std::string(path) +
      "' failed to satisfy constraint: " + std::string(constraint));
}

void ValidationErrors::AddWithoutValue(std::string_view path,
                                       std::string_view constraint) {
  if (errors_.size() >= 10) return;
  errors_.push_back(
      "Value at '" + std::string(path) +
      "' failed to satisfy constraint: " + std::string(constraint));
}

Status AsValidationList(Status s) {
  if (!s.IsValidation()) return s;
  const std::string_view m = s.message();
  const std::string_view after_count =
      m.substr(std::min(m.find_first_not_of("0123456789"), m.size()));
  if ((after_count.size() < m.size() &&
       (after_count.starts_with(" validation error detected: ") ||
        after_count.starts_with(" validation errors detected: "))) ||
      m.ends_with("Null attribute value types must have the value of true")) {
    return s;
  }
  return Status::Validation("1 validation error detected: " + std::string(m));
}

void ValidationErrors::AddText(std::string entry) {
  if (errors_.size() >= 10) return;
  errors_.push_back(std::move(entry));
}

Status ValidationErrors::ToStatus() const {
  if (errors_.empty()) return Status::OK();
  std::string msg = std::to_string(errors_.size()) +
                    (errors_.size() == 1 ? " validation error detected: "
                                         : " validation errors detected: ");
  for (size_t i = 0; i < errors_.size(); ++i) {
    if (i) msg += "; ";
    msg += errors_[i];
  }
  return Status::Validation(std::move(msg));
}

void ValidationErrors::CheckTableName(const std::string& name,
                                      std::string_view path) {
  const std::string value = "'" + name + "'";
  bool pattern_ok = !name.empty();
  for (char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                    (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-';
    pattern_ok = pattern_ok && ok;
  }
  if (!pattern_ok) {
    Add(value, path,
        "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
  }
  if (name.size() < static_cast<size_t>(limits::kMinTableNameLength)) {
    Add(value, path, "Member must have length greater than or equal to 3");
  } else if (name.size() > static_cast<size_t>(limits::kMaxTableNameLength)) {
    Add(value, path, "Member must have length less than or equal to 255");
  }
}

void ValidationErrors::CheckDataTableName(const std::string& name,
                                          std::string_view path) {
  if (name.empty()) {
    // The member as the API names it ("TableName", not "tableName").
    std::string api_path(path);
    const size_t last = api_path.rfind('.');
    const size_t first = last == std::string::npos ? 0 : last + 1;
    if (first < api_path.size()) {
      api_path[first] = static_cast<char>(
          std::toupper(static_cast<unsigned char>(api_path[first])));
    }
    AddWithoutValue(api_path,
                    "Member must have length greater than or equal to 1");
    return;
  }
  const std::string value = "'" + name + "'";
  if (name.starts_with("arn:")) {
    if (name.size() > static_cast<size_t>(limits::kMaxTableArnLength)) {
      Add(value, path, "Member must have length less than or equal to 1024");
    }
    return;
  }
  bool pattern_ok = true;
  for (char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                    (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-';
    pattern_ok = pattern_ok && ok;
  }
  if (!pattern_ok) {
    Add(value, path,
        "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
  }
  if (name.size() > static_cast<size_t>(limits::kMaxTableNameLength)) {
    Add(value, path, "Member must have length less than or equal to 255");
  }
}

}  // namespace eddy
