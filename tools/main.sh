#!/usr/bin/env bash
# eddy's main job: builds the release binaries (installing missing Debian
# packages first) and runs the demonstration through the `eddy` CLI.
# Extra arguments go to `eddy`.
set -euo pipefail
cd "$(dirname "$0")/.."

tools/setup.sh
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DEDDY_BUILD_TESTS=OFF \
  -DEDDY_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build build/release -j"$(nproc)" --target eddy >/dev/null
if [ $# -eq 0 ]; then set -- demo; fi
exec build/release/tools/eddy/eddy "$@"
