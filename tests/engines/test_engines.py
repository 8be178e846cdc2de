"""The app in Firefox and WebKit (Safari's engine), beside the Chromium suite
(tests/e2e): what another engine can break, in two scenarios per engine, each boot
made to count. Every test also fails on any error, unhandled rejection, policy
violation, failed load or console error the page or browser reported (conftest.py)."""

from __future__ import annotations

import re

from driver import READY_TIMEOUT_S, Driver
from harness import ROOT, SiteServer, precache_size
from playing import (
    acted,
    boot_kind,
    moves_shown,
    new_game,
    senet_throw_and_move,
    stored,
    stored_text,
    visits,
    wait_ready,
)

from ludeum.games import ui_for
from ludeum.i18n import _, set_language
from ludeum.lodestone import position as lodestone_position
from ludeum.squadro import position as squadro_position

# The policy the page must run under: the shipped meta, untouched by the tests.
POLICY_JS = """document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.content"""
PRECACHED_JS = """(async () => {
  let count = 0;
  for (const name of await caches.keys()) {
    if (name.includes('precache')) count += (await (await caches.open(name)).keys()).length;
  }
  return count;
})()"""
SNAPSHOT_CACHED_JS = """(async () => await caches.has('ludeum-python-snapshot')
  && (await (await caches.open('ludeum-python-snapshot')).keys()).length > 0)()"""
# An engine without JavaScript Promise Integration cannot use the snapshot, whose
# Pyodide was made with stack switching (static/python-snapshot.mjs says why).
NO_JSPI_REASON = "stack switching"


def shipped_policy() -> str:
    page = (ROOT / "dist" / "index.html").read_text(encoding="utf-8")
    found = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert found, "dist/index.html has no Content-Security-Policy meta"
    return found.group(1)


def assert_plain_boot_says_why(engine: Driver) -> None:
    kind = boot_kind(engine)
    assert kind and kind.startswith("plain: ") and NO_JSPI_REASON in kind, kind


def test_plays_all_three_games_resumes_and_works_offline(engine: Driver, site: SiteServer) -> None:
    # First visit: boots under the shipped policy, no violation recorded.
    engine.goto(site.url)
    wait_ready(engine)
    policy = engine.evaluate(POLICY_JS)
    assert policy == shipped_policy() and "'unsafe-eval'" not in policy
    assert [e for e in engine.log() if e["kind"] == "csp"] == []
    # A first visit never uses the snapshot (not cached yet); WebKit never can.
    assert boot_kind(engine).startswith("plain: ")
    if engine.name == "webkit":
        assert_plain_boot_says_why(engine)

    # Senet (the default game, two people): throws, then a move, by clicks.
    source, target = senet_throw_and_move(engine)
    assert type(stored(engine).actions()[-1]).__name__ == "Move", (source, target)
    before, moves = stored_text(engine), moves_shown(engine)

    # Second visit: the position survives a reload.
    engine.reload()
    wait_ready(engine)
    assert stored_text(engine) == before
    assert moves_shown(engine) == moves > 0
    mover = engine.evaluate(
        f"document.querySelector('#board g.piece-at[data-square=\"{target}\"] .piece')"
        "?.getAttribute('class')")  # fmt: skip
    assert target == "off" or mover, f"no piece drawn on {target} after the reload"

    # Squadro and Lodestone from the new-game dialog, one move each by taps.
    new_game(engine, "squadro")
    # A Squadro piece has one move: one tap plays it (one-tap moves, on by default).
    acted(engine, lambda: engine.tap('#board [data-square="L1"]'))
    assert squadro_position(stored(engine)) == "30000/00000 V"  # lane 1 has speed 3

    new_game(engine, "lodestone")
    for king in ("Ke", "Kd"):  # Red's king on e1, White's on d8
        acted(engine, lambda king=king: engine.tap(f'#board [data-square="{king}"]'))
    engine.tap('#board [data-square="a1"]')  # a1's digit is 2: a3 or b2
    engine.wait_present('#board [data-square="a3"].target')
    acted(engine, lambda: engine.tap('#board [data-square="a3"]'))
    state = stored(engine)
    assert [a.notation() for a in state.actions()] == ["Ke", "Kd", "a1-a3"]

    # Offline: once the service worker has precached the site, the server stops and
    # the third visit comes from the cache, with the game where it was.
    engine.wait_for("navigator.serviceWorker.controller?.state === 'activated'",
                     READY_TIMEOUT_S, "the service worker to control the page")  # fmt: skip
    expected = precache_size(ROOT / "dist")
    engine.wait_for(f"{PRECACHED_JS}.then((n) => n >= {expected})", READY_TIMEOUT_S,
                     f"{expected} files precached")  # fmt: skip
    if engine.name == "firefox":  # the second visit fetches it 3 s after ready
        engine.wait_for(SNAPSHOT_CACHED_JS, 60, "the Python snapshot to be cached")
    site.stop()
    engine.reload()
    wait_ready(engine)
    assert visits(engine) == 3  # the recorder came with the cached page too
    assert lodestone_position(stored(engine)) == lodestone_position(state)
    if engine.name == "firefox":  # Firefox 153 has JSPI: the snapshot boot
        assert boot_kind(engine) == "snapshot"
    else:
        assert_plain_boot_says_why(engine)
    # And it still plays: White's first movable piece to its first target.
    engine.tap("#board .cell.movable")
    engine.wait_present("#board .cell.target")
    acted(engine, lambda: engine.tap("#board .cell.target"))
    assert len(stored(engine).actions()) == 4


