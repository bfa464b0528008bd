// Copyright 2026 The eddy Authors.
//
// Durable data (api/persistence.h, docs/persistence.md): what a data
// directory keeps across a reopen (tables, settings, items, indexes), what
// recovery does with a torn or damaged log and a damaged snapshot, the
// directory lock, snapshots as fixtures, and a checkpoint under eight
// concurrent writers.

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>
#include <vector>

#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "tests/persist/persist_testing.h"

namespace eddy {
namespace {

using json = nlohmann::json;
using persist_testing::AllItems;
using persist_testing::Call;
using persist_testing::CreateKeyTable;
using persist_testing::DirOptions;
using persist_testing::OpenOrDie;
using persist_testing::Put;
using persist_testing::ScratchDir;
using ::testing::HasSubstr;

void CreateRentals(Database& db) {
  Call(db, "CreateTable",
       {{"TableName", "rentals"},
        {"KeySchema",
         {{{"AttributeName", "pk"}, {"KeyType", "HASH"}},
          {{"AttributeName", "sk"}, {"KeyType", "RANGE"}}}},
        {"AttributeDefinitions",
         {{{"AttributeName", "pk"}, {"AttributeType", "S"}},
          {{"AttributeName", "sk"}, {"AttributeType", "N"}},
          {{"AttributeName", "gpk"}, {"AttributeType", "S"}},
          {{"AttributeName", "lsk"}, {"AttributeType", "S"}}}},
        {"BillingMode", "PAY_PER_REQUEST"},
        {"GlobalSecondaryIndexes",
         {{{"IndexName", "by-gpk"},
           {"KeySchema", {{{"AttributeName", "gpk"}, {"KeyType", "HASH"}}}},
           {"Projection", {{"ProjectionType", "KEYS_ONLY"}}}}}},
        {"LocalSecondaryIndexes",
         {{{"IndexName", "by-lsk"},
           {"KeySchema",
            {{{"AttributeName", "pk"}, {"KeyType", "HASH"}},
             {{"AttributeName", "lsk"}, {"KeyType", "RANGE"}}}},
           {"Projection", {{"ProjectionType", "ALL"}}}}}}});
}

json Item(const std::string& pk, int sk, const std::string& gpk) {
  return {{"pk", {{"S", pk}}},
          {"sk", {{"N", std::to_string(sk)}}},
          {"gpk", {{"S", gpk}}},
          {"lsk", {{"S", "l" + std::to_string(sk)}}},
          {"body",
           {{"M",
             {{"tags", {{"SS", {"a", "b"}}}},
              {"n", {{"NS", {"1.5", "-2"}}}},
              {"bin", {{"B", "AAEC"}}},
              {"ok", {{"BOOL", true}}},
              {"none", {{"NULL", true}}},
              {"list", {{"L", {{{"N", "1e3"}}, {{"S", ""}}}}}}}}}}};
}

// The description members a reopen must keep.
json Kept(const json& describe) {
  json t = describe["Table"];
  json kept;
  for (const char* member :
       {"TableName", "TableArn", "TableId", "CreationDateTime", "KeySchema",
        "AttributeDefinitions", "BillingModeSummary", "ItemCount",
        "LocalSecondaryIndexes"}) {
    if (t.contains(member)) kept[member] = t[member];
  }
  for (json g : t.value("GlobalSecondaryIndexes", json::array())) {
    kept["GSI"].push_back({g["IndexName"], g["KeySchema"], g["Projection"],
                           g["IndexStatus"], g["ItemCount"]});
  }
  return kept;
}

TEST(PersistTest, ReopenKeepsTablesSettingsItemsAndIndexes) {
  ScratchDir dir;
  json before_table, before_items, before_gsi, before_lsi, before_ttl,
      before_tags;
  {
    auto db = OpenOrDie(DirOptions(dir.path()));
    ASSERT_NE(db, nullptr);
    CreateRentals(*db);
    for (int i = 0; i < 50; ++i) {
      Put(*db, "rentals", Item("p" + std::to_string(i % 7), i, "g"));
    }
    Call(*db, "UpdateItem",
         {{"TableName", "rentals"},
          {"Key", {{"pk", {{"S", "p1"}}}, {"sk", {{"N", "1"}}}}},
          {"UpdateExpression", "SET extra = :x REMOVE gpk"},
          {"ExpressionAttributeValues", {{":x", {{"N", "42"}}}}}});
    Call(*db, "DeleteItem",
         {{"TableName", "rentals"},
          {"Key", {{"pk", {{"S", "p2"}}}, {"sk", {{"N", "2"}}}}}});
    Call(*db, "TransactWriteItems",
         {{"TransactItems",
           {{{"Put", {{"TableName", "rentals"}, {"Item", Item("t", 1, "h")}}}},
            {{"Delete",
              {{"TableName", "rentals"},
               {"Key", {{"pk", {{"S", "p3"}}}, {"sk", {{"N", "3"}}}}}}}}}}});
    Call(*db, "UpdateTimeToLive",
         {{"TableName", "rentals"},
          {"TimeToLiveSpecification",
           {{"Enabled", true}, {"AttributeName", "expires"}}}});
    const std::string arn = Call(
        *db, "DescribeTable", {{"TableName", "rentals"}})["Table"]["TableArn"];
    Call(*db, "TagResource",
         {{"ResourceArn", arn},
          {"Tags", {{{"Key", "team"}, {"Value", "kayak"}}}}});
    Call(*db, "UpdateContinuousBackups",
         {{"TableName", "rentals"},
          {"PointInTimeRecoverySpecification",
           {{"PointInTimeRecoveryEnabled", true}}}});
    Call(*db, "UpdateContributorInsights",
         {{"TableName", "rentals"}, {"ContributorInsightsAction", "ENABLE"}});
    before_table = Kept(Call(*db, "DescribeTable", {{"TableName", "rentals"}}));
    before_items = AllItems(*db, "rentals");
    before_gsi = AllItems(*db, "rentals", "by-gpk");
    before_lsi = AllItems(*db, "rentals", "by-lsk");
    before_ttl = Call(*db, "DescribeTimeToLive", {{"TableName", "rentals"}});
    before_tags = Call(*db, "ListTagsOfResource", {{"ResourceArn", arn}});
  }
  auto db = OpenOrDie(DirOptions(dir.path()));
  ASSERT_NE(db, nullptr);
  EXPECT_GT(db->recovery_report().log_records, 50);
  EXPECT_TRUE(db->recovery_report().damage.empty());
  EXPECT_EQ(Kept(Call(*db, "DescribeTable", {{"TableName", "rentals"}})),
            before_table);
  EXPECT_EQ(AllItems(*db, "rentals"), before_items);
  EXPECT_EQ(AllItems(*db, "rentals", "by-gpk"), before_gsi);
  EXPECT_EQ(AllItems(*db, "rentals", "by-lsk"), before_lsi);
  EXPECT_EQ(Call(*db, "DescribeTimeToLive", {{"TableName", "rentals"}}),
            before_ttl);
  EXPECT_EQ(Call(*db, "ListTagsOfResource",
                 {{"ResourceArn", before_table["TableArn"]}}),
            before_tags);
  EXPECT_EQ(before_items.size(), 49u);  // 50 + 1 put - 2 deleted
  EXPECT_EQ(Call(*db, "DescribeContinuousBackups",
                 {{"TableName", "rentals"}})["ContinuousBackupsDescription"]
                                            ["PointInTimeRecoveryDescription"]
                                            ["PointInTimeRecoveryStatus"],
            "ENABLED");
  EXPECT_EQ(Call(*db, "DescribeContributorInsights",
                 {{"TableName", "rentals"}})["ContributorInsightsStatus"],
            "ENABLED");
}

TEST(PersistTest, IndexChangesAndDeletedTablesSurvive) {
  ScratchDir dir;
  {
    auto db = OpenOrDie(DirOptions(dir.path()));
    CreateRentals(*db);
    for (int i = 0; i < 10; ++i) Put(*db, "rentals", Item("p", i, "g"));
    Call(*db, "UpdateTable",
         {{"TableName", "rentals"},
          {"AttributeDefinitions",
           {{{"AttributeName", "lsk"}, {"AttributeType", "S"}}}},
          {"GlobalSecondaryIndexUpdates",
           {{{"Create",
              {{"IndexName", "by-lsk-global"},
               {"KeySchema", {{{"AttributeName", "lsk"}, {"KeyType", "HASH"}}}},
               {"Projection", {{"ProjectionType", "ALL"}}}}}}}}});
    Call(*db, "UpdateTable",
         {{"TableName", "rentals"},
          {"GlobalSecondaryIndexUpdates",
           {{{"Delete", {{"IndexName", "by-gpk"}}}}}}});
    Put(*db, "rentals", Item("p", 100, "g"));
    // A table deleted, and another of the same name created after it.
    CreateKeyTable(*db, "scratch", "S");
    Put(*db, "scratch", {{"k", {{"S", "old"}}}});
    Call(*db, "DeleteTable", {{"TableName", "scratch"}});
    CreateKeyTable(*db, "scratch", "S");
    Put(*db, "scratch", {{"k", {{"S", "new"}}}});
  }
  auto db = OpenOrDie(DirOptions(dir.path()));
  json d = Call(*db, "DescribeTable", {{"TableName", "rentals"}})["Table"];
  ASSERT_EQ(d["GlobalSecondaryIndexes"].size(), 1u);
  EXPECT_EQ(d["GlobalSecondaryIndexes"][0]["IndexName"], "by-lsk-global");
  EXPECT_EQ(AllItems(*db, "rentals", "by-lsk-global").size(), 11u);
  EXPECT_EQ(AllItems(*db, "scratch"), json::array({{{"k", {{"S", "new"}}}}}));
}

TEST(PersistTest, CheckpointThenMoreWritesThenReopen) {
  ScratchDir dir;
  json expected;
  {
    auto db = OpenOrDie(DirOptions(dir.path()));
    CreateRentals(*db);
    for (int i = 0; i < 30; ++i) Put(*db, "rentals", Item("a", i, "g"));
    ASSERT_OK(db->Checkpoint());
    for (int i = 0; i < 30; ++i) Put(*db, "rentals", Item("b", i, "g"));
    ASSERT_OK(db->Checkpoint());
    Call(*db, "DeleteItem",
         {{"TableName", "rentals"},
          {"Key", {{"pk", {{"S", "a"}}}, {"sk", {{"N", "0"}}}}}});
    expected = AllItems(*db, "rentals");
  }
  auto db = OpenOrDie(DirOptions(dir.path()));
  EXPECT_THAT(db->recovery_report().snapshot, HasSubstr("snapshot-"));
  EXPECT_EQ(db->recovery_report().snapshot_items, 60);
  EXPECT_EQ(db->recovery_report().log_records, 1);
  EXPECT_EQ(AllItems(*db, "rentals"), expected);
  // The snapshot before the newest is kept (a way back), older logs not.
  int snapshots = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir.path())) {
    snapshots += e.path().extension() == ".eddysnap";
  }
  EXPECT_EQ(snapshots, 2);
}

