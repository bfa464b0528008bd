// Copyright 2026 The eddy Authors.
//
// PartiQL through the AWS SDK for JavaScript v3 against the real eddy-server
// binary: @aws-sdk/client-dynamodb's ExecuteStatementCommand,
// BatchExecuteStatementCommand and ExecuteTransactionCommand (DynamoDB JSON
// values), and @aws-sdk/lib-dynamodb's document-client commands of the same
// names (native JavaScript values marshalled both ways: numbers, strings,
// booleans, null, lists, maps, Sets, and NumberValue for exact numbers).
//
//   node partiql_sdk_test.mjs path/to/eddy-server

import assert from "node:assert/strict";
import {
  ConditionalCheckFailedException,
  CreateTableCommand,
  DuplicateItemException,
  DynamoDBClient,
  ExecuteStatementCommand,
  BatchExecuteStatementCommand,
  ExecuteTransactionCommand,
  TransactionCanceledException,
} from "@aws-sdk/client-dynamodb";
import {
  BatchExecuteStatementCommand as DocBatchExecuteStatementCommand,
  DynamoDBDocumentClient,
  ExecuteStatementCommand as DocExecuteStatementCommand,
  ExecuteTransactionCommand as DocExecuteTransactionCommand,
  NumberValue,
} from "@aws-sdk/lib-dynamodb";
import { sdkConfig, startServer } from "./eddy_server.mjs";

const binary = process.argv[2];
if (!binary) {
  console.error("usage: node partiql_sdk_test.mjs path/to/eddy-server");
  process.exit(2);
}

async function expectError(promise, errorClass, message) {
  try {
    await promise;
  } catch (e) {
    assert.ok(e instanceof errorClass, `${e.name}: ${e.message}`);
    if (message !== undefined) assert.equal(e.message, message);
    assert.equal(e.$metadata.httpStatusCode, 400);
    return e;
  }
  assert.fail(`expected ${errorClass.name}`);
}

async function lowLevel(ddb) {
  for (let i = 0; i < 3; i++) {
    const out = await ddb.send(new ExecuteStatementCommand({
      Statement: "INSERT INTO \"Music\" VALUE {'Artist': ?, 'SongTitle': ?, 'Plays': ?}",
      Parameters: [{ S: "Acme" }, { S: `Song ${i}` }, { N: String(i) }],
    }));
    assert.deepEqual(out.Items, []);
  }
  await expectError(ddb.send(new ExecuteStatementCommand({
    Statement: "INSERT INTO \"Music\" VALUE {'Artist': 'Acme', 'SongTitle': 'Song 0'}",
  })), DuplicateItemException, "Duplicate primary key exists in table");

  let out = await ddb.send(new ExecuteStatementCommand({
    Statement: "SELECT * FROM \"Music\" WHERE Artist = ? AND SongTitle = ?",
    Parameters: [{ S: "Acme" }, { S: "Song 1" }],
    ReturnConsumedCapacity: "TOTAL",
  }));
  assert.deepEqual(out.Items, [
    { Artist: { S: "Acme" }, SongTitle: { S: "Song 1" }, Plays: { N: "1" } }]);
  assert.deepEqual(out.ConsumedCapacity, { TableName: "Music", CapacityUnits: 0.5 });

  // A Query paged by Limit and NextToken.
  const titles = [];
  let token;
  do {
    out = await ddb.send(new ExecuteStatementCommand({
      Statement: "SELECT SongTitle FROM \"Music\" WHERE Artist = 'Acme'",
      Limit: 2, NextToken: token,
    }));
    titles.push(...out.Items.map((i) => i.SongTitle.S));
    token = out.NextToken;
  } while (token);
  assert.deepEqual(titles, ["Song 0", "Song 1", "Song 2"]);

  const e = await expectError(ddb.send(new ExecuteStatementCommand({
    Statement: "DELETE FROM \"Music\" WHERE Artist = 'Acme' AND SongTitle = 'Song 2' AND Plays = 7",
    ReturnValuesOnConditionCheckFailure: "ALL_OLD",
  })), ConditionalCheckFailedException, "The conditional request failed");
  assert.deepEqual(e.Item.Plays, { N: "2" });

  const batch = await ddb.send(new BatchExecuteStatementCommand({
    Statements: [
      { Statement: "SELECT Plays FROM \"Music\" WHERE Artist = 'Acme' AND SongTitle = 'Song 2'" },
      { Statement: "SELECT * FROM \"Music\" WHERE Artist = 'Acme' AND SongTitle = ?",
        Parameters: [{ S: "Absent" }] },
    ],
  }));
  assert.deepEqual(batch.Responses[0].Item, { Plays: { N: "2" } });
  assert.equal(batch.Responses[1].Item, undefined);
  assert.equal(batch.Responses[1].Error, undefined);

  const cancelled = await expectError(ddb.send(new ExecuteTransactionCommand({
    TransactStatements: [
      { Statement: "INSERT INTO \"Music\" VALUE {'Artist': 'Tx', 'SongTitle': 'One'}" },
      { Statement: "INSERT INTO \"Music\" VALUE {'Artist': 'Acme', 'SongTitle': 'Song 0'}" },
    ],
  })), TransactionCanceledException);
  assert.deepEqual(cancelled.CancellationReasons.map((r) => r.Code),
    ["None", "DuplicateItem"]);
  out = await ddb.send(new ExecuteStatementCommand({
    Statement: "SELECT * FROM \"Music\" WHERE Artist = 'Tx'",
  }));
  assert.deepEqual(out.Items, []);
}

