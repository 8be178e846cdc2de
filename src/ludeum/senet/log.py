"""Words for what happens in a Senet game: the status line and the move list.

Pure functions of states, so the browser shows exactly what the tests read.
"""

from __future__ import annotations

from ..i18n import _
from ..protocol import CHANCE
from .moves import BIT
from .state import BLACK, WHITE, Move, SenetState
from .sticks import Throw
from .track import OFF


def seat_name(seat: int) -> str:
    return _("Player {number}", number=seat + 1)


def side_name(state: SenetState, seat: int) -> str:
    """ "Black (Player 2)" once colours are known, "Player 2" before."""
    colour = state.colour_of(seat)
    if colour is None:
        return seat_name(seat)
    if colour == BLACK:
        return _("Black ({player})", player=seat_name(seat))
    return _("White ({player})", player=seat_name(seat))


def colour_word(colour: int) -> str:
    return _("Black") if colour == BLACK else _("White")


def square_word(square: int) -> str:
    return _("off the board") if square == OFF else str(square)


def _effects_text(state: SenetState) -> list[str]:
    """Sentences for what the last move caused, beyond the step itself."""
    texts = []
    for effect in state.effects:
        kind = effect[0]
        if kind == "bumped":
            victim = colour_word(BLACK if state.black & BIT[effect[2]] else WHITE)
            texts.append(
                _("A {colour} piece on {square} is bumped back to {back}.",
                  colour=victim, square=effect[1], back=effect[2])
            )  # fmt: skip
        elif kind == "water":
            texts.append(
                _("It fell into the water and starts again on square {square}.",
                  square=effect[1])
            )  # fmt: skip
        elif kind == "borne_off":
            texts.append(_("The piece is borne off."))
    return texts


def status(state: SenetState) -> str:
    """One or two sentences: what just happened, and who does what next."""
    parts: list[str] = []
    effect = state.effects[0] if state.effects else None
    kind = effect[0] if effect else None
    actor = state.to_act()
    # What just happened.
    if kind == "opening_miss":
        parts.append(
            _("{player} threw {value}: not a 1.", player=seat_name(1 - state.seat), value=effect[1])
        )
    elif kind == "lost":
        loser = state.seat if ("extra_throw", effect[1]) in state.effects else 1 - state.seat
        parts.append(
            _("{side} threw {value}, but no piece can use it: the throw is lost.",
              side=side_name(state, loser), value=effect[1])
        )  # fmt: skip
    elif kind == "moved":
        mover = state.seat if _extra(state) or actor is None else 1 - state.seat
        parts.append(
            _("{side} moved {src} to {dst}.", side=side_name(state, mover),
              src=square_word(effect[1]), dst=square_word(effect[2]))
        )  # fmt: skip
        parts.extend(_effects_text(state))
    # What comes next.
    if actor is None:
        outcome = state.outcome()
        parts.append(
            _("{side} has borne off every piece and wins, by {score} points.",
              side=side_name(state, outcome.winner), score=outcome.score)
        )  # fmt: skip
    elif actor == CHANCE:
        if state.in_opening:
            parts.append(
                _("{player} to throw. The first to throw a 1 plays Black.",
                  player=seat_name(state.seat))
            )  # fmt: skip
        elif _extra(state):
            parts.append(
                _("A throw of {value} earns another throw: {side} throws again.",
                  value=_extra(state), side=side_name(state, state.seat))
            )  # fmt: skip
        else:
            parts.append(_("{side} to throw.", side=side_name(state, state.seat)))
    elif kind == "opening_one":
        move = state.moves[0]
        parts.append(
            _("{player} threw a 1 and plays Black: move Black's front piece from {src} to {dst}.",
              player=seat_name(state.seat), src=move.src, dst=move.dst)
        )  # fmt: skip
    else:
        value = state.throw_value
        if all(m.backward for m in state.moves):
            parts.append(
                _("{side} threw {value}. No piece can go forward: move a piece back.",
                  side=side_name(state, state.seat), value=value)
            )  # fmt: skip
        else:
            parts.append(
                _("{side} threw {value}: choose a piece to move.",
                  side=side_name(state, state.seat), value=value)
            )  # fmt: skip
    return " ".join(parts)


def _extra(state: SenetState) -> int | None:
    for effect in state.effects:
        if effect[0] == "extra_throw":
            return effect[1]
    return None


def log_entry(before: SenetState, action: Throw | Move, after: SenetState) -> str | None:
    """A line of the move list for an action, or None when the action is the throw
    whose move will make the line."""
    if isinstance(action, Throw):
        value = before.rules.throw_value(action.light)
        kind = after.effects[0][0] if after.effects else None
        if kind == "opening_miss":
            return _("{player} threw {value}", player=seat_name(before.seat), value=value)
        if kind == "lost":
            return _("{side} threw {value}: lost", side=side_name(after, before.seat), value=value)
        return None
    value = before.throw_value
    text = _("{side} threw {value}: {move}", side=side_name(after, before.seat),
             value=value, move=_move_text(action))  # fmt: skip
    extras = _effects_text(after)
    return " ".join([text, *extras])


def _move_text(move: Move) -> str:
    return f"{square_word(move.src)} → {square_word(move.dst)}"


def game_log(state: SenetState) -> list[str]:
    """The whole move list, rebuilt by replaying the game from its start."""
    entries = []
    current = state.start()
    for action in state.actions():
        after = current.apply(action)
        entry = log_entry(current, action, after)
        if entry:
            entries.append(entry)
        current = after
    return entries
