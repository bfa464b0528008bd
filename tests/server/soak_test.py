#!/usr/bin/env python3
# Copyright 2026 The eddy Authors.
"""A mixed soak of eddy-server: 16 connections at once, hostile and honest.

    python3 soak_test.py path/to/eddy-server [--seconds N] [--no-memory-checks]

Runs two phases of N/2 seconds each (default N = 24 for CI; run it by hand
with --seconds 1800 for the long soak), the first with throttling off, the
second with `--throttle simulate` and a provisioned table small enough to
throttle. In each phase, at once:

- 8 writers move random amounts between 40 accounts with
  TransactWriteItems guarded by "balance >= :a";
- 1 auditor reads all 40 accounts with one TransactGetItems: the total is
  always 40,000 (no half-applied transfer is ever visible);
- 1 fault injector arms random EddyInjectFault faults on the accounts table
  (and clears them now and then);
- 2 hostile clients send oversized bodies, deep nesting, invalid UTF-8,
  garbage, unknown operations and huge legacy lists;
- 2 slow clients dribble a body byte by byte and then either finish it or
  abort; 1 client holds idle connections open;
- 1 health checker GETs / throughout: every answer 200, within 5 seconds
  (generous: CI runs other tests beside this one).

Every answer must be UTF-8 JSON (the health answer is text) with a status
and exception DynamoDB gives for that request; no 5xx other than an
injected InternalServerError or a 503 for the buffered-bytes budget. At the
end of a phase the balances add up, none is negative, the server's peak
resident memory stayed under 512 MB and came back to within twice what it
was before the burst (plus 16 MB) within 5 seconds, and the server exits 0
on SIGTERM. The sanitizer builds skip the memory checks
(--no-memory-checks): their allocators keep freed memory on purpose.
"""

import argparse
import http.client
import json
import os
import random
import socket
import sys
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from eddy_server import EddyServer, install_sigterm_handler  # noqa: E402

ACCOUNTS = 40
INITIAL = 1000
MAX_BODY = 1 << 20          # --max-body-bytes for the soak
RSS_LIMIT_KB = 512 * 1024   # the server's peak resident memory
FAULT_KINDS = ("ProvisionedThroughputExceeded", "Throttling",
               "RequestLimitExceeded", "InternalServerError",
               "TransactionConflict")


def headers(operation):
    amz_date = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    return {
        "Content-Type": "application/x-amz-json-1.0",
        "X-Amz-Target": "DynamoDB_20120810." + operation,
        "X-Amz-Date": amz_date,
        "Authorization": (
            "AWS4-HMAC-SHA256 Credential=soak/%s/us-east-1/dynamodb/"
            "aws4_request, SignedHeaders=content-type;host;x-amz-date;"
            "x-amz-target, Signature=%s" % (amz_date[:8], "0" * 64)),
    }


class Failures:
    """Everything that went wrong, shared by the workers."""

    def __init__(self):
        self.lock = threading.Lock()
        self.items = []

    def add(self, what):
        with self.lock:
            if len(self.items) < 50:
                self.items.append(what)

    def __bool__(self):
        return bool(self.items)


class Client:
    """One keep-alive connection; every answer checked for UTF-8 JSON."""

    def __init__(self, url, failures, timeout=30):
        parsed = urllib.parse.urlparse(url)
        self.host, self.port = parsed.hostname, parsed.port
        self.failures = failures
        self.timeout = timeout
        self.conn = None

    def call(self, operation, body):
        """Returns (status, exception type or None, decoded answer)."""
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        for attempt in range(2):
            try:
                if self.conn is None:
                    self.conn = http.client.HTTPConnection(
                        self.host, self.port, timeout=self.timeout)
                self.conn.request("POST", "/", data, headers(operation))
                r = self.conn.getresponse()
                payload = r.read()
                break
            except (ConnectionError, http.client.HTTPException,
                    socket.timeout) as e:
                self.close()
                if attempt == 1:
                    self.failures.add("%s: connection failed twice: %r"
                                      % (operation, e))
                    return 0, None, None
        try:
            answer = json.loads(payload.decode("utf-8")) if payload else {}
        except (UnicodeDecodeError, ValueError):
            self.failures.add("%s: HTTP %d answer is not UTF-8 JSON: %r"
                              % (operation, r.status, payload[:120]))
            return r.status, None, None
        kind = None
        if r.status != 200:
            kind = str(answer.get("__type", "")).rsplit("#", 1)[-1]
        if r.getheader("Connection", "").lower() == "close":
            self.close()
        return r.status, kind, answer

    def close(self):
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def account(i):
    return {"pk": {"S": "acct#%02d" % i}}


