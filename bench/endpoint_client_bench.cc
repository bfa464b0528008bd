// Copyright 2026 The eddy Authors.
//
// Endpoint mode's client (tools/endpoint/) under load: bench/endpoint_load.py's
// workload — GetItem (random of N items), PutItem (overwrite, ~200 B) and a
// 40-item Query — sent by DynamoDBClient (SigV4 with OpenSSL, keep-alive,
// requests encoded and answers decoded by tools/endpoint/codec.h as endpoint
// mode does) with 1 and 16 connections, one thread per connection: requests
// per second and p50/p99 round trip. Comparable with endpoint_load.py's rows
// against the same server (same table, items and requests).
//
// Then `eddy model run MODEL --endpoint` itself (RunModel over an
// EndpointBackend, as the CLI runs it) at each connection count
// (--connections N of the CLI), `--model-runs` times each: the load's rate
// (items per second of wall time, requests built and answers decoded
// included), the verification's (pattern runs per second, every answer
// checked against the ground truth) and the whole run's wall time.
//
//   build/bench/endpoint_client_bench                      # starts eddy-server
//   build/bench/endpoint_client_bench --seconds 1 --connections 1,16
//   build/bench/endpoint_client_bench --endpoint http://127.0.0.1:8000
//   build/bench/endpoint_client_bench --seconds 0 --model model/kayak.json
//
// Credentials and region as endpoint mode finds them (credentials.h); for a
// local endpoint without any, dummy ones. It creates a PAY_PER_REQUEST table
// (eddy_endpoint_client_bench_<pid>), loads it, runs and deletes it. Never
// point it at a real AWS account you do not mean to pay for.

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "emulator/wire/request_json.h"
#include "model/model.h"
#include "model/runner.h"
#include "tools/endpoint/codec.h"
#include "tools/endpoint/credentials.h"
#include "tools/endpoint/http_client.h"
#include "tools/endpoint/model_backend.h"

extern char** environ;

