#!/usr/bin/env python3
# Copyright 2026 The eddy Authors.
"""boto3's ExportTableToPointInTime with ExportType INCREMENTAL_EXPORT
against eddy-server.

    python3 incremental_export_test.py path/to/eddy-server

The server runs with -dbPath, --export-root and --clock manual in a
temporary directory (and -sharedDb, so the clock helper and boto3 share
one database). The test writes before, inside and after a 16-minute
period, exports the period in both view types, reads the data files the
manifests list from the shared AWSDynamoDB/data/ folder, and checks
DescribeExport and DynamoDB's period errors.
"""

import datetime
import gzip
import json
import os
import sys
import tempfile

import boto3
from botocore.config import Config
from botocore.exceptions import ClientError

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools", "clients", "python"))
from eddy_control import EddyControl  # noqa: E402
from eddy_server import EddyServer, install_sigterm_handler  # noqa: E402


def client(url):
    return boto3.client(
        "dynamodb", endpoint_url=url, region_name="us-east-1",
        aws_access_key_id="x", aws_secret_access_key="x",
        config=Config(retries={"total_max_attempts": 1, "mode": "standard"}))


def when(micros):
    return datetime.datetime.fromtimestamp(micros / 1e6,
                                           tz=datetime.timezone.utc)


def expect_error(call, code, text=""):
    try:
        call()
    except ClientError as e:
        err = e.response["Error"]
        assert err["Code"] == code, err
        assert text in err["Message"], (text, err)
        return
    raise AssertionError("expected " + code)


def read_lines(bucket_dir, manifest_key):
    summary = json.load(open(os.path.join(bucket_dir, manifest_key)))
    lines = {}
    with open(os.path.join(bucket_dir, summary["manifestFilesS3Key"])) as f:
        for entry in f:
            key = json.loads(entry)["dataFileS3Key"]
            assert key.startswith("inc/AWSDynamoDB/data/"), key
            with gzip.open(os.path.join(bucket_dir, key), "rt") as data:
                for line in data:
                    j = json.loads(line)
                    lines[j["Keys"]["pk"]["S"]] = j
    return summary, lines


def main():
    install_sigterm_handler()
    binary = sys.argv[1]
    with tempfile.TemporaryDirectory() as root:
        data = os.path.join(root, "data")
        exports = os.path.join(root, "s3")
        args = ("-dbPath", data, "-sharedDb", "--export-root", exports,
                "--clock", "manual", "--sync", "none")
        with EddyServer(binary, *args) as server:
            ddb = client(server.url)
            eddy = EddyControl(server.url)
            ddb.create_table(
                TableName="orders", BillingMode="PAY_PER_REQUEST",
                KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                AttributeDefinitions=[
                    {"AttributeName": "pk", "AttributeType": "S"}])
            arn = ddb.describe_table(TableName="orders")["Table"]["TableArn"]
            ddb.update_continuous_backups(
                TableName="orders",
                PointInTimeRecoverySpecification={
                    "PointInTimeRecoveryEnabled": True})

            def put(pk, v):
                ddb.put_item(TableName="orders",
                             Item={"pk": {"S": pk}, "v": {"S": v}})

            for pk in ("a", "b", "c"):
                put(pk, "old")
            # boto3 sends whole seconds (or milliseconds): start on one.
            _, now = eddy.advance_clock(seconds=10)
            _, from_micros = eddy.advance_clock(
                micros=1_000_000 - now % 1_000_000)
            put("a", "new")
            ddb.delete_item(TableName="orders", Key={"pk": {"S": "b"}})
            put("d", "created")
            _, to_micros = eddy.advance_clock(seconds=960)
            put("c", "after")
            eddy.advance_clock(seconds=5)

            def export(view=None):
                spec = {"ExportFromTime": when(from_micros),
                        "ExportToTime": when(to_micros)}
                if view:
                    spec["ExportViewType"] = view
                out = ddb.export_table_to_point_in_time(
                    TableArn=arn, S3Bucket="bucket", S3Prefix="inc",
                    ExportType="INCREMENTAL_EXPORT",
                    IncrementalExportSpecification=spec)
                e = out["ExportDescription"]
                assert e["ExportType"] == "INCREMENTAL_EXPORT", e
                d = ddb.describe_export(ExportArn=e["ExportArn"])[
                    "ExportDescription"]
                assert d["ExportStatus"] == "COMPLETED", d
                assert d["ExportType"] == "INCREMENTAL_EXPORT", d
                assert d["ItemCount"] == 3, d
                return d

            d = export()
            spec = d["IncrementalExportSpecification"]
            assert spec["ExportViewType"] == "NEW_AND_OLD_IMAGES", spec
            assert spec["ExportFromTime"] == when(from_micros), spec
            summary, lines = read_lines(os.path.join(exports, "bucket"),
                                        d["ExportManifest"])
            assert summary["version"] == "2023-08-01", summary
            assert summary["exportType"] == "INCREMENTAL_EXPORT", summary
            assert summary["outputView"] == "NEW_AND_OLD_IMAGES", summary
            assert sorted(lines) == ["a", "b", "d"], lines
            assert lines["a"]["OldImage"]["v"] == {"S": "old"}, lines["a"]
            assert lines["a"]["NewImage"]["v"] == {"S": "new"}, lines["a"]
            assert "NewImage" not in lines["b"], lines["b"]
            assert "OldImage" not in lines["d"], lines["d"]
            assert int(lines["a"]["Metadata"]["WriteTimestampMicros"]["N"]) \
                == from_micros // 1000 * 1000, lines["a"]

            d = export("NEW_IMAGE")
            assert d["IncrementalExportSpecification"][
                "ExportViewType"] == "NEW_IMAGE", d
            _, lines = read_lines(os.path.join(exports, "bucket"),
                                  d["ExportManifest"])
            assert all("OldImage" not in j for j in lines.values()), lines

            def bad(from_us, to_us):
                return lambda: ddb.export_table_to_point_in_time(
                    TableArn=arn, S3Bucket="bucket",
                    ExportType="INCREMENTAL_EXPORT",
                    IncrementalExportSpecification={
                        "ExportFromTime": when(from_us),
                        "ExportToTime": when(to_us)})
            expect_error(bad(from_micros, from_micros + 60_000_000),
                         "ValidationException", "15 minutes and 24 hours")
            expect_error(bad(to_micros, from_micros), "ValidationException",
                         "ExportToTime must be after ExportFromTime")
            expect_error(bad(from_micros - 3_600_000_000, to_micros),
                         "InvalidExportTimeException")
    print("incremental_export_test: ok")


if __name__ == "__main__":
    main()
