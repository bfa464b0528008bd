// Copyright 2026 The eddy Authors.

#include "emulator/wire/internal/request_reader.h"

#include <cstdint>
#include <cstring>
#include <limits>

#include "emulator/types/limits.h"

namespace eddy::wire::internal {
namespace {

// Every member name of DynamoDB's request model that eddy's codecs read
// (ops/*.cc, legacy_reader.cc), DynamoDB Streams' (ops/streams.cc), plus
// eddy's own EddyInjectFault and EddySplitPartition members. An
// object's members are noted only when named here; a codec asking for a name
// that is not here still finds it (by a scan), only slower.
constexpr std::string_view kMemberNames[] = {
    "Action",
    "AttributeDefinitions",
    "AttributeName",
    "AttributeType",
    "AttributeUpdates",
    "AttributeValueList",
    "AttributesToGet",
    "BillingMode",
    "ClientRequestToken",
    "ComparisonOperator",
    "ConditionCheck",
    "ConditionExpression",
    "ConditionalOperator",
    "ConsistentRead",
    "Count",
    "Create",
    "Delete",
    "DeleteRequest",
    "Enabled",
    "ExclusiveStartKey",
    "ExclusiveStartShardId",
    "ExclusiveStartStreamArn",
    "ExclusiveStartTableName",
    "Exists",
    "Expected",
    "ExpressionAttributeNames",
    "ExpressionAttributeValues",
    "FilterExpression",
    "Get",
    "GlobalSecondaryIndexUpdates",
    "GlobalSecondaryIndexes",
    "IndexName",
    "Item",
    "Key",
    "KeyConditionExpression",
    "KeyConditions",
    "KeySchema",
    "KeyType",
    "Keys",
    "Kind",
    "Limit",
    "LocalSecondaryIndexes",
    "MaxReadRequestUnits",
    "MaxWriteRequestUnits",
    "NextToken",
    "NonKeyAttributes",
    "OnDemandThroughput",
    "Operation",
    "PartitionId",
    "Projection",
    "ProjectionExpression",
    "ProjectionType",
    "ProvisionedThroughput",
    "Put",
    "PutRequest",
    "QueryFilter",
    "ReadCapacityUnits",
    "ReplicaUpdates",
    "RequestItems",
    "ResourceArn",
    "ReturnConsumedCapacity",
    "ReturnItemCollectionMetrics",
    "ReturnValues",
    "ReturnValuesOnConditionCheckFailure",
    "SSESpecification",
    "ScanFilter",
    "ScanIndexForward",
    "Segment",
    "Select",
    "SequenceNumber",
    "ShardFilter",
    "ShardId",
    "ShardIterator",
    "ShardIteratorType",
    "StreamArn",
    "StreamEnabled",
    "StreamSpecification",
    "StreamViewType",
    "TableName",
    "TagKeys",
    "Tags",
    "ThrottlingReasons",
    "TimeToLiveSpecification",
    "TotalSegments",
    "TransactItems",
    "Type",
    "Update",
    "UpdateExpression",
    "Value",
    "WriteCapacityUnits",
    "reason",
    "resource",
};

constexpr size_t kSlots = 256;  // > 3 x the names: short probe sequences

size_t Hash(std::string_view s) {
  return (s.size() * 131 + static_cast<unsigned char>(s[0]) * 31 +
          static_cast<unsigned char>(s[s.size() / 2]) * 7 +
          static_cast<unsigned char>(s.back())) %
         kSlots;
}

struct NameTable {
  std::array<int16_t, kSlots> slots;
  NameTable() {
    slots.fill(-1);
    for (size_t i = 0; i < std::size(kMemberNames); ++i) {
      size_t h = Hash(kMemberNames[i]);
      while (slots[h] >= 0) h = (h + 1) % kSlots;
      slots[h] = static_cast<int16_t>(i);
    }
  }
};

// The static spelling of a known member name, or empty.
std::string_view KnownName(std::string_view key) {
  static const NameTable table;
  if (key.empty()) return {};
  for (size_t h = Hash(key);; h = (h + 1) % kSlots) {
    const int i = table.slots[h];
    if (i < 0) return {};
    if (kMemberNames[i] == key) return kMemberNames[i];
  }
}

std::string LowerFirst(std::string_view name) {
  std::string out(name);
  if (!out.empty() && out[0] >= 'A' && out[0] <= 'Z') out[0] += 'a' - 'A';
  return out;
}

// `prefix` followed by one or more of [A-Za-z0-9_].
bool IsPlaceholder(std::string_view key, char prefix) {
  if (key.size() < 2 || key[0] != prefix) return false;
  for (char c : key.substr(1)) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                    (c >= '0' && c <= '9') || c == '_';
    if (!ok) return false;
  }
  return true;
}

bool IsNumber(JsonType t) {
  return t == JsonType::kInteger || t == JsonType::kDecimal;
}

// eddy's own texts (DynamoDB's answers past these limits are not on record;
// docs/validation-order.md lists them).
const Status& KeyTooLarge() {
  static const Status s = Status::Validation(
      "Key size has exceeded the maximum allowed size of 400 KB");
  return s;
}
const Status& SubstitutionsTooLarge() {
  static const Status s = Status::Validation(
      "The total size of ExpressionAttributeNames and "
      "ExpressionAttributeValues has exceeded the maximum allowed size of "
      "2 MB");
  return s;
}

}  // namespace

