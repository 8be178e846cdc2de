"""The README's serve command, run as a newcomer runs it: `bash scripts/serve.sh` serves
a playable game at the very address it prints, and at 127.0.0.1 on the same port.

Caddy answers only from a site block whose address matches the request's Host, and an
empty 200 otherwise: a Caddyfile that named 127.0.0.1 alone gave a blank page at the
printed http://localhost:8000/ (issue 51). This test starts the script itself (on a
free port, PORT=...), reads the address from its output and plays a move there.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from harness import ROOT, Watch, wait_ready
from playwright.sync_api import BrowserContext, expect
from test_play import advance, record

# A new origin (localhost, a port of its own) is a first visit: a plain boot.
pytestmark = pytest.mark.cold_boot

SERVING = re.compile(r"Serving dist/ at (http://\S+)")
STARTED_WITHIN_S = 120  # ensure-browsers and the build's check, then caddy


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def served(dist_dir: Path) -> Iterator[tuple[str, list[str]]]:
    """scripts/serve.sh running on a free port: the address it printed, and its
    output so far. dist_dir has checked that dist/ is up to date, so the script
    does not build (its output says so): it is told the brotli quality dist/ was
    built at (scripts/test.sh's, not a release's), which it would otherwise build
    again at 11."""
    port = free_port()
    stamp = (ROOT / "build" / "dist.stamp").read_text(encoding="utf-8").splitlines()
    quality = next(line.split()[1] for line in stamp if line.startswith("brotli "))
    script = subprocess.Popen(
        ["bash", "scripts/serve.sh"],
        cwd=ROOT,
        env={**os.environ, "PORT": str(port), "LUDEUM_BROTLI_QUALITY": quality},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # its caddy is stopped with it
    )
    said: list[str] = []
    address = None
    deadline = time.monotonic() + STARTED_WITHIN_S
    try:
        while address is None and time.monotonic() < deadline:
            line = script.stdout.readline()
            if not line and script.poll() is not None:
                break
            said.append(line.rstrip())
            found = SERVING.search(line)
            address = found.group(1) if found else None
        assert address, "serve.sh printed no address:\n" + "\n".join(said)
        _wait_listening(port, script, said)
        yield address, said
    finally:
        os.killpg(script.pid, signal.SIGTERM)
        script.wait(timeout=10)


def _wait_listening(port: int, script: subprocess.Popen, said: list[str]) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            assert script.poll() is None, "serve.sh stopped:\n" + "\n".join(said)
            time.sleep(0.1)
    pytest.fail(f"nothing listens on port {port}:\n" + "\n".join(said))


def test_serve_sh_serves_a_playable_game_at_the_address_it_prints(
    served: tuple[str, list[str]],
    context: BrowserContext,
    watch: Callable[..., Watch],
) -> None:
    address, said = served
    port = address.rstrip("/").rsplit(":", 1)[1]
    assert address == f"http://localhost:{port}/", address
    assert any("not rebuilt" in line for line in said), "\n".join(said)
    watch(context, address.rstrip("/"))
    page = context.new_page()
    page.goto(address, wait_until="commit")
    # A site block that does not match the Host sends an empty page: no title at all.
    expect(page).to_have_title(re.compile("Ludeum"))
    wait_ready(page)  # the welcome screen, then Senet with a friend, by clicks
    before = record(page)
    advance(page)  # the first action, by a click, and saved
    assert record(page) not in (None, before)
    # The same site at 127.0.0.1, which the tests and the benchmarks use (asked for
    # without a page: one boot is enough).
    response = context.request.get(f"http://127.0.0.1:{port}/")
    assert response.ok and "<title>Ludeum" in response.text()
