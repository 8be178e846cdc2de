"""Words for what happens in a Senet game: the status line and the move list.

Pure functions of states, so the browser shows exactly what the tests read. Each
takes the game's ``Seating`` (``ludeum.seats``): against the computer the seats
are "you" and "the computer", as on the player cards; else their sides.
"""

from __future__ import annotations

from itertools import islice

from ..history import newest_first, replay
from ..i18n import _, _n, left_to_right, listed
from ..protocol import CHANCE
from ..seats import SIDES, Seating
from .moves import BIT
from .state import BLACK, DRAW, PASS, WHITE, Move, SenetState
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


def _bumped_text(state: SenetState, square: int, back: int, seating: Seating) -> str:
    """A piece bumped from ``square`` back to ``back``, named by its owner against
    the computer, else by its colour."""
    colour = BLACK if state.black & BIT[back] else WHITE
    owner = 0 if state.colour_of(0) == colour else 1
    if seating.is_you(owner):
        return _("Your piece on {square} is bumped back to {back}.", square=square, back=back)
    if seating.is_computer(owner):
        return _("The computer's piece on {square} is bumped back to {back}.",
                 square=square, back=back)  # fmt: skip
    # One sentence per colour: the colour word agrees with "piece" in French.
    if colour == BLACK:
        return _("A Black piece on {square} is bumped back to {back}.",
                 square=square, back=back)  # fmt: skip
    return _("A White piece on {square} is bumped back to {back}.", square=square, back=back)


def _effects_text(state: SenetState, seating: Seating = SIDES) -> list[str]:
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
            texts.append(_bumped_text(state, effect[1], effect[2], seating))
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


def ending(state: SenetState, seating: Seating = SIDES) -> str:
    """How a finished game ended, in one sentence (the result banner's; the status
    says it after the last move)."""
    outcome = state.outcome()
    winner, limit = outcome.winner, state.rules.throw_limit
    if outcome.reason != "throw_limit":
        if seating.is_you(winner):
            return _("You have borne off every piece and win, by {score} points.",
                     score=outcome.score)  # fmt: skip
        side = seating.subject(winner, side_name(state, winner))
        return _("{side} has borne off every piece and wins, by {score} points.",
                 side=side, score=outcome.score)  # fmt: skip
    if state.winner == DRAW:
        return _("The game stops after {limit} throws with neither side ahead: a draw.",
                 limit=limit)  # fmt: skip
    if seating.is_you(winner):
        return _("The game stops after {limit} throws: you are further along and win.",
                 limit=limit)  # fmt: skip
    if seating.is_computer(winner):
        return _("The game stops after {limit} throws: the computer is further along and "
                 "wins.", limit=limit)  # fmt: skip
    return _("The game stops after {limit} throws: {side} is further along and wins.",
             limit=limit, side=seating.subject(winner, side_name(state, winner)))  # fmt: skip


def status(state: SenetState, seating: Seating = SIDES) -> str:
    """One or two sentences: what just happened, and who does what next."""
    return " ".join([*_happened(state, seating), *_coming(state, seating)])


def turn_summary(steps, seating: Seating = SIDES) -> str | None:
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
        extras.extend(_effects_text(after, seating))
    if len(values) < 2:
        return None
    seat = steps[0][0].seat
    thrown, moved = listed(str(v) for v in values), listed(moves)
    if seating.is_you(seat):
        text = _("You threw {values}: {moves}.", values=thrown, moves=moved)
    else:
        side = seating.subject(seat, side_name(steps[-1][2], seat))
        text = _("{side} threw {values}: {moves}.", side=side, values=thrown, moves=moved)
    return " ".join([text, *extras])


def turn_status(state: SenetState, steps, seating: Seating = SIDES) -> str:
    """The status after a turn of ``steps``: the whole turn (``turn_summary``) then
    who does what next; the plain status for a turn of one throw."""
    summary = turn_summary(steps, seating)
    if summary is None:
        return status(state, seating)
    return " ".join([summary, *_coming(state, seating)])


def _happened(state: SenetState, seating: Seating = SIDES) -> list[str]:
    """What the last action did, in sentences."""
    parts: list[str] = []
    effect = state.effects[0] if state.effects else None
    kind = effect[0] if effect else None
    actor = state.to_act()
    if kind == "opening_miss":
        thrower, value = 1 - state.seat, effect[1]
        if seating.is_you(thrower):
            parts.append(_("You threw {value}: not a 1.", value=value))
        else:
            player = seating.subject(thrower, seat_name(thrower))
            parts.append(_("{player} threw {value}: not a 1.", player=player, value=value))
    elif kind == "lost":
        parts.append(_lost_text(state, effect[1], seating))
    elif kind in ("moved", "waits", "passes"):
        mover = state.seat if _extra(state) or actor is None else 1 - state.seat
        parts.append(_moved_text(state, mover, effect, seating))
        parts.extend(_effects_text(state, seating))
    return parts


