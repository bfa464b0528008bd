// Copyright 2026 The eddy Authors.
//
// Answers public test suites pin while running against live DynamoDB, over
// the JSON API (the same requests go to eddy-server in
// tests/server/conformance_pinned.py): a BatchWriteItem put's key checked as
// a schema match, the index named in an index-key error, names and values
// without an expression before empty maps, BatchGetItem mixing the
// projection forms across its tables, and empty index key values set by an
// update or in a transaction (docs/validation-order.md).

#include <string>

#include "gtest/gtest.h"
#include "tests/wire/execute_fixture.h"

namespace eddy {
namespace {

using execute_testing::ExecuteTest;
using execute_testing::Invalid;

// ExecuteTest's database, with dynamodb-conformance's hashTableDef ("hash")
// and compositeTableDef ("comp": lsi1sk keys lsi1, gsi1 and gsi2).
class PinnedAnswersTest : public ExecuteTest {
 protected:
  void SetUp() override {
    ExecuteTest::SetUp();
    Ok("CreateTable",
       R"({"TableName":"hash","BillingMode":"PAY_PER_REQUEST",)"
       R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],)"
       R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})");
    Ok("CreateTable",
       R"({"TableName":"comp","BillingMode":"PAY_PER_REQUEST",)"
       R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},)"
       R"({"AttributeName":"sk","AttributeType":"S"},)"
       R"({"AttributeName":"lsi1sk","AttributeType":"S"},)"
       R"({"AttributeName":"lsi2sk","AttributeType":"S"}],)"
       R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},)"
       R"({"AttributeName":"sk","KeyType":"RANGE"}],)"
       R"("LocalSecondaryIndexes":[)"
       R"({"IndexName":"lsi1","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},)"
       R"({"AttributeName":"lsi1sk","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}},)"
       R"({"IndexName":"lsi2","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},)"
       R"({"AttributeName":"lsi2sk","KeyType":"RANGE"}],)"
       R"("Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["lsi1sk"]}}],)"
       R"("GlobalSecondaryIndexes":[)"
       R"({"IndexName":"gsi1","KeySchema":[{"AttributeName":"lsi1sk","KeyType":"HASH"}],)"
       R"("Projection":{"ProjectionType":"ALL"}},)"
       R"({"IndexName":"gsi2","KeySchema":[{"AttributeName":"lsi1sk","KeyType":"HASH"},)"
       R"({"AttributeName":"lsi2sk","KeyType":"RANGE"}],)"
       R"("Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["data"]}}]})");
  }
  void Ok(std::string_view op, std::string_view body) {
    WireResponse r = Run(op, body);
    ASSERT_EQ(r.http_status, 200) << r.body;
  }
};

constexpr char kSchema[] = "The provided key element does not match the schema";

// dynamodb-conformance (batchWriteItem.test.ts) and dynalite's batchWriteItem
// tests: a put's key attribute of the wrong type, not a scalar, or missing is
// a schema mismatch, not PutItem's "Type mismatch for key" / "Missing the
// key"; nothing is written.
TEST_F(PinnedAnswersTest, BatchWritePutKeysMustMatchTheSchema) {
  for (const char* item : {R"({"pk":{"N":"5"}})", R"({"pk":{"L":[{"S":"x"}]}})",
                           R"({})", R"({"other":{"S":"a"}})"}) {
    SCOPED_TRACE(item);
    EXPECT_EQ(
        Body("BatchWriteItem",
             std::string(R"({"RequestItems":{"hash":[{"PutRequest":{"Item":)") +
                 item + "}}]}}"),
        Invalid(kSchema));
  }
  // The missing range key, on a composite table; a good put beside it is not
  // written.
  EXPECT_EQ(
      Body(
          "BatchWriteItem",
          R"({"RequestItems":{"comp":[{"PutRequest":{"Item":{"pk":{"S":"a"},"sk":{"S":"1"}}}},)"
          R"({"PutRequest":{"Item":{"pk":{"S":"a"}}}}]}})"),
      Invalid(kSchema));
  EXPECT_EQ(
      Body("GetItem",
           R"({"TableName":"comp","Key":{"pk":{"S":"a"},"sk":{"S":"1"}}})"),
      "{}");
  // An empty key value keeps its own text.
  EXPECT_EQ(
      Body(
          "BatchWriteItem",
          R"({"RequestItems":{"hash":[{"PutRequest":{"Item":{"pk":{"S":""}}}}]}})"),
      Invalid(
          "One or more parameter values are not valid. The AttributeValue for "
          "a key attribute cannot contain an empty string value. Key: pk"));
  // PutItem keeps its own wording.
  EXPECT_EQ(
      Body("PutItem", R"({"TableName":"hash","Item":{"pk":{"N":"5"}}})"),
      Invalid("One or more parameter values were invalid: Type mismatch for "
              "key pk expected: S actual: N"));
}