// --- RequestErrors -----------------------------------------------------------

void RequestErrors::Serialization(Status s, const char* at) {
  if (serialization_.ok() || at < serialization_at_) {
    serialization_ = std::move(s);
    serialization_at_ = at;
  }
}

void RequestErrors::Generic(std::string value, std::string_view path,
                            std::string_view constraint) {
  if (value == "null") missing_member_ = true;
  generic_.Add(value, path, constraint);
  generic_with_names_.Add(std::move(value), path, constraint);
}

void RequestErrors::TableName(const std::string& name, std::string_view path) {
  // A table ARN is the Database's to judge (DescribeTable, UpdateTable,
  // DeleteTable and the TTL operations accept one).
  if (name.starts_with("arn:")) {
    generic_with_names_.CheckDataTableName(name, path);
    return;
  }
  generic_with_names_.CheckTableName(name, path);
}

void RequestErrors::DataTableName(const std::string& name,
                                  std::string_view path) {
  if (name.empty()) {
    // The older per-value form, used when listed with a missing member.
    empty_data_table_name_ = true;
    generic_with_names_.Add("''", path,
                            "Member must have length greater than or equal "
                            "to 1");
    return;
  }
  generic_with_names_.CheckDataTableName(name, path);
}

namespace {
constexpr char kReturnValuesText[] =
    "Failed to satisfy constraint: Member must satisfy enum value set: "
    "[ALL_OLD, UPDATED_OLD, ALL_NEW, UPDATE_NEW, NONE]";
}  // namespace

void RequestErrors::ReturnValuesText(bool alone) {
  if (alone) return_values_alone_ = true;
  generic_.AddText(kReturnValuesText);
  generic_with_names_.AddText(kReturnValuesText);
}

Status RequestErrors::ToStatus() const {
  if (!serialization_.ok()) return serialization_;
  // An empty data-plane TableName is reported alone in the current form,
  // unless a required member is missing too: then DynamoDB lists every
  // error in the older per-value form (captured for UpdateItem).
  if (empty_data_table_name_ && !missing_member_) {
    ValidationErrors alone;
    alone.CheckDataTableName("", "tableName");
    return alone.ToStatus();
  }
  if (return_values_alone_ && !missing_member_) {
    ValidationErrors alone;
    alone.AddText(kReturnValuesText);
    return alone.ToStatus();
  }
  if (!generic_.empty()) return generic_with_names_.ToStatus();
  return validation_;
}

// --- Cursors -----------------------------------------------------------------

ListCursor::ListCursor(const JsonValue& list) : in_(list.text) {
  if (in_.Peek() == JsonType::kArray) in_.EnterArray();
}

bool ListCursor::Next(JsonValue* element) {
  if (!in_.NextElement()) return false;
  *element = in_.SkipValue();
  ++index_;
  return true;
}