// lib-dynamodb: parameters and items as native values.
async function documentClient(ddb, url) {
  const doc = DynamoDBDocumentClient.from(ddb);
  const item = {
    Artist: "Doc", SongTitle: "Native", Plays: 42, Price: 12.5, Live: true,
    Note: null, Tags: new Set(["a", "b"]), Years: new Set([1999, 2001]),
    Credits: ["x", 1, false], Meta: { label: "L", n: 3 },
  };
  // Each top-level value a parameter (a parameter nested inside the VALUE's
  // map is not allowed by DynamoDB's grammar).
  const names = Object.keys(item);
  let out = await doc.send(new DocExecuteStatementCommand({
    Statement: `INSERT INTO "Music" VALUE {${names.map((n) => `'${n}': ?`).join(", ")}}`,
    Parameters: names.map((n) => item[n]),
  }));
  assert.deepEqual(out.Items, []);

  out = await doc.send(new DocExecuteStatementCommand({
    Statement: "SELECT * FROM \"Music\" WHERE Artist = ? AND SongTitle = ?",
    Parameters: ["Doc", "Native"],
  }));
  assert.deepEqual(out.Items, [item]);

  // A number beyond a double's precision, kept exact as a NumberValue.
  const big = "12345678901234567890.123456789";
  // (The default document client refuses to read it back as a JS number.
  // A document client's options are set on the client it wraps, so this one
  // wraps a client of its own.)
  const exact = DynamoDBDocumentClient.from(new DynamoDBClient(sdkConfig(url)), {
    unmarshallOptions: { wrapNumbers: true },
  });
  out = await exact.send(new DocExecuteStatementCommand({
    Statement: "UPDATE \"Music\" SET Big = ? WHERE Artist = 'Doc' AND SongTitle = 'Native' RETURNING MODIFIED NEW *",
    Parameters: [NumberValue.from(big)],
  }));
  assert.equal(out.Items[0].Big.toString(), big);
  out = await exact.send(new DocExecuteStatementCommand({
    Statement: "SELECT Big, Meta.n FROM \"Music\" WHERE Artist = 'Doc' AND SongTitle = 'Native'",
  }));
  assert.equal(out.Items[0].Big.toString(), big);
  assert.equal(out.Items[0].n.toString(), "3");  // named by its last step

  out = await doc.send(new DocExecuteStatementCommand({
    Statement: "UPDATE \"Music\" SET Plays = Plays + ? SET Tags = set_add(Tags, ?) WHERE Artist = ? AND SongTitle = ? RETURNING MODIFIED NEW *",
    Parameters: [8, new Set(["c"]), "Doc", "Native"],
  }));
  assert.deepEqual(out.Items, [{ Plays: 50, Tags: new Set(["a", "b", "c"]) }]);

  const batch = await doc.send(new DocBatchExecuteStatementCommand({
    Statements: [
      { Statement: "INSERT INTO \"Music\" VALUE {'Artist': ?, 'SongTitle': ?, 'Plays': ?}",
        Parameters: ["Doc", "Second", 1] },
      { Statement: "INSERT INTO \"Music\" VALUE {'Artist': ?, 'SongTitle': ?}",
        Parameters: ["Doc", "Native"] },
    ],
  }));
  assert.equal(batch.Responses[0].Error, undefined);
  assert.equal(batch.Responses[0].TableName, "Music");
  assert.equal(batch.Responses[1].Error.Code, "DuplicateItem");

  const tx = await doc.send(new DocExecuteTransactionCommand({
    TransactStatements: [
      { Statement: "SELECT Plays FROM \"Music\" WHERE Artist = ? AND SongTitle = ?",
        Parameters: ["Doc", "Second"] },
      { Statement: "SELECT Credits, Meta FROM \"Music\" WHERE Artist = ? AND SongTitle = ?",
        Parameters: ["Doc", "Native"] },
    ],
  }));
  assert.deepEqual(tx.Responses, [
    { Item: { Plays: 1 } },
    { Item: { Credits: ["x", 1, false], Meta: { label: "L", n: 3 } } },
  ]);

  out = await doc.send(new DocExecuteStatementCommand({
    Statement: "SELECT SongTitle FROM \"Music\" WHERE Artist = ? ORDER BY SongTitle DESC",
    Parameters: ["Doc"],
  }));
  assert.deepEqual(out.Items, [{ SongTitle: "Second" }, { SongTitle: "Native" }]);
}

async function main() {
  const url = await startServer(binary);
  const ddb = new DynamoDBClient(sdkConfig(url));
  await ddb.send(new CreateTableCommand({
    TableName: "Music",
    AttributeDefinitions: [
      { AttributeName: "Artist", AttributeType: "S" },
      { AttributeName: "SongTitle", AttributeType: "S" }],
    KeySchema: [
      { AttributeName: "Artist", KeyType: "HASH" },
      { AttributeName: "SongTitle", KeyType: "RANGE" }],
    BillingMode: "PAY_PER_REQUEST",
  }));
  await lowLevel(ddb);
  await documentClient(ddb, url);
  console.log("OK: PartiQL through the JS SDK v3 and lib-dynamodb");
}

main().then(() => process.exit(0), (e) => {
  console.error(e);
  process.exit(1);
});
