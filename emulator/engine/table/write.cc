// Copyright 2026 The eddy Authors.

#include "emulator/engine/table/write.h"

#include <algorithm>
#include <atomic>
#include <string>

#include "absl/container/inlined_vector.h"
#include "emulator/capacity/units.h"
#include "emulator/types/limits.h"

namespace eddy::engine {
namespace {

// The size an item's entry in `index` has: what the index projects of it.
int64_t EntrySize(const SecondaryIndex& index, const Item& item,
                  int64_t item_size) {
  if (index.projects_all()) return item_size;
  int64_t size = 0;
  for (const auto& e : item) {
    if (index.Projects(e.name)) {
      size += static_cast<int64_t>(e.name.size()) + e.value.SizeBytes();
    }
  }
  return size;
}

// Do `a` and `b` agree on every attribute `index` projects?
bool SameProjection(const SecondaryIndex& index, const Item& a, const Item& b) {
  if (index.projects_all()) return a == b;
  auto projected_equal = [&](const Item& x, const Item& y) {
    for (const auto& e : x) {
      if (!index.Projects(e.name)) continue;
      const AttributeValue* other = y.Find(e.name);
      if (other == nullptr || !(*other == e.value)) return false;
    }
    return true;
  };
  return projected_equal(a, b) && projected_equal(b, a);
}

// REQUIRES: the index holds both items (their key values are present).
bool SameIndexKey(const SecondaryIndex& index, const IndexKeyValues& a,
                  const IndexKeyValues& b) {
  for (int slot : index.hash_slots) {
    if (!(*a[slot] == *b[slot])) return false;
  }
  for (int slot : index.range_slots) {
    if (!(*a[slot] == *b[slot])) return false;
  }
  return true;
}

constexpr int64_t kOverhead = limits::kStorageOverheadPerItemBytes;

}  // namespace

void WriteUnits::Add(const WriteUnits& other) {
  table += other.table;
  for (const IndexUnits& u : other.indexes) {
    auto it =
        std::find_if(indexes.begin(), indexes.end(),
                     [&](const IndexUnits& x) { return x.index == u.index; });
    if (it == indexes.end()) {
      indexes.push_back(u);
    } else {
      it->half_units += u.half_units;
    }
  }
}

Status CheckIndexKeys(const Table& table, const Item& item, IndexKeyValues* out,
                      IndexKeySource source) {
  const TableState& state = table.state();
  if (state.indexes.empty()) return Status::OK();
  // Usually every key the item holds is fine: one merge pass says so. Any
  // problem is then reported index by index: the GSIs, then the LSIs, each
  // in definition order (DynamoDB names gsi1 for an attribute that keys
  // lsi1, lsi2, gsi1 and gsi2: the dynamodb-conformance suite, live; the
  // order by name fits that too: docs/validation-order.md).
  IndexKeyValues local;
  IndexKeyValues& values = out != nullptr ? *out : local;
  values = table.IndexKeysOf(item);
  bool suspect = false;
  for (size_t i = 0; i < values.size() && !suspect; ++i) {
    const AttributeValue* v = values[i];
    if (v == nullptr) continue;
    const size_t bytes = v->type() == AttributeType::kS   ? v->s().size()
                         : v->type() == AttributeType::kB ? v->b().size()
                                                          : 1;
    suspect = v->type() != state.index_keys[i].type || bytes == 0 ||
              bytes > static_cast<size_t>(limits::kMaxSortKeyBytes);
  }
  if (!suspect) return Status::OK();
  absl::InlinedVector<const SecondaryIndex*, 8> order;
  for (const auto& index : state.indexes) order.push_back(index.get());
  std::stable_partition(order.begin(), order.end(),
                        [](const SecondaryIndex* index) {
                          return index->kind() == SecondaryIndex::Kind::kGlobal;
                        });
  for (const SecondaryIndex* index : order) {
    absl::InlinedVector<std::pair<const KeyAttribute*, bool>, 8> keys;
    for (const KeyAttribute& k : index->hash_keys()) keys.push_back({&k, true});
    for (const KeyAttribute& k : index->range_keys()) {
      keys.push_back({&k, false});
    }
    for (const auto& [key, is_hash] : keys) {
      // The table's own key attributes are checked as table keys.
      if (key->name == table.hash_key().name ||
          key->name == table.range_key_name()) {
        continue;
      }
      const AttributeValue* v = item.Find(key->name);
      if (v == nullptr) continue;
      if (v->type() != key->type) {
        return Status::Validation(
            "One or more parameter values were invalid: Type mismatch for "
            "Index Key " +
            key->name +
            " Expected: " + std::string(AttributeTypeName(key->type)) +
            " Actual: " + std::string(AttributeTypeName(v->type())) +
            " IndexName: " + index->name());
      }
      const bool empty = (v->type() == AttributeType::kS && v->s().empty()) ||
                         (v->type() == AttributeType::kB && v->b().empty());
      if (empty && source == IndexKeySource::kUpdate) {
        // dynamodb-conformance tier3, live (UpdateItem: four regions,
        // 2026-06-23; a transaction's Update: eu-west-2).
        return Status::Validation(
            "One or more parameter values are not valid. The update "
            "expression attempted to update a secondary index key to a value "
            "that is not supported. The AttributeValue for a key attribute "
            "cannot contain an empty " +
            std::string(v->type() == AttributeType::kS ? "string" : "binary") +
            " value.");
      }
      if (empty) {
        return Status::Validation(
            "One or more parameter values are not valid. A value specified "
            "for a secondary index key is not supported. The AttributeValue "
            "for a key attribute cannot contain an empty " +
            std::string(v->type() == AttributeType::kS ? "string" : "binary") +
            " value. IndexName: " + index->name() + ", IndexKey: " + key->name);
      }
      const size_t bytes = v->type() == AttributeType::kS   ? v->s().size()
                           : v->type() == AttributeType::kB ? v->b().size()
                                                            : 0;
      if (is_hash &&
          bytes > static_cast<size_t>(limits::kMaxPartitionKeyBytes)) {
        return Status::Validation(
            "One or more parameter values were invalid: Size of hashkey has "
            "exceeded the maximum size limit of2048 bytes");
      }
      if (!is_hash && bytes > static_cast<size_t>(limits::kMaxSortKeyBytes)) {
        return Status::Validation(
            "One or more parameter values were invalid: Aggregated size of all "
            "range keys has exceeded the size limit of 1024 bytes");
      }
    }
  }
  return Status::OK();
}

StatusOr<WritePlan> PlanWrite(const Table& table, StorageKey key,
                              const Item* new_item,
                              storage::RecordPtr new_record,
                              const storage::Record* old, const Item* old_item,
                              int64_t now_micros,
                              const IndexKeyValues* new_keys_in) {
  WritePlan plan;
  plan.key = std::move(key);
  plan.now_micros = now_micros;
  const int64_t old_size = old ? old->item_size() : 0;
  const int64_t new_size = new_record ? new_record->item_size() : 0;
  // Deleting a missing item still costs one unit.
  plan.units.table = capacity::WriteHalfUnits(std::max(old_size, new_size));
  plan.old_item_bytes = old_size;
  plan.record = std::move(new_record);
  const TableState& state = table.state();
  if (state.indexes.empty()) return plan;

  Item decoded;
  if (old == nullptr) {
    old_item = nullptr;
  } else if (old_item == nullptr) {
    decoded = old->Decode();
    old_item = &decoded;
  }
  if (table.has_local_indexes()) {
    if (plan.record) plan.collection_delta_bytes += new_size + kOverhead;
    if (old) plan.collection_delta_bytes -= old_size + kOverhead;
  }

  const IndexKeyValues old_keys =
      old_item ? table.IndexKeysOf(*old_item) : IndexKeyValues();
  IndexKeyValues found;
  if (new_item != nullptr && new_keys_in == nullptr) {
    found = table.IndexKeysOf(*new_item);
  }
  const IndexKeyValues& new_keys = new_keys_in ? *new_keys_in : found;
  plan.index_changes.reserve(state.indexes.size());
  // Where the new record holds each index key (state.index_key_names).
  absl::InlinedVector<std::string_view, 8> located;
  for (const auto& index_ptr : state.indexes) {
    SecondaryIndex& index = *index_ptr;
    const bool was_in = old_item != nullptr && index.Holds(old_keys);
    const bool is_in = new_item != nullptr && index.Holds(new_keys);
    if (!was_in && !is_in) continue;
    const int64_t old_entry =
        was_in ? EntrySize(index, *old_item, old_size) : 0;
    const int64_t new_entry = is_in ? EntrySize(index, *new_item, new_size) : 0;
    int64_t half_units = 0;
    if (was_in && is_in && SameIndexKey(index, old_keys, new_keys)) {
      if (SameProjection(index, *old_item, *new_item)) continue;
      half_units = capacity::WriteHalfUnits(std::max(old_entry, new_entry));
    } else {
      if (was_in) half_units += capacity::WriteHalfUnits(old_entry);
      if (is_in) half_units += capacity::WriteHalfUnits(new_entry);
    }
    IndexChange change;
    change.index = &index;
    if (was_in) {
      change.remove = true;
      change.remove_pk = index.PartitionKeyBytes(old_keys);
      change.remove_hash = storage::HashPartitionKey(change.remove_pk);
      change.remove_sk = index.SortKeyBytes(old_keys);
      change.remove_base_pk = plan.key.pk;
      change.remove_base_sk = plan.key.sk;
      change.remove_bytes = old_entry;
    }
    if (is_in) {
      // Where the new record holds each index key, found once for every
      // ALL index.
      if (index.projects_all() && !index.multi_attribute() && located.empty()) {
        located.resize(state.index_key_names.size());
        storage::LocateKeys(*plan.record, state.index_key_names,
                            located.data());
      }
      change.add =
          MakeEntry(index, *plan.record, *new_item, new_entry,
                    located.empty() ? nullptr : located.data(), &new_keys);
    }
    plan.index_changes.push_back(std::move(change));
    plan.units.indexes.push_back(IndexUnits{&index, half_units});
    if (table.has_local_indexes() && !index.is_global()) {
      if (is_in) plan.collection_delta_bytes += new_entry + kOverhead;
      if (was_in) plan.collection_delta_bytes -= old_entry + kOverhead;
    }
  }

  if (table.has_local_indexes() && plan.collection_delta_bytes > 0) {
    auto it = state.collection_bytes.find(plan.key.pk);
    const int64_t current = it == state.collection_bytes.end() ? 0 : it->second;
    if (current + plan.collection_delta_bytes >
        table.definition().item_collection_size_limit_bytes) {
      return Status(ErrorCode::kItemCollectionSizeLimitExceeded,
                    "Item collection size limit exceeded");
    }
  }
  return plan;
}

namespace {

// The table item, every index change (or its GSI lag), the collection size.
storage::RecordPtr ApplyPlan(Table& table, WritePlan& plan)
    ABSL_EXCLUSIVE_LOCKS_REQUIRED(table.mu()) {
  TableState& state = table.mutable_state();
  storage::RecordPtr old = plan.record ? state.store.Put(std::move(plan.record))
                                       : state.store.Erase(plan.key.ref());
  const GsiLag& lag = table.definition().gsi_lag;
  for (IndexChange& c : plan.index_changes) {
    SecondaryIndex& index = *c.index;
    if (!index.is_global() || !lag.enabled()) {
      ApplyIndexChange(std::move(c));
      continue;
    }
    int64_t delay = lag.min_micros;
    if (lag.max_micros > lag.min_micros) {
      std::uniform_int_distribution<int64_t> d(lag.min_micros, lag.max_micros);
      delay = d(state.lag_rng);
    }
    // Changes become visible in write order.
    const int64_t at =
        std::max(plan.now_micros + delay, index.last_visible_at_micros);
    index.last_visible_at_micros = at;
    index.pending.push_back(SecondaryIndex::PendingChange{at, std::move(c)});
  }
  if (table.has_local_indexes() && plan.collection_delta_bytes != 0) {
    int64_t& bytes = state.collection_bytes[plan.key.pk];
    bytes += plan.collection_delta_bytes;
    if (bytes <= 0) state.collection_bytes.erase(plan.key.pk);
  }
  return old;
}

}  // namespace

Commit::Commit(ChangeOrigin origin, int64_t now_micros,
               const std::string* transaction_id)
    : origin_(origin),
      now_micros_(now_micros),
      transaction_id_(transaction_id) {}

namespace {

// One side of a change (the item after it, or before it) in ONE allocation:
// a counted reference to the record the store holds (or held), decoded only
// on demand, and, when the change's keys are read from this side, the item's
// keys read from that record's key bytes. The change record's images point
// into it (shared_ptr aliasing): one allocation per side of a change
// instead of one per image.
class RecordImage : public ItemImage::Source {
 public:
  explicit RecordImage(storage::RecordPtr record)
      : record_(std::move(record)) {}
  Item Decode() const override { return record_->Decode(); }
  int64_t SizeBytes() const override { return record_->item_size(); }

