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
    "BatchWriteItem, Query, Scan, UpdateItem, DeleteTable, three errors)");
}

main().catch((e) => {
  console.error("FAIL:", e);
  stopServer();
  process.exit(1);
});
