#!/usr/bin/env python3
# Copyright 2026 The eddy Authors.
"""eddy-server --load: data in the database before the ready line.

    python3 load_test.py path/to/eddy-server SOURCE_DIR path/to/eddy

A model (model/kayak.json) is generated and loaded with its table and GSIs;
request lines in eddy exec's format run in order; a snapshot made by
`eddy snapshot save` from both loads both tables at once (and `eddy snapshot
info` / `dump` read it); a bad line, a bad model or a damaged snapshot stops
the server before it is ready, with an error naming the file and the line,
JSON pointer or byte.
"""

import json
import os
import subprocess
import sys
import tempfile

import boto3

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from eddy_server import EddyServer, install_sigterm_handler  # noqa: E402


def client(url):
    return boto3.client("dynamodb", endpoint_url=url, region_name="us-east-1",
                        aws_access_key_id="x", aws_secret_access_key="x")


def count(ddb, table, index=None):
    args = {"TableName": table, "Select": "COUNT"}
    if index:
        args["IndexName"] = index
    n = 0
    while True:
        page = ddb.scan(**args)
        n += page["Count"]
        if "LastEvaluatedKey" not in page:
            return n
        args["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def refused(binary, path):
    """Runs the server with --load PATH; it must exit 1 before the ready
    line. Returns its stderr."""
    p = subprocess.run([binary, "--port", "0", "-sharedDb", "--load", path],
                       stdin=subprocess.DEVNULL, capture_output=True,
                       timeout=60, text=True)
    assert p.returncode == 1, (p.returncode, p.stdout, p.stderr)
    assert "listening" not in p.stdout, p.stdout
    return p.stderr


def main():
    install_sigterm_handler()
    binary, source, eddy = sys.argv[1], sys.argv[2], sys.argv[3]
    kayak = os.path.join(source, "model", "kayak.json")

    # A model: its workload's data, in its table and GSIs. --load implies
    # -sharedDb: clients signing with other keys and regions see it too.
    with EddyServer(binary, "--load", kayak) as server:
        other = boto3.client(
            "dynamodb", endpoint_url=server.url, region_name="eu-west-1",
            aws_access_key_id="OTHERKEY", aws_secret_access_key="x")
        assert "kayak" in other.list_tables()["TableNames"]
        ddb = client(server.url)
        table = ddb.describe_table(TableName="kayak")["Table"]
        assert table["ItemCount"] == 10828, table["ItemCount"]
        assert len(table["GlobalSecondaryIndexes"]) == 6
        assert count(ddb, "kayak") == 10828
        assert count(ddb, "kayak", "GSI1") == 40
        stores = ddb.query(
            TableName="kayak", IndexName="GSI1",
            KeyConditionExpression="PK1 = :p",
            ExpressionAttributeValues={":p": {"S": "v1#stores"}})
        assert stores["Count"] == 40, stores["Count"]

    with tempfile.TemporaryDirectory() as tmp:
        # Request lines, comments and blank lines included.
        lines = os.path.join(tmp, "data.jsonl")
        with open(lines, "w") as f:
            f.write('# two items\n'
                    '{"op": "CreateTable", "request": {"TableName": "notes", '
                    '"BillingMode": "PAY_PER_REQUEST", "KeySchema": '
                    '[{"AttributeName": "pk", "KeyType": "HASH"}], '
                    '"AttributeDefinitions": [{"AttributeName": "pk", '
                    '"AttributeType": "S"}]}}\n'
                    '\n'
                    '{"op": "PutItem", "request": {"TableName": "notes", '
                    '"Item": {"pk": {"S": "a"}, "n": {"N": "1"}}}}\n'
                    '{"op":"BatchWriteItem","request":{"RequestItems":{"notes":['
                    '{"PutRequest":{"Item":{"pk":{"S":"b"}}}}]}}}\n')
        with EddyServer(binary, "-sharedDb", "--load", lines) as server:
            ddb = client(server.url)
            item = ddb.get_item(TableName="notes", Key={"pk": {"S": "a"}})["Item"]
            assert item == {"pk": {"S": "a"}, "n": {"N": "1"}}, item
            assert count(ddb, "notes") == 2

        # A snapshot of both (eddy snapshot save), served by --load.
        snap = os.path.join(tmp, "fixture.eddysnap")
        saved = subprocess.run([eddy, "snapshot", "save", snap, "--load",
                                kayak, "--load", lines],
                               capture_output=True, text=True, timeout=60)
        assert saved.returncode == 0, saved.stderr
        assert saved.stdout.startswith("wrote " + snap), saved.stdout
        info = subprocess.run([eddy, "snapshot", "info", snap, "--json"],
                              capture_output=True, text=True, timeout=60)
        assert info.returncode == 0, info.stderr
        described = json.loads(info.stdout)
        assert [t["name"] for t in described["tables"]] == ["kayak", "notes"]
        assert described["items"] == 10828 + 2, described["items"]
        dump = subprocess.run([eddy, "snapshot", "dump", snap, "--table",
                               "notes"], capture_output=True, text=True,
                              timeout=60)
        assert dump.returncode == 0, dump.stderr
        assert sorted(json.loads(line)["pk"]["S"]
                      for line in dump.stdout.splitlines()) == ["a", "b"]
        with EddyServer(binary, "-sharedDb", "--load", snap) as server:
            ddb = client(server.url)
            assert ddb.describe_table(TableName="kayak")["Table"][
                "ItemCount"] == 10828
            assert count(ddb, "kayak", "GSI1") == 40
            item = ddb.get_item(TableName="notes",
                                Key={"pk": {"S": "a"}})["Item"]
            assert item == {"pk": {"S": "a"}, "n": {"N": "1"}}, item
        # A damaged snapshot loads nothing: the server refuses to start.
        with open(snap, "r+b") as f:
            f.seek(os.path.getsize(snap) // 2)
            f.write(b"\xff\xfe\xfd\xfc")
        err = refused(binary, snap)
        assert snap + ": " in err and "damaged at byte" in err, err

        # A failing line stops the load: file and line named.
        with open(lines, "a") as f:
            f.write('{"op": "PutItem", "request": {"TableName": "missing", '
                    '"Item": {"pk": {"S": "a"}}}}\n')
        err = refused(binary, lines)
        assert lines + ":6: the request failed (ResourceNotFoundException)" \
            in err, err

        # A model with an error: the file and the JSON pointer.
        bad = os.path.join(tmp, "bad.json")
        with open(bad, "w") as f:
            f.write('{"g": [{"PK": "${v", "SK": {"m": {"entityType": "a"}}}]}')
        err = refused(binary, bad)
        assert bad + ": /g/0/PK: malformed template" in err, err
        assert "eddy model validate" in err, err

        err = refused(binary, os.path.join(tmp, "nope.json"))
        assert "cannot read the file" in err, err
    print("load_test: ok")


if __name__ == "__main__":
    main()
