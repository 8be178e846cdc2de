"""What the browser glue needs from Senet, behind the same small surface as every
game's ``ui`` module (see ``ludeum.games``): pure functions of states."""

from __future__ import annotations

import random

from ..i18n import _
from . import log, svg
from .rulesets import JEQUIER, PRESETS, SenetRules
from .setup_form import ruleset_name as _ruleset_name
from .state import PASS, Move, SenetState, new_game
from .sticks import throw_sticks
from .track import OFF, PLINTH

GAME = "senet"
status = log.status
log_entry = log.log_entry
game_log = log.game_log


def title() -> str:
    return _("Senet")


def start(options: dict, first_seat: int) -> SenetState:
    rules = options.get("rules", JEQUIER)
    return new_game(rules if isinstance(rules, SenetRules) else PRESETS["jequier"], first_seat)


def board_svg(state: SenetState, *, selected: str | None = None, last_move=None) -> str:
    return svg.board_svg(
        state, selected=_square(selected) if selected else None, last_move=last_move
    )


def ruleset_name(state: SenetState) -> str:
    return _ruleset_name(state.rules)


def side_svg(state: SenetState) -> str:
    return svg.sticks_svg(state)


def can_throw(state: SenetState) -> bool:
    return state.throw is None and state.winner is None


def throw(state: SenetState, source: random.Random):
    return throw_sticks(source)


def pass_move(state: SenetState):
    return PASS if PASS in state.moves else None


def seat_to_play(state: SenetState) -> int | None:
    """The seat whose turn it is, to throw or to move; None once the game is over."""
    return None if state.winner is not None else state.seat


def side_label(state: SenetState, seat: int) -> str:
    return log.side_name(state, seat)


def describe_move(state: SenetState, move: Move) -> str:
    """A move in words, for the hint: "move the piece on 12 to 15"."""
    if move == PASS:
        return _("pass")
    if move.src == PLINTH:
        return _("bring a piece in from the plinth to {square}", square=move.dst)
    if move.dst == OFF:
        return _("bear off the piece on {square}", square=move.src)
    return _("move the piece on {src} to {dst}", src=move.src, dst=move.dst)


def piece_name(move: Move) -> str | None:
    """The board name of the piece a move takes (what a tap selects); None for a pass."""
    if move == PASS:
        return None
    return "P" if move.src == PLINTH else str(move.src)


def last_move(state: SenetState) -> Move | None:
    history = state.history
    while history:
        history, action = history
        if isinstance(action, Move) and action != PASS:
            return action
    return None


def _square(name: str) -> int | None:
    if name == "off":
        return OFF
    if name == "P":
        return PLINTH
    return int(name) if name.isascii() and name.isdigit() else None


def tap(state: SenetState, selected: str | None, name: str):
    """A tap on a square: select a piece that can move, or move the selected piece
    there. Returns (selected, move or None)."""
    if state.throw is None or state.winner is not None:
        return None, None
    square = _square(name)
    if selected is not None and square is not None:
        move = Move(_square(selected), square)
        if move in state.moves and move != PASS:
            return None, move
    sources = {m.src for m in state.moves if m != PASS}
    if square in sources and name != selected:
        return name, None
    return None, None


def rules_page(state: SenetState) -> str:
    from .rules_pages import rules_page  # not needed to boot

    return rules_page(state.rules)
