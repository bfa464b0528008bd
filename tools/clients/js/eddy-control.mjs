// Copyright 2026 The eddy Authors.
//
// Drive eddy-server's own operations from JavaScript tests (Node.js >= 18,
// no dependencies: the built-in fetch).
//
//   import { EddyControl } from "./eddy-control.mjs";
//   const eddy = new EddyControl("http://127.0.0.1:8000");  // SDK endpoint
//   await eddy.injectFault("ProvisionedThroughputExceeded",
//                          { operation: "PutItem", tableName: "orders", count: 2 });
//   await eddy.advanceClock({ seconds: 3600 });   // needs --clock manual
//   await eddy.clearFaults();
//
// eddy-server serves EddyInjectFault, EddyClearFaults and EddyAdvanceClock
// beside DynamoDB's operations (README, "Driving eddy from SDK tests"). They
// are POSTed like any DynamoDB call; eddy-server checks the shape and date of
// the SigV4 Authorization header, never the signature, so a well-formed
// header with dummy credentials is enough. The server must be reached over
// loopback unless started with --allow-remote-control.
//
// Errors: an EddyControlError with the server's `type`
// ("ValidationException"), `message` and HTTP `status`.

export const FAULT_KINDS = Object.freeze([
  "ProvisionedThroughputExceeded",
  "Throttling",
  "RequestLimitExceeded",
  "InternalServerError",
  "TransactionConflict",
  "Unprocessed",
]);

export class EddyControlError extends Error {
  constructor(type, message, status) {
    super(`${type}: ${message}`);
    this.name = "EddyControlError";
    this.type = type;
    this.status = status;
    this.detail = message;
  }
}

export class EddyControl {
  constructor(endpoint, { region = "us-east-1" } = {}) {
    this.endpoint = endpoint.replace(/\/+$/, "") + "/";
    this.region = region;
  }

  // Arms a fault: the next `count` calls of `operation` (undefined: any) on
  // `tableName` (undefined: any), optionally only on the item whose key holds
  // `key` (DynamoDB JSON), fail with `kind` (one of FAULT_KINDS).
  async injectFault(kind, { operation, tableName, key, count = 1,
                            throttlingReasons } = {}) {
    const body = { Kind: kind, Count: count };
    if (operation !== undefined) body.Operation = operation;
    if (tableName !== undefined) body.TableName = tableName;
    if (key !== undefined) body.Key = key;
    if (throttlingReasons !== undefined) body.ThrottlingReasons = throttlingReasons;
    await this.call("EddyInjectFault", body);
  }

  // Disarms every fault.
  async clearFaults() {
    await this.call("EddyClearFaults", {});
  }

  // Moves the server's virtual clock (eddy-server --clock manual) forward by
  // `seconds` or `micros`; resolves to { now: ISO string, nowMicros }.
  async advanceClock({ seconds, micros } = {}) {
    if ((seconds === undefined) === (micros === undefined)) {
      throw new TypeError("give exactly one of seconds and micros");
    }
    const answer = await this.call(
      "EddyAdvanceClock",
      seconds !== undefined ? { Seconds: seconds } : { Micros: micros });
    return { now: answer.Now, nowMicros: answer.NowMicros };
  }

  // POSTs one operation; resolves to the decoded JSON answer.
  async call(operation, body) {
    const amzDate = new Date().toISOString().replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "");
    const day = amzDate.slice(0, 8);
    const response = await fetch(this.endpoint, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-amz-json-1.0",
        "X-Amz-Target": `DynamoDB_20120810.${operation}`,
        "X-Amz-Date": amzDate,
        // Shape-checked, never verified: dummy credentials.
        Authorization:
          `AWS4-HMAC-SHA256 Credential=eddy/${day}/${this.region}/dynamodb/` +
          "aws4_request, SignedHeaders=content-type;host;x-amz-date;" +
          `x-amz-target, Signature=${"0".repeat(64)}`,
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    let answer;
    try {
      answer = text ? JSON.parse(text) : {};
    } catch {
      throw new EddyControlError(`HTTP ${response.status}`, text, response.status);
    }
    if (!response.ok) {
      const type = String(answer.__type ?? "").split("#").pop();
      throw new EddyControlError(type, answer.message ?? answer.Message ?? "",
                                 response.status);
    }
    return answer;
  }
}
