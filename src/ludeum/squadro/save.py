"""Squadro games as JSON: where the game started and every move; loading replays the
moves and checks the stored position (like Senet's records, docs/save-format.md)."""

from __future__ import annotations

from typing import Any

from ..protocol import IllegalAction
from .notation import parse_position, position
from .state import Move, SquadroState


class SquadroSaveError(ValueError):
    """A Squadro record that cannot be loaded."""


def to_json(state: SquadroState) -> dict:
    return {
        "start": {"position": position(state.start())},
        "actions": [move.notation() for move in state.actions()],
        "position": position(state),
    }


def from_json(data: Any) -> SquadroState:
    if not isinstance(data, dict):
        raise SquadroSaveError("the game record is not an object")
    start = data.get("start")
    if not isinstance(start, dict):
        raise SquadroSaveError("the record has no start position")
    try:
        state = parse_position(start.get("position"))
    except ValueError as error:
        raise SquadroSaveError(f"bad start position: {error}") from None
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise SquadroSaveError("the record has no list of actions")
    for number, text in enumerate(actions, 1):
        try:
            state = state.apply(Move.parse(text))
        except (ValueError, IllegalAction) as error:
            raise SquadroSaveError(f"move {number} ({text!r}) cannot be played: {error}") from None
    if data.get("position") != position(state):
        raise SquadroSaveError("the stored position does not follow from the moves")
    return state
