#!/usr/bin/env python3
# Copyright 2026 The eddy Authors.
"""DynamoDB Streams clients against the real eddy-server binary.

    python3 streams_clients_test.py path/to/eddy-server boto3
    python3 streams_clients_test.py path/to/eddy-server cli

boto3's `dynamodbstreams` client or the AWS CLI's `aws dynamodbstreams`
commands (on the same port as DynamoDB, target DynamoDBStreams_20120810)
read INSERT / MODIFY / REMOVE with the right images, and a consumer walks
the shard lineage across a partition split forced with eddy's
EddySplitPartition (a signed request of its own: no SDK knows it). Fails,
never skips, when boto3 or the CLI is missing.
"""

import json
import os
import shutil
import subprocess
import sys
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from eddy_server import EddyServer, install_sigterm_handler  # noqa: E402

try:
    import boto3
    from botocore.auth import SigV4Auth
    from botocore.awsrequest import AWSRequest
    from botocore.config import Config
    from botocore.exceptions import ClientError
except ImportError:
    sys.exit("FAIL: boto3 is not installed for %s" % sys.executable)

REGION = "eu-west-1"
SESSION = boto3.session.Session(aws_access_key_id="AKIDEDDYTEST",
                                aws_secret_access_key="x", region_name=REGION)
CONFIG = Config(retries={"max_attempts": 1, "mode": "standard"})


def eddy_call(url, operation, body):
    """A signed DynamoDB_20120810.<operation> request (eddy's own ops)."""
    data = json.dumps(body).encode()
    headers = {"X-Amz-Target": "DynamoDB_20120810." + operation,
               "Content-Type": "application/x-amz-json-1.0"}
    request = AWSRequest(method="POST", url=url + "/", data=data,
                         headers=headers)
    SigV4Auth(SESSION.get_credentials(), "dynamodb", REGION).add_auth(request)
    with urllib.request.urlopen(urllib.request.Request(
            url + "/", data=data, headers=dict(request.headers))) as r:
        return json.loads(r.read())


class Boto3Streams:
    """The four calls, through boto3's dynamodbstreams client."""

    def __init__(self, url):
        self.c = SESSION.client("dynamodbstreams", endpoint_url=url,
                                config=CONFIG)

    def list_streams(self, **kw):
        return self.c.list_streams(**kw)

    def describe_stream(self, **kw):
        return self.c.describe_stream(**kw)

    def get_shard_iterator(self, **kw):
        return self.c.get_shard_iterator(**kw)

    def get_records(self, **kw):
        return self.c.get_records(**kw)


def aws_command():
    found = shutil.which("aws")
    if found:
        return [found]
    try:
        import awscli  # noqa: F401
        return [sys.executable, "-m", "awscli"]
    except ImportError:
        sys.exit("FAIL: the AWS CLI is not installed")


class CliStreams:
    """The four calls, through `aws dynamodbstreams`."""

    def __init__(self, url):
        self.base = aws_command() + ["dynamodbstreams", "--endpoint-url", url,
                                     "--output", "json"]
        self.env = dict(os.environ)
        self.env.update({
            "AWS_ACCESS_KEY_ID": "AKIDEDDYTEST",
            "AWS_SECRET_ACCESS_KEY": "not-checked",
            "AWS_DEFAULT_REGION": REGION,
            "AWS_CONFIG_FILE": os.devnull,
            "AWS_SHARED_CREDENTIALS_FILE": os.devnull,
            "AWS_PAGER": "",
            "AWS_EC2_METADATA_DISABLED": "true",
        })
        self.env.pop("AWS_PROFILE", None)

    def _run(self, command, **kw):
        args = [command]
        for key, value in kw.items():
            flag = "--" + "".join(
                "-" + ch.lower() if ch.isupper() else ch for ch in key
            ).lstrip("-")
            args += [flag, str(value)]
        p = subprocess.run(self.base + args, env=self.env,
                           capture_output=True, text=True, timeout=60)
        if p.returncode != 0:
            code = p.stderr.split("(", 1)[1].split(")", 1)[0] \
                if "(" in p.stderr else "?"
            raise ClientError({"Error": {"Code": code, "Message": p.stderr}},
                              command)
        return json.loads(p.stdout) if p.stdout.strip() else {}

    def list_streams(self, **kw):
        return self._run("list-streams", **kw)

    def describe_stream(self, **kw):
        return self._run("describe-stream", **kw)

    def get_shard_iterator(self, **kw):
        return self._run("get-shard-iterator", **kw)

    def get_records(self, **kw):
        return self._run("get-records", **kw)