 protected:
  storage::RecordPtr record_;
};

class RecordWithKeys final : public RecordImage {
 public:
  RecordWithKeys(storage::RecordPtr record,
                 std::shared_ptr<const KeyShape> shape)
      : RecordImage(std::move(record)), shape_(std::move(shape)), keys_(this) {}
  const ItemImage::Source* keys() const { return &keys_; }

 private:
  // A table item's first two key slots are its partition and sort key bytes.
  class Keys final : public ItemImage::Source {
   public:
    explicit Keys(const RecordWithKeys* side) : side_(side) {}
    Item Decode() const override {
      const KeyShape& shape = *side_->shape_;
      const storage::Record& record = *side_->record_;
      Item out;
      AttributeValue pk =
          storage::ValueOfKeyBytes(shape.hash.type, record.partition_key());
      if (!shape.range) {
        out.AppendSorted(shape.hash.name, std::move(pk));
        return out;
      }
      out.Reserve(2);
      AttributeValue sk =
          storage::ValueOfKeyBytes(shape.range->type, record.sort_key());
      // Items keep their attributes in name order.
      if (shape.hash.name < shape.range->name) {
        out.AppendSorted(shape.hash.name, std::move(pk));
        out.AppendSorted(shape.range->name, std::move(sk));
      } else {
        out.AppendSorted(shape.range->name, std::move(sk));
        out.AppendSorted(shape.hash.name, std::move(pk));
      }
      return out;
    }
    int64_t SizeBytes() const override { return ItemSizeBytes(Decode()); }

