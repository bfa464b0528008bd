// Copyright 2026 The eddy Authors.
//
// The AWS SDK for JavaScript v3 (@aws-sdk/client-dynamodb, pinned in
// package.json) against the real eddy-server binary, unchanged.
//
//   node sdk_test.mjs path/to/eddy-server
//
// Starts the server with --port 0, reads the port from its ready line, runs
// the calls, and always stops the server (finally, exit and signal handlers).

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { Readable } from "node:stream";
import { gunzipSync, gzipSync } from "node:zlib";
import {
  BatchWriteItemCommand,
  ConditionalCheckFailedException,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  ResourceNotFoundException,
  ScanCommand,
  UpdateItemCommand,
} from "@aws-sdk/client-dynamodb";

const binary = process.argv[2];
if (!binary) {
  console.error("usage: node sdk_test.mjs path/to/eddy-server");
  process.exit(2);
}

let server = null;
function stopServer() {
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill("SIGTERM");
  }
}
process.on("exit", stopServer);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopServer();
    process.exit(1);
  });
}

function startServer() {
  return new Promise((resolve, reject) => {
    server = spawn(binary, ["--port", "0"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    const timer = setTimeout(
      () => reject(new Error("eddy-server printed no ready line")), 30000);
    server.stdout.on("data", (chunk) => {
      out += chunk;
      const newline = out.indexOf("\n");
      if (newline < 0) return;
      clearTimeout(timer);
      const m = /^eddy-server listening on (http:\/\/\S+)$/.exec(
        out.slice(0, newline));
      if (m) resolve(m[1]);
      else reject(new Error(`unexpected ready line: ${out}`));
    });
    server.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`eddy-server exited early with ${code}`));
    });
  });
}

async function expectError(promise, errorClass, name, message) {
  try {
    await promise;
  } catch (e) {
    if (errorClass) assert.ok(e instanceof errorClass, `${e.name}: ${e}`);
    assert.equal(e.name, name);
    if (message !== undefined) assert.equal(e.message, message);
    assert.equal(e.$metadata.httpStatusCode, 400);
    assert.equal(e.$metadata.requestId.length, 52);
    return;
  }
  assert.fail(`expected ${name}`);
}

// The JS SDK has no request compression for DynamoDB (its model has no
// requestCompression trait), so this middleware does what an SDK that
// compresses would: gzip the body before it is signed, ask for gzip
// answers, and gunzip them before the SDK parses them. It counts both.
function addGzip(client, counts) {
  client.middlewareStack.add((next) => async (args) => {
    const req = args.request;
    // The serialized JSON: a string, a string-like adapter, or bytes.
    // (Bytes are copied by their buffer: Buffer.from(adapter) would call its
    // string-returning valueOf.)
    const plain = req.body instanceof Uint8Array
      ? Buffer.from(req.body.buffer, req.body.byteOffset, req.body.byteLength)
      : req.body != null ? Buffer.from(String(req.body)) : null;
    if (plain && plain.length > 0) {
      const zipped = gzipSync(plain);
      req.body = zipped;
      req.headers["content-encoding"] = "gzip";
      req.headers["content-length"] = String(zipped.length);
      counts.requests += 1;
    }
    req.headers["accept-encoding"] = "gzip";
    return next(args);
  }, { step: "build", name: "eddyGzipRequest", priority: "low" });
  client.middlewareStack.add((next) => async (args) => {
    const result = await next(args);
    const res = result.response;
    if (res.headers["content-encoding"] === "gzip") {
      const chunks = [];
      for await (const chunk of res.body) chunks.push(chunk);
      const raw = Buffer.concat(chunks);
      const plain = gunzipSync(raw);
      res.body = Readable.from([plain]);
      delete res.headers["content-encoding"];
      counts.responses += 1;
      counts.crcOk += Number(res.headers["x-amz-crc32"] === String(crc32(raw)));
    }
    return result;
  }, { step: "deserialize", name: "eddyGunzipResponse", priority: "low" });
}

// CRC-32 (IEEE), as in x-amz-crc32.
function crc32(buf) {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; ++k) c = (c >>> 1) ^ (0xEDB88320 & -(c & 1));
  }
  return (~c) >>> 0;
}

