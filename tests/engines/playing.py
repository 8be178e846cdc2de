"""The app's steps as a visitor takes them, on any engine (driver.py): waiting for
Python, the new-game dialog, one legal action in each game by clicks or taps, and
the stored game read back by the CPython engine, which says what the page did."""

from __future__ import annotations

import json
from typing import Any

from driver import READY_TIMEOUT_S, Driver

from ludeum import saves
from ludeum.senet.track import OFF

SAVE_KEY = "ludeum:v1:current"
# A 1 comes once in four throws of fair sticks: 200 throws without a move to play
# has a probability far below anything a test run will meet.
MAX_THROWS = 200
APP_STATE_JS = "[document.getElementById('app')?.dataset.state, " \
    "document.getElementById('status')?.textContent]"  # fmt: skip


def wait_ready(engine: Driver, timeout_s: float = READY_TIMEOUT_S) -> None:
    try:
        engine.wait_for("document.getElementById('app')?.dataset.state === 'ready'",
                         timeout_s, "the app to be ready")  # fmt: skip
    except AssertionError as error:
        state = engine.evaluate(APP_STATE_JS)
        raise AssertionError(f"{error}; #app state, status: {state}") from error
    enter_game(engine)


def enter_game(engine: Driver) -> None:
    """From the welcome screen (src/web/welcome.py) to the game, as a visitor would
    (tests/e2e/harness.py's enter_game): Continue when a game is unfinished, else
    Senet with a friend."""
    if engine.evaluate("document.documentElement.dataset.screen") != "welcome":
        return
    resume = engine.evaluate("!document.getElementById('welcome-continue').hidden")
    engine.click("#welcome-continue-button" if resume
                 else '#welcome button.welcome-friend[data-game="senet"]')  # fmt: skip
    engine.wait_for("document.documentElement.dataset.screen === 'game'", 10,
                    "the game screen")  # fmt: skip


def boot_kind(engine: Driver) -> str:
    """'snapshot' or 'plain: <why>' (static/python-snapshot.mjs)."""
    return engine.evaluate("window.ludeumPythonBoot ?? null")


def visits(engine: Driver) -> int:
    """Pages recorder.js watched in this tab: one more after every load."""
    return sum(entry["kind"] == "loaded" for entry in engine.log())


def stored_text(engine: Driver, key: str = SAVE_KEY) -> str | None:
    return engine.evaluate(f"localStorage.getItem({json.dumps(key)})")


def stored(engine: Driver, key: str = SAVE_KEY) -> Any:
    text = stored_text(engine, key)
    assert text is not None, f"{engine.name}: no game stored under {key}"
    return saves.load(text)


def acted(engine: Driver, step, key: str = SAVE_KEY) -> None:
    """Do ``step`` (a click or a tap), then wait for the app to save the action."""
    before = stored_text(engine, key)
    step()
    engine.wait_for(f"localStorage.getItem({json.dumps(key)}) !== {json.dumps(before)}",
                     10, "the action to be saved")  # fmt: skip


def moves_shown(engine: Driver) -> int:
    return engine.evaluate("document.querySelectorAll('#moves li').length")


def new_game(engine: Driver, game: str) -> None:
    """Two people, the first seat to start, from the dialog, by clicks."""
    engine.click("#new-game")
    engine.wait_for("document.getElementById('new-game-dialog').open", 10, "the dialog")
    engine.click(f'input[name="game"][value="{game}"]')
    engine.click('input[name="first"][value="0"]')
    acted(engine, lambda: engine.click("#start-game"))
    assert saves.game_name(stored(engine)) == game


def senet_throw_and_move(engine: Driver) -> tuple[str, str]:
    """Throw by clicks until a move is due, then click a piece: a Senet piece has one
    move, which one click plays (one-tap moves, on by default); returns the move
    (source, destination)."""
    for _ in range(MAX_THROWS):
        if engine.evaluate("document.getElementById('throw').disabled"):
            break  # a move is due (a fresh game is stored only after its first throw)
        acted(engine, lambda: engine.click("#throw"))
    else:
        raise AssertionError(f"{engine.name}: no move to play after {MAX_THROWS} throws")
    source = engine.evaluate(
        "document.querySelector('#board g.piece-at:has(.piece.movable)')?.dataset.square"
    )
    assert source, f"{engine.name}: a move is due but no piece is marked movable"
    acted(engine, lambda: engine.click(f'#board g.square[data-square="{source}"]'))
    move = stored(engine).actions()[-1]
    assert str(move.src) == source, (source, move)
    return source, "off" if move.dst == OFF else str(move.dst)
