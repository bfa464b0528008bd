#!/usr/bin/env bash
# Builds eddy and runs every test suite: once in a normal gcc build with
# warnings as errors (then checks the Debian package built from it:
# tools/package_check.sh), then again in a clang build under AddressSanitizer +
# UndefinedBehaviorSanitizer (the build that also runs the fuzzers and the
# thread-safety analysis), then the concurrency suites under ThreadSanitizer.
# Installs missing Debian packages first (tools/setup.sh). This is what CI runs.
#
#   tools/test.sh          # everything
#   tools/test.sh --fast   # skip the sanitizer pass
set -euo pipefail
cd "$(dirname "$0")/.."

fast=0
[ "${1:-}" = "--fast" ] && fast=1

tools/setup.sh
jobs=$(nproc)

# Each stage's header carries the seconds since the start, so a CI log shows
# where the time goes (CI must stay well inside its limit).
stage() { echo "== [${SECONDS} s] $*"; }

stage "include order (tools/check_includes.py)"
tools/check_includes.py

# Line tables only (-g1), not full debug information: backtraces and perf
# still name files and lines, and the build takes about a quarter less time
# (a test file: 9.6 s with -g, 7.2 s with -g1) and links far smaller
# binaries (CI time).
stage "build (RelWithDebInfo with -g1, -Werror)"
cmake -S . -B build/test -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" -DEDDY_WERROR=ON \
  -DEDDY_BUILD_BENCHMARKS=ON >/dev/null
cmake --build build/test -j"$jobs"
stage "tests"
ctest --test-dir build/test --output-on-failure -j"$jobs"
stage "package (.deb, a consumer project against it, its eddy-server)"
tools/package_check.sh build/test

if [ "$fast" -eq 0 ]; then
  # One clang build serves three checks: it compiles every module with
  # -Wthread-safety -Werror (every access to a table's state must hold its
  # lock; docs/architecture.md), it builds the libFuzzer harnesses, which
  # replay their regression inputs and then run briefly, and, as it is
  # instrumented with ASan + UBSan throughout, it runs every test suite
  # under those sanitizers (one build instead of two: CI time).
  stage "clang: thread-safety analysis and fuzzers (tools/fuzz.sh --ci)"
  tools/fuzz.sh --ci
  stage "build (clang, ASan + UBSan: the rest of build/clang)"
  cmake --build build/clang -j"$jobs"
  stage "tests under ASan + UBSan"
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build/clang --output-on-failure -j"$jobs"

  # The engine's concurrency tests again under ThreadSanitizer (only the
  # suites that start threads, to keep CI short).
  stage "build (TSan)"
  cmake -S . -B build/tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DEDDY_SANITIZE_THREAD=ON \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
    -DEDDY_WERROR=ON -DEDDY_BUILD_BENCHMARKS=OFF -DEDDY_BUILD_TOOLS=OFF >/dev/null
  cmake --build build/tsan -j"$jobs" --target api_test storage_test engine_change_feed_test engine_streams_test persist_test \
    engine_memory_pitr_test
  stage "concurrency tests under TSan"
  TSAN_OPTIONS=halt_on_error=1 ctest --test-dir build/tsan --output-on-failure \
    -R 'Concurrent|EightWriters' -j"$jobs"
fi
stage "done"
