// Copyright 2026 The eddy Authors.
//
// CheckUntrustedPayload, DecodeUntrustedPayload and MakeRecordFromPayload:
// every payload MakeRecord writes is accepted, with the item's DynamoDB
// size and key bytes, and becomes the same record without an Item; any
// mutation of one is either rejected or another canonical payload (what it
// accepts re-encodes to the same bytes), never a crash; the canonical rules
// (minimal varints, numbers, order, sets, depth) each reject.

#include <random>
#include <string>
#include <vector>

#include "emulator/storage/record.h"
#include "gtest/gtest.h"

namespace eddy::storage {
namespace {

AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }

AttributeValue Num(std::string_view text) {
  StatusOr<AttributeValue> v = AttributeValue::ParseN(text);
  EXPECT_TRUE(v.ok()) << text;
  return v.ok() ? *v : AttributeValue::Null();
}

const char* const kNumbers[] = {"0",
                                "1",
                                "-1",
                                "10",
                                "0.5",
                                "-0.25",
                                "1E125",
                                "-1E125",
                                "1E-130",
                                "-1E-130",
                                "123456789012345678901234567890123456",
                                "9.99E+125",
                                "150",
                                "-150",
                                "0.001",
                                "12.5",
                                "-99999"};

AttributeValue RandomValue(std::mt19937_64& rng, int depth) {
  const int kind = static_cast<int>(rng() % (depth < 3 ? 11 : 9));
  auto pick_number = [&] {
    return std::string(kNumbers[rng() % std::size(kNumbers)]);
  };
  switch (kind) {
    case 0:
      return S(std::string(rng() % 20, static_cast<char>('a' + rng() % 26)));
    case 1:
      return Num(pick_number());
    case 2:
      return AttributeValue::B(std::string(rng() % 5, '\0'));
    case 3:
      return AttributeValue::Bool(rng() % 2 == 0);
    case 4:
      return AttributeValue::Null();
    case 5:
      return *AttributeValue::SS({"a", "b" + std::to_string(rng() % 100)});
    case 6: {
      std::vector<Number> ns;
      ns.push_back(*Number::Parse("7"));
      ns.push_back(*Number::Parse("-3.5"));
      return *AttributeValue::NS(std::move(ns));
    }
    case 7:
      return *AttributeValue::BS({std::string("\x01", 1), "zz"});
    case 8:
      return S("");
    case 9: {
      std::vector<AttributeValue> l;
      for (int i = 0, n = static_cast<int>(rng() % 4); i < n; ++i) {
        l.push_back(RandomValue(rng, depth + 1));
      }
      return AttributeValue::L(std::move(l));
    }
    default: {
      AttributeMap m;
      for (int i = 0, n = static_cast<int>(rng() % 4); i < n; ++i) {
        m.Set("m" + std::to_string(i), RandomValue(rng, depth + 1));
      }
      return AttributeValue::M(std::move(m));
    }
  }
}

Item RandomItem(std::mt19937_64& rng) {
  Item item;
  item.Set("pk", S("user#" + std::to_string(rng() % 1000)));
  item.Set("sk", Num(kNumbers[rng() % std::size(kNumbers)]));
  for (int i = 0, n = static_cast<int>(rng() % 6); i < n; ++i) {
    item.Set("a" + std::to_string(rng() % 50), RandomValue(rng, 1));
  }
  return item;
}

TEST(UntrustedPayloadTest, AcceptsWhatMakeRecordWritesAndRebuildsTheRecord) {
  std::mt19937_64 rng(21);
  for (int round = 0; round < 2000; ++round) {
    const Item item = RandomItem(rng);
    RecordPtr made = MakeRecord(item, "pk", "sk");
    PayloadFacts facts;
    ASSERT_TRUE(CheckUntrustedPayload(made->payload(), "pk", "sk", &facts).ok())
        << round;
    EXPECT_EQ(facts.item_size, ItemSizeBytes(item)) << round;
    ASSERT_TRUE(facts.key_type[0] == AttributeType::kS);
    ASSERT_TRUE(facts.key_type[1] == AttributeType::kN);
    EXPECT_EQ(facts.key_bytes[0], KeyBytes(*item.Find("pk")));
    EXPECT_EQ(facts.key_bytes[1], KeyBytes(*item.Find("sk")));
    StatusOr<Item> decoded = DecodeUntrustedPayload(made->payload());
    ASSERT_TRUE(decoded.ok());
    EXPECT_EQ(*decoded, item);
    RecordPtr rebuilt = MakeRecordFromPayload(made->payload(), facts);
    EXPECT_EQ(rebuilt->payload(), made->payload());
    EXPECT_EQ(rebuilt->partition_key(), made->partition_key());
    EXPECT_EQ(rebuilt->sort_key(), made->sort_key());
    EXPECT_EQ(rebuilt->hash(), made->hash());
    EXPECT_EQ(rebuilt->item_size(), made->item_size());
    EXPECT_EQ(rebuilt->Decode(), item);
  }
}

TEST(UntrustedPayloadTest, AbsentKeysAndOtherTypesAreReported) {
  RecordPtr r = MakeRecord(Item{{"pk", AttributeValue::Bool(true)}}, "pk", "");
  PayloadFacts facts;
  ASSERT_TRUE(CheckUntrustedPayload(r->payload(), "pk", "sk", &facts).ok());
  EXPECT_TRUE(facts.key_type[0] == AttributeType::kBOOL);
  EXPECT_FALSE(facts.key_type[1].has_value());
}

// Whatever a mutation of a valid payload is, the check does not crash, and
// what it accepts is canonical: decoding and re-encoding gives the same
// bytes, with the size the facts report.
TEST(UntrustedPayloadTest, MutationsAreRejectedOrCanonical) {
  std::mt19937_64 rng(7);
  int accepted = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string bytes(MakeRecord(RandomItem(rng), "pk", "sk")->payload());
    switch (rng() % 3) {
      case 0:
        bytes[rng() % bytes.size()] ^= static_cast<char>(1 + rng() % 255);
        break;
      case 1:
        bytes.resize(rng() % bytes.size());
        break;
      default:
        bytes.insert(rng() % (bytes.size() + 1), 1,
                     static_cast<char>(rng() % 256));
        break;
    }
    PayloadFacts facts;
    if (!CheckUntrustedPayload(bytes, "pk", "sk", &facts).ok()) {
      EXPECT_FALSE(DecodeUntrustedPayload(bytes).ok());
      continue;
    }
    ++accepted;
    StatusOr<Item> item = DecodeUntrustedPayload(bytes);
    ASSERT_TRUE(item.ok());
    EXPECT_EQ(MakeRecord(*item, "", "")->payload(), bytes) << round;
    EXPECT_EQ(facts.item_size, ItemSizeBytes(*item)) << round;
  }
  EXPECT_GT(accepted, 0);  // some mutations are other valid items
}

