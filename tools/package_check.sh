#!/usr/bin/env bash
# Checks the Debian package as a user gets it, without root:
#   1. cpack builds eddy_<version>_<arch>.deb from a built tree;
#   2. dpkg -x unpacks it into a fresh prefix; its files and Depends are checked;
#   3. tests/consumer (its own CMake project) is built against that prefix only,
#      with find_package(eddy), and its tests run (eddy::testing, eddy::server);
#   4. the packaged eddy and eddy-server run from there: `eddy exec` answers a
#      request, eddy-server answers the health check on GET / and a
#      CreateTable / PutItem / GetItem with curl, and stops on SIGTERM with 0.
# tools/test.sh runs it on its build tree. Prints each step's time. Leaves its
# files in BUILD_DIR/package_check.
#
#   tools/package_check.sh [BUILD_DIR]    # default: build/test
set -euo pipefail
cd "$(dirname "$0")/.."
src=$(pwd)
build=$(realpath "${1:-build/test}")
jobs=$(nproc)

# A fixed place inside the build tree (kept for inspection), so that ccache
# recognises the consumer's compile on the next run.
work="$build/package_check"
rm -rf "$work"
mkdir -p "$work"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill -KILL "$server_pid" 2>/dev/null || true; fi
}
trap cleanup EXIT

step_start=$(date +%s%N)
step() {
  local now
  now=$(date +%s%N)
  echo "   ($(( (now - step_start) / 100000000 / 10 )).$(( (now - step_start) / 100000000 % 10 )) s)"
  step_start=$now
  echo "-- $*"
}
fail() {
  echo "package_check: $*" >&2
  exit 1
}

echo "-- cpack -G DEB ($build)"
(cd "$build" && cpack -G DEB -B "$work/out" >"$work/cpack.log" 2>&1) ||
  { cat "$work/cpack.log" >&2; fail "cpack failed"; }
deb=$(ls "$work"/out/eddy_*.deb)
echo "   $(basename "$deb"): $(du -h "$deb" | cut -f1)"

step "contents and Depends"
dpkg-deb -x "$deb" "$work/root"
prefix="$work/root/usr"
for f in bin/eddy bin/eddy-server \
  include/eddy/emulator/api/database.h include/eddy/emulator/testing/fixture.h \
  include/eddy/tools/eddy-server/endpoint.h include/eddy/model/model.h \
  lib/cmake/eddy/eddyConfig.cmake lib/libeddy_testing.a lib/libeddy_server.a; do
  [ -e "$prefix/$f" ] || fail "the package has no /usr/$f"
done
if [ -e "$prefix/include/eddy/tools/eddy-server/internal" ] ||
  [ -e "$prefix/include/eddy/tools/eddy-server/server.h" ]; then
  fail "the package installs eddy-server's internal headers"
fi
depends=$(dpkg-deb --field "$deb" Depends)
echo "   Depends: $depends"
for lib in libabsl libxxhash zlib1g libstdc++6; do
  [[ "$depends" == *"$lib"* ]] || fail "Depends lacks $lib"
done

step "consumer project against the package only (find_package(eddy))"
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cmake -S tests/consumer -B "$work/consumer" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF \
  "${launcher[@]}" >"$work/consumer.log" 2>&1 ||
  { cat "$work/consumer.log" >&2; fail "configuring the consumer failed"; }
found=$(sed -n 's/^eddy_DIR:PATH=//p' "$work/consumer/CMakeCache.txt")
[ "$found" = "$prefix/lib/cmake/eddy" ] || fail "find_package(eddy) found $found, not the package"
# The consumer sees eddy's headers only in the package: no path into the source
# tree may appear in its compile commands.
cmake --build "$work/consumer" -j"$jobs" -- VERBOSE=1 >"$work/consumer_build.log" 2>&1 ||
  { cat "$work/consumer_build.log" >&2; fail "building the consumer failed"; }
if grep -o -- "-I[^ ]*\|-isystem [^ ]*" "$work/consumer_build.log" |
  grep -v -- "$work/root/" | grep -q -- "$src"; then
  fail "the consumer compiled against the source tree"
fi
"$work/consumer/consumer_test" --gtest_brief=1 >"$work/consumer_test.log" 2>&1 ||
  { cat "$work/consumer_test.log" >&2; fail "the consumer's tests failed"; }
tail -1 "$work/consumer_test.log" | sed 's/^/   /'

step "packaged eddy and eddy-server"
"$prefix/bin/eddy-server" --version | sed 's/^/   /'
out=$(echo '{"op":"ListTables","request":{}}' | "$prefix/bin/eddy" exec)
[ "$out" = '{"TableNames":[]}' ] || fail "eddy exec answered $out"
"$prefix/bin/eddy-server" --port 0 >"$work/server.out" 2>"$work/server.err" &
server_pid=$!
url=""
for _ in $(seq 1 200); do
  url=$(sed -n 's/^eddy-server listening on //p' "$work/server.out")
  [ -n "$url" ] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.err" >&2; fail "eddy-server exited"; }
  sleep 0.05
done
[ -n "$url" ] || fail "eddy-server did not print its ready line"
health=$(curl -fsS "$url/")
[ "$health" = "healthy: dynamodb.us-east-1.amazonaws.com " ] || fail "GET / answered '$health'"
amz_date=$(date -u +%Y%m%dT%H%M%SZ)
ddb() {
  curl -fsS "$url/" -H "Content-Type: application/x-amz-json-1.0" \
    -H "X-Amz-Target: DynamoDB_20120810.$1" -H "X-Amz-Date: $amz_date" \
    -H "Authorization: AWS4-HMAC-SHA256 Credential=x/${amz_date:0:8}/us-east-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date;x-amz-target, Signature=00" \
    --data-binary "$2"
}
ddb CreateTable '{"TableName":"rentals","BillingMode":"PAY_PER_REQUEST",
  "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"}],
  "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"}]}' >/dev/null
put=$(ddb PutItem '{"TableName":"rentals","Item":{"PK":{"S":"store#1"},"seats":{"N":"2.50"}}}')
[ "$put" = '{}' ] || fail "PutItem answered $put"
got=$(ddb GetItem '{"TableName":"rentals","Key":{"PK":{"S":"store#1"}}}')
[ "$got" = '{"Item":{"PK":{"S":"store#1"},"seats":{"N":"2.5"}}}' ] || fail "GetItem answered $got"
kill -TERM "$server_pid"
status=0
wait "$server_pid" || status=$?
server_pid=""
[ "$status" -eq 0 ] || fail "eddy-server exited $status on SIGTERM"
echo "   $url: health, CreateTable, PutItem, GetItem, SIGTERM -> 0"
step "package check passed"
