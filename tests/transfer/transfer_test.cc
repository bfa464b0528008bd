// Copyright 2026 The eddy Authors.
//
// emulator/transfer: each format's round trip, the readers on bad input,
// compressed streams, manifests.

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "emulator/transfer/formats.h"
#include "emulator/transfer/io.h"
#include "emulator/transfer/manifest.h"

namespace eddy::transfer {
namespace {

Item RichItem() {
  Item inner;
  inner.Set("deep", AttributeValue::L(
                        {AttributeValue::Null(), AttributeValue::Bool(false)}));
  Item item;
  item.Set("pk", AttributeValue::S("user#1 \"quoted\" \\ \n\t\x01 é"));
  item.Set("n", AttributeValue::ParseN("-12.5e3").value());
  item.Set("i", AttributeValue::ParseN("42").value());
  item.Set("b", AttributeValue::B(std::string("\0\xff\x10", 3)));
  item.Set("t", AttributeValue::Bool(true));
  item.Set("z", AttributeValue::Null());
  item.Set("m", AttributeValue::M(inner));
  item.Set("l", AttributeValue::L({AttributeValue::S("x"),
                                   AttributeValue::ParseN("1").value()}));
  item.Set("ss", AttributeValue::SS({"a", "b"}).value());
  item.Set("ns", AttributeValue::NS(
                     {Number::Parse("1").value(), Number::Parse("2.5").value()})
                     .value());
  item.Set("bs", AttributeValue::BS({"x", std::string("\0", 1)}).value());
  item.Set("odd name-1", AttributeValue::S(""));
  item.Set("null", AttributeValue::S("keyword as a name"));
  return item;
}

TEST(JsonLine, RoundTrip) {
  const Item item = RichItem();
  const std::string line = EncodeJsonLine(item);
  EXPECT_TRUE(line.starts_with("{\"Item\":{"));
  EXPECT_EQ(line.find('\n'), std::string::npos);
  StatusOr<Item> back = DecodeJsonLine(line);
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_EQ(*back, item);
}

TEST(JsonLine, DocumentedExample) {
  StatusOr<Item> item = DecodeJsonLine(
      R"({"Item":{"Authors":{"SS":["Author1","Author2"]},"Dimensions":{"S":"8.5 x 11.0 x 1.5"},"ISBN":{"S":"333-3333333333"},"Id":{"N":"103"},"InPublication":{"BOOL":false},"PageCount":{"N":"600"},"Price":{"N":"2000"},"ProductCategory":{"S":"Book"},"Title":{"S":"Book 103 Title"}}})");
  ASSERT_TRUE(item.ok()) << item.status().message();
  EXPECT_EQ(item->Find("Id")->n().ToString(), "103");
  EXPECT_EQ(item->Find("Authors")->ss().size(), 2u);
}

TEST(JsonLine, BadInputIsAnError) {
  for (std::string_view bad :
       {"", "{", "[]", "{\"Item\":1}", "{\"Item\":{\"a\":{\"S\":1}}}",
        "{\"Item\":{\"a\":{\"N\":\"x\"}}}", "{\"Item\":{\"a\":{\"Q\":\"x\"}}}",
        "{\"Item\":{\"a\":{\"SS\":[\"x\",\"x\"]}}}",
        "{\"Item\":{\"a\":{\"B\":\"!!\"}}}", "{\"Item\":{},\"x\":1}",
        "{\"Item\":{\"a\":{\"S\":\"\xff\"}}}",
        "{\"Item\":{\"a\":{\"NULL\":false}}}"}) {
    EXPECT_FALSE(DecodeJsonLine(bad).ok()) << bad;
  }
  std::string deep = "{\"Item\":{\"a\":";
  for (int i = 0; i < 100000; ++i) deep += "{\"L\":[";
  EXPECT_FALSE(DecodeJsonLine(deep).ok());
}

TEST(IonLine, RoundTrip) {
  const Item item = RichItem();
  const std::string line = EncodeIonLine(item);
  EXPECT_TRUE(line.starts_with("{Item:{")) << line;
  StatusOr<std::vector<Item>> back =
      DecodeIonLine(std::string(kIonVersionMarker) + " " + line);
  ASSERT_TRUE(back.ok()) << back.status().message() << "\n" << line;
  ASSERT_EQ(back->size(), 1u);
  EXPECT_EQ((*back)[0], item);
}

TEST(IonLine, DynamoDbTypeMapping) {
  Item item;
  item.Set("n", AttributeValue::ParseN("7").value());
  item.Set("ss", AttributeValue::SS({"a"}).value());
  item.Set("b", AttributeValue::B("hi"));
  EXPECT_EQ(EncodeIonLine(item),
            "{Item:{b:{{aGk=}},n:7.,ss:$dynamodb_SS::[\"a\"]}}");
}

TEST(IonLine, ReadsOtherWritersForms) {
  StatusOr<std::vector<Item>> items = DecodeIonLine(
      "$ion_1_0 // comment\n{Item:{'quoted name':\"v\", \"s\":'''a''' "
      "'''b''', n:1d2, f:-0.5e1, i:12_3, x:null.string, "
      "ns:$dynamodb_NS::[1,2.]}} {Item:{a:true}}");
  ASSERT_TRUE(items.ok()) << items.status().message();
  ASSERT_EQ(items->size(), 2u);
  const Item& a = (*items)[0];
  EXPECT_EQ(a.Find("quoted name")->s(), "v");
  EXPECT_EQ(a.Find("s")->s(), "ab");
  EXPECT_EQ(a.Find("n")->n().ToString(), "100");
  EXPECT_EQ(a.Find("f")->n().ToString(), "-5");
  EXPECT_EQ(a.Find("i")->n().ToString(), "123");
  EXPECT_TRUE(a.Find("x")->is(AttributeType::kNULL));
  EXPECT_EQ(a.Find("ns")->ns().size(), 2u);
}

TEST(IonLine, BadInputIsAnError) {
  for (std::string_view bad :
       {"{", "{Item:", "{Item:{a:}}", "{Item:{a:sym}}", "{Item:{a:\"x}}",
        "{Other:{}}", "{Item:{a:{{!!}}}}", "{Item:{a:$dynamodb_SS::[1]}}",
        "{Item:{a:$dynamodb_XX::[]}}", "{Item:{a:2000-01-01T}}", "]",
        "{Item:{a:\"\\u12\"}}", "{Item:{a:\"\\ud800\"}}", "{Item:5}"}) {
    EXPECT_FALSE(DecodeIonLine(bad).ok()) << bad;
  }
  std::string deep = "{Item:{a:";
  for (int i = 0; i < 100000; ++i) deep += "[";
  EXPECT_FALSE(DecodeIonLine(deep).ok());
}

TEST(Csv, SplitsQuotedFields) {
  std::vector<std::string> f;
  ASSERT_TRUE(SplitCsvRecord("a,\"b,c\",\"d\"\"e\",", ',', &f).value());
  EXPECT_THAT(f, testing::ElementsAre("a", "b,c", "d\"e", ""));
  ASSERT_TRUE(SplitCsvRecord("x|y\r", '|', &f).value());
  EXPECT_THAT(f, testing::ElementsAre("x", "y"));
  EXPECT_FALSE(SplitCsvRecord("a,\"open", ',', &f).value());
  EXPECT_TRUE(SplitCsvRecord("a,\"open\nclosed\"", ',', &f).value());
  EXPECT_EQ(f[1], "open\nclosed");
  EXPECT_FALSE(SplitCsvRecord("a\"b", ',', &f).ok());
  EXPECT_FALSE(SplitCsvRecord("\"a\"b", ',', &f).ok());
}

TEST(Csv, KeysTypedOthersStrings) {
  const std::vector<AttributeDefinition> keys = {
      {"pk", ScalarAttributeType::kS}, {"sk", ScalarAttributeType::kN}};
  StatusOr<Item> item = CsvFieldsToItem({"pk", "sk", "price", "empty"},
                                        {"a", "10", "3.5", ""}, keys);
  ASSERT_TRUE(item.ok()) << item.status().message();
  EXPECT_EQ(item->Find("sk")->n().ToString(), "10");
  EXPECT_EQ(item->Find("price")->s(), "3.5");
  EXPECT_EQ(item->Find("empty"), nullptr);
  EXPECT_FALSE(CsvFieldsToItem({"pk", "sk"}, {"a", "x"}, keys).ok());
  EXPECT_FALSE(CsvFieldsToItem({"pk", "sk"}, {"a"}, keys).ok());
  EXPECT_FALSE(CsvFieldsToItem({"pk", "sk"}, {"a", "1", "extra"}, keys).ok());
}

TEST(Incremental, LineShape) {
  ItemChange c;
  c.write_micros = 1700000000000000;
  c.keys.Set("pk", AttributeValue::S("a"));
  c.old_image = c.keys;
  c.new_image = c.keys;
  c.new_image->Set("v", AttributeValue::Bool(true));
  EXPECT_EQ(EncodeIncrementalJsonLine(c, true),
            "{\"Metadata\":{\"WriteTimestampMicros\":{\"N\":"
            "\"1700000000000000\"}},\"Keys\":{\"pk\":{\"S\":\"a\"}},"
            "\"OldImage\":{\"pk\":{\"S\":\"a\"}},\"NewImage\":{\"pk\":{\"S\":"
            "\"a\"},\"v\":{\"BOOL\":true}}}");
  c.new_image.reset();
  EXPECT_EQ(EncodeIncrementalJsonLine(c, false).find("Image"),
            std::string::npos);
}

class Files : public testing::TestWithParam<Compression> {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("transfer_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string Path(std::string_view name) const { return dir_ / name; }
  std::filesystem::path dir_;
};

TEST_P(Files, LinesRoundTrip) {
  const std::string path = Path("lines");
  auto w = LineWriter::Open(path, GetParam());
  ASSERT_TRUE(w.ok());
  std::vector<std::string> lines;
  for (int i = 0; i < 50000; ++i) {
    lines.push_back(EncodeJsonLine(
        {{"pk", AttributeValue::S("k" + std::to_string(i * 7919))}}));
    ASSERT_TRUE((*w)->Append(lines.back()).ok());
  }
  ASSERT_TRUE((*w)->Close().ok());
  auto r = LineReader::Open(path, GetParam());
  ASSERT_TRUE(r.ok());
  std::string line;
  for (const std::string& want : lines) {
    StatusOr<LineReader::Result> got = (*r)->Next(&line);
    ASSERT_TRUE(got.ok()) << got.status().message();
    ASSERT_EQ(*got, LineReader::Result::kLine);
    ASSERT_EQ(line, want);
  }
  EXPECT_EQ(*(*r)->Next(&line), LineReader::Result::kEnd);
}

TEST_P(Files, LongLinesAreSkippedWithBoundedMemory) {
  const std::string path = Path("long");
  auto w = LineWriter::Open(path, GetParam());
  ASSERT_TRUE(w.ok());
  ASSERT_TRUE((*w)->Append("short").ok());
  ASSERT_TRUE((*w)->Append(std::string(300000, 'x')).ok());
  ASSERT_TRUE((*w)->Write("last").ok());  // no newline
  ASSERT_TRUE((*w)->Close().ok());
  auto r = LineReader::Open(path, GetParam(), /*max_line_bytes=*/1000);
  ASSERT_TRUE(r.ok());
  std::string line;
  EXPECT_EQ(*(*r)->Next(&line), LineReader::Result::kLine);
  EXPECT_EQ(*(*r)->Next(&line), LineReader::Result::kTooLong);
  EXPECT_LE(line.capacity(), 1000u);
  EXPECT_EQ(*(*r)->Next(&line), LineReader::Result::kLine);
  EXPECT_EQ(line, "last");
  EXPECT_EQ(*(*r)->Next(&line), LineReader::Result::kEnd);
}

TEST_P(Files, TruncatedOrCorruptIsAnError) {
  if (GetParam() == Compression::kNone) GTEST_SKIP();
  const std::string path = Path("cut");
  auto w = LineWriter::Open(path, GetParam());
  ASSERT_TRUE(w.ok());
  for (int i = 0; i < 1000; ++i) {
    ASSERT_TRUE((*w)->Append("line " + std::to_string(i)).ok());
  }
  ASSERT_TRUE((*w)->Close().ok());
  std::filesystem::resize_file(path, std::filesystem::file_size(path) / 2);
  auto r = LineReader::Open(path, GetParam());
  ASSERT_TRUE(r.ok());
  std::string line;
  Status last;
  while (true) {
    StatusOr<LineReader::Result> got = (*r)->Next(&line);
    if (!got.ok()) {
      last = got.status();
      break;
    }
    ASSERT_NE(*got, LineReader::Result::kEnd) << "truncation not noticed";
  }
  EXPECT_THAT(last.message(), testing::HasSubstr("corrupt"));
}

INSTANTIATE_TEST_SUITE_P(All, Files,
                         testing::Values(Compression::kNone, Compression::kGzip,
                                         Compression::kZstd));

TEST(Manifest, Md5KnownValues) {
  Md5 empty;
  EXPECT_EQ(DigestHex(empty.Finish()), "d41d8cd98f00b204e9800998ecf8427e");
  Md5 fox;
  fox.Update("The quick brown fox jumps over the lazy dog");
  EXPECT_EQ(DigestHex(fox.Finish()), "9e107d9d372bb6826bd81d3542a419d6");
}

TEST(Manifest, FolderAndLines) {
  EXPECT_EQ(ExportFolder("", "01-ab"), "AWSDynamoDB/01-ab");
  EXPECT_EQ(ExportFolder("a/b/", "01-ab"), "a/b/AWSDynamoDB/01-ab");
  EXPECT_EQ(ManifestFilesLine({3, "bWQ1", "6d64", "AWSDynamoDB/x/data/y"}),
            R"({"itemCount":3,"md5Checksum":"bWQ1","etag":"6d64",)"
            R"("dataFileS3Key":"AWSDynamoDB/x/data/y"})");
  EXPECT_EQ(IsoTime(1604474914028000), "2020-11-04T07:28:34.028Z");
}

}  // namespace
}  // namespace eddy::transfer