namespace eddy::endpoint {
namespace {

using SteadyClock = std::chrono::steady_clock;
constexpr int kQueryItems = 40;

Item MakeItem(const std::string& pk, const std::string& sk) {
  return Item{{"pk", AttributeValue::S(pk)},
              {"sk", AttributeValue::S(sk)},
              {"model", AttributeValue::S("Sea Eagle 370 Pro, tandem")},
              {"price", AttributeValue::ParseN("79.99").value()},
              {"capacity", AttributeValue::N(3)},
              {"available", AttributeValue::Bool(true)},
              {"notes",
               AttributeValue::S("Rinse with fresh water after each rental.")}};
}

// Starts eddy-server --port 0; returns its pid and URL (from the ready line).
bool StartServer(const std::string& binary, pid_t* pid, std::string* url) {
  int out[2];
  if (pipe(out) != 0) return false;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_addclose(&actions, out[0]);
  std::vector<std::string> args = {binary, "--port", "0"};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  const int rc =
      posix_spawn(pid, binary.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(out[1]);
  if (rc != 0) return false;
  std::string line;
  char c;
  while (read(out[0], &c, 1) == 1 && c != '\n') line.push_back(c);
  close(out[0]);
  *url = line.substr(line.rfind(' ') + 1);
  return url->rfind("http", 0) == 0;
}

struct Row {
  double rps = 0, p50 = 0, p99 = 0;
};

Row RunWorkload(DynamoDBClient* client, const std::string& table, int items,
                const std::string& kind, int connections, double seconds) {
  std::vector<std::vector<double>> latencies(connections);
  std::atomic<bool> failed{false};
  const auto start = SteadyClock::now() + std::chrono::milliseconds(50);
  const auto stop = start + std::chrono::duration_cast<SteadyClock::duration>(
                                std::chrono::duration<double>(seconds));
  std::vector<std::thread> threads;
  for (int c = 0; c < connections; ++c) {
    threads.emplace_back([&, c] {
      std::mt19937_64 rng(c + 1);
      auto one = [&]() -> bool {
        const std::string key =
            "item#" + std::to_string(rng() % static_cast<uint64_t>(items));
        if (kind == "GetItem") {
          GetItemRequest g{.table_name = table,
                           .key = {{"pk", AttributeValue::S(key)},
                                   {"sk", AttributeValue::S("0")}}};
          CallResult r = client->Call("GetItem", EncodeRequestJson(g));
          return r.ok() && DecodeGetItemResponse(r.body).ok();
        }
        if (kind == "PutItem") {
          PutItemRequest p{.table_name = table, .item = MakeItem(key, "0")};
          CallResult r = client->Call("PutItem", EncodeRequestJson(p));
          return r.ok() && DecodePutItemResponse(r.body).ok();
        }
        QueryRequest q{.table_name = table,
                       .key_condition_expression = "pk = :p",
                       .expression_attribute_values = ExpressionAttributeValues{
                           {":p", AttributeValue::S("query#0")}}};
        CallResult r = client->Call("Query", EncodeRequestJson(q));
        StatusOr<QueryResponse> page =
            r.ok() ? DecodeQueryResponse(r.body)
                   : StatusOr<QueryResponse>(r.ToStatus());
        return page.ok() && page->items.size() == kQueryItems;
      };
      for (int i = 0; i < 20; ++i) one();  // warm-up
      std::this_thread::sleep_until(start);
      for (;;) {
        const auto t0 = SteadyClock::now();
        if (!one()) failed = true;
        const auto t1 = SteadyClock::now();
        if (t1 >= stop) break;
        latencies[c].push_back(
            std::chrono::duration<double, std::micro>(t1 - t0).count());
      }
    });
  }
  for (std::thread& t : threads) t.join();
  std::vector<double> all;
  for (auto& l : latencies) all.insert(all.end(), l.begin(), l.end());
  std::sort(all.begin(), all.end());
  Row row;
  if (failed) std::fprintf(stderr, "%s: some requests failed\n", kind.c_str());
  if (all.empty()) return row;
  row.rps = static_cast<double>(all.size()) / seconds;
  row.p50 = all[all.size() / 2];
  row.p99 = all[std::min(all.size() - 1, all.size() * 99 / 100)];
  return row;
}

// `eddy model run MODEL --endpoint` at each connection count, `repeats`
// times each (interleaved), as the CLI runs it.
int ModelRows(const ClientOptions& base, const std::string& path,
              const std::vector<int>& connections, int repeats) {
  StatusOr<model::Model> m = model::LoadModelFile(path);
  if (!m.ok()) {
    std::fprintf(stderr, "%s: %s\n", path.c_str(),
                 m.status().ToString().c_str());
    return 1;
  }
  std::printf(
      "\n`eddy model run %s --endpoint` (RunModel over EndpointBackend)\n\n"
      "| connections | load items/s | verify runs/s | whole run s | "
      "verified |\n|---|---|---|---|---|\n",
      path.c_str());
  for (int rep = 0; rep < repeats; ++rep) {
    for (int c : connections) {
      ClientOptions o = base;
      o.max_concurrency = c;
      StatusOr<std::unique_ptr<DynamoDBClient>> client =
          DynamoDBClient::Create(o);
      if (!client.ok()) return 1;
      EndpointBackend backend(client->get());
      model::RunOptions options;
      options.backend = &backend;
      options.table_name =
          MakeRunPrefix(std::chrono::duration_cast<std::chrono::microseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count(),
                        static_cast<uint64_t>(getpid()) * 31 + rep * 1024 + c) +
          m->table.name;
      const auto t0 = SteadyClock::now();
      StatusOr<model::RunReport> report = model::RunModel(*m, options);
      const double whole =
          std::chrono::duration<double>(SteadyClock::now() - t0).count();
      const Status cleanup = backend.DeleteCreatedTables();
      if (!report.ok() || !cleanup.ok()) {
        std::fprintf(stderr, "model run: %s %s\n",
                     report.status().ToString().c_str(),
                     cleanup.ToString().c_str());
        return 1;
      }
      int64_t runs = 0, executable = 0, ok = 0;
      for (const model::PatternReport& p : report->patterns) {
        runs += p.runs;
        if (!p.executable || !p.skipped.empty()) continue;
        ++executable;
        if (p.verified == p.runs) ++ok;
      }
      const double verify_seconds = report->run_seconds;
      std::printf(
          "| %d | %.0f | %.0f | %.2f | %lld/%lld patterns |\n", c,
          report->load.items_per_second,
          verify_seconds > 0 ? static_cast<double>(runs) / verify_seconds : 0.0,
          whole, static_cast<long long>(ok),
          static_cast<long long>(executable));
      std::fflush(stdout);
    }
  }
  return 0;
}

int Main(int argc, char** argv) {
  std::string endpoint, server_binary = EDDY_SERVER_BINARY;
  std::string connections_arg = "1,16";
  std::string model_path = EDDY_SOURCE_DIR "/model/kayak.json";
  int model_runs = 3;
  double seconds = 3;
  int items = 10000;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const char* v = i + 1 < argc ? argv[i + 1] : "";
    if (a == "--endpoint") {
      endpoint = v, ++i;
    } else if (a == "--eddy-server") {
      server_binary = v, ++i;
    } else if (a == "--seconds") {
      seconds = std::atof(v), ++i;
    } else if (a == "--items") {
      items = std::atoi(v), ++i;
    } else if (a == "--connections") {
      connections_arg = v, ++i;
    } else if (a == "--model") {
      model_path = v, ++i;
    } else if (a == "--model-runs") {
      model_runs = std::atoi(v), ++i;
    } else {
      std::fprintf(stderr,
                   "usage: endpoint_client_bench [--endpoint URL | "
                   "--eddy-server PATH] [--seconds S (0: no workload rows)] "
                   "[--items N] [--connections 1,16] [--model FILE] "
                   "[--model-runs N (0: none)]\n");
      return 2;
    }
  }
  std::vector<int> connections;
  for (size_t p = 0; p < connections_arg.size();) {
    connections.push_back(std::atoi(connections_arg.c_str() + p));
    const size_t comma = connections_arg.find(',', p);
    if (comma == std::string::npos) break;
    p = comma + 1;
  }
  pid_t server = 0;
  if (endpoint.empty() && !StartServer(server_binary, &server, &endpoint)) {
    std::fprintf(stderr, "could not start %s\n", server_binary.c_str());
    return 1;
  }
  ClientOptions o;
  o.endpoint = endpoint;
  StatusOr<AwsSettings> settings = LoadAwsSettings(ProcessEnv, false);
  if (settings.ok()) {
    o.credentials = settings->credentials;
    o.region = settings->region.empty() ? "us-east-1" : settings->region;
  } else {
    o.credentials = {"AKIDENDPOINTBENCH", "dummy", ""};
    o.region = "us-east-1";
  }
  o.max_concurrency = *std::max_element(connections.begin(), connections.end());
  StatusOr<std::unique_ptr<DynamoDBClient>> client = DynamoDBClient::Create(o);
  if (!client.ok()) {
    std::fprintf(stderr, "%s\n", client.status().ToString().c_str());
    return 1;
  }
  const std::string table =
      "eddy_endpoint_client_bench_" + std::to_string(getpid());
  CreateTableRequest create;
  create.table_name = table;
  create.billing_mode = BillingMode::kPayPerRequest;
  create.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
  create.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                                  {"sk", ScalarAttributeType::kS}};
  int status = 0;
  CallResult r = (*client)->Call("CreateTable", EncodeRequestJson(create));
  if (!r.ok()) {
    std::fprintf(stderr, "CreateTable: %s\n", r.ToStatus().ToString().c_str());
    status = 1;
  }
  for (int i = 0; status == 0 && i < 600; ++i) {  // wait for ACTIVE
    r = (*client)->Call("DescribeTable",
                        EncodeRequestJson(DescribeTableRequest{table}));
    StatusOr<DescribeTableResponse> d = DecodeDescribeTableResponse(r.body);
    if (d.ok() && d->table.table_status == TableStatus::kActive) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  std::vector<Item> to_load;
  for (int i = 0; i < items; ++i) {
    to_load.push_back(MakeItem("item#" + std::to_string(i), "0"));
  }
  for (int i = 0; i < kQueryItems; ++i) {
    char sk[8];
    std::snprintf(sk, sizeof sk, "%04d", i);
    to_load.push_back(MakeItem("query#0", sk));
  }
  for (size_t s = 0; status == 0 && seconds > 0 && s < to_load.size();
       s += 25) {
    BatchWriteItemRequest b;
    for (size_t i = s; i < std::min(to_load.size(), s + 25); ++i) {
      b.request_items[table].push_back(WriteRequest{to_load[i], std::nullopt});
    }
    while (status == 0 && !b.request_items.empty()) {
      r = (*client)->Call("BatchWriteItem", EncodeRequestJson(b));
      StatusOr<BatchWriteItemResponse> w =
          r.ok() ? DecodeBatchWriteItemResponse(r.body)
                 : StatusOr<BatchWriteItemResponse>(r.ToStatus());
      if (!w.ok()) {
        std::fprintf(stderr, "BatchWriteItem: %s\n",
                     w.status().ToString().c_str());
        status = 1;
        break;
      }
      b.request_items = std::move(w->unprocessed_items);
    }
  }
  if (status == 0 && seconds > 0) {
    std::printf("endpoint %s, %d items, %.1f s per row (DynamoDBClient)\n\n",
                endpoint.c_str(), items, seconds);
    std::printf("| workload | connections | req/s | p50 us | p99 us |\n");
    std::printf("|---|---|---|---|---|\n");
    for (int c : connections) {
      for (const char* kind : {"GetItem", "PutItem", "Query"}) {
        Row row = RunWorkload(client->get(), table, items, kind, c, seconds);
        const std::string label =
            std::string(kind) == "PutItem" ? "PutItem (~200 B)"
            : std::string(kind) == "Query" ? "Query (40 items)"
                                           : "GetItem";
        std::printf("| %s | %d | %.0f | %.0f | %.0f |\n", label.c_str(), c,
                    row.rps, row.p50, row.p99);
        std::fflush(stdout);
      }
    }
  }
  (*client)->Call("DeleteTable", EncodeRequestJson(DeleteTableRequest{table}));
  if (status == 0 && model_runs > 0) {
    status = ModelRows(o, model_path, connections, model_runs);
  }
  if (server != 0) {
    kill(server, SIGTERM);
    waitpid(server, nullptr, 0);
  }
  return status;
}

}  // namespace
}  // namespace eddy::endpoint

int main(int argc, char** argv) { return eddy::endpoint::Main(argc, argv); }
