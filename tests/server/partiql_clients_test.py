#!/usr/bin/env python3
# Copyright 2026 The eddy Authors.
"""PartiQL through real clients against the real eddy-server binary.

    python3 partiql_clients_test.py path/to/eddy-server boto3
    python3 partiql_clients_test.py path/to/eddy-server cli

boto3's execute_statement / batch_execute_statement / execute_transaction,
or the AWS CLI's `aws dynamodb execute-statement`, `batch-execute-statement`
and `execute-transaction`: INSERT, SELECT (GetItem, Query with Limit and
NextToken, Scan), UPDATE ... RETURNING, DELETE, DynamoDB's errors
(DuplicateItemException, ConditionalCheckFailedException with the old item,
a malformed statement), a batch answering each statement, and transactions
(all or nothing with CancellationReasons, reads, ClientRequestToken).
Each client runs the same scenario through its own adapter. Fails, never
skips, when boto3 or the CLI is missing. The CLI adapter and expect_error
come from aws_cli_test.py and boto3_test.py.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from eddy_server import EddyServer, install_sigterm_handler  # noqa: E402
from boto3_test import expect_error  # noqa: E402  (exits if boto3 missing)
from aws_cli_test import Cli  # noqa: E402

import boto3  # noqa: E402
from botocore.config import Config  # noqa: E402
from botocore.exceptions import ClientError  # noqa: E402

TABLE = "Music"


class Boto3Client:
    """The calls through boto3's dynamodb client (keyword arguments as the
    API names them)."""

    name = "boto3"

    def __init__(self, url):
        session = boto3.session.Session(
            aws_access_key_id="AKIDEDDYTEST", aws_secret_access_key="x",
            region_name="eu-west-1")
        self.ddb = session.client(
            "dynamodb", endpoint_url=url,
            config=Config(retries={"max_attempts": 1, "mode": "standard"}))

    def call(self, operation, **kw):
        return getattr(self.ddb, {
            "ExecuteStatement": "execute_statement",
            "BatchExecuteStatement": "batch_execute_statement",
            "ExecuteTransaction": "execute_transaction",
            "CreateTable": "create_table",
        }[operation])(**kw)

    def error(self, code, message, operation, **kw):
        """The error's code and message, and the whole parsed response."""
        e = expect_error(code, message, lambda: self.call(operation, **kw))
        return e.response


class CliClient:
    """The same calls through `aws dynamodb <command>`: each argument is
    passed as its --flag, structures as JSON text."""

    name = "cli"

    def __init__(self, url):
        self.cli = Cli(url)

    @staticmethod
    def _args(operation, kw):
        command = "".join("-" + c.lower() if c.isupper() else c
                          for c in operation).lstrip("-")
        args = [command]
        for key, value in kw.items():
            flag = "--" + "".join("-" + c.lower() if c.isupper() else c
                                  for c in key).lstrip("-")
            if isinstance(value, bool):
                args.append(flag if value else "--no-" + flag[2:])
            elif isinstance(value, (dict, list)):
                args += [flag, json.dumps(value)]
            else:
                args += [flag, str(value)]
        return args

    def call(self, operation, **kw):
        return self.cli.run(*self._args(operation, kw))

    def error(self, code, message, operation, **kw):
        # The CLI prints "An error occurred (Code) when calling the X
        # operation: Message" and no response body.
        stderr = self.cli.run(*self._args(operation, kw),
                              expect_error="(%s)" % code)
        if message is not None:
            assert stderr.strip().endswith(": " + message), stderr
        return None


def S(s):
    return {"S": s}


def N(n):
    return {"N": str(n)}