MapCursor::MapCursor(const JsonValue& map) : in_(map.text) {
  if (in_.Peek() == JsonType::kObject) in_.EnterObject();
}

bool MapCursor::Next(std::string* key, JsonValue* value) {
  std::string_view k;
  if (!in_.NextMember(&k)) return false;
  key->assign(k);
  *value = in_.SkipValue();
  return true;
}

std::string StringOf(const JsonValue& value) {
  JsonReader in(value.text);
  in.Peek();
  return std::string(in.ReadString());
}

namespace {

// ReadAttributeMap, compacting a key's lists, maps and sets when asked.
bool ReadMap(const JsonValue& value, Target target, RequestErrors* errors,
             AttributeMap* out, std::string_view validation_prefix,
             const Status* size_error, int64_t size_limit,
             KeyContents contents) {
  JsonReader in(value.text);
  ValueDecoder d(&in);
  if (size_error != nullptr) d.LimitSize(size_limit, *size_error);
  if (contents == KeyContents::kCompact) d.CompactKeyContainers();
  d.ReadMap(target, out);
  if (!d.serialization().ok()) {
    errors->Serialization(d.serialization(), d.serialization_position());
    return false;
  }
  if (!d.validation().ok()) {
    errors->Validation(
        validation_prefix.empty()
            ? d.validation()
            : d.validation().WithMessagePrefix(validation_prefix));
    return false;
  }
  return true;
}

}  // namespace

bool ReadAttributeMap(const JsonValue& value, Target target,
                      RequestErrors* errors, AttributeMap* out,
                      std::string_view validation_prefix,
                      const Status* size_error, int64_t size_limit) {
  return ReadMap(value, target, errors, out, validation_prefix, size_error,
                 size_limit, KeyContents::kKeep);
}

bool ReadKeyMap(const JsonValue& value, Target target, RequestErrors* errors,
                AttributeMap* out, std::string_view validation_prefix,
                KeyContents contents) {
  return ReadMap(value, target, errors, out, validation_prefix, &KeyTooLarge(),
                 limits::kMaxItemSizeBytes, contents);
}

// --- ObjectReader ------------------------------------------------------------

ObjectReader::ObjectReader(const JsonValue* object, std::string path,
                           RequestErrors* errors)
    : path_(std::move(path)), errors_(errors) {
  if (object == nullptr || object->type != JsonType::kObject) return;
  object_ = *object;
  JsonReader in(object_.text);
  Index(in);
}

Status ObjectReader::ParseBody(std::string_view text, RequestErrors* errors,
                               ObjectReader* out) {
  JsonReader in(text);
  if (in.Peek() != JsonType::kObject) return MalformedBody();
  *out = ObjectReader();
  out->errors_ = errors;
  out->object_ = JsonValue{text, JsonType::kObject};
  out->Index(in);
  if (!in.Finish()) return MalformedBody();
  return Status::OK();
}

void ObjectReader::Index(JsonReader& in) {
  in.EnterObject();
  std::string_view key;
  while (in.NextMember(&key)) {
    const std::string_view name = KnownName(key);
    if (name.empty()) {
      has_other_names_ = true;
      in.Skip();
      continue;
    }
    Add(name, in.SkipValue());
  }
}

void ObjectReader::Add(std::string_view name, const JsonValue& value) {
  // Names are static, so equal names have equal pointers.
  for (size_t i = 0; i < size_; ++i) {
    Entry& e =
        i < kInlineEntries ? entries_[i] : more_entries_[i - kInlineEntries];
    if (e.name.data() == name.data()) {
      e.value = value;  // the last of equal names counts
      return;
    }
  }
  if (size_ < kInlineEntries) {
    entries_[size_] = Entry{name, value};
  } else {
    more_entries_.push_back(Entry{name, value});
  }
  ++size_;
}

