// Copyright 2026 The eddy Authors.
//
// ExportTableToPointInTime with ExportType INCREMENTAL_EXPORT (issue #21
// item 6) over the typed API and Execute, on a data directory and a virtual
// clock: the items changed in [ExportFromTime, ExportToTime) with their
// images, across checkpoints taken before, inside and after the period and
// across a restart; DynamoDB's layout (data files in the shared
// AWSDynamoDB/data/ folder, the incremental manifest summary), the view
// types, ION, DescribeExport, and the validation errors.

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "emulator/api/database.h"
#include "emulator/base/clock.h"
#include "emulator/transfer/formats.h"
#include "emulator/transfer/io.h"
#include "emulator/wire/execute.h"
#include "tests/persist/persist_testing.h"

namespace eddy {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using Json = nlohmann::json;

constexpr int64_t kStart = 1'700'000'000'000'000;  // 2023-11-14
constexpr char kArn[] = "arn:aws:dynamodb:us-east-1:000000000000:table/tbl";

class IncrementalExportTest : public ::testing::Test {
 protected:
  IncrementalExportTest()
      : dir_(fs::temp_directory_path() /
             ("eddy_incr_" + std::to_string(::getpid()) + "_" +
              ::testing::UnitTest::GetInstance()->current_test_info()->name())),
        clock_(kStart) {
    fs::remove_all(dir_);
  }
  ~IncrementalExportTest() override {
    db_.reset();
    fs::remove_all(dir_);
  }

  void Open(bool with_dir = true) {
    db_.reset();
    Options o;
    o.clock = &clock_;
    if (with_dir) {
      o.persistence.data_dir = (dir_ / "data").string();
      o.persistence.sync = SyncPolicy::kNone;
      o.persistence.snapshot_log_bytes = 0;
    }
    o.export_root = (dir_ / "s3").string();
    StatusOr<std::unique_ptr<Database>> db = Database::Open(o);
    ASSERT_TRUE(db.ok()) << db.status().message();
    db_ = *std::move(db);
  }

  // Table "tbl" (pk S, sk N) with PITR on.
  void CreateTable() {
    CreateTableRequest c;
    c.table_name = "tbl";
    c.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
    c.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                               {"sk", ScalarAttributeType::kN}};
    c.billing_mode = BillingMode::kPayPerRequest;
    ASSERT_TRUE(db_->CreateTable(c).ok());
    ASSERT_TRUE(
        db_->UpdateContinuousBackups(persist_testing::PitrRequest("tbl", true))
            .ok());
  }

  void Put(int i, const std::string& value) {
    Item item;
    item.Set("pk", AttributeValue::S("p" + std::to_string(i % 7)));
    item.Set("sk", AttributeValue::N(i));
    item.Set("v", AttributeValue::S(value));
    ASSERT_TRUE(db_->PutItem({.table_name = "tbl", .item = item}).ok());
  }
  void Delete(int i) {
    Item key;
    key.Set("pk", AttributeValue::S("p" + std::to_string(i % 7)));
    key.Set("sk", AttributeValue::N(i));
    ASSERT_TRUE(db_->DeleteItem({.table_name = "tbl", .key = key}).ok());
  }
  void Checkpoint() { ASSERT_TRUE(db_->Checkpoint().ok()); }
  double Now() const { return static_cast<double>(clock_.NowMicros()) / 1e6; }

  static ExportTableToPointInTimeRequest Request(
      double from, std::optional<double> to,
      std::optional<ExportViewType> view = std::nullopt) {
    ExportTableToPointInTimeRequest e;
    e.table_arn = kArn;
    e.s3_bucket = "bucket";
    e.s3_prefix = "incr";
    e.export_type = ExportType::kIncrementalExport;
    e.incremental_export_specification =
        IncrementalExportSpecification{.export_from_time = from,
                                       .export_to_time = to,
                                       .export_view_type = view};
    return e;
  }

  // Runs the export; its description once finished.
  ExportDescription Run(const ExportTableToPointInTimeRequest& e) {
    StatusOr<ExportTableToPointInTimeResponse> r =
        db_->ExportTableToPointInTime(e);
    EXPECT_TRUE(r.ok()) << r.status().message();
    if (!r.ok()) return {};
    EXPECT_EQ(r->export_description.export_type,
              ExportType::kIncrementalExport);
    StatusOr<DescribeExportResponse> d =
        db_->DescribeExport({.export_arn = r->export_description.export_arn});
    EXPECT_TRUE(d.ok());
    EXPECT_EQ(d->export_description.export_status, ExportStatus::kCompleted)
        << d->export_description.failure_message.value_or("");
    return d->export_description;
  }