def setup(url, failures, provisioned):
    c = Client(url, failures)
    create = {
        "TableName": "accounts",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "pk",
                                  "AttributeType": "S"}],
    }
    if provisioned:
        create["BillingMode"] = "PROVISIONED"
        create["ProvisionedThroughput"] = {"ReadCapacityUnits": 400,
                                           "WriteCapacityUnits": 200}
    else:
        create["BillingMode"] = "PAY_PER_REQUEST"
    status, kind, _ = c.call("CreateTable", create)
    assert status == 200, (status, kind)
    for i in range(ACCOUNTS):
        item = dict(account(i), balance={"N": str(INITIAL)})
        while True:
            status, kind, _ = c.call("PutItem", {"TableName": "accounts",
                                                 "Item": item})
            if status == 200:
                break
            assert kind in ("ProvisionedThroughputExceededException",
                            "ThrottlingException"), (status, kind)
            time.sleep(0.05)
    c.close()


# Exceptions a transfer or an audit may meet in this soak.
CANCELLED_OR_FAULTED = {
    "TransactionCanceledException", "ProvisionedThroughputExceededException",
    "ThrottlingException", "RequestLimitExceeded", "InternalServerError",
    "TransactionConflictException", "TransactionInProgressException",
}


def writer(url, failures, deadline, stats, seed):
    rng = random.Random(seed)
    c = Client(url, failures)
    while time.monotonic() < deadline:
        a, b = rng.sample(range(ACCOUNTS), 2)
        amount = rng.randint(1, 300)
        values = {":a": {"N": str(amount)}}
        status, kind, _ = c.call("TransactWriteItems", {"TransactItems": [
            {"Update": {"TableName": "accounts", "Key": account(a),
                        "UpdateExpression": "SET balance = balance - :a",
                        "ConditionExpression": "balance >= :a",
                        "ExpressionAttributeValues": values}},
            {"Update": {"TableName": "accounts", "Key": account(b),
                        "UpdateExpression": "SET balance = balance + :a",
                        "ExpressionAttributeValues": values}}]})
        if status == 200:
            stats["committed"] += 1
        elif kind in CANCELLED_OR_FAULTED and status in (400, 500):
            stats["refused"] += 1
        elif status != 0:
            failures.add("transfer: HTTP %d %s" % (status, kind))
    c.close()


def auditor(url, failures, deadline, stats):
    c = Client(url, failures)
    request = {"TransactItems": [
        {"Get": {"TableName": "accounts", "Key": account(i)}}
        for i in range(ACCOUNTS)]}
    while time.monotonic() < deadline:
        status, kind, answer = c.call("TransactGetItems", request)
        if status == 200:
            balances = [int(r["Item"]["balance"]["N"])
                        for r in answer["Responses"]]
            if sum(balances) != ACCOUNTS * INITIAL or min(balances) < 0:
                failures.add("audit: total %d, lowest %d"
                             % (sum(balances), min(balances)))
            stats["audits"] += 1
        elif not (kind in CANCELLED_OR_FAULTED and status in (400, 500)):
            if status != 0:
                failures.add("audit: HTTP %d %s" % (status, kind))
    c.close()


def faulter(url, failures, deadline, stats, seed):
    rng = random.Random(seed)
    c = Client(url, failures)
    while time.monotonic() < deadline:
        if rng.random() < 0.2:
            status, kind, _ = c.call("EddyClearFaults", {})
        else:
            status, kind, _ = c.call("EddyInjectFault", {
                "Kind": rng.choice(FAULT_KINDS),
                "Operation": rng.choice(["TransactWriteItems",
                                         "TransactGetItems"]),
                "TableName": "accounts", "Count": rng.randint(1, 3)})
        if status == 200:
            stats["faults"] += 1
        elif status != 0:
            failures.add("fault injection: HTTP %d %s" % (status, kind))
        time.sleep(0.05)
    c.call("EddyClearFaults", {})
    c.close()


