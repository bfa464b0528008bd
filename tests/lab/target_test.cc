// Copyright 2026 The eddy Authors.
//
// RunOptions::target (model/lab/target.h): a scenario's calls sent to a
// target other than the run's own Database. An "endpoint" here is a second
// in-process Database behind the endpoint side of the interface
// (in_process() false), whose manual clock Pace sets: the runner's
// endpoint path (ReturnConsumedCapacity, the client-only result) is then
// checked against the in-process prediction of the same scenario, which
// it must equal call for call. With connections() above 1 the same
// endpoint takes calls from the runner's CallPool (model/lab/call_pool.h),
// several in flight at once.

#include "model/lab/target.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "emulator/api/database.h"
#include "emulator/base/clock.h"
#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "model/lab/call_pool.h"
#include "model/lab/compare.h"
#include "model/lab/scenario.h"

namespace eddy::lab {
namespace {

// The runner's virtual clock starts at this whole hour (simulate.cc).
constexpr int64_t kStartMicros = 1'699'999'200LL * 1'000'000;

// A Database on a manual clock, reached as an endpoint would be: its
// clock and database are built before the DatabaseTarget over them.
struct VirtualEndpointState {
  explicit VirtualEndpointState(const ThrottleOptions& throttle)
      : clock(kStartMicros) {
    Options o;
    o.clock = &clock;
    o.throttle = throttle;
    db = std::make_unique<Database>(o);
  }
  ManualClock clock;
  std::unique_ptr<Database> db;
};

class VirtualEndpoint final : private VirtualEndpointState,
                              public DatabaseTarget {
 public:
  explicit VirtualEndpoint(const ThrottleOptions& throttle, int connections = 1)
      : VirtualEndpointState(throttle),
        DatabaseTarget(db.get()),
        connections_(connections) {}

  bool in_process() const override { return false; }
  int connections() const override { return connections_; }
  void Pace(int64_t run_micros) override {
    ++paced_;
    clock.SetMicros(kStartMicros + run_micros);
  }

  Database& database() { return *db; }
  int64_t paced() const { return paced_; }

 private:
  const int connections_;
  int64_t paced_ = 0;  // Pace comes from the runner's thread only
};

Scenario Parse(const std::string& json) {
  StatusOr<Scenario> s = ParseScenario(json);
  EXPECT_THAT(s, IsOk());
  return s.ok() ? *std::move(s) : Scenario{};
}

// One hot item at twice a 100-WCU partition cap, with one retry, and a
// GetItem stream: writes throttle, reads do not.
constexpr char kHotWrites[] = R"({
  "name": "hot_writes", "seed": 5, "durationSeconds": 8,
  "table": {"name": "tbl", "partitionKey": "pk"},
  "simulator": {"partitionWriteUnits": 100},
  "retry": {"maxAttempts": 2, "baseMillis": 20},
  "streams": [
    {"name": "writes", "operation": "PutItem", "itemBytes": 600,
     "keys": {"distribution": "hotKey", "hotKey": "hot"},
     "rate": [{"atSecond": 0, "perSecond": 200}]},
    {"name": "reads", "operation": "GetItem",
     "keys": {"count": 1000},
     "rate": [{"atSecond": 0, "perSecond": 50}]}]})";

TEST(ScenarioTargetTest,
     AnEndpointThatBehavesAsTheSimulatorObservesThePrediction) {
  const Scenario s = Parse(kHotWrites);
  StatusOr<ScenarioResult> predicted = RunScenario(s);
  ASSERT_THAT(predicted, IsOk());
  VirtualEndpoint endpoint(s.simulator);
  RunOptions options;
  options.target = &endpoint;
  StatusOr<ScenarioResult> observed = RunScenario(s, options);
  ASSERT_THAT(observed, IsOk());

  // Every call was paced, and the client saw the same thing.
  EXPECT_EQ(endpoint.paced(), observed->total.attempts);
  EXPECT_GT(predicted->total.throttled, 100);
  EXPECT_EQ(observed->total.offered, predicted->total.offered);
  EXPECT_EQ(observed->total.attempts, predicted->total.attempts);
  EXPECT_EQ(observed->total.accepted, predicted->total.accepted);
  EXPECT_EQ(observed->total.throttled, predicted->total.throttled);
  EXPECT_EQ(observed->total.gave_up, predicted->total.gave_up);
  EXPECT_EQ(observed->reasons, predicted->reasons);

  // The endpoint's units come from its answers (ReturnConsumedCapacity),
  // the prediction's from the simulator's metrics: the same totals.
  ASSERT_EQ(observed->resources.size(), 1u);
  EXPECT_TRUE(observed->resources[0].history.empty());
  const ComparisonRow p = SummarizeRun("predicted", *predicted);
  const ComparisonRow o = SummarizeRun("observed", *observed);
  EXPECT_GT(o.write_units, 0);
  EXPECT_DOUBLE_EQ(o.write_units, p.write_units);
  EXPECT_DOUBLE_EQ(o.read_units, p.read_units);

  // The endpoint's table holds what the accepted writes wrote.
  StatusOr<DescribeTableResponse> d =
      endpoint.database().DescribeTable({.table_name = "tbl"});
  ASSERT_THAT(d, IsOk());
  EXPECT_EQ(d->table.item_count, 1);
}

