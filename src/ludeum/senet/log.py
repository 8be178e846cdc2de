"""Words for what happens in a Senet game: the status line and the move list.

Pure functions of states, so the browser shows exactly what the tests read.
"""

from __future__ import annotations

from itertools import islice

from ..history import newest_first, replay
from ..i18n import _
from ..protocol import CHANCE
from .moves import BIT
from .state import BLACK, DRAW, PASS, Move, SenetState
from .sticks import Throw
from .track import OFF, PLINTH


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


def square_word(square: int) -> str:
    if square == OFF:
        return _("off the board")
    return _("the plinth") if square == PLINTH else str(square)


def _effects_text(state: SenetState) -> list[str]:
    """Sentences for what the last move caused, beyond the step itself."""
    texts = []
    for effect in state.effects:
        kind = effect[0]
        if kind == "bumped" and effect[2] == PLINTH:
            texts.append(
                _("The piece it landed on, on {square}, goes back to its plinth.",
                  square=effect[1])
            )  # fmt: skip
        elif kind == "bumped":
            # One sentence per colour: the colour word agrees with "piece" in French.
            if state.black & BIT[effect[2]]:
                texts.append(_("A Black piece on {square} is bumped back to {back}.",
                               square=effect[1], back=effect[2]))  # fmt: skip
            else:
                texts.append(_("A White piece on {square} is bumped back to {back}.",
                               square=effect[1], back=effect[2]))  # fmt: skip
        elif kind == "to_plinth":
            texts.append(_("It fell into the water and goes back to its plinth."))
        elif kind == "into_water":
            texts.append(_("It is in the water now: nothing else of its side can move."))
        elif kind == "reborn":
            texts.append(
                _("Back from the water, it must move with its side's next throw.")
            )  # fmt: skip
        elif kind == "waits":
            texts.append(_("The piece in the water waits."))
        elif kind == "passes":
            texts.append(_("No piece is borne off this time."))
        elif kind == "water":
            texts.append(
                _("It fell into the water and starts again on square {square}.",
                  square=effect[1])
            )  # fmt: skip
    return texts


def ending(state: SenetState) -> str:
    """How a finished game ended, in one sentence (the result banner's; the status
    says it after the last move)."""
    outcome = state.outcome()
    if outcome.reason != "throw_limit":
        return _("{side} has borne off every piece and wins, by {score} points.",
                 side=side_name(state, outcome.winner), score=outcome.score)  # fmt: skip
    if state.winner == DRAW:
        return _("The game stops after {limit} throws with neither side ahead: a draw.",
                 limit=state.rules.throw_limit)  # fmt: skip
    return _("The game stops after {limit} throws: {side} is further along and wins.",
             limit=state.rules.throw_limit, side=side_name(state, outcome.winner))  # fmt: skip


def status(state: SenetState) -> str:
    """One or two sentences: what just happened, and who does what next."""
    return " ".join([*_happened(state), *_coming(state)])


def turn_summary(steps) -> str | None:
    """A side's turn of several throws in one sentence, for the status once the
    computer has played it (issue 26): "Black (Player 2) threw 1, 4, 1, 2: 12 → 13,
    5 → 9, 13 → 14, 9 → 11." with what the moves caused after it. ``steps`` are the
    turn's (state before, action, state after), in order. None for a turn of one
    throw, which the status says as it always did, and for the opening's throws."""
    values: list[int] = []
    moves: list[str] = []
    extras: list[str] = []
    for before, action, after in steps:
        if isinstance(action, Throw):
            if before.in_opening:
                return None
            values.append(before.rules.throw_value(action.light))
            if after.effects and after.effects[0][0] == "lost":
                moves.append(_("lost"))
            continue
        moves.append(_("passes") if action == PASS else _move_text(action))
        extras.extend(_effects_text(after))
    if len(values) < 2:
        return None
    first = steps[0][0]
    text = _("{side} threw {values}: {moves}.", side=side_name(steps[-1][2], first.seat),
             values=", ".join(str(v) for v in values), moves=", ".join(moves))  # fmt: skip
    return " ".join([text, *extras])


