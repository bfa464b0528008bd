// Copyright 2026 The eddy Authors.
//
// The throttling simulator (see simulator.h): its resources and their clock.
// This file registers, updates and removes resources, tracks their stored
// bytes (splits for size), answers where the partitions are, and advances a
// resource to the current virtual second before anything looks at it. The
// rest of the throughput model lives in files of their own:
//
//   admission.cc              Admit and AdmitBatch: the limits, all or nothing
//   metrics.cc                per-second series, counters, top keys
//   decision.cc               throttling reasons and the statuses of decisions
//   internal/partitions.h     partition counts, partition buckets, splits
//   internal/table_level.h    provisioned burst, the on-demand ramp, quotas
//   internal/heat.h           split for heat
//   internal/resource.h       the state of one resource
//
// Thread safety: every public method takes mu_ (after checking its arguments)
// and holds it to the end; the private ones REQUIRE it.

#include "emulator/capacity/simulator.h"

#include <algorithm>
#include <limits>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "emulator/capacity/internal/admission.h"
#include "emulator/capacity/internal/common.h"
#include "emulator/capacity/internal/heat.h"
#include "emulator/capacity/internal/metrics.h"
#include "emulator/capacity/internal/partitions.h"
#include "emulator/capacity/internal/resource.h"
#include "emulator/capacity/internal/table_level.h"

