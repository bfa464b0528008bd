#!/usr/bin/env python3
# Copyright 2026 The eddy Authors.
"""eddy-server's databases over HTTP: -sharedDb as DynamoDB Local defines it.

    python3 shared_db_test.py path/to/eddy-server

Without -sharedDb (the default) each access key id and region of a
request's SigV4 credential gets its own database: two key ids see different
tables, one key id in two regions too, and a table's ARN carries the
request's region. An access key id of other than letters and digits is an
UnrecognizedClientException, as DynamoDB Local answers it. Eddy* fault
injection reaches every database, also one opened later. With -sharedDb one
database serves every key and region. With a data directory each key and
region keeps its own subdirectory (DIR/<key>_<region>) across a restart,
and -sharedDb uses DIR itself. Raw HTTP (signatures are never verified).
"""

import http.client
import json
import os
import sys
import tempfile
import time
from urllib.parse import urlparse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from eddy_server import EddyServer, install_sigterm_handler  # noqa


def call(url, key, region, operation, body):
    """POSTs one operation signed (in shape) for key/region; returns
    (status, decoded answer)."""
    amz_date = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    auth = ("AWS4-HMAC-SHA256 Credential=%s/%s/%s/dynamodb/aws4_request, "
            "SignedHeaders=host;x-amz-date, Signature=%s"
            % (key, amz_date[:8], region, "0" * 64))
    u = urlparse(url)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=10)
    try:
        conn.request("POST", "/", json.dumps(body), {
            "Content-Type": "application/x-amz-json-1.0",
            "X-Amz-Target": "DynamoDB_20120810." + operation,
            "X-Amz-Date": amz_date, "Authorization": auth})
        r = conn.getresponse()
        return r.status, json.loads(r.read() or b"{}")
    finally:
        conn.close()


def ok(url, key, region, operation, body):
    status, answer = call(url, key, region, operation, body)
    assert status == 200, (key, region, operation, status, answer)
    return answer


def tables(url, key, region):
    return ok(url, key, region, "ListTables", {})["TableNames"]


def create(url, key, region, name):
    return ok(url, key, region, "CreateTable", {
        "TableName": name,
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "BillingMode": "PAY_PER_REQUEST"})["TableDescription"]


def per_key_in_memory(binary):
    with EddyServer(binary) as s:
        a = create(s.url, "AKIDA", "us-east-1", "orders")
        assert a["TableArn"].startswith("arn:aws:dynamodb:us-east-1:"), a
        assert tables(s.url, "AKIDA", "us-east-1") == ["orders"]
        assert tables(s.url, "AKIDB", "us-east-1") == []  # another key
        assert tables(s.url, "AKIDA", "eu-west-1") == []  # another region
        # The same name in another key's database is another table, and its
        # ARN carries the region the request was signed for.
        b = create(s.url, "AKIDA", "eu-west-1", "orders")
        assert b["TableArn"].startswith("arn:aws:dynamodb:eu-west-1:"), b
        ok(s.url, "AKIDA", "eu-west-1", "PutItem",
           {"TableName": "orders", "Item": {"pk": {"S": "x"}}})
        got = ok(s.url, "AKIDA", "us-east-1", "GetItem",
                 {"TableName": "orders", "Key": {"pk": {"S": "x"}}})
        assert "Item" not in got, got
        status, answer = call(s.url, "AKIDB", "us-east-1", "DescribeTable",
                              {"TableName": "orders"})
        assert status == 400 and answer["__type"].endswith(
            "#ResourceNotFoundException"), answer
        # DynamoDB Local: access key ids of letters and digits only.
        status, answer = call(s.url, "AK-ID", "us-east-1", "ListTables", {})
        assert status == 400, (status, answer)
        assert answer["__type"].endswith("#UnrecognizedClientException"), answer
        assert answer["message"] == (
            "The Access Key ID or security token is invalid."), answer
        # eddy's faults are the server's: injected through one key's
        # database, they reach the others, and one opened later.
        ok(s.url, "eddy", "us-east-1", "EddyInjectFault",
           {"Kind": "InternalServerError", "Operation": "ListTables",
            "Count": 1})
        for key in ("AKIDA", "AKIDLATER"):
            status, answer = call(s.url, key, "us-east-1", "ListTables", {})
            assert status == 500, (key, status, answer)
            assert tables(s.url, key, "us-east-1") is not None
        ok(s.url, "eddy", "us-east-1", "EddyClearFaults", {})


def shared(binary):
    with EddyServer(binary, "-sharedDb", "--region", "us-west-2") as s:
        create(s.url, "AKIDA", "us-east-1", "orders")
        assert tables(s.url, "AKIDB", "eu-west-1") == ["orders"]
        d = ok(s.url, "AKIDB", "eu-west-1", "DescribeTable",
               {"TableName": "orders"})["Table"]
        # One database: its ARNs carry the server's region.
        assert d["TableArn"].startswith("arn:aws:dynamodb:us-west-2:"), d
        # Any key id is accepted when the database is shared.
        assert tables(s.url, "AK-ID", "us-east-1") == ["orders"]


def data_directory(binary):
    with tempfile.TemporaryDirectory() as root:
        data = os.path.join(root, "data")
        with EddyServer(binary, "-dbPath", data) as s:
            create(s.url, "AKIDA", "us-east-1", "orders")
            ok(s.url, "AKIDA", "us-east-1", "PutItem",
               {"TableName": "orders", "Item": {"pk": {"S": "kept"}}})
            create(s.url, "AKIDB", "ap-south-1", "other")
        assert sorted(os.listdir(data)) == ["AKIDA_us-east-1",
                                            "AKIDB_ap-south-1"], \
            os.listdir(data)
        with EddyServer(binary, "-dbPath", data) as s:
            assert tables(s.url, "AKIDA", "us-east-1") == ["orders"]
            got = ok(s.url, "AKIDA", "us-east-1", "GetItem",
                     {"TableName": "orders", "Key": {"pk": {"S": "kept"}}})
            assert got["Item"] == {"pk": {"S": "kept"}}, got
            assert tables(s.url, "AKIDB", "ap-south-1") == ["other"]
            assert tables(s.url, "AKIDB", "us-east-1") == []
        # -sharedDb keeps its one database in the directory itself.
        with EddyServer(binary, "-sharedDb", "-dbPath", data) as s:
            assert tables(s.url, "AKIDA", "us-east-1") == []
            create(s.url, "AKIDA", "us-east-1", "shared")
        with EddyServer(binary, "-sharedDb", "-dbPath", data) as s:
            assert tables(s.url, "AKIDC", "eu-west-1") == ["shared"]


def main():
    install_sigterm_handler()
    binary = sys.argv[1]
    per_key_in_memory(binary)
    shared(binary)
    data_directory(binary)
    print("shared_db_test: ok")


if __name__ == "__main__":
    main()
