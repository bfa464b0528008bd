#!/usr/bin/env python3
# Copyright 2026 The eddy Authors.
"""The AWS CLI's backup and restore commands against eddy-server.

    python3 backup_cli_test.py path/to/eddy-server

The server runs with -dbPath in a temporary directory and --clock manual.
The test backs a table up, lists and describes the backup, restores it
under a new name, restores the table to a point in time noted between
writes (after moving the clock past DynamoDB's five-minute lag), deletes
the backup, and restarts the server to see the backup and the restored
tables again; then deletes the PITR table and restores its SYSTEM backup. Fails, never skips, when the CLI is missing.
"""

import json
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools", "clients", "python"))
from aws_cli_test import Cli  # noqa: E402
from eddy_control import EddyControl  # noqa: E402
from eddy_server import EddyServer, install_sigterm_handler  # noqa: E402


def scan_all(cli, table):
    items = cli.run("scan", "--table-name", table)["Items"]
    return sorted(json.dumps(i, sort_keys=True) for i in items)


def put(cli, table, i, value):
    cli.run("put-item", "--table-name", table, "--item",
            json.dumps({"pk": {"S": "k%d" % i}, "v": {"S": value}}))


def main():
    install_sigterm_handler()
    binary = sys.argv[1]
    with tempfile.TemporaryDirectory() as data:
        args = ("-dbPath", data, "--clock", "manual", "--sync", "none")
        with EddyServer(binary, *args) as server:
            cli = Cli(server.url)
            eddy = EddyControl(server.url)
            cli.run("create-table", "--table-name", "src",
                    "--attribute-definitions",
                    "AttributeName=pk,AttributeType=S",
                    "--key-schema", "AttributeName=pk,KeyType=HASH",
                    "--billing-mode", "PAY_PER_REQUEST")
            cli.run("update-continuous-backups", "--table-name", "src",
                    "--point-in-time-recovery-specification",
                    "PointInTimeRecoveryEnabled=true")
            eddy.advance_clock(seconds=1)
            for i in range(10):
                put(cli, "src", i, "first")
            first = scan_all(cli, "src")
            _, noted_micros = eddy.advance_clock(seconds=1)
            noted = noted_micros / 1e6 - 1  # within the second of the writes

            out = cli.run("create-backup", "--table-name", "src",
                          "--backup-name", "nightly")
            details = out["BackupDetails"]
            assert details["BackupStatus"] == "CREATING", details
            arn = details["BackupArn"]
            for i in range(5, 15):
                put(cli, "src", i, "second")
            second = scan_all(cli, "src")
            assert second != first

            out = cli.run("list-backups", "--table-name", "src")
            assert [b["BackupArn"] for b in out["BackupSummaries"]] == [arn], out
            out = cli.run("describe-backup", "--backup-arn", arn)
            d = out["BackupDescription"]
            assert d["BackupDetails"]["BackupStatus"] == "AVAILABLE", d
            assert d["SourceTableDetails"]["ItemCount"] == 10, d

            out = cli.run("restore-table-from-backup", "--target-table-name",
                          "from_backup", "--backup-arn", arn)
            assert out["TableDescription"]["TableName"] == "from_backup", out
            assert scan_all(cli, "from_backup") == first
            cli.run("restore-table-from-backup", "--target-table-name",
                    "from_backup", "--backup-arn", arn,
                    expect_error="TableAlreadyExistsException")
            cli.run("describe-backup", "--backup-arn", arn + "0",
                    expect_error="BackupNotFoundException")

            cli.run("restore-table-to-point-in-time", "--source-table-name",
                    "src", "--target-table-name", "too_soon",
                    "--restore-date-time", str(noted),
                    expect_error="InvalidRestoreTimeException")
            eddy.advance_clock(seconds=301)
            out = cli.run("restore-table-to-point-in-time",
                          "--source-table-name", "src",
                          "--target-table-name", "at_noted",
                          "--restore-date-time", str(noted))
            assert out["TableDescription"]["TableName"] == "at_noted", out
            assert scan_all(cli, "at_noted") == first
            cli.run("restore-table-to-point-in-time", "--source-table-name",
                    "src", "--target-table-name", "latest",
                    "--use-latest-restorable-time")
            assert scan_all(cli, "latest") == second

            other = cli.run("create-backup", "--table-name", "src",
                            "--backup-name", "gone")["BackupDetails"]
            out = cli.run("delete-backup", "--backup-arn",
                          other["BackupArn"])
            assert out["BackupDescription"]["BackupDetails"][
                "BackupStatus"] == "DELETED", out

        # A restart keeps the backup and the restored tables.
        with EddyServer(binary, *args) as server:
            cli = Cli(server.url)
            out = cli.run("list-backups")
            assert [b["BackupArn"] for b in out["BackupSummaries"]] == [arn], out
            assert scan_all(cli, "from_backup") == first
            assert scan_all(cli, "at_noted") == first
            cli.run("restore-table-from-backup", "--target-table-name",
                    "after_restart", "--backup-arn", arn)
            assert scan_all(cli, "after_restart") == first

            # Deleting a table with PITR on leaves a SYSTEM backup: listed
            # with --backup-type SYSTEM (not by default), restorable.
            cli.run("delete-table", "--table-name", "src")
            out = cli.run("list-backups")
            assert [b["BackupArn"] for b in out["BackupSummaries"]] == [arn], out
            out = cli.run("list-backups", "--backup-type", "SYSTEM")
            (system,) = out["BackupSummaries"]
            assert system["BackupName"] == "src$DeletedTableBackup", system
            assert system["BackupType"] == "SYSTEM", system
            assert "BackupExpiryDateTime" in system, system
            out = cli.run("describe-backup", "--backup-arn",
                          system["BackupArn"])
            assert out["BackupDescription"]["BackupDetails"][
                "BackupType"] == "SYSTEM", out
            cli.run("restore-table-from-backup", "--target-table-name",
                    "undeleted", "--backup-arn", system["BackupArn"])
            assert scan_all(cli, "undeleted") == second
    print("backup_cli_test: ok")


if __name__ == "__main__":
    main()
