// Copyright 2026 The eddy Authors.
//
// Reading the legacy (pre-expression) request members: Expected,
// KeyConditions / QueryFilter / ScanFilter, ConditionalOperator,
// AttributesToGet and AttributeUpdates. The engine translates them into
// expressions (engine/legacy.h). Not for use outside emulator/wire.

#ifndef EDDY_EMULATOR_WIRE_INTERNAL_LEGACY_READER_H_
#define EDDY_EMULATOR_WIRE_INTERNAL_LEGACY_READER_H_

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "emulator/types/schema.h"
#include "emulator/wire/internal/request_reader.h"

namespace eddy::wire::internal {

std::optional<std::map<std::string, ExpectedAttributeValue>> ReadExpected(
    ObjectReader& r);
// KeyConditions, QueryFilter or ScanFilter.
std::optional<std::map<std::string, Condition>> ReadConditions(
    ObjectReader& r, std::string_view name);
std::optional<ConditionalOperator> ReadConditionalOperator(ObjectReader& r);
std::optional<std::vector<std::string>> ReadAttributesToGet(ObjectReader& r);
std::optional<std::map<std::string, AttributeValueUpdate>> ReadAttributeUpdates(
    ObjectReader& r);

}  // namespace eddy::wire::internal

#endif  // EDDY_EMULATOR_WIRE_INTERNAL_LEGACY_READER_H_
