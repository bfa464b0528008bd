// Copyright 2026 The eddy Authors.
//
// Continuous backups (the PITR setting), export and import over the typed
// API and Execute: shapes, statuses, errors, the files an export writes, and
// an export -> import round trip that is byte-equal per item.

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "emulator/api/database.h"
#include "emulator/transfer/formats.h"
#include "emulator/transfer/io.h"
#include "emulator/wire/execute.h"
#include "tests/persist/persist_testing.h"

namespace eddy {
namespace {

using persist_testing::PitrRequest;

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using Json = nlohmann::json;

constexpr int64_t kStart = 1'700'000'000'000'000;  // 2023-11-14

class TransferTest : public ::testing::Test {
 protected:
  TransferTest()
      : root_(
            fs::temp_directory_path() /
            ("eddy_transfer_" + std::to_string(::getpid()) + "_" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name())),
        clock_(kStart) {
    fs::remove_all(root_);
    fs::create_directories(root_);
    Options o;
    o.clock = &clock_;
    o.export_root = root_.string();
    db_ = std::make_unique<Database>(o);
  }
  ~TransferTest() override { fs::remove_all(root_); }

  void CreateTable(const std::string& name) {
    ASSERT_TRUE(db_->CreateTable(persist_testing::PkSkGsiTable(name)).ok());
  }

  Item MakeItem(int i) {
    Item item;
    item.Set("pk", AttributeValue::S("p" + std::to_string(i % 37)));
    item.Set("sk", AttributeValue::N(i));
    if (i % 3 == 0)
      item.Set("g", AttributeValue::S("g" + std::to_string(i % 5)));
    item.Set("text",
             AttributeValue::S("line\nbreak \"q\" é #" + std::to_string(i)));
    item.Set("bin", AttributeValue::B(std::string("\0\x01\xfe", 3)));
    item.Set("ns", AttributeValue::NS(
                       {Number::FromInt64(i), Number::Parse("0.5").value()})
                       .value());
    Item inner;
    inner.Set("l", AttributeValue::L({AttributeValue::Null(),
                                      AttributeValue::Bool(i % 2 == 0)}));
    item.Set("m", AttributeValue::M(inner));
    return item;
  }

  void Fill(const std::string& table, int n) {
    for (int i = 0; i < n; ++i) {
      ASSERT_TRUE(
          db_->PutItem({.table_name = table, .item = MakeItem(i)}).ok());
    }
  }

  void EnablePitr(const std::string& table) {
    ASSERT_TRUE(db_->UpdateContinuousBackups(PitrRequest(table, true)).ok());
  }

  std::string Arn(const std::string& table) {
    return db_->DescribeTable({.table_name = table})->table.table_arn;
  }

  // Every item's DYNAMODB_JSON line, sorted.
  std::vector<std::string> Lines(const std::string& table) {
    std::vector<std::string> out;
    ScanRequest s;
    s.table_name = table;
    while (true) {
      StatusOr<ScanResponse> r = db_->Scan(s);
      EXPECT_TRUE(r.ok());
      if (!r.ok()) break;
      for (const Item& item : r->items) {
        out.push_back(transfer::EncodeJsonLine(item));
      }
      if (!r->last_evaluated_key) break;
      s.exclusive_start_key = r->last_evaluated_key;
    }
    std::sort(out.begin(), out.end());
    return out;
  }

  StatusOr<ExportDescription> Export(const std::string& table,
                                     ExportFormat format,
                                     const std::string& prefix = "exports") {
    ExportTableToPointInTimeRequest e;
    e.table_arn = Arn(table);
    e.s3_bucket = "bucket";
    e.s3_prefix = prefix;
    e.export_format = format;
    EDDY_ASSIGN_OR_RETURN(ExportTableToPointInTimeResponse r,
                          db_->ExportTableToPointInTime(e));
    EXPECT_EQ(r.export_description.export_status, ExportStatus::kInProgress);
    EDDY_ASSIGN_OR_RETURN(
        DescribeExportResponse d,
        db_->DescribeExport({r.export_description.export_arn}));
    return d.export_description;
  }

