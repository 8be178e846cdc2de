"""What the browser glue needs from Squadro, behind the same small surface as every
game's ``ui`` module (see ``ludeum.games``): pure functions of states."""

from __future__ import annotations

import random

from ..i18n import _
from . import log, svg
from .state import Move, SquadroState, new_game

GAME = "squadro"
board_svg = svg.board_svg
status = log.status
log_entry = log.log_entry
game_log = log.game_log


def title() -> str:
    return _("Squadro")


def start(options: dict, first_seat: int) -> SquadroState:
    return new_game(first_seat)


def ruleset_name(state: SquadroState) -> str:
    return _("Light moves across, Dark moves down")


def side_svg(state: SquadroState) -> str:
    return ""  # no dice: the board says it all


def can_throw(state: SquadroState) -> bool:
    return False


def throw(state: SquadroState, source: random.Random):
    raise ValueError("Squadro has no throws")


def pass_move(state: SquadroState):
    return None


def seat_to_play(state: SquadroState) -> int | None:
    return state.to_act()


def side_label(state: SquadroState, seat: int) -> str:
    return log.player_name(seat)


def describe_move(state: SquadroState, move: Move) -> str:
    return _("move the piece in lane {lane}", lane=move.lane)


def piece_name(move: Move) -> str:
    return f"L{move.lane}"


def last_move(state: SquadroState) -> Move | None:
    return state.history.action if state.history else None


def tap(state: SquadroState, selected: str | None, name: str):
    """A tap on a piece selects it and shows its path; a second tap, or a tap on
    the square where it would stop, moves it. Returns (selected, move or None)."""
    lanes = {f"L{m.lane}": m for m in state.legal_moves()}
    if selected in lanes and name in (selected, "end"):
        return None, lanes[selected]
    if name in lanes:
        return name, None
    return None, None


def rules_page(state: SquadroState) -> str:
    from .rules_page import rules_page

    return rules_page()