def read_shard(streams, arn, shard_id, after=None):
    """Records of one shard after `after`; (records, closed_and_done)."""
    kw = {"StreamArn": arn, "ShardId": shard_id}
    if after:
        kw.update(ShardIteratorType="AFTER_SEQUENCE_NUMBER",
                  SequenceNumber=after)
    else:
        kw.update(ShardIteratorType="TRIM_HORIZON")
    it = streams.get_shard_iterator(**kw)["ShardIterator"]
    records = []
    while it:
        page = streams.get_records(ShardIterator=it)
        records += page["Records"]
        it = page.get("NextShardIterator")
        if not page["Records"]:
            break
    return records, it is None


def read_in_lineage(streams, arn):
    """Every record, parents' shards before their children's."""
    shards = streams.describe_stream(StreamArn=arn)["StreamDescription"][
        "Shards"]
    ids = {s["ShardId"] for s in shards}
    done, out = set(), []
    progress = True
    while progress:
        progress = False
        for s in shards:
            sid, parent = s["ShardId"], s.get("ParentShardId")
            if sid in done or (parent in ids and parent not in done):
                continue
            records, finished = read_shard(streams, arn, sid)
            out += [(sid, r) for r in records]
            if finished:
                done.add(sid)
                progress = True
            else:
                done.add(sid)  # open shard: read what there is, once
    return shards, out