  ImportTableRequest ImportRequest(const std::string& table,
                                   const std::string& key_prefix,
                                   InputFormat format,
                                   InputCompressionType compression) {
    ImportTableRequest i;
    i.s3_bucket_source.s3_bucket = "bucket";
    i.s3_bucket_source.s3_key_prefix = key_prefix;
    i.input_format = format;
    i.input_compression_type = compression;
    i.table_creation_parameters = persist_testing::PkSkGsiTable(table);
    return i;
  }

  StatusOr<ImportTableDescription> Import(const ImportTableRequest& i) {
    EDDY_ASSIGN_OR_RETURN(ImportTableResponse r, db_->ImportTable(i));
    EXPECT_EQ(r.import_table_description.import_status,
              ImportStatus::kInProgress);
    EDDY_ASSIGN_OR_RETURN(
        DescribeImportResponse d,
        db_->DescribeImport({r.import_table_description.import_arn}));
    return d.import_table_description;
  }

  void WriteFile(const std::string& rel, std::string_view text,
                 transfer::Compression c = transfer::Compression::kNone) {
    fs::create_directories((root_ / rel).parent_path());
    auto w = transfer::LineWriter::Open((root_ / rel).string(), c);
    ASSERT_TRUE(w.ok());
    ASSERT_TRUE((*w)->Write(text).ok());
    ASSERT_TRUE((*w)->Close().ok());
  }

