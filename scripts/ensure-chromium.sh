#!/usr/bin/env bash
# Install Debian's chromium when /usr/bin/chromium is missing. The build uses it to
# make the Python snapshot (scripts/make-snapshot.mjs) and the tests drive it.
# Elsewhere than Debian (no apt-get) it says so and goes on: the build then ships no
# snapshot and every boot is a plain one.
set -euo pipefail

CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure-chromium: no $CHROMIUM and no apt-get: install Chromium and set CHROMIUM=/path/to/it" >&2
    exit 0
fi
printf '\n== %s\n' "installing Debian's chromium"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; fi
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y chromium
