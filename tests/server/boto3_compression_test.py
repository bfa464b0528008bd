#!/usr/bin/env python3
# Copyright 2026 The eddy Authors.
"""boto3 with compressed requests and responses against the real eddy-server.

    python3 boto3_compression_test.py path/to/eddy-server

botocore compresses a request body (gzip, Content-Encoding: gzip) when the
operation's model carries the `requestcompression` trait and the body is at
least `request_min_compression_size_bytes`. DynamoDB's model carries it on no
operation, so boto3 never compresses DynamoDB requests by itself; this test
adds the trait to the loaded model (as ScyllaDB's Alternator tests do against
DynamoDB) so that botocore's own compression code sends them.

botocore never decodes a compressed response: it checks x-amz-crc32 against
the raw bytes (retryhandler.CRC32Checker / retries.special) and then parses
them. The test asks for gzip with a signed Accept-Encoding header and gunzips
in a before-parse hook, so a passing call proves the CRC covered the
compressed bytes (with max_attempts 1 a mismatch raises ChecksumError).
"""

import gzip
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from eddy_server import EddyServer, install_sigterm_handler  # noqa: E402

try:
    import boto3
    from botocore.config import Config
except ImportError:
    sys.exit("FAIL: boto3 is not installed for %s" % sys.executable)


def compressing_client(url, min_bytes):
    # A session of its own: the loaded model is shared within a session.
    client = boto3.session.Session().client(
        "dynamodb", endpoint_url=url, region_name="us-east-1",
        aws_access_key_id="AKIDEDDYTEST", aws_secret_access_key="x",
        config=Config(retries={"max_attempts": 1, "mode": "standard"},
                      disable_request_compression=False,
                      request_min_compression_size_bytes=min_bytes))
    # (Read the raw model: OperationModel caches request_compression.)
    operations = client.meta.service_model._service_description["operations"]
    assert all("requestcompression" not in op for op in operations.values()), \
        "botocore's DynamoDB model now compresses by itself: drop the trick"
    for op in operations.values():
        op["requestcompression"] = {"encodings": ["gzip"]}
    return client


def main():
    install_sigterm_handler()
    with EddyServer(sys.argv[1]) as server:
        seen = {"sent_gzip": 0, "got_gzip": 0}

        def count_request(request, **_):
            if request.headers.get("Content-Encoding") in ("gzip", b"gzip"):
                # The body on the wire really is gzip.
                assert gzip.decompress(request.body).startswith(b"{")
                seen["sent_gzip"] += 1

        client = compressing_client(server.url, min_bytes=1)
        client.meta.events.register("before-send.dynamodb", count_request)
        assert client.meta.service_model.operation_model(
            "PutItem").request_compression is not None

        client.create_table(
            TableName="zipped",
            AttributeDefinitions=[{"AttributeName": "pk",
                                   "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
            BillingMode="PAY_PER_REQUEST")
        big = "b" * 30000
        client.put_item(TableName="zipped",
                        Item={"pk": {"S": "k1"}, "big": {"S": big}})
        got = client.get_item(TableName="zipped", Key={"pk": {"S": "k1"}})
        assert got["Item"]["big"]["S"] == big
        assert seen["sent_gzip"] == 3, seen  # every request, 1-byte minimum

        # The default minimum (10 KiB): small requests go plain, big ones
        # compressed.
        seen["sent_gzip"] = 0
        default_min = compressing_client(server.url, min_bytes=10240)
        default_min.meta.events.register("before-send.dynamodb",
                                         count_request)
        default_min.get_item(TableName="zipped", Key={"pk": {"S": "k1"}})
        assert seen["sent_gzip"] == 0, seen
        default_min.put_item(TableName="zipped",
                             Item={"pk": {"S": "k2"}, "big": {"S": big}})
        assert seen["sent_gzip"] == 1, seen

        # Compressed answers: Accept-Encoding is added before signing; the
        # answer is gunzipped before botocore parses it.
        def accept_gzip(params, **_):
            params["headers"]["Accept-Encoding"] = "gzip"

        def gunzip(response_dict, **_):
            if response_dict["headers"].get("Content-Encoding") == "gzip":
                response_dict["body"] = gzip.decompress(response_dict["body"])
                seen["got_gzip"] += 1

        client.meta.events.register("before-call.dynamodb", accept_gzip)
        client.meta.events.register("before-parse.dynamodb", gunzip)
        got = client.get_item(TableName="zipped", Key={"pk": {"S": "k2"}})
        assert got["Item"]["big"]["S"] == big
        assert seen["got_gzip"] == 1, seen
        items = client.scan(TableName="zipped")["Items"]
        assert sorted(i["pk"]["S"] for i in items) == ["k1", "k2"]
        assert seen["got_gzip"] == 2, seen
        # A small answer is not compressed.
        client.describe_table(TableName="zipped")
        assert seen["got_gzip"] == 2, seen
        client.delete_table(TableName="zipped")
    print("PASS: boto3 compression (botocore's gzip request compression at "
          "1 B and 10 KiB minimums, gzip answers with x-amz-crc32 over the "
          "compressed bytes)")


if __name__ == "__main__":
    main()