  static std::string ReadText(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }

  fs::path Bucket() const { return dir_ / "s3" / "bucket"; }

  // The lines of every data file the export's manifest-files.json lists,
  // by the sort key of their Keys.
  std::map<std::string, Json> Lines(const ExportDescription& d) {
    std::map<std::string, Json> lines;
    const Json summary = Json::parse(ReadText(Bucket() / *d.export_manifest));
    std::istringstream files(
        ReadText(Bucket() / summary["manifestFilesS3Key"].get<std::string>()));
    std::string entry;
    int64_t total = 0;
    while (std::getline(files, entry)) {
      const Json f = Json::parse(entry);
      const std::string key = f["dataFileS3Key"];
      // The shared data folder of incremental exports.
      EXPECT_EQ(key.rfind("incr/AWSDynamoDB/data/", 0), 0u) << key;
      auto reader = transfer::LineReader::Open((Bucket() / key).string(),
                                               transfer::Compression::kGzip);
      EXPECT_TRUE(reader.ok());
      if (!reader.ok()) continue;
      std::string line;
      int64_t in_file = 0;
      while (*(*reader)->Next(&line) == transfer::LineReader::Result::kLine) {
        Json j = Json::parse(line);
        lines[j["Keys"]["sk"]["N"].get<std::string>()] = j;
        ++in_file;
      }
      EXPECT_EQ(in_file, f["itemCount"].get<int64_t>());
      total += in_file;
    }
    EXPECT_EQ(total, summary["itemCount"].get<int64_t>());
    return lines;
  }

  fs::path dir_;
  ManualClock clock_;
  std::unique_ptr<Database> db_;
};

// The items changed in the period, once each with its last change's time,
// OldImage from just before ExportFromTime and NewImage from just before
// ExportToTime; changes before and after the period are left out, though
// checkpoints fall before, inside and after it and the Database restarts
// in between (each rebuild starts from the snapshot at or before
// ExportFromTime and replays the log from there).
TEST_F(IncrementalExportTest, ChangesAcrossCheckpointsAndARestart) {
  Open();
  CreateTable();
  for (int i = 0; i < 10; ++i) Put(i, "v0");
  clock_.AdvanceSeconds(30);
  Checkpoint();  // before the period
  Put(8, "before");
  clock_.AdvanceSeconds(30);
  const double from = Now();
  clock_.AdvanceSeconds(1);
  Put(3, "v1");
  Put(20, "new");
  Delete(5);
  Put(30, "brief");  // created and deleted within the period: left out
  Checkpoint();      // inside the period
  clock_.AdvanceSeconds(1);
  Put(3, "v2");
  Delete(30);
  const int64_t last_write = clock_.NowMicros() / 1000 * 1000;
  Open();  // a restart inside the period
  clock_.AdvanceSeconds(600);
  Put(9, "late");
  const int64_t late_write = clock_.NowMicros() / 1000 * 1000;
  clock_.AdvanceSeconds(600);
  const double to = Now();
  Put(7, "after");  // after the period
  Checkpoint();     // after the period
  clock_.AdvanceSeconds(10);

  ExportDescription d = Run(Request(from, to));
  EXPECT_EQ(d.item_count, 4);
  ASSERT_TRUE(d.incremental_export_specification.has_value());
  EXPECT_EQ(d.incremental_export_specification->export_view_type,
            ExportViewType::kNewAndOldImages);
  std::map<std::string, Json> lines = Lines(d);
  ASSERT_EQ(lines.size(), 4u);
  const Json& updated = lines["3"];
  EXPECT_EQ(updated["Keys"],
            Json::parse(R"({"pk":{"S":"p3"},"sk":{"N":"3"}})"));
  EXPECT_EQ(updated["OldImage"]["v"]["S"], "v0");
  EXPECT_EQ(updated["NewImage"]["v"]["S"], "v2");
  EXPECT_EQ(updated["Metadata"]["WriteTimestampMicros"]["N"],
            std::to_string(last_write));
  EXPECT_FALSE(lines["20"].contains("OldImage"));
  EXPECT_EQ(lines["20"]["NewImage"]["v"]["S"], "new");
  EXPECT_EQ(lines["5"]["OldImage"]["v"]["S"], "v0");
  EXPECT_FALSE(lines["5"].contains("NewImage"));
  EXPECT_EQ(lines["9"]["OldImage"]["v"]["S"], "v0");
  EXPECT_EQ(lines["9"]["NewImage"]["v"]["S"], "late");
  EXPECT_EQ(lines["9"]["Metadata"]["WriteTimestampMicros"]["N"],
            std::to_string(late_write));

  // NEW_IMAGE: no OldImage; a deletion is its Keys alone.
  d = Run(Request(from, to, ExportViewType::kNewImage));
  lines = Lines(d);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_FALSE(lines["3"].contains("OldImage"));
  EXPECT_EQ(lines["3"]["NewImage"]["v"]["S"], "v2");
  EXPECT_EQ(lines["5"].size(), 2u);  // Metadata, Keys
  // The tables built aside for the export are not left behind.
  EXPECT_EQ(db_->ListTables({})->table_names.size(), 1u);
}

