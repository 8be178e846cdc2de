"""A saved game resumed at boot from one replay (issue 28, item 3).

Loading a saved game replays its actions from the start (``ludeum.saves.load``); the
page then needs the move list (each game's ``log_entry``, applied to every action)
and where Take back would land (``ludeum.records.line.look_back``). Each of these
was a replay of its own: three passes over a 100,000-action game while the page
boots. Here the move list and the take-back point are worked out inside the
loading replay, from the ``(before, action, after)`` it hands over, so a resumed
game costs one pass; the results are those the separate passes give
(tests/unit/test_resume.py checks them against each other).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import saves, seats
from ..games import ui_for
from .line import LookBack, LookBackTracker


@dataclass(frozen=True)
class Resumed:
    """A saved game as the page puts it on screen: the state, the ahead line (what
    Take back removed, for Redo), who plays each seat, the move list (as
    ``ui.game_log(state)``) and the take-back point (as ``line.look_back(state,
    players)``)."""

    state: Any
    ahead: tuple
    players: tuple[str, str]
    log: list[str]
    back: LookBack


def resume(text: str) -> Resumed:
    """The saved game ``text`` holds, from one replay; raises ``saves.SaveError``
    (for the game or its ahead line) like ``saves.load`` and ``saves.load_ahead``."""
    players = saves.load_players(text)
    friend = saves.load_friend(text)
    # The move list's words, as the table's (ludeum.table.seating_of, not imported:
    # the table is a layer above the records).
    seating = seats.by_links(friend.seat, friend.friend_name) if friend else seats.seating(players)
    tracker = LookBackTracker(players)
    log: list[str] = []
    entry_of = []  # the game's log_entry, known from the first state replayed

    def observe(before: Any, action: Any, after: Any) -> None:
        if not entry_of:
            entry_of.append(ui_for(before).log_entry)
        tracker.step(before, action)
        entry = entry_of[0](before, action, after, seating)
        if entry:  # Senet's opening throws that miss have no line (senet.log.game_log)
            log.append(entry)

    state = saves.load(text, observe)
    ahead = saves.load_ahead(text, state)
    return Resumed(state, ahead, players, log, tracker.result(state))
