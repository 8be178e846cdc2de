#!/usr/bin/env bash
# Build the site and serve it locally: http://localhost:8000 (PORT=9000 to change);
# the same site answers at http://127.0.0.1:8000. The build is skipped when dist/ is
# already what the sources make (scripts/build.py --if-changed).
# On a fresh machine this does all the set-up: Debian's chromium, with which the
# build makes the Python snapshot, and caddy, the server (scripts/ensure-browsers.sh),
# and `npm ci`, which build.py runs when needed. Needs python3 (3.11+) and Node.js
# 20+ with npm.
#
# It serves dist/ as a real host should (scripts/Caddyfile, made by
# scripts/hosting.py): the brotli or gzip side files the build wrote, the right
# types, and Cache-Control (a year for content-addressed files, revalidate the rest),
# so what you measure here is what visitors get. PLAIN=1 serves with Python's
# http.server instead: no compression and no Cache-Control, every file as it is
# (the bytes a host that compresses nothing would send), and no caddy needed.
set -euo pipefail
cd "$(dirname "$0")/.."

PORT="${PORT:-8000}"

if [ -n "${PLAIN:-}" ]; then
    bash scripts/ensure-browsers.sh chromium
else
    bash scripts/ensure-browsers.sh chromium caddy
fi
python3 scripts/build.py --if-changed
echo
echo "Serving dist/ at http://localhost:${PORT}/  (Ctrl+C to stop)"
if [ -n "${PLAIN:-}" ]; then
    exec python3 -m http.server "${PORT}" --bind 127.0.0.1 -d dist
fi
# Caddy keeps its state (certificates it will never need here) under these folders:
# a throwaway one, so nothing is written into the home directory.
state="$(mktemp -d)"
trap 'rm -rf "$state"' EXIT
LUDEUM_SITE=dist PORT="${PORT}" XDG_CONFIG_HOME="$state" XDG_DATA_HOME="$state" \
    caddy run --adapter caddyfile --config scripts/Caddyfile
