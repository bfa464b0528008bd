// Copyright 2026 The eddy Authors.

#include "model/lab/remedy.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "model/cost.h"
#include "model/suggest.h"

namespace eddy::lab {
namespace {

struct OptionRule {
  std::string name;
  double min = 0;
  double max = 0;
  bool required = false;
};

struct RemedyRule {
  RemedyKind kind;
  std::string name;
  std::vector<OptionRule> options;
};

const std::vector<RemedyRule>& Rules() {
  static const auto* rules = new std::vector<RemedyRule>{
      {RemedyKind::kCache,
       "cache",
       {{"items", 0, 1e9},
        {"queries", 0, 1e9},
        {"itemTtl", 0, 30 * 86400.0},
        {"queryTtl", 0, 30 * 86400.0},
        {"nodes", 1, 11},
        {"nodeHour", 0, 1000}}},
      {RemedyKind::kQueue,
       "queue",
       {{"rate", 1e-3, 1e7, /*required=*/true}, {"perMillion", 0, 1000}}},
      {RemedyKind::kShard, "shard", {{"n", 2, 10000}}},
      {RemedyKind::kTablePerPeriod,
       "table-per-period",
       {{"tables", 1, 1000}, {"oldRcu", 1, 1e6}, {"oldWcu", 1, 1e6}}},
      {RemedyKind::kChunk, "chunk", {{"bytes", 1024, 400 * 1024}}},
  };
  return *rules;
}

// DAX dax.t3.small, US East, per node-hour (public pricing, April 2026);
// a production cluster has 3 nodes.
constexpr double kDaxNodeHour = 0.04;
constexpr int kDaxNodes = 3;
// SQS standard queue, per million requests (public pricing); a message is
// sent, received and deleted: 3 requests.
constexpr double kSqsPerMillion = 0.40;
constexpr int kRequestsPerMessage = 3;
constexpr int64_t kMetadataBytes = 200;

bool IsWrite(Operation op) {
  return op == Operation::kPutItem || op == Operation::kUpdateItem ||
         op == Operation::kDeleteItem || op == Operation::kBatchWriteItem;
}

bool IsRead(Operation op) { return !IsWrite(op); }

void ScaleRate(Stream& s, double factor) {
  for (RatePoint& p : s.rate) p.per_second *= factor;
}

double Hours(const ScenarioResult& r) {
  return static_cast<double>(r.scenario.duration_seconds) / 3600.0;
}

}  // namespace

double Remedy::Option(const std::string& name, double fallback) const {
  auto it = options.find(name);
  return it == options.end() ? fallback : it->second;
}

const std::vector<std::string>& RemedyNames() {
  static const auto* names = [] {
    auto* v = new std::vector<std::string>;
    for (const RemedyRule& r : Rules()) v->push_back(r.name);
    return v;
  }();
  return *names;
}

StatusOr<Remedy> ParseRemedy(std::string_view spec) {
  const size_t colon = spec.find(':');
  const std::string name(spec.substr(0, colon));
  const RemedyRule* rule = nullptr;
  for (const RemedyRule& r : Rules()) {
    if (r.name == name) rule = &r;
  }
  if (rule == nullptr) {
    std::string list;
    for (const std::string& n : RemedyNames()) {
      list += (list.empty() ? "" : ", ") + n;
    }
    return Status::Validation("unknown remedy '" + name + "'" +
                              model::DidYouMean(name, RemedyNames()) +
                              "; the remedies are " + list);
  }
  Remedy remedy;
  remedy.kind = rule->kind;
  remedy.spec = std::string(spec);
  std::string_view rest =
      colon == std::string_view::npos ? "" : spec.substr(colon + 1);
  while (!rest.empty()) {
    const size_t comma = rest.find(',');
    const std::string_view part = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? "" : rest.substr(comma + 1);
    const size_t eq = part.find('=');
    const std::string key(part.substr(0, eq));
    const OptionRule* option = nullptr;
    std::vector<std::string> known;
    for (const OptionRule& o : rule->options) {
      known.push_back(o.name);
      if (o.name == key) option = &o;
    }
    if (option == nullptr) {
      std::string list;
      for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
      return Status::Validation("remedy " + name + ": unknown option '" + key +
                                "'" + model::DidYouMean(key, known) +
                                "; its options are " + list);
    }
    const std::string text(eq == std::string_view::npos ? ""
                                                        : part.substr(eq + 1));
    char* end = nullptr;
    const double v = text.empty() ? NAN : std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() ||
        !std::isfinite(v) || v < option->min || v > option->max) {
      return Status::Validation(
          "remedy " + name + ": option " + key + " must be a number from " +
          std::to_string(option->min) + " to " + std::to_string(option->max) +
          " (got '" + text + "')");
    }
    remedy.options[key] = v;
  }
  for (const OptionRule& o : rule->options) {
    if (o.required && remedy.options.count(o.name) == 0) {
      return Status::Validation("remedy " + name + " needs " + o.name +
                                "=VALUE, e.g. " + name + ":" + o.name + "=800");
    }
  }
  return remedy;
}