// A later period: only what changed in it, though its start is past the
// checkpoint; ExportToTime defaults to now.
TEST_F(IncrementalExportTest, LaterPeriodAndDefaultEnd) {
  Open();
  CreateTable();
  Put(1, "a");
  clock_.AdvanceSeconds(60);
  Checkpoint();
  clock_.AdvanceSeconds(60);
  const double from = Now();
  Put(2, "b");
  clock_.AdvanceSeconds(1000);
  ExportDescription d = Run(Request(from, std::nullopt));
  ASSERT_TRUE(d.incremental_export_specification.has_value());
  EXPECT_EQ(d.incremental_export_specification->export_to_time, Now());
  std::map<std::string, Json> lines = Lines(d);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines["2"]["NewImage"]["v"]["S"], "b");
}

// The manifest summary is DynamoDB's incremental one, and DescribeExport
// over Execute carries ExportType and the IncrementalExportSpecification.
TEST_F(IncrementalExportTest, ManifestAndDescribeExport) {
  Open();
  CreateTable();
  clock_.AdvanceSeconds(5);
  const double from = Now();
  Put(1, "a");
  clock_.AdvanceSeconds(900);
  const double to = Now();
  ExportDescription d = Run(Request(from, to, ExportViewType::kNewImage));
  const fs::path summary_path = Bucket() / *d.export_manifest;
  const Json summary = Json::parse(ReadText(summary_path));
  EXPECT_EQ(summary["version"], "2023-08-01");
  EXPECT_EQ(summary["exportType"], "INCREMENTAL_EXPORT");
  EXPECT_EQ(summary["outputView"], "NEW_IMAGE");
  EXPECT_EQ(summary["outputFormat"], "DYNAMODB_JSON");
  EXPECT_EQ(summary["exportFromTime"], "2023-11-14T22:13:25.000Z");
  EXPECT_EQ(summary["exportToTime"], "2023-11-14T22:28:25.000Z");
  EXPECT_FALSE(summary.contains("exportTime"));
  EXPECT_EQ(summary["itemCount"], 1);
  EXPECT_TRUE(fs::exists(summary_path.parent_path() / "_started"));
  EXPECT_TRUE(fs::exists(summary_path.parent_path() / "manifest-files.json"));
  EXPECT_FALSE(fs::exists(summary_path.parent_path() / "data"));

  WireResponse r = Execute(*db_, "DescribeExport",
                           R"({"ExportArn":")" + d.export_arn + R"("})");
  ASSERT_EQ(r.http_status, 200) << r.body;
  const Json j = Json::parse(r.body)["ExportDescription"];
  EXPECT_EQ(j["ExportType"], "INCREMENTAL_EXPORT");
  EXPECT_EQ(j["IncrementalExportSpecification"]["ExportViewType"], "NEW_IMAGE");
  EXPECT_EQ(j["IncrementalExportSpecification"]["ExportFromTime"], from);
  EXPECT_EQ(j["IncrementalExportSpecification"]["ExportToTime"], to);
  EXPECT_EQ(j["ItemCount"], 1);

  // The same request over Execute, in ION.
  const std::string body =
      R"({"TableArn":")" + std::string(kArn) +
      R"(","S3Bucket":"bucket","ExportFormat":"ION",)"
      R"("ExportType":"INCREMENTAL_EXPORT","IncrementalExportSpecification":)"
      R"({"ExportFromTime":)" +
      std::to_string(from) + R"(,"ExportToTime":)" + std::to_string(to) + "}}";
  r = Execute(*db_, "ExportTableToPointInTime", body);
  ASSERT_EQ(r.http_status, 200) << r.body;
  const Json e = Json::parse(r.body)["ExportDescription"];
  EXPECT_EQ(e["ExportType"], "INCREMENTAL_EXPORT");
  EXPECT_EQ(e["IncrementalExportSpecification"]["ExportViewType"],
            "NEW_AND_OLD_IMAGES");
  r = Execute(
      *db_, "DescribeExport",
      R"({"ExportArn":")" + e["ExportArn"].get<std::string>() + R"("})");
  const Json done = Json::parse(r.body)["ExportDescription"];
  ASSERT_EQ(done["ExportStatus"], "COMPLETED") << r.body;
  const Json ion_summary = Json::parse(
      ReadText(Bucket() / done["ExportManifest"].get<std::string>()));
  EXPECT_EQ(ion_summary["outputFormat"], "ION");
  std::istringstream files(ReadText(
      Bucket() / ion_summary["manifestFilesS3Key"].get<std::string>()));
  std::string entry;
  ASSERT_TRUE(std::getline(files, entry));
  const std::string key = Json::parse(entry)["dataFileS3Key"];
  EXPECT_EQ(key.rfind("AWSDynamoDB/data/", 0), 0u) << key;
  auto reader = transfer::LineReader::Open((Bucket() / key).string(),
                                           transfer::Compression::kGzip);
  ASSERT_TRUE(reader.ok());
  std::string text, line;
  while (*(*reader)->Next(&line) == transfer::LineReader::Result::kLine) {
    text += line;
  }
  EXPECT_THAT(text, HasSubstr("$ion_1_0 {Metadata:{WriteTimestampMicros:"));
  EXPECT_THAT(text, HasSubstr("Keys:{pk:\"p1\",sk:1"));
  EXPECT_THAT(text, HasSubstr("NewImage:{"));
  EXPECT_THAT(text, ::testing::Not(HasSubstr("OldImage")));
}

