// Copyright 2026 The eddy Authors.

#include "emulator/engine/table/admission.h"

#include <algorithm>
#include <optional>

#include "emulator/capacity/units.h"
#include "emulator/types/limits.h"

namespace eddy::engine {
namespace {

constexpr int64_t kOverhead = limits::kStorageOverheadPerItemBytes;

// The bytes an item or entry occupies in storage accounting.
int64_t Stored(int64_t item_bytes) {
  return item_bytes > 0 ? item_bytes + kOverhead : 0;
}

// MaxRead/WriteRequestUnits as the simulator takes them: -1 for no limit.
int64_t MaxUnits(std::optional<int64_t> limit) { return limit.value_or(-1); }

int64_t IndexHalfUnits(const WritePlan& plan, const SecondaryIndex* index) {
  for (const IndexUnits& u : plan.units.indexes) {
    if (u.index == index) return u.half_units;
  }
  return 0;
}

// The billing part of a resource's configuration.
void SetBilling(BillingMode mode, const OnDemandThroughput& on_demand,
                const ProvisionedThroughput& throughput,
                capacity::ResourceConfig* c) {
  if (mode == BillingMode::kPayPerRequest) {
    c->billing = capacity::Billing::kOnDemand;
    c->max_read_request_units = MaxUnits(on_demand.max_read_request_units);
    c->max_write_request_units = MaxUnits(on_demand.max_write_request_units);
  } else {
    c->billing = capacity::Billing::kProvisioned;
    c->read_capacity_units = throughput.read_capacity_units;
    c->write_capacity_units = throughput.write_capacity_units;
  }
}

}  // namespace

// --- Resources -------------------------------------------------------------

capacity::ResourceConfig TableResourceConfig(const Table& table) {
  capacity::ResourceConfig c;
  c.arn = table.arn();
  c.name = table.name();
  c.kind = capacity::ResourceKind::kTable;
  SetBilling(table.state().billing_mode, table.state().on_demand,
             table.state().throughput, &c);
  c.has_local_secondary_index = table.has_local_indexes();
  return c;
}

capacity::ResourceConfig IndexResourceConfig(const Table& table,
                                             const SecondaryIndex& index) {
  capacity::ResourceConfig c;
  c.arn = index.arn();
  c.name = table.name() + "/" + index.name();
  c.kind = capacity::ResourceKind::kIndex;
  c.table = table.state().resource;
  // A GSI's throughput (and on-demand maximum) is its own, independent of
  // the table's; its billing mode is the table's.
  SetBilling(table.state().billing_mode, index.on_demand, index.throughput, &c);
  return c;
}

Status RegisterResources(Table& table) {
  if (table.simulator() == nullptr) return Status::OK();
  EDDY_ASSIGN_OR_RETURN(
      table.mutable_state().resource,
      table.simulator()->Register(TableResourceConfig(table)));
  for (const auto& index : table.state().indexes) {
    if (!index->is_global()) continue;
    StatusOr<capacity::ResourceId> id =
        table.simulator()->Register(IndexResourceConfig(table, *index));
    if (!id.ok()) {
      RemoveResources(table);
      return id.status();
    }
    index->resource = *id;
  }
  return Status::OK();
}

Status RegisterIndexResource(Table& table, SecondaryIndex& index) {
  if (table.simulator() == nullptr) return Status::OK();
  capacity::ResourceConfig c = IndexResourceConfig(table, index);
  // The backfilled entries, each with its 100-byte overhead.
  c.size_bytes = index.store.total_item_bytes() +
                 kOverhead * static_cast<int64_t>(index.store.item_count());
  EDDY_ASSIGN_OR_RETURN(index.resource, table.simulator()->Register(c));
  return Status::OK();
}

void RemoveIndexResource(Table& table, SecondaryIndex& index) {
  if (table.simulator() == nullptr || index.resource == capacity::kNoResource)
    return;
  (void)table.simulator()->Remove(index.resource);
  index.resource = capacity::kNoResource;
}

void RemoveResources(Table& table) {
  if (table.simulator() == nullptr) return;
  for (const auto& index : table.state().indexes)
    RemoveIndexResource(table, *index);
  if (table.state().resource != capacity::kNoResource) {
    (void)table.simulator()->Remove(table.state().resource);
    table.mutable_state().resource = capacity::kNoResource;
  }
}

Status UpdateResources(Table& table, bool table_changed,
                       const std::vector<const SecondaryIndex*>& indexes,
                       std::optional<int64_t> at_micros) {
  if (table.simulator() == nullptr) return Status::OK();
  if (table_changed) {
    EDDY_RETURN_IF_ERROR(table.simulator()->Update(
        table.state().resource, TableResourceConfig(table), at_micros));
  }
  for (const auto& index : table.state().indexes) {
    if (!index->is_global() || index->resource == capacity::kNoResource) {
      continue;
    }
    if (!table_changed && std::find(indexes.begin(), indexes.end(),
                                    index.get()) == indexes.end()) {
      continue;
    }
    EDDY_RETURN_IF_ERROR(table.simulator()->Update(
        index->resource, IndexResourceConfig(table, *index), at_micros));
  }
  return Status::OK();
}

// --- Writes ------------------------------------------------------------------

void WriteAccesses::AddPlan(const Table& table, const WritePlan& plan,
                            bool transactional) {
  const int64_t factor = transactional ? 2 : 1;
  int64_t units = plan.units.table;
  for (const IndexUnits& u : plan.units.indexes) {
    if (!u.index->is_global()) units += u.half_units;  // LSIs: the table's
  }
  // Tables with an LSI already sum items and LSI entries per collection.
  Add(table.state().resource, plan.key.hash, plan.key.pk, plan.key.sk,
      factor * units,
      table.has_local_indexes()
          ? plan.collection_delta_bytes
          : Stored(plan.record ? plan.record->item_size() : 0) -
                Stored(plan.old_item_bytes));

  for (const IndexChange& c : plan.index_changes) {
    const SecondaryIndex& index = *c.index;
    if (!index.is_global()) continue;
    const int64_t total = factor * IndexHalfUnits(plan, &index);
    const int64_t add_bytes = c.add ? c.add->item_size() : 0;
    const bool same_key = c.remove && c.add &&
                          c.remove_pk == c.add->partition_key() &&
                          c.remove_sk == c.add->sort_key();
    if (same_key) {
      Add(index.resource, c.remove_hash, c.remove_pk, c.remove_sk, total,
          add_bytes - c.remove_bytes);
      continue;
    }
    // The old entry deleted at its key, the new one put at its own.
    int64_t remove_units = 0;
    if (c.remove) {
      remove_units =
          std::min(total, factor * capacity::WriteHalfUnits(c.remove_bytes));
      Add(index.resource, c.remove_hash, c.remove_pk, c.remove_sk,
          c.add ? remove_units : total, -Stored(c.remove_bytes));
    }
    if (c.add) {
      Add(index.resource, c.add->hash(), c.add->partition_key(),
          c.add->sort_key(), total - remove_units, Stored(add_bytes));
    }
  }
}

void WriteAccesses::AddCharge(const Table& table, const StorageKey& key,
                              int64_t write_half_units) {
  Add(table.state().resource, key.hash, key.pk, key.sk, write_half_units,
      /*delta_bytes=*/0);
}

void WriteAccesses::Add(capacity::ResourceId resource, uint64_t hash,
                        std::string_view partition_key,
                        std::string_view sort_key, int64_t write_half_units,
                        int64_t delta_bytes) {
  capacity::Access& a = accesses_.emplace_back();
  a.resource = resource;
  a.hash = hash;
  a.partition_key = partition_key;
  a.sort_key = sort_key;
  a.write_half_units = write_half_units;
  a.delta_bytes = delta_bytes;
}

Status AdmitWrite(const Table& table, const WritePlan& plan) {
  if (table.simulator() == nullptr) return Status::OK();
  WriteAccesses w;
  w.AddPlan(table, plan);
  return table.simulator()->Admit(w.accesses()).ToStatus();
}

Status AdmitCharge(const Table& table, const StorageKey& key,
                   int64_t write_half_units) {
  if (table.simulator() == nullptr) return Status::OK();
  WriteAccesses w;
  w.AddCharge(table, key, write_half_units);
  return table.simulator()->Admit(w.accesses()).ToStatus();
}

Status ChargeFailedCondition(const Table& table, const StorageKey& key,
                             const storage::Record* existing, Status failure) {
  if (failure.code() != ErrorCode::kConditionalCheckFailed) return failure;
  EDDY_RETURN_IF_ERROR(AdmitCharge(
      table, key,
      capacity::WriteHalfUnits(existing ? existing->item_size() : 0)));
  return failure;
}

void RecordUnchargedWrite(const Table& table, const WritePlan& plan) {
  if (table.simulator() == nullptr) return;
  WriteAccesses w;
  w.AddPlan(table, plan);
  table.simulator()->AddBytes(w.accesses());
}

// --- Reads
// -----------------------------------------------------------------------

capacity::Access ReadAccess(const Table& table, const StorageKey& key,
                            int64_t read_half_units,
                            bool eventually_consistent) {
  capacity::Access a;
  a.resource = table.state().resource;
  a.hash = key.hash;
  a.partition_key = key.pk;
  a.sort_key = key.sk;
  a.read_half_units = read_half_units;
  a.eventually_consistent = eventually_consistent;
  return a;
}

Status AdmitRead(const Table& table, const StorageKey& key,
                 int64_t read_half_units, bool eventually_consistent) {
  if (table.simulator() == nullptr) return Status::OK();
  const capacity::Access a =
      ReadAccess(table, key, read_half_units, eventually_consistent);
  return table.simulator()->Admit({&a, 1}).ToStatus();
}

ReadCharge::ReadCharge(const Table& table, const SecondaryIndex* index,
                       uint64_t from_hash, uint64_t to_hash,
                       std::string_view empty_partition_key)
    : simulator_(table.simulator()),
      resource_(index != nullptr && index->is_global()
                    ? index->resource
                    : table.state().resource),
      lsi_(index != nullptr && !index->is_global()) {
  if (simulator_ != nullptr) {
    boundaries_ = simulator_->BoundariesBetween(resource_, from_hash, to_hash);
  }
  // Where a read that evaluates nothing is charged.
  Segment& s = segments_.emplace_back();
  s.hash = from_hash;
  s.partition_key = std::string(empty_partition_key);
}

void ReadCharge::Add(const storage::Record& record) {
  const uint64_t hash = record.hash();
  // An LSI lives in its table's partitions, which never cut inside a
  // partition key of a table with an LSI: its position is the hash alone.
  const std::string_view sk = lsi_ ? std::string_view() : record.sort_key();
  int b = 0;
  if (!boundaries_.empty()) {
    b = static_cast<int>(
        std::upper_bound(
            boundaries_.begin(), boundaries_.end(), std::make_pair(hash, sk),
            [](const std::pair<uint64_t, std::string_view>& p,
               const capacity::KeyPosition& k) {
              return capacity::CompareKeyPositions(p.first, p.second, k.hash,
                                                   k.sort_key) < 0;
            }) -
        boundaries_.begin());
  }
  if (current_ < 0) {
    // The first record replaces the placeholder segment.
    Segment& s = segments_[0];
    s.hash = hash;
    s.partition_key = std::string(record.partition_key());
    s.sort_key = std::string(sk);
    current_ = 0;
    current_boundary_ = b;
    boundaries_seen_.push_back(b);
  } else if (b != current_boundary_) {
    current_boundary_ = b;
    current_ = -1;
    for (size_t i = 0; i < boundaries_seen_.size(); ++i) {
      if (boundaries_seen_[i] == b) current_ = static_cast<int>(i);
    }
    if (current_ < 0) {
      Segment& s = segments_.emplace_back();
      s.hash = hash;
      s.partition_key = std::string(record.partition_key());
      s.sort_key = std::string(sk);
      boundaries_seen_.push_back(b);
      current_ = static_cast<int>(segments_.size() - 1);
    }
  }
  segments_[current_].bytes += record.item_size();
}

Status ReadCharge::Admit(int64_t half_units, bool eventually_consistent,
                         int64_t fetch_half_units) {
  if (simulator_ == nullptr) return Status::OK();
  absl::InlinedVector<capacity::Access, 1> accesses;
  int64_t cumulative = 0, charged = 0;
  for (size_t i = 0; i < segments_.size(); ++i) {
    const Segment& s = segments_[i];
    capacity::Access& a = accesses.emplace_back();
    a.resource = resource_;
    a.hash = s.hash;
    a.partition_key = s.partition_key;
    a.sort_key = s.sort_key;
    a.eventually_consistent = eventually_consistent;
    // Units up to the end of this segment minus those before it: the
    // shares add up to the read's units exactly.
    cumulative += s.bytes;
    int64_t upto =
        i + 1 == segments_.size()
            ? half_units
            : std::min(half_units, capacity::ReadHalfUnits(
                                       cumulative, !eventually_consistent));
    a.read_half_units = std::max<int64_t>(0, upto - charged);
    charged += a.read_half_units;
  }
  // LSI fetches read table items of the same collection.
  accesses.front().read_half_units += fetch_half_units;
  return simulator_->Admit(accesses).ToStatus();
}

// --- Batches -----------------------------------------------------------------

capacity::BatchDecision AdmitBatch(capacity::ThrottleSimulator* simulator,
                                   std::span<const capacity::Access> accesses,
                                   const std::vector<PartRange>& parts) {
  if (simulator == nullptr) {
    capacity::BatchDecision none;
    none.parts.resize(parts.size());
    return none;
  }
  absl::InlinedVector<std::span<const capacity::Access>, 25> spans;
  spans.reserve(parts.size());
  for (const PartRange& p : parts) {
    spans.push_back(accesses.subspan(p.begin, p.end - p.begin));
  }
  return simulator->AdmitBatch(spans);
}

}  // namespace eddy::engine
