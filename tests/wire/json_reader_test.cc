// Copyright 2026 The eddy Authors.
//
// JsonReader (emulator/wire/internal/json_reader.h): tokens, strings,
// numbers, errors; and a differential test against nlohmann/json, which must
// agree on which of thousands of mutated documents are JSON.

#include "emulator/wire/internal/json_reader.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace eddy::wire::internal {
namespace {

using namespace std::string_literals;

// Whether the reader takes `text` as one JSON document (skipping it whole).
bool Valid(std::string_view text) {
  JsonReader in(text);
  in.Skip();
  return in.Finish();
}

TEST(JsonReaderTest, ReadsAnObjectMemberByMember) {
  JsonReader in(
      R"( {"a" : "x\n\u00e9", "b":[1, -2.5e3, true, false, null], "c":{}} )");
  ASSERT_EQ(in.Peek(), JsonType::kObject);
  in.EnterObject();
  std::string_view key;
  ASSERT_TRUE(in.NextMember(&key));
  EXPECT_EQ(key, "a");
  ASSERT_EQ(in.Peek(), JsonType::kString);
  EXPECT_EQ(in.ReadString(), "x\n\xc3\xa9");
  ASSERT_TRUE(in.NextMember(&key));
  EXPECT_EQ(key, "b");
  ASSERT_EQ(in.Peek(), JsonType::kArray);
  in.EnterArray();
  std::vector<JsonType> types;
  std::vector<std::string> numbers;
  while (in.NextElement()) {
    const JsonType t = in.Peek();
    types.push_back(t);
    if (t == JsonType::kInteger || t == JsonType::kDecimal) {
      numbers.emplace_back(in.ReadNumber());
    } else {
      in.ReadLiteral();
    }
  }
  EXPECT_EQ(types, (std::vector<JsonType>{JsonType::kInteger,
                                          JsonType::kDecimal, JsonType::kTrue,
                                          JsonType::kFalse, JsonType::kNull}));
  EXPECT_EQ(numbers, (std::vector<std::string>{"1", "-2.5e3"}));
  ASSERT_TRUE(in.NextMember(&key));
  EXPECT_EQ(key, "c");
  const JsonValue c = in.SkipValue();
  EXPECT_EQ(c.type, JsonType::kObject);
  EXPECT_EQ(c.text, "{}");
  EXPECT_FALSE(in.NextMember(&key));
  EXPECT_TRUE(in.Finish());
}

TEST(JsonReaderTest, NumbersAreTextAndTyped) {
  struct Case {
    const char* text;
    JsonType type;
  };
  for (const Case& c :
       {Case{"0", JsonType::kInteger}, Case{"-0", JsonType::kInteger},
        Case{"123456789012345678901234567890123456789012", JsonType::kInteger},
        Case{"1.0", JsonType::kDecimal}, Case{"1e3", JsonType::kDecimal},
        Case{"1E+3", JsonType::kDecimal},
        Case{"-0.5e-300", JsonType::kDecimal}}) {
    SCOPED_TRACE(c.text);
    JsonReader in(c.text);
    ASSERT_EQ(in.Peek(), c.type);
    EXPECT_EQ(in.ReadNumber(), c.text);
    EXPECT_TRUE(in.Finish());
  }
  for (const char* bad : {"01", "-", "+1", "1.", ".5", "1e", "1e+", "0x10",
                          "NaN", "Infinity", "1.5.3", "--1"}) {
    SCOPED_TRACE(bad);
    EXPECT_FALSE(Valid(bad));
  }
}

TEST(JsonReaderTest, StringsAreUnescapedAndUtf8Checked) {
  struct Case {
    std::string json, value;
  };
  const Case good[] = {
      {R"("")", ""},
      {R"("plain text longer than eight bytes")",
       "plain text longer than eight bytes"},
      {R"("\"\\\/\b\f\n\r\t")", "\"\\/\b\f\n\r\t"},
      {R"("\u0041\u00e9\u65e5\ud83d\ude00")",
       "A\xc3\xa9\xe6\x97\xa5\xf0\x9f\x98\x80"},
      {R"("\u0000")", "\0"s},
      {"\"\xc3\xa9\xe6\x97\xa5\xf0\x9f\x98\x80\x7f\"",
       "\xc3\xa9\xe6\x97\xa5\xf0\x9f\x98\x80\x7f"},
      {R"("escape at the end of a long run\n")",
       "escape at the end of a long run\n"},
  };
  for (const Case& c : good) {
    SCOPED_TRACE(c.json);
    JsonReader in(c.json);
    ASSERT_EQ(in.Peek(), JsonType::kString);
    EXPECT_EQ(in.ReadString(), c.value);
    EXPECT_TRUE(in.Finish());
  }
  struct Bad {
    std::string json;
    JsonReader::Error error;
  };
  const Bad bad[] = {
      {"\"a\xff"
       "b\"",
       JsonReader::Error::kInvalidUtf8},
      {"\"\xc0\xaf\"", JsonReader::Error::kInvalidUtf8},
      {"\"\xe0\x80\x80\"", JsonReader::Error::kInvalidUtf8},
      {"\"\xed\xa0\x80\"", JsonReader::Error::kInvalidUtf8},
      {"\"\xf4\x90\x80\x80\"", JsonReader::Error::kInvalidUtf8},
      {"\"\xe6\x97\"", JsonReader::Error::kInvalidUtf8},
      {"\"0123456789\xe6\x97\"", JsonReader::Error::kInvalidUtf8},
      {R"("\ud800")", JsonReader::Error::kInvalidUtf8},
      {R"("\udc00")", JsonReader::Error::kInvalidUtf8},
      {R"("\ud800\u0041")", JsonReader::Error::kInvalidUtf8},
      {R"("\x")", JsonReader::Error::kSyntax},
      {R"("\u12g4")", JsonReader::Error::kSyntax},
      {"\"a\tb\"", JsonReader::Error::kSyntax},
      {"\"a\0b\""s, JsonReader::Error::kSyntax},
      {R"("unterminated)", JsonReader::Error::kSyntax},
  };
  for (const Bad& c : bad) {
    SCOPED_TRACE(c.json);
    JsonReader in(c.json);
    in.Skip();
    EXPECT_FALSE(in.Finish());
    EXPECT_EQ(in.error(), c.error);
  }
}

