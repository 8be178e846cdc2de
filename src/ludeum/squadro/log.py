"""Words for what happens in a Squadro game: the status line and the move list,
with "you" and "the computer" for the seats against the computer (``Seating``)."""

from __future__ import annotations

from ..history import replay
from ..i18n import _
from ..seats import SIDES, Seating
from .rules import H
from .state import Move, SquadroState
from .svg import side_name


def player_name(seat: int) -> str:
    return _("{side} (Player {number})", side=side_name(seat), number=seat + 1)


def _effects_text(state: SquadroState) -> list[str]:
    texts = []
    for effect in state.effects:
        if effect[0] == "jumped" and len(effect[1]) == 1:
            texts.append(_("It jumped 1 piece and sent it back."))
        elif effect[0] == "jumped":
            texts.append(_("It jumped {count} pieces and sent them back.",
                           count=len(effect[1])))  # fmt: skip
        elif effect[0] == "turned":
            texts.append(_("It reached the far edge and turns round."))
        elif effect[0] == "home":
            texts.append(_("It is home."))
    return texts


def leader(state: SquadroState, seating: Seating = SIDES) -> str:
    """Who is closer to winning: pieces home first, then how far the others have come."""
    homes = (state.home_count(H), state.home_count(1 - H))
    if homes[0] != homes[1]:
        ahead = H if homes[0] > homes[1] else 1 - H
        home, other = max(homes), min(homes)
        if seating.is_you(ahead):
            return _("You are closer to winning, with {home} home against {other}.",
                     home=home, other=other)  # fmt: skip
        return _("{side} is closer to winning, with {home} home against {other}.",
                 side=seating.subject(ahead, side_name(ahead)), home=home,
                 other=other)  # fmt: skip
    race = (state.race_score(H), state.race_score(1 - H))
    if race[0] == race[1]:
        return _("The race is level.")
    ahead = H if race[0] > race[1] else 1 - H
    if seating.is_you(ahead):
        return _("You are further along.")
    return _("{side} is further along.", side=seating.subject(ahead, side_name(ahead)))


def ending(state: SquadroState, seating: Seating = SIDES) -> str:
    """How a finished game ended, in one sentence (the result banner's)."""
    if seating.is_you(state.winner):
        return _("You have brought four pieces home and win.")
    side = seating.subject(state.winner, player_name(state.winner))
    return _("{side} has brought four pieces home and wins.", side=side)


def status(state: SquadroState, seating: Seating = SIDES) -> str:
    parts = []
    moved = state.effects[0] if state.effects else None
    if moved and moved[0] == "moved":
        mover = state.winner if state.winner is not None else 1 - state.seat
        if seating.is_you(mover):
            parts.append(_("You moved the piece in lane {lane}.", lane=moved[1]))
        else:
            parts.append(_("{side} moved the piece in lane {lane}.",
                           side=seating.subject(mover, player_name(mover)),
                           lane=moved[1]))  # fmt: skip
        parts.extend(_effects_text(state))
    if state.winner is not None:
        parts.append(ending(state, seating))
        return " ".join(parts)
    if seating.is_you(state.seat):
        parts.append(_("Your turn: move."))
    elif seating.is_computer(state.seat):
        parts.append(_("The computer moves next."))
    else:
        parts.append(_("{side} to move.",
                       side=seating.subject(state.seat, player_name(state.seat))))  # fmt: skip
    parts.append(leader(state, seating))
    return " ".join(parts)


def log_entry(
    before: SquadroState, action: Move, after: SquadroState, seating: Seating = SIDES
) -> str:
    if seating.is_you(before.seat):
        text = _("You: lane {lane}.", lane=action.lane)
    else:
        side = seating.subject(before.seat, side_name(before.seat))
        text = _("{side}: lane {lane}.", side=side, lane=action.lane)
    return " ".join([text, *_effects_text(after)])


def game_log(state: SquadroState, seating: Seating = SIDES) -> list[str]:
    return [log_entry(before, action, after, seating) for before, action, after in replay(state)]