const JsonValue* ObjectReader::Member(std::string_view name) const {
  const JsonValue* found = nullptr;
  for (size_t i = 0; i < size_; ++i) {
    const Entry& e =
        i < kInlineEntries ? entries_[i] : more_entries_[i - kInlineEntries];
    if (e.name == name) {
      found = &e.value;
      break;
    }
  }
  if (found == nullptr && has_other_names_ && KnownName(name).empty()) {
    // A name missing from the table: find it the slow way (and keep the
    // answer, so it is done once).
    JsonReader in(object_.text);
    in.Peek();
    in.EnterObject();
    std::string_view key;
    JsonValue last;
    while (in.NextMember(&key)) {
      const bool match = key == name;
      const JsonValue v = in.SkipValue();
      if (match) last = v;
    }
    if (last.type == JsonType::kNone) return nullptr;
    auto* self = const_cast<ObjectReader*>(this);
    self->Add(name, last);  // `name` outlives this reader: a literal
    return Member(name);
  }
  if (found == nullptr || found->type == JsonType::kNull) return nullptr;
  return found;
}

std::string ObjectReader::PathOf(std::string_view name) const {
  return path_.empty() ? LowerFirst(name) : path_ + "." + LowerFirst(name);
}

bool ObjectReader::Required(std::string_view name) {
  if (Member(name) != nullptr) return true;
  errors_->Generic("null", PathOf(name), "Member must not be null");
  return false;
}

std::optional<std::string> ObjectReader::String(std::string_view name,
                                                bool required) {
  const JsonValue* j = Member(name);
  if (j == nullptr) {
    if (required) Required(name);
    return std::nullopt;
  }
  if (j->type != JsonType::kString) {
    errors_->Serialization(WrongJsonType(j->type, {Slot::kString}),
                           j->text.data());
    return std::nullopt;
  }
  return StringOf(*j);
}

std::optional<bool> ObjectReader::Bool(std::string_view name) {
  const JsonValue* j = Member(name);
  if (j == nullptr) return std::nullopt;
  if (j->type == JsonType::kTrue || j->type == JsonType::kFalse)
    return j->type == JsonType::kTrue;
  if (j->type == JsonType::kString) {
    if (std::optional<bool> word = BooleanWord(StringOf(*j))) return word;
  }
  errors_->Serialization(WrongJsonType(j->type, {Slot::kBoolean}),
                         j->text.data());
  return std::nullopt;
}

std::optional<int64_t> ObjectReader::Long(std::string_view name,
                                          bool required) {
  const JsonValue* j = Member(name);
  if (j == nullptr) {
    if (required) Required(name);
    return std::nullopt;
  }
  if (!IsNumber(j->type)) {
    errors_->Serialization(WrongJsonType(j->type, {Slot::kLong}),
                           j->text.data());
    return std::nullopt;
  }
  std::optional<int64_t> v = TruncatedInteger(j->text);
  if (!v) {
    errors_->Serialization(NumberOutOfRange(j->type, Slot::kLong),
                           j->text.data());
  }
  return v;
}

std::optional<int> ObjectReader::Integer(std::string_view name) {
  const JsonValue* j = Member(name);
  if (j == nullptr) return std::nullopt;
  if (!IsNumber(j->type)) {
    errors_->Serialization(WrongJsonType(j->type, {Slot::kInteger}),
                           j->text.data());
    return std::nullopt;
  }
  std::optional<int64_t> v = TruncatedInteger(j->text);
  if (!v || *v < std::numeric_limits<int>::min() ||
      *v > std::numeric_limits<int>::max()) {
    errors_->Serialization(NumberOutOfRange(j->type, Slot::kInteger),
                           j->text.data());
    return std::nullopt;
  }
  return static_cast<int>(*v);
}

std::string ObjectReader::TableName(std::string_view name) {
  std::optional<std::string> s = String(name, /*required=*/true);
  if (!s) return std::string();
  errors_->TableName(*s, PathOf(name));
  return *s;
}

std::string ObjectReader::DataTableName(std::string_view name) {
  std::optional<std::string> s = String(name, /*required=*/true);
  if (!s) return std::string();
  errors_->DataTableName(*s, PathOf(name));
  return *s;
}