async function main() {
  const endpoint = await startServer();
  const client = new DynamoDBClient({
    endpoint,
    region: "us-west-2",
    credentials: { accessKeyId: "AKIDEDDYTEST", secretAccessKey: "x" },
    maxAttempts: 1,
  });
  try {
    const created = await client.send(new CreateTableCommand({
      TableName: "events",
      AttributeDefinitions: [
        { AttributeName: "pk", AttributeType: "S" },
        { AttributeName: "sk", AttributeType: "N" },
      ],
      KeySchema: [
        { AttributeName: "pk", KeyType: "HASH" },
        { AttributeName: "sk", KeyType: "RANGE" },
      ],
      BillingMode: "PAY_PER_REQUEST",
    }));
    assert.equal(created.TableDescription.TableStatus, "ACTIVE");

    await client.send(new PutItemCommand({
      TableName: "events",
      Item: { pk: { S: "e#1" }, sk: { N: "1" }, body: { S: "hello" } },
    }));
    const got = await client.send(new GetItemCommand({
      TableName: "events", Key: { pk: { S: "e#1" }, sk: { N: "1" } },
    }));
    assert.deepEqual(got.Item.body, { S: "hello" });
    assert.equal(got.$metadata.httpStatusCode, 200);
    assert.equal(got.$metadata.requestId.length, 52);

    const writes = [];
    for (let i = 2; i <= 26; ++i) {
      writes.push({ PutRequest: { Item: { pk: { S: "e#1" }, sk: { N: `${i}` } } } });
    }
    const batch = await client.send(new BatchWriteItemCommand({
      RequestItems: { events: writes },
    }));
    assert.deepEqual(batch.UnprocessedItems ?? {}, {});

    const q = await client.send(new QueryCommand({
      TableName: "events",
      KeyConditionExpression: "pk = :p AND sk > :s",
      ExpressionAttributeValues: { ":p": { S: "e#1" }, ":s": { N: "20" } },
    }));
    assert.deepEqual(q.Items.map((i) => Number(i.sk.N)), [21, 22, 23, 24, 25, 26]);

    const scan = await client.send(new ScanCommand({ TableName: "events", Select: "COUNT" }));
    assert.equal(scan.Count, 26);

    const updated = await client.send(new UpdateItemCommand({
      TableName: "events",
      Key: { pk: { S: "e#1" }, sk: { N: "1" } },
      UpdateExpression: "SET seen = if_not_exists(seen, :z) + :one",
      ExpressionAttributeValues: { ":z": { N: "0" }, ":one": { N: "1" } },
      ReturnValues: "UPDATED_NEW",
    }));
    assert.deepEqual(updated.Attributes, { seen: { N: "1" } });

    await expectError(client.send(new PutItemCommand({
      TableName: "events",
      Item: { pk: { S: "e#1" }, sk: { N: "1" } },
      ConditionExpression: "attribute_not_exists(pk)",
    })), ConditionalCheckFailedException, "ConditionalCheckFailedException",
    "The conditional request failed");
    await expectError(client.send(new DescribeTableCommand({ TableName: "nope" })),
      ResourceNotFoundException, "ResourceNotFoundException",
      "Requested resource not found: Table: nope not found");
    await expectError(client.send(new GetItemCommand({
      TableName: "events", Key: { pk: { S: "e#1" } },
    })), null, "ValidationException",
    "The provided key element does not match the schema");

    // Compressed requests and responses through the SDK's own pipeline.
    const counts = { requests: 0, responses: 0, crcOk: 0 };
    const zclient = new DynamoDBClient({
      endpoint,
      region: "us-west-2",
      credentials: { accessKeyId: "AKIDEDDYTEST", secretAccessKey: "x" },
      maxAttempts: 1,
    });
    addGzip(zclient, counts);
    const big = "z".repeat(20000);
    await zclient.send(new PutItemCommand({
      TableName: "events",
      Item: { pk: { S: "e#gz" }, sk: { N: "1" }, big: { S: big } },
    }));
    const plainGet = await client.send(new GetItemCommand({
      TableName: "events", Key: { pk: { S: "e#gz" }, sk: { N: "1" } },
    }));
    assert.equal(plainGet.Item.big.S, big);
    const zipped = await zclient.send(new GetItemCommand({
      TableName: "events", Key: { pk: { S: "e#gz" }, sk: { N: "1" } },
    }));
    assert.equal(zipped.Item.big.S, big);
    assert.equal(counts.requests, 2);
    assert.equal(counts.responses, 1);  // the PutItem answer ({}) is small
    assert.equal(counts.crcOk, 1, "x-amz-crc32 covers the gzip bytes");
    zclient.destroy();

    await client.send(new DeleteTableCommand({ TableName: "events" }));
    await expectError(client.send(new GetItemCommand({
      TableName: "events", Key: { pk: { S: "e#1" }, sk: { N: "1" } },
    })), ResourceNotFoundException, "ResourceNotFoundException",
    "Requested resource not found");
  } finally {
    client.destroy();
    stopServer();
  }
  const code = await new Promise((resolve) => {
    if (server.exitCode !== null) resolve(server.exitCode);
    else server.on("exit", (c) => resolve(c));
  });
  assert.equal(code, 0, "eddy-server must exit 0 on SIGTERM");
  console.log("PASS: AWS SDK for JavaScript v3 (CreateTable, PutItem, GetItem, " +
    "BatchWriteItem, Query, Scan, UpdateItem, DeleteTable, three errors, " +
    "gzip requests and responses)");
}

main().catch((e) => {
  console.error("FAIL:", e);
  stopServer();
  process.exit(1);
});
