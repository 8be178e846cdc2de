"""What the browser glue needs from Lodestone, behind the same small surface as every
game's ``ui`` module (see ``ludeum.games``): pure functions of states."""

from __future__ import annotations

import random

from ..i18n import N_, _
from . import log, svg
from .rules import LodestoneRules
from .state import PASS, KingFile, LodestoneState, new_game

GAME = "lodestone"
AID_LABEL = N_("Show the magnet map")
board_svg = svg.board_svg
status = log.status
log_entry = log.log_entry
game_log = log.game_log
last_move = log.last_move


def title() -> str:
    return _("Lodestone")


def start(options: dict, first_seat: int) -> LodestoneState:
    rules = options.get("lodestone_rules")
    return new_game(rules if isinstance(rules, LodestoneRules) else LodestoneRules(), first_seat)


def ruleset_name(state: LodestoneState) -> str:
    rules = state.rules
    text = _("Red moves up, White moves down")
    if rules.per_colour_reading:
        option = _("each colour reads the magnets its own way")
        text = _("{first}; {second}", first=text, second=option)
    if rules.rotation:
        option = _("board turned {turns} quarter", turns=rules.rotation)
        text = _("{first}; {second}", first=text, second=option)
    return text


def side_svg(state: LodestoneState) -> str:
    return ""


def can_throw(state: LodestoneState) -> bool:
    return False


def throw(state: LodestoneState, source: random.Random):
    raise ValueError("Lodestone has no throws")


def pass_move(state: LodestoneState):
    return PASS if state.legal_moves() == (PASS,) else None


def seat_to_play(state: LodestoneState) -> int | None:
    return state.to_act()


def side_label(state: LodestoneState, seat: int) -> str:
    return log.player(seat + 1)


def describe_move(state: LodestoneState, move) -> str:
    if move == PASS:
        return _("pass")
    if isinstance(move, KingFile):
        return _("put the king on file {file}", file=move.notation()[1])
    src, dst = move.notation().split("-")
    return _("move the piece on {src} to {dst}", src=src, dst=dst)


def piece_name(move) -> str | None:
    """A king's set-up square, or the square of the piece that moves; None for a pass."""
    if move == PASS:
        return None
    return move.notation().split("-")[0]


def after_game(state: LodestoneState) -> tuple[str, dict] | None:
    """The sheet's advice to turn the board after some games, offered at the end."""
    rules = state.rules
    turned = LodestoneRules(rules.per_colour_reading, (rules.rotation + 1) % 4,
                            rules.moves_without_capture)  # fmt: skip
    return _("Rotate the board and play again"), {"lodestone_rules": turned}


def tap(state: LodestoneState, selected: str | None, name: str):
    """Set-up: tap one of the two marked squares for the king. Play: tap a piece to
    see where it can go, then tap one of those squares."""
    if state.winner is not None:
        return None, None
    if state.setting_up:
        if name in ("Kd", "Ke"):
            return None, KingFile(3 if name == "Kd" else 4)
        return None, None
    moves = [m for m in state.legal_moves() if m != PASS]
    if selected is not None:
        for move in moves:
            if move.notation() == f"{selected}-{name}":
                return None, move
    if any(move.notation().startswith(f"{name}-") for move in moves) and name != selected:
        return name, None
    return None, None


def rules_page(state: LodestoneState) -> str:
    from .rules_page import rules_page

    return rules_page()
