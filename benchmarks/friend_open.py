"""From opening a friend link to the friend's turn played again (not a test: it
prints figures for docs/performance.md).

    python3 benchmarks/friend_open.py [--runs 3]

Serves dist/ and, in Debian's Chromium (two browser contexts: two devices), plays the
first turns of a Squadro game and of a Senet game by links, then times the receiving
device opening the link of a turn: from the navigation's start to (a) the page ready
(``ludeum:ready``), (b) the board showing the friend's whole turn (the saved game
holds no action still to show). The device has visited the site before (its caches
are warm), as a friend's device has after the first link. (b) includes the page's
pause between the friend's actions (550 ms each, so that the turn can be followed).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests" / "e2e"), str(ROOT / "src")]

from harness import SiteServer, wait_ready  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

SETTLED = """() => { const t = localStorage.getItem('ludeum:v1:current');
  return t !== null && !('ahead' in JSON.parse(t)); }"""


def link_of(page) -> str:
    page.wait_for_selector("#friend-dialog[open]")
    address = page.locator("#friend-link").input_value()
    page.locator("#friend-close").click()
    return address


def start(page, url: str, game: str) -> None:
    page.goto(url + "?lang=en", wait_until="commit")
    wait_ready(page)
    page.locator("#new-game").click()
    page.locator(f'#new-game-form input[name="game"][value="{game}"]').check()
    page.locator('#new-game-form input[name="opponent"][value="friend"]').check()
    page.locator("#start-game").click()
    page.wait_for_function("() => localStorage.getItem('ludeum:v1:current')?.includes"
                           f"('{game}') && document.querySelector('#game-name').textContent"
                           f" !== ''")  # fmt: skip


def timed_open(page, address: str) -> tuple[float, float]:
    began = time.perf_counter()
    page.goto(address, wait_until="commit")
    wait_ready(page)
    ready = time.perf_counter() - began
    page.wait_for_function(SETTLED)
    return ready, time.perf_counter() - began


def squadro_turn(page) -> str:
    page.locator('#board [data-square^="L"]:not([aria-disabled="true"])').first.click()
    page.wait_for_timeout(300)
    if not page.locator("#friend-dialog[open]").count():
        page.locator('#board .sq-piece.selected, #board [data-square^="L"]').first.click()
    return link_of(page)


def senet_turn(page) -> str:
    for _ in range(40):
        if page.locator("#friend-dialog[open]").count():
            break
        before = page.evaluate("() => localStorage.getItem('ludeum:v1:current')")
        if page.locator("#throw").is_visible() and page.locator("#throw").is_enabled():
            page.locator("#throw").click()
        elif page.locator("#pass").is_visible():
            page.locator("#pass").click()
        else:
            square = page.locator("#board g.piece-at:has(.piece.movable)").first.get_attribute(
                "data-square"
            )
            page.locator(f'#board [role="button"][data-square="{square}"]').click()
            targets = page.locator("#board [data-square].target")
            if targets.count():
                targets.first.click()
        page.wait_for_function("(b) => localStorage.getItem('ludeum:v1:current') !== b", arg=before)
    return link_of(page)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    server = SiteServer(ROOT / "dist")
    figures: dict[str, list[tuple[float, float, int]]] = {"squadro": [], "senet": []}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium")
            for _ in range(runs):
                for game in ("squadro", "senet"):
                    a, b = browser.new_context(), browser.new_context()
                    ana, bo = a.new_page(), b.new_page()
                    bo.goto(server.url + "?lang=en", wait_until="commit")
                    wait_ready(bo)  # Bo's device has visited the site
                    start(ana, server.url, game)
                    if game == "squadro":
                        address = squadro_turn(ana)
                    else:
                        invitation = link_of(ana)
                        bo.goto(invitation, wait_until="commit")
                        wait_ready(bo)
                        answer = link_of(bo)
                        ana.goto(answer, wait_until="commit")
                        wait_ready(ana)
                        address = senet_turn(ana)
                    ready, shown = timed_open(bo, address)
                    saved = json.loads(bo.evaluate("localStorage.getItem('ludeum:v1:current')"))
                    figures[game].append((ready, shown, len(saved["record"]["actions"])))
                    a.close()
                    b.close()
            browser.close()
    finally:
        server.stop()
    for game, rows in figures.items():
        ready = statistics.median(r[0] for r in rows)
        shown = statistics.median(r[1] for r in rows)
        actions = [r[2] for r in rows]
        print(f"{game}: ready {ready:.2f} s, turn shown {shown:.2f} s (median of {len(rows)}; "
              f"actions in the game: {actions})")  # fmt: skip


if __name__ == "__main__":
    main()
