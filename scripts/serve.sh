#!/usr/bin/env bash
# Build the site and serve it locally: http://localhost:8000 (PORT=9000 to change).
# On a fresh machine this does all the set-up: build.py runs `npm ci` when needed.
# Needs python3 (3.11+) and Node.js 20+ with npm.
set -euo pipefail
cd "$(dirname "$0")/.."

PORT="${PORT:-8000}"

python3 scripts/build.py
echo
echo "Serving dist/ at http://localhost:${PORT}/  (Ctrl+C to stop)"
exec python3 -m http.server "${PORT}" --bind 127.0.0.1 -d dist
