// Copyright 2026 The eddy Authors.
//
// AttributeValue and AttributeMap: construction, set invariants and messages,
// equality, key ordering, nesting validation.

#include "emulator/types/attribute_value.h"

#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace eddy {
namespace {

Number Num(std::string_view s) { return *Number::Parse(s); }

TEST(AttributeValueTest, DefaultIsNull) {
  AttributeValue v;
  EXPECT_EQ(v.type(), AttributeType::kNULL);
  EXPECT_EQ(v, AttributeValue::Null());
}

TEST(AttributeValueTest, TypeNamesMatchTheWire) {
  EXPECT_EQ(AttributeTypeName(AttributeValue::S("x").type()), "S");
  EXPECT_EQ(AttributeTypeName(AttributeValue::N(1).type()), "N");
  EXPECT_EQ(AttributeTypeName(AttributeValue::B("x").type()), "B");
  EXPECT_EQ(AttributeTypeName(AttributeValue::Bool(true).type()), "BOOL");
  EXPECT_EQ(AttributeTypeName(AttributeValue::Null().type()), "NULL");
  EXPECT_EQ(AttributeTypeName(AttributeValue::M({}).type()), "M");
  EXPECT_EQ(AttributeTypeName(AttributeValue::L({}).type()), "L");
  EXPECT_EQ(AttributeTypeName(AttributeValue::SS({"a"})->type()), "SS");
  EXPECT_EQ(AttributeTypeName(AttributeValue::NS({Num("1")})->type()), "NS");
  EXPECT_EQ(AttributeTypeName(AttributeValue::BS({"a"})->type()), "BS");
}

TEST(AttributeValueTest, SBAndBAreDistinctTypes) {
  EXPECT_NE(AttributeValue::S("abc"), AttributeValue::B("abc"));
  EXPECT_NE(*AttributeValue::SS({"abc"}), *AttributeValue::BS({"abc"}));
}

TEST(AttributeValueTest, SetsIgnoreOrderAndCompareNumbersByValue) {
  EXPECT_EQ(*AttributeValue::SS({"b", "a", "c"}),
            *AttributeValue::SS({"c", "b", "a"}));
  EXPECT_EQ(*AttributeValue::NS({Num("1"), Num("2.50")}),
            *AttributeValue::NS({Num("2.5"), Num("1.0")}));
  EXPECT_EQ(AttributeValue::SS({"b", "a"})->ss(),
            (std::vector<std::string>{"a", "b"}));
  // Empty strings are allowed inside sets since 2020.
  EXPECT_THAT(AttributeValue::SS({""}), IsOk());
  EXPECT_THAT(AttributeValue::BS({""}), IsOk());
}

TEST(AttributeValueTest, SetsAreOrderedByUnsignedBytes) {
  auto set =
      AttributeValue::BS({std::string("\xff", 1), std::string("\x01", 1)});
  ASSERT_THAT(set, IsOk());
  EXPECT_EQ(set->bs()[0], std::string("\x01", 1));
  EXPECT_EQ(set->bs()[1], std::string("\xff", 1));
}

TEST(AttributeValueTest, EmptySetsAreRejected) {
  EXPECT_THAT(AttributeValue::SS({}),
              StatusIsExactly(ErrorCode::kValidation,
                              "One or more parameter values were invalid: An "
                              "string set  may not be empty"));
  EXPECT_THAT(AttributeValue::NS({}),
              StatusIsExactly(ErrorCode::kValidation,
                              "One or more parameter values were invalid: An "
                              "number set  may not be empty"));
  EXPECT_THAT(AttributeValue::BS({}),
              StatusIsExactly(ErrorCode::kValidation,
                              "One or more parameter values were invalid: "
                              "Binary sets should not be empty"));
}

TEST(AttributeValueTest, DuplicateSetMembersAreRejected) {
  EXPECT_THAT(
      AttributeValue::SS({"a", "a"}),
      StatusIsExactly(ErrorCode::kValidation,
                      "One or more parameter values were invalid: Input "
                      "collection [a, a] contains duplicates."));
  EXPECT_THAT(AttributeValue::SS({"x", "a", "x"}),
              StatusIs(ErrorCode::kValidation, "[x, a, x]"));
  EXPECT_THAT(AttributeValue::NS({Num("1"), Num("1.0")}),
              StatusIsExactly(ErrorCode::kValidation,
                              "Input collection contains duplicates"));
  EXPECT_THAT(AttributeValue::BS({"b", "b"}),
              StatusIsExactly(
                  ErrorCode::kValidation,
                  "One or more parameter values were invalid: Input "
                  "collection [Yg==, Yg==]of type BS contains duplicates."));
}

TEST(AttributeValueTest, DeepEqualityOfDocuments) {
  AttributeValue a = AttributeValue::M(
      {{"list",
        AttributeValue::L({AttributeValue::N(1), AttributeValue::S("x")})},
       {"flag", AttributeValue::Bool(false)}});
  AttributeValue b = AttributeValue::M(
      {{"flag", AttributeValue::Bool(false)},
       {"list", AttributeValue::L(
                    {AttributeValue::N(Num("1.0")), AttributeValue::S("x")})}});
  EXPECT_EQ(a, b);
  // Lists are ordered.
  AttributeValue c = AttributeValue::M(
      {{"flag", AttributeValue::Bool(false)},
       {"list",
        AttributeValue::L({AttributeValue::S("x"), AttributeValue::N(1)})}});
  EXPECT_NE(a, c);
}

TEST(AttributeMapTest, SetFindEraseKeepNamesUniqueAndSorted) {
  AttributeMap m;
  m.Set("b", AttributeValue::N(2));
  m.Set("a", AttributeValue::N(1));
  m.Set("c", AttributeValue::N(3));
  m.Set("b", AttributeValue::S("two"));
  ASSERT_EQ(m.size(), 3u);
  EXPECT_EQ(m.Find("b")->s(), "two");
  EXPECT_EQ(m.Find("z"), nullptr);
  std::vector<std::string> names;
  for (const auto& e : m) names.push_back(e.name);
  EXPECT_EQ(names, (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_TRUE(m.Erase("a"));
  EXPECT_FALSE(m.Erase("a"));
  EXPECT_FALSE(m.Contains("a"));
  *m.FindMutable("c") = AttributeValue::Bool(true);
  EXPECT_TRUE(m.Find("c")->boolean());
}

TEST(AttributeValueDeathTest, WrongTypeAccessAborts) {
  EXPECT_DEATH((void)AttributeValue::N(1).s(), "");
}

TEST(AttributeValueTest, MutableContainersCanBeEdited) {
  AttributeValue list = AttributeValue::L({});
  list.mutable_l().push_back(AttributeValue::S("x"));
  EXPECT_EQ(list.ElementCount(), 1u);
  AttributeValue map = AttributeValue::M({});
  map.mutable_m().Set("k", AttributeValue::Null());
  EXPECT_EQ(map.ElementCount(), 1u);
}

TEST(AttributeValueTest, CompareScalarsOrdersKeysAsDynamoDb) {
  EXPECT_LT(CompareScalars(AttributeValue::N(2), AttributeValue::N(10)), 0);
  EXPECT_EQ(CompareScalars(AttributeValue::N(Num("1")),
                           AttributeValue::N(Num("1.00"))),
            0);
  // S by UTF-8 bytes: "Z" (0x5a) < "a" (0x61) < "é" (0xc3 0xa9).
  EXPECT_LT(CompareScalars(AttributeValue::S("Z"), AttributeValue::S("a")), 0);
  EXPECT_LT(
      CompareScalars(AttributeValue::S("a"), AttributeValue::S("\xc3\xa9")), 0);
  EXPECT_LT(CompareScalars(AttributeValue::S("ab"), AttributeValue::S("abc")),
            0);
  // B by unsigned bytes: 0x7f < 0x80.
  EXPECT_LT(
      CompareScalars(AttributeValue::B("\x7f"), AttributeValue::B("\x80")), 0);
}

AttributeValue NestedMaps(int wraps) {
  AttributeValue v = AttributeValue::S("leaf");
  for (int i = 0; i < wraps; ++i) v = AttributeValue::M({{"n", v}});
  return v;
}

TEST(AttributeValueTest, NestingLimitCountsTheAttributeAsLevelOne) {
  // 31 wraps: the leaf is at level 32, the deepest DynamoDB accepts.
  EXPECT_THAT(ValidateNesting(Item{{"a", NestedMaps(31)}}), IsOk());
  EXPECT_THAT(
      ValidateNesting(Item{{"a", NestedMaps(32)}}),
      StatusIsExactly(ErrorCode::kValidation,
                      "Nesting Levels have exceeded supported limits: "
                      "Attributes in the item have nested levels beyond "
                      "supported limit"));
  AttributeValue list = AttributeValue::N(1);
  for (int i = 0; i < 32; ++i) list = AttributeValue::L({list});
  EXPECT_THAT(ValidateNesting(Item{{"a", list}}),
              StatusIs(ErrorCode::kValidation, "Nesting"));
}

TEST(AttributeValueTest, DebugStringIsReadable) {
  Item item{{"a", AttributeValue::S("x\"y")},
            {"b", AttributeValue::N(Num("1.50"))},
            {"c", *AttributeValue::SS({"q", "p"})}};
  EXPECT_EQ(AttributeValue::M(item).DebugString(),
            "{M:{a:{S:\"x\\\"y\"},b:{N:1.5},c:{SS:[\"p\",\"q\"]}}}");
}

}  // namespace
}  // namespace eddy
