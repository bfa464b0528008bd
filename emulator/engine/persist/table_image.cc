// Copyright 2026 The eddy Authors.

#include "emulator/engine/persist/table_image.h"

#include <xxhash.h>

#include <algorithm>

#include "emulator/engine/index/index_change.h"
#include "emulator/engine/ops/index_definitions.h"
#include "emulator/engine/persist/codec.h"
#include "emulator/engine/table/admission.h"

namespace eddy::engine::persist {
namespace {

// Image layout version: bump when the layout changes, and keep reading
// the old ones (docs/persistence.md).
constexpr uint8_t kImageVersion = 1;
// Marks the optional restore summary after the version 1 fields.
constexpr uint8_t kRestoreSummaryTag = 1;

void PutKeySchema(ByteWriter& w, const std::vector<KeySchemaElement>& ks) {
  w.Varint(ks.size());
  for (const KeySchemaElement& k : ks) {
    w.String(k.attribute_name);
    w.Byte(k.key_type == KeyType::kHash ? 0 : 1);
  }
}

void PutOptionalInt(ByteWriter& w, const std::optional<int64_t>& v) {
  w.Bool(v.has_value());
  if (v) w.Signed(*v);
}

void PutOptionalDouble(ByteWriter& w, const std::optional<double>& v) {
  w.Bool(v.has_value());
  if (v) w.Double(*v);
}

void PutThroughput(ByteWriter& w, const ProvisionedThroughput& t,
                   const OnDemandThroughput& d) {
  w.Signed(t.read_capacity_units);
  w.Signed(t.write_capacity_units);
  PutOptionalInt(w, d.max_read_request_units);
  PutOptionalInt(w, d.max_write_request_units);
}

std::vector<KeySchemaElement> GetKeySchema(ByteReader& r) {
  std::vector<KeySchemaElement> ks(r.Count(2));
  for (KeySchemaElement& k : ks) {
    k.attribute_name = std::string(r.String());
    const uint8_t t = r.Byte();
    if (t > 1) r.Fail();
    k.key_type = t == 0 ? KeyType::kHash : KeyType::kRange;
  }
  return ks;
}

std::optional<int64_t> GetOptionalInt(ByteReader& r) {
  if (!r.Bool()) return std::nullopt;
  return r.Signed();
}

std::optional<double> GetOptionalDouble(ByteReader& r) {
  if (!r.Bool()) return std::nullopt;
  return r.Double();
}

void GetThroughput(ByteReader& r, ProvisionedThroughput* t,
                   OnDemandThroughput* d) {
  t->read_capacity_units = r.Signed();
  t->write_capacity_units = r.Signed();
  d->max_read_request_units = GetOptionalInt(r);
  d->max_write_request_units = GetOptionalInt(r);
}

template <typename E>
E GetEnum(ByteReader& r, int count) {
  const uint8_t v = r.Byte();
  if (v >= count) r.Fail();
  return static_cast<E>(r.ok() ? v : 0);
}

Status Corrupt(const std::string& what) {
  return Status::Internal("corrupt table image: " + what);
}

const AttributeDefinition* DefinitionOf(const TableImage& image,
                                        const std::string& name) {
  for (const AttributeDefinition& d : image.attribute_definitions) {
    if (d.attribute_name == name) return &d;
  }
  return nullptr;
}

// What MakeIndex and the table's constructor take for granted.
Status CheckImage(const TableImage& image) {
  auto check_keys = [&](const std::vector<KeySchemaElement>& ks,
                        size_t max_each) -> Status {
    size_t hash = 0, range = 0;
    for (const KeySchemaElement& k : ks) {
      if (DefinitionOf(image, k.attribute_name) == nullptr) {
        return Corrupt("key attribute " + k.attribute_name + " not defined");
      }
      if (k.key_type == KeyType::kHash) {
        if (range > 0) return Corrupt("partition key after sort key");
        ++hash;
      } else {
        ++range;
      }
    }
    if (hash == 0 || hash > max_each || range > max_each) {
      return Corrupt("key schema");
    }
    return Status::OK();
  };
  if (image.name.empty()) return Corrupt("no name");
  EDDY_RETURN_IF_ERROR(check_keys(image.key_schema, 1));
  for (const TableImage::Index& i : image.indexes) {
    EDDY_RETURN_IF_ERROR(check_keys(i.key_schema, i.global ? 4 : 1));
    if (!i.global && i.key_schema.size() != 2) return Corrupt("local index");
  }
  return Status::OK();
}

std::unique_ptr<SecondaryIndex> MakeIndexOf(const TableImage::Index& i,
                                            const TableImage& image,
                                            const Table& table) {
  auto index = MakeIndex(
      i.global ? SecondaryIndex::Kind::kGlobal : SecondaryIndex::Kind::kLocal,
      table.arn(), i.name, i.key_schema, i.projection,
      image.attribute_definitions, table);
  index->throughput = i.throughput;
  index->on_demand = i.on_demand;
  index->active_at_micros = i.active_at_micros;
  return index;
}

// The settings every image carries, onto the state.
void ApplySettings(const TableImage& image, Table& table)
    ABSL_EXCLUSIVE_LOCKS_REQUIRED(table.mu()) {
  TableState& s = table.mutable_state();
  s.attribute_definitions = image.attribute_definitions;
  s.billing_mode = image.billing_mode;
  s.throughput = image.throughput;
  s.on_demand = image.on_demand;
  s.last_update_to_pay_per_request = image.last_update_to_pay_per_request;
  s.last_increase = image.last_increase;
  s.last_decrease = image.last_decrease;
  s.ttl_attribute = image.ttl_attribute;
  s.last_ttl_change_micros = image.last_ttl_change_micros;
  s.ttl_deleted_items = image.ttl_deleted_items;
  s.tags = image.tags;
  s.contributor_insights = image.contributor_insights;
  s.pitr_enabled = image.pitr_enabled;
  s.pitr_enabled_since_micros = image.pitr_enabled_since_micros;
  s.pitr_recovery_period_days = image.pitr_recovery_period_days;
  s.restore_summary = image.restore_summary;
  s.last_sequence_number =
      std::max(s.last_sequence_number, image.last_sequence_number);
  table.set_ttl_enabled(!s.ttl_attribute.empty());
}

}  // namespace

void EncodeTableImage(const Table& table, std::string* out,
                      std::optional<uint64_t> number) {
  const TableDefinition& def = table.definition();
  const TableState& s = table.state();
  ByteWriter w(out);
  w.Byte(kImageVersion);
  w.Varint(number.value_or(def.journal_number));
  w.String(def.name);
  w.String(def.arn);
  w.String(def.id);
  w.Double(def.creation_date_time);
  PutKeySchema(w, def.key_schema);
  w.Varint(s.attribute_definitions.size());
  for (const AttributeDefinition& d : s.attribute_definitions) {
    w.String(d.attribute_name);
    w.Byte(static_cast<uint8_t>(d.attribute_type));
  }
  w.Bool(def.has_local_indexes);
  w.Byte(static_cast<uint8_t>(s.billing_mode));
  PutThroughput(w, s.throughput, s.on_demand);
  w.Double(s.last_update_to_pay_per_request);
  PutOptionalDouble(w, s.last_increase);
  PutOptionalDouble(w, s.last_decrease);
  w.String(s.ttl_attribute);
  PutOptionalInt(w, s.last_ttl_change_micros);
  w.Signed(s.ttl_deleted_items);
  w.Varint(s.tags.size());
  for (const auto& [k, v] : s.tags) {
    w.String(k);
    w.String(v);
  }
  w.Varint(s.indexes.size());
  for (const auto& index : s.indexes) {
    w.Bool(index->is_global());
    w.String(index->name());
    PutKeySchema(w, index->key_schema());
    const Projection& p = index->projection();
    w.Byte(p.projection_type ? 1 + static_cast<uint8_t>(*p.projection_type)
                             : 0);
    w.Varint(p.non_key_attributes.size());
    for (const std::string& a : p.non_key_attributes) w.String(a);
    PutThroughput(w, index->throughput, index->on_demand);
    w.Signed(index->active_at_micros);
  }
  w.Byte(s.stream_view_type ? 1 + static_cast<uint8_t>(*s.stream_view_type)
                            : 0);
  w.Varint(s.last_sequence_number);
  w.Varint(s.contributor_insights.size());
  for (const auto& [index, setting] : s.contributor_insights) {
    w.String(index);
    w.Bool(setting.enabled);
    w.Signed(setting.updated_micros);
  }
  w.Bool(s.pitr_enabled);
  w.Signed(s.pitr_enabled_since_micros);
  w.Signed(s.pitr_recovery_period_days);
  if (s.restore_summary) {
    const RestoreSummary& r = *s.restore_summary;
    w.Byte(kRestoreSummaryTag);
    w.Bool(r.source_backup_arn.has_value());
    w.String(r.source_backup_arn.value_or(""));
    w.Bool(r.source_table_arn.has_value());
    w.String(r.source_table_arn.value_or(""));
    w.Double(r.restore_date_time);
    w.Bool(r.restore_in_progress);
  }
}

StatusOr<TableImage> DecodeTableImage(std::string_view bytes) {
  ByteReader r(bytes);
  TableImage image;
  if (r.Byte() != kImageVersion) return Corrupt("unknown version");
  image.number = r.Varint();
  image.name = std::string(r.String());
  image.arn = std::string(r.String());
  image.id = std::string(r.String());
  image.creation_date_time = r.Double();
  image.key_schema = GetKeySchema(r);
  image.attribute_definitions.resize(r.Count(2));
  for (AttributeDefinition& d : image.attribute_definitions) {
    d.attribute_name = std::string(r.String());
    d.attribute_type = GetEnum<ScalarAttributeType>(r, 3);
  }
  image.has_local_indexes = r.Bool();
  image.billing_mode = GetEnum<BillingMode>(r, 2);
  GetThroughput(r, &image.throughput, &image.on_demand);
  image.last_update_to_pay_per_request = r.Double();
  image.last_increase = GetOptionalDouble(r);
  image.last_decrease = GetOptionalDouble(r);
  image.ttl_attribute = std::string(r.String());
  image.last_ttl_change_micros = GetOptionalInt(r);
  image.ttl_deleted_items = r.Signed();
  const uint64_t tags = r.Count(2);
  for (uint64_t i = 0; i < tags && r.ok(); ++i) {
    std::string k(r.String());
    image.tags[k] = std::string(r.String());
  }
  image.indexes.resize(r.Count(8));
  for (TableImage::Index& index : image.indexes) {
    index.global = r.Bool();
    index.name = std::string(r.String());
    index.key_schema = GetKeySchema(r);
    const uint8_t type = r.Byte();
    if (type > 3) r.Fail();
    if (r.ok() && type > 0) {
      index.projection.projection_type = static_cast<ProjectionType>(type - 1);
    }
    index.projection.non_key_attributes.resize(r.Count(1));
    for (std::string& a : index.projection.non_key_attributes) {
      a = std::string(r.String());
    }
    GetThroughput(r, &index.throughput, &index.on_demand);
    index.active_at_micros = r.Signed();
  }
  const uint8_t view = r.Byte();
  if (view > 4) r.Fail();
  if (r.ok() && view > 0) {
    image.stream_view_type = static_cast<StreamViewType>(view - 1);
  }
  image.last_sequence_number = r.Varint();
  const uint64_t insights = r.Count(3);
  for (uint64_t i = 0; i < insights && r.ok(); ++i) {
    std::string index(r.String());
    TableState::ContributorInsights& c = image.contributor_insights[index];
    c.enabled = r.Bool();
    c.updated_micros = r.Signed();
  }
  image.pitr_enabled = r.Bool();
  image.pitr_enabled_since_micros = r.Signed();
  image.pitr_recovery_period_days = static_cast<int>(r.Signed());
  if (r.ok() && !r.done()) {
    if (r.Byte() != kRestoreSummaryTag) return Corrupt("malformed");
    RestoreSummary summary;
    if (r.Bool()) {
      summary.source_backup_arn = std::string(r.String());
    } else {
      r.String();
    }
    if (r.Bool()) {
      summary.source_table_arn = std::string(r.String());
    } else {
      r.String();
    }
    summary.restore_date_time = r.Double();
    summary.restore_in_progress = r.Bool();
    image.restore_summary = std::move(summary);
  }
  if (!r.ok() || !r.done()) return Corrupt("malformed");
  EDDY_RETURN_IF_ERROR(CheckImage(image));
  return image;
}

StatusOr<std::shared_ptr<Table>> BuildTable(Context& ctx,
                                            const TableImage& image) {
  TableDefinition def;
  def.name = image.name;
  def.arn = image.arn;
  def.id = image.id;
  def.creation_date_time = image.creation_date_time;
  def.key_schema = image.key_schema;
  for (const KeySchemaElement& k : image.key_schema) {
    KeyAttribute key{
        k.attribute_name,
        FromScalarType(DefinitionOf(image, k.attribute_name)->attribute_type)};
    if (k.key_type == KeyType::kHash) {
      def.hash_key = std::move(key);
    } else {
      def.range_key = std::move(key);
    }
  }
  def.has_local_indexes = image.has_local_indexes;
  SetDatabaseParts(ctx, def);
  def.journal_number = image.number;
  auto table = std::make_shared<Table>(std::move(def));
  MutexLock lock(&table->mu());
  TableState& state = table->mutable_state();
  ApplySettings(image, *table);
  state.lag_rng.seed(ctx.options->gsi_lag.seed ^
                     XXH3_64bits(image.name.data(), image.name.size()));
  for (const TableImage::Index& i : image.indexes) {
    state.indexes.push_back(MakeIndexOf(i, image, *table));
  }
  table->RebuildIndexKeys();
  EDDY_RETURN_IF_ERROR(RegisterResources(*table));
  return table;
}

Status ApplyTableImage(Table& table, const TableImage& image) {
  const auto& keys = table.definition().key_schema;
  if (!std::equal(image.key_schema.begin(), image.key_schema.end(),
                  keys.begin(), keys.end(),
                  [](const KeySchemaElement& a, const KeySchemaElement& b) {
                    return a.attribute_name == b.attribute_name &&
                           a.key_type == b.key_type;
                  })) {
    return Corrupt("key schema of " + image.name + " changed");
  }
  TableState& state = table.mutable_state();
  ApplySettings(image, table);
  // The index list: keep the indexes still there (new settings), make the
  // new ones from the table's items, drop the missing ones.
  std::vector<std::unique_ptr<SecondaryIndex>> next;
  for (const TableImage::Index& i : image.indexes) {
    auto it = std::find_if(
        state.indexes.begin(), state.indexes.end(),
        [&](const auto& index) { return index && index->name() == i.name; });
    if (it != state.indexes.end()) {
      (*it)->throughput = i.throughput;
      (*it)->on_demand = i.on_demand;
      (*it)->active_at_micros = i.active_at_micros;
      next.push_back(std::move(*it));
      continue;
    }
    auto index = MakeIndexOf(i, image, table);
    Backfill(state.store, *index);
    (void)RegisterIndexResource(table, *index);
    next.push_back(std::move(index));
  }
  for (auto& gone : state.indexes) {
    if (gone) RemoveIndexResource(table, *gone);
  }
  state.indexes = std::move(next);
  table.RebuildIndexKeys();
  (void)UpdateResources(table, /*table_changed=*/true, {});
  return Status::OK();
}

}  // namespace eddy::engine::persist
