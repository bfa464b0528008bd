// Copyright 2026 The eddy Authors.
//
// The throttling simulator's admission cost (emulator/capacity/simulator.h):
//   - BM_ThrottleAdmit/mode:0|1: one Admit (a 1 KB PutItem with a sort key,
//     on one of 100,000 keys of an on-demand table, 10,000 requests per
//     virtual second) with ThrottleMode::kOff and kSimulate;
//   - BM_ThrottleAdmitRatio/rps:N: both paths timed in the same iteration
//     over the same request stream at N requests per virtual second (2,000:
//     everything admitted; 10,000: 60% throttled, the table's 4,000 WRU
//     binds); counter `simulate_over_off` is the cost ratio (target <= 1.5);
//   - BM_ThrottleOneHourScenario: one hour of virtual time at 10,000
//     requests/s (36,000,000 requests: uniform keys, a hot key taking 5%, a
//     GSI with a low-cardinality key on a tenth of them) on a new on-demand
//     table; items_per_second = simulated requests per real second (target
//     >= 2,000,000 on one core) — the simulator alone;
//   - BM_ThrottleDatabasePutRatio/rps:N: the same comparison through the
//     Database: PutItem of a 100-byte item (one of 100,000 keys, 5% on one
//     hot key, a tenth with a GSI key) with Options::throttle.mode kOff and
//     kSimulate, both timed in one run over the same requests; counter
//     `simulate_over_off` (target <= 1.5);
//   - BM_ThrottleDatabaseOneHour: the one-hour scenario above as real
//     PutItems through the Database with throttling simulated;
//     items_per_second = simulated requests per real second.
//
//   build/dev/bench/throttle_bench --benchmark_min_time=0.5

#include <chrono>
#include <cstring>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "emulator/api/database.h"
#include "emulator/base/clock.h"
#include "emulator/capacity/simulator.h"
#include "emulator/storage/record.h"

