#!/usr/bin/env python3
# Copyright 2026 The eddy Authors.
"""Peak resident memory of eddy-server reading hostile 17 MB bodies.

By hand, not in CI (issue #26 item 3): for each body shape, a fresh
eddy-server is started, a table made, and the body sent once alone and then
by four clients at once (a fresh server each time); the server's peak
resident size (VmHWM) and each answer's time and error type are printed.

    tools/hostile_rss.py build/test/tools/eddy-server/eddy-server [shape ...]

Shapes: eav_values (one ExpressionAttributeValues of ~1 million values),
eav_nested (one value: a list of ~1.9 million empty strings), ean_names
(~1.4 million ExpressionAttributeNames), key_list (a GetItem Key holding a
list of ~1.9 million empty strings), key_attributes (a Key of ~1 million
attributes), updates_values (~0.7 million AttributeUpdates with values),
filter_in (a ScanFilter IN of ~1.9 million empty strings), parameters
(ExecuteStatement with ~1.9 million Parameters), parameter_list (one
Parameter, a list of ~1.9 million empty strings, compared in a filter),
batch_keys (BatchGetItem: 100
keys of 19,000 empty strings each, every key under the 400 KB bound).
"""

import http.client
import json
import os
import sys
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "tests", "server"))
from eddy_server import EddyServer  # noqa: E402

BODY = 17 * 1024 * 1024 - 4096  # under the default --max-body-bytes
TIMEOUT = int(os.environ.get("HOSTILE_RSS_TIMEOUT", "120"))  # per request


def headers(operation):
    amz_date = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    return {
        "Content-Type": "application/x-amz-json-1.0",
        "X-Amz-Target": "DynamoDB_20120810." + operation,
        "X-Amz-Date": amz_date,
        "Authorization": (
            "AWS4-HMAC-SHA256 Credential=rss/%s/us-east-1/dynamodb/"
            "aws4_request, SignedHeaders=content-type;host;x-amz-date;"
            "x-amz-target, Signature=%s" % (amz_date[:8], "0" * 64)),
    }


def fill(head, piece_of, tail):
    """head + piece_of(0), piece_of(1), ... joined by commas + tail."""
    parts = [head]
    size = len(head) + len(tail)
    i = 0
    while True:
        piece = piece_of(i)
        if size + len(piece) + 1 > BODY:
            break
        parts.append(piece if i == 0 else "," + piece)
        size += len(piece) + (0 if i == 0 else 1)
        i += 1
    parts.append(tail)
    return "".join(parts).encode()


def shapes():
    empty = lambda i: '{"S":""}'  # noqa: E731
    return {
        "eav_values": ("Scan", lambda: fill(
            '{"TableName":"t01","FilterExpression":"a = :v0",'
            '"ExpressionAttributeValues":{',
            lambda i: '":v%d":{"S":""}' % i, "}}")),
        "eav_nested": ("Scan", lambda: fill(
            '{"TableName":"t01","FilterExpression":"a = :v",'
            '"ExpressionAttributeValues":{":v":{"L":[',
            empty, "]}}}")),
        "ean_names": ("Scan", lambda: fill(
            '{"TableName":"t01","ProjectionExpression":"#n0",'
            '"ExpressionAttributeNames":{',
            lambda i: '"#n%d":"a"' % i, "}}")),
        "key_list": ("GetItem", lambda: fill(
            '{"TableName":"t01","Key":{"pk":{"S":"a"},"d":{"L":[',
            empty, "]}}}")),
        "key_attributes": ("GetItem", lambda: fill(
            '{"TableName":"t01","Key":{', lambda i: '"a%d":{"S":""}' % i,
            "}}")),
        "updates_values": ("UpdateItem", lambda: fill(
            '{"TableName":"t01","Key":{"pk":{"S":"a"}},'
            '"AttributeUpdates":{',
            lambda i: '"a%d":{"Value":{"S":""}}' % i, "}}")),
        "filter_in": ("Scan", lambda: fill(
            '{"TableName":"t01","ScanFilter":{"a":{"ComparisonOperator":"IN",'
            '"AttributeValueList":[', empty, "]}}}")),
        "parameters": ("ExecuteStatement", lambda: fill(
            '{"Statement":"SELECT * FROM t01 WHERE pk = ?","Parameters":[',
            empty, "]}")),
        "parameter_list": ("ExecuteStatement", lambda: fill(
            '{"Statement":"SELECT * FROM t01 WHERE a = ?","Parameters":['
            '{"L":[', empty, "]}]}")),
        "batch_keys": ("BatchGetItem", lambda: (
            '{"RequestItems":{"t01":{"Keys":[' + ",".join(
                '{"pk":{"S":"k%d"},"d":{"L":[%s]}}'
                % (k, ",".join(['{"S":""}'] * 19000)) for k in range(100))
            + ']}}}').encode()),
    }


def peak_kb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def send(url, operation, body, out):
    parsed = urllib.parse.urlparse(url)
    conn = http.client.HTTPConnection(parsed.hostname, parsed.port,
                                      timeout=TIMEOUT)
    started = time.monotonic()
    try:
        conn.request("POST", "/", body, headers(operation))
        r = conn.getresponse()
        payload = r.read()
    except TimeoutError:
        out.append((0, "no answer in %d s" % TIMEOUT, TIMEOUT, ""))
        return
    seconds = time.monotonic() - started
    conn.close()
    kind = "OK"
    if r.status != 200:
        kind = json.loads(payload).get("__type", "?").rsplit("#", 1)[-1]
    out.append((r.status, kind, seconds, payload[:110].decode("utf-8")))


def measure(binary, operation, body, clients):
    result = None
    try:
        with EddyServer(binary) as server:
            result = measure_on(server, operation, body, clients)
    except RuntimeError as e:  # a request still running at shutdown
        if result is None:
            raise
        print("    (%s)" % e)
    return result


def measure_on(server, operation, body, clients):
    send(server.url, "CreateTable", json.dumps({
        "TableName": "t01", "BillingMode": "PAY_PER_REQUEST",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "pk",
                                  "AttributeType": "S"}]}).encode(), [])
    before = peak_kb(server.process.pid)
    out = []
    threads = [threading.Thread(target=send, args=(
        server.url, operation, body, out)) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return before, peak_kb(server.process.pid), out


def main():
    binary = sys.argv[1]
    table = shapes()
    for name in sys.argv[2:] or list(table):
        operation, make = table[name]
        body = make()
        for clients in (1, 4):
            before, peak, out = measure(binary, operation, body, clients)
            print("%-15s %.1f MB x%d: peak RSS %4d MB (%d MB at start); "
                  "%s" % (name, len(body) / 2**20, clients, peak // 1024,
                          before // 1024,
                          "; ".join("%d %s %.2f s" % (s, k, t)
                                    for s, k, t, _ in out)))
            if clients == 1:
                print("    " + out[0][3])
            sys.stdout.flush()


if __name__ == "__main__":
    main()
