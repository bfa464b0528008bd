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
  chromium  # tests/server/browser_cors_test.py: CORS from a headless browser
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "setup: installing ${missing[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