TEST(PersistTest, SecondOpenOfADirectoryIsRefused) {
  ScratchDir dir;
  auto db = OpenOrDie(DirOptions(dir.path()));
  StatusOr<std::unique_ptr<Database>> second =
      Database::Open(DirOptions(dir.path()));
  ASSERT_FALSE(second.ok());
  EXPECT_THAT(std::string(second.status().message()),
              HasSubstr("is in use by another eddy process"));
  // The constructor form: every call answers the same error.
  Database broken(DirOptions(dir.path()));
  WireResponse r = Execute(broken, "ListTables", "{}");
  EXPECT_EQ(r.http_status, 500);
  EXPECT_THAT(r.body, HasSubstr("in use by another eddy process"));
}

TEST(PersistTest, ADirectoryThatCannotBeCreatedIsAClearError) {
  StatusOr<std::unique_ptr<Database>> db =
      Database::Open(DirOptions("/dev/null/eddy"));
  ASSERT_FALSE(db.ok());
  EXPECT_THAT(std::string(db.status().message()),
              HasSubstr("cannot create directory /dev/null"));
}

// Writes `n` items, one commit each, to a fresh directory; closes it.
// On a clock that moves 1 ms per write (so the log holds a clock record
// before each write, and the same bytes in every run).
void WriteNumbered(const std::string& dir, int n) {
  ManualClock clock(1'700'000'000'000'000);
  Options options = DirOptions(dir);
  options.clock = &clock;
  auto db = OpenOrDie(options);
  CreateKeyTable(*db, "tab", "N");
  for (int i = 0; i < n; ++i) {
    clock.AdvanceMicros(1000);
    Put(*db, "tab",
        {{"k", {{"N", std::to_string(i)}}},
         {"v", {{"S", std::string(static_cast<size_t>(i % 50), 'x')}}}});
  }
}

std::string OnlySegment(const std::string& dir) {
  std::string found;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().extension() == ".eddylog" &&
        std::filesystem::file_size(e.path()) > 16) {
      EXPECT_TRUE(found.empty()) << "more than one segment with records";
      found = e.path().string();
    }
  }
  return found;
}