def check(client):
    out = client.call(
        "CreateTable", TableName=TABLE,
        AttributeDefinitions=[{"AttributeName": "Artist", "AttributeType": "S"},
                              {"AttributeName": "SongTitle",
                               "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "Artist", "KeyType": "HASH"},
                   {"AttributeName": "SongTitle", "KeyType": "RANGE"}],
        BillingMode="PAY_PER_REQUEST")
    assert out["TableDescription"]["TableStatus"] == "ACTIVE", out

    # INSERT with ? parameters: an empty Items list.
    for i in range(5):
        out = client.call(
            "ExecuteStatement",
            Statement="INSERT INTO \"Music\" VALUE "
                      "{'Artist': ?, 'SongTitle': ?, 'Plays': ?}",
            Parameters=[S("Acme"), S("Song %d" % i), N(i)])
        assert out["Items"] == [], out
    client.call("ExecuteStatement",
                Statement="INSERT INTO Music VALUE {'Artist': 'Other', "
                          "'SongTitle': 'Song 0', 'Tags': <<'a', 'b'>>, "
                          "'Meta': {'released': 1999, 'live': true}}")
    client.error("DuplicateItemException",
                 "Duplicate primary key exists in table", "ExecuteStatement",
                 Statement="INSERT INTO \"Music\" VALUE "
                           "{'Artist': 'Acme', 'SongTitle': 'Song 0'}")

    # SELECT by the whole key: a GetItem, 0.5 RCU eventually consistent and
    # 1 RCU strongly consistent.
    out = client.call(
        "ExecuteStatement",
        Statement="SELECT * FROM \"Music\" WHERE Artist = ? AND SongTitle = ?",
        Parameters=[S("Acme"), S("Song 3")], ReturnConsumedCapacity="TOTAL")
    assert out["Items"] == [{"Artist": S("Acme"), "SongTitle": S("Song 3"),
                             "Plays": N(3)}], out
    assert out["ConsumedCapacity"] == {"TableName": TABLE,
                                       "CapacityUnits": 0.5}, out
    assert "NextToken" not in out, out
    out = client.call(
        "ExecuteStatement",
        Statement="SELECT Tags, Meta.released FROM Music WHERE "
                  "Artist = 'Other' AND SongTitle = 'Song 0'",
        ConsistentRead=True, ReturnConsumedCapacity="TOTAL")
    # A nested path's value is named by its last step, as in PartiQL.
    assert out["Items"] == [{"Tags": {"SS": ["a", "b"]},
                             "released": N(1999)}], out
    assert out["ConsumedCapacity"]["CapacityUnits"] == 1.0, out

    # SELECT by the partition key: a Query, paged with Limit and NextToken,
    # in sort-key order (DESC reverses it).
    titles, token, pages = [], None, 0
    while True:
        kw = {"Statement": "SELECT SongTitle FROM \"Music\" WHERE Artist = ?",
              "Parameters": [S("Acme")], "Limit": 2}
        if token:
            kw["NextToken"] = token
        out = client.call("ExecuteStatement", **kw)
        pages += 1
        assert len(out["Items"]) <= 2, out
        titles += [i["SongTitle"]["S"] for i in out["Items"]]
        token = out.get("NextToken")
        if not token:
            break
        assert pages < 10, out
    assert titles == ["Song %d" % i for i in range(5)], titles
    assert pages == 3, pages
    out = client.call(
        "ExecuteStatement",
        Statement="SELECT SongTitle FROM Music WHERE Artist = 'Acme' "
                  "AND SongTitle >= 'Song 3' ORDER BY SongTitle DESC")
    assert [i["SongTitle"]["S"] for i in out["Items"]] == [
        "Song 4", "Song 3"], out
    # A NextToken of another statement is refused.
    first = client.call("ExecuteStatement",
                        Statement="SELECT * FROM Music WHERE Artist = 'Acme'",
                        Limit=1)
    client.error("ValidationException", "NextToken does not match request",
                 "ExecuteStatement",
                 Statement="SELECT * FROM Music WHERE Artist = 'Other'",
                 NextToken=first["NextToken"])

    # Anything else: a Scan with a filter.
    out = client.call("ExecuteStatement",
                      Statement="SELECT Artist FROM Music WHERE Plays >= 3 "
                                "OR contains(Tags, 'b')")
    assert sorted(i["Artist"]["S"] for i in out["Items"]) == [
        "Acme", "Acme", "Other"], out

    # UPDATE ... RETURNING, DELETE with a failing condition and the old item.
    out = client.call(
        "ExecuteStatement",
        Statement="UPDATE Music SET Plays = Plays + 10 SET Tags = "
                  "set_add(Tags, <<'z'>>) WHERE Artist = 'Acme' AND "
                  "SongTitle = 'Song 1' RETURNING MODIFIED NEW *")
    assert out["Items"] == [{"Plays": N(11), "Tags": {"SS": ["z"]}}], out
    response = client.error(
        "ConditionalCheckFailedException", "The conditional request failed",
        "ExecuteStatement",
        Statement="DELETE FROM Music WHERE Artist = 'Acme' AND "
                  "SongTitle = 'Song 1' AND Plays = 1",
        ReturnValuesOnConditionCheckFailure="ALL_OLD")
    if response is not None:  # boto3 parses the error body
        assert response["Item"]["Plays"] == N(11), response
    out = client.call("ExecuteStatement",
                      Statement="DELETE FROM Music WHERE Artist = 'Acme' AND "
                                "SongTitle = 'Song 1' RETURNING ALL OLD *")
    assert out["Items"][0]["Plays"] == N(11), out

    # Errors of the statement itself.
    client.error("ValidationException", None, "ExecuteStatement",
                 Statement="SELEC * FROM Music")
    client.error("ValidationException",
                 "Number of parameters in request and statement don't "
                 "match.", "ExecuteStatement",
                 Statement="SELECT * FROM Music WHERE Artist = ?")
    client.error("ResourceNotFoundException", None, "ExecuteStatement",
                 Statement="SELECT * FROM \"Nope\"")

    # BatchExecuteStatement: each statement answered on its own.
    out = client.call("BatchExecuteStatement", Statements=[
        {"Statement": "INSERT INTO Music VALUE {'Artist': 'Acme', "
                      "'SongTitle': 'Song 7'}"},
        {"Statement": "INSERT INTO Music VALUE {'Artist': 'Acme', "
                      "'SongTitle': 'Song 0'}"},
        {"Statement": "UPDATE Music SET Plays = 1 WHERE Artist = ? AND "
                      "SongTitle = ?", "Parameters": [S("Acme"), S("None")]},
    ], ReturnConsumedCapacity="TOTAL")
    responses = out["Responses"]
    assert len(responses) == 3, out
    assert "Error" not in responses[0], out
    assert responses[0]["TableName"] == TABLE, out
    assert responses[1]["Error"]["Code"] == "DuplicateItem", out
    assert responses[2]["Error"]["Code"] == "ConditionalCheckFailed", out
    assert [c["TableName"] for c in out["ConsumedCapacity"]] == [TABLE], out
    out = client.call("BatchExecuteStatement", Statements=[
        {"Statement": "SELECT Plays FROM Music WHERE Artist = 'Acme' AND "
                      "SongTitle = 'Song 2'"},
        {"Statement": "SELECT * FROM Music WHERE Artist = 'Acme' AND "
                      "SongTitle = 'Absent'"},
    ])
    assert out["Responses"][0]["Item"] == {"Plays": N(2)}, out
    assert "Item" not in out["Responses"][1], out
    assert "Error" not in out["Responses"][1], out

    # ExecuteTransaction: all or nothing.
    reasons = client.error(
        "TransactionCanceledException", None, "ExecuteTransaction",
        TransactStatements=[
            {"Statement": "INSERT INTO Music VALUE {'Artist': 'Tx', "
                          "'SongTitle': 'One'}"},
            {"Statement": "UPDATE Music SET Plays = 0 WHERE Artist = 'Acme' "
                          "AND SongTitle = 'Song 2' AND Plays = 99"},
        ])
    if reasons is not None:
        assert [r["Code"] for r in reasons["CancellationReasons"]] == [
            "None", "ConditionalCheckFailed"], reasons
    out = client.call("ExecuteStatement",
                      Statement="SELECT * FROM Music WHERE Artist = 'Tx'")
    assert out["Items"] == [], out
    statements = [
        {"Statement": "INSERT INTO Music VALUE {'Artist': 'Tx', "
                      "'SongTitle': 'One'}"},
        {"Statement": "UPDATE Music SET Plays = 0 WHERE Artist = 'Acme' "
                      "AND SongTitle = 'Song 2' AND Plays = 2"},
    ]
    out = client.call("ExecuteTransaction", TransactStatements=statements,
                      ClientRequestToken="token-%s" % client.name,
                      ReturnConsumedCapacity="TOTAL")
    assert "Responses" not in out, out
    # Two writes of items under 1 KB: 2 WCU each in a transaction.
    [used] = out["ConsumedCapacity"]
    assert used["TableName"] == TABLE, out
    assert used["CapacityUnits"] == 4.0, out
    assert used["WriteCapacityUnits"] == 4.0, out
    # The same token replays the answer without writing again (an INSERT of
    # an existing key would otherwise cancel it).
    client.call("ExecuteTransaction", TransactStatements=statements,
                ClientRequestToken="token-%s" % client.name)
    out = client.call("ExecuteTransaction", TransactStatements=[
        {"Statement": "SELECT * FROM Music WHERE Artist = 'Tx' AND "
                      "SongTitle = 'One'"},
        {"Statement": "SELECT Plays FROM Music WHERE Artist = ? AND "
                      "SongTitle = ?", "Parameters": [S("Acme"), S("Song 2")]},
    ])
    assert out["Responses"] == [
        {"Item": {"Artist": S("Tx"), "SongTitle": S("One")}},
        {"Item": {"Plays": N(0)}}], out


def main():
    install_sigterm_handler()
    mode = sys.argv[2] if len(sys.argv) > 2 else "boto3"
    with EddyServer(sys.argv[1]) as server:
        check(Boto3Client(server.url) if mode == "boto3"
              else CliClient(server.url))
    print("OK: PartiQL through %s" % mode)


if __name__ == "__main__":
    main()