def french(message: str) -> str:
    set_language("fr")
    try:
        return _(message)
    finally:
        set_language("en")


def test_kiosk_in_french_the_worker_plays_a_tap_starts_a_game_and_a_lesson_plays(
    engine: Driver, site: SiteServer
) -> None:
    engine.goto(site.url + "?kiosk=1&game=squadro&lang=fr")
    wait_ready(engine)
    assert engine.evaluate("document.documentElement.lang") == "fr"
    assert "kiosk" in engine.evaluate("document.documentElement.className")
    assert engine.evaluate("document.getElementById('attract-label').textContent") == (
        french("Touch the screen to play")
    )
    # Attract mode: the computer plays itself, from its worker (a second Pyodide).
    engine.wait_for("!document.getElementById('attract').hidden", 10, "attract mode")
    engine.wait_for("document.querySelectorAll('#moves li').length >= 1", READY_TIMEOUT_S,
                     "the computer's first move in attract mode")  # fmt: skip

    # A tap starts the visitor's game against the computer.
    engine.tap("#attract")
    engine.wait_for("document.getElementById('attract').hidden", 10, "attract mode to end")
    engine.wait_for("document.getElementById('app').dataset.turn === 'person'", 60,
                     "the visitor's turn")  # fmt: skip
    done = moves_shown(engine)  # the computer's first move, if it started
    engine.tap('#board [data-square^="L"]')  # a lane: shows its path
    engine.tap('#board [data-square^="L"]')  # a second tap moves it
    engine.wait_for(f"document.querySelectorAll('#moves li').length >= {done + 1}", 10,
                     "the visitor's move")  # fmt: skip
    # The computer answers from its worker, which ran: no fallback on the page.
    engine.wait_for(f"document.querySelectorAll('#moves li').length >= {done + 2}", 60,
                     "the computer's reply")  # fmt: skip
    key = engine.evaluate(
        "Object.keys(localStorage).find((k) => k.startsWith('ludeum:v1:current'))"
    )
    assert key, "the kiosk visitor's game is not stored"
    state = stored(engine, key)
    assert len(state.actions()) >= done + 2
    fallback = [e for e in engine.log() if "worker could not run" in e["text"]]
    assert fallback == [] and engine.evaluate("document.getElementById('notice').hidden")
    set_language("fr")
    try:
        assert engine.evaluate("document.getElementById('status').textContent") == (
            ui_for(state).status(state)
        )
    finally:
        set_language("en")

    # A lesson's link (issue 27), in French: a step passed by one tap on the lesson's
    # board (one-tap moves, the default), the verdict said.
    engine.goto(site.url + "?lesson=squadro&lang=fr")
    wait_ready(engine)
    engine.wait_for("document.documentElement.dataset.screen === 'lesson'", 10, "the lesson")
    engine.tap('#lesson-board [data-square="L1"]')  # lane 1: a piece that moves 3
    said = french("Right. {what}").split("{")[0]
    engine.wait_for(f"document.getElementById('lesson-said').textContent.startsWith({said!r})",
                    10, "the step passed")  # fmt: skip