// The items recovered: exactly 0..count-1 (a prefix in commit order).
int RecoveredPrefix(Database& db) {
  json items = AllItems(db, "tab");
  std::vector<int> keys;
  for (const auto& item : items)
    keys.push_back(std::stoi(item["k"]["N"].get<std::string>()));
  std::sort(keys.begin(), keys.end());
  for (size_t i = 0; i < keys.size(); ++i) {
    EXPECT_EQ(keys[i], static_cast<int>(i)) << "not a prefix";
  }
  return static_cast<int>(keys.size());
}

TEST(PersistTest, ATornTailRecoversToTheLastWholeRecord) {
  ScratchDir base;
  WriteNumbered(base.path(), 200);
  const std::string segment = OnlySegment(base.path());
  const auto size = std::filesystem::file_size(segment);
  std::mt19937 rng(7);
  int previous = -1;
  for (int round = 0; round < 20; ++round) {
    // A copy of the directory, its log cut at a random offset.
    ScratchDir dir;
    dir.CopyFrom(base.path());
    const auto cut = std::uniform_int_distribution<uintmax_t>(0, size)(rng);
    const std::string copy =
        dir.file(std::filesystem::path(segment).filename());
    std::filesystem::resize_file(copy, cut);
    auto db = OpenOrDie(DirOptions(dir.path()));
    ASSERT_NE(db, nullptr);
    EXPECT_TRUE(db->recovery_report().damage.empty());
    // The clock record and the table image come first: a cut that close to
    // the start may take the table itself away.
    if (cut < 128) continue;
    const int n = RecoveredPrefix(*db);
    EXPECT_LE(n, 200);
    (void)previous;
    previous = n;
    // Writes after recovery land after the cut and survive a reopen.
    Put(*db, "tab", {{"k", {{"N", std::to_string(n)}}}});
    db.reset();
    auto again = OpenOrDie(DirOptions(dir.path()));
    EXPECT_EQ(RecoveredPrefix(*again), n + 1);
  }
  // Cut exactly at the end: nothing lost.
  ScratchDir whole;
  whole.CopyFrom(base.path());
  auto db = OpenOrDie(DirOptions(whole.path()));
  EXPECT_EQ(RecoveredPrefix(*db), 200);
  EXPECT_FALSE(db->recovery_report().torn_tail);
}

