#!/usr/bin/env python3
# Copyright 2026 The eddy Authors.
"""`eddy model run --endpoint URL` against eddy-server as a separate process.

    python3 endpoint_model_test.py path/to/eddy path/to/eddy-server SOURCE_DIR

The kayak model verifies 8 of 8 patterns over HTTP, with the server's
throttling off and under --throttle simulate, over one connection and over
16 (--connections: the load's batches and the patterns' runs in flight at
once, the report the same but for its timings); the run's table carries the
run prefix and is deleted at the end (kept with --keep); a table of the
same name as the model's, made beforehand by someone else, is untouched;
and missing credentials, a bad URL and an endpoint that does not answer are
reported as errors. boto3 (as the other server tests use it) checks the
server's tables from outside.
"""

import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "server"))
from eddy_server import EddyServer, install_sigterm_handler  # noqa: E402

import boto3  # noqa: E402

EDDY, SERVER, SOURCE = sys.argv[1], sys.argv[2], sys.argv[3]
KAYAK = os.path.join(SOURCE, "model", "kayak.json")
OK_LINE = "OK: 8 of 8 executed patterns verified"
PREFIX = re.compile(r"^eddy-run-\d{8}T\d{6}Z-[0-9a-f]{4}-kayak$")

# Only these credentials: never the machine's ~/.aws.
ENV = {k: v for k, v in os.environ.items() if not k.startswith("AWS_")}
ENV.update({
    "AWS_ACCESS_KEY_ID": "AKIDEDDYTEST",
    "AWS_SECRET_ACCESS_KEY": "eddy-test-secret",
    "AWS_REGION": "us-east-1",
    "AWS_CONFIG_FILE": "/nonexistent/eddy/config",
    "AWS_SHARED_CREDENTIALS_FILE": "/nonexistent/eddy/credentials",
})


def eddy(*args, env=None):
    p = subprocess.run([EDDY, *args], capture_output=True, timeout=300,
                       env=env if env is not None else ENV)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def dynamodb(url):
    # The eddy binary's key id and region: without -sharedDb eddy-server
    # keeps a database per key id and region, and the checks must see the
    # one the runs use.
    return boto3.client("dynamodb", endpoint_url=url, region_name="us-east-1",
                        aws_access_key_id=ENV["AWS_ACCESS_KEY_ID"],
                        aws_secret_access_key="y")


def check(cond, what):
    if not cond:
        raise AssertionError(what)


def run_kayak(url, *extra):
    code, out, err = eddy("model", "run", KAYAK, "--endpoint", url, "--quiet",
                          *extra)
    check(code == 0, "exit %d\nstdout:\n%s\nstderr:\n%s" % (code, out, err))
    check(OK_LINE in out, "no 8/8 line:\n" + out)
    header = out.splitlines()[0]
    m = re.search(r'table "([^"]+)"', header)
    check(m and PREFIX.match(m.group(1)), "header without run prefix: " +
          header)
    return m.group(1), out, err


def test_plain_and_foreign_table(server_binary):
    with EddyServer(server_binary) as server:
        db = dynamodb(server.url)
        # Someone else's table named as the model's: never touched.
        db.create_table(
            TableName="kayak", BillingMode="PAY_PER_REQUEST",
            KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
            AttributeDefinitions=[{"AttributeName": "PK",
                                   "AttributeType": "S"}])
        db.put_item(TableName="kayak", Item={"PK": {"S": "mine"}})
        table, _, _ = run_kayak(server.url)
        names = db.list_tables()["TableNames"]
        check(names == ["kayak"], "tables left behind: %r" % names)
        check(db.scan(TableName="kayak")["Items"] == [{"PK": {"S": "mine"}}],
              "the foreign table changed")
        # --keep: the run's table stays, with its data.
        kept, _, err = run_kayak(server.url, "--keep")
        check(kept != table, "two runs share a prefix")
        check("kept table " + kept in err, "no kept line: " + err)
        check(sorted(db.list_tables()["TableNames"]) == sorted(["kayak", kept]),
              "kept table missing")
        check(db.describe_table(TableName=kept)["Table"]["ItemCount"] ==
              10828, "kept table's item count")
    print("ok: plain run 8/8, foreign table untouched, --keep keeps")


