#!/usr/bin/env bash
# Build the site and serve it locally: http://localhost:8000 (PORT=9000 to change).
# On a fresh machine this does all the set-up: Debian's chromium, with which the
# build makes the Python snapshot (scripts/ensure-chromium.sh), and `npm ci`, which
# build.py runs when needed. Needs python3 (3.11+) and Node.js 20+ with npm.
set -euo pipefail
cd "$(dirname "$0")/.."

PORT="${PORT:-8000}"

bash scripts/ensure-chromium.sh
python3 scripts/build.py
echo
echo "Serving dist/ at http://localhost:${PORT}/  (Ctrl+C to stop)"
exec python3 -m http.server "${PORT}" --bind 127.0.0.1 -d dist