// A crash right after a new segment was created leaves it cut inside its
// header: recovery removes it, so that once a newer segment follows, the
// next recovery does not read it as damage (and move the newer one aside).
TEST(PersistTest, ASegmentCutInsideItsHeaderIsGoneAfterRecovery) {
  ScratchDir dir;
  WriteNumbered(dir.path(), 10);
  uint64_t highest = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir.path())) {
    const std::string name = e.path().filename().string();
    if (e.path().extension() == ".eddylog" && name.rfind("log-", 0) == 0) {
      highest = std::max<uint64_t>(highest, std::stoull(name.substr(4, 8)));
    }
  }
  char next[32];
  std::snprintf(next, sizeof(next), "log-%08llu.eddylog",
                static_cast<unsigned long long>(highest + 1));
  { std::ofstream(dir.file(next), std::ios::binary) << "ED"; }
  {
    auto db = OpenOrDie(DirOptions(dir.path()));
    ASSERT_NE(db, nullptr);
    EXPECT_TRUE(db->recovery_report().damage.empty());
    EXPECT_TRUE(db->recovery_report().torn_tail);
    EXPECT_FALSE(std::filesystem::exists(dir.file(next)));
    EXPECT_EQ(RecoveredPrefix(*db), 10);
    Put(*db, "tab", {{"k", {{"N", "10"}}}});
  }
  auto again = OpenOrDie(DirOptions(dir.path()));
  ASSERT_NE(again, nullptr);
  EXPECT_TRUE(again->recovery_report().damage.empty());
  EXPECT_EQ(RecoveredPrefix(*again), 11);
}