def check(streams, url):
    ddb = SESSION.client("dynamodb", endpoint_url=url, config=CONFIG)
    d = ddb.create_table(
        TableName="events",
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        ProvisionedThroughput={"ReadCapacityUnits": 5,
                               "WriteCapacityUnits": 5},
        StreamSpecification={"StreamEnabled": True,
                             "StreamViewType": "NEW_AND_OLD_IMAGES"},
    )["TableDescription"]
    assert d["StreamSpecification"] == {
        "StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"}, d
    arn = d["LatestStreamArn"]
    assert arn.startswith("arn:aws:dynamodb:"), arn
    assert ddb.describe_table(TableName="events")["Table"][
        "LatestStreamLabel"] == d["LatestStreamLabel"]

    ddb.put_item(TableName="events", Item={"pk": {"S": "a"},
                                           "n": {"N": "1"}})
    ddb.update_item(TableName="events", Key={"pk": {"S": "a"}},
                    UpdateExpression="SET n = :n",
                    ExpressionAttributeValues={":n": {"N": "2"}})
    ddb.put_item(TableName="events", Item={"pk": {"S": "a"},
                                           "n": {"N": "2"}})  # identical
    ddb.delete_item(TableName="events", Key={"pk": {"S": "a"}})

    listed = streams.list_streams(TableName="events")["Streams"]
    assert [s["StreamArn"] for s in listed] == [arn], listed
    desc = streams.describe_stream(StreamArn=arn)["StreamDescription"]
    assert desc["StreamStatus"] == "ENABLED", desc
    assert desc["StreamViewType"] == "NEW_AND_OLD_IMAGES", desc
    assert desc["KeySchema"] == [{"AttributeName": "pk",
                                  "KeyType": "HASH"}], desc
    assert len(desc["Shards"]) == 1, desc
    records, finished = read_shard(streams, arn, desc["Shards"][0]["ShardId"])
    assert not finished
    assert [r["eventName"] for r in records] == [
        "INSERT", "MODIFY", "REMOVE"], records
    ins, mod, rem = (r["dynamodb"] for r in records)
    assert ins["Keys"] == {"pk": {"S": "a"}}, ins
    assert ins["NewImage"] == {"pk": {"S": "a"}, "n": {"N": "1"}}, ins
    assert "OldImage" not in ins, ins
    assert mod["OldImage"] == {"pk": {"S": "a"}, "n": {"N": "1"}}, mod
    assert mod["NewImage"] == {"pk": {"S": "a"}, "n": {"N": "2"}}, mod
    assert rem["OldImage"] == {"pk": {"S": "a"}, "n": {"N": "2"}}, rem
    assert "NewImage" not in rem, rem
    for r in records:
        assert r["eventSource"] == "aws:dynamodb", r
        assert r["eventVersion"] == "1.1", r
        assert r["awsRegion"] == REGION, r  # the region requests are signed for
        assert r["dynamodb"]["StreamViewType"] == "NEW_AND_OLD_IMAGES", r
        assert r["dynamodb"]["SizeBytes"] > 0, r
        assert "ApproximateCreationDateTime" in r["dynamodb"], r
    seqs = [int(r["dynamodb"]["SequenceNumber"]) for r in records]
    assert seqs == sorted(seqs) and len(set(seqs)) == 3, seqs

    # A consumer across a split: 20 keys written, the partition split, the
    # keys written again; reading parents before children gives each key's
    # two versions once and in order.
    for i in range(20):
        ddb.put_item(TableName="events", Item={"pk": {"S": "k%02d" % i},
                                               "v": {"N": "0"}})
    split = eddy_call(url, "EddySplitPartition", {"TableName": "events"})
    assert len(split["Partitions"]) == 2, split
    for i in range(20):
        ddb.put_item(TableName="events", Item={"pk": {"S": "k%02d" % i},
                                               "v": {"N": "1"}})
    shards, got = read_in_lineage(streams, arn)
    assert len(shards) == 3, shards
    parent = shards[0]
    assert "EndingSequenceNumber" in parent["SequenceNumberRange"], parent
    assert all(s.get("ParentShardId") == parent["ShardId"]
               for s in shards[1:]), shards
    versions = {}
    for shard_id, r in got:
        if not r["dynamodb"]["Keys"]["pk"]["S"].startswith("k"):
            continue
        key = r["dynamodb"]["Keys"]["pk"]["S"]
        v = int(r["dynamodb"]["NewImage"]["v"]["N"])
        assert v == versions.get(key, -1) + 1, (key, v, versions.get(key))
        versions[key] = v
        if v == 0:
            assert shard_id == parent["ShardId"], (key, shard_id)
        else:
            assert shard_id != parent["ShardId"], (key, shard_id)
    assert versions == {"k%02d" % i: 1 for i in range(20)}, versions

    # Errors as DynamoDB Streams sends them.
    missing = arn[:-3] + "999"
    try:
        streams.describe_stream(StreamArn=missing)
        raise AssertionError("expected ResourceNotFoundException")
    except ClientError as e:
        assert "ResourceNotFoundException" in (
            e.response["Error"]["Code"] + e.response["Error"]["Message"]), e
    try:
        streams.get_records(ShardIterator="not-an-iterator")
        raise AssertionError("expected ValidationException")
    except ClientError as e:
        assert "ValidationException" in (
            e.response["Error"]["Code"] + e.response["Error"]["Message"]), e

    # Disabled: still listed and readable.
    ddb.update_table(TableName="events",
                     StreamSpecification={"StreamEnabled": False})
    desc = streams.describe_stream(StreamArn=arn)["StreamDescription"]
    assert desc["StreamStatus"] == "DISABLED", desc


def main():
    install_sigterm_handler()
    mode = sys.argv[2] if len(sys.argv) > 2 else "boto3"
    with EddyServer(sys.argv[1]) as server:
        streams = Boto3Streams(server.url) if mode == "boto3" else CliStreams(
            server.url)
        check(streams, server.url)
    print("OK: DynamoDB Streams through %s" % mode)


if __name__ == "__main__":
    main()
