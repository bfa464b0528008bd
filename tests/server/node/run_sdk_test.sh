#!/usr/bin/env bash
# CTest driver for the JavaScript SDK test: installs the pinned SDK into this
# directory when node_modules is missing (npm ci from package-lock.json),
# then runs sdk_test.mjs (or the script named second) against the given
# eddy-server binary. A missing node or npm is a failure, not a skip.
#
#   tests/server/node/run_sdk_test.sh path/to/eddy-server [SCRIPT.mjs]
#
# SCRIPT defaults to sdk_test.mjs (control_test.mjs tests the eddy-control
# helper the same way; streams_sdk_test.mjs the Streams client;
# partiql_sdk_test.mjs PartiQL, with @aws-sdk/lib-dynamodb).
set -euo pipefail
binary="$1"
script="${2:-sdk_test.mjs}"
cd "$(dirname "$0")"

for tool in node npm; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "FAIL: $tool is not installed; the JavaScript SDK test needs Node.js >= 20 and npm" >&2
    exit 1
  fi
done

if [ ! -d node_modules/@aws-sdk/client-dynamodb ] ||
   [ ! -d node_modules/@aws-sdk/client-dynamodb-streams ] ||
   [ ! -d node_modules/@aws-sdk/lib-dynamodb ]; then
  echo "installing the pinned SDK clients (npm ci)" >&2
  if [ -f package-lock.json ]; then
    npm ci --no-audit --no-fund --loglevel=error >&2
  else
    npm install --no-audit --no-fund --loglevel=error >&2
  fi
fi

exec node "$script" "$binary"