TEST(PersistTest, AFlippedByteStopsReplayThereAndKeepsTheFileAside) {
  ScratchDir base;
  WriteNumbered(base.path(), 200);
  const std::string segment = OnlySegment(base.path());
  const auto size = std::filesystem::file_size(segment);
  std::mt19937 rng(11);
  for (int round = 0; round < 10; ++round) {
    ScratchDir dir;
    dir.CopyFrom(base.path());
    const std::string copy =
        dir.file(std::filesystem::path(segment).filename());
    const auto at =
        std::uniform_int_distribution<uintmax_t>(200, size - 1)(rng);
    {
      std::fstream f(copy, std::ios::in | std::ios::out | std::ios::binary);
      f.seekg(static_cast<std::streamoff>(at));
      char c;
      f.get(c);
      f.seekp(static_cast<std::streamoff>(at));
      f.put(static_cast<char>(c ^ 0x5a));
    }
    auto db = OpenOrDie(DirOptions(dir.path()));
    ASSERT_NE(db, nullptr);
    ASSERT_EQ(db->recovery_report().damage.size(), 1u);
    EXPECT_THAT(db->recovery_report().damage[0], HasSubstr("is damaged at"));
    EXPECT_TRUE(std::filesystem::exists(copy + ".damaged"));
    const int n = RecoveredPrefix(*db);
    EXPECT_LT(n, 200);
    // The cut file now ends at the damage: a second open finds none.
    db.reset();
    auto again = OpenOrDie(DirOptions(dir.path()));
    EXPECT_TRUE(again->recovery_report().damage.empty());
    EXPECT_EQ(RecoveredPrefix(*again), n);
  }
}

TEST(PersistTest, ADamagedNewestSnapshotFallsBackToTheOneBefore) {
  ScratchDir dir;
  json expected;
  std::string newest;
  {
    auto db = OpenOrDie(DirOptions(dir.path()));
    CreateKeyTable(*db, "tab", "N");
    for (int i = 0; i < 20; ++i) {
      Put(*db, "tab", {{"k", {{"N", std::to_string(i)}}}});
    }
    ASSERT_OK(db->Checkpoint());
    for (int i = 20; i < 40; ++i) {
      Put(*db, "tab", {{"k", {{"N", std::to_string(i)}}}});
    }
    ASSERT_OK(db->Checkpoint());
    for (int i = 40; i < 45; ++i) {
      Put(*db, "tab", {{"k", {{"N", std::to_string(i)}}}});
    }
    expected = AllItems(*db, "tab");
  }
  for (const auto& e : std::filesystem::directory_iterator(dir.path())) {
    if (e.path().extension() == ".eddysnap" && e.path().string() > newest) {
      newest = e.path().string();
    }
  }
  std::filesystem::resize_file(newest, std::filesystem::file_size(newest) - 3);
  auto db = OpenOrDie(DirOptions(dir.path()));
  ASSERT_EQ(db->recovery_report().damage.size(), 1u);
  EXPECT_THAT(db->recovery_report().damage[0], HasSubstr("older state used"));
  EXPECT_EQ(AllItems(*db, "tab"), expected);
}

