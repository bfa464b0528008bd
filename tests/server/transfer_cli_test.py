#!/usr/bin/env python3
# Copyright 2026 The eddy Authors.
"""The AWS CLI's PITR, export and import commands against eddy-server.

    python3 transfer_cli_test.py path/to/eddy-server

The server runs with --export-root in a temporary directory; the test
enables PITR, exports a table, checks the files, imports them into a new
table and compares every item. Fails, never skips, when the CLI is missing.
"""

import gzip
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from aws_cli_test import Cli  # noqa: E402
from eddy_server import EddyServer, install_sigterm_handler  # noqa: E402


def scan_all(cli, table):
    items = cli.run("scan", "--table-name", table)["Items"]
    return sorted(json.dumps(i, sort_keys=True) for i in items)


def main():
    install_sigterm_handler()
    binary = sys.argv[1]
    with tempfile.TemporaryDirectory() as root:
        with EddyServer(binary, "--export-root", root) as server:
            cli = Cli(server.url)
            cli.run("create-table", "--table-name", "src",
                    "--attribute-definitions",
                    "AttributeName=pk,AttributeType=S",
                    "--key-schema", "AttributeName=pk,KeyType=HASH",
                    "--billing-mode", "PAY_PER_REQUEST")
            for i in range(30):
                cli.run("put-item", "--table-name", "src", "--item",
                        json.dumps({"pk": {"S": "k%d" % i},
                                    "n": {"N": str(i * 1.5)},
                                    "tags": {"SS": ["a", "b%d" % i]}}))
            arn = cli.run("describe-table",
                          "--table-name", "src")["Table"]["TableArn"]

            err = cli.run("export-table-to-point-in-time", "--table-arn", arn,
                          "--s3-bucket", "bucket",
                          expect_error="PointInTimeRecoveryUnavailable")
            out = cli.run("update-continuous-backups", "--table-name", "src",
                          "--point-in-time-recovery-specification",
                          "PointInTimeRecoveryEnabled=true")
            d = out["ContinuousBackupsDescription"]
            assert d["ContinuousBackupsStatus"] == "ENABLED", d
            p = d["PointInTimeRecoveryDescription"]
            assert p["PointInTimeRecoveryStatus"] == "ENABLED", p
            assert "EarliestRestorableDateTime" in p, p
            out = cli.run("describe-continuous-backups", "--table-name", "src")
            assert out["ContinuousBackupsDescription"][
                "PointInTimeRecoveryDescription"][
                    "PointInTimeRecoveryStatus"] == "ENABLED", out

            out = cli.run("export-table-to-point-in-time", "--table-arn", arn,
                          "--s3-bucket", "bucket", "--s3-prefix", "exp")
            e = out["ExportDescription"]
            assert e["ExportStatus"] == "IN_PROGRESS", e
            out = cli.run("describe-export", "--export-arn", e["ExportArn"])
            e = out["ExportDescription"]
            assert e["ExportStatus"] == "COMPLETED", e
            assert e["ItemCount"] == 30, e
            assert e["ExportFormat"] == "DYNAMODB_JSON", e
            summary = os.path.join(root, "bucket", e["ExportManifest"])
            with open(summary) as f:
                assert json.load(f)["itemCount"] == 30
            export_id = e["ExportArn"].rsplit("/", 1)[1]
            data = os.path.join(root, "bucket", "exp", "AWSDynamoDB",
                                export_id, "data")
            lines = []
            for name in os.listdir(data):
                with gzip.open(os.path.join(data, name), "rt") as f:
                    lines += [json.loads(x) for x in f if x.strip()]
            assert len(lines) == 30 and all("Item" in x for x in lines)
            out = cli.run("list-exports")
            assert len(out["ExportSummaries"]) == 1, out

            out = cli.run(
                "import-table",
                "--s3-bucket-source",
                "S3Bucket=bucket,S3KeyPrefix=exp/AWSDynamoDB/%s/data/" %
                export_id,
                "--input-format", "DYNAMODB_JSON",
                "--input-compression-type", "GZIP",
                "--table-creation-parameters", json.dumps({
                    "TableName": "copy",
                    "AttributeDefinitions": [
                        {"AttributeName": "pk", "AttributeType": "S"}],
                    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                    "BillingMode": "PAY_PER_REQUEST"}))
            i = out["ImportTableDescription"]
            assert i["ImportStatus"] == "IN_PROGRESS", i
            out = cli.run("describe-import", "--import-arn", i["ImportArn"])
            i = out["ImportTableDescription"]
            assert i["ImportStatus"] == "COMPLETED", i
            assert i["ImportedItemCount"] == 30, i
            assert i["ErrorCount"] == 0, i
            assert scan_all(cli, "copy") == scan_all(cli, "src")
            out = cli.run("list-imports")
            assert len(out["ImportSummaryList"]) == 1, out
            cli.run("describe-export", "--export-arn", arn + "/export/x" * 5,
                    expect_error="ExportNotFoundException")
            del err
    print("PASS")


if __name__ == "__main__":
    main()