namespace eddy::capacity {

using internal::CeilDiv;
using internal::ConfigureTableLevel;
using internal::GrowPartitions;
using internal::kMicros;
using internal::NewPartition;
using internal::NotFound;
using internal::Partition;
using internal::ProvisionedCount;
using internal::ReconfigureAllPartitions;
using internal::Resource;
using internal::SecondOf;
using internal::SplitPartition;

namespace {

// The errors Register and Update share (see simulator.h).
Status ValidateConfig(const ResourceConfig& c) {
  if (c.arn.empty()) return Status::Validation("A resource needs an ARN");
  if (c.billing == Billing::kProvisioned &&
      (c.read_capacity_units < 1 || c.write_capacity_units < 1)) {
    return Status::Validation(
        "Provisioned read and write capacity units must be at least 1");
  }
  if (c.max_read_request_units == 0 || c.max_read_request_units < -1 ||
      c.max_write_request_units == 0 || c.max_write_request_units < -1) {
    return Status::Validation(
        "MaxReadRequestUnits and MaxWriteRequestUnits must be -1 or at least "
        "1");
  }
  if (c.size_bytes < 0) return Status::Validation("A size cannot be negative");
  return Status::OK();
}

}  // namespace

ThrottleSimulator::ThrottleSimulator(SimulatorOptions options)
    : options_(std::move(options)),
      account_(std::make_unique<internal::Account>()),
      scratch_(std::make_unique<internal::AdmitScratch>()) {
  const int64_t now = options_.clock->NowMicros();
  account_->has_read = options_.account_read_quota_units > 0;
  account_->has_write = options_.account_write_quota_units > 0;
  if (account_->has_read)
    account_->read.Reset(2 * options_.account_read_quota_units, kMicros, now);
  if (account_->has_write)
    account_->write.Reset(2 * options_.account_write_quota_units, kMicros, now);
}

ThrottleSimulator::~ThrottleSimulator() = default;

Resource* ThrottleSimulator::Find(ResourceId id) {
  if (id < 0 || static_cast<size_t>(id) >= resources_.size()) return nullptr;
  return resources_[id].get();
}

// --- Time --------------------------------------------------------------------

void ThrottleSimulator::AdvanceTo(Resource& r, int64_t now) {
  const int64_t second = SecondOf(now);
  if (second <= r.cur_second) return;
  internal::FlushSecond(options_, r);
  r.cur_second = second;
  if (options_.mode != ThrottleMode::kSimulate) return;
  internal::AdvanceOnDemand(options_, r, now);
  internal::ApplyDueSplits(options_, r, second, now);
}

// --- Resources ---------------------------------------------------------------

StatusOr<ResourceId> ThrottleSimulator::Register(const ResourceConfig& config) {
  EDDY_RETURN_IF_ERROR(ValidateConfig(config));
  std::lock_guard<std::mutex> lock(mu_);
  if (config.kind == ResourceKind::kIndex && Find(config.table) == nullptr)
    return Status::Validation("An index needs a registered table");
  const int64_t now = options_.clock->NowMicros();
  auto r = std::make_unique<Resource>(options_.top_keys_capacity);
  r->id = static_cast<ResourceId>(resources_.size());
  r->config = config;
  r->arn = std::make_shared<const std::string>(config.arn);
  r->sc_bucket = options_.eventually_consistent_read_partition_units >
                 options_.partition_read_units;
  int64_t count;
  if (config.billing == Billing::kProvisioned) {
    count = ProvisionedCount(options_, config.read_capacity_units,
                             config.write_capacity_units, config.size_bytes);
    r->max_provisioned_read = config.read_capacity_units;
    r->max_provisioned_write = config.write_capacity_units;
  } else {
    count = std::max<int64_t>(
        PartitionMap::kOnDemandInitialPartitions,
        CeilDiv(config.size_bytes, options_.partition_size_bytes));
  }
  count = std::max<int64_t>({count, config.min_partitions, 1});
  count = std::min<int64_t>(count, 1 << 20);
  r->map = PartitionMap(static_cast<int>(count));
  for (int i = 0; i < r->map.count(); ++i) {
    r->parts.push_back(
        NewPartition(options_, *r, r->map.start(i), -1, nullptr, now));
  }
  if (!options_.adaptive_capacity) ReconfigureAllPartitions(options_, *r, now);
  ConfigureTableLevel(options_, *r, now, /*reset=*/true);
  r->live_bytes = config.size_bytes;
  const int64_t n = static_cast<int64_t>(r->parts.size());
  for (int64_t i = 0; i < n; ++i) {
    r->parts[i]->size_bytes =
        config.size_bytes / n + (i < config.size_bytes % n);
    r->infos[r->parts[i]->id].size_bytes = r->parts[i]->size_bytes;
  }
  r->cur_second = SecondOf(now) - 1;
  const ResourceId id = r->id;
  resources_.push_back(std::move(r));
  return id;
}

Status ThrottleSimulator::Update(ResourceId id, const ResourceConfig& config,
                                 std::optional<int64_t> at_micros) {
  EDDY_RETURN_IF_ERROR(ValidateConfig(config));
  std::lock_guard<std::mutex> lock(mu_);
  Resource* r = Find(id);
  if (r == nullptr) return NotFound(id);
  // Buckets already refilled past `at_micros` keep what they have and take
  // the new rates from their last refill on (TokenBucket::Reconfigure).
  const int64_t now =
      std::min(options_.clock->NowMicros(),
               at_micros.value_or(std::numeric_limits<int64_t>::max()));
  AdvanceTo(*r, now);
  const bool was_on_demand = r->on_demand();
  ResourceConfig next = config;
  next.kind = r->config.kind;
  next.table = r->config.table;
  next.size_bytes = r->config.size_bytes;
  next.min_partitions = r->config.min_partitions;
  r->config = std::move(next);
  if (*r->arn != r->config.arn)
    r->arn = std::make_shared<const std::string>(r->config.arn);
  if (r->on_demand()) {
    if (!was_on_demand) {
      // Provisioned -> on-demand: previous peak = the highest throughput
      // ever provisioned (throughput-model.md §3.2); warm covers the default.
      r->peak_read.peak =
          std::max(r->peak_read.peak, 2 * r->max_provisioned_read);
      r->peak_write.peak =
          std::max(r->peak_write.peak, 2 * r->max_provisioned_write);
    }
    ConfigureTableLevel(options_, *r, now, /*reset=*/!was_on_demand);
  } else {
    r->max_provisioned_read =
        std::max(r->max_provisioned_read, r->config.read_capacity_units);
    r->max_provisioned_write =
        std::max(r->max_provisioned_write, r->config.write_capacity_units);
    ConfigureTableLevel(options_, *r, now, /*reset=*/was_on_demand);
    const int64_t target =
        ProvisionedCount(options_, r->config.read_capacity_units,
                         r->config.write_capacity_units, r->live_bytes);
    r->counters.splits_for_throughput +=
        GrowPartitions(options_, *r, target, now);
    if (!options_.adaptive_capacity)
      ReconfigureAllPartitions(options_, *r, now);
  }
  return Status::OK();
}

Status ThrottleSimulator::Remove(ResourceId id) {
  std::lock_guard<std::mutex> lock(mu_);
  if (Find(id) == nullptr) return NotFound(id);
  resources_[id].reset();
  return Status::OK();
}

// --- Sizes (split for size) --------------------------------------------------

void ThrottleSimulator::AddBytes(ResourceId id, uint64_t hash,
                                 std::string_view sort_key,
                                 int64_t delta_bytes) {
  std::lock_guard<std::mutex> lock(mu_);
  Resource* r = Find(id);
  if (r == nullptr || delta_bytes == 0) return;
  const int64_t now = options_.clock->NowMicros();
  AdvanceTo(*r, now);
  AddBytesLocked(*r, hash, sort_key, delta_bytes, now);
}

void ThrottleSimulator::AddBytes(std::span<const Access> accesses) {
  std::lock_guard<std::mutex> lock(mu_);
  const int64_t now = options_.clock->NowMicros();
  for (const Access& a : accesses) {
    Resource* r = Find(a.resource);
    if (r == nullptr || a.delta_bytes == 0) continue;
    AdvanceTo(*r, now);
    AddBytesLocked(*r, a.hash, a.sort_key, a.delta_bytes, now);
  }
}

void ThrottleSimulator::AddBytesLocked(Resource& r, uint64_t hash,
                                       std::string_view sort_key,
                                       int64_t delta_bytes, int64_t now) {
  r.live_bytes = std::max<int64_t>(0, r.live_bytes + delta_bytes);
  const int index = r.map.PartitionOf(hash, sort_key);
  Partition& p = *r.parts[index];
  p.size_bytes = std::max<int64_t>(0, p.size_bytes + delta_bytes);
  r.infos[p.id].size_bytes = p.size_bytes;
  KeyPosition mid;
  if (p.size_bytes > options_.partition_size_bytes &&
      r.map.MidpointOf(index, &mid) &&
      SplitPartition(options_, r, index, mid, now)) {
    ++r.counters.splits_for_size;
  }
}

Status ThrottleSimulator::SetSize(ResourceId id, int64_t size_bytes) {
  if (size_bytes < 0) return Status::Validation("A size cannot be negative");
  std::lock_guard<std::mutex> lock(mu_);
  Resource* r = Find(id);
  if (r == nullptr) return NotFound(id);
  const int64_t now = options_.clock->NowMicros();
  AdvanceTo(*r, now);
  r->counters.splits_for_size += GrowPartitions(
      options_, *r, CeilDiv(size_bytes, options_.partition_size_bytes), now);
  r->live_bytes = size_bytes;
  const int64_t n = static_cast<int64_t>(r->parts.size());
  for (int64_t i = 0; i < n; ++i) {
    r->parts[i]->size_bytes = size_bytes / n + (i < size_bytes % n);
    r->infos[r->parts[i]->id].size_bytes = r->parts[i]->size_bytes;
  }
  return Status::OK();
}

// --- Partitions --------------------------------------------------------------

int ThrottleSimulator::PartitionOf(ResourceId id, uint64_t hash,
                                   std::string_view sort_key) {
  std::lock_guard<std::mutex> lock(mu_);
  Resource* r = Find(id);
  if (r == nullptr) return -1;
  AdvanceTo(*r, options_.clock->NowMicros());
  return r->map.PartitionOf(hash, sort_key);
}

int32_t ThrottleSimulator::PartitionIdOf(ResourceId id, uint64_t hash,
                                         std::string_view sort_key) {
  std::lock_guard<std::mutex> lock(mu_);
  Resource* r = Find(id);
  if (r == nullptr) return -1;
  AdvanceTo(*r, options_.clock->NowMicros());
  return r->parts[r->map.PartitionOf(hash, sort_key)]->id;
}

Status ThrottleSimulator::SplitPartitionNow(ResourceId id,
                                            int32_t partition_id) {
  std::lock_guard<std::mutex> lock(mu_);
  Resource* r = Find(id);
  if (r == nullptr) return NotFound(id);
  const int64_t now = options_.clock->NowMicros();
  AdvanceTo(*r, now);
  for (size_t i = 0; i < r->parts.size(); ++i) {
    if (r->parts[i]->id != partition_id) continue;
    KeyPosition mid;
    if (!r->map.MidpointOf(static_cast<int>(i), &mid)) {
      return Status::Validation("Partition " + std::to_string(partition_id) +
                                " is too narrow to split");
    }
    if (!SplitPartition(options_, *r, static_cast<int>(i), mid, now)) {
      return Status::Validation("Partition " + std::to_string(partition_id) +
                                " cannot split: the resource has the most "
                                "partitions allowed");
    }
    return Status::OK();
  }
  return Status::Validation("No live partition has the id " +
                            std::to_string(partition_id));
}

StatusOr<std::vector<uint64_t>> ThrottleSimulator::PartitionStarts(
    ResourceId id) {
  std::lock_guard<std::mutex> lock(mu_);
  Resource* r = Find(id);
  if (r == nullptr) return NotFound(id);
  AdvanceTo(*r, options_.clock->NowMicros());
  return r->map.starts();
}

std::vector<KeyPosition> ThrottleSimulator::BoundariesBetween(
    ResourceId id, uint64_t from_hash, uint64_t to_hash) {
  std::vector<KeyPosition> out;
  std::lock_guard<std::mutex> lock(mu_);
  Resource* r = Find(id);
  if (r == nullptr) return out;
  AdvanceTo(*r, options_.clock->NowMicros());
  const std::vector<uint64_t>& starts = r->map.starts();
  int i = r->map.PartitionOf(from_hash, {}) + 1;
  for (; i < r->map.count() && starts[i] <= to_hash; ++i)
    out.push_back(r->map.start(i));
  return out;
}
StatusOr<std::vector<PartitionInfo>> ThrottleSimulator::Partitions(
    ResourceId id) {
  std::lock_guard<std::mutex> lock(mu_);
  Resource* r = Find(id);
  if (r == nullptr) return NotFound(id);
  AdvanceTo(*r, options_.clock->NowMicros());
  std::vector<PartitionInfo> out;
  out.reserve(r->parts.size());
  for (const auto& p : r->parts) out.push_back(r->infos[p->id]);
  return out;
}

StatusOr<std::vector<PartitionInfo>> ThrottleSimulator::PartitionHistory(
    ResourceId id) {
  std::lock_guard<std::mutex> lock(mu_);
  Resource* r = Find(id);
  if (r == nullptr) return NotFound(id);
  AdvanceTo(*r, options_.clock->NowMicros());
  return r->infos;
}

}  // namespace eddy::capacity
