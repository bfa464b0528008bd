// Copyright 2026 The eddy Authors.
//
// Synthetic traffic for the throttling simulator's tests: requests evenly
// spaced within each virtual second on a ManualClock, with per-second
// tallies of admitted and throttled requests.
//
//   Traffic traffic(&clock, &sim);
//   std::vector<Tally> t = traffic.Run(2000, 60, [&](int64_t i, Access* a) {
//     a->resource = table; ... });
//
// Thread safety: none (tests drive one thread).

#ifndef EDDY_TESTS_CAPACITY_TRAFFIC_H_
#define EDDY_TESTS_CAPACITY_TRAFFIC_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "emulator/base/clock.h"
#include "emulator/capacity/simulator.h"
#include "emulator/storage/record.h"

namespace eddy::capacity::testing {

struct Tally {
  int64_t admitted = 0;
  int64_t throttled = 0;
};

// A provisioned table's configuration with these units.
inline ResourceConfig ProvisionedTable(std::string arn, int64_t rcu,
                                       int64_t wcu) {
  ResourceConfig c;
  c.arn = std::move(arn);
  c.billing = Billing::kProvisioned;
  c.read_capacity_units = rcu;
  c.write_capacity_units = wcu;
  return c;
}

// Sums of tallies over [from, to).
inline Tally Sum(const std::vector<Tally>& t, size_t from, size_t to) {
  Tally s;
  for (size_t i = from; i < to && i < t.size(); ++i) {
    s.admitted += t[i].admitted;
    s.throttled += t[i].throttled;
  }
  return s;
}

inline uint64_t Hash(std::string_view pk) {
  return storage::HashPartitionKey(pk);
}

// A deterministic generator (splitmix64).
class Rng {
 public:
  explicit Rng(uint64_t seed) : s_(seed) {}
  uint64_t Next() {
    uint64_t z = (s_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  uint64_t Below(uint64_t n) { return Next() % n; }

 private:
  uint64_t s_;
};

class Traffic {
 public:
  Traffic(ManualClock* clock, ThrottleSimulator* sim)
      : clock_(clock), sim_(sim) {}

  // `per_second` requests in each of `seconds` seconds starting now (the
  // clock must be at a whole second), the k-th of a second at
  // k * 1e6 / per_second µs. `make(i, &access)` describes request i (i counts
  // every request this Traffic ever sent). The clock ends at the next whole
  // second after the last one.
  std::vector<Tally> Run(int64_t per_second, int64_t seconds,
                         const std::function<void(int64_t, Access*)>& make) {
    std::vector<Tally> out(static_cast<size_t>(seconds));
    const int64_t start = clock_->NowMicros();
    for (int64_t s = 0; s < seconds; ++s) {
      for (int64_t k = 0; k < per_second; ++k) {
        clock_->SetMicros(start + s * 1'000'000 + k * 1'000'000 / per_second);
        Access a;
        make(counter_++, &a);
        AdmitDecision d = sim_->Admit({&a, 1});
        if (d.admitted()) {
          ++out[s].admitted;
        } else {
          ++out[s].throttled;
          if (!first_throttle_) first_throttle_ = d;
        }
      }
    }
    clock_->SetMicros(start + seconds * 1'000'000);
    return out;
  }

  // Idle for `seconds`.
  void Idle(int64_t seconds) { clock_->AdvanceMicros(seconds * 1'000'000); }

  const std::optional<AdmitDecision>& first_throttle() const {
    return first_throttle_;
  }

 private:
  ManualClock* clock_;
  ThrottleSimulator* sim_;
  int64_t counter_ = 0;
  std::optional<AdmitDecision> first_throttle_;
};

// `count` partition keys "<prefix><n>" whose hash falls in partition
// `partition` of `resource` now.
inline std::vector<std::string> KeysInPartition(ThrottleSimulator& sim,
                                                ResourceId resource,
                                                int partition, int count,
                                                const std::string& prefix) {
  std::vector<std::string> keys;
  for (int n = 0; static_cast<int>(keys.size()) < count; ++n) {
    std::string k = prefix + std::to_string(n);
    if (sim.PartitionOf(resource, Hash(k), {}) == partition) keys.push_back(k);
  }
  return keys;
}

}  // namespace eddy::capacity::testing

#endif  // EDDY_TESTS_CAPACITY_TRAFFIC_H_
