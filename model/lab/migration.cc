// Copyright 2026 The eddy Authors.

#include "model/lab/migration.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "model/runner.h"

namespace eddy::lab::internal {
namespace {

constexpr size_t kMismatchExamples = 5;

bool StartsWith(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

// The rev an item read back carries, "(no rev)" when it has none.
std::string RevOf(const Item& item) {
  const AttributeValue* rev = item.Find(kRevAttribute);
  return rev != nullptr && rev->type() == AttributeType::kS ? rev->s()
                                                            : "(no rev)";
}

}  // namespace

Migration::Migration(const MigrationSpec& spec, const TableSpec& table,
                     int64_t duration_seconds)
    : spec_(spec),
      table_(table),
      from_(spec.from_version + "#"),
      to_(spec.to_version + "#") {
  result_.seconds.resize(static_cast<size_t>(duration_seconds));
  for (const IndexSpec& g : table.global_secondary_indexes) {
    IndexTrack& x = indexes_.emplace_back();
    x.spec = &g;
    x.has_rev = g.projection == ProjectionType::kAll;
  }
}

Status Migration::CheckVersions(const MigrationSpec& m) {
  const std::string from = m.from_version + "#";
  const std::string to = m.to_version + "#";
  if (m.from_version.empty() || m.to_version.empty() ||
      m.from_version == m.to_version || StartsWith(from, to) ||
      StartsWith(to, from)) {
    return Status::Validation(
        "/migration: fromVersion and toVersion must be two different, "
        "non-empty versions, neither a prefix of the other");
  }
  return Status::OK();
}

Status Migration::Check(const Scenario& s) {
  const MigrationSpec& m = *s.migration;
  const std::string from = m.from_version + "#";
  EDDY_RETURN_IF_ERROR(CheckVersions(m));
  if (m.backfill.at_second < m.dual_write_at_second) {
    return Status::Validation(
        "/migration/backfill/atSecond: the backfill must start at or after "
        "the dual writes (dualWriteAtSecond), or it misses the writes in "
        "between");
  }
  for (const Stream& st : s.streams) {
    const KeySpec& k = st.keys;
    const bool hot_only =
        k.distribution == Distribution::kHotKey && k.hot_fraction >= 1.0;
    const bool ok = StartsWith(hot_only ? k.hot_key : k.prefix, from) &&
                    (k.distribution != Distribution::kHotKey ||
                     StartsWith(k.hot_key, from));
    if (!ok) {
      return Status::Validation("stream " + st.name +
                                ": its keys must start with the migration's "
                                "old version \"" +
                                from + "\"");
    }
  }
  return Status::OK();
}

Item Migration::Rewrite(const Item& item, const std::string& from,
                        const std::string& to) {
  return model::WithVersionPrefix(item, from, to);
}

bool Migration::IsNew(const Item& item) const {
  const AttributeValue* pk = item.Find(table_.partition_key);
  return pk != nullptr && pk->type() == AttributeType::kS &&
         StartsWith(pk->s(), to_);
}

std::string Migration::Strip(const std::string& s) const {
  if (StartsWith(s, from_)) return s.substr(from_.size());
  if (StartsWith(s, to_)) return s.substr(to_.size());
  return s;
}

std::string Migration::LogicalKey(const Item& item) const {
  auto strip = [&](const std::string& name) -> std::string {
    const AttributeValue* v = name.empty() ? nullptr : item.Find(name);
    if (v == nullptr || v->type() != AttributeType::kS) return "";
    return Strip(v->s());
  };
  return strip(table_.partition_key) + '\x1f' + strip(table_.sort_key);
}

int Migration::Phase(int64_t second) const {
  if (!DualWrites(second)) return 0;
  return cutover_second_ >= 0 && second >= cutover_second_ ? 2 : 1;
}

void Migration::SetCutover(int64_t second) {
  if (cutover_second_ < 0) cutover_second_ = second;
  result_.cutover_second = cutover_second_;
}

void Migration::Written(const std::vector<Item>& items, bool deleted,
                        bool primary, bool update) {
  for (const Item& item : items) {
    const std::string key = LogicalKey(item);
    auto& set = IsNew(item) ? new_items_ : old_items_;
    if (deleted) {
      set.erase(key);
    } else {
      set.insert(key);
    }
    if (!primary) continue;
    const AttributeValue* rev = item.Find(kRevAttribute);
    const std::string want = deleted || rev == nullptr ? "" : rev->s();
    expected_[key] = want;
    std::unordered_set<std::string>& live = live_[PartitionOf(key)];
    if (want.empty()) {
      live.erase(key);
    } else {
      live.insert(key);
    }
    // The key's place in each GSI: an item is there when it has the
    // index's partition key (a string) and sort key, if any.
    for (IndexTrack& x : indexes_) {
      auto before = x.value_of.find(key);
      const bool was = before != x.value_of.end();
      std::optional<std::string> now;
      if (!deleted) {
        const AttributeValue* pk = item.Find(x.spec->partition_key);
        const bool has_sort =
            x.spec->sort_key.empty() || item.Find(x.spec->sort_key) != nullptr;
        if (pk != nullptr && pk->type() == AttributeType::kS) {
          if (has_sort || (update && was)) now = Strip(pk->s());
        } else if (update && was && pk == nullptr) {
          now = before->second;
        }
      }
      if (was && (!now || *now != before->second)) {
        x.members[before->second].erase(key);
        x.value_of.erase(before);
      }
      if (now) {
        x.value_of[key] = *now;
        x.members[*now].insert(key);
      }
    }
  }
}

void Migration::Copied(const Item& item, int64_t second) {
  new_items_.insert(LogicalKey(item));
  ++result_.copied;
  if (second >= 0 && second < static_cast<int64_t>(result_.seconds.size())) {
    ++result_.seconds[static_cast<size_t>(second)].copied;
  }
}

void Migration::Read(const Item& key, const Item* got, int64_t second) {
  if (!spec_.verify_reads) return;
  const std::string logical = LogicalKey(key);
  auto it = expected_.find(logical);
  const std::string want = it == expected_.end() ? "" : it->second;
  std::string have;  // "" when absent
  if (got != nullptr) have = RevOf(*got);
  if (have == want) {
    CountRead(true, second, "");
    return;
  }
  const AttributeValue* pk = key.Find(table_.partition_key);
  CountRead(false, second,
            (pk != nullptr ? pk->s() : std::string("?")) + " read " +
                (got == nullptr ? std::string("nothing") : "rev " + have) +
                ", expected " +
                (want.empty() ? std::string("nothing") : "rev " + want));
}

void Migration::QueryRead(const Item& key, const std::vector<Item>& items,
                          bool complete, int64_t second) {
  if (!spec_.verify_reads) return;
  const AttributeValue* pk = key.Find(table_.partition_key);
  const std::string shown = pk != nullptr && pk->type() == AttributeType::kS
                                ? pk->s()
                                : std::string("?");
  const std::string partition = PartitionOf(LogicalKey(key));
  // Each returned item against its key's expected rev.
  std::unordered_set<std::string> returned;
  for (const Item& item : items) {
    const std::string logical = LogicalKey(item);
    returned.insert(logical);
    auto it = expected_.find(logical);
    const std::string want = it == expected_.end() ? "" : it->second;
    const std::string have = RevOf(item);
    if (have != want) {
      const AttributeValue* sk =
          table_.sort_key.empty() ? nullptr : item.Find(table_.sort_key);
      CountRead(false, second,
                "query " + shown + " returned " +
                    (sk != nullptr && sk->type() == AttributeType::kS
                         ? "sort key " + sk->s() + " "
                         : std::string()) +
                    "rev " + have + ", expected " +
                    (want.empty() ? std::string("nothing") : "rev " + want));
      return;
    }
  }
  // Every acknowledged item of the partition among them; for a paged
  // answer, every one up to its last item (sort keys ascending: the
  // lab's Queries read forward).
  std::optional<std::string> last_sort;
  if (!complete && !items.empty()) {
    const std::string k = LogicalKey(items.back());
    last_sort = k.substr(k.find('\x1f') + 1);
  }
  if (complete || last_sort) {
    auto live = live_.find(partition);
    if (live != live_.end()) {
      for (const std::string& k : live->second) {
        if (returned.count(k) != 0) continue;
        if (last_sort && k.substr(k.find('\x1f') + 1) > *last_sort) continue;
        const std::string sort = k.substr(k.find('\x1f') + 1);
        CountRead(
            false, second,
            "query " + shown + " missed " +
                (sort.empty() ? std::string("its item") : "sort key " + sort) +
                " (expected rev " + expected_[k] + ")");
        return;
      }
    }
  }
  CountRead(true, second, "");
}

void Migration::IndexQueryRead(const std::string& index,
                               const AttributeValue& value,
                               const std::vector<Item>& items, bool complete,
                               int64_t second) {
  if (!spec_.verify_reads) return;
  const IndexTrack* x = nullptr;
  for (const IndexTrack& t : indexes_) {
    if (t.spec->name == index) x = &t;
  }
  if (x == nullptr || value.type() != AttributeType::kS) return;
  const std::string shown = "query " + index + " " + value.s();
  static const std::unordered_set<std::string> kNone;
  auto m = x->members.find(Strip(value.s()));
  const std::unordered_set<std::string>& members =
      m == x->members.end() ? kNone : m->second;
  auto name = [](const std::string& logical) {
    std::string out = logical;
    std::replace(out.begin(), out.end(), '\x1f', ' ');
    return out;
  };
  std::unordered_set<std::string> returned;
  for (const Item& item : items) {
    const std::string logical = LogicalKey(item);
    returned.insert(logical);
    if (members.count(logical) == 0) {
      CountRead(false, second,
                shown + " returned " + name(logical) +
                    ", which its last acknowledged write did not leave there");
      return;
    }
    if (!x->has_rev) continue;
    auto it = expected_.find(logical);
    const std::string want = it == expected_.end() ? "" : it->second;
    const std::string have = RevOf(item);
    if (have != want) {
      CountRead(false, second,
                shown + " returned " + name(logical) + " rev " + have +
                    ", expected rev " + want);
      return;
    }
  }
  if (complete) {
    for (const std::string& k : members) {
      if (returned.count(k) != 0) continue;
      CountRead(false, second,
                shown + " missed " + name(k) + " (expected rev " +
                    expected_[k] + ")");
      return;
    }
  }
  CountRead(true, second, "");
}

void Migration::CountRead(bool verified, int64_t second,
                          const std::string& example) {
  const int phase = Phase(second);
  MigrationSecond* s =
      second >= 0 && second < static_cast<int64_t>(result_.seconds.size())
          ? &result_.seconds[static_cast<size_t>(second)]
          : nullptr;
  if (verified) {
    ++result_.verified[phase];
    if (s != nullptr) ++s->reads_verified;
    return;
  }
  ++result_.mismatched[phase];
  if (s != nullptr) ++s->reads_mismatched;
  if (result_.mismatch_examples.size() < kMismatchExamples) {
    result_.mismatch_examples.push_back("second " + std::to_string(second) +
                                        ": " + example);
  }
}

void Migration::StartBackfill(int64_t second) {
  if (backfill_started_) return;
  backfill_started_ = true;
  result_.backfill_start_second = second;
}

ScanRequest Migration::PageRequest(const std::string& table) const {
  ScanRequest r;
  r.table_name = table;
  r.limit = spec_.backfill.scan_page_items;
  r.exclusive_start_key = cursor_;
  r.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  return r;
}

void Migration::Page(const ScanResponse& page) {
  ++result_.scan_calls;
  for (const Item& item : page.items) {
    if (IsNew(item)) continue;
    const AttributeValue* pk = item.Find(table_.partition_key);
    if (pk == nullptr || pk->type() != AttributeType::kS ||
        !StartsWith(pk->s(), from_)) {
      continue;
    }
    ++result_.scanned_items;
    copies_.push_back(To(item));
  }
  cursor_ = page.last_evaluated_key;
  if (!cursor_) scan_done_ = true;
}

std::optional<Item> Migration::NextCopy() {
  if (copies_.empty()) return std::nullopt;
  Item item = std::move(copies_.front());
  copies_.pop_front();
  return item;
}

void Migration::CopyFinished(const Item& item, CopyOutcome outcome,
                             int64_t second) {
  --in_flight_;
  switch (outcome) {
    case CopyOutcome::kWritten:
      Copied(item, second);
      break;
    case CopyOutcome::kSkipped:
      ++result_.skipped;
      break;
    case CopyOutcome::kThrottled:
      ++result_.copies_requeued;
      copies_.push_back(item);
      break;
    case CopyOutcome::kGaveUp:
      ++result_.copies_given_up;
      break;
  }
}

bool Migration::CheckDone(int64_t second) {
  if (!backfill_started_ || backfill_done_ || !scan_done_ || !copies_.empty() ||
      in_flight_ > 0) {
    return false;
  }
  backfill_done_ = true;
  result_.backfill_end_second = second;
  return true;
}

void Migration::AddUnits(const std::optional<ConsumedCapacity>& c, bool write) {
  if (!c) return;
  (write ? result_.write_half_units : result_.read_half_units) +=
      std::llround(c->capacity_units * 2);
}

void Migration::EndSecond(int64_t second) {
  if (second < 0 || second >= static_cast<int64_t>(result_.seconds.size())) {
    return;
  }
  MigrationSecond& s = result_.seconds[static_cast<size_t>(second)];
  s.old_items = static_cast<int64_t>(old_items_.size());
  s.new_items = static_cast<int64_t>(new_items_.size());
}

}  // namespace eddy::lab::internal
