// Copyright 2026 The eddy Authors.
//
// The state admission needs beyond the resources (see ../admission.cc):
// the account-wide quota buckets and the scratch space one Admit reuses.
// Private to emulator/capacity.
//
// Thread safety: none; ThrottleSimulator's mutex guards both (one per
// simulator).

#ifndef EDDY_EMULATOR_CAPACITY_INTERNAL_ADMISSION_H_
#define EDDY_EMULATOR_CAPACITY_INTERNAL_ADMISSION_H_

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "emulator/capacity/internal/resource.h"
#include "emulator/capacity/token_bucket.h"

namespace eddy::capacity::internal {

// The per-account quota over every on-demand resource of the simulator
// (options.account_read/write_quota_units; has_* false when 0).
struct Account {
  bool has_read = false, has_write = false;
  TokenBucket read, write;
};

// What one Admit asks of each resource and partition it touches; kept from
// request to request so that admitting allocates nothing once warm.
struct AdmitScratch {
  // The request's summed demand on one resource or one of its partitions,
  // and the LimitType that throttled its reads or writes.
  struct Demand {
    Resource* r;
    Partition* p;  // null: the resource level
    int64_t read = 0, write = 0, sc_read = 0;
    int8_t fail_read = -1, fail_write = -1;  // LimitType or -1
  };
  // Per access of the request: its resource and partition (null for an
  // unknown resource), and the indexes of its two demands.
  std::vector<Resource*> res;
  std::vector<Partition*> part;
  std::vector<int32_t> res_demand, part_demand;
  std::vector<Demand> demands;
  // AdmitBulk: per partition index of the resource, the summed demand of
  // the groups (half-units of reads, strongly consistent reads, writes) and
  // the fraction each bucket admits.
  struct BulkDemand {
    int64_t read = 0, sc_read = 0, write = 0;
    double read_ratio = 1, sc_ratio = 1, write_ratio = 1;
    // Requests seen so far per kind (cumulative rounding of the shares).
    double read_seen = 0, write_seen = 0;
  };
  std::vector<BulkDemand> bulk;
  std::vector<int32_t> bulk_part;  // per group: its partition index
  // (resource, partition) -> index in demands, built once a request has
  // more than a few demands.
  absl::flat_hash_map<std::pair<const void*, const void*>, int32_t> index;

  // The index of the demand for (r, p), added if new.
  int32_t DemandFor(Resource* r, Partition* p) {
    constexpr size_t kLinear = 16;
    if (demands.size() < kLinear) {
      for (size_t i = 0; i < demands.size(); ++i) {
        if (demands[i].r == r && demands[i].p == p)
          return static_cast<int32_t>(i);
      }
    } else {
      if (index.empty()) {
        for (size_t i = 0; i < demands.size(); ++i)
          index[{demands[i].r, demands[i].p}] = static_cast<int32_t>(i);
      }
      auto it = index.find({r, p});
      if (it != index.end()) return it->second;
      index[{r, p}] = static_cast<int32_t>(demands.size());
    }
    demands.push_back(Demand{r, p});
    return static_cast<int32_t>(demands.size() - 1);
  }
};

}  // namespace eddy::capacity::internal

#endif  // EDDY_EMULATOR_CAPACITY_INTERNAL_ADMISSION_H_
