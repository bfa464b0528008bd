// Copyright 2026 The eddy Authors.
//
// Issue 26's worst shapes: legacy parameters with a million elements through
// the typed API, and a hundred thousand through the JSON API. Each request
// gets its answer (an item, an error, a filtered page) with work linear in
// its size; when the translation was quadratic, one million-element request
// took about half an hour, so the CTest timeout of this binary
// (engine_tests.cmake) turns a regression into a failure without the tests
// measuring time themselves. The JSON API runs a tenth of the size because
// its cost there is the JSON document's (15-30 us per element today, 10x
// that under ASan), not the translation's. The per-element cost at 1k..1M
// elements is in bench/expr_bench.cc (BM_Legacy*).

#include <map>
#include <string>
#include <vector>

#include "tests/engine/behaviour_fixture.h"

namespace eddy {
namespace {

using Op = ComparisonOperator;

std::string Name(int i) { return "a" + std::to_string(i); }

class LegacyScaleTest : public BehaviourTest {
 protected:
  void SetUp() override {
    CreateTableRequest r;
    r.table_name = "tbl";
    r.key_schema = {{"pk", KeyType::kHash}};
    r.attribute_definitions = {{"pk", ScalarAttributeType::kS}};
    r.billing_mode = BillingMode::kPayPerRequest;
    ASSERT_THAT(client_->CreateTable(r), IsOk());
    for (int i = 0; i < 10; ++i) {
      ASSERT_THAT(Put("tbl", {{"pk", S("k" + std::to_string(i))},
                              {"v", N(i % 2 ? -i : i)},
                              {Name(1), S("one")}}),
                  IsOk());
    }
  }
  Item Key(const std::string& pk) { return {{"pk", S(pk)}}; }
  // Elements per request.
  int Size() const {
    return GetParam() == ClientKind::kTyped ? 1'000'000 : 100'000;
  }
};

TEST_P(LegacyScaleTest, AttributesToGet) {
  GetItemRequest get;
  get.table_name = "tbl";
  get.key = Key("k0");
  get.attributes_to_get.emplace();
  get.attributes_to_get->reserve(Size() + 1);
  for (int i = 0; i < Size(); ++i) get.attributes_to_get->push_back(Name(i));
  StatusOr<GetItemResponse> r = client_->GetItem(get);
  ASSERT_THAT(r, IsOk());
  ASSERT_TRUE(r->item.has_value());
  EXPECT_EQ(*r->item, (Item{{Name(1), S("one")}}));

  get.attributes_to_get->push_back(Name(Size() / 2));
  EXPECT_THAT(client_->GetItem(get),
              StatusIsExactly(ErrorCode::kValidation,
                              "One or more parameter values were invalid: "
                              "Duplicate value in attribute name: " +
                                  Name(Size() / 2)));
}

TEST_P(LegacyScaleTest, AttributeUpdates) {
  UpdateItemRequest u;
  u.table_name = "tbl";
  u.key = Key("k0");
  u.attribute_updates.emplace();
  for (int i = 0; i < Size(); ++i) {
    u.attribute_updates->emplace_hint(
        u.attribute_updates->end(), "u" + std::to_string(Size() + i),
        AttributeValueUpdate{std::nullopt, AttributeAction::kDelete});
  }
  u.return_values = ReturnValue::kAllNew;
  StatusOr<UpdateItemResponse> r = client_->UpdateItem(u);
  ASSERT_THAT(r, IsOk());  // absent attributes removed: no change
  EXPECT_EQ(r->attributes, Get("tbl", Key("k0")));

  for (auto& [name, update] : *u.attribute_updates) {
    update = AttributeValueUpdate{N(1), AttributeAction::kPut};
  }
  u.return_values = ReturnValue::kNone;
  // Typed: the engine's answer for the updated item. JSON: the update is
  // refused while read, once its values pass 400 KB (the request-level list
  // form, "1 validation error detected: ...").
  EXPECT_THAT(client_->UpdateItem(u),
              StatusIs(ErrorCode::kValidation,
                       "Item size to update has exceeded the maximum allowed "
                       "size"));
  EXPECT_EQ(Get("tbl", Key("k0"))->size(), 3u);
}

TEST_P(LegacyScaleTest, ExpectedEntries) {
  PutItemRequest put;
  put.table_name = "tbl";
  put.item = {{"pk", S("k0")}, {"v", N(100)}};
  put.expected.emplace();
  for (int i = 2; i < Size() + 2; ++i) {
    put.expected->emplace(
        Name(i),
        ExpectedAttributeValue{std::nullopt, std::nullopt, Op::kNe, {N(0)}});
  }
  put.expected->emplace(
      "v", ExpectedAttributeValue{N(1), std::nullopt, std::nullopt, {}});
  EXPECT_THAT(client_->PutItem(put),
              StatusIs(ErrorCode::kConditionalCheckFailed, ""));  // v is 0
  put.expected->at("v").value = N(0);
  EXPECT_THAT(client_->PutItem(put), IsOk());
  EXPECT_EQ(*Get("tbl", Key("k0"))->Find("v"), N(100));
}

TEST_P(LegacyScaleTest, ValuesInAScanFilterIn) {
  ScanRequest scan;
  scan.table_name = "tbl";
  Condition in{Op::kIn, {}};
  in.attribute_value_list.reserve(Size());
  for (int i = 0; i < Size(); ++i) in.attribute_value_list.push_back(N(i));
  scan.scan_filter = std::map<std::string, Condition>{{"v", std::move(in)}};
  StatusOr<ScanResponse> r = client_->Scan(scan);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->count, 5);  // v = 0, 2, 4, 6, 8
  EXPECT_EQ(r->scanned_count, 10);
}

INSTANTIATE_TEST_SUITE_P(Clients, LegacyScaleTest,
                         ::testing::Values(ClientKind::kTyped,
                                           ClientKind::kJson),
                         KindName);

}  // namespace
}  // namespace eddy
