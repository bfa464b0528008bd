#!/usr/bin/env bash
# eddy's main job: builds the release binaries (installing missing Debian
# packages first) and runs the kayak-rental model end to end through the
# `eddy` CLI: generate its data, load it, run and verify all eight access
# patterns, print the report. Extra arguments go to `eddy` instead
# (`tools/main.sh demo`, `tools/main.sh model run model/kayak.json --scale 10`).
set -euo pipefail
cd "$(dirname "$0")/.."

tools/setup.sh
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DEDDY_BUILD_TESTS=OFF \
  -DEDDY_BUILD_BENCHMARKS=OFF >/dev/null
# The build's output is kept in a log and shown only if the build fails
# (g++ 12 prints spurious -Wrestrict notes at -O3 on std::string concatenation).
if ! cmake --build build/release -j"$(nproc)" --target eddy \
    >build/release/build.log 2>&1; then
  cat build/release/build.log >&2
  exit 1
fi
if [ $# -eq 0 ]; then set -- model run model/kayak.json; fi
exec build/release/tools/eddy/eddy "$@"
