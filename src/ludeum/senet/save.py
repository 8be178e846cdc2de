"""Senet games as JSON: the ruleset, where the game started, and every action.

The stored ``position`` is a check, not the source of truth: loading replays the
actions from the start under the rules, so a save can never hold a position the
rules could not reach, and any edit that breaks the chain is reported, not loaded.
See docs/save-format.md.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..history import replay_record
from ..i18n import N_
from ..protocol import StartFault
from .notation import parse_action, parse_position, position
from .rulesets import MAX_THROW_LIMIT, SenetRules
from .state import BLACK, WHITE, SenetState, stopped_in_opening


class SenetSaveError(ValueError):
    """A Senet record that cannot be loaded; the message says why, in English, for logs."""


def to_json(state: SenetState) -> dict:
    start = state.start()
    return {
        "rules": start.rules.to_json(),
        "start": {
            "position": position(start),
            "black_seat": start.black_seat,
            # Kendall's flags that position notation does not carry (see notation).
            "waiting": start.waiting,
            "forced": list(start.forced) or None,
            "throws": start.throws,
        },
        "actions": [action.notation() for action in state.actions()],
        "position": position(state),
    }


def from_json(data: Any, observe: Any = None) -> SenetState:
    if not isinstance(data, dict):
        raise SenetSaveError("the game record is not an object")
    try:
        rules = SenetRules.from_json(data.get("rules"))
    except ValueError as error:
        raise SenetSaveError(f"bad ruleset: {error}") from None
    start = data.get("start")
    if not isinstance(start, dict) or not isinstance(start.get("position"), str):
        raise SenetSaveError("the record has no start position")
    black_seat = start.get("black_seat")
    if black_seat is not None and (type(black_seat) is not int or black_seat not in (0, 1)):
        raise SenetSaveError("black_seat must be 0, 1 or null")
    try:
        state = parse_position(rules, start["position"], black_seat=black_seat or 0)
    except StartFault:
        raise  # named for the page (ludeum.saves, ludeum.records.text say it translated)
    except ValueError as error:
        raise SenetSaveError(f"bad start position: {error}") from None
    waiting, forced, throws = start.get("waiting", 0), start.get("forced"), start.get("throws", 0)
    _check_counters(state, waiting, forced, throws)
    if state.black_seat is None and state.winner is None:
        _check_opening(state, black_seat, waiting, forced)
    state = state._replace(waiting=waiting, forced=tuple(forced or ()), throws=throws)
    start_state = state
    actions = data.get("actions")
    state = replay_record(state, actions, parse_action, SenetSaveError, observe=observe)
    stored = data.get("position")
    if stored != position(state) and not _older_opening(start_state, state, data, stored):
        raise SenetSaveError("the stored position does not follow from the actions")
    return state


def _check_opening(state: SenetState, black_seat: Any, waiting: int, forced: Any) -> None:
    """A start in the opening (no side plays Black yet) holds what ``new_game`` and the
    opening's throws can give it: no Black seat, no piece back from the water, and
    under the Starting Throw only White waiting for its 1 (the opening's 1 makes its
    thrower Black, who never waits). The board and the pending throw are checked by
    ``parse_position``."""
    if black_seat is not None:
        raise StartFault(N_("A start in the opening names a Black seat, but the opening "
                            "has not yet decided who plays Black."))  # fmt: skip
    if forced:
        raise StartFault(N_("A start in the opening has a piece back from the water, but "
                            "no piece has moved yet."))  # fmt: skip
    if state.rules.starting_throw and waiting != 1 << WHITE:
        raise StartFault(N_("Under the Starting Throw, White waits for its 1 from the "
                            "start to the end of the opening; this start says "
                            "otherwise."))  # fmt: skip


def _older_opening(start: SenetState, end: SenetState, data: dict, stored: Any) -> bool:
    """Whether a save from before the throw limit counted the opening's throws
    explains the stored position: the game, which now stops at the limit during the
    opening (every action kept), is checked as it was played then, with no limit
    (the limit then stopped it once the colours were decided: its board is the same).
    """
    if not isinstance(stored, str) or not stopped_in_opening(end):
        return False
    unlimited = start._replace(rules=replace(start.rules, throw_limit=0))
    played = replay_record(unlimited, data["actions"], parse_action, SenetSaveError)
    return position(played).split()[:2] == stored.split()[:2]


#: The bits ``waiting`` can hold: White's (``1 << 1``) and Black's (``1 << 2``).
WAITING_MASKS = (0, 2, 4, 6)


def _check_counters(state: SenetState, waiting: Any, forced: Any, throws: Any) -> None:
    """Refuse start counters the rules cannot reach (``bool`` is not a number here)."""
    rules = state.rules
    if type(waiting) is not int or waiting not in WAITING_MASKS:
        raise SenetSaveError("waiting must be a colour mask: 0, 2 (White), 4 (Black) or 6")
    if waiting and not rules.starting_throw:
        raise SenetSaveError("only Kendall's Starting Throw makes a side wait for a 1")
    if forced is not None:
        if not (
            isinstance(forced, list)
            and len(forced) == 2
            and all(type(n) is int for n in forced)
            and forced[0] in (WHITE, BLACK)
            and 1 <= forced[1] <= 30
        ):
            raise SenetSaveError("forced must be null or [colour 1 or 2, square 1-30]")
        if rules.family != "kendall":
            raise SenetSaveError("only Kendall's water forces a piece to move")
        if state.board[forced[1]] != forced[0]:
            raise SenetSaveError("forced names a square without a piece of that colour")
    if type(throws) is not int or throws < 0:
        raise SenetSaveError("throws must be a count")
    if rules.throw_limit and throws >= rules.throw_limit:
        # The game would have stopped at the limit: a start position cannot be there.
        raise SenetSaveError(f"throws must stay below the throw limit ({rules.throw_limit})")
    if throws > MAX_THROW_LIMIT:
        raise SenetSaveError(f"throws cannot pass the throw limit ({MAX_THROW_LIMIT})")