def hostile_bodies(rng):
    """(operation, body, statuses allowed) for one hostile request."""
    depth = rng.randint(1000, 100000)
    names = ["a%d" % i for i in range(rng.randint(1000, 60000))]
    choices = [
        ("PutItem", b"{" + b'"TableName":"accounts","Item":{"pk":{"S":"'
         + b"x" * (MAX_BODY + 10) + b'"}}}', (413,)),
        ("PutItem", b'{"TableName":"accounts","Item":{"pk":' +
         b'{"M":{"a":' * depth + b'{"S":"x"}' + b"}}" * depth + b"}}",
         (400, 413)),  # past --max-body-bytes when deep enough
        ("GetItem", b'{"TableName":"accounts","Key":{"pk":{"S":"\xff\xfe"}}}',
         (400,)),
        ("Scan", bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 4096))),
         (400,)),
        ("NoSuchOperation", b"{}", (400,)),
        # Legacy parameters are compiled linearly with no expression
        # limits (engine/ops/legacy.h): answered, and promptly.
        ("GetItem", json.dumps({"TableName": "accounts",
                                "Key": account(0),
                                "AttributesToGet": names}).encode(), (200,)),
        ("PutItem", b'{"TableName":"accounts","Item":{"pk":{"L":[' +
         b'{"NULL":true},' * 50000 + b'{"NULL":true}]}}}', (400,)),
        # Placeholders out of order (":v10" before ":v2") are sorted once,
        # not inserted one by one (issue #26): answered promptly, unused.
        ("Scan", json.dumps({"TableName": "accounts",
                             "FilterExpression": "a = :v0",
                             "ExpressionAttributeValues": {
                                 ":v%d" % i: {"S": ""}
                                 for i in range(40000)}}).encode(), (400,)),
        # A key past 400 KB (550 KB by DynamoDB's rule) is refused while
        # it is read.
        ("GetItem", b'{"TableName":"accounts","Key":{"pk":{"L":[' +
         b'{"S":"xxxxxxxxxx"},' * 50000 + b'{"S":""}]}}}', (400,)),
    ]
    return rng.choice(choices)


def hostile(url, failures, deadline, stats, seed):
    rng = random.Random(seed)
    c = Client(url, failures)
    while time.monotonic() < deadline:
        operation, body, allowed = hostile_bodies(rng)
        started = time.monotonic()
        status, kind, _ = c.call(operation, body)
        took = time.monotonic() - started
        # A 503 answers a request when the buffered-bytes budget is full; a
        # valid request may be throttled in the phase with throttling on.
        throttled = status == 400 and kind in THROTTLES and 200 in allowed
        if status not in allowed and status not in (0, 503) and not throttled:
            failures.add("hostile %s (%d bytes): HTTP %d %s"
                         % (operation, len(body), status, kind))
        if took > 10:
            failures.add("hostile %s (%d bytes) took %.1f s"
                         % (operation, len(body), took))
        stats["hostile"] += 1
    c.close()


# The exceptions a valid request may get while throttling is on.
THROTTLES = ("ProvisionedThroughputExceededException", "ThrottlingException")


