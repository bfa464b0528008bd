#!/usr/bin/env bash
# Installs the Debian packages eddy builds with, if any are missing.
# Idempotent: when everything is present it only runs dpkg-query and exits.
set -euo pipefail

packages=(
  build-essential cmake pkg-config
  libabsl-dev libxxhash-dev nlohmann-json3-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libcpp-httplib-dev zlib1g-dev libzstd-dev
  libssl-dev  # OpenSSL: SigV4 signing and https in endpoint mode (tools/endpoint)
  clang
  file curl  # tools/package_check.sh: cpack's dependency scan, the server check
)
# Wanted but not required: without it the test that needs it reports itself
# skipped, so a machine that cannot install it still builds and tests.
optional=(
  chromium  # tests/server/browser_cors_test.py: CORS from a headless browser
)

installed() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"
}
missing=()
for p in "${packages[@]}"; do
  installed "$p" || missing+=("$p")
done
missing_optional=()
for p in "${optional[@]}"; do
  installed "$p" || missing_optional+=("$p")
done

if [ ${#missing[@]} -eq 0 ] && [ ${#missing_optional[@]} -eq 0 ]; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if [ ${#missing_optional[@]} -gt 0 ]; then
  echo "setup: installing ${missing_optional[*]} (optional)" >&2
  if ! { $SUDO apt-get update -qq &&
         $SUDO apt-get install -y -qq --no-install-recommends \
           "${missing_optional[@]}" >/dev/null; }; then
    echo "setup: could not install ${missing_optional[*]}; the tests that" \
         "need them will report themselves skipped" >&2
  fi
fi