std::string Payload(const Item& item) {
  return std::string(MakeRecord(item, "", "")->payload());
}

bool Accepted(std::string_view bytes) {
  PayloadFacts facts;
  return CheckUntrustedPayload(bytes, "", "", &facts).ok();
}

TEST(UntrustedPayloadTest, EachCanonicalRuleRejects) {
  // A varint with a padding byte: count 1 written as 0x81 0x00.
  std::string p = Payload(Item{{"a", S("x")}});
  ASSERT_EQ(p[0], '\x01');
  EXPECT_TRUE(Accepted(p));
  EXPECT_FALSE(Accepted(std::string("\x81\x00", 2) + p.substr(1)));
  // Names out of order: {"b", "a"}.
  std::string two = Payload(Item{{"a", S("x")}, {"b", S("y")}});
  std::string swapped = two;
  swapped[2] = 'b';
  swapped[7] = 'a';
  EXPECT_TRUE(Accepted(two));
  EXPECT_FALSE(Accepted(swapped));
  // A number with a trailing zero digit: 15 written as digits "150" at the
  // same exponent (the canonical 150 is digits "15").
  std::string n15 = Payload(Item{{"n", Num("15")}});
  std::string trailing = n15;
  trailing[4] = static_cast<char>(trailing[4] + 1);  // length 5 -> 6
  trailing.push_back('0');
  EXPECT_TRUE(Accepted(n15));
  EXPECT_FALSE(Accepted(trailing));
  // Nesting: 32 levels are fine, 33 are not.
  AttributeValue v = S("deep");
  for (int i = 0; i < 31; ++i) v = AttributeValue::L({v});
  EXPECT_TRUE(Accepted(Payload(Item{{"l", v}})));
  v = AttributeValue::L({v});
  EXPECT_FALSE(Accepted(Payload(Item{{"l", v}})));
  // Trailing bytes.
  EXPECT_FALSE(Accepted(p + "x"));
}

}  // namespace
}  // namespace eddy::storage
