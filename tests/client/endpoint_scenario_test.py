#!/usr/bin/env python3
# Copyright 2026 The eddy Authors.
"""`eddy scenario run FILE --endpoint URL` against eddy-server as a process.

    python3 endpoint_scenario_test.py path/to/eddy path/to/eddy-server SOURCE_DIR

The hot-item scenario (one item written at twice its partition's rate) at a
rate scale of 0.1 for a few seconds, against eddy-server under --throttle
simulate with the same scaled partition cap: the endpoint throttles about
as the simulator predicts, the run's table carries the run prefix and is
deleted at the end (kept with --keep), --time-scale shortens the run (over
one connection and over 16: --connections keeps calls in flight at once on
the same schedule), and the flags' misuses are usage errors. When dynalite is installed (npm; on
PATH, or named by EDDY_DYNALITE), the same scenario runs against it too: it
never throttles, so the observed column shows none.
"""

import os
import re
import shutil
import socket
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "server"))
from eddy_server import EddyServer, install_sigterm_handler  # noqa: E402

import boto3  # noqa: E402

EDDY, SERVER, SOURCE = sys.argv[1], sys.argv[2], sys.argv[3]
HOT_ITEM = os.path.join(SOURCE, "model", "scenarios", "hot_item.json")

# Only these credentials: never the machine's ~/.aws.
ENV = {k: v for k, v in os.environ.items() if not k.startswith("AWS_")}
ENV.update({
    "AWS_ACCESS_KEY_ID": "AKIDEDDYTEST",
    "AWS_SECRET_ACCESS_KEY": "eddy-test-secret",
    "AWS_REGION": "us-east-1",
    "AWS_CONFIG_FILE": "/nonexistent/eddy/config",
    "AWS_SHARED_CREDENTIALS_FILE": "/nonexistent/eddy/credentials",
})


def eddy(*args):
    p = subprocess.run([EDDY, *args], capture_output=True, timeout=120,
                       env=ENV)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def check(cond, what):
    if not cond:
        raise AssertionError(what)


def row(out, name):
    """The predicted and observed figures of a comparison row."""
    m = re.search(r"^%s\s+([\d,]+)\s+([\d,]+)\s*$" % re.escape(name), out,
                  re.MULTILINE)
    check(m, "no %r row in:\n%s" % (name, out))
    return [int(x.replace(",", "")) for x in m.groups()]


def run(url, *extra):
    code, out, err = eddy("scenario", "run", HOT_ITEM, "--scale", "0.1",
                          "--endpoint", url, "--quiet", *extra)
    check(code == 0, "exit %d\nstdout:\n%s\nstderr:\n%s" % (code, out, err))
    return out, err