   private:
    const RecordWithKeys* side_;
  };

  std::shared_ptr<const KeyShape> shape_;
  Keys keys_;
};

// The image of `r`; when `keys_out` is not null, also the item's keys there
// (sharing the image's allocation).
ItemImage SideOf(const Table& table, const storage::Record& r,
                 ItemImage* keys_out) {
  if (keys_out == nullptr) {
    return ItemImage(std::make_shared<const RecordImage>(storage::Retain(r)));
  }
  auto side = std::make_shared<const RecordWithKeys>(storage::Retain(r),
                                                     table.key_shape());
  *keys_out =
      ItemImage(std::shared_ptr<const ItemImage::Source>(side, side->keys()));
  return ItemImage(std::shared_ptr<const ItemImage::Source>(std::move(side)));
}

}  // namespace

storage::RecordPtr Commit::Apply(Table& table, WritePlan plan) {
  ChangeFeed* feed = table.feed();
  const bool observed = feed != nullptr && (feed->active() || table.streamed());
  int32_t partition_id = -1;
  if (observed && table.simulator() != nullptr) {
    partition_id = table.simulator()->PartitionIdOf(table.state().resource,
                                                    plan.key.hash, plan.key.sk);
  }
  const storage::Record* new_record = plan.record.get();  // the store's next
  storage::RecordPtr old = ApplyPlan(table, plan);
  if (new_record == nullptr && old == nullptr) return old;  // deleted nothing
  const uint64_t sequence = ++table.mutable_state().last_sequence_number;
  if (Journal* journal = table.definition().journal;
      journal != nullptr && !table.dropped()) {
    journal->AddChange(table, new_record, old.get(), &log_batch_);
    journal_ = journal;
  }
  if (!observed) return old;

  // Observed: record the change. The images share the stored bytes and are
  // decoded only if a subscriber asks.
  ChangeRecord r;
  r.table_name = table.name();
  r.sequence_number = sequence;
  r.time_micros = now_micros_;
  r.partition_id = partition_id;
  r.origin = origin_;
  if (origin_ == ChangeOrigin::kTransaction) {
    if (transaction_id_ != nullptr) {
      r.transaction_id = *transaction_id_;
    } else {
      if (made_up_id_.empty()) {
        static std::atomic<uint64_t> next{1};
        made_up_id_ = "eddy-transaction-" + std::to_string(next.fetch_add(
                                                1, std::memory_order_relaxed));
      }
      r.transaction_id = made_up_id_;
    }
  }
  // The keys come from the new side when there is one (an OLD_IMAGE or
  // KEYS_ONLY stream then keeps no more than before), else from the old.
  if (new_record != nullptr) {
    r.new_image = SideOf(table, *new_record, &r.keys);
  }
  if (old) r.old_image = SideOf(table, *old, r.keys ? nullptr : &r.keys);
  // Records are canonical (attributes in name order, numbers normalized,
  // sets sorted): equal items have equal payloads.
  r.unchanged =
      old && new_record != nullptr && old->payload() == new_record->payload();
  feed_ = feed;
  records_.push_back(std::move(r));
  return old;
}

void Commit::Publish() {
  if (journal_ != nullptr && !log_batch_.empty()) {
    journal_->AppendCommit(std::move(log_batch_));
    log_batch_.clear();
  }
  if (feed_ == nullptr || records_.empty()) return;
  feed_->Publish(records_);
  records_.clear();
}

ItemCollectionMetrics CollectionMetrics(const Table& table,
                                        const StorageKey& key,
                                        const Item& item_key) {
  ItemCollectionMetrics m;
  if (const AttributeValue* pk = item_key.Find(table.hash_key().name)) {
    m.item_collection_key.Set(table.hash_key().name, *pk);
  }
  const TableState& state = table.state();
  auto it = state.collection_bytes.find(key.pk);
  const int64_t bytes = it == state.collection_bytes.end() ? 0 : it->second;
  // An estimate, as DynamoDB gives one: the whole gigabytes below and above
  // the collection's size.
  const double gb = static_cast<double>(bytes) / (1024.0 * 1024 * 1024);
  const double low = static_cast<double>(static_cast<int64_t>(gb));
  m.size_estimate_range_gb = {low, low + 1};
  return m;
}

}  // namespace eddy::engine
