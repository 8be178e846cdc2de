#!/usr/bin/env bash
# Install the Debian packages of the browsers (and the web server) whose programs are
# missing, with one `apt-get update` and one `apt-get install` for all of them:
#   chromium            /usr/bin/chromium     the build's snapshot, the tests that need
#                                             the whole browser (tests/e2e, full_chromium)
#   chromium-headless-shell  /usr/lib/chromium/chromium-headless-shell  the other tests
#                                             of tests/e2e
#   firefox-esr         /usr/bin/firefox-esr  tests/engines (through npm's puppeteer-core)
#   webkit2gtk-driver   /usr/bin/WebKitWebDriver, and with it WebKitGTK's MiniBrowser
#   xvfb                /usr/bin/Xvfb         the display MiniBrowser needs (no headless)
#   caddy               /usr/bin/caddy        scripts/serve.sh, tests/e2e/test_hosting.py
#   nginx-light         /usr/sbin/nginx       tests/e2e/test_servers.py (deploy/nginx)
#   libnginx-mod-http-brotli-static           nginx sending the build's .br side files
#
#   bash scripts/ensure-browsers.sh                 all of them (scripts/test.sh)
#   bash scripts/ensure-browsers.sh chromium caddy  only these (scripts/serve.sh)
#
# Nothing here downloads a browser any other way. Elsewhere than Debian (no apt-get)
# it says what is missing and goes on: the tests that need a missing browser then
# fail, they never skip.
set -euo pipefail

program_of() {
    case "$1" in
        chromium) echo "${CHROMIUM:-/usr/bin/chromium}" ;;
        chromium-headless-shell) echo "${LUDEUM_HEADLESS_SHELL:-/usr/lib/chromium/chromium-headless-shell}" ;;
        firefox-esr) echo "${LUDEUM_FIREFOX:-/usr/bin/firefox-esr}" ;;
        webkit2gtk-driver) echo "${LUDEUM_WEBKIT_DRIVER:-/usr/bin/WebKitWebDriver}" ;;
        xvfb) echo /usr/bin/Xvfb ;;
        caddy) echo "${LUDEUM_CADDY:-/usr/bin/caddy}" ;;
        nginx-light) echo "${LUDEUM_NGINX:-/usr/sbin/nginx}" ;;
        libnginx-mod-http-brotli-static) echo /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ;;
        *) echo "ensure-browsers: unknown package $1" >&2; exit 2 ;;
    esac
}

if [ "$#" -eq 0 ]; then
    set -- chromium chromium-headless-shell firefox-esr webkit2gtk-driver xvfb caddy \
        nginx-light libnginx-mod-http-brotli-static
fi
missing=()
for name in "$@"; do
    program="$(program_of "$name")" || exit 2
    if [ ! -e "$program" ]; then
        missing+=("$name")
    fi
done
if [ "${#missing[@]}" -eq 0 ]; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure-browsers: missing ${missing[*]} and no apt-get: install them (or set" \
        "CHROMIUM, LUDEUM_HEADLESS_SHELL, LUDEUM_FIREFOX, LUDEUM_WEBKIT_DRIVER, LUDEUM_CADDY, LUDEUM_NGINX to their programs)" >&2
    exit 0
fi
printf '\n== %s\n' "installing Debian's ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; fi
$SUDO apt-get update
# Installing nginx must not start it (it would take port 80 for nothing): the tests
# run their own. Debian's invoke-rc.d asks /usr/sbin/policy-rc.d, 101 meaning "no".
held=""
if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' | $SUDO tee /usr/sbin/policy-rc.d >/dev/null
    $SUDO chmod +x /usr/sbin/policy-rc.d
    held=1
fi
status=0
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y "${missing[@]}" || status=$?
if [ -n "$held" ]; then $SUDO rm -f /usr/sbin/policy-rc.d; fi
exit "$status"
