#!/usr/bin/env python3
# Copyright 2026 The eddy Authors.
"""Waiters against eddy-server with -delayTransientStatuses.

    python3 lifecycle_waiter_test.py path/to/eddy-server

With the flag, CreateTable answers CREATING and DeleteTable DELETING, and
DescribeTable shows the status until the window ends, as DynamoDB does.
boto3's table_exists / table_not_exists waiters poll through the windows
(real clock, 300 ms windows, 1 s polls: about two seconds in all). The AWS
CLI's `wait table-exists` polls every 20 s, so it runs on a manual clock
(--clock manual) that the test moves past the window first: the waiter's
first DescribeTable then finds the table ACTIVE (and after DeleteTable, gone).
"""

import json
import os
import shutil
import subprocess
import sys
import time

import boto3
from botocore.config import Config

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools", "clients", "python"))
from eddy_server import EddyServer, install_sigterm_handler  # noqa: E402
from eddy_control import EddyControl  # noqa: E402


# boto3 and the AWS CLI sign with the same key id and region: without
# -sharedDb each key id and region has its own database.
KEY_ID = "AKIDEDDYTEST"


def client(url):
    return boto3.client(
        "dynamodb", endpoint_url=url, region_name="us-east-1",
        aws_access_key_id=KEY_ID, aws_secret_access_key="x",
        config=Config(retries={"total_max_attempts": 1, "mode": "standard"}))


def create(ddb, name):
    return ddb.create_table(
        TableName=name,
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
        BillingMode="PAY_PER_REQUEST")["TableDescription"]


def status(ddb, name):
    return ddb.describe_table(TableName=name)["Table"]["TableStatus"]


def test_boto3_waiters(url):
    ddb = client(url)
    started = time.monotonic()
    assert create(ddb, "waited")["TableStatus"] == "CREATING"
    try:
        ddb.put_item(TableName="waited", Item={"pk": {"S": "a"}})
        raise AssertionError("PutItem on a CREATING table succeeded")
    except ddb.exceptions.ResourceNotFoundException:
        pass
    ddb.get_waiter("table_exists").wait(
        TableName="waited", WaiterConfig={"Delay": 1, "MaxAttempts": 5})
    assert status(ddb, "waited") == "ACTIVE"
    ddb.put_item(TableName="waited", Item={"pk": {"S": "a"}})

    deleted = ddb.delete_table(TableName="waited")["TableDescription"]
    assert deleted["TableStatus"] == "DELETING", deleted
    assert status(ddb, "waited") == "DELETING"
    ddb.get_waiter("table_not_exists").wait(
        TableName="waited", WaiterConfig={"Delay": 1, "MaxAttempts": 5})
    elapsed = time.monotonic() - started
    assert elapsed < 10, elapsed
    print("boto3 waiters: %.1f s" % elapsed)


def aws(url, *args):
    found = shutil.which("aws")
    base = [found] if found else [sys.executable, "-m", "awscli"]
    env = dict(os.environ)
    env.update({
        "AWS_ACCESS_KEY_ID": KEY_ID, "AWS_SECRET_ACCESS_KEY": "x",
        "AWS_DEFAULT_REGION": "us-east-1", "AWS_CONFIG_FILE": os.devnull,
        "AWS_SHARED_CREDENTIALS_FILE": os.devnull, "AWS_PAGER": "",
        "AWS_EC2_METADATA_DISABLED": "true"})
    env.pop("AWS_PROFILE", None)
    p = subprocess.run(base + ["dynamodb", "--endpoint-url", url,
                               "--output", "json", *args],
                       env=env, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, "aws %s failed: %s" % (args[0], p.stderr)
    return json.loads(p.stdout) if p.stdout.strip() else {}


def test_cli_waiters(url):
    ddb = client(url)
    eddy = EddyControl(url)
    assert create(ddb, "cli")["TableStatus"] == "CREATING"
    eddy.advance_clock(micros=200_000)
    assert status(ddb, "cli") == "CREATING"  # still inside 500 ms
    eddy.advance_clock(micros=300_000)
    aws(url, "wait", "table-exists", "--table-name", "cli")
    described = aws(url, "describe-table", "--table-name", "cli")
    assert described["Table"]["TableStatus"] == "ACTIVE", described
    aws(url, "delete-table", "--table-name", "cli")
    assert status(ddb, "cli") == "DELETING"
    eddy.advance_clock(micros=500_000)
    aws(url, "wait", "table-not-exists", "--table-name", "cli")


def main():
    install_sigterm_handler()
    binary = sys.argv[1]
    with EddyServer(binary, "-delayTransientStatuses", "--create-table-ms",
                    "300", "--delete-table-ms", "300") as server:
        test_boto3_waiters(server.url)
    with EddyServer(binary, "-delayTransientStatuses", "--clock",
                    "manual") as server:
        test_cli_waiters(server.url)
    print("PASS")


if __name__ == "__main__":
    main()