def without_timings(report, table):
    """The report with what depends on the wall clock taken out: the run's
    table name, the load's and memory's lines, the patterns' latencies and
    the line saying that, over more than one connection, they include the
    time a request waited for a free connection."""
    kept = []
    for line in report.replace(table, "TABLE").splitlines():
        if re.match(r"^(Load |Memory )", line) or "inside the write calls" \
                in line or "requests at once: each latency includes" in line:
            continue
        # A latency prints in µs, or in ms / s when large (a slow machine).
        kept.append(re.sub(r"p50 [\d.]+ (µs|ms|s)\s+p99 [\d.]+ (µs|ms|s)",
                           "p50/p99", line))
    return "\n".join(kept)


def test_connections(server_binary):
    with EddyServer(server_binary) as server:
        one, one_out, _ = run_kayak(server.url, "--connections", "1")
        many, many_out, _ = run_kayak(server.url, "--connections", "16")
        check(without_timings(one_out, one) == without_timings(many_out, many),
              "the reports over 1 and 16 connections differ:\n%s\n----\n%s" %
              (one_out, many_out))
        # Over 16 connections the report says that its latencies include
        # the wait for a free connection; over one it has no such line.
        queueing = "16 requests at once: each latency includes the time"
        check(queueing in many_out and "requests at once" not in one_out,
              "the client-side queueing line:\n" + many_out)
        check(dynamodb(server.url).list_tables()["TableNames"] == [],
              "tables left behind")
    code, _, err = eddy("model", "run", KAYAK, "--connections", "4")
    check(code == 2 and "--connections needs --endpoint" in err, err)
    code, _, err = eddy("model", "run", KAYAK, "--endpoint",
                        "http://127.0.0.1:9", "--connections", "0")
    check(code == 2 and "--connections" in err, err)
    print("ok: 8/8 over 16 connections, the report as over one")


def test_throttle_simulate(server_binary):
    with EddyServer(server_binary, "--throttle", "simulate") as server:
        run_kayak(server.url)
        # Throttles retried per call while 16 calls are in flight.
        run_kayak(server.url, "--connections", "16")
        check(dynamodb(server.url).list_tables()["TableNames"] == [],
              "tables left behind")
    print("ok: 8/8 under --throttle simulate, over 8 and 16 connections")


def test_errors():
    env = {k: v for k, v in ENV.items()
           if k not in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY")}
    code, _, err = eddy("model", "run", KAYAK, "--endpoint",
                        "http://127.0.0.1:9", env=env)
    check(code == 1 and "no AWS credentials" in err, err)
    code, _, err = eddy("model", "run", KAYAK, "--endpoint", "ftp://x")
    check(code == 1 and "http:// or https://" in err, err)
    code, _, err = eddy("model", "run", KAYAK, "--keep")
    check(code == 2 and "--keep needs --endpoint" in err, err)
    # Nothing listens on port 9 (discard): connection errors, retried
    # AWS_MAX_ATTEMPTS times, then reported.
    env = dict(ENV, AWS_MAX_ATTEMPTS="2")
    code, _, err = eddy("model", "run", KAYAK, "--endpoint",
                        "http://127.0.0.1:9", "--quiet", env=env)
    check(code == 1 and "CreateTable" in err and "Connection" in err, err)
    print("ok: errors")


def main():
    install_sigterm_handler()
    test_errors()
    test_plain_and_foreign_table(SERVER)
    test_connections(SERVER)
    test_throttle_simulate(SERVER)
    print("endpoint_model_test: all passed")


if __name__ == "__main__":
    main()