TEST(JsonReaderTest, DeepDocumentsNeedNoStack) {
  const size_t depth = 1'000'000;
  std::string arrays = std::string(depth, '[') + std::string(depth, ']');
  EXPECT_TRUE(Valid(arrays));
  std::string objects;
  for (size_t i = 0; i < depth; ++i) objects += R"({"a":)";
  objects += "1" + std::string(depth, '}');
  EXPECT_TRUE(Valid(objects));
  // Mismatched at the innermost level, and one level short.
  arrays[depth] = '}';
  EXPECT_FALSE(Valid(arrays));
  EXPECT_FALSE(Valid(std::string(depth, '[') + std::string(depth - 1, ']')));
}

TEST(JsonReaderTest, ErrorsStopTheReader) {
  JsonReader in(R"({"a":1,,"b":2})");
  in.Peek();
  in.EnterObject();
  std::string_view key;
  EXPECT_TRUE(in.NextMember(&key));
  in.Skip();
  EXPECT_FALSE(in.NextMember(&key));
  EXPECT_FALSE(in.ok());
  EXPECT_EQ(in.Peek(), JsonType::kNone);
  EXPECT_FALSE(in.Finish());
  for (const char* bad : {"",
                          " ",
                          "{",
                          "}",
                          "{]",
                          "[}",
                          "{\"a\"}",
                          "{\"a\":}",
                          "{\"a\":1,}",
                          "[1,]",
                          "[,1]",
                          "{'a':1}",
                          "{a:1}",
                          "tru",
                          "nul",
                          "[1 2]",
                          "{} {}",
                          "{\"a\":1}x",
                          "{}\xef\xbb\xbf",
                          "\xef\xbb"}) {
    SCOPED_TRACE(bad);
    EXPECT_FALSE(Valid(bad));
  }
  // A byte order mark at the start is not an error (Jackson skips it).
  EXPECT_TRUE(Valid("\xef\xbb\xbf{}"));
}

// Whether nlohmann/json takes `doc` as JSON; nullopt when it cannot say: it
// stops at a number beyond a double's range (1e999) with out_of_range before
// reading on, while the reader keeps numbers as text and reads on.
std::optional<bool> NlohmannAccepts(const std::string& doc) {
  try {
    const nlohmann::json parsed = nlohmann::json::parse(doc);
    return !parsed.is_discarded();
  } catch (const nlohmann::json::out_of_range&) {
    return std::nullopt;
  } catch (const nlohmann::json::exception&) {
    return false;
  }
}

// nlohmann/json and the reader agree on what is JSON, over mutations of
// documents with every kind of token.
TEST(JsonReaderTest, AgreesWithNlohmannOnMutatedDocuments) {
  const std::string seeds[] = {
      R"({"TableName":"t","Item":{"a":{"S":"x\u00e9\ud83d\ude00"},"n":{"N":"1e5"},)"
      R"("l":{"L":[{"NULL":true},{"BOOL":false},{"M":{}}]}},"Limit":-12.5E-3})",
      R"([[],{},[{}],"\"\\\/\b\f\n\r\t",0,-0,1.25,true,false,null])",
      "{\"k\xc3\xa9y\":[\"\xe6\x97\xa5\xf0\x9f\x98\x80\",12345678901234567890]"
      "}",
  };
  uint64_t x = 0x9e3779b97f4a7c15ULL;
  auto next = [&] {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
  };
  const char pieces[] = "{}[],:\"\\0123456789.eE+-tfnu \xff\xc3\xa9\x80\xed";
  int checked = 0;
  for (int i = 0; i < 30000; ++i) {
    std::string doc = seeds[next() % std::size(seeds)];
    for (int m = 1 + static_cast<int>(next() % 3); m > 0; --m) {
      const size_t at = next() % (doc.size() + 1);
      switch (next() % 3) {
        case 0:
          if (!doc.empty())
            doc[next() % doc.size()] = pieces[next() % (sizeof(pieces) - 1)];
          break;
        case 1:
          doc.insert(at, 1, pieces[next() % (sizeof(pieces) - 1)]);
          break;
        case 2:
          doc.erase(at, 1 + next() % 3);
          break;
      }
    }
    if (doc.find('\0') != std::string::npos) continue;
    SCOPED_TRACE(doc);
    const std::optional<bool> oracle = NlohmannAccepts(doc);
    if (!oracle) continue;
    ASSERT_EQ(Valid(doc), *oracle);
    ++checked;
  }
  EXPECT_GT(checked, 28000);
}

}  // namespace
}  // namespace eddy::wire::internal