namespace eddy::capacity {
namespace {

constexpr int kKeys = 100'000;
constexpr int64_t kStepMicros = 100;  // 10,000 requests per virtual second

// One 32-byte record per key (as an engine would have the key bytes at
// hand): pk "customer#NNNNNNN" (16 bytes), sk "o#NNNN" (<= 8), hash.
struct Keys {
  struct Record {
    char pk[16];
    char sk[8];
    uint64_t hash;
  };
  std::vector<Record> records;
  Keys() : records(kKeys) {
    for (int i = 0; i < kKeys; ++i) {
      const std::string pk = "customer#" + std::to_string(1'000'000 + i);
      const std::string sk = "o#" + std::to_string(7 * i % 9973);
      Record& r = records[i];
      std::memcpy(r.pk, pk.data(), 16);
      std::memset(r.sk, 0, 8);
      std::memcpy(r.sk, sk.data(), sk.size());
      r.hash = storage::HashPartitionKey(pk);
    }
  }
};
const Keys& TheKeys() {
  static const Keys* keys = new Keys();
  return *keys;
}

// A cheap deterministic stream of key indexes.
struct Stream {
  uint64_t s = 88172645463325252ULL;
  int Next() {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return static_cast<int>(s % kKeys);
  }
};

struct Setup {
  ManualClock clock;
  std::unique_ptr<ThrottleSimulator> sim;
  ResourceId table = kNoResource, index = kNoResource;
  explicit Setup(ThrottleMode mode) {
    SimulatorOptions o;
    o.mode = mode;
    o.clock = &clock;
    sim = std::make_unique<ThrottleSimulator>(o);
    ResourceConfig t;
    t.arn = "arn:aws:dynamodb:us-east-1:000000000000:table/bench";
    t.billing = Billing::kOnDemand;
    table = *sim->Register(t);
    ResourceConfig g = t;
    g.arn += "/index/byStatus";
    g.kind = ResourceKind::kIndex;
    g.table = table;
    index = *sim->Register(g);
  }
  Access Make(int k) const {
    const Keys::Record& r = TheKeys().records[k];
    Access a;
    a.resource = table;
    a.hash = r.hash;
    a.partition_key = std::string_view(r.pk, 16);
    a.sort_key = std::string_view(r.sk, strnlen(r.sk, 8));
    a.write_half_units = 2;
    return a;
  }
};

void BM_ThrottleAdmit(benchmark::State& state) {
  Setup setup(state.range(0) == 0 ? ThrottleMode::kOff
                                  : ThrottleMode::kSimulate);
  TheKeys();
  Stream stream;
  int64_t admitted = 0;
  for (auto _ : state) {
    setup.clock.AdvanceMicros(kStepMicros);
    Access a = setup.Make(stream.Next());
    admitted += setup.sim->Admit({&a, 1}).admitted();
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["admitted_fraction"] =
      static_cast<double>(admitted) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_ThrottleAdmit)->ArgName("mode")->Arg(0)->Arg(1);

// Throttling off vs simulated in one run: each iteration sends `batch`
// requests through `off`, then the same stream through `on`, on their own
// manual clocks at state.range(0) requests per virtual second.
// `send(setup, i, stream)` sends request i and returns whether it was
// admitted. Reports each mode's real time per request and their ratio.
template <typename S, typename Send>
void MeasureOffVsOn(benchmark::State& state, S& off, S& on, int batch,
                    Send send) {
  const int64_t step = 1'000'000 / state.range(0);
  int64_t admitted = 0;
  double off_ns = 0, on_ns = 0;
  for (auto _ : state) {
    for (S* s : {&off, &on}) {
      Stream stream;
      const auto begin = std::chrono::steady_clock::now();
      for (int i = 0; i < batch; ++i) {
        s->clock.AdvanceMicros(step);
        const bool ok = send(*s, i, stream);
        if (s == &on) admitted += ok;
      }
      const double ns = std::chrono::duration<double, std::nano>(
                            std::chrono::steady_clock::now() - begin)
                            .count();
      (s == &off ? off_ns : on_ns) += ns;
    }
  }
  const double n = static_cast<double>(state.iterations()) * batch;
  state.SetItemsProcessed(static_cast<int64_t>(2 * n));
  state.counters["off_ns_per_request"] = off_ns / n;
  state.counters["simulate_ns_per_request"] = on_ns / n;
  state.counters["simulate_over_off"] = on_ns / off_ns;
  state.counters["admitted_fraction"] = static_cast<double>(admitted) / n;
}

void BM_ThrottleAdmitRatio(benchmark::State& state) {
  Setup off(ThrottleMode::kOff), on(ThrottleMode::kSimulate);
  TheKeys();
  MeasureOffVsOn(state, off, on, 200'000, [](Setup& s, int, Stream& stream) {
    Access a = s.Make(stream.Next());
    return s.sim->Admit({&a, 1}).admitted();
  });
}
BENCHMARK(BM_ThrottleAdmitRatio)
    ->ArgName("rps")
    ->Arg(2000)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond);

void BM_ThrottleOneHourScenario(benchmark::State& state) {
  constexpr int64_t kRequests = 3600LL * 10'000;
  static const std::string kStatus[3] = {"active", "pending", "done"};
  TheKeys();
  int64_t admitted = 0;
  for (auto _ : state) {
    state.PauseTiming();
    Setup setup(ThrottleMode::kSimulate);
    Stream stream;
    state.ResumeTiming();
    Access put[2];
    for (int64_t i = 0; i < kRequests; ++i) {
      setup.clock.AdvanceMicros(kStepMicros);
      const int k = i % 20 == 0 ? 42 : stream.Next();  // a 5% hot key
      put[0] = setup.Make(k);
      size_t n = 1;
      if (i % 10 == 0) {  // a tenth also write a GSI entry
        put[1].resource = setup.index;
        put[1].partition_key = kStatus[i % 3];
        put[1].hash = storage::HashPartitionKey(put[1].partition_key);
        put[1].write_half_units = 2;
        n = 2;
      }
      admitted += setup.sim->Admit({put, n}).admitted();
    }
  }
  state.SetItemsProcessed(state.iterations() * kRequests);
  state.counters["admitted_fraction"] =
      static_cast<double>(admitted) /
      static_cast<double>(state.iterations() * kRequests);
}
BENCHMARK(BM_ThrottleOneHourScenario)->Unit(benchmark::kSecond)->Iterations(1);

// --- Through the Database ---------------------------------------------------

// 100,000 prebuilt PutItem requests on table "bench" (a GSI on "status").
struct Requests {
  std::vector<PutItemRequest> puts;
  Requests() : puts(kKeys) {
    static const char* kStatus[3] = {"active", "pending", "done"};
    for (int i = 0; i < kKeys; ++i) {
      PutItemRequest& r = puts[i];
      r.table_name = "bench";
      r.item.Set("pk",
                 AttributeValue::S(std::string(TheKeys().records[i].pk, 16)));
      r.item.Set("sk", AttributeValue::S(
                           std::string(TheKeys().records[i].sk,
                                       strnlen(TheKeys().records[i].sk, 8))));
      r.item.Set("data", AttributeValue::S(std::string(60, 'x')));
      if (i % 10 == 0) r.item.Set("status", AttributeValue::S(kStatus[i % 3]));
    }
  }
};
const Requests& TheRequests() {
  static const Requests* r = new Requests();
  return *r;
}

struct DbSetup {
  ManualClock clock{1'700'000'000'000'000};
  std::unique_ptr<Database> db;
  explicit DbSetup(ThrottleMode mode) {
    Options o;
    o.clock = &clock;
    o.throttle.mode = mode;
    db = std::make_unique<Database>(o);
    CreateTableRequest c;
    c.table_name = "bench";
    c.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
    c.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                               {"sk", ScalarAttributeType::kS},
                               {"status", ScalarAttributeType::kS}};
    GlobalSecondaryIndex g;
    g.index_name = "byStatus";
    g.key_schema = {{"status", KeyType::kHash}};
    g.projection.projection_type = ProjectionType::kKeysOnly;
    c.global_secondary_indexes = {g};
    c.billing_mode = BillingMode::kPayPerRequest;
    if (!db->CreateTable(c).ok()) std::abort();
  }
};

void BM_ThrottleDatabasePutRatio(benchmark::State& state) {
  DbSetup off(ThrottleMode::kOff), on(ThrottleMode::kSimulate);
  const Requests& requests = TheRequests();
  MeasureOffVsOn(state, off, on, 100'000,
                 [&requests](DbSetup& s, int i, Stream& stream) {
                   const int k = i % 20 == 0 ? 42 : stream.Next();
                   return s.db->PutItem(requests.puts[k]).ok();
                 });
}
BENCHMARK(BM_ThrottleDatabasePutRatio)
    ->ArgName("rps")
    ->Arg(2000)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond);

void BM_ThrottleDatabaseOneHour(benchmark::State& state) {
  constexpr int64_t kRequests = 3600LL * 10'000;
  const Requests& requests = TheRequests();
  int64_t admitted = 0;
  for (auto _ : state) {
    state.PauseTiming();
    DbSetup setup(ThrottleMode::kSimulate);
    Stream stream;
    state.ResumeTiming();
    for (int64_t i = 0; i < kRequests; ++i) {
      setup.clock.AdvanceMicros(kStepMicros);
      const int k = i % 20 == 0 ? 42 : stream.Next();
      admitted += setup.db->PutItem(requests.puts[k]).ok();
    }
    state.PauseTiming();
    setup.db.reset();  // freeing 100,000 items is not the scenario's cost
    state.ResumeTiming();
  }
  state.SetItemsProcessed(state.iterations() * kRequests);
  state.counters["admitted_fraction"] =
      static_cast<double>(admitted) /
      static_cast<double>(state.iterations() * kRequests);
}
BENCHMARK(BM_ThrottleDatabaseOneHour)->Unit(benchmark::kSecond)->Iterations(1);

}  // namespace
}  // namespace eddy::capacity

BENCHMARK_MAIN();