def turn_status(state: SenetState, steps) -> str:
    """The status after a turn of ``steps``: the whole turn (``turn_summary``) then
    who does what next; the plain status for a turn of one throw."""
    summary = turn_summary(steps)
    if summary is None:
        return status(state)
    return " ".join([summary, *_coming(state)])


def _happened(state: SenetState) -> list[str]:
    """What the last action did, in sentences."""
    parts: list[str] = []
    effect = state.effects[0] if state.effects else None
    kind = effect[0] if effect else None
    actor = state.to_act()
    if kind == "opening_miss":
        parts.append(
            _("{player} threw {value}: not a 1.", player=seat_name(1 - state.seat), value=effect[1])
        )
    elif kind == "lost":
        loser = state.seat if ("extra_throw", effect[1]) in state.effects else 1 - state.seat
        if state.waiting & (1 << state.colour_of(loser)):
            parts.append(
                _("{side} threw {value}: no piece may move before its side throws a 1.",
                  side=side_name(state, loser), value=effect[1])
            )  # fmt: skip
        else:
            parts.append(
                _("{side} threw {value}, but no piece can use it: the throw is lost.",
                  side=side_name(state, loser), value=effect[1])
            )  # fmt: skip
    elif kind in ("moved", "waits", "passes"):
        mover = state.seat if _extra(state) or actor is None else 1 - state.seat
        side = side_name(state, mover)
        if kind == "moved" and effect[2] == OFF:
            parts.append(_("{side} bore off the piece on {src}.", side=side, src=effect[1]))
        elif kind == "moved" and effect[1] == PLINTH:
            parts.append(_("{side} entered a piece on {dst}.", side=side, dst=effect[2]))
        elif kind == "moved":
            parts.append(
                _("{side} moved {src} to {dst}.", side=side, src=effect[1], dst=effect[2])
            )  # fmt: skip
        else:
            parts.append(_("{side} passes.", side=side))
        parts.extend(_effects_text(state))
    return parts


def _coming(state: SenetState) -> list[str]:
    """Who does what next, or how the game ended, in sentences."""
    parts: list[str] = []
    effect = state.effects[0] if state.effects else None
    kind = effect[0] if effect else None
    actor = state.to_act()
    if actor is None:
        parts.append(ending(state))
    elif actor == CHANCE:
        if state.in_opening:
            parts.append(
                _("{player} to throw. The first to throw a 1 plays Black.",
                  player=seat_name(state.seat))
            )  # fmt: skip
        elif _extra(state):
            parts.append(_extra_reason(state))
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
        forced = state.forced and state.forced[0] == state.colour_of(state.seat)
        if state.moves == (PASS,):
            parts.append(
                _("{side} threw {value}: the piece in the water can only wait.",
                  side=side_name(state, state.seat), value=value)
            )  # fmt: skip
        elif PASS in state.moves:
            parts.append(
                _("{side} threw {value}: choose a piece to move, or pass.",
                  side=side_name(state, state.seat), value=value)
            )  # fmt: skip
        elif forced:
            parts.append(
                _("{side} threw {value}: the piece back from the water must move.",
                  side=side_name(state, state.seat), value=value)
            )  # fmt: skip
        elif all(m.backward for m in state.moves):
            parts.append(
                _("{side} threw {value}. No piece can go forward: move a piece back.",
                  side=side_name(state, state.seat), value=value)
            )  # fmt: skip
        else:
            parts.append(
                _("{side} threw {value}: choose a piece to move.",
                  side=side_name(state, state.seat), value=value)
            )  # fmt: skip
    return parts