def _lost_text(state: SenetState, value: int, seating: Seating) -> str:
    """A throw no piece could use, and why."""
    loser = state.seat if ("extra_throw", value) in state.effects else 1 - state.seat
    waiting = state.waiting & (1 << state.colour_of(loser))
    if seating.is_you(loser) and waiting:
        return _("You threw {value}: no piece may move before your side throws a 1.",
                 value=value)  # fmt: skip
    if seating.is_you(loser):
        return _("You threw {value}, but no piece can use it: the throw is lost.", value=value)
    side = seating.subject(loser, side_name(state, loser))
    if waiting:
        return _("{side} threw {value}: no piece may move before its side throws a 1.",
                 side=side, value=value)  # fmt: skip
    return _("{side} threw {value}, but no piece can use it: the throw is lost.",
             side=side, value=value)  # fmt: skip


def _moved_text(state: SenetState, mover: int, effect: tuple, seating: Seating) -> str:
    """The move just made (or the pass), by ``mover``."""
    kind = effect[0]
    if seating.is_you(mover):
        if kind == "moved" and effect[2] == OFF:
            return _("You bore off the piece on {src}.", src=effect[1])
        if kind == "moved" and effect[1] == PLINTH:
            return _("You entered a piece on {dst}.", dst=effect[2])
        if kind == "moved":
            return _("You moved {src} to {dst}.", src=effect[1], dst=effect[2])
        return _("You pass.")
    side = seating.subject(mover, side_name(state, mover))
    if kind == "moved" and effect[2] == OFF:
        return _("{side} bore off the piece on {src}.", side=side, src=effect[1])
    if kind == "moved" and effect[1] == PLINTH:
        return _("{side} entered a piece on {dst}.", side=side, dst=effect[2])
    if kind == "moved":
        return _("{side} moved {src} to {dst}.", side=side, src=effect[1], dst=effect[2])
    return _("{side} passes.", side=side)


def _coming(state: SenetState, seating: Seating = SIDES) -> list[str]:
    """Who does what next, or how the game ended, in sentences."""
    parts: list[str] = []
    effect = state.effects[0] if state.effects else None
    kind = effect[0] if effect else None
    actor = state.to_act()
    seat = state.seat
    if actor is None:
        parts.append(ending(state, seating))
    elif actor == CHANCE:
        parts.append(_to_throw(state, seating))
    elif kind == "opening_one":
        src, dst = state.moves[0].src, state.moves[0].dst
        if seating.is_you(seat):
            parts.append(_("You threw a 1 and play Black: move Black's front piece from {src} "
                           "to {dst}.", src=src, dst=dst))  # fmt: skip
        elif seating.is_computer(seat):
            parts.append(_("The computer threw a 1 and plays Black: it moves Black's front "
                           "piece from {src} to {dst}.", src=src, dst=dst))  # fmt: skip
        else:
            player = seating.subject(seat, seat_name(seat))
            parts.append(_("{player} threw a 1 and plays Black: move Black's front piece from "
                           "{src} to {dst}.", player=player, src=src, dst=dst))  # fmt: skip
    elif seating.is_you(seat) or seating.is_computer(seat):
        parts.append(_to_move_seated(state, seating))
    else:
        value = state.throw_value
        forced = state.forced and state.forced[0] == state.colour_of(state.seat)
        if state.moves == (PASS,):
            parts.append(
                _("{side} threw {value}: the piece in the water can only wait.",
                  side=seating.subject(state.seat, side_name(state, state.seat)), value=value)
            )  # fmt: skip
        elif PASS in state.moves:
            parts.append(
                _("{side} threw {value}: choose a piece to move, or pass.",
                  side=seating.subject(state.seat, side_name(state, state.seat)), value=value)
            )  # fmt: skip
        elif forced:
            parts.append(
                _("{side} threw {value}: the piece back from the water must move.",
                  side=seating.subject(state.seat, side_name(state, state.seat)), value=value)
            )  # fmt: skip
        elif all(m.backward for m in state.moves):
            parts.append(
                _("{side} threw {value}. No piece can go forward: move a piece back.",
                  side=seating.subject(state.seat, side_name(state, state.seat)), value=value)
            )  # fmt: skip
        else:
            parts.append(
                _("{side} threw {value}: choose a piece to move.",
                  side=seating.subject(state.seat, side_name(state, state.seat)), value=value)
            )  # fmt: skip
    return parts