// dynamodb-conformance (batchWriteItem.test.ts, live): lsi1sk keys lsi1, gsi1
// and gsi2; DynamoDB names gsi1, whichever write carries it. eddy checks the
// GSIs, then the LSIs, each in definition order.
TEST_F(PinnedAnswersTest, IndexKeyErrorsNameAGlobalIndexFirst) {
  const std::string wrong_type = Invalid(
      "One or more parameter values were invalid: Type mismatch for Index "
      "Key lsi1sk Expected: S Actual: N IndexName: gsi1");
  EXPECT_EQ(
      Body("BatchWriteItem",
           R"({"RequestItems":{"comp":[{"PutRequest":{"Item":{"pk":{"S":"a"},)"
           R"("sk":{"S":"a"},"lsi1sk":{"N":"5"}}}}]}})"),
      wrong_type);
  EXPECT_EQ(Body("PutItem",
                 R"({"TableName":"comp","Item":{"pk":{"S":"a"},"sk":{"S":"a"},)"
                 R"("lsi1sk":{"N":"5"}}})"),
            wrong_type);
  EXPECT_EQ(
      Body("BatchWriteItem",
           R"({"RequestItems":{"comp":[{"PutRequest":{"Item":{"pk":{"S":"a"},)"
           R"("sk":{"S":"c"},"lsi1sk":{"S":""}}}}]}})"),
      Invalid(
          "One or more parameter values are not valid. A value specified for "
          "a secondary index key is not supported. The AttributeValue for a "
          "key attribute cannot contain an empty string value. IndexName: "
          "gsi1, IndexKey: lsi1sk"));
  // lsi2sk keys lsi2 and gsi2: the GSI first.
  EXPECT_EQ(
      Body("PutItem",
           R"({"TableName":"comp","Item":{"pk":{"S":"a"},"sk":{"S":"a"},)"
           R"("lsi2sk":{"BOOL":true}}})"),
      Invalid("One or more parameter values were invalid: Type mismatch for "
              "Index Key lsi2sk Expected: S Actual: BOOL IndexName: gsi2"));
}

// moto's aws_verified GetItem test: an empty ExpressionAttributeNames without
// an expression is "can only be specified"; with one, "must not be empty"
// (dynalite's tests). The same order for every operation.
TEST_F(PinnedAnswersTest, NamesWithoutAnExpressionBeforeEmptyMaps) {
  const std::string only = Invalid(
      "ExpressionAttributeNames can only be specified when using expressions");
  const std::string empty =
      Invalid("ExpressionAttributeNames must not be empty");
  EXPECT_EQ(Body("GetItem", R"({"TableName":"hash","Key":{"id":{"S":"my_id"}},)"
                            R"("ExpressionAttributeNames":{}})"),
            only);
  EXPECT_EQ(
      Body("GetItem",
           R"({"TableName":"hash","Key":{"pk":{"S":"a"}},)"
           R"("ProjectionExpression":"a","ExpressionAttributeNames":{}})"),
      empty);
  EXPECT_EQ(Body("BatchGetItem",
                 R"({"RequestItems":{"hash":{"Keys":[{"pk":{"S":"a"}}],)"
                 R"("AttributesToGet":["a"],"ExpressionAttributeNames":{}}}})"),
            only);
  EXPECT_EQ(
      Body("BatchGetItem",
           R"({"RequestItems":{"hash":{"Keys":[{"pk":{"S":"a"}}],)"
           R"("ProjectionExpression":"a","ExpressionAttributeNames":{}}}})"),
      empty);
  EXPECT_EQ(Body("TransactGetItems",
                 R"({"TransactItems":[{"Get":{"TableName":"hash",)"
                 R"("Key":{"pk":{"S":"a"}},"ExpressionAttributeNames":{}}}]})"),
            only);
  EXPECT_EQ(
      Body(
          "Query",
          R"({"TableName":"hash","KeyConditions":{"pk":{"ComparisonOperator":"EQ",)"
          R"("AttributeValueList":[{"S":"a"}]}},"ExpressionAttributeNames":{}})"),
      only);
  EXPECT_EQ(
      Body(
          "Query",
          R"({"TableName":"hash","KeyConditionExpression":"pk = :v",)"
          R"("ExpressionAttributeValues":{":v":{"S":"a"}},"ExpressionAttributeNames":{}})"),
      empty);
  // dynalite's deleteItem test: empty values without an expression.
  EXPECT_EQ(
      Body("DeleteItem", R"({"TableName":"hash","Key":{"pk":{"S":"a"}},)"
                         R"("ExpressionAttributeValues":{}})"),
      Invalid("1 validation error detected: ExpressionAttributeValues can "
              "only be specified when using expressions"));
  EXPECT_EQ(Body("PutItem", R"({"TableName":"hash","Item":{"pk":{"S":"a"}},)"
                            R"j("ConditionExpression":"attribute_exists(a)",)j"
                            R"("ExpressionAttributeNames":{}})"),
            Invalid("1 validation error detected: ExpressionAttributeNames "
                    "must not be empty"));
}

