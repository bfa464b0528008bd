// Copyright 2026 The eddy Authors.
//
// The aggregate (fluid) simulation of a scenario (Scenario::simulation
// kAggregate, `eddy scenario run --aggregate`): for scenarios too large to
// run as one real call per request (a day at 100,000 requests/s over 1,000
// partitions, model/scenarios/one_day_1000_partitions.json). RunScenario
// calls it; it returns the same ScenarioResult as the per-call run.
//
// Each virtual second, for each stream:
//   1. the second's new requests (the same rate schedule and carry as the
//      per-call run) are split over the keys by a seeded multinomial draw
//      (model/lab/key_mass.h): the hottest keys one by one, the others as
//      a few cells per partition of the moment;
//   2. the throttled requests of earlier seconds whose retry falls due now
//      join them, with their attempt number;
//   3. everything is admitted at once by the same throttling simulator as
//      the per-call run (ThrottleSimulator::AdmitBulk: the same partitions,
//      buckets, burst, adaptive capacity, on-demand ramp, quotas, splits
//      for throughput and heat), no Database and no items;
//   4. a throttled request is retried per the scenario's retry policy: the
//      retries that land within the same second (exponential back-off with
//      full jitter from a uniform point of the second) are added to the
//      second's demand until it settles (a few PlanBulk rounds), the others
//      join a later second in proportion to where their delay lands.
//
// What differs from the per-call run (an approximation, stated in the
// README): requests within a second are a flow, not a sequence (a bucket
// admits min(1, supply / demand) of a partition's requests, spread over
// the keys in proportion; a table-level throttle does not leave its tokens
// to later requests of the second); the draws are not the per-call run's
// (same distribution, other samples); top keys count the hottest keys
// exactly (no Space-Saving churn from the cold keys, which are never named);
// retry delays land by their distribution, not one by one; latencies add
// the mean same-second delay and whole seconds; no stored bytes (no split
// for size). Totals agree with the per-call run within a few per cent on
// the scenarios of tests/lab/aggregate_test.cc.
//
// Refused (ValidationException naming the reason), because they need real
// items or calls: endpoint targets, migrations, online index creation, the
// cache remedy, write queues, tables with a sort key, secondary indexes or
// a stream, Query / Scan / DeleteItem / batch operations, and GetItem on a
// table whose written items may exceed 4 KB (a read's units would depend
// on whether its item exists).
//
// Thread safety: reentrant (each run builds its own simulator and clock).

#ifndef EDDY_MODEL_LAB_AGGREGATE_H_
#define EDDY_MODEL_LAB_AGGREGATE_H_

#include "emulator/base/status.h"
#include "model/lab/scenario.h"

namespace eddy::lab {

// OK when `scenario` (as RunScenario would run it with `options`) can be
// simulated in aggregate; else why not.
Status CheckAggregate(const Scenario& scenario, const RunOptions& options);

namespace internal {
// RunScenario for Simulation::kAggregate.
StatusOr<ScenarioResult> RunAggregate(const Scenario& scenario,
                                      const RunOptions& options);
}  // namespace internal

}  // namespace eddy::lab

#endif  // EDDY_MODEL_LAB_AGGREGATE_H_
