# Copyright 2026 The eddy Authors.
"""Drive eddy-server's own operations from Python tests.

    from eddy_control import EddyControl, EddyControlError

    eddy = EddyControl("http://127.0.0.1:8000")     # the SDK's endpoint_url
    eddy.inject_fault("ProvisionedThroughputExceeded", operation="PutItem",
                      table_name="orders", count=2)  # next 2 PutItems fail
    eddy.advance_clock(seconds=3600)                 # needs --clock manual
    eddy.clear_faults()

eddy-server serves three operations beside DynamoDB's: EddyInjectFault,
EddyClearFaults and EddyAdvanceClock (README, "Driving eddy from SDK
tests"). This helper POSTs them like any DynamoDB call, with the standard
library only: eddy-server checks the shape and date of the SigV4
Authorization header but never the signature, so a well-formed header with
dummy credentials is enough (no botocore needed; it works next to boto3,
aioboto3 or anything else). The server must be reached over loopback unless
it was started with --allow-remote-control.

Errors: EddyControlError with the DynamoDB-style type and message the
server answered ("ValidationException", "EddyInjectFault: unknown member
\"Opration\"; ..."), or a plain OSError when the server cannot be reached.
"""

import json
import time
import urllib.error
import urllib.request

__all__ = ["EddyControl", "EddyControlError", "FAULT_KINDS"]

FAULT_KINDS = (
    "ProvisionedThroughputExceeded",
    "Throttling",
    "RequestLimitExceeded",
    "InternalServerError",
    "TransactionConflict",
    "Unprocessed",
)


class EddyControlError(Exception):
    """An eddy operation was refused: `type` (e.g. "ValidationException"),
    `message` and the HTTP `status`."""

    def __init__(self, type_, message, status):
        super().__init__("%s: %s" % (type_, message))
        self.type = type_
        self.message = message
        self.status = status


class EddyControl:
    """eddy's own operations against one eddy-server endpoint."""

    def __init__(self, endpoint_url, region="us-east-1", timeout=10.0):
        self.endpoint_url = endpoint_url.rstrip("/") + "/"
        self.region = region
        self.timeout = timeout

    def inject_fault(self, kind, operation=None, table_name=None, key=None,
                     count=1, throttling_reasons=None):
        """Arms a fault: the next `count` calls of `operation` (None: any) on
        `table_name` (None: any), optionally only on the item whose key holds
        `key` (DynamoDB JSON, e.g. {"pk": {"S": "a"}}), fail with `kind`
        (one of FAULT_KINDS). `throttling_reasons` is a list of
        {"reason": ..., "resource": ...} carried by throttles."""
        body = {"Kind": kind, "Count": count}
        if operation is not None:
            body["Operation"] = operation
        if table_name is not None:
            body["TableName"] = table_name
        if key is not None:
            body["Key"] = key
        if throttling_reasons is not None:
            body["ThrottlingReasons"] = list(throttling_reasons)
        self.call("EddyInjectFault", body)

    def clear_faults(self):
        """Disarms every fault."""
        self.call("EddyClearFaults", {})

    def advance_clock(self, seconds=None, micros=None):
        """Moves the server's virtual clock forward (eddy-server --clock
        manual) by `seconds` (a number) or `micros` (an int); returns the new
        time as (ISO 8601 string, microseconds since the epoch)."""
        if (seconds is None) == (micros is None):
            raise ValueError("give exactly one of seconds and micros")
        body = {"Seconds": seconds} if seconds is not None else {
            "Micros": int(micros)}
        answer = self.call("EddyAdvanceClock", body)
        return answer["Now"], answer["NowMicros"]

    def call(self, operation, body):
        """POSTs one operation; returns the decoded JSON answer."""
        now = time.gmtime()
        amz_date = time.strftime("%Y%m%dT%H%M%SZ", now)
        day = amz_date[:8]
        headers = {
            "Content-Type": "application/x-amz-json-1.0",
            "X-Amz-Target": "DynamoDB_20120810." + operation,
            "X-Amz-Date": amz_date,
            # Shape-checked, never verified: dummy credentials.
            "Authorization": (
                "AWS4-HMAC-SHA256 Credential=eddy/%s/%s/dynamodb/aws4_request,"
                " SignedHeaders=content-type;host;x-amz-date;x-amz-target,"
                " Signature=%s" % (day, self.region, "0" * 64)),
        }
        request = urllib.request.Request(
            self.endpoint_url, data=json.dumps(body).encode(),
            headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as r:
                return json.loads(r.read() or b"{}")
        except urllib.error.HTTPError as e:
            payload = e.read()
            try:
                answer = json.loads(payload)
            except ValueError:
                raise EddyControlError("HTTP %d" % e.code,
                                       payload.decode(errors="replace"),
                                       e.code) from None
            type_ = answer.get("__type", "").rsplit("#", 1)[-1]
            message = answer.get("message", answer.get("Message", ""))
            raise EddyControlError(type_, message, e.code) from None
