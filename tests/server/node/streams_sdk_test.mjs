// Copyright 2026 The eddy Authors.
//
// @aws-sdk/client-dynamodb-streams (pinned in package.json) against the real
// eddy-server binary: INSERT / MODIFY / REMOVE with the right images, and a
// consumer that walks the shard lineage across a split forced with eddy's
// EddySplitPartition.
//
//   node streams_sdk_test.mjs path/to/eddy-server

import assert from "node:assert/strict";
import {
  CreateTableCommand,
  DeleteItemCommand,
  DynamoDBClient,
  PutItemCommand,
  UpdateItemCommand,
  UpdateTableCommand,
} from "@aws-sdk/client-dynamodb";
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  ListStreamsCommand,
  ResourceNotFoundException,
} from "@aws-sdk/client-dynamodb-streams";

import { startServer } from "./eddy_server.mjs";

const binary = process.argv[2];
if (!binary) {
  console.error("usage: node streams_sdk_test.mjs path/to/eddy-server");
  process.exit(2);
}

// eddy's own operation: no SDK knows it. The server checks the SigV4
// header's shape and date, never the signature.
async function eddyCall(url, operation, body) {
  const now = new Date().toISOString().replace(/[-:]/g, "").replace(/\.\d+/, "");
  const day = now.slice(0, 8);
  const res = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/x-amz-json-1.0",
      "x-amz-target": `DynamoDB_20120810.${operation}`,
      "x-amz-date": now,
      authorization:
        `AWS4-HMAC-SHA256 Credential=AKIDEDDYTEST/${day}/us-east-1/dynamodb/` +
        `aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-target, ` +
        `Signature=${"0".repeat(64)}`,
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  assert.equal(res.status, 200, text);
  return JSON.parse(text);
}

async function readShard(streams, arn, shardId) {
  const { ShardIterator } = await streams.send(new GetShardIteratorCommand({
    StreamArn: arn, ShardId: shardId, ShardIteratorType: "TRIM_HORIZON",
  }));
  let it = ShardIterator;
  const records = [];
  let closed = false;
  while (it) {
    const page = await streams.send(new GetRecordsCommand({ ShardIterator: it }));
    records.push(...page.Records);
    it = page.NextShardIterator;
    if (!it) closed = true;
    if (page.Records.length === 0) break;
  }
  return { records, closed };
}

async function main() {
  const url = await startServer(binary);
  const config = {
    endpoint: url,
    region: "us-east-1",
    credentials: { accessKeyId: "AKIDEDDYTEST", secretAccessKey: "x" },
    maxAttempts: 1,
  };
  const ddb = new DynamoDBClient(config);
  const streams = new DynamoDBStreamsClient(config);

  const created = await ddb.send(new CreateTableCommand({
    TableName: "events",
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
    ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 5 },
    StreamSpecification: { StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES" },
  }));
  const arn = created.TableDescription.LatestStreamArn;
  assert.deepEqual(created.TableDescription.StreamSpecification,
    { StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES" });

  await ddb.send(new PutItemCommand({
    TableName: "events", Item: { pk: { S: "a" }, n: { N: "1" } },
  }));
  await ddb.send(new UpdateItemCommand({
    TableName: "events", Key: { pk: { S: "a" } },
    UpdateExpression: "SET n = :n",
    ExpressionAttributeValues: { ":n": { N: "2" } },
  }));
  await ddb.send(new DeleteItemCommand({
    TableName: "events", Key: { pk: { S: "a" } },
  }));

  const listed = await streams.send(new ListStreamsCommand({ TableName: "events" }));
  assert.deepEqual(listed.Streams.map((s) => s.StreamArn), [arn]);
  const desc = (await streams.send(new DescribeStreamCommand({ StreamArn: arn })))
    .StreamDescription;
  assert.equal(desc.StreamStatus, "ENABLED");
  assert.ok(desc.CreationRequestDateTime instanceof Date);
  assert.equal(desc.Shards.length, 1);
  const { records } = await readShard(streams, arn, desc.Shards[0].ShardId);
  assert.deepEqual(records.map((r) => r.eventName), ["INSERT", "MODIFY", "REMOVE"]);
  assert.deepEqual(records[0].dynamodb.NewImage, { pk: { S: "a" }, n: { N: "1" } });
  assert.equal(records[0].dynamodb.OldImage, undefined);
  assert.deepEqual(records[1].dynamodb.OldImage, { pk: { S: "a" }, n: { N: "1" } });
  assert.deepEqual(records[1].dynamodb.NewImage, { pk: { S: "a" }, n: { N: "2" } });
  assert.deepEqual(records[2].dynamodb.OldImage, { pk: { S: "a" }, n: { N: "2" } });
  assert.equal(records[2].dynamodb.NewImage, undefined);
  for (const r of records) {
    assert.equal(r.eventSource, "aws:dynamodb");
    assert.equal(r.eventVersion, "1.1");
    assert.ok(r.dynamodb.ApproximateCreationDateTime instanceof Date);
    assert.ok(r.dynamodb.SizeBytes > 0);
    assert.match(r.dynamodb.SequenceNumber, /^\d{21,40}$/);
    assert.match(r.eventID, /^[0-9a-f]{32}$/);
  }

  // Lineage across a forced split.
  for (let i = 0; i < 20; i++) {
    await ddb.send(new PutItemCommand({
      TableName: "events", Item: { pk: { S: `k${i}` }, v: { N: "0" } },
    }));
  }
  const split = await eddyCall(url, "EddySplitPartition", { TableName: "events" });
  assert.equal(split.Partitions.length, 2);
  for (let i = 0; i < 20; i++) {
    await ddb.send(new PutItemCommand({
      TableName: "events", Item: { pk: { S: `k${i}` }, v: { N: "1" } },
    }));
  }
  const shards = (await streams.send(new DescribeStreamCommand({ StreamArn: arn })))
    .StreamDescription.Shards;
  assert.equal(shards.length, 3);
  assert.ok(shards[0].SequenceNumberRange.EndingSequenceNumber);
  const done = new Set();
  const versions = new Map();
  let progress = true;
  while (progress) {
    progress = false;
    for (const s of shards) {
      if (done.has(s.ShardId)) continue;
      if (s.ParentShardId && !done.has(s.ParentShardId)) continue;
      const { records: got } = await readShard(streams, arn, s.ShardId);
      for (const r of got) {
        const key = r.dynamodb.Keys.pk.S;
        if (!key.startsWith("k")) continue;
        const v = Number(r.dynamodb.NewImage.v.N);
        assert.equal(v, (versions.get(key) ?? -1) + 1, key);
        versions.set(key, v);
      }
      done.add(s.ShardId);
      progress = true;
    }
  }
  assert.equal(versions.size, 20);
  for (const v of versions.values()) assert.equal(v, 1);

  try {
    await streams.send(new DescribeStreamCommand({ StreamArn: `${arn.slice(0, -3)}999` }));
    assert.fail("expected ResourceNotFoundException");
  } catch (e) {
    assert.ok(e instanceof ResourceNotFoundException, `${e.name}: ${e}`);
  }

  await ddb.send(new UpdateTableCommand({
    TableName: "events", StreamSpecification: { StreamEnabled: false },
  }));
  const disabled = (await streams.send(new DescribeStreamCommand({ StreamArn: arn })))
    .StreamDescription;
  assert.equal(disabled.StreamStatus, "DISABLED");
  console.log("OK: @aws-sdk/client-dynamodb-streams");
}

main().then(
  () => {
    process.exit(0);
  },
  (e) => {
    console.error(e);
    process.exit(1);
  });
