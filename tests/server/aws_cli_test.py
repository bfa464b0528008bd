#!/usr/bin/env python3
# Copyright 2026 The eddy Authors.
"""The AWS CLI against the real eddy-server binary, unchanged.

    python3 aws_cli_test.py path/to/eddy-server

Each step runs `aws dynamodb ...` with dummy credentials and checks its JSON
output (or its error). Fails, never skips, when the CLI is missing.
"""

import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from eddy_server import EddyServer, install_sigterm_handler  # noqa: E402


def aws_command():
    found = shutil.which("aws")
    if found:
        return [found]
    try:
        import awscli  # noqa: F401
        return [sys.executable, "-m", "awscli"]
    except ImportError:
        sys.exit("FAIL: the AWS CLI is not installed (no `aws`, no awscli "
                 "module for %s)" % sys.executable)


class Cli:
    def __init__(self, url):
        self.base = aws_command() + ["dynamodb", "--endpoint-url", url,
                                     "--output", "json"]
        self.env = dict(os.environ)
        self.env.update({
            "AWS_ACCESS_KEY_ID": "AKIDEDDYTEST",
            "AWS_SECRET_ACCESS_KEY": "not-checked",
            "AWS_DEFAULT_REGION": "eu-west-1",  # any region: one database
            "AWS_CONFIG_FILE": os.devnull,
            "AWS_SHARED_CREDENTIALS_FILE": os.devnull,
            "AWS_PAGER": "",
            "AWS_EC2_METADATA_DISABLED": "true",
        })
        self.env.pop("AWS_PROFILE", None)
        self.env.pop("AWS_SESSION_TOKEN", None)

    def run(self, *args, expect_error=None):
        p = subprocess.run(self.base + list(args), env=self.env,
                           capture_output=True, text=True, timeout=60)
        if expect_error is not None:
            assert p.returncode != 0, "expected %s, got %s" % (expect_error,
                                                               p.stdout)
            assert expect_error in p.stderr, p.stderr
            return p.stderr
        assert p.returncode == 0, "aws %s failed (%d): %s" % (
            args[0], p.returncode, p.stderr)
        return json.loads(p.stdout) if p.stdout.strip() else {}


def main():
    install_sigterm_handler()
    binary = sys.argv[1]
    with EddyServer(binary) as server:
        cli = Cli(server.url)

        out = cli.run(
            "create-table", "--table-name", "rentals",
            "--attribute-definitions", "AttributeName=PK,AttributeType=S",
            "AttributeName=SK,AttributeType=S",
            "--key-schema", "AttributeName=PK,KeyType=HASH",
            "AttributeName=SK,KeyType=RANGE",
            "--billing-mode", "PAY_PER_REQUEST")
        assert out["TableDescription"]["TableStatus"] == "ACTIVE", out
        assert out["TableDescription"]["TableName"] == "rentals"

        cli.run("put-item", "--table-name", "rentals", "--item",
                json.dumps({"PK": {"S": "store#1"}, "SK": {"S": "kayak#1"},
                            "price": {"N": "25.50"}}))

        out = cli.run("get-item", "--table-name", "rentals", "--key",
                      json.dumps({"PK": {"S": "store#1"},
                                  "SK": {"S": "kayak#1"}}),
                      "--return-consumed-capacity", "TOTAL")
        assert out["Item"]["price"] == {"N": "25.5"}, out
        assert out["ConsumedCapacity"]["CapacityUnits"] == 0.5, out

        writes = [{"PutRequest": {"Item": {"PK": {"S": "store#1"},
                                           "SK": {"S": "kayak#%d" % i}}}}
                  for i in range(2, 12)]
        out = cli.run("batch-write-item", "--request-items",
                      json.dumps({"rentals": writes}))
        assert out.get("UnprocessedItems", {}) == {}, out

        out = cli.run("query", "--table-name", "rentals",
                      "--key-condition-expression",
                      "PK = :s AND begins_with(SK, :k)",
                      "--expression-attribute-values",
                      json.dumps({":s": {"S": "store#1"},
                                  ":k": {"S": "kayak#1"}}))
        # kayak#1, kayak#10, kayak#11, in sort-key order
        assert [i["SK"]["S"] for i in out["Items"]] == [
            "kayak#1", "kayak#10", "kayak#11"], out

        out = cli.run("scan", "--table-name", "rentals")
        assert out["Count"] == 11, out

        # Two items atomically, then a transaction whose condition fails:
        # nothing of it is applied.
        cli.run("transact-write-items", "--transact-items", json.dumps([
            {"Put": {"TableName": "rentals",
                     "Item": {"PK": {"S": "store#2"}, "SK": {"S": "kayak#1"}}}},
            {"Update": {"TableName": "rentals",
                        "Key": {"PK": {"S": "store#1"},
                                "SK": {"S": "kayak#1"}},
                        "UpdateExpression": "SET rented = :t",
                        "ExpressionAttributeValues": {":t": {"BOOL": True}}}},
        ]))
        out = cli.run("get-item", "--table-name", "rentals", "--key",
                      json.dumps({"PK": {"S": "store#1"},
                                  "SK": {"S": "kayak#1"}}))
        assert out["Item"]["rented"] == {"BOOL": True}, out
        cli.run("transact-write-items", "--transact-items", json.dumps([
            {"Put": {"TableName": "rentals",
                     "Item": {"PK": {"S": "store#3"}, "SK": {"S": "kayak#1"}}}},
            {"ConditionCheck": {"TableName": "rentals",
                                "Key": {"PK": {"S": "store#2"},
                                        "SK": {"S": "kayak#1"}},
                                "ConditionExpression":
                                    "attribute_not_exists(PK)"}},
        ]), expect_error="TransactionCanceledException")
        out = cli.run("get-item", "--table-name", "rentals", "--key",
                      json.dumps({"PK": {"S": "store#3"},
                                  "SK": {"S": "kayak#1"}}))
        assert "Item" not in out, out

        cli.run("get-item", "--table-name", "nope", "--key",
                json.dumps({"PK": {"S": "x"}}),
                expect_error="ResourceNotFoundException")

        out = cli.run("delete-table", "--table-name", "rentals")
        assert out["TableDescription"]["TableName"] == "rentals", out
        out = cli.run("list-tables")
        assert out["TableNames"] == [], out
    print("PASS: aws CLI (create-table, put-item, get-item, batch-write-item, "
          "query, scan, transact-write-items, errors, delete-table, "
          "list-tables)")


if __name__ == "__main__":
    main()
