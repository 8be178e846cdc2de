"""Lodestone games as JSON: settings, where the game started, every action; loading
replays the actions and checks the stored position (docs/save-format.md)."""

from __future__ import annotations

from typing import Any

from ..history import replay_record
from ..protocol import StartFault
from .notation import action_notation, parse_action, parse_position, position
from .rules import LodestoneRules
from .state import LodestoneState


class LodestoneSaveError(ValueError):
    """A Lodestone record that cannot be loaded."""


def to_json(state: LodestoneState) -> dict:
    start = state.start()
    return {
        "rules": start.rules.to_json(),
        "start": {"position": position(start), "first": start.first - 1},
        "actions": [action_notation(a) for a in state.actions()],
        "position": position(state),
    }


def from_json(data: Any, observe: Any = None) -> LodestoneState:
    if not isinstance(data, dict) or not isinstance(data.get("start"), dict):
        raise LodestoneSaveError("the game record has no start")
    try:
        rules = LodestoneRules.from_json(data.get("rules"))
        first = data["start"].get("first", 0)
        if first not in (0, 1) or type(first) is not int:
            raise ValueError("first must be 0 or 1")
        state = parse_position(rules, data["start"].get("position"), first_seat=first)
    except StartFault:
        raise  # named for the page (ludeum.saves, ludeum.records.text say it translated)
    except ValueError as error:
        raise LodestoneSaveError(f"bad start: {error}") from None
    actions = data.get("actions")
    state = replay_record(state, actions, parse_action, LodestoneSaveError, observe=observe)
    if data.get("position") != position(state):
        raise LodestoneSaveError("the stored position does not follow from the actions")
    return state
