#!/usr/bin/env bash
# Run every check: lint, unit tests, end-to-end tests in headless Chromium and the
# cross-engine ones in Firefox and WebKit (tests/engines).
# On a fresh machine this does all the set-up first: Debian's chromium, firefox-esr,
# webkit2gtk-driver and xvfb, and caddy (scripts/ensure-browsers.sh), the .venv with
# requirements-dev.txt, npm packages (puppeteer-core drives Firefox) and dist/
# (scripts/build.py, which runs `npm ci` when needed).
# Arguments go to pytest, e.g.  bash scripts/test.sh -k offline -x
set -euo pipefail
cd "$(dirname "$0")/.."

CHROMIUM=/usr/bin/chromium
VENV=.venv
STAMP="$VENV/.requirements-dev.txt"

step() { printf '\n== %s\n' "$*"; }

bash scripts/ensure-browsers.sh
if [ ! -x "$CHROMIUM" ]; then
    echo "test.sh: $CHROMIUM is needed to run the browser tests" >&2
    exit 1
fi

if [ ! -x "$VENV/bin/python" ]; then
    step "creating $VENV"
    python3 -m venv "$VENV"
fi
# Reinstall whenever requirements-dev.txt changes (a copy of it is the stamp).
if ! cmp -s requirements-dev.txt "$STAMP"; then
    step "installing requirements-dev.txt into $VENV"
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
    cp requirements-dev.txt "$STAMP"
fi

step "building dist/"
python3 scripts/build.py

step "ruff"
"$VENV/bin/ruff" check src tests scripts benchmarks
# The code's layout is ruff's: a file it would reformat fails the run (fix with
# `.venv/bin/ruff format src tests scripts benchmarks`).
"$VENV/bin/ruff" format --check src tests scripts benchmarks

# Never skip the browser tests: the e2e and engines fixtures fail (not skip)
# without their browser or dist/, and pytest's exit code is this script's.
if [ "$#" -gt 0 ]; then
    step "pytest $*"
    exec "$VENV/bin/python" -m pytest "$@"
fi
# The whole suite: the pure tests on both cores (pytest-xdist; they share nothing),
# then the browser tests one at a time (each browser takes both cores, and timing
# tests must not compete). Both run, whatever the first gives.
step "pytest: the engine and the page's pure code, on 2 workers"
status=0
pure=()
for folder in tests/*/; do
    case "$folder" in tests/e2e/|tests/engines/) ;; *) pure+=("$folder") ;; esac
done
"$VENV/bin/python" -m pytest -n 2 "${pure[@]}" || status=$?
step "pytest: the browser tests"
"$VENV/bin/python" -m pytest tests/e2e tests/engines || status=$?
exit "$status"
