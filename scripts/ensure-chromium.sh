#!/usr/bin/env bash
# Install Debian's chromium when /usr/bin/chromium (or $CHROMIUM) is missing. The
# build uses it to make the Python snapshot (scripts/make-snapshot.mjs) and the
# Chromium tests drive it. Elsewhere than Debian (no apt-get) it says so and goes on:
# the build then ships no snapshot and every boot is a plain one.
# scripts/ensure-browsers.sh does the work, for the test browsers too.
set -euo pipefail
exec bash "$(dirname "$0")/ensure-browsers.sh" chromium