  fs::path root_;
  ManualClock clock_;
  std::unique_ptr<Database> db_;
};

TEST_F(TransferTest, ContinuousBackupsDefaultAndEnable) {
  CreateTable("tbl");
  StatusOr<DescribeContinuousBackupsResponse> d =
      db_->DescribeContinuousBackups({"tbl"});
  ASSERT_TRUE(d.ok());
  EXPECT_TRUE(d->continuous_backups_description.continuous_backups_enabled);
  EXPECT_FALSE(d->continuous_backups_description
                   .point_in_time_recovery_description.enabled);
  EXPECT_FALSE(
      d->continuous_backups_description.point_in_time_recovery_description
          .earliest_restorable_date_time);

  EnablePitr("tbl");
  clock_.AdvanceSeconds(3600);
  d = db_->DescribeContinuousBackups({Arn("tbl")});  // an ARN works too
  ASSERT_TRUE(d.ok());
  const PointInTimeRecoveryDescription& p =
      d->continuous_backups_description.point_in_time_recovery_description;
  EXPECT_TRUE(p.enabled);
  EXPECT_EQ(p.recovery_period_in_days, 35);
  EXPECT_EQ(*p.earliest_restorable_date_time, kStart / 1'000'000);
  EXPECT_EQ(*p.latest_restorable_date_time, kStart / 1'000'000 + 3600 - 300);

  // The window is at most the recovery period.
  UpdateContinuousBackupsRequest u;
  u.table_name = "tbl";
  u.point_in_time_recovery_specification = {true, 1};
  ASSERT_TRUE(db_->UpdateContinuousBackups(u).ok());
  clock_.AdvanceSeconds(2 * 86400);
  d = db_->DescribeContinuousBackups({"tbl"});
  EXPECT_EQ(
      *d->continuous_backups_description.point_in_time_recovery_description
           .earliest_restorable_date_time,
      kStart / 1'000'000 + 3600 + 2 * 86400 - 86400);

  u.point_in_time_recovery_specification = {false, std::nullopt};
  StatusOr<UpdateContinuousBackupsResponse> off =
      db_->UpdateContinuousBackups(u);
  ASSERT_TRUE(off.ok());
  EXPECT_FALSE(off->continuous_backups_description
                   .point_in_time_recovery_description.enabled);
}

TEST_F(TransferTest, ContinuousBackupsErrors) {
  StatusOr<DescribeContinuousBackupsResponse> d =
      db_->DescribeContinuousBackups({"missing"});
  EXPECT_EQ(d.status().code(), ErrorCode::kTableNotFound);
  EXPECT_EQ(d.status().message(), "Table not found: missing");
  CreateTable("tbl");
  UpdateContinuousBackupsRequest u;
  u.table_name = "tbl";
  u.point_in_time_recovery_specification = {true, 36};
  EXPECT_THAT(std::string(db_->UpdateContinuousBackups(u).status().message()),
              HasSubstr("Member must have value less than or equal to 35"));
}

TEST_F(TransferTest, ExportWritesDynamoDbLayout) {
  CreateTable("tbl");
  Fill("tbl", 250);
  EnablePitr("tbl");
  StatusOr<ExportDescription> d = Export("tbl", ExportFormat::kDynamoDbJson);
  ASSERT_TRUE(d.ok()) << d.status().message();
  EXPECT_EQ(d->export_status, ExportStatus::kCompleted);
  EXPECT_EQ(d->item_count, 250);
  EXPECT_GT(*d->billed_size_bytes, 0);
  EXPECT_THAT(d->export_arn, HasSubstr(Arn("tbl") + "/export/"));
  const std::string id = d->export_arn.substr(d->export_arn.rfind('/') + 1);
  EXPECT_EQ(id.size(), 23u);
  EXPECT_EQ(*d->export_manifest,
            "exports/AWSDynamoDB/" + id + "/manifest-summary.json");
  const fs::path folder = root_ / "bucket/exports/AWSDynamoDB" / id;
  EXPECT_TRUE(fs::exists(folder / "_started"));
  EXPECT_TRUE(fs::exists(folder / "manifest-files.checksum"));
  std::ifstream summary_file(folder / "manifest-summary.json");
  Json summary = Json::parse(summary_file);
  EXPECT_EQ(summary["version"], "2020-06-30");
  EXPECT_EQ(summary["itemCount"], 250);
  EXPECT_EQ(summary["outputFormat"], "DYNAMODB_JSON");
  EXPECT_EQ(summary["exportType"], "FULL_EXPORT");
  EXPECT_EQ(summary["s3Bucket"], "bucket");
  std::ifstream files(folder / "manifest-files.json");
  std::string line;
  int64_t items = 0;
  while (std::getline(files, line)) {
    Json f = Json::parse(line);
    const std::string key = f["dataFileS3Key"];
    EXPECT_TRUE(key.starts_with("exports/AWSDynamoDB/" + id + "/data/"));
    EXPECT_TRUE(key.ends_with(".json.gz"));
    auto r = transfer::LineReader::Open((root_ / "bucket" / key).string(),
                                        transfer::Compression::kGzip);
    ASSERT_TRUE(r.ok());
    std::string data;
    int64_t in_file = 0;
    while (*(*r)->Next(&data) == transfer::LineReader::Result::kLine) {
      EXPECT_TRUE(transfer::DecodeJsonLine(data).ok()) << data;
      ++in_file;
    }
    EXPECT_EQ(f["itemCount"], in_file);
    EXPECT_EQ(std::string(f["etag"]).size(), 32u);
    items += in_file;
  }
  EXPECT_EQ(items, 250);

  StatusOr<ListExportsResponse> list = db_->ListExports({});
  ASSERT_TRUE(list.ok());
  ASSERT_EQ(list->export_summaries.size(), 1u);
  EXPECT_EQ(list->export_summaries[0].export_status, ExportStatus::kCompleted);
}

TEST_F(TransferTest, ExportImportRoundTripIsByteEqualPerItem) {
  CreateTable("src");
  Fill("src", 500);
  EnablePitr("src");
  for (ExportFormat format :
       {ExportFormat::kDynamoDbJson, ExportFormat::kIon}) {
    const std::string prefix = format == ExportFormat::kIon ? "ion" : "json";
    StatusOr<ExportDescription> d = Export("src", format, prefix);
    ASSERT_TRUE(d.ok()) << d.status().message();
    const std::string id = d->export_arn.substr(d->export_arn.rfind('/') + 1);
    const std::string table = "dst_" + prefix;
    StatusOr<ImportTableDescription> i = Import(
        ImportRequest(table, prefix + "/AWSDynamoDB/" + id + "/data/",
                      format == ExportFormat::kIon ? InputFormat::kIon
                                                   : InputFormat::kDynamoDbJson,
                      InputCompressionType::kGzip));
    ASSERT_TRUE(i.ok()) << i.status().message();
    EXPECT_EQ(i->import_status, ImportStatus::kCompleted)
        << i->failure_message.value_or("");
    EXPECT_EQ(i->processed_item_count, 500);
    EXPECT_EQ(i->imported_item_count, 500);
    EXPECT_EQ(i->error_count, 0);
    EXPECT_GT(i->processed_size_bytes, 0);
    EXPECT_EQ(Lines(table), Lines("src"));
    // The GSI was filled by the import's writes.
    QueryRequest q;
    q.table_name = table;
    q.index_name = "byG";
    q.key_condition_expression = "g = :g";
    q.expression_attribute_values =
        AttributeMap{{":g", AttributeValue::S("g0")}};
    StatusOr<QueryResponse> got = db_->Query(q);
    q.table_name = "src";
    StatusOr<QueryResponse> want = db_->Query(q);
    ASSERT_TRUE(got.ok() && want.ok());
    EXPECT_EQ(got->count, want->count);
    EXPECT_GT(got->count, 0);
  }
  EXPECT_EQ(db_->ListImports({})->import_summary_list.size(), 2u);
}

TEST_F(TransferTest, ExportErrors) {
  ExportTableToPointInTimeRequest e;
  e.table_arn = "arn:aws:dynamodb:us-east-1:000000000000:table/missing";
  e.s3_bucket = "bucket";
  // The three texts are DynamoDB's as recorded against the live service
  // (moto's AWS-verified export tests; ScyllaDB's Alternator export tests).
  Status s = db_->ExportTableToPointInTime(e).status();
  EXPECT_EQ(s.code(), ErrorCode::kTableNotFound);
  EXPECT_EQ(s.message(), "Table not found: " + e.table_arn);
  CreateTable("tbl");
  e.table_arn = Arn("tbl");
  s = db_->ExportTableToPointInTime(e).status();
  EXPECT_EQ(s.code(), ErrorCode::kPointInTimeRecoveryUnavailable);
  EXPECT_EQ(s.message(),
            "Point in time recovery is not enabled for table 'tbl'");
  EnablePitr("tbl");
  clock_.AdvanceSeconds(600);
  e.export_time = static_cast<double>(kStart) / 1e6 - 10;  // before PITR
  s = db_->ExportTableToPointInTime(e).status();
  EXPECT_EQ(s.code(), ErrorCode::kInvalidExportTime);
  EXPECT_EQ(s.message(), "Export Time is invalid");
  // A past time in the window is served by the in-memory history
  // (engine_memory_pitr_test checks what it exports).
  e.export_time = static_cast<double>(kStart) / 1e6 + 60;
  EXPECT_TRUE(db_->ExportTableToPointInTime(e).ok());
  e.export_time.reset();
  e.export_type = ExportType::kIncrementalExport;
  EXPECT_THAT(std::string(db_->ExportTableToPointInTime(e).status().message()),
              HasSubstr("ExportFromTime is required"));
  e.s3_bucket = "-bad";
  EXPECT_THAT(std::string(db_->ExportTableToPointInTime(e).status().message()),
              HasSubstr("s3Bucket"));
  e.s3_bucket = "bucket";
  e.export_type.reset();
  e.s3_prefix = "a/../../escape";
  EXPECT_EQ(db_->ExportTableToPointInTime(e).status().code(),
            ErrorCode::kValidation);
  EXPECT_EQ(
      db_->DescribeExport({Arn("tbl") + "/export/01700000000000-00000000"})
          .status()
          .code(),
      ErrorCode::kExportNotFound);

  Options no_root;
  Database plain(no_root);
  e.s3_prefix.reset();
  EXPECT_THAT(std::string(plain.ExportTableToPointInTime(e).status().message()),
              HasSubstr("Options::export_root"));
}

TEST_F(TransferTest, ClientTokenIsIdempotent) {
  CreateTable("tbl");
  EnablePitr("tbl");
  ExportTableToPointInTimeRequest e;
  e.table_arn = Arn("tbl");
  e.s3_bucket = "bucket";
  e.client_token = "token-1";
  StatusOr<ExportTableToPointInTimeResponse> a =
      db_->ExportTableToPointInTime(e);
  StatusOr<ExportTableToPointInTimeResponse> b =
      db_->ExportTableToPointInTime(e);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a->export_description.export_arn, b->export_description.export_arn);
  e.s3_prefix = "elsewhere";
  EXPECT_EQ(db_->ExportTableToPointInTime(e).status().code(),
            ErrorCode::kExportConflict);
}

TEST_F(TransferTest, ImportCsvWithHeaderAndDelimiter) {
  WriteFile("bucket/csv/a.csv",
            "pk;sk;name;note\n"
            "a;1;Ann;\"semi;colon\"\n"
            "b;2;Bob;\"two\nlines\"\n"
            "c;notanumber;Cy;x\n"
            "d;4;Di\n");
  ImportTableRequest i = ImportRequest("csv", "csv/", InputFormat::kCsv,
                                       InputCompressionType::kNone);
  i.input_format_options = InputFormatOptions{CsvOptions{";", std::nullopt}};
  StatusOr<ImportTableDescription> d = Import(i);
  ASSERT_TRUE(d.ok()) << d.status().message();
  EXPECT_EQ(d->import_status, ImportStatus::kCompleted);
  EXPECT_EQ(d->processed_item_count, 4);
  EXPECT_EQ(d->imported_item_count, 3);
  EXPECT_EQ(d->error_count, 1);
  StatusOr<GetItemResponse> b = db_->GetItem(
      {.table_name = "csv",
       .key = {{"pk", AttributeValue::S("b")}, {"sk", AttributeValue::N(2)}}});
  ASSERT_TRUE(b.ok() && b->item);
  EXPECT_EQ(b->item->Find("note")->s(), "two\nlines");
  EXPECT_EQ(b->item->Find("name")->s(), "Bob");

  // HeaderList instead of a header line, zstd.
  WriteFile("bucket/csv2/a.csv.zst", "e,5,Eve\n", transfer::Compression::kZstd);
  ImportTableRequest j = ImportRequest("csv2", "csv2/", InputFormat::kCsv,
                                       InputCompressionType::kZstd);
  j.input_format_options = InputFormatOptions{
      CsvOptions{std::nullopt, std::vector<std::string>{"pk", "sk", "name"}}};
  d = Import(j);
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->imported_item_count, 1);
}

