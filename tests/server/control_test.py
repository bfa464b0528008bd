#!/usr/bin/env python3
# Copyright 2026 The eddy Authors.
"""tools/clients/python/eddy_control.py against the real eddy-server, with
boto3 as the application under test would use it.

    python3 control_test.py path/to/eddy-server

Faults armed by the helper make boto3's calls fail with DynamoDB's
exceptions; a misspelt member or a bad value is refused with a
ValidationException naming it; the virtual clock of `--clock manual`
expires TTL items without sleeping, and is refused on a real clock.
"""

import os
import sys

import boto3
from botocore.config import Config

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools", "clients", "python"))
from eddy_server import EddyServer, install_sigterm_handler  # noqa: E402
from eddy_control import EddyControl, EddyControlError  # noqa: E402


def client(url):
    return boto3.client(
        "dynamodb", endpoint_url=url, region_name="us-east-1",
        aws_access_key_id="x", aws_secret_access_key="x",
        config=Config(retries={"total_max_attempts": 1, "mode": "standard"}))


def expect_error(call, type_, text):
    try:
        call()
    except EddyControlError as e:
        assert e.type == type_, (e.type, e.message)
        assert text in e.message, (text, e.message)
        assert e.status == 400, e.status
        return
    raise AssertionError("expected %s containing %r" % (type_, text))


def create_table(ddb, name):
    ddb.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}])


def test_faults(url):
    ddb = client(url)
    eddy = EddyControl(url)
    create_table(ddb, "orders")
    eddy.inject_fault("ProvisionedThroughputExceeded", operation="PutItem",
                      table_name="orders", count=2)
    item = {"pk": {"S": "a"}}
    for _ in range(2):
        try:
            ddb.put_item(TableName="orders", Item=item)
            raise AssertionError("the armed fault did not fire")
        except ddb.exceptions.ProvisionedThroughputExceededException:
            pass
    ddb.put_item(TableName="orders", Item=item)  # the third succeeds
    # A fault on one key only.
    eddy.inject_fault("InternalServerError", operation="GetItem",
                      key={"pk": {"S": "b"}})
    ddb.get_item(TableName="orders", Key={"pk": {"S": "a"}})
    try:
        ddb.get_item(TableName="orders", Key={"pk": {"S": "b"}})
        raise AssertionError("the keyed fault did not fire")
    except ddb.exceptions.InternalServerError:
        pass
    # Cleared faults never fire.
    eddy.inject_fault("Throttling", count=5)
    eddy.clear_faults()
    ddb.get_item(TableName="orders", Key={"pk": {"S": "a"}})

    # Strictness: a misspelt member is refused, not armed for everything.
    expect_error(lambda: eddy.call("EddyInjectFault",
                                   {"Kind": "Throttling", "Opration": "PutItem"}),
                 "ValidationException", 'unknown member "Opration"')
    ddb.put_item(TableName="orders", Item=item)  # nothing was armed
    expect_error(lambda: eddy.inject_fault("Throttling", operation="PutIten"),
                 "ValidationException", '"PutIten" is none of them')
    expect_error(lambda: eddy.inject_fault("Throttling", count=4294967297),
                 "ValidationException", "Count must be a whole number from 1")
    expect_error(lambda: eddy.inject_fault("Throttling", count=0),
                 "ValidationException", "Count must be a whole number from 1")
    expect_error(lambda: eddy.inject_fault("Unprocessed", operation="GetItem"),
                 "ValidationException", "Unprocessed fault fires only")
    expect_error(lambda: eddy.inject_fault("Throttled"),
                 "ValidationException", "Member must satisfy enum value set")
    expect_error(lambda: eddy.call("EddyClearFaults", {"All": True}),
                 "ValidationException", 'takes no members; remove "All"')
    # At most 1,000 armed faults.
    for _ in range(1000):
        eddy.inject_fault("Throttling", operation="Scan", table_name="nope")
    expect_error(lambda: eddy.inject_fault("Throttling"),
                 "LimitExceededException", "at most 1000")
    eddy.clear_faults()
    eddy.inject_fault("Throttling", operation="Scan", table_name="nope")
    eddy.clear_faults()
    # A real clock does not move.
    expect_error(lambda: eddy.advance_clock(seconds=10),
                 "ValidationException", "--clock manual")


def test_manual_clock(url):
    ddb = client(url)
    eddy = EddyControl(url)
    create_table(ddb, "sessions")
    ddb.update_time_to_live(
        TableName="sessions",
        TimeToLiveSpecification={"Enabled": True, "AttributeName": "expires"})
    _, now_micros = eddy.advance_clock(seconds=0)
    now = now_micros // 1_000_000
    ddb.put_item(TableName="sessions", Item={
        "pk": {"S": "short"}, "expires": {"N": str(now + 60)}})
    ddb.put_item(TableName="sessions", Item={
        "pk": {"S": "long"}, "expires": {"N": str(now + 86400)}})
    # An hour later (virtual), the short session is expired and deleted
    # once a TTL pass runs (on the table's next use).
    iso, later = eddy.advance_clock(seconds=3600)
    assert later - now_micros == 3_600_000_000, (later, now_micros)
    assert iso.endswith("Z") and "T" in iso, iso
    ddb.get_item(TableName="sessions", Key={"pk": {"S": "long"}})
    eddy.advance_clock(micros=2_000_000)
    ddb.get_item(TableName="sessions", Key={"pk": {"S": "long"}})
    keys = sorted(i["pk"]["S"] for i in ddb.scan(TableName="sessions")["Items"])
    assert keys == ["long"], keys
    # Bad arguments.
    expect_error(lambda: eddy.call("EddyAdvanceClock", {"Seconds": -1}),
                 "ValidationException", "Seconds must be a number from 0")
    expect_error(lambda: eddy.call("EddyAdvanceClock",
                                   {"Seconds": 1, "Micros": 1}),
                 "ValidationException", "exactly one of Seconds")
    expect_error(lambda: eddy.call("EddyAdvanceClock", {"Minutes": 1}),
                 "ValidationException", 'unknown member "Minutes"')
    # boto3 still signs with the real time: its requests are not expired by
    # the virtual hour.
    ddb.list_tables()


def test_clock_flag(binary):
    import subprocess
    p = subprocess.run([binary, "--clock", "fast"], capture_output=True,
                       text=True, timeout=30, stdin=subprocess.DEVNULL)
    assert p.returncode == 2, p.returncode
    assert "-clock fast: must be 'real' or 'manual'" in p.stderr, p.stderr


def main():
    install_sigterm_handler()
    binary = sys.argv[1]
    test_clock_flag(binary)
    with EddyServer(binary) as server:
        test_faults(server.url)
    with EddyServer(binary, "--clock", "manual") as server:
        test_manual_clock(server.url)
    print("control_test: ok")


if __name__ == "__main__":
    main()
