"""Senet games as JSON: the ruleset, where the game started, and every action.

The stored ``position`` is a check, not the source of truth: loading replays the
actions from the start under the rules, so a save can never hold a position the
rules could not reach, and any edit that breaks the chain is reported, not loaded.
See docs/save-format.md.
"""

from __future__ import annotations

from typing import Any

from ..history import replay_record
from .notation import parse_action, parse_position, position
from .rulesets import SenetRules
from .state import SenetState


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


def from_json(data: Any) -> SenetState:
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
    except ValueError as error:
        raise SenetSaveError(f"bad start position: {error}") from None
    waiting, forced, throws = start.get("waiting", 0), start.get("forced"), start.get("throws", 0)
    if type(waiting) is not int or not 0 <= waiting <= 6:
        raise SenetSaveError("waiting must be a colour mask (0-6)")
    if forced is not None and not (
        isinstance(forced, list)
        and len(forced) == 2
        and forced[0] in (1, 2)
        and type(forced[1]) is int
        and 1 <= forced[1] <= 30
    ):
        raise SenetSaveError("forced must be null or [colour, square]")
    if type(throws) is not int or throws < 0:
        raise SenetSaveError("throws must be a count")
    state = state._replace(waiting=waiting, forced=tuple(forced or ()), throws=throws)
    state = replay_record(state, data.get("actions"), parse_action, SenetSaveError)
    if data.get("position") != position(state):
        raise SenetSaveError("the stored position does not follow from the actions")
    return state