def throttled_answer(sock, answer):
    """True when `answer` (a response head, maybe with part of its body) is
    a 400 whose body names a throttling exception; reads the rest of the
    body from `sock`."""
    head, _, body = answer.partition(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 400"):
        return False
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return any(t.encode() in body for t in THROTTLES)


def slow(url, failures, deadline, stats, seed):
    rng = random.Random(seed)
    parsed = urllib.parse.urlparse(url)
    while time.monotonic() < deadline:
        body = json.dumps({"TableName": "accounts",
                           "Key": account(rng.randrange(ACCOUNTS))}).encode()
        head = "".join("%s: %s\r\n" % kv for kv in headers("GetItem").items())
        request = ("POST / HTTP/1.1\r\nHost: %s\r\nContent-Length: %d\r\n%s"
                   "\r\n" % (parsed.netloc, len(body), head)).encode()
        finish = rng.random() < 0.5
        try:
            s = socket.create_connection((parsed.hostname, parsed.port),
                                         timeout=10)
            s.sendall(request)
            cut = len(body) if finish else rng.randrange(len(body))
            for i in range(cut):
                s.sendall(body[i:i + 1])
                time.sleep(0.01)
                if time.monotonic() > deadline:
                    break
            if finish and time.monotonic() <= deadline:
                answer = b""
                while b"\r\n\r\n" not in answer:
                    chunk = s.recv(65536)
                    if not chunk:
                        break
                    answer += chunk
                if not answer.startswith(b"HTTP/1.1 200") and \
                        not throttled_answer(s, answer):
                    failures.add("slow client: %r" % answer[:80])
                stats["slow"] += 1
            else:
                stats["aborted"] += 1
            s.close()
        except OSError as e:
            failures.add("slow client: %r" % e)


def idle(url, failures, deadline, stats):
    parsed = urllib.parse.urlparse(url)
    while time.monotonic() < deadline:
        held = []
        try:
            for _ in range(8):
                held.append(socket.create_connection(
                    (parsed.hostname, parsed.port), timeout=5))
            time.sleep(min(1.0, max(0.0, deadline - time.monotonic())))
        except OSError as e:
            failures.add("idle client: %r" % e)
        for s in held:
            s.close()
        stats["idle"] += len(held)


def health(url, failures, deadline, stats):
    parsed = urllib.parse.urlparse(url)
    while time.monotonic() < deadline:
        started = time.monotonic()
        try:
            conn = http.client.HTTPConnection(parsed.hostname, parsed.port,
                                              timeout=5)
            conn.request("GET", "/")
            r = conn.getresponse()
            text = r.read()
            conn.close()
            took = time.monotonic() - started
            if r.status != 200 or not text.startswith(b"healthy"):
                failures.add("health: HTTP %d %r" % (r.status, text[:60]))
            elif took > 5:
                failures.add("health answered in %.1f s" % took)
            stats["health"] += 1
        except OSError as e:
            failures.add("health: %r" % e)
        time.sleep(0.2)


def rss_kb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def final_balances(url, failures):
    c = Client(url, failures)
    balances = []
    for i in range(ACCOUNTS):
        request = {"TableName": "accounts", "Key": account(i),
                   "ConsistentRead": True}
        status, kind, answer = c.call("GetItem", request)
        while status != 200:  # throttled in the provisioned phase
            assert kind in CANCELLED_OR_FAULTED, (status, kind)
            time.sleep(0.05)
            status, kind, answer = c.call("GetItem", request)
        balances.append(int(answer["Item"]["balance"]["N"]))
    c.close()
    return balances


def phase(binary, seconds, throttle, memory_checks):
    failures = Failures()
    args = ["--max-body-bytes", str(MAX_BODY), "--throttle",
            "simulate" if throttle else "off"]
    with EddyServer(binary, *args) as server:
        pid = server.process.pid
        setup(server.url, failures, provisioned=throttle)
        stats = {k: 0 for k in ("committed", "refused", "audits", "faults",
                                "hostile", "slow", "aborted", "idle",
                                "health")}
        deadline = time.monotonic() + seconds
        workers = [threading.Thread(target=writer, args=(
            server.url, failures, deadline, stats, i)) for i in range(8)]
        workers += [
            threading.Thread(target=auditor,
                             args=(server.url, failures, deadline, stats)),
            threading.Thread(target=faulter,
                             args=(server.url, failures, deadline, stats, 99)),
            threading.Thread(target=idle,
                             args=(server.url, failures, deadline, stats)),
            threading.Thread(target=health,
                             args=(server.url, failures, deadline, stats)),
        ]
        workers += [threading.Thread(target=hostile, args=(
            server.url, failures, deadline, stats, 100 + i)) for i in range(2)]
        workers += [threading.Thread(target=slow, args=(
            server.url, failures, deadline, stats, 200 + i)) for i in range(2)]
        before = peak = rss_kb(pid)
        for w in workers:
            w.daemon = True
            w.start()
        while any(w.is_alive() for w in workers):
            peak = max(peak, rss_kb(pid))
            time.sleep(0.1)
        # Memory comes back after the burst: within 2x what the server held
        # before it (plus 16 MB of allocator slack) within 5 seconds.
        settle = time.monotonic() + 5
        after = rss_kb(pid)
        while (memory_checks and after > 2 * before + 16 * 1024 and
               time.monotonic() < settle):
            time.sleep(0.1)
            after = rss_kb(pid)
        if memory_checks and after > 2 * before + 16 * 1024:
            failures.add("RSS %d MB 5 s after the burst (%d MB before it)"
                         % (after // 1024, before // 1024))
        balances = final_balances(server.url, failures)
        if sum(balances) != ACCOUNTS * INITIAL or min(balances) < 0:
            failures.add("final balances: total %d, lowest %d"
                         % (sum(balances), min(balances)))
        if memory_checks and peak > RSS_LIMIT_KB:
            failures.add("peak RSS %d MB" % (peak // 1024))
        for needed in ("committed", "audits", "faults", "hostile", "slow",
                       "health"):
            if stats[needed] == 0:
                failures.add("no %s in the phase" % needed)
        print("soak phase (throttle %s, %d s): %s; RSS %d MB before, "
              "%d MB at the peak, %d MB after"
              % ("simulate" if throttle else "off", seconds,
                 ", ".join("%s %d" % kv for kv in stats.items()),
                 before // 1024, peak // 1024, after // 1024))
    if failures:
        for f in failures.items:
            print("FAIL:", f)
        sys.exit(1)


def main():
    install_sigterm_handler()
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--seconds", type=int, default=24)
    parser.add_argument("--no-memory-checks", action="store_true")
    args = parser.parse_args()
    checks = not args.no_memory_checks
    phase(args.binary, args.seconds // 2, False, checks)
    phase(args.binary, args.seconds - args.seconds // 2, True, checks)
    print("soak_test: ok")


if __name__ == "__main__":
    main()