def _extra_reason(state: SenetState) -> str:
    """Why the same side throws again."""
    side = side_name(state, state.seat)
    value = _extra(state)
    if state.rules.family == "tait":
        if any(e[0] == "moved" and e[2] == OFF for e in state.effects):
            return _("Bearing off earns another throw: {side} throws again.", side=side)
        if any(e[0] == "moved" and e[2] == 26 for e in state.effects):
            return _("Landing on the House of Beauty earns another throw: {side} throws again.",
                     side=side)  # fmt: skip
    return _("A throw of {value} earns another throw: {side} throws again.",
             value=value, side=side)  # fmt: skip


def _extra(state: SenetState) -> int | None:
    for effect in state.effects:
        if effect[0] == "extra_throw":
            return effect[1]
    return None


#: An opening of more throws than this is summed up by their number in its line.
OPENING_LISTED = 6


def opening_line(after: SenetState, thrower: int) -> str:
    """The opening in one line of the move list, said when it is decided: "Player 1
    threw 3, Player 2 threw 1: Player 2 plays Black". ``after`` is the state after
    the opening's last throw, thrown by seat ``thrower``; every action of its history
    is an opening throw, the seats taking turns. A long opening is counted rather
    than listed."""
    if len(after.history) > OPENING_LISTED:
        return _("{count} throws without a 1, then {player} threw 1: {player} plays Black",
                 count=len(after.history) - 1, player=seat_name(thrower))  # fmt: skip
    listed = _opening_throws(after, thrower, len(after.history))
    return _("{throws}: {player} plays Black", throws=listed, player=seat_name(thrower))


def opening_misses(after: SenetState, thrower: int) -> str | None:
    """The throws of a decided opening before its 1, as ``opening_line`` lists or
    counts them ("Player 1 threw 3, Player 2 threw 4"); None when the 1 came first."""
    misses = len(after.history) - 1
    if misses <= 0:
        return None
    # The newest throw is the 1: the misses are the ones before it, by the other seat first.
    return _opening_throws(after, thrower, misses, skip=1)


def _opening_throws(after: SenetState, thrower: int, count: int, skip: int = 0) -> str:
    """The ``count`` opening throws before the newest ``skip``, oldest first: listed
    by seat and value, or only counted when there are more than ``OPENING_LISTED``."""
    if count > OPENING_LISTED:
        return _("{count} throws without a 1", count=count)
    newest = islice(newest_first(after.history), skip, skip + count)
    # The thrower threw the newest throw, the other seat the one before, and so on.
    parts = [
        _("{player} threw {value}", player=seat_name(thrower if k % 2 == 0 else 1 - thrower),
          value=after.rules.throw_value(throw.light))
        for k, throw in enumerate(newest, skip)
    ]  # fmt: skip
    return ", ".join(reversed(parts))


def log_entry(before: SenetState, action: Throw | Move, after: SenetState) -> str | None:
    """A line of the move list for an action, or None when the action is a throw
    whose line comes later: one whose move will make the line, or an opening throw
    before the 1 (the opening is one line, ``opening_line``, at its end)."""
    if isinstance(action, Throw):
        value = before.rules.throw_value(action.light)
        kind = after.effects[0][0] if after.effects else None
        if kind == "opening_one":
            return opening_line(after, before.seat)
        if kind == "opening_miss":
            return None
        if kind == "lost":
            return _("{side} threw {value}: lost", side=side_name(after, before.seat), value=value)
        return None
    if before.throw is None:
        return None  # kept after the throw limit, without effect (see state.kept_after_limit)
    value = before.throw_value
    if action == PASS:
        return _("{side} threw {value}: passes", side=side_name(after, before.seat), value=value)
    text = _("{side} threw {value}: {move}.", side=side_name(after, before.seat),
             value=value, move=_move_text(action))  # fmt: skip
    extras = _effects_text(after)
    return " ".join([text, *extras])


def _move_text(move: Move) -> str:
    return f"{square_word(move.src)} → {square_word(move.dst)}"


def game_log(state: SenetState) -> list[str]:
    """The whole move list, rebuilt by replaying the game from its start."""
    lines = (log_entry(before, action, after) for before, action, after in replay(state))
    return [line for line in lines if line]
