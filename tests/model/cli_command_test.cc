// Copyright 2026 The eddy Authors.
//
// The `aws dynamodb ...` command-line parser (model/formats/cli_command.h):
// shell quoting, the CLI's option names and value rules, JSON and shorthand
// values, pagination, and the errors.

#include "model/formats/cli_command.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"

namespace eddy::model {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using Json = nlohmann::json;

std::vector<std::string> Words(std::string_view line) {
  StatusOr<std::vector<std::string>> w = SplitShellWords(line);
  EXPECT_TRUE(w.ok()) << w.status().ToString();
  return w.ok() ? *w : std::vector<std::string>{};
}

std::string WordsError(std::string_view line) {
  StatusOr<std::vector<std::string>> w = SplitShellWords(line);
  EXPECT_FALSE(w.ok()) << line;
  return w.ok() ? "" : std::string(w.status().message());
}

// The request of a command that must parse.
Json Request(std::string_view line, CliRequest* out = nullptr) {
  StatusOr<CliRequest> r = ParseAwsCliCommand(line);
  EXPECT_TRUE(r.ok()) << line << "\n" << r.status().ToString();
  if (!r.ok()) return Json();
  if (out != nullptr) *out = *r;
  return Json::parse(r->request_json);
}

std::string Error(std::string_view line) {
  StatusOr<CliRequest> r = ParseAwsCliCommand(line);
  EXPECT_FALSE(r.ok()) << line << " parsed as " << r->request_json;
  return r.ok() ? "" : std::string(r.status().message());
}

TEST(ShellWordsTest, QuotesEscapesAndContinuations) {
  EXPECT_THAT(Words("aws  dynamodb\tscan"),
              ElementsAre("aws", "dynamodb", "scan"));
  EXPECT_THAT(Words("a 'b c' \"d e\""), ElementsAre("a", "b c", "d e"));
  // Single quotes keep everything, backslashes included.
  EXPECT_THAT(Words(R"('{"a":"x\"y"}')"), ElementsAre(R"({"a":"x\"y"})"));
  // Double quotes: \" and \\ are escapes, other backslashes stay.
  EXPECT_THAT(Words(R"("{\":p\":{\"S\":\"a\\b\\n\"}}")"),
              ElementsAre(R"({":p":{"S":"a\b\n"}})"));
  // Outside quotes a backslash escapes the next character.
  EXPECT_THAT(Words(R"(a\ b c\'d)"), ElementsAre("a b", "c'd"));
  // Adjacent quoted parts make one word; "" is an empty word.
  EXPECT_THAT(Words(R"(x'a'"b"c "")"), ElementsAre("xabc", ""));
  // Line continuations, LF and CRLF.
  EXPECT_THAT(Words("aws dynamodb \\\n  query \\\r\n --table-name t"),
              ElementsAre("aws", "dynamodb", "query", "--table-name", "t"));
  EXPECT_THAT(Words("a \"b\\\nc\""), ElementsAre("a", "bc"));
  // Nothing is expanded or commented out: no shell runs the command.
  EXPECT_THAT(Words("a b#c # $HOME `x` *.json"),
              ElementsAre("a", "b#c", "#", "$HOME", "`x`", "*.json"));
  EXPECT_THAT(Words("'$x' \"a $ b\" a|b x>y"),
              ElementsAre("$x", "a $ b", "a|b", "x>y"));
  // A quoted operator is an ordinary word.
  EXPECT_THAT(Words("a '|' \"&&\""), ElementsAre("a", "|", "&&"));
}

TEST(ShellWordsTest, RefusesUnterminatedQuotesAndOperators) {
  EXPECT_THAT(WordsError("a 'b"), HasSubstr("unterminated single quote at "
                                            "column 3"));
  EXPECT_THAT(WordsError("a \"b"), HasSubstr("unterminated double quote"));
  EXPECT_THAT(WordsError("aws dynamodb scan --table-name t | jq ."),
              HasSubstr("shell operator '|' at column 34"));
  EXPECT_THAT(WordsError("a && b"), HasSubstr("shell operator '&&'"));
  EXPECT_THAT(WordsError("a ; b"), HasSubstr("shell operator ';'"));
  EXPECT_THAT(WordsError("a > out.json"), HasSubstr("shell operator '>'"));
}

TEST(CliNameTest, FollowsBotocoreXformName) {
  EXPECT_EQ(CliName("TableName"), "table-name");
  EXPECT_EQ(CliName("GlobalSecondaryIndexes"), "global-secondary-indexes");
  EXPECT_EQ(CliName("SSESpecification"), "sse-specification");
  EXPECT_EQ(CliName("KMSMasterKeyId"), "kms-master-key-id");
  EXPECT_EQ(CliName("ReturnValuesOnConditionCheckFailure"),
            "return-values-on-condition-check-failure");
  EXPECT_EQ(CliName("BatchGetItem"), "batch-get-item");
  EXPECT_EQ(CliName("UpdateTimeToLive"), "update-time-to-live");
}

TEST(ParseAwsCliCommandTest, GetItemWithJsonKeyAndFlags) {
  CliRequest r;
  Json req = Request(
      "aws dynamodb get-item --table-name Shop "
      "--key '{\"pk\":{\"S\":\"C#1\"},\"sk\":{\"S\":\"P\"}}' "
      "--consistent-read --projection-expression '#n' "
      "--expression-attribute-names '{\"#n\":\"name\"}'",
      &r);
  EXPECT_EQ(r.operation, "GetItem");
  EXPECT_EQ(r.cli_operation, "get-item");
  EXPECT_FALSE(r.paginate);
  EXPECT_EQ(req, Json::parse(R"({"TableName":"Shop",
      "Key":{"pk":{"S":"C#1"},"sk":{"S":"P"}},"ConsistentRead":true,
      "ProjectionExpression":"#n",
      "ExpressionAttributeNames":{"#n":"name"}})"));
}

TEST(ParseAwsCliCommandTest, NegatedBooleansAndEqualsForm) {
  Json req = Request(
      "aws dynamodb query --table-name=t --key-condition-expression='pk = :p' "
      "--expression-attribute-values '{\":p\":{\"N\":\"1\"}}' "
      "--no-scan-index-forward --no-consistent-read");
  EXPECT_EQ(req["TableName"], "t");
  EXPECT_EQ(req["KeyConditionExpression"], "pk = :p");
  EXPECT_EQ(req["ScanIndexForward"], false);
  EXPECT_EQ(req["ConsistentRead"], false);
}

TEST(ParseAwsCliCommandTest, Pagination) {
  CliRequest r;
  Json req = Request("aws dynamodb scan --table-name t", &r);
  EXPECT_TRUE(r.paginate);
  EXPECT_EQ(r.input_token, "ExclusiveStartKey");
  EXPECT_EQ(r.output_token, "LastEvaluatedKey");
  EXPECT_THAT(r.result_keys, ElementsAre("Items", "Count", "ScannedCount"));
  EXPECT_FALSE(req.contains("Limit"));

  // --page-size is each page's Limit; paging stays on.
  req = Request(
      "aws dynamodb query --table-name t --page-size 5 "
      "--max-items 7",
      &r);
  EXPECT_TRUE(r.paginate);
  EXPECT_EQ(req["Limit"], 5);
  EXPECT_EQ(r.max_items, 7);

  // --limit, the input token or --no-paginate turn paging off.
  req = Request("aws dynamodb scan --table-name t --limit 3", &r);
  EXPECT_FALSE(r.paginate);
  EXPECT_EQ(req["Limit"], 3);
  Request(
      "aws dynamodb scan --table-name t --exclusive-start-key "
      "'{\"pk\":{\"S\":\"a\"}}'",
      &r);
  EXPECT_FALSE(r.paginate);
  Request("aws --no-paginate dynamodb scan --table-name t", &r);
  EXPECT_FALSE(r.paginate);
  Request("aws dynamodb list-tables", &r);
  EXPECT_TRUE(r.paginate);
  EXPECT_THAT(r.result_keys, ElementsAre("TableNames"));
  // Not paginated in the CLI.
  Request("aws dynamodb batch-get-item --request-items '{}'", &r);
  EXPECT_FALSE(r.paginate);
}

TEST(ParseAwsCliCommandTest, ShorthandForStructuresListsAndMaps) {
  Json req = Request(
      "aws dynamodb create-table --table-name t "
      "--attribute-definitions AttributeName=pk,AttributeType=S "
      "AttributeName=sk,AttributeType=N "
      "--key-schema AttributeName=pk,KeyType=HASH "
      "AttributeName=sk,KeyType=RANGE "
      "--provisioned-throughput ReadCapacityUnits=5,WriteCapacityUnits=10 "
      "--global-secondary-indexes "
      "'IndexName=g,KeySchema=[{AttributeName=sk,KeyType=HASH}],"
      "Projection={ProjectionType=INCLUDE,NonKeyAttributes=[a,b]},"
      "ProvisionedThroughput={ReadCapacityUnits=1,WriteCapacityUnits=1}' "
      "--stream-specification StreamEnabled=true,StreamViewType=NEW_IMAGE "
      "--tags Key=team,Value=shop");
  EXPECT_EQ(req["AttributeDefinitions"], Json::parse(R"([
      {"AttributeName":"pk","AttributeType":"S"},
      {"AttributeName":"sk","AttributeType":"N"}])"));
  EXPECT_EQ(req["KeySchema"][1], Json::parse(
                                     R"({"AttributeName":"sk",
                                         "KeyType":"RANGE"})"));
  // Integers and booleans are coerced to the member types.
  EXPECT_EQ(req["ProvisionedThroughput"],
            Json::parse(R"({"ReadCapacityUnits":5,"WriteCapacityUnits":10})"));
  EXPECT_EQ(req["GlobalSecondaryIndexes"][0], Json::parse(R"({
      "IndexName":"g","KeySchema":[{"AttributeName":"sk","KeyType":"HASH"}],
      "Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["a","b"]},
      "ProvisionedThroughput":{"ReadCapacityUnits":1,
                               "WriteCapacityUnits":1}})"));
  EXPECT_EQ(req["StreamSpecification"]["StreamEnabled"], true);
  EXPECT_EQ(req["Tags"], Json::parse(R"([{"Key":"team","Value":"shop"}])"));
}

TEST(ParseAwsCliCommandTest, ShorthandAttributeValues) {
  Json req = Request(
      "aws dynamodb put-item --table-name t "
      "--item 'pk={S=a#1},n={N=5},ok={BOOL=true},tags={SS=[x,y]},"
      "l={L=[{S=p},{N=2}]},m={M={inner={NULL=true}}},csv={NS=1,2}'");
  EXPECT_EQ(req["Item"], Json::parse(R"({"pk":{"S":"a#1"},"n":{"N":"5"},
      "ok":{"BOOL":true},"tags":{"SS":["x","y"]},
      "l":{"L":[{"S":"p"},{"N":"2"}]},"m":{"M":{"inner":{"NULL":true}}},
      "csv":{"NS":["1","2"]}})"));
  req = Request(
      "aws dynamodb query --table-name t --key-condition-expression "
      "'pk = :p' --expression-attribute-values ':p={S=hello world}' "
      "--expression-attribute-names '#s=status,#t=type'");
  EXPECT_EQ(req["ExpressionAttributeValues"],
            Json::parse(R"({":p":{"S":"hello world"}})"));
  EXPECT_EQ(req["ExpressionAttributeNames"],
            Json::parse(R"({"#s":"status","#t":"type"})"));
  // Quoted shorthand values keep their commas; a backslash escapes one.
  req = Request(
      R"(aws dynamodb get-item --table-name t --key 'pk={S="a,b"},sk={S=c\,d}')");
  EXPECT_EQ(req["Key"], Json::parse(R"({"pk":{"S":"a,b"},"sk":{"S":"c,d"}})"));
}

TEST(ParseAwsCliCommandTest, ListsOfStringsTakeSeveralWords) {
  Json req = Request(
      "aws dynamodb scan --table-name t --attributes-to-get a b c "
      "--select SPECIFIC_ATTRIBUTES");
  EXPECT_EQ(req["AttributesToGet"], Json::parse(R"(["a","b","c"])"));
  EXPECT_EQ(req["Select"], "SPECIFIC_ATTRIBUTES");
}

TEST(ParseAwsCliCommandTest, CliInputJsonIsOverriddenByOptions) {
  Json req = Request(
      "aws dynamodb scan --table-name real --cli-input-json "
      "'{\"TableName\":\"other\",\"Limit\":2}'");
  EXPECT_EQ(req["TableName"], "real");
  EXPECT_EQ(req["Limit"], 2);
}

TEST(ParseAwsCliCommandTest, GlobalOptionsAnywhere) {
  CliRequest r;
  Json req = Request(
      "aws --region us-east-1 dynamodb describe-table --table-name t "
      "--endpoint-url=http://localhost:8000 --output json --no-cli-pager "
      "--debug --query Table.TableName",
      &r);
  EXPECT_EQ(req, Json::parse(R"({"TableName":"t"})"));
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_THAT(r.warnings[0], HasSubstr("--query 'Table.TableName' is not "
                                       "applied"));
}

TEST(ParseAwsCliCommandTest, TransactionsAndStatements) {
  Json req = Request(
      "aws dynamodb transact-write-items --transact-items "
      "'[{\"Update\":{\"TableName\":\"t\",\"Key\":{\"pk\":{\"S\":\"a\"}},"
      "\"UpdateExpression\":\"SET v = :v\","
      "\"ExpressionAttributeValues\":{\":v\":{\"N\":\"1\"}}}}]' "
      "--return-consumed-capacity TOTAL --client-request-token tok");
  EXPECT_EQ(req["TransactItems"][0]["Update"]["TableName"], "t");
  EXPECT_EQ(req["ClientRequestToken"], "tok");
  req = Request(
      "aws dynamodb execute-statement --statement "
      "\"SELECT * FROM t WHERE pk = ?\" --parameters '[{\"S\":\"a\"}]'");
  EXPECT_EQ(req["Statement"], "SELECT * FROM t WHERE pk = ?");
  EXPECT_EQ(req["Parameters"], Json::parse(R"([{"S":"a"}])"));
  req = Request(
      "aws dynamodb execute-statement --statement 'SELECT * FROM t' "
      "--parameters S=a N=1");
  EXPECT_EQ(req["Parameters"], Json::parse(R"([{"S":"a"},{"N":"1"}])"));
}

TEST(ParseAwsCliCommandTest, Errors) {
  EXPECT_THAT(Error(""), HasSubstr("the command is empty"));
  EXPECT_THAT(Error("aws s3 ls"),
              HasSubstr("must start with 'aws dynamodb', not 'aws s3'"));
  EXPECT_THAT(Error("python3 x.py"), HasSubstr("not 'python3'"));
  EXPECT_THAT(Error("aws dynamodb"), HasSubstr("missing the operation"));
  EXPECT_THAT(Error("aws dynamodb get-itme --table-name t"),
              HasSubstr("unknown operation 'aws dynamodb get-itme' (did you "
                        "mean get-item?)"));
  EXPECT_THAT(Error("aws dynamodb scan --tabel-name t"),
              HasSubstr("unknown option --tabel-name for 'aws dynamodb "
                        "scan' (did you mean --table-name?)"));
  EXPECT_THAT(Error("aws dynamodb query --key-condition-expression 'a = :a'"),
              HasSubstr("the following arguments are required: "
                        "--table-name"));
  // Booleans are flags: `--consistent-read true` is not the CLI's syntax.
  EXPECT_THAT(Error("aws dynamodb get-item --table-name t --key "
                    "'{\"a\":{\"S\":\"b\"}}' --consistent-read true"),
              HasSubstr("--consistent-read is a flag and takes no value "
                        "(got 'true')"));
  // --return-values takes a value; there is no --no-return-values.
  EXPECT_THAT(Error("aws dynamodb put-item --table-name t --item "
                    "'{\"a\":{\"S\":\"b\"}}' --no-return-values"),
              HasSubstr("unknown option --no-return-values"));
  EXPECT_THAT(Error("aws dynamodb scan --table-name"),
              HasSubstr("argument --table-name: expected one argument"));
  EXPECT_THAT(Error("aws dynamodb scan --table-name a b"),
              HasSubstr("unexpected argument 'b' after --table-name 'a'"));
  EXPECT_THAT(Error("aws dynamodb scan --table-name t --limit ten"),
              HasSubstr("Error parsing parameter '--limit': Invalid value "
                        "for parameter Limit: expected an integer"));
  EXPECT_THAT(Error("aws dynamodb get-item --table-name t --key "
                    "file://key.json"),
              HasSubstr("Error parsing parameter '--key': file:// and "
                        "fileb:// values are not supported"));
  EXPECT_THAT(Error("aws dynamodb get-item --table-name t --key '{\"a\":'"),
              HasSubstr("Error parsing parameter '--key': Invalid JSON: "));
  EXPECT_THAT(Error("aws dynamodb get-item --table-name t --key '{\"a\":'"),
              HasSubstr("JSON received: {\"a\":"));
  EXPECT_THAT(Error("aws dynamodb create-table --table-name t "
                    "--attribute-definitions AttributeName=a,Type=S "
                    "--key-schema AttributeName=a,KeyType=HASH"),
              HasSubstr("Unknown parameter in AttributeDefinitions[0]: "
                        "\"Type\", must be one of: AttributeName, "
                        "AttributeType"));
  EXPECT_THAT(Error("aws dynamodb get-item --table-name t --key 'pk={S=a'"),
              HasSubstr("Error parsing parameter '--key': expected '}'"));
  EXPECT_THAT(Error("aws dynamodb get-item --table-name t --key 'pk'"),
              HasSubstr("expected '=' after \"pk\""));
  EXPECT_THAT(Error("aws dynamodb scan --table-name t --starting-token x"),
              HasSubstr("--starting-token is not supported"));
  EXPECT_THAT(Error("aws dynamodb scan --table-name t | head"),
              HasSubstr("shell operator '|'"));
  EXPECT_THAT(Error("aws dynamodb scan extra --table-name t"),
              HasSubstr("unexpected argument 'extra'"));
}

TEST(ParseAwsCliCommandTest, KnowsTheDataAndTableOperations) {
  const std::vector<std::string> ops = KnownCliOperations();
  for (const char* op : {"get-item",
                         "put-item",
                         "update-item",
                         "delete-item",
                         "query",
                         "scan",
                         "batch-get-item",
                         "batch-write-item",
                         "transact-get-items",
                         "transact-write-items",
                         "execute-statement",
                         "batch-execute-statement",
                         "execute-transaction",
                         "create-table",
                         "describe-table",
                         "list-tables",
                         "delete-table",
                         "update-table",
                         "update-time-to-live",
                         "describe-time-to-live"}) {
    EXPECT_NE(std::find(ops.begin(), ops.end(), op), ops.end()) << op;
  }
}

}  // namespace
}  // namespace eddy::model
