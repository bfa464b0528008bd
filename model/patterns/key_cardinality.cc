// Copyright 2026 The eddy Authors.
//
// A low-cardinality partition key (a country code) next to a high-cardinality
// one (a user id), and a computed suffix in between (second seed: "choose a
// partition key with high cardinality so data and traffic spread over the
// hash space ... append a computed suffix to spread a key further").

#include <algorithm>
#include <map>
#include <set>

#include "model/design_patterns.h"
#include "model/internal/random.h"
#include "model/patterns/pattern_util.h"

namespace eddy::model {
namespace {

using model::internal::Fmt;

struct Layout {
  std::string table;
  std::string label;
  std::string (*key)(const std::string& country, int user, int suffixes);
};

std::string ByCountry(const std::string& country, int, int) { return country; }
std::string ByCountrySuffix(const std::string& country, int user,
                            int suffixes) {
  // The suffix is computed from the user, so a reader who knows the user
  // knows the key; a reader of a whole country queries every suffix.
  return country + "#" + std::to_string(user % suffixes);
}
std::string ByUser(const std::string&, int user, int) {
  return Fmt("user#%06d", user);
}

}  // namespace

DesignPatternResult RunKeyCardinality(const KeyCardinalityOptions& options) {
  DesignPatternResult result;
  result.name = "key cardinality";
  result.advice =
      "A partition key with few values (a country code) puts the data and "
      "traffic on few partitions; a high-cardinality key (a user id) spreads "
      "them over all of them.";
  model::internal::PatternRecorder rec(&result);
  const int users = std::max(options.users, 1);
  const int suffixes = std::max(options.suffixes, 1);
  const Layout layouts[] = {
      {"users_by_country", "country code (2 values)", ByCountry},
      {"users_by_country_suffix",
       Fmt("country code + computed suffix (2 x %d values)", suffixes),
       ByCountrySuffix},
      {"users_by_id", Fmt("user id (%d values)", users), ByUser},
  };
  // 70% of users in one country.
  model::internal::Random rng(options.seed);
  std::vector<std::string> country(users);
  for (int u = 0; u < users; ++u)
    country[u] = rng.Uniform(10) < 7 ? "US" : "CA";

  Database db;
  std::map<std::string, int> used_partitions;
  std::map<std::string, double> hottest_share;
  for (const Layout& layout : layouts) {
    Status s = model::internal::CreateSimpleTable(
        db, layout.table, "PK", "SK",
        ProvisionedThroughput{options.read_units, options.write_units});
    if (!s.ok()) {
      rec.Fail("CreateTable", s);
      return result;
    }
    std::vector<Item> items;
    items.reserve(users);
    for (int u = 0; u < users; ++u) {
      items.push_back(
          {{"PK", AttributeValue::S(layout.key(country[u], u, suffixes))},
           {"SK", AttributeValue::S(Fmt("user#%06d", u))},
           {"country", AttributeValue::S(country[u])}});
    }
    if (Status w = model::internal::PutAll(db, layout.table, items); !w.ok()) {
      rec.Fail("BatchWriteItem", w);
      return result;
    }
    StatusOr<std::vector<uint64_t>> starts =
        db.DescribePartitions(layout.table);
    if (!starts.ok()) {
      rec.Fail("DescribePartitions", starts.status());
      return result;
    }
    std::vector<int64_t> per_partition(starts->size(), 0);
    std::set<std::string> keys;
    for (const Item& item : items) {
      const std::string& pk = item.Find("PK")->s();
      keys.insert(pk);
      ++per_partition[model::internal::PartitionOf(
          *starts, model::internal::PartitionKeyHash(pk))];
    }
    int64_t seen = 0;
    StatusOr<bool> ordered =
        model::internal::ScanOrderMatchesHash(db, layout.table, "PK", &seen);
    rec.Check(ordered.ok() && *ordered && seen == users,
              layout.table +
                  ": Scan returns all items in partition-key hash "
                  "order (the placement below uses the engine's hash)");
    const int used = static_cast<int>(
        std::count_if(per_partition.begin(), per_partition.end(),
                      [](int64_t n) { return n > 0; }));
    const int64_t max =
        *std::max_element(per_partition.begin(), per_partition.end());
    const double share = static_cast<double>(max) / users;
    std::string spread;
    for (size_t p = 0; p < per_partition.size(); ++p) {
      spread +=
          Fmt("%s%lld", p ? " " : "", static_cast<long long>(per_partition[p]));
    }
    rec.Line(
        Fmt("%-24s %zu keys -> items per partition [%s]; %d of %zu "
            "partitions used; the busiest holds %.1f%%",
            layout.label.c_str(), keys.size(), spread.c_str(), used,
            starts->size(), 100 * share));
    rec.Line(Fmt(
        "%-24s with uniform traffic per user, the busiest partition "
        "(1,000 WCU/s) caps the table at about %.0f WCU/s of %lld "
        "provisioned",
        "", std::min(1000.0 / share, static_cast<double>(options.write_units)),
        static_cast<long long>(options.write_units)));
    used_partitions[layout.table] = used;
    hottest_share[layout.table] = share;
    rec.Figure(layout.table + "_partitions_used", used);
    rec.Figure(layout.table + "_hottest_share", share);
    rec.Figure("partitions", static_cast<double>(starts->size()));
  }
  const int partitions = static_cast<int>(result.figures["partitions"]);
  rec.Check(used_partitions["users_by_country"] <= 2,
            "a two-value key uses at most two partitions");
  rec.Check(used_partitions["users_by_country_suffix"] >
                used_partitions["users_by_country"],
            "the computed suffix spreads the country key over more partitions");
  rec.Check(used_partitions["users_by_id"] == partitions,
            "the user-id key uses every partition");
  rec.Check(hottest_share["users_by_id"] < 2.0 / partitions,
            "with the user-id key no partition holds twice its fair share");
  rec.Check(hottest_share["users_by_country"] >= 0.5,
            "with the country key one partition holds at least half the items");
  return result;
}

}  // namespace eddy::model