TEST_F(TransferTest, ImportCountsBadLinesAndGoesOn) {
  WriteFile("bucket/bad/data.json",
            "{\"Item\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"}}}\n"
            "not json\n"
            "{\"Item\":{\"sk\":{\"N\":\"2\"}}}\n"  // no partition key
            "\n"
            "{\"Item\":{\"pk\":{\"S\":\"b\"},\"sk\":{\"N\":\"3\"}}}\n");
  StatusOr<ImportTableDescription> d = Import(ImportRequest(
      "bad", "bad/", InputFormat::kDynamoDbJson, InputCompressionType::kNone));
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->import_status, ImportStatus::kCompleted);
  EXPECT_EQ(d->processed_item_count, 4);
  EXPECT_EQ(d->imported_item_count, 2);
  EXPECT_EQ(d->error_count, 2);

  // Into an existing table: ResourceInUseException, nothing imported.
  StatusOr<ImportTableResponse> again = db_->ImportTable(ImportRequest(
      "bad", "bad/", InputFormat::kDynamoDbJson, InputCompressionType::kNone));
  EXPECT_EQ(again.status().code(), ErrorCode::kResourceInUse);
  EXPECT_EQ(db_->ListImports({})->import_summary_list.size(), 1u);

  // No files: the import fails, described with a message.
  d = Import(ImportRequest("none", "nothing-here/", InputFormat::kDynamoDbJson,
                           InputCompressionType::kNone));
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->import_status, ImportStatus::kFailed);
  EXPECT_TRUE(d->failure_message.has_value());
}

