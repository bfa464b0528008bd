#!/usr/bin/env python3
# Copyright 2026 The eddy Authors.
"""The server_bench workload against any DynamoDB-compatible endpoint.

GetItem (random of N items), PutItem (overwrite, ~200 B) and a 40-item
Query, with 1 and 16 keep-alive connections, reporting requests/s and
p50/p99 round trip. Requests are SigV4-signed by botocore (dummy
credentials unless AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY are set) and sent
with http.client, one process per connection (no GIL between connections).

    bench/endpoint_load.py --endpoint http://localhost:8000        # DynamoDB Local, ...
    bench/endpoint_load.py --eddy-server build/dev/tools/eddy-server/eddy-server
    bench/endpoint_load.py --endpoint http://127.0.0.1:4566 --seconds 5

It creates a PAY_PER_REQUEST table (default name eddy_endpoint_load_<pid>),
loads it, runs the workload and deletes the table. The client costs tens of
microseconds per request itself, so compare endpoints with each other under
this script, not with server_bench's C++ client. Never point it at a real
AWS account you do not mean to pay for.
"""

import argparse
import http.client
import json
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import time
import urllib.parse

from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials

QUERY_ITEMS = 40


def item(pk, sk):
    return {"pk": {"S": pk}, "sk": {"S": sk},
            "model": {"S": "Sea Eagle 370 Pro, tandem"},
            "price": {"N": "79.99"}, "capacity": {"N": "3"},
            "available": {"BOOL": True},
            "notes": {"S": "Rinse with fresh water after each rental."}}


class Connection:
    """One keep-alive connection that signs and sends DynamoDB requests."""

    def __init__(self, endpoint, region):
        self.url = urllib.parse.urlsplit(endpoint)
        self.endpoint = endpoint
        self.region = region
        self.credentials = Credentials(
            os.environ.get("AWS_ACCESS_KEY_ID", "AKIDENDPOINTLOAD"),
            os.environ.get("AWS_SECRET_ACCESS_KEY", "dummy"),
            os.environ.get("AWS_SESSION_TOKEN"))
        cls = (http.client.HTTPSConnection if self.url.scheme == "https"
               else http.client.HTTPConnection)
        self.conn = cls(self.url.hostname, self.url.port, timeout=30)

    def call(self, operation, payload):
        body = json.dumps(payload)
        request = AWSRequest(
            method="POST", url=self.endpoint, data=body,
            headers={"Content-Type": "application/x-amz-json-1.0",
                     "X-Amz-Target": "DynamoDB_20120810." + operation})
        SigV4Auth(self.credentials, "dynamodb", self.region).add_auth(request)
        self.conn.request("POST", self.url.path or "/", body=body,
                          headers=dict(request.headers.items()))
        response = self.conn.getresponse()
        data = response.read()
        if response.status != 200:
            raise RuntimeError("%s: %d %s" % (operation, response.status,
                                              data[:300]))
        return json.loads(data)


def make_request(kind, table, items, rng):
    if kind == "GetItem":
        i = rng.randrange(items)
        return "GetItem", {"TableName": table,
                           "Key": {"pk": {"S": "item#%d" % i},
                                   "sk": {"S": "0"}}}
    if kind == "PutItem":
        i = rng.randrange(items)
        return "PutItem", {"TableName": table,
                           "Item": item("item#%d" % i, "0")}
    return "Query", {"TableName": table, "KeyConditionExpression": "pk = :p",
                     "ExpressionAttributeValues": {":p": {"S": "query#0"}}}


def worker(args):
    endpoint, region, table, items, kind, seconds, seed, start_at = args
    conn = Connection(endpoint, region)
    rng = random.Random(seed)
    for _ in range(20):  # warm-up
        conn.call(*make_request(kind, table, items, rng))
    while time.time() < start_at:
        time.sleep(0.001)
    stop = time.perf_counter() + seconds
    latencies = []
    while True:
        operation, payload = make_request(kind, table, items, rng)
        t0 = time.perf_counter()
        conn.call(operation, payload)
        t1 = time.perf_counter()
        if t1 >= stop:
            break
        latencies.append(t1 - t0)
    return latencies


def run(endpoint, region, table, items, kind, connections, seconds):
    start_at = time.time() + 0.5 + 0.05 * connections
    jobs = [(endpoint, region, table, items, kind, seconds, c + 1, start_at)
            for c in range(connections)]
    with multiprocessing.get_context("fork").Pool(connections) as pool:
        results = pool.map(worker, jobs)
    all_latencies = sorted(x for r in results for x in r)
    n = len(all_latencies)
    return (n / seconds, all_latencies[n // 2] * 1e6,
            all_latencies[min(n - 1, n * 99 // 100)] * 1e6)


def load_table(conn, table, items):
    conn.call("CreateTable", {
        "TableName": table, "BillingMode": "PAY_PER_REQUEST",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                      {"AttributeName": "sk", "KeyType": "RANGE"}],
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                                 {"AttributeName": "sk", "AttributeType": "S"}]})
    for _ in range(600):  # wait for ACTIVE (DynamoDB Local/AWS take a while)
        status = conn.call("DescribeTable", {"TableName": table})
        if status["Table"]["TableStatus"] == "ACTIVE":
            break
        time.sleep(0.1)
    todo = [item("item#%d" % i, "0") for i in range(items)]
    todo += [item("query#0", "%04d" % i) for i in range(QUERY_ITEMS)]
    for start in range(0, len(todo), 25):
        requests = [{"PutRequest": {"Item": it}}
                    for it in todo[start:start + 25]]
        while requests:
            out = conn.call("BatchWriteItem", {"RequestItems": {table: requests}})
            requests = out.get("UnprocessedItems", {}).get(table, [])


def start_eddy_server(binary):
    process = subprocess.Popen([binary, "--port", "0"], stdout=subprocess.PIPE)
    line = process.stdout.readline().decode().strip()
    return process, line.rsplit(" ", 1)[-1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    target = parser.add_mutually_exclusive_group(required=True)
    target.add_argument("--endpoint", help="endpoint URL, e.g. http://localhost:8000")
    target.add_argument("--eddy-server", help="start this eddy-server binary and use it")
    parser.add_argument("--region", default="us-east-1")
    parser.add_argument("--table", default="eddy_endpoint_load_%d" % os.getpid())
    parser.add_argument("--items", type=int, default=10000)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--connections", default="1,16")
    args = parser.parse_args()

    server = None
    endpoint = args.endpoint
    if args.eddy_server:
        server, endpoint = start_eddy_server(args.eddy_server)
    try:
        conn = Connection(endpoint, args.region)
        load_table(conn, args.table, args.items)
        print("endpoint %s, %d items, %.1f s per row\n" % (
            endpoint, args.items, args.seconds))
        print("| workload | connections | req/s | p50 us | p99 us |")
        print("|---|---|---|---|---|")
        for connections in [int(c) for c in args.connections.split(",")]:
            for kind, label in (("GetItem", "GetItem"),
                                ("PutItem", "PutItem (~200 B)"),
                                ("Query", "Query (40 items)")):
                rps, p50, p99 = run(endpoint, args.region, args.table,
                                    args.items, kind, connections,
                                    args.seconds)
                print("| %s | %d | %.0f | %.0f | %.0f |" % (
                    label, connections, rps, p50, p99), flush=True)
        conn.call("DeleteTable", {"TableName": args.table})
    finally:
        if server is not None:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
