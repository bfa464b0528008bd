#!/usr/bin/env python3
# Copyright 2026 The eddy Authors.
"""Issue 17 through real clients against the real eddy-server binary.

    python3 gsi_ops_clients_test.py path/to/eddy-server boto3
    python3 gsi_ops_clients_test.py path/to/eddy-server cli

Multi-attribute GSI keys (DynamoDB, late 2025: up to four HASH and four
RANGE attributes per GSI): CreateTable with a 4+4 and a 2+1 key, the key
schema echoed by DescribeTable, writes (sparse membership: an item missing a
key attribute is not in the index), Query with equality on every
partition-key attribute and the sort-key attributes left to right (a prefix
of equalities, then one range condition or begins_with), paging with
Limit and ExclusiveStartKey, and the refusal of a Query that skips a
partition-key attribute. Then the operations added for clients and tools:
DescribeLimits, DescribeEndpoints and the Contributor Insights trio
(Update, Describe, List), with an unknown table's ResourceNotFoundException.
boto3 runs all of it; the AWS CLI (a process per call, about a second
each) runs the core in 8 commands: the tables, one batch, a Query with a
sort-key prefix and a range, and the account operations. The adapters are
tests/server/partiql_clients_test.py's. Fails, never skips, when boto3 or
the CLI is missing.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "server"))
from eddy_server import EddyServer, install_sigterm_handler  # noqa: E402
from partiql_clients_test import Boto3Client, CliClient  # noqa: E402

TABLE = "Tournaments"

# boto3 method names for the operations this test calls.
OPERATIONS = {
    "CreateTable": "create_table",
    "DescribeTable": "describe_table",
    "PutItem": "put_item",
    "BatchWriteItem": "batch_write_item",
    "Query": "query",
    "UpdateTable": "update_table",
    "DescribeLimits": "describe_limits",
    "DescribeEndpoints": "describe_endpoints",
    "UpdateContributorInsights": "update_contributor_insights",
    "DescribeContributorInsights": "describe_contributor_insights",
    "ListContributorInsights": "list_contributor_insights",
}


class Boto3(Boto3Client):
    full = True

    def call(self, operation, **kw):
        return getattr(self.ddb, OPERATIONS[operation])(**kw)


def S(s):
    return {"S": s}


def N(n):
    return {"N": str(n)}


def attr(name, kind="S"):
    return {"AttributeName": name, "AttributeType": kind}


def key(name, kind):
    return {"AttributeName": name, "KeyType": kind}


def match(i):
    """Match i of the tournament: region and season partition it; round,
    bracket and match number order it."""
    return {"id": S("m%03d" % i),
            "tournament": S("WINTER"), "region": S("EU" if i % 2 else "US"),
            "season": N(2025), "division": S("pro"),
            "round": S("R%d" % (i % 4)), "bracket": S("B%d" % (i % 3)),
            "matchNo": N(i), "court": S("C%d" % (i % 5)),
            "player": S("p%d" % (i % 6)), "score": N(100 + i)}


class Cli(CliClient):
    # Each `aws` process costs about a second: the CLI runs the scenario's
    # core in 7 commands (the 4+4 table, one batch, a Query with equality on
    # a sort-key prefix and a range, the account operations); boto3 runs it
    # all.
    full = False


def check(client):
    # A 4+4 GSI and a 2+1 GSI on a table keyed by id alone.
    out = client.call(
        "CreateTable", TableName=TABLE,
        AttributeDefinitions=[
            attr("id"), attr("tournament"), attr("region"),
            attr("season", "N"), attr("division"), attr("round"),
            attr("bracket"), attr("matchNo", "N"), attr("court"),
            attr("player"), attr("score", "N")],
        KeySchema=[key("id", "HASH")],
        GlobalSecondaryIndexes=[
            {"IndexName": "ByBracket",
             "KeySchema": [key("tournament", "HASH"), key("region", "HASH"),
                           key("season", "HASH"), key("division", "HASH"),
                           key("round", "RANGE"), key("bracket", "RANGE"),
                           key("matchNo", "RANGE"), key("court", "RANGE")],
             "Projection": {"ProjectionType": "ALL"}},
            {"IndexName": "ByPlayer",
             "KeySchema": [key("tournament", "HASH"), key("player", "HASH"),
                           key("score", "RANGE")],
             "Projection": {"ProjectionType": "KEYS_ONLY"}}],
        BillingMode="PAY_PER_REQUEST")
    assert out["TableDescription"]["TableStatus"] == "ACTIVE", out
    gsis = {g["IndexName"]: g
            for g in out["TableDescription"]["GlobalSecondaryIndexes"]}
    assert [(k["AttributeName"], k["KeyType"])
            for k in gsis["ByBracket"]["KeySchema"]] == [
        ("tournament", "HASH"), ("region", "HASH"), ("season", "HASH"),
        ("division", "HASH"), ("round", "RANGE"), ("bracket", "RANGE"),
        ("matchNo", "RANGE"), ("court", "RANGE")], gsis["ByBracket"]
    assert len(gsis["ByPlayer"]["KeySchema"]) == 3, gsis["ByPlayer"]

    # 24 matches in two batches; one more without a court: not in ByBracket
    # (sparse: every key attribute must be present), still in ByPlayer.
    items = [match(i) for i in range(24)]
    courtless = match(99)
    del courtless["court"]
    out = client.call("BatchWriteItem", RequestItems={
        TABLE: [{"PutRequest": {"Item": it}} for it in items + [courtless]]})
    assert not out.get("UnprocessedItems"), out

    values = {":t": S("WINTER"), ":r": S("EU"), ":s": N(2025),
              ":d": S("pro")}
    # Names through placeholders: region, season and round are reserved.
    names = {"#t": "tournament", "#r": "region", "#s": "season",
             "#d": "division", "#round": "round"}
    partition = "#t = :t AND #r = :r AND #s = :s AND #d = :d"
    eu = sorted((it for it in items if it["region"]["S"] == "EU"),
                key=lambda it: (it["round"]["S"], it["bracket"]["S"],
                                int(it["matchNo"]["N"]), it["court"]["S"]))
    # Equality on the first two sort-key attributes, a range on the third.
    v = dict(values, **{":round": S("R1"), ":b": S("B1"), ":m": N(10)})
    out = client.call(
        "Query", TableName=TABLE, IndexName="ByBracket",
        KeyConditionExpression=partition + " AND #round = :round AND "
        "bracket = :b AND matchNo > :m",
        ExpressionAttributeNames=names,
        ExpressionAttributeValues=v)
    want = [it["id"]["S"] for it in eu
            if it["round"]["S"] == "R1" and it["bracket"]["S"] == "B1"
            and int(it["matchNo"]["N"]) > 10]
    assert [it["id"]["S"] for it in out["Items"]] == want, (out, want)
    assert want, "the scenario must select something"
    if client.full:
        check_more_queries(client, items, courtless, eu, names, values,
                           partition)
    check_account_operations(client)


def check_more_queries(client, items, courtless, eu, names, values,
                       partition):
    # The whole partition: the 12 EU matches (odd i), in sort-key order
    # (round, then bracket, then matchNo, then court); not the court-less
    # one (sparse: every key attribute must be present).
    out = client.call("Query", TableName=TABLE, IndexName="ByBracket",
                      KeyConditionExpression=partition,
                      ExpressionAttributeNames={
                          k: v for k, v in names.items() if k != "#round"},
                      ExpressionAttributeValues=values)
    assert [it["id"]["S"] for it in out["Items"]] == [
        it["id"]["S"] for it in eu], out["Items"]
    assert out["Count"] == 12, out

    # begins_with on the first sort-key attribute, paged 5 at a time.
    seen, start = [], None
    while True:
        kw = dict(TableName=TABLE, IndexName="ByBracket", Limit=5,
                  KeyConditionExpression=partition +
                  " AND begins_with(#round, :p)",
                  ExpressionAttributeNames=names,
                  ExpressionAttributeValues=dict(values, **{":p": S("R")}))
        if start is not None:
            kw["ExclusiveStartKey"] = start
        out = client.call("Query", **kw)
        seen += [it["id"]["S"] for it in out["Items"]]
        start = out.get("LastEvaluatedKey")
        if start is None:
            break
        # The key names the table's key and every attribute of the index's.
        assert set(start) == {"id", "tournament", "region", "season",
                              "division", "round", "bracket", "matchNo",
                              "court"}, start
    assert seen == [it["id"]["S"] for it in eu], seen

    # The 2+1 index holds the court-less match too (KEYS_ONLY).
    out = client.call(
        "Query", TableName=TABLE, IndexName="ByPlayer",
        KeyConditionExpression="tournament = :t AND player = :p AND "
        "score >= :lo",
        ExpressionAttributeValues={":t": S("WINTER"), ":p": S("p3"),
                                   ":lo": N(0)})
    want = sorted((int(it["score"]["N"]), it["id"]["S"])
                  for it in items + [courtless]
                  if it["player"]["S"] == "p3")
    assert [it["id"]["S"] for it in out["Items"]] == [w[1] for w in want], out
    assert "m099" in [it["id"]["S"] for it in out["Items"]], out
    assert set(out["Items"][0]) == {"id", "tournament", "player", "score"}, \
        out["Items"][0]

    # Every partition-key attribute needs an equality condition.
    client.error("ValidationException", None, "Query", TableName=TABLE,
                 IndexName="ByBracket",
                 KeyConditionExpression="tournament = :t AND #r = :r",
                 ExpressionAttributeNames={"#r": "region"},
                 ExpressionAttributeValues={":t": S("WINTER"),
                                            ":r": S("EU")})



def check_account_operations(client):
    """The operations clients and tools probe."""
    limits = client.call("DescribeLimits")
    for member in ("AccountMaxReadCapacityUnits",
                   "AccountMaxWriteCapacityUnits",
                   "TableMaxReadCapacityUnits",
                   "TableMaxWriteCapacityUnits"):
        assert limits[member] > 0, limits
    endpoints = client.call("DescribeEndpoints")["Endpoints"]
    assert len(endpoints) == 1, endpoints
    assert endpoints[0]["CachePeriodInMinutes"] == 1440, endpoints
    assert endpoints[0]["Address"].startswith("127.0.0.1:") or \
        endpoints[0]["Address"].startswith("localhost:"), endpoints

    if client.full:
        out = client.call("DescribeContributorInsights", TableName=TABLE)
        assert out["ContributorInsightsStatus"] == "DISABLED", out
    out = client.call("UpdateContributorInsights", TableName=TABLE,
                      ContributorInsightsAction="ENABLE")
    assert out["ContributorInsightsStatus"] == "ENABLING", out
    out = client.call("UpdateContributorInsights", TableName=TABLE,
                      IndexName="ByBracket",
                      ContributorInsightsAction="ENABLE")
    assert out["IndexName"] == "ByBracket", out
    out = client.call("ListContributorInsights", TableName=TABLE)
    got = sorted((s["TableName"], s.get("IndexName", ""),
                  s["ContributorInsightsStatus"])
                 for s in out["ContributorInsightsSummaries"])
    assert got == [(TABLE, "", "ENABLED"), (TABLE, "ByBracket", "ENABLED")], \
        out
    if not client.full:
        return
    out = client.call("DescribeContributorInsights", TableName=TABLE)
    assert out["ContributorInsightsStatus"] == "ENABLED", out
    out = client.call("UpdateContributorInsights", TableName=TABLE,
                      IndexName="ByBracket",
                      ContributorInsightsAction="DISABLE")
    assert out["ContributorInsightsStatus"] == "DISABLING", out
    out = client.call("DescribeContributorInsights", TableName=TABLE,
                      IndexName="ByBracket")
    assert out["ContributorInsightsStatus"] == "DISABLED", out
    client.error("ResourceNotFoundException", None,
                 "DescribeContributorInsights", TableName="NoSuchTable")


def main():
    install_sigterm_handler()
    mode = sys.argv[2] if len(sys.argv) > 2 else "boto3"
    with EddyServer(sys.argv[1]) as server:
        check(Boto3(server.url) if mode == "boto3" else Cli(server.url))
    print("OK: multi-attribute GSI keys and the account operations through %s"
          % mode)


if __name__ == "__main__":
    main()