// Well under every cap: nothing throttles, so the order in which calls
// finish changes nothing the client sees.
constexpr char kCalm[] = R"({
  "name": "calm", "seed": 9, "durationSeconds": 5,
  "table": {"name": "tbl", "partitionKey": "pk"},
  "streams": [
    {"name": "writes", "operation": "PutItem", "itemBytes": 900,
     "keys": {"count": 500},
     "rate": [{"atSecond": 0, "perSecond": 120}]},
    {"name": "batches", "operation": "BatchWriteItem", "batchSize": 5,
     "itemBytes": 300, "keys": {"count": 500},
     "rate": [{"atSecond": 0, "perSecond": 20}]},
    {"name": "reads", "operation": "GetItem",
     "keys": {"count": 500},
     "rate": [{"atSecond": 0, "perSecond": 80}]},
    {"name": "queries", "operation": "Query",
     "keys": {"count": 500},
     "rate": [{"atSecond": 0, "perSecond": 30}]}]})";

TEST(ScenarioTargetTest, CallsInFlightAtOnceObserveThePrediction) {
  const Scenario s = Parse(kCalm);
  StatusOr<ScenarioResult> predicted = RunScenario(s);
  ASSERT_THAT(predicted, IsOk());
  VirtualEndpoint endpoint(s.simulator, /*connections=*/4);
  RunOptions options;
  options.target = &endpoint;
  StatusOr<ScenarioResult> observed = RunScenario(s, options);
  ASSERT_THAT(observed, IsOk());

  EXPECT_EQ(endpoint.paced(), observed->total.attempts);
  EXPECT_EQ(predicted->total.throttled, 0);
  EXPECT_EQ(observed->total.offered, predicted->total.offered);
  EXPECT_EQ(observed->total.attempts, predicted->total.attempts);
  EXPECT_EQ(observed->total.accepted, predicted->total.accepted);
  EXPECT_EQ(observed->total.items_ok, predicted->total.items_ok);
  EXPECT_EQ(observed->total.other_errors, 0);
  // Counted in the second each call was made in, as one at a time.
  ASSERT_EQ(observed->seconds.size(), predicted->seconds.size());
  for (size_t i = 0; i < observed->seconds.size(); ++i) {
    EXPECT_EQ(observed->seconds[i].accepted, predicted->seconds[i].accepted)
        << "second " << i;
  }
  const ComparisonRow p = SummarizeRun("predicted", *predicted);
  const ComparisonRow o = SummarizeRun("observed", *observed);
  EXPECT_GT(o.write_units, 0);
  EXPECT_DOUBLE_EQ(o.write_units, p.write_units);
  EXPECT_DOUBLE_EQ(o.read_units, p.read_units);
}

TEST(ScenarioTargetTest, CallsInFlightAtOnceAreRetriedWhenThrottled) {
  const Scenario s = Parse(kHotWrites);
  VirtualEndpoint endpoint(s.simulator, /*connections=*/4);
  RunOptions options;
  options.target = &endpoint;
  StatusOr<ScenarioResult> observed = RunScenario(s, options);
  ASSERT_THAT(observed, IsOk());
  EXPECT_EQ(endpoint.paced(), observed->total.attempts);
  EXPECT_EQ(observed->total.offered, 8 * 250);
  EXPECT_GT(observed->total.throttled, 100);
  EXPECT_GT(observed->total.retries, 100);
  // Every call was answered: accepted or throttled, nothing else.
  EXPECT_EQ(observed->total.accepted + observed->total.throttled,
            observed->total.attempts);
}

TEST(CallPoolTest, BoundsCallsInFlightAndCountsOnTheCallersThread) {
  CallPool pool(3);
  std::atomic<int> running{0}, most{0};
  std::vector<int> done;  // touched by `done` only, on this thread
  const std::thread::id me = std::this_thread::get_id();
  bool elsewhere = false;
  for (int i = 0; i < 60; ++i) {
    pool.WaitForRoom();
    pool.Submit(
        [&] {
          const int now = ++running;
          int seen = most.load();
          while (now > seen && !most.compare_exchange_weak(seen, now)) {
          }
          std::this_thread::sleep_for(std::chrono::microseconds(200));
          --running;
        },
        [&, i] {
          elsewhere = elsewhere || std::this_thread::get_id() != me;
          done.push_back(i);
        });
    if (i % 7 == 0) pool.RunFinished();
  }
  pool.Drain();
  EXPECT_LE(most.load(), 3);
  EXPECT_GE(most.load(), 2);
  EXPECT_FALSE(elsewhere);
  std::sort(done.begin(), done.end());
  ASSERT_EQ(done.size(), 60u);
  for (int i = 0; i < 60; ++i) EXPECT_EQ(done[static_cast<size_t>(i)], i);
  EXPECT_EQ(pool.Drain(), 0u);
}

TEST(ScenarioTargetTest, AScenarioWithAStreamRunsInProcessOnly) {
  Scenario s = Parse(kHotWrites);
  s.table.stream_view_type = StreamViewType::kNewImage;
  VirtualEndpoint endpoint(s.simulator);
  RunOptions options;
  options.target = &endpoint;
  EXPECT_THAT(RunScenario(s, options),
              StatusIs(ErrorCode::kValidation, "runs in process only"));
}

}  // namespace
}  // namespace eddy::lab