def _to_throw(state: SenetState, seating: Seating) -> str:
    """Who throws next (the opening's throws, a throw again, a new turn)."""
    seat = state.seat
    if state.in_opening:
        if seating.is_you(seat):
            return _("Your turn: throw. The first to throw a 1 plays Black.")
        if seating.is_computer(seat):
            return _("The computer throws next. The first to throw a 1 plays Black.")
        return _("{player} to throw. The first to throw a 1 plays Black.",
                 player=seating.subject(seat, seat_name(seat)))  # fmt: skip
    if _extra(state):
        return _extra_reason(state, seating)
    if seating.is_you(seat):
        return _("Your turn: throw.")
    if seating.is_computer(seat):
        return _("The computer throws next.")
    return _("{side} to throw.", side=seating.subject(seat, side_name(state, seat)))


def _to_move_seated(state: SenetState, seating: Seating) -> str:
    """What the throw just made allows, against the computer: what you may do with
    it, or that the computer is choosing."""
    value = state.throw_value
    if seating.is_computer(state.seat):
        if state.moves == (PASS,):
            return _("The computer threw {value}: its piece in the water can only wait.",
                     value=value)  # fmt: skip
        return _("The computer threw {value} and is choosing its move.", value=value)
    forced = state.forced and state.forced[0] == state.colour_of(state.seat)
    if state.moves == (PASS,):
        return _("You threw {value}: your piece in the water can only wait.", value=value)
    if PASS in state.moves:
        return _("You threw {value}: choose a piece to move, or pass.", value=value)
    if forced:
        return _("You threw {value}: your piece back from the water must move.", value=value)
    if all(m.backward for m in state.moves):
        return _("You threw {value}. No piece can go forward: move a piece back.", value=value)
    return _("You threw {value}: choose a piece to move.", value=value)


def _extra_reason(state: SenetState, seating: Seating = SIDES) -> str:
    """Why the same side throws again."""
    side = seating.subject(state.seat, side_name(state, state.seat))
    value = _extra(state)
    you, computer = seating.is_you(state.seat), seating.is_computer(state.seat)
    if state.rules.family == "tait":
        if any(e[0] == "moved" and e[2] == OFF for e in state.effects):
            if you:
                return _("Bearing off earns another throw: you throw again.")
            if computer:
                return _("Bearing off earns another throw: the computer throws again.")
            return _("Bearing off earns another throw: {side} throws again.", side=side)
        if any(e[0] == "moved" and e[2] == 26 for e in state.effects):
            if you:
                return _("Landing on the House of Beauty earns another throw: you throw again.")
            if computer:
                return _("Landing on the House of Beauty earns another throw: the computer "
                         "throws again.")  # fmt: skip
            return _("Landing on the House of Beauty earns another throw: {side} throws again.",
                     side=side)  # fmt: skip
    if you:
        return _("A throw of {value} earns another throw: you throw again.", value=value)
    if computer:
        return _("A throw of {value} earns another throw: the computer throws again.",
                 value=value)  # fmt: skip
    return _("A throw of {value} earns another throw: {side} throws again.",
             value=value, side=side)  # fmt: skip


def _extra(state: SenetState) -> int | None:
    for effect in state.effects:
        if effect[0] == "extra_throw":
            return effect[1]
    return None


#: An opening of more throws than this is summed up by their number in its line.
OPENING_LISTED = 6


def opening_line(after: SenetState, thrower: int, seating: Seating = SIDES) -> str:
    """The opening in one line of the move list, said when it is decided: "Player 1
    threw 3, Player 2 threw 1: Player 2 plays Black" ("You threw 3, the computer
    threw 1: the computer plays Black"). ``after`` is the state after the opening's
    last throw, thrown by seat ``thrower``; every action of its history is an
    opening throw, the seats taking turns. A long opening is counted rather than
    listed."""
    you, computer = seating.is_you(thrower), seating.is_computer(thrower)
    if len(after.history) > OPENING_LISTED:
        count = len(after.history) - 1
        if you:
            return _n(
                "{count} throw without a 1, then you threw 1: you play Black",
                "{count} throws without a 1, then you threw 1: you play Black",
                count,
            )
        if computer:
            return _n("{count} throw without a 1, then the computer threw 1: the computer "
                      "plays Black", "{count} throws without a 1, then the computer threw 1: "
                      "the computer plays Black", count)  # fmt: skip
        return _n("{count} throw without a 1, then {player} threw 1: {player} plays Black",
                  "{count} throws without a 1, then {player} threw 1: {player} plays Black",
                  count, player=seating.subject(thrower, seat_name(thrower)))  # fmt: skip
    listed = _opening_throws(after, thrower, len(after.history), seating=seating)
    if you:
        return _("{throws}: you play Black", throws=listed)
    if computer:
        return _("{throws}: the computer plays Black", throws=listed)
    player = seating.subject(thrower, seat_name(thrower))
    return _("{throws}: {player} plays Black", throws=listed, player=player)


