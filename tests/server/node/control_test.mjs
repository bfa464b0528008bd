// Copyright 2026 The eddy Authors.
//
// tools/clients/js/eddy-control.mjs against the real eddy-server, with the
// AWS SDK for JavaScript v3 as the application under test would use it.
//
//   node control_test.mjs path/to/eddy-server
//
// Armed faults make the SDK's calls fail with DynamoDB's exceptions; a
// misspelt member is refused; the virtual clock of --clock manual expires a
// TTL item without sleeping.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import {
  CreateTableCommand,
  DynamoDBClient,
  GetItemCommand,
  ProvisionedThroughputExceededException,
  PutItemCommand,
  ScanCommand,
  UpdateTimeToLiveCommand,
} from "@aws-sdk/client-dynamodb";
import { EddyControl, EddyControlError } from
  "../../../tools/clients/js/eddy-control.mjs";

const binary = process.argv[2];
if (!binary) {
  console.error("usage: node control_test.mjs path/to/eddy-server");
  process.exit(2);
}

const servers = [];
function stopServers() {
  for (const s of servers) {
    if (s.exitCode === null && s.signalCode === null) s.kill("SIGTERM");
  }
}
process.on("exit", stopServers);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopServers();
    process.exit(1);
  });
}

function startServer(...args) {
  return new Promise((resolve, reject) => {
    const server = spawn(binary, ["--port", "0", ...args], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    servers.push(server);
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

function sdk(endpoint) {
  return new DynamoDBClient({
    endpoint,
    region: "us-east-1",
    credentials: { accessKeyId: "x", secretAccessKey: "x" },
    maxAttempts: 1,
  });
}

async function expectControlError(promise, type, text) {
  try {
    await promise;
  } catch (e) {
    assert.ok(e instanceof EddyControlError, `${e}`);
    assert.equal(e.type, type);
    assert.ok(e.detail.includes(text), `${e.detail} lacks ${text}`);
    assert.equal(e.status, 400);
    return;
  }
  assert.fail(`expected ${type}`);
}

async function createTable(client, name) {
  await client.send(new CreateTableCommand({
    TableName: name,
    BillingMode: "PAY_PER_REQUEST",
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
  }));
}

async function testFaults(endpoint) {
  const client = sdk(endpoint);
  const eddy = new EddyControl(endpoint);
  await createTable(client, "orders");
  await eddy.injectFault("ProvisionedThroughputExceeded",
                         { operation: "PutItem", tableName: "orders", count: 2 });
  const put = new PutItemCommand({ TableName: "orders", Item: { pk: { S: "a" } } });
  for (let i = 0; i < 2; ++i) {
    await assert.rejects(client.send(put), ProvisionedThroughputExceededException);
  }
  await client.send(put);  // the third succeeds
  await expectControlError(
    eddy.call("EddyInjectFault", { Kind: "Throttling", Opration: "PutItem" }),
    "ValidationException", 'unknown member "Opration"');
  await client.send(put);  // nothing was armed
  await expectControlError(eddy.injectFault("Throttling", { count: 0 }),
                           "ValidationException", "Count must be a whole number");
  await expectControlError(eddy.advanceClock({ seconds: 1 }),
                           "ValidationException", "--clock manual");
  await eddy.injectFault("Throttling", { count: 3 });
  await eddy.clearFaults();
  await client.send(put);
}

async function testManualClock(endpoint) {
  const client = sdk(endpoint);
  const eddy = new EddyControl(endpoint);
  await createTable(client, "sessions");
  await client.send(new UpdateTimeToLiveCommand({
    TableName: "sessions",
    TimeToLiveSpecification: { Enabled: true, AttributeName: "expires" },
  }));
  const start = await eddy.advanceClock({ seconds: 0 });
  const now = Math.floor(start.nowMicros / 1e6);
  await client.send(new PutItemCommand({
    TableName: "sessions",
    Item: { pk: { S: "short" }, expires: { N: String(now + 60) } },
  }));
  const later = await eddy.advanceClock({ seconds: 3600 });
  assert.equal(later.nowMicros - start.nowMicros, 3600e6);
  const get = new GetItemCommand({ TableName: "sessions", Key: { pk: { S: "x" } } });
  await client.send(get);
  await eddy.advanceClock({ micros: 2000000 });
  await client.send(get);
  const scan = await client.send(new ScanCommand({ TableName: "sessions" }));
  assert.equal(scan.Count, 0);
}

async function main() {
  await testFaults(await startServer());
  await testManualClock(await startServer("--clock", "manual"));
  console.log("control_test.mjs: ok");
}

main().then(() => {
  stopServers();
}, (e) => {
  console.error(e);
  stopServers();
  process.exit(1);
});
