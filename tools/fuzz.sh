#!/usr/bin/env bash
# Builds eddy's libFuzzer harnesses (tests/fuzz/) with clang — the build that
# also compiles every module with -Wthread-safety -Werror — and runs them.
#
#   tools/fuzz.sh                    # every harness, 10 minutes each
#   tools/fuzz.sh --seconds 3600 execute_fuzzer
#   tools/fuzz.sh --ci               # CI: replay regressions, 20 s each
#
# Seed corpora come from the tests and golden files (built fresh into
# build/clang/fuzz-corpus/ each run; what a run adds to it stays there).
# Crashing inputs land in build/clang/fuzz-artifacts/; keep each one as a
# regression test in tests/fuzz/regressions/<fuzzer>/ (every run replays
# them first). Exits non-zero when a harness finds a crash or a regression
# fails.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=600
ci=0
fuzzers=()
while [ $# -gt 0 ]; do
  case "$1" in
    --ci) ci=1; seconds=20 ;;
    --seconds) seconds="$2"; shift ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) fuzzers+=("$1") ;;
  esac
  shift
done
if [ ${#fuzzers[@]} -eq 0 ]; then
  fuzzers=(execute_fuzzer expression_fuzzer partiql_fuzzer http_fuzzer model_fuzzer persist_fuzzer transfer_fuzzer)
fi

# -O1 with line tables (OSS-Fuzz's setting): fast to build, and the same
# build serves tools/test.sh's ASan + UBSan run of every test suite, so the
# tests are configured in (only the fuzzers are built here).
build=build/clang
cmake -S . -B "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_CXX_FLAGS_DEBUG="-O1 -gline-tables-only" \
  -DEDDY_FUZZ=ON -DEDDY_WERROR=ON -DEDDY_BUILD_TESTS=ON -DEDDY_BUILD_BENCHMARKS=OFF \
  -DEDDY_BUILD_TOOLS=ON >/dev/null
cmake --build "$build" -j"$(nproc)" --target fuzzers

# Seed corpora from the repository's own test data.
corpus="$build/fuzz-corpus"
python3 - "$corpus" <<'EOF'
import json, os, pathlib, re, sys
out = pathlib.Path(sys.argv[1])
def put(fuzzer, name, data):
    d = out / fuzzer
    d.mkdir(parents=True, exist_ok=True)
    (d / name).write_bytes(data if isinstance(data, bytes) else data.encode())
ops = ["CreateTable", "DescribeTable", "ListTables", "DeleteTable", "UpdateTable",
       "PutItem", "GetItem", "DeleteItem", "UpdateItem", "Query", "Scan",
       "BatchGetItem", "BatchWriteItem", "TransactWriteItems", "TransactGetItems",
       "UpdateTimeToLive", "DescribeTimeToLive", "TagResource", "UntagResource",
       "ListTagsOfResource", "EddyInjectFault", "EddyClearFaults",
       "ExecuteStatement", "BatchExecuteStatement", "ExecuteTransaction",
       "NoSuchOperation", "EddySplitPartition",
       "ListStreams", "DescribeStream", "GetShardIterator", "GetRecords",
       "CreateBackup", "DescribeBackup", "ListBackups", "DeleteBackup",
       "RestoreTableFromBackup", "RestoreTableToPointInTime"]
for i, line in enumerate(open("tests/wire/testdata/exec_smoke.jsonl")):
    line = line.strip()
    if not line or line.startswith("#"):
        continue
    try:
        req = json.loads(line)
    except ValueError:
        continue
    op = req.get("op")
    body = json.dumps(req.get("request", {})).replace('"users"', '"fuzz"')
    if op in ops:
        put("execute_fuzzer", f"smoke{i}", bytes([ops.index(op)]) + body.encode())
# DynamoDB Streams (the harness puts the stream's ARN, shard and an iterator
# in place of @ARN@, @SHARD@ and @ITER@).
streams = [
    ("ListStreams", '{}'), ("ListStreams", '{"TableName":"plain","Limit":1}'),
    ("ListStreams", '{"ExclusiveStartStreamArn":"@ARN@"}'),
    ("DescribeStream", '{"StreamArn":"@ARN@"}'),
    ("DescribeStream", '{"StreamArn":"@ARN@","Limit":1,"ExclusiveStartShardId":"@SHARD@"}'),
    ("DescribeStream", '{"StreamArn":"@ARN@","ShardFilter":{"Type":"CHILD_SHARDS","ShardId":"@SHARD@"}}'),
    ("GetShardIterator", '{"StreamArn":"@ARN@","ShardId":"@SHARD@","ShardIteratorType":"TRIM_HORIZON"}'),
    ("GetShardIterator", '{"StreamArn":"@ARN@","ShardId":"@SHARD@","ShardIteratorType":"AT_SEQUENCE_NUMBER","SequenceNumber":"100000000000000000002"}'),
    ("GetShardIterator", '{"StreamArn":"@ARN@","ShardId":"@SHARD@","ShardIteratorType":"LATEST"}'),
    ("GetRecords", '{"ShardIterator":"@ITER@"}'),
    ("GetRecords", '{"ShardIterator":"@ITER@","Limit":1}'),
    ("EddySplitPartition", '{"TableName":"plain"}'),
    ("EddySplitPartition", '{"TableName":"plain","PartitionId":0}'),
]
for i, (op, body) in enumerate(streams):
    put("execute_fuzzer", f"streams{i}", bytes([ops.index(op)]) + body.encode())
# Backups (the harness makes a backup of "fuzz" for @BACKUP@).
backups = [
    ("CreateBackup", '{"TableName":"fuzz","BackupName":"b1"}'),
    ("CreateBackup", '{"TableName":"plain","BackupName":"b2"}'),
    ("DescribeBackup", '{"BackupArn":"@BACKUP@"}'),
    ("ListBackups", '{}'),
    ("ListBackups", '{"TableName":"fuzz","BackupType":"ALL","Limit":1,"ExclusiveStartBackupArn":"@BACKUP@"}'),
    ("ListBackups", '{"TimeRangeLowerBound":1600000000,"TimeRangeUpperBound":1800000000}'),
    ("DeleteBackup", '{"BackupArn":"@BACKUP@"}'),
    ("RestoreTableFromBackup", '{"TargetTableName":"copy","BackupArn":"@BACKUP@"}'),
    ("RestoreTableFromBackup", '{"TargetTableName":"copy","BackupArn":"@BACKUP@","BillingModeOverride":"PROVISIONED","ProvisionedThroughputOverride":{"ReadCapacityUnits":1,"WriteCapacityUnits":1},"GlobalSecondaryIndexOverride":[],"LocalSecondaryIndexOverride":[{"IndexName":"lsi","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"l","KeyType":"RANGE"}],"Projection":{"ProjectionType":"KEYS_ONLY"}}]}'),
    ("RestoreTableToPointInTime", '{"SourceTableName":"fuzz","TargetTableName":"copy","UseLatestRestorableTime":true}'),
    ("RestoreTableToPointInTime", '{"SourceTableArn":"arn:aws:dynamodb:us-east-1:000000000000:table/plain","TargetTableName":"copy","RestoreDateTime":1700000000}'),
]
for i, (op, body) in enumerate(backups):
    put("execute_fuzzer", f"backups{i}", bytes([ops.index(op)]) + body.encode())
kinds = {"conditions.txt": 0, "updates.txt": 3, "projections.txt": 4}
for name, kind in kinds.items():
    for i, m in enumerate(re.finditer(r"^expr: (.*)$", open(f"tests/expr/testdata/{name}").read(), re.M)):
        put("expression_fuzzer", f"{name}{i}", bytes([kind]) + m.group(1).encode())
put("transfer_fuzzer", "json", b"\x00" + b'{"Item":{"pk":{"S":"a"},"n":{"N":"1.5"},"s":{"SS":["x"]}}}')
put("transfer_fuzzer", "ion", b"\x01" + b'$ion_1_0 {Item:{pk:"a",n:1.5,b:{{aGk=}},s:$dynamodb_SS::["x"]}}')
put("transfer_fuzzer", "csv", b"\x02" + b'a,1,"q,""x""",b')
put("transfer_fuzzer", "lines", b"\x03" + b"one\ntwo\n")
for path in pathlib.Path("tests/partiql/testdata").glob("*.txt"):
    for i, m in enumerate(re.finditer(r"^stmt: (.*)$", path.read_text(), re.M)):
        put("partiql_fuzzer", f"{path.stem}{i}", m.group(1))
put("http_fuzzer", "post",
    "POST / HTTP/1.1\r\nHost: localhost\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
    "Authorization: AWS4-HMAC-SHA256 Credential=x/20231114/us-east-1/dynamodb/aws4_request, "
    "SignedHeaders=host, Signature=00\r\nX-Amz-Date: 20231114T221320Z\r\n"
    "Content-Type: application/x-amz-json-1.0\r\nContent-Length: 2\r\n\r\n{}")
put("http_fuzzer", "chunked",
    "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n")
put("http_fuzzer", "get", "GET / HTTP/1.1\r\nHost: h\r\n\r\n")
# Data files (docs/persistence.md): a log creating a table and writing two
# items (one a transaction over it), and a snapshot of the same; the CRCs are
# left zero, and mode bit 1 makes the harness recompute them.
def varint(n):
    out = b""
    while n >= 0x80:
        out += bytes([(n & 0x7f) | 0x80]); n >>= 7
    return out + bytes([n])
def string(b): return varint(len(b)) + b
def record(t, payload): return b"\0\0\0\0" + len(payload).to_bytes(4, "little") + bytes([t]) + payload
image = (b"\x01" + varint(1) + string(b"tab") + string(b"arn") + string(b"id") + bytes(8)
         + varint(1) + string(b"k") + b"\x00" + varint(1) + string(b"k") + b"\x00"
         + b"\x00" + b"\x01" + varint(0) + varint(0) + b"\x00\x00" + bytes(8) + b"\x00\x00"
         + string(b"ttl") + b"\x00" + varint(0) + varint(1) + string(b"t") + string(b"v")
         + varint(0) + b"\x00" + varint(0) + varint(0) + b"\x00" + varint(0) + varint(70))
def item(key): return varint(2) + string(b"k") + b"\x00" + string(key) + string(b"n") + b"\x01" + string(b"\x02\x03\xe9" + b"15")
log = (b"EDDYLOG\x01" + (1).to_bytes(4, "little") + bytes(4) + record(1, image)
       + record(3, varint(1) + b"\x01" + string(item(b"a")))
       + record(3, varint(1) + b"\x01" + string(item(b"b")) + varint(1) + b"\x02" + string(b"a") + string(b""))
       + record(2, varint(1)))
put("persist_fuzzer", "log", b"\x02" + log)
snap = (b"EDDYSNP\x01" + (1).to_bytes(4, "little") + bytes(4) + record(1, image)
        + record(4, varint(1) + varint(2) + string(item(b"a")) + string(item(b"b")))
        + record(5, varint(0) + varint(1) + varint(2) + varint(2)))
put("persist_fuzzer", "snapshot", b"\x03" + snap)
for path in list(pathlib.Path("model").glob("*.json")) + list(pathlib.Path("model/scenarios").glob("*.json")):
    put("model_fuzzer", path.name, path.read_bytes())
EOF

status=0
for f in "${fuzzers[@]}"; do
  bin="$build/tests/fuzz/$f"
  dict="tests/fuzz/dict/${f%_fuzzer}.dict"
  dict_flag=()
  [ -f "$dict" ] && dict_flag=(-dict="$dict")
  regressions="tests/fuzz/regressions/$f"
  if [ -d "$regressions" ] && [ -n "$(ls -A "$regressions")" ]; then
    echo "== $f: replaying $(ls "$regressions" | wc -l) regression input(s)"
    if ! "$bin" "$regressions"/* >"$build/$f.regressions.log" 2>&1; then
      cat "$build/$f.regressions.log" >&2
      status=1
      continue
    fi
  fi
  echo "== $f: ${seconds} s"
  mkdir -p "$corpus/$f" "$build/fuzz-artifacts/$f"
  if ! "$bin" "$corpus/$f" "${dict_flag[@]}" -max_total_time="$seconds" \
      -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
      -artifact_prefix="$build/fuzz-artifacts/$f/" >"$build/$f.log" 2>&1; then
    tail -n 60 "$build/$f.log" >&2
    echo "$f found a crash: see $build/fuzz-artifacts/$f/ (keep it in $regressions/)" >&2
    status=1
    continue
  fi
  grep -E 'stat::number_of_executed_units|stat::peak_rss_mb' "$build/$f.log" | tr '\n' ' '
  echo
done
exit $status