def opening_misses(after: SenetState, thrower: int, seating: Seating = SIDES) -> str | None:
    """The throws of a decided opening before its 1, as ``opening_line`` lists or
    counts them ("Player 1 threw 3, Player 2 threw 4"); None when the 1 came first."""
    misses = len(after.history) - 1
    if misses <= 0:
        return None
    # The newest throw is the 1: the misses are the ones before it, by the other seat first.
    return _opening_throws(after, thrower, misses, skip=1, seating=seating)


def _opening_throws(
    after: SenetState, thrower: int, count: int, skip: int = 0, seating: Seating = SIDES
) -> str:
    """The ``count`` opening throws before the newest ``skip``, oldest first: listed
    by seat and value, or only counted when there are more than ``OPENING_LISTED``."""
    if count > OPENING_LISTED:
        return _n("{count} throw without a 1", "{count} throws without a 1", count)
    newest = islice(newest_first(after.history), skip, skip + count)
    # The thrower threw the newest throw, the other seat the one before, and so on.
    parts = [
        _opening_throw(thrower if k % 2 == 0 else 1 - thrower,
                       after.rules.throw_value(throw.light), seating)
        for k, throw in enumerate(newest, skip)
    ]  # fmt: skip
    text = listed(reversed(parts))
    # "you" and "the computer" are written as they stand inside the list; the list
    # opens its line or sentence, so its first letter is a capital.
    return text[:1].upper() + text[1:]


def _opening_throw(seat: int, value: int, seating: Seating) -> str:
    """One throw of the opening, as an item of its list."""
    if seating.is_you(seat):
        # Translators: an item of a list, lower case unless your language says otherwise.
        return _("you threw {value}", value=value)
    if seating.is_computer(seat):
        # Translators: an item of a list, lower case unless your language says otherwise.
        return _("the computer threw {value}", value=value)
    return _("{player} threw {value}", player=seating.subject(seat, seat_name(seat)), value=value)


def log_entry(
    before: SenetState, action: Throw | Move, after: SenetState, seating: Seating = SIDES
) -> str | None:
    """A line of the move list for an action, or None when the action is a throw
    whose line comes later: one whose move will make the line, or an opening throw
    before the 1 (the opening is one line, ``opening_line``, at its end)."""
    seat = before.seat
    you = seating.is_you(seat)
    if isinstance(action, Throw):
        value = before.rules.throw_value(action.light)
        kind = after.effects[0][0] if after.effects else None
        if kind == "opening_one":
            return opening_line(after, seat, seating)
        if kind == "opening_miss":
            return None
        if kind == "lost" and you:
            return _("You threw {value}: lost", value=value)
        if kind == "lost":
            side = seating.subject(seat, side_name(after, seat))
            return _("{side} threw {value}: lost", side=side, value=value)
        return None
    if before.throw is None:
        return None  # kept after the throw limit, without effect (see state.kept_after_limit)
    value = before.throw_value
    side = seating.subject(seat, side_name(after, seat))
    if action == PASS:
        if you:
            return _("You threw {value}: passed", value=value)
        return _("{side} threw {value}: passes", side=side, value=value)
    if you:
        text = _("You threw {value}: {move}.", value=value, move=_move_text(action))
    else:
        text = _("{side} threw {value}: {move}.", side=side, value=value,
                 move=_move_text(action))  # fmt: skip
    extras = _effects_text(after, seating)
    return " ".join([text, *extras])


def _move_text(move: Move) -> str:
    return left_to_right(f"{square_word(move.src)} → {square_word(move.dst)}")


def game_log(state: SenetState, seating: Seating = SIDES) -> list[str]:
    """The whole move list, rebuilt by replaying the game from its start."""
    lines = (log_entry(before, action, after, seating) for before, action, after in replay(state))
    return [line for line in lines if line]
