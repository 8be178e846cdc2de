"""What the browser glue needs from Squadro, behind the same small surface as every
game's ``ui`` module (see ``ludeum.games``): pure functions of states.

``announce`` words each move for the page's live region: which piece moved and where
it now stands (a crossing is named by the other side's lane it lies on), its turn at
the far edge or its return home, and every piece it jumped with where that piece
was sent back (its start, or its far edge if it was already coming back).
"""

from __future__ import annotations

import random

from ..history import last
from ..i18n import _
from ..player_cards import SideCard
from ..seats import SIDES, Seating
from . import log, svg
from .rules import HOME, PIECES_TO_WIN, POSITION, TURNAROUND, H
from .state import Move, SquadroState, new_game

GAME = "squadro"
board_svg = svg.board_svg
status = log.status
ending = log.ending
log_entry = log.log_entry
game_log = log.game_log


def title() -> str:
    return _("Squadro")


def start(options: dict, first_seat: int) -> SquadroState:
    return new_game(first_seat)


def ruleset_name(state: SquadroState) -> str:
    return _("Light moves across, Dark moves down")


def reading_name(state: SquadroState) -> None:
    """Squadro has one set of rules: a saved game is named by the game alone (its
    subtitle, ``ruleset_name``, says how the sides move, not which game it is)."""
    return None


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
    return last(state.history)


def tap(state: SquadroState, selected: str | None, name: str):
    """A tap on a piece selects it and shows its path; a second tap, or a tap on
    the square where it would stop, moves it. Returns (selected, move or None)."""
    lanes = {f"L{m.lane}": m for m in state.legal_moves()}
    if selected in lanes and name in (selected, "end"):
        return None, lanes[selected]
    if name in lanes:
        return name, None
    return None, None


def piece_actions(state: SquadroState, name: str) -> tuple:
    """Every move the piece called ``name`` (``L3``: the mover's piece in lane 3) can
    make now: one at most, its lane's."""
    return tuple(m for m in state.legal_moves() if f"L{m.lane}" == name)


def announce(before: SquadroState, action: Move, after: SquadroState,
             seating: Seating = SIDES) -> str:  # fmt: skip
    """What a move did, in words for the live region: "Light moves piece 2 out to
    the crossing with lane 3." ("You move piece 2..." against the computer), pieces
    jumped and sent back, the end of the game."""
    seat = before.seat
    lane = action.lane
    progress = after.progress[seat][lane]
    if seating.is_you(seat):
        texts = [_your_move_words(lane, before.progress[seat][lane], progress)]
    else:
        side = seating.subject(seat, svg.side_name(seat))
        if progress == HOME:
            texts = [_("{side} brings piece {lane} home.", side=side, lane=lane)]
        elif before.progress[seat][lane] < TURNAROUND <= progress:
            texts = [_("{side} moves piece {lane} to the far edge, where it turns round.",
                       side=side, lane=lane)]  # fmt: skip
        elif progress < TURNAROUND:
            texts = [_("{side} moves piece {lane} out to the crossing with lane {crossing}.",
                       side=side, lane=lane, crossing=POSITION[progress])]  # fmt: skip
        else:
            texts = [_("{side} moves piece {lane} back to the crossing with lane {crossing}.",
                       side=side, lane=lane, crossing=POSITION[progress])]  # fmt: skip
    other = 1 - seat
    for effect in after.effects:
        if effect[0] != "jumped":
            continue
        texts.extend(_jumped_words(other, jumped, after.progress[other][jumped] == 0, seating)
                     for jumped in effect[1])  # fmt: skip
    if after.winner is not None and seating.is_you(after.winner):
        texts.append(_("You have brought four pieces home and win."))
    elif after.winner is not None:
        winner = seating.subject(after.winner, svg.side_name(after.winner))
        texts.append(_("{side} has brought four pieces home and wins.", side=winner))
    return " ".join(texts)


def _your_move_words(lane: int, before: int, progress: int) -> str:
    """A move of yours against the computer, from ``before`` to ``progress``."""
    if progress == HOME:
        return _("You bring piece {lane} home.", lane=lane)
    if before < TURNAROUND <= progress:
        return _("You move piece {lane} to the far edge, where it turns round.", lane=lane)
    if progress < TURNAROUND:
        return _("You move piece {lane} out to the crossing with lane {crossing}.",
                 lane=lane, crossing=POSITION[progress])  # fmt: skip
    return _("You move piece {lane} back to the crossing with lane {crossing}.",
             lane=lane, crossing=POSITION[progress])  # fmt: skip


def _jumped_words(seat: int, lane: int, at_start: bool, seating: Seating = SIDES) -> str:
    """A jumped piece and where it went back to: one whole message per side, as the
    side qualifies "piece" and may have to agree with it in other languages."""
    if seating.is_you(seat):
        if at_start:
            return _("Your piece {lane} is jumped and goes back to its start.", lane=lane)
        return _("Your piece {lane} is jumped and goes back to the far edge.", lane=lane)
    if seating.is_computer(seat):
        if at_start:
            return _("The computer's piece {lane} is jumped and goes back to its start.",
                     lane=lane)  # fmt: skip
        return _("The computer's piece {lane} is jumped and goes back to the far edge.",
                 lane=lane)  # fmt: skip
    if seat == H:
        if at_start:
            return _("Light piece {lane} is jumped and goes back to its start.", lane=lane)
        return _("Light piece {lane} is jumped and goes back to the far edge.", lane=lane)
    if at_start:
        return _("Dark piece {lane} is jumped and goes back to its start.", lane=lane)
    return _("Dark piece {lane} is jumped and goes back to the far edge.", lane=lane)


def rules_page(state: SquadroState) -> str:
    from .rules_page import rules_page

    return rules_page()


def side_card(state: SquadroState, seat: int) -> SideCard:
    """The seat's player card: its side and how many of its pieces are back home
    (four win)."""
    tally = _("{count} of {needed} home", count=state.home_count(seat), needed=PIECES_TO_WIN)
    return SideCard(svg.side_name(seat), svg.swatch_svg(seat), tally)