StatusOr<Scenario> ApplyRemedy(const Scenario& scenario, const Remedy& remedy) {
  Scenario s = scenario;
  s.name = scenario.name + " + " + remedy.spec;
  auto fail = [&](const std::string& why) {
    return Status::Validation("remedy " + remedy.spec + " does not apply to " +
                              scenario.name + ": " + why);
  };
  switch (remedy.kind) {
    case RemedyKind::kCache: {
      CacheSpec c;
      c.item_capacity = std::llround(
          remedy.Option("items", static_cast<double>(c.item_capacity)));
      c.query_capacity = std::llround(
          remedy.Option("queries", static_cast<double>(c.query_capacity)));
      c.item_ttl_seconds = std::llround(
          remedy.Option("itemTtl", static_cast<double>(c.item_ttl_seconds)));
      c.query_ttl_seconds = std::llround(
          remedy.Option("queryTtl", static_cast<double>(c.query_ttl_seconds)));
      s.cache = c;
      break;
    }
    case RemedyKind::kQueue: {
      bool any = false;
      for (Stream& st : s.streams) {
        if (!IsWrite(st.operation)) continue;
        st.queue_per_second = remedy.Option("rate", 0);
        any = true;
      }
      if (!any) return fail("it has no write stream");
      break;
    }
    case RemedyKind::kShard: {
      const int n = static_cast<int>(std::llround(remedy.Option("n", 10)));
      for (Stream& st : s.streams) {
        if (st.keys.shards > 0)
          return fail("stream " + st.name + " is sharded");
        st.keys.shards = n;
        // A scatter-gather read: one read per shard.
        if (IsRead(st.operation)) ScaleRate(st, n);
      }
      break;
    }
    case RemedyKind::kTablePerPeriod: {
      const auto before = s.streams.size();
      std::erase_if(s.streams, [](const Stream& st) {
        return st.operation == Operation::kDeleteItem;
      });
      if (s.streams.size() == before) {
        return fail(
            "it has no DeleteItem stream (the cleanup a table per "
            "period replaces)");
      }
      break;
    }
    case RemedyKind::kChunk: {
      const auto bytes = static_cast<int64_t>(remedy.Option("bytes", 10240));
      int most = 0;
      std::vector<Stream> added;
      for (Stream& st : s.streams) {
        if (!IsWrite(st.operation) || st.operation == Operation::kDeleteItem ||
            st.item_bytes <= bytes) {
          continue;
        }
        if (st.keys.shards > 0)
          return fail("stream " + st.name + " is sharded");
        const int chunks =
            static_cast<int>((st.item_bytes + bytes - 1) / bytes);
        most = std::max(most, chunks);
        Stream meta = st;
        meta.name = st.name + " (metadata)";
        meta.item_bytes = kMetadataBytes;
        added.push_back(std::move(meta));
        st.name += " (chunks)";
        st.item_bytes = bytes;
        st.keys.shards = chunks;
        ScaleRate(st, chunks);
      }
      if (most == 0) {
        return fail("no write stream has items larger than " +
                    std::to_string(bytes) + " bytes");
      }
      for (Stream& st : s.streams) {
        if (st.operation != Operation::kGetItem &&
            st.operation != Operation::kBatchGetItem) {
          continue;
        }
        if (st.keys.shards > 0) continue;
        Stream meta = st;
        meta.name = st.name + " (metadata)";
        added.push_back(std::move(meta));
        st.name += " (chunks)";
        st.keys.shards = most;
        ScaleRate(st, most);
      }
      for (Stream& st : added) s.streams.push_back(std::move(st));
      break;
    }
  }
  return s;
}

double RemedyCost(const Remedy& remedy, const ScenarioResult& result) {
  switch (remedy.kind) {
    case RemedyKind::kCache:
      return remedy.Option("nodes", kDaxNodes) *
             remedy.Option("nodeHour", kDaxNodeHour) * Hours(result);
    case RemedyKind::kQueue: {
      int64_t messages = 0;
      for (const StreamResult& st : result.streams) {
        if (IsWrite(st.operation)) messages += st.total.offered;
      }
      return static_cast<double>(messages * kRequestsPerMessage) / 1e6 *
             remedy.Option("perMillion", kSqsPerMillion);
    }
    case RemedyKind::kTablePerPeriod: {
      const model::PriceTable& prices = model::DefaultPriceTable();
      auto it = prices.regions.find("us-east-1");
      if (it == prices.regions.end()) return 0;
      const double old_tables = remedy.Option("tables", 2) - 1;
      return old_tables *
             (remedy.Option("oldRcu", 1) * it->second.rcu_hour +
              remedy.Option("oldWcu", 1) * it->second.wcu_hour) *
             Hours(result);
    }
    case RemedyKind::kShard:
    case RemedyKind::kChunk:
      return 0;
  }
  return 0;
}

}  // namespace eddy::lab
