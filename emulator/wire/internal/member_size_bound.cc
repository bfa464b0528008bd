// Copyright 2026 The eddy Authors.

#include "emulator/wire/internal/member_size_bound.h"

#include <string>

#include "emulator/wire/internal/attribute_codec.h"

namespace eddy::wire::internal {

const Status& AttributeUpdatesTooLarge() {
  static const Status s = Status::Validation(
      "Item size to update has exceeded the maximum allowed size");
  return s;
}

const Status& ValuesTooLarge(std::string_view member) {
  auto text = [](std::string_view m) {
    return Status::Validation("The total size of the attribute values in " +
                              std::string(m) +
                              " has exceeded the maximum allowed size of 2 MB");
  };
  static const Status expected = text("Expected");
  static const Status key_conditions = text("KeyConditions");
  static const Status query_filter = text("QueryFilter");
  static const Status scan_filter = text("ScanFilter");
  static const Status parameters = text("Parameters");
  if (member == "Expected") return expected;
  if (member == "KeyConditions") return key_conditions;
  if (member == "QueryFilter") return query_filter;
  if (member == "ScanFilter") return scan_filter;
  return parameters;
}

void MemberSizeBound::Over(RequestErrors* errors) {
  if (!over_) errors->Validation(error_);
  over_ = true;
}

void MemberSizeBound::AddName(size_t bytes, RequestErrors* errors) {
  if (over_) return;
  used_ += static_cast<int64_t>(bytes);
  if (used_ > limit_) Over(errors);
}

std::optional<AttributeValue> MemberSizeBound::ReadValue(
    const JsonValue& value, RequestErrors* errors) {
  JsonReader in(value.text);
  ValueDecoder d(&in);
  // Each value counts one byte more, as a list element does by the item
  // rules, so that a million empty strings still pass the bound.
  if (!over_ && ++used_ > limit_) Over(errors);
  if (over_) {
    d.CheckTypesOnly();
  } else {
    d.LimitSize(limit_ - used_, error_);
  }
  const size_t charged_before = budget_ != nullptr ? budget_->charged() : 0;
  AttributeValue v;
  d.ReadValue(1, &v);
  if (!d.serialization().ok()) {
    errors->Serialization(d.serialization(), d.serialization_position());
    return std::nullopt;
  }
  if (over_) return std::nullopt;  // only its JSON types mattered
  if (d.over_limit()) {
    Over(errors);
    return std::nullopt;
  }
  if (!d.validation().ok()) {
    errors->Validation(d.validation());
    return std::nullopt;
  }
  used_ += d.size();
  if (budget_ == nullptr) return v;
  const size_t extra =
      per_value_ + copies_ * (budget_->charged() - charged_before);
  if (extra > 0 && !budget_->Charge(extra)) {
    errors->Validation(DecodeBudgetRefusal());
    over_ = true;  // the rest is only type-checked
    return std::nullopt;
  }
  return v;
}

}  // namespace eddy::wire::internal