// DynamoDB's limits: ExportFromTime required, ExportToTime after it, a
// period of 15 minutes to 24 hours, within the PITR window; no ExportTime;
// without a data directory the in-memory history serves the export.
TEST_F(IncrementalExportTest, Validation) {
  Open();
  CreateTable();
  const double enabled = Now();
  clock_.AdvanceSeconds(2 * 24 * 3600);
  const double now = Now();
  auto error = [&](ExportTableToPointInTimeRequest e) {
    return db_->ExportTableToPointInTime(e).status();
  };
  ExportTableToPointInTimeRequest no_from = Request(0, now);
  no_from.incremental_export_specification->export_from_time.reset();
  EXPECT_THAT(std::string(error(no_from).message()),
              HasSubstr("ExportFromTime is required"));
  Status s = error(Request(now - 1000, now - 2000));
  EXPECT_EQ(s.code(), ErrorCode::kValidation);
  EXPECT_THAT(std::string(s.message()),
              HasSubstr("ExportToTime must be after ExportFromTime"));
  s = error(Request(now - 1000, now - 1000));
  EXPECT_THAT(std::string(s.message()),
              HasSubstr("ExportToTime must be after ExportFromTime"));
  s = error(Request(now - 899, now));  // 14:59
  EXPECT_EQ(s.code(), ErrorCode::kValidation);
  EXPECT_THAT(std::string(s.message()), HasSubstr("15 minutes and 24 hours"));
  s = error(Request(now - 24 * 3600 - 1, now));
  EXPECT_THAT(std::string(s.message()), HasSubstr("15 minutes and 24 hours"));
  EXPECT_EQ(error(Request(enabled - 60, enabled + 1000)).code(),
            ErrorCode::kInvalidExportTime);
  EXPECT_EQ(error(Request(now - 500, now + 500)).code(),
            ErrorCode::kInvalidExportTime);
  ExportTableToPointInTimeRequest with_time = Request(now - 900, now);
  with_time.export_time = now;
  EXPECT_THAT(std::string(error(with_time).message()),
              HasSubstr("ExportTime is not valid for an INCREMENTAL_EXPORT"));
  // The limits themselves are allowed.
  EXPECT_TRUE(error(Request(now - 900, now)).ok());
  EXPECT_TRUE(error(Request(now - 24 * 3600, now)).ok());

  // Without a data directory the in-memory history serves it: the three
  // items changed in the period, not the one written before it.
  Open(/*with_dir=*/false);
  CreateTable();
  clock_.AdvanceSeconds(10);
  Put(100, "before");
  clock_.AdvanceSeconds(100);
  const double from = Now();
  Put(1, "a");
  Put(2, "b");
  Put(100, "changed");
  clock_.AdvanceSeconds(1000);
  const ExportDescription d = Run(Request(from, from + 900));
  EXPECT_EQ(d.item_count, 3);
}

}  // namespace
}  // namespace eddy
