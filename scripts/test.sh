#!/usr/bin/env bash
# Run every check: lint, unit tests, end-to-end tests in headless Chromium and the
# cross-engine ones in Firefox and WebKit (tests/engines).
# On a fresh machine this does all the set-up first: Debian's chromium, firefox-esr,
# webkit2gtk-driver and xvfb, and caddy (scripts/ensure-browsers.sh), the .venv with
# requirements-dev.txt, npm packages (puppeteer-core drives Firefox) and dist/
# (scripts/build.py, which runs `npm ci` when needed).
#   bash scripts/test.sh            everything (CI runs this: .ci/run)
#   bash scripts/test.sh --quick    a developer's loop: the pure tests and a smoke test
#   bash scripts/test.sh -k offline -x    the arguments go to one pytest run
set -euo pipefail
cd "$(dirname "$0")/.."

CHROMIUM=/usr/bin/chromium
# The builds of this run (dist/'s, and those the tests make) write their brotli side
# files at quality 5, not a release's 11: on this 2-core machine 11 took 75 s of CPU
# for each 31 MB snapshot and 51 s for Pyodide's wasm, 5 takes 2 s and 1.4 s (5.0 MB
# against 4.0 MB for a snapshot). No test looks at how small they are, only at what
# is sent and that it decodes to the file. `python3 scripts/build.py`, which makes
# releases, and serve.sh build at 11 (scripts/build.py, brotli_quality).
export LUDEUM_BROTLI_QUALITY="${LUDEUM_BROTLI_QUALITY:-5}"
VENV=.venv
STAMP="$VENV/.requirements-dev.txt"

step() { printf '\n== %s\n' "$*"; }
# Each part's time, said together at the end (docs/performance.md keeps the figures).
started=$SECONDS
last=$SECONDS
times=()
mark() { times+=("$1 $((SECONDS - last)) s"); last=$SECONDS; }
parts() {
    printf '\n== parts: %s; in all %d s\n' "$(IFS=,; echo "${times[*]}" | sed 's/,/, /g')" \
        "$((SECONDS - started))"
    if [ -s "$LUDEUM_CRASH_LOG" ]; then
        printf '== %s\n' "$(cat "$LUDEUM_CRASH_LOG")"
    fi
}

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
mark setup

ruff() {
    step "ruff"
    "$VENV/bin/ruff" check src tests scripts benchmarks
    # The code's layout is ruff's: a file it would reformat fails the run (fix with
    # `.venv/bin/ruff format src tests scripts benchmarks`).
    "$VENV/bin/ruff" format --check src tests scripts benchmarks
}

# dist/ is built only when the sources changed since the last whole build (a fresh
# clone always builds): the stamp in build/ says what dist/ was made from.
# Never skip the browser tests: the e2e and engines fixtures fail (not skip)
# without their browser or dist/, and pytest's exit code is this script's.
if [ "$#" -gt 0 ] && [ "$1" != "--quick" ]; then
    step "building dist/"
    python3 scripts/build.py --if-changed
    ruff
    step "pytest $*"
    exec "$VENV/bin/python" -m pytest "$@"
fi
pure=()
for folder in tests/*/; do
    case "$folder" in tests/e2e/|tests/engines/) ;; *) pure+=("$folder") ;; esac
done
status=0
# The renderer crashes each browser part met (tests/e2e/conftest.py), said again last.
export LUDEUM_CRASH_LOG="$(mktemp)"
trap 'rm -f "$LUDEUM_CRASH_LOG"' EXIT
if [ "${1:-}" = "--quick" ]; then
    # A developer's loop: the pure tests, then the browser tests marked smoke (a boot,
    # each game played by clicks, a reload) in Chromium.
    step "building dist/"
    python3 scripts/build.py --if-changed
    mark build
    ruff
    step "pytest: the engine and the page's pure code, on 2 workers"
    "$VENV/bin/python" -m pytest -q -n 2 "${pure[@]}" || status=$?
    mark pure
    step "pytest: the smoke tests in Chromium"
    "$VENV/bin/python" -m pytest -q -m smoke tests/e2e || status=$?
    mark smoke
    parts
    exit "$status"
fi
# The whole suite, in three parts; each runs, whatever the one before gave.
# 1. The build of dist/ and, beside it, ruff and the pure tests on both cores
#    (pytest-xdist; they share nothing, and none reads dist/). Much of the build runs
#    one process at a time (Pyodide in node, the snapshots' browsers) and leaves a
#    core idle, which the pure tests take. Only test_pyodide_deep_records needs
#    node_modules, installed first. The build's output is shown when it ends.
python3 scripts/build.py --node-modules
mark npm
build_log="$(mktemp)"
python3 scripts/build.py --if-changed >"$build_log" 2>&1 &
build_pid=$!
# A build still running when the script stops early (ruff failed) is stopped; under
# set -e a failed command in the trap would be the script's exit code, hence || true.
trap 'kill "$build_pid" 2>/dev/null || true; rm -f "$LUDEUM_CRASH_LOG" "$build_log"' EXIT
step "building dist/ in the background (its output comes after the pure tests)"
ruff
step "pytest: the engine and the page's pure code, on 2 workers"
"$VENV/bin/python" -m pytest -n 2 "${pure[@]}" || status=$?
mark "ruff and pure"
step "building dist/: its output"
build_status=0
wait "$build_pid" || build_status=$?
cat "$build_log"
mark "the rest of the build"
if [ "$build_status" -ne 0 ]; then
    echo "test.sh: the build failed (exit code $build_status): no browser test can run" >&2
    parts
    exit "$build_status"
fi
# 2. The browser tests on two workers, each with its own browsers and servers (no test
#    depends on another's order or leftovers), a whole file at a time as workers come
#    free, so that a file's costly fixtures (a museum's build, the release behind
#    nginx and Caddy) are made once. (--dist loadgroup would not do: pytest-xdist 3.8
#    cannot name groups under pytest 9.) The long Firefox and WebKit scenarios come
#    first, so that neither ends the run alone.
step "pytest: the browser tests, on 2 workers"
"$VENV/bin/python" -m pytest -n 2 --dist loadscope -m "not alone" tests/engines tests/e2e \
    || status=$?
mark browsers
# 3. The timing-sensitive ones (marked alone: throttled networks, boot progress,
#    frame rates, main-thread stalls), one at a time with nothing beside them.
step "pytest: the timing-sensitive browser tests, alone"
"$VENV/bin/python" -m pytest -m alone tests/e2e tests/engines || status=$?
mark alone
parts
exit "$status"