TEST(PersistTest, SnapshotsAreFixtures) {
  ScratchDir dir;
  std::filesystem::create_directories(dir.path());
  const std::string file = dir.file("fixture.eddysnap");
  json expected;
  {
    Database db;  // in memory
    CreateRentals(db);
    for (int i = 0; i < 100; ++i) {
      Put(db, "rentals", Item("p" + std::to_string(i % 9), i, "g"));
    }
    ASSERT_OK(db.SaveSnapshot(file));
    expected = AllItems(db, "rentals");
  }
  Database a;
  ASSERT_OK(a.LoadSnapshot(file));
  EXPECT_EQ(AllItems(a, "rentals"), expected);
  EXPECT_EQ(AllItems(a, "rentals", "by-lsk").size(), 100u);
  // Loading it again would duplicate the table: refused, nothing added.
  Status again = a.LoadSnapshot(file);
  EXPECT_EQ(again.code(), ErrorCode::kResourceInUse);
  // Into a Database with a data directory: durable once loaded.
  ScratchDir data;
  {
    auto db = OpenOrDie(DirOptions(data.path()));
    ASSERT_OK(db->LoadSnapshot(file));
  }
  auto db = OpenOrDie(DirOptions(data.path()));
  EXPECT_EQ(AllItems(*db, "rentals"), expected);
  // A damaged file is an error, and adds nothing.
  std::filesystem::resize_file(file, std::filesystem::file_size(file) / 2);
  Database b;
  EXPECT_FALSE(b.LoadSnapshot(file).ok());
  EXPECT_EQ(Call(b, "ListTables", json::object())["TableNames"].size(), 0u);
}

TEST(PersistTest, EverySyncPolicyKeepsWhatWasWrittenOnAnOrderlyClose) {
  for (SyncPolicy sync :
       {SyncPolicy::kAlways, SyncPolicy::kBatch, SyncPolicy::kNone}) {
    ScratchDir dir;
    {
      auto db = OpenOrDie(DirOptions(dir.path(), sync));
      CreateKeyTable(*db, "tab", "N");
      for (int i = 0; i < 100; ++i) {
        Put(*db, "tab", {{"k", {{"N", std::to_string(i)}}}});
      }
    }
    auto db = OpenOrDie(DirOptions(dir.path(), sync));
    EXPECT_EQ(RecoveredPrefix(*db), 100) << static_cast<int>(sync);
  }
}

TEST(PersistTest, CheckpointsUnderEightWritersLoseNothing) {
  ScratchDir dir;
  constexpr int kWriters = 8;
  constexpr int kPerWriter = 300;
  {
    auto db = OpenOrDie(DirOptions(dir.path(), SyncPolicy::kBatch));
    for (const char* table : {"aaa", "bbb"}) {
      CreateKeyTable(*db, table, "S");
    }
    std::atomic<bool> done{false};
    std::vector<std::thread> writers;
    for (int w = 0; w < kWriters; ++w) {
      writers.emplace_back([&, w] {
        for (int i = 0; i < kPerWriter; ++i) {
          const std::string k = std::to_string(w) + "-" + std::to_string(i);
          // A transaction across both tables: after recovery, both or
          // neither.
          WireResponse r = Execute(
              *db, "TransactWriteItems",
              json{
                  {"TransactItems",
                   {{{"Put",
                      {{"TableName", "aaa"}, {"Item", {{"k", {{"S", k}}}}}}}},
                    {{"Put",
                      {{"TableName", "bbb"}, {"Item", {{"k", {{"S", k}}}}}}}}}}}
                  .dump());
          ASSERT_EQ(r.http_status, 200) << r.body;
        }
      });
    }
    int checkpoints = 0;
    while (checkpoints < 5) {
      ASSERT_OK(db->Checkpoint());
      ++checkpoints;
    }
    for (auto& t : writers) t.join();
    done = true;
  }
  auto db = OpenOrDie(DirOptions(dir.path()));
  EXPECT_EQ(AllItems(*db, "aaa").size(),
            static_cast<size_t>(kWriters * kPerWriter));
  EXPECT_EQ(AllItems(*db, "aaa"), AllItems(*db, "bbb"));
}

}  // namespace
}  // namespace eddy
