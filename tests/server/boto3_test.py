#!/usr/bin/env python3
# Copyright 2026 The eddy Authors.
"""boto3 against the real eddy-server binary: results and error codes.

    python3 boto3_test.py path/to/eddy-server

botocore checks every response's x-amz-crc32 for DynamoDB, so a wrong CRC
fails here too. Fails, never skips, when boto3 is missing.
"""

import os
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from eddy_server import EddyServer, install_sigterm_handler  # noqa: E402

try:
    import boto3
    from botocore.config import Config
    from botocore.exceptions import ClientError
except ImportError:
    sys.exit("FAIL: boto3 is not installed for %s" % sys.executable)


def expect_error(code, message, fn, **kwargs):
    try:
        fn(**kwargs)
    except ClientError as e:
        got = (e.response["Error"]["Code"], e.response["Error"]["Message"])
        assert got[0] == code, "expected %s, got %s" % (code, got)
        if message is not None:
            assert got[1] == message, "expected %r, got %r" % (message, got[1])
        status = e.response["ResponseMetadata"]["HTTPStatusCode"]
        assert status == 400, status
        return e
    raise AssertionError("expected %s" % code)


def main():
    install_sigterm_handler()
    with EddyServer(sys.argv[1]) as server:
        session = boto3.session.Session(
            aws_access_key_id="AKIDEDDYTEST", aws_secret_access_key="x",
            region_name="ap-southeast-2")
        ddb = session.client(
            "dynamodb", endpoint_url=server.url,
            config=Config(retries={"max_attempts": 1, "mode": "standard"}))

        ddb.create_table(
            TableName="orders",
            AttributeDefinitions=[
                {"AttributeName": "pk", "AttributeType": "S"},
                {"AttributeName": "sk", "AttributeType": "N"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                       {"AttributeName": "sk", "KeyType": "RANGE"}],
            BillingMode="PAY_PER_REQUEST")
        assert ddb.describe_table(TableName="orders")["Table"][
            "TableStatus"] == "ACTIVE"
        ddb.get_waiter("table_exists").wait(TableName="orders")

        # On-demand maximum throughput: set, described, removed with -1.
        r = ddb.update_table(TableName="orders",
                             OnDemandThroughput={"MaxWriteRequestUnits": 50})
        assert r["TableDescription"]["OnDemandThroughput"] == {
            "MaxWriteRequestUnits": 50}, r["TableDescription"]
        assert ddb.describe_table(TableName="orders")["Table"][
            "OnDemandThroughput"] == {"MaxWriteRequestUnits": 50}
        ddb.update_table(TableName="orders",
                         OnDemandThroughput={"MaxWriteRequestUnits": -1})
        assert "OnDemandThroughput" not in ddb.describe_table(
            TableName="orders")["Table"]

        # Items, and numbers normalized as DynamoDB does.
        r = ddb.put_item(TableName="orders",
                         Item={"pk": {"S": "u#1"}, "sk": {"N": "001"},
                               "total": {"N": "12.50"},
                               "tags": {"SS": ["b", "a"]}})
        assert len(r["ResponseMetadata"]["RequestId"]) == 52
        item = ddb.get_item(TableName="orders",
                            Key={"pk": {"S": "u#1"}, "sk": {"N": "1"}})["Item"]
        assert item["total"] == {"N": "12.5"}, item
        assert sorted(item["tags"]["SS"]) == ["a", "b"], item

        # 40 items in one partition; Query in both directions, Limit pages.
        with ddb_batch(ddb, "orders") as put:
            for i in range(2, 42):
                put({"pk": {"S": "u#2"}, "sk": {"N": str(i)}})
        r = ddb.query(TableName="orders",
                      KeyConditionExpression="pk = :p AND sk BETWEEN :a AND :b",
                      ExpressionAttributeValues={":p": {"S": "u#2"},
                                                 ":a": {"N": "10"},
                                                 ":b": {"N": "19"}},
                      ScanIndexForward=False)
        assert [int(i["sk"]["N"]) for i in r["Items"]] == list(
            range(19, 9, -1)), r["Items"]
        pages = ddb.get_paginator("query").paginate(
            TableName="orders", KeyConditionExpression="pk = :p",
            ExpressionAttributeValues={":p": {"S": "u#2"}},
            PaginationConfig={"PageSize": 7})
        assert sum(p["Count"] for p in pages) == 40
        assert ddb.scan(TableName="orders", Select="COUNT")["Count"] == 41

        # UpdateItem with a condition, then the condition failing.
        r = ddb.update_item(
            TableName="orders", Key={"pk": {"S": "u#1"}, "sk": {"N": "1"}},
            UpdateExpression="SET #t = #t + :d",  # "total" is a reserved word
            ConditionExpression="attribute_exists(pk)",
            ExpressionAttributeNames={"#t": "total"},
            ExpressionAttributeValues={":d": {"N": "0.5"}},
            ReturnValues="UPDATED_NEW")
        assert r["Attributes"] == {"total": {"N": "13"}}, r
        # DynamoDB's 2026 list form for UpdateItem's request errors
        # (docs/validation-order.md).
        expect_error("ValidationException",
                     "1 validation error detected: Invalid UpdateExpression: "
                     "Attribute name is a reserved keyword; reserved keyword: "
                     "total",
                     ddb.update_item, TableName="orders",
                     Key={"pk": {"S": "u#1"}, "sk": {"N": "1"}},
                     UpdateExpression="SET total = :d",
                     ExpressionAttributeValues={":d": {"N": "1"}})
        expect_error("ConditionalCheckFailedException",
                     "The conditional request failed", ddb.put_item,
                     TableName="orders",
                     Item={"pk": {"S": "u#1"}, "sk": {"N": "1"}},
                     ConditionExpression="attribute_not_exists(pk)")

        # A cancelled transaction: reasons in request order, the old item
        # with ALL_OLD, nothing applied.
        e = expect_error(
            "TransactionCanceledException",
            "Transaction cancelled, please refer cancellation reasons for "
            "specific reasons [None, ConditionalCheckFailed]",
            ddb.transact_write_items, TransactItems=[
                {"Put": {"TableName": "orders",
                         "Item": {"pk": {"S": "tx"}, "sk": {"N": "1"}}}},
                {"ConditionCheck": {
                    "TableName": "orders",
                    "Key": {"pk": {"S": "u#1"}, "sk": {"N": "1"}},
                    "ConditionExpression": "attribute_not_exists(pk)",
                    "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}}])
        reasons = e.response["CancellationReasons"]
        assert [r["Code"] for r in reasons] == [
            "None", "ConditionalCheckFailed"], reasons
        assert reasons[1]["Item"]["pk"] == {"S": "u#1"}, reasons
        assert "Item" not in ddb.get_item(
            TableName="orders", Key={"pk": {"S": "tx"}, "sk": {"N": "1"}})
        got = ddb.transact_get_items(TransactItems=[
            {"Get": {"TableName": "orders",
                     "Key": {"pk": {"S": "u#1"}, "sk": {"N": "1"}}}},
            {"Get": {"TableName": "orders",
                     "Key": {"pk": {"S": "tx"}, "sk": {"N": "1"}}}}])
        assert "Item" in got["Responses"][0] and got["Responses"][1] == {}, got

        # ValidationException with DynamoDB's exact texts.
        expect_error("ValidationException",
                     "The provided key element does not match the schema",
                     ddb.get_item, TableName="orders",
                     Key={"pk": {"S": "u#1"}, "sk": {"S": "1"}})
        expect_error("ValidationException",
                     "One or more parameter values were invalid: Missing the "
                     "key sk in the item",
                     ddb.put_item, TableName="orders",
                     Item={"pk": {"S": "u#1"}})
        expect_error("ValidationException",
                     "1 validation error detected: Value 'x' at 'tableName' "
                     "failed to satisfy constraint: Member must have length "
                     "greater than or equal to 3",
                     ddb.describe_table, TableName="x")

        # ResourceNotFoundException, both texts.
        expect_error("ResourceNotFoundException",
                     "Requested resource not found", ddb.get_item,
                     TableName="missing", Key={"pk": {"S": "a"}})
        expect_error("ResourceNotFoundException",
                     "Requested resource not found: Table: missing not found",
                     ddb.describe_table, TableName="missing")

        # Many clients at once (boto3 clients are thread-safe; each thread
        # gets its own to use its own connections).
        errors = []

        def worker(n):
            try:
                c = session.client("dynamodb", endpoint_url=server.url)
                for i in range(20):
                    c.put_item(TableName="orders",
                               Item={"pk": {"S": "t#%d" % n},
                                     "sk": {"N": str(i)}})
                got = c.query(TableName="orders",
                              KeyConditionExpression="pk = :p",
                              ExpressionAttributeValues={
                                  ":p": {"S": "t#%d" % n}})["Count"]
                assert got == 20, got
            except Exception as e:  # reported below
                errors.append(e)

        threads = [threading.Thread(target=worker, args=(n,))
                   for n in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not errors, errors

        ddb.delete_table(TableName="orders")
        expect_error("ResourceNotFoundException", None, ddb.describe_table,
                     TableName="orders")
        check_expression_answers(ddb)
    print("PASS: boto3 (tables, items, 40-item query, pagination, update, "
          "ConditionalCheckFailed, transactions, ValidationException texts, "
          "ResourceNotFound, 8 threads, expression answers)")


def check_expression_answers(ddb):
    """Issue 17's wrong answers through HTTP: Binary operands as base64,
    non-BMP characters as the JSON surrogate pairs botocore sends, legacy
    parameters next to expressions, a large legacy IN list."""
    ddb.create_table(
        TableName="answers",
        AttributeDefinitions=[
            {"AttributeName": "pk", "AttributeType": "S"},
            {"AttributeName": "sk", "AttributeType": "N"}],
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                   {"AttributeName": "sk", "KeyType": "RANGE"}],
        BillingMode="PAY_PER_REQUEST")
    key = {"pk": {"S": "a"}, "sk": {"N": "1"}}
    ddb.put_item(TableName="answers",
                 Item=dict(key, bin={"B": b"abcdef"},
                           s={"S": "\u00e9\U0001d11e"}, n={"N": "7"}))

    # contains() with a Binary operand, as an expression and legacy.
    r = ddb.scan(TableName="answers", FilterExpression="contains(bin, :v)",
                 ExpressionAttributeValues={":v": {"B": b"bcd"}})
    assert r["Count"] == 1, r
    r = ddb.scan(TableName="answers", ScanFilter={"bin": {
        "ComparisonOperator": "CONTAINS",
        "AttributeValueList": [{"B": b"bcd"}]}})
    assert r["Count"] == 1, r

    # size() counts UTF-16 code units: "é𝄞" is 3 (6 bytes of UTF-8).
    ddb.update_item(TableName="answers", Key=key,
                    UpdateExpression="SET n = :n",
                    ConditionExpression="size(s) = :three",
                    ExpressionAttributeValues={":n": {"N": "8"},
                                               ":three": {"N": "3"}})
    expect_error("ConditionalCheckFailedException", None, ddb.update_item,
                 TableName="answers", Key=key, UpdateExpression="SET n = :n",
                 ConditionExpression="size(s) = :six",
                 ExpressionAttributeValues={":n": {"N": "9"},
                                            ":six": {"N": "6"}})

    # KeyConditions with a FilterExpression; QueryFilter with a
    # ProjectionExpression is refused.
    key_conditions = {"pk": {"ComparisonOperator": "EQ",
                             "AttributeValueList": [{"S": "a"}]}}
    r = ddb.query(TableName="answers", KeyConditions=key_conditions,
                  FilterExpression="n = :n",
                  ExpressionAttributeValues={":n": {"N": "8"}})
    assert r["Count"] == 1 and r["ScannedCount"] == 1, r
    expect_error("ValidationException",
                 "Can not use both expression and non-expression parameters "
                 "in the same request: Non-expression parameters: "
                 "{QueryFilter} Expression parameters: {ProjectionExpression}",
                 ddb.query, TableName="answers", KeyConditions=key_conditions,
                 QueryFilter={"n": {"ComparisonOperator": "NOT_NULL"}},
                 ProjectionExpression="n")

    # A value that cannot be ordered.
    expect_error("ValidationException",
                 "Invalid FilterExpression: Incorrect operand type for "
                 "operator or function; operator or function: <, operand "
                 "type: L",
                 ddb.scan, TableName="answers", FilterExpression="n < :v",
                 ExpressionAttributeValues={":v": {"L": [{"N": "1"}]}})

    # A legacy IN list far past an expression's 100 operands.
    values = [{"N": str(i)} for i in range(27500)]
    r = ddb.scan(TableName="answers", ScanFilter={"n": {
        "ComparisonOperator": "IN", "AttributeValueList": values}})
    assert r["Count"] == 1, r
    ddb.delete_table(TableName="answers")


class ddb_batch:
    """Puts items with BatchWriteItem, 25 at a time."""

    def __init__(self, client, table):
        self.client, self.table, self.items = client, table, []

    def __enter__(self):
        return self.items.append

    def __exit__(self, exc_type, exc, tb):
        if exc_type is not None:
            return False
        for start in range(0, len(self.items), 25):
            r = self.client.batch_write_item(RequestItems={self.table: [
                {"PutRequest": {"Item": it}}
                for it in self.items[start:start + 25]]})
            assert not r.get("UnprocessedItems"), r
        return False


if __name__ == "__main__":
    main()