def test_hot_item(server_binary):
    # The scenario's partition cap (1,000 WCU) at its rate scale (0.1).
    with EddyServer(server_binary, "--throttle", "simulate",
                    "--partition-write-units", "100") as server:
        db = boto3.client("dynamodb", endpoint_url=server.url,
                          region_name="us-east-1",
                          aws_access_key_id=ENV["AWS_ACCESS_KEY_ID"],
                          aws_secret_access_key="x")
        started = time.monotonic()
        out, _ = run(server.url, "--duration", "3")
        took = time.monotonic() - started
        check("predicted: eddy's simulator; observed: " + server.url in out,
              out)
        requests = row(out, "requests")
        check(requests == [600, 600], "requests: %r" % requests)
        predicted, observed = row(out, "throttled calls")
        # 200 PutItem/s on one item against 100 WCU/s: about half throttle,
        # on the endpoint as in the simulator (the wall clock adds jitter).
        check(predicted > 150, "predicted throttles: %d" % predicted)
        check(abs(observed - predicted) <= predicted // 4,
              "observed %d, predicted %d" % (observed, predicted))
        check(row(out, "write units")[1] > 0, out)
        check(re.search(r"^pacing: 600 calls, ", out, re.MULTILINE), out)
        check(took >= 2.5, "3 virtual seconds took %.2f s" % took)
        check(db.list_tables()["TableNames"] == [], "tables left behind")

        # --time-scale 0.25: the same calls in a quarter of the time, one
        # call at a time and 16 in flight.
        throttled = {}
        for connections in ("1", "16"):
            started = time.monotonic()
            out, _ = run(server.url, "--duration", "4", "--time-scale", "0.25",
                         "--connections", connections)
            took = time.monotonic() - started
            check(row(out, "requests") == [800, 800], out)
            check("time scale 0.25, %s connection" % connections in out, out)
            check(re.search(r"^pacing: 800 calls, ", out, re.MULTILINE), out)
            # Unscaled, 4 virtual seconds take at least 4 s of wall time;
            # the bound leaves room for start-up on a loaded machine.
            check(took < 3.9, "4 virtual seconds at 0.25 over %s took %.2f s" %
                  (connections, took))
            throttled[connections] = row(out, "throttled calls")[1]
        # The same schedule against the same cap throttles alike, whether
        # the calls wait for each other or not.
        check(abs(throttled["1"] - throttled["16"]) <= 80,
              "throttled over 1 and 16 connections: %r" % throttled)

        # Ten times faster: 2,000 PutItem per wall second over 16
        # connections, every call made.
        started = time.monotonic()
        out, _ = run(server.url, "--duration", "4", "--time-scale", "0.1",
                     "--connections", "16")
        took = time.monotonic() - started
        check(row(out, "requests") == [800, 800], out)
        check(took < 3.9, "4 virtual seconds at 0.1 took %.2f s" % took)
        check(db.list_tables()["TableNames"] == [], "tables left behind")

        # --keep: the run's table stays, named with the run prefix.
        out, err = run(server.url, "--duration", "1", "--keep")
        m = re.search(r"kept table (\S+) at ", err)
        check(m and re.match(r"^eddy-run-\d{8}T\d{6}Z-[0-9a-f]{4}-sessions$",
                             m.group(1)), err)
        check(db.list_tables()["TableNames"] == [m.group(1)], "kept table")
    print("ok: hot item predicted and observed, --time-scale, --keep")


def test_dynalite():
    binary = os.environ.get("EDDY_DYNALITE") or shutil.which("dynalite")
    if not binary:
        print("skipped: dynalite is not installed (npm install dynalite)")
        return
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    p = subprocess.Popen([binary, "--port", str(port)],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        url = "http://127.0.0.1:%d" % port
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), 0.1).close()
                break
            except OSError:
                time.sleep(0.05)
        out, _ = run(url, "--duration", "2")
        check(row(out, "requests") == [400, 400], out)
        predicted, observed = row(out, "throttled calls")
        check(predicted > 0 and observed == 0,
              "dynalite throttled %d (predicted %d)" % (observed, predicted))
    finally:
        p.terminate()
        p.wait(10)
    print("ok: dynalite observed (no throttling)")


def test_usage_errors():
    code, _, err = eddy("scenario", "run", HOT_ITEM, "--time-scale", "0.5")
    check(code == 2 and "--time-scale needs --endpoint" in err, err)
    code, _, err = eddy("scenario", "run", HOT_ITEM, "--keep")
    check(code == 2 and "--keep needs --endpoint" in err, err)
    code, _, err = eddy("scenario", "run", HOT_ITEM, "--connections", "4")
    check(code == 2 and "--connections needs --endpoint" in err, err)
    code, _, err = eddy("scenario", "run", HOT_ITEM, "--json", "--endpoint",
                        "http://127.0.0.1:9")
    check(code == 2 and "--json is not available with --endpoint" in err, err)
    code, _, err = eddy("scenario", "run", HOT_ITEM, "--endpoint", "ftp://x",
                        "--quiet")
    check(code == 1 and "http:// or https://" in err, err)
    print("ok: usage errors")


def main():
    install_sigterm_handler()
    test_usage_errors()
    test_hot_item(SERVER)
    test_dynalite()
    print("endpoint_scenario_test: all passed")


if __name__ == "__main__":
    main()