// dynamodb-conformance (batchGetItem.test.ts, live): ProjectionExpression on
// one table and AttributesToGet on another is a ValidationException; the
// text is eddy's (the one-table text), and it comes before any table.
TEST_F(PinnedAnswersTest, BatchGetMayNotMixProjectionFormsAcrossTables) {
  const std::string mixed = Invalid(
      "Can not use both expression and non-expression parameters in the "
      "same request: Non-expression parameters: {AttributesToGet} "
      "Expression parameters: {ProjectionExpression}");
  EXPECT_EQ(
      Body(
          "BatchGetItem",
          R"({"RequestItems":{"hash":{"Keys":[{"pk":{"S":"a"}}],"ProjectionExpression":"pk"},)"
          R"("comp":{"Keys":[{"pk":{"S":"b"},"sk":{"S":"z"}}],"AttributesToGet":["pk"]}}})"),
      mixed);
  EXPECT_EQ(
      Body(
          "BatchGetItem",
          R"({"RequestItems":{"hash":{"Keys":[{"pk":{"S":"a"}}],"ProjectionExpression":"pk"},)"
          R"("nope":{"Keys":[{"pk":{"S":"b"}}],"AttributesToGet":["pk"]}}})"),
      mixed);
  // Each form alone, on each table, is fine.
  Ok("BatchGetItem",
     R"({"RequestItems":{"hash":{"Keys":[{"pk":{"S":"a"}}],"ProjectionExpression":"pk"},)"
     R"("comp":{"Keys":[{"pk":{"S":"b"},"sk":{"S":"z"}}],"ProjectionExpression":"pk"}}})");
  Ok("BatchGetItem",
     R"({"RequestItems":{"hash":{"Keys":[{"pk":{"S":"a"}}],"AttributesToGet":["pk"]},)"
     R"("comp":{"Keys":[{"pk":{"S":"b"},"sk":{"S":"z"}}]}}})");
}

// dynamodb-conformance tier3 (live): an empty index key value an
// UpdateExpression sets has its own text, without the index named
// (UpdateItem: four regions, 2026-06-23); in a transaction an empty index key
// value, a Put's or an Update's, is a top-level ValidationException, while a
// wrong index key type is a ValidationError cancellation reason (eu-west-2).
// Nothing is written.
TEST_F(PinnedAnswersTest, EmptyIndexKeyValuesInUpdatesAndTransactions) {
  const std::string by_update = Invalid(
      "One or more parameter values are not valid. The update expression "
      "attempted to update a secondary index key to a value that is not "
      "supported. The AttributeValue for a key attribute cannot contain an "
      "empty string value.");
  const std::string set_empty =
      R"("Key":{"pk":{"S":"u"},"sk":{"S":"c"}},"UpdateExpression":"SET lsi1sk = :v",)"
      R"("ExpressionAttributeValues":{":v":{"S":""}})";
  EXPECT_EQ(Body("UpdateItem", R"({"TableName":"comp",)" + set_empty + "}"),
            by_update);
  EXPECT_EQ(Body("TransactWriteItems",
                 R"({"TransactItems":[{"Update":{"TableName":"comp",)" +
                     set_empty + "}}]}"),
            by_update);
  EXPECT_EQ(
      Body("TransactWriteItems",
           R"({"TransactItems":[{"Put":{"TableName":"comp","Item":{)"
           R"("pk":{"S":"u"},"sk":{"S":"c"},"lsi1sk":{"S":""}}}}]})"),
      Invalid("One or more parameter values are not valid. A value specified "
              "for a secondary index key is not supported. The AttributeValue "
              "for a key attribute cannot contain an empty string value. "
              "IndexName: gsi1, IndexKey: lsi1sk"));
  // PutItem keeps the form that names the index.
  EXPECT_EQ(
      Body("PutItem", R"({"TableName":"comp","Item":{"pk":{"S":"u"},)"
                      R"("sk":{"S":"c"},"lsi1sk":{"S":""}}})"),
      Invalid("One or more parameter values are not valid. A value specified "
              "for a secondary index key is not supported. The AttributeValue "
              "for a key attribute cannot contain an empty string value. "
              "IndexName: gsi1, IndexKey: lsi1sk"));
  // A wrong type set by a transaction's Update is a cancellation reason.
  WireResponse r = Run(
      "TransactWriteItems",
      R"({"TransactItems":[{"Update":{"TableName":"comp","Key":{"pk":{"S":"u"},)"
      R"("sk":{"S":"c"}},"UpdateExpression":"SET lsi1sk = :v",)"
      R"("ExpressionAttributeValues":{":v":{"N":"5"}}}}]})");
  EXPECT_EQ(r.http_status, 400);
  EXPECT_NE(r.body.find("TransactionCanceledException"), std::string::npos)
      << r.body;
  EXPECT_NE(r.body.find("\"Code\":\"ValidationError\""), std::string::npos)
      << r.body;
  EXPECT_NE(r.body.find("Type mismatch for Index Key lsi1sk Expected: S "
                        "Actual: N IndexName: gsi1"),
            std::string::npos)
      << r.body;
  EXPECT_EQ(Body("GetItem", R"({"TableName":"comp","Key":{"pk":{"S":"u"},)"
                            R"("sk":{"S":"c"}}})"),
            "{}");
}

}  // namespace
}  // namespace eddy