std::optional<AttributeMap> ObjectReader::Item(
    std::string_view name, bool required, std::string_view validation_prefix,
    KeyContents contents) {
  const JsonValue* j = Member(name);
  if (j == nullptr) {
    if (required) Required(name);
    return std::nullopt;
  }
  static const Status kItemTooLarge =
      Status::Validation("Item size has exceeded the maximum allowed size");
  AttributeMap out;
  const Target target{Slot::kMapField, kAttributeValueClass};
  const bool read =
      name == "Item"
          ? ReadAttributeMap(*j, target, errors_, &out, validation_prefix,
                             &kItemTooLarge, limits::kMaxItemSizeBytes)
          : ReadKeyMap(*j, target, errors_, &out, validation_prefix, contents);
  if (!read) return std::nullopt;
  return out;
}

bool ObjectReader::AddSubstitutionBytes(int64_t n) {
  if (substitutions_over_) return false;
  substitution_bytes_ += n;
  if (substitution_bytes_ <= limits::kMaxExpressionAttributeBytes) return true;
  substitutions_over_ = true;
  return false;
}

std::optional<ExpressionAttributeNames> ObjectReader::Names(
    std::string_view name) {
  const JsonValue* j = Map(name, kStringClass);
  if (j == nullptr) return std::nullopt;
  ExpressionAttributeNames out;
  MapCursor entries(*j);
  std::string key;
  JsonValue value;
  bool storing = true;  // false once the request is known to fail
  const bool over_before = substitutions_over_;
  while (entries.Next(&key, &value)) {
    if (value.type == JsonType::kNull) continue;
    if (value.type != JsonType::kString) {
      errors_->Serialization(WrongJsonType(value.type, {Slot::kString}),
                             value.text.data());
      continue;
    }
    if (!IsPlaceholder(key, '#')) {
      errors_->Validation(Status::Validation(
          "ExpressionAttributeNames contains invalid key: Syntax error; key: "
          "\"" +
          key + "\""));
      storing = false;
    }
    if (!storing) continue;
    std::string name_text = StringOf(value);
    // The 2 MB of substitutions counts each name's key and value.
    if (!AddSubstitutionBytes(static_cast<int64_t>(key.size()) +
                              static_cast<int64_t>(name_text.size()))) {
      storing = false;
      continue;
    }
    out[key] = std::move(name_text);
  }
  // After the keys' errors, as for ExpressionAttributeValues.
  if (substitutions_over_ && !over_before) {
    errors_->Validation(SubstitutionsTooLarge());
  }
  return out;
}

std::optional<ExpressionAttributeValues> ObjectReader::Values(
    std::string_view name) {
  const JsonValue* j = Map(name, kAttributeValueClass);
  if (j == nullptr) return std::nullopt;
  // Keys are checked before values, as DynamoDB does. Once the request is
  // known to fail (a key or value error, or past the 2 MB of substitutions)
  // values are only checked for their JSON types, never stored.
  Status key_error, value_error;
  std::vector<AttributeMapEntry> entries;  // in body order
  JsonReader in(j->text);
  in.Peek();
  in.EnterObject();
  std::string_view k;
  while (in.NextMember(&k)) {
    if (in.Peek() == JsonType::kNull) {
      in.Skip();
      continue;
    }
    std::string key(k);
    if (key_error.ok() && !IsPlaceholder(key, ':')) {
      key_error = Status::Validation(
          "ExpressionAttributeValues contains invalid key: Syntax error; key: "
          "\"" +
          key + "\"");
    }
    ValueDecoder d(&in);
    bool storing = key_error.ok() && value_error.ok() && !substitutions_over_;
    // The 2 MB of substitutions counts each value's key and its size by the
    // item rules (a lower bound, ValueDecoder::LimitSize).
    if (storing && !AddSubstitutionBytes(static_cast<int64_t>(key.size()))) {
      value_error = SubstitutionsTooLarge();
      storing = false;
    }
    if (storing) {
      d.LimitSize(limits::kMaxExpressionAttributeBytes - substitution_bytes_,
                  SubstitutionsTooLarge());
    } else {
      d.CheckTypesOnly();
    }
    AttributeValue v;
    d.ReadValue(1, &v);
    if (!d.serialization().ok()) {
      errors_->Serialization(d.serialization(), d.serialization_position());
    } else if (!storing) {
      // dropped: only its JSON types mattered
    } else if (d.over_limit()) {
      substitutions_over_ = true;
      value_error = d.validation();
    } else if (!d.validation().ok()) {
      if (value_error.ok() &&
          d.validation().message().starts_with("Nesting Levels")) {
        // Reported as it is, with no key (us-east-1, eu-west-2,
        // eu-central-1: dynamodb-conformance
        // captures/2026-08-12-batch-empty-and-nesting.json).
        value_error = d.validation();
      } else if (value_error.ok()) {
        value_error = Status::Validation(
            "ExpressionAttributeValues contains invalid value: " +
            std::string(d.validation().message()) + " for key " + key);
      }
    } else {
      AddSubstitutionBytes(d.size());  // within the limit: checked above
      entries.push_back(AttributeMapEntry{std::move(key), std::move(v)});
    }
  }
  ExpressionAttributeValues out;
  if (key_error.ok() && value_error.ok()) {
    BuildAttributeMap(&entries, &out);
  } else {
    errors_->Validation(key_error.ok() ? std::move(value_error)
                                       : std::move(key_error));
  }
  return out;
}