// --- Execute (DynamoDB's JSON)
// --------------------------------------------------

TEST_F(TransferTest, JsonApi) {
  CreateTable("tbl");
  Fill("tbl", 20);
  WireResponse r =
      Execute(*db_, "UpdateContinuousBackups",
              R"({"TableName":"tbl","PointInTimeRecoverySpecification":
                               {"PointInTimeRecoveryEnabled":true}})");
  ASSERT_EQ(r.error, ErrorCode::kOk) << r.body;
  Json j = Json::parse(r.body);
  EXPECT_EQ(j["ContinuousBackupsDescription"]["ContinuousBackupsStatus"],
            "ENABLED");
  EXPECT_EQ(j["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"]
             ["PointInTimeRecoveryStatus"],
            "ENABLED");
  r = Execute(*db_, "DescribeContinuousBackups", R"({"TableName":"nope"})");
  EXPECT_EQ(r.error, ErrorCode::kTableNotFound);
  EXPECT_THAT(r.body, HasSubstr("TableNotFoundException"));

  r = Execute(*db_, "ExportTableToPointInTime",
              R"({"TableArn":")" + Arn("tbl") +
                  R"(","S3Bucket":"bucket","ExportFormat":"ION"})");
  ASSERT_EQ(r.error, ErrorCode::kOk) << r.body;
  j = Json::parse(r.body);
  EXPECT_EQ(j["ExportDescription"]["ExportStatus"], "IN_PROGRESS");
  const std::string arn = j["ExportDescription"]["ExportArn"];
  r = Execute(*db_, "DescribeExport", R"({"ExportArn":")" + arn + R"("})");
  j = Json::parse(r.body);
  EXPECT_EQ(j["ExportDescription"]["ExportStatus"], "COMPLETED");
  EXPECT_EQ(j["ExportDescription"]["ItemCount"], 20);
  EXPECT_EQ(j["ExportDescription"]["ExportFormat"], "ION");
  r = Execute(*db_, "ListExports", R"({"MaxResults":26})");
  EXPECT_EQ(r.error, ErrorCode::kValidation);
  r = Execute(*db_, "ListExports", R"({})");
  EXPECT_EQ(Json::parse(r.body)["ExportSummaries"].size(), 1u);

  const std::string id = arn.substr(arn.rfind('/') + 1);
  r = Execute(
      *db_, "ImportTable",
      R"({"S3BucketSource":{"S3Bucket":"bucket","S3KeyPrefix":"AWSDynamoDB/)" +
          id + R"(/data/"},"InputFormat":"ION","InputCompressionType":"GZIP",
                  "TableCreationParameters":{"TableName":"copy",
                  "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
                  {"AttributeName":"sk","AttributeType":"N"}],
                  "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
                  {"AttributeName":"sk","KeyType":"RANGE"}],
                  "BillingMode":"PAY_PER_REQUEST"}})");
  ASSERT_EQ(r.error, ErrorCode::kOk) << r.body;
  j = Json::parse(r.body);
  EXPECT_EQ(j["ImportTableDescription"]["ImportStatus"], "IN_PROGRESS");
  r = Execute(*db_, "DescribeImport",
              R"({"ImportArn":")" +
                  std::string(j["ImportTableDescription"]["ImportArn"]) +
                  R"("})");
  j = Json::parse(r.body);
  EXPECT_EQ(j["ImportTableDescription"]["ImportStatus"], "COMPLETED");
  EXPECT_EQ(j["ImportTableDescription"]["ImportedItemCount"], 20);
  EXPECT_EQ(j["ImportTableDescription"]["ErrorCount"], 0);
  EXPECT_EQ(Lines("copy"), Lines("tbl"));
  r = Execute(*db_, "ImportTable", R"({"InputFormat":"XML"})");
  EXPECT_EQ(r.error, ErrorCode::kValidation);
  r = Execute(*db_, "ListImports", R"({})");
  EXPECT_EQ(Json::parse(r.body)["ImportSummaryList"].size(), 1u);
}

}  // namespace
}  // namespace eddy