const JsonValue* ObjectReader::List(std::string_view name, bool required) {
  const JsonValue* j = Member(name);
  if (j == nullptr) {
    if (required) Required(name);
    return nullptr;
  }
  if (j->type != JsonType::kArray) {
    errors_->Serialization(WrongJsonType(j->type, {Slot::kListField}),
                           j->text.data());
    return nullptr;
  }
  return j;
}

std::optional<std::vector<std::string>> ObjectReader::Strings(
    std::string_view name) {
  const JsonValue* list = List(name);
  if (list == nullptr) return std::nullopt;
  std::vector<std::string> out;
  ListCursor elements(*list);
  JsonValue e;
  while (elements.Next(&e)) {
    if (e.type == JsonType::kString) {
      out.push_back(StringOf(e));
    } else if (e.type != JsonType::kNull) {
      errors_->Serialization(WrongJsonType(e.type, {Slot::kString}),
                             e.text.data());
    }
  }
  return out;
}

const JsonValue* ObjectReader::Map(std::string_view name,
                                   std::string_view value_class,
                                   bool required) {
  const JsonValue* j = Member(name);
  if (j == nullptr) {
    if (required) Required(name);
    return nullptr;
  }
  if (j->type != JsonType::kObject) {
    errors_->Serialization(
        WrongJsonType(j->type, {Slot::kMapField, value_class}), j->text.data());
    return nullptr;
  }
  return j;
}

const JsonValue* ObjectReader::Structure(std::string_view name,
                                         std::string_view shape,
                                         bool required) {
  const JsonValue* j = Member(name);
  if (j == nullptr) {
    if (required) Required(name);
    return nullptr;
  }
  if (j->type != JsonType::kObject) {
    errors_->Serialization(WrongJsonType(j->type, {Slot::kStructField, shape}),
                           j->text.data());
    return nullptr;
  }
  return j;
}

ObjectReader ObjectReader::ListElement(std::string_view name,
                                       const JsonValue& element, size_t index,
                                       std::string_view shape) {
  std::string path = PathOf(name) + "." + std::to_string(index + 1) + ".member";
  if (element.type != JsonType::kObject) {
    if (element.type != JsonType::kNull) {
      errors_->Serialization(
          WrongJsonType(element.type, {Slot::kStructElement, shape}),
          element.text.data());
    }
    return ObjectReader(nullptr, std::move(path), errors_);
  }
  return ObjectReader(&element, std::move(path), errors_);
}

ObjectReader ObjectReader::MapValue(std::string_view name,
                                    const JsonValue& value,
                                    const std::string& key,
                                    std::string_view shape) {
  std::string path = PathOf(name) + "." + key + ".member";
  if (value.type != JsonType::kObject) {
    if (value.type != JsonType::kNull) {
      errors_->Serialization(
          WrongJsonType(value.type, {Slot::kStructElement, shape}),
          value.text.data());
    }
    return ObjectReader(nullptr, std::move(path), errors_);
  }
  return ObjectReader(&value, std::move(path), errors_);
}

}  // namespace eddy::wire::internal
