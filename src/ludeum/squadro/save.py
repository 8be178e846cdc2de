"""Squadro games as JSON: where the game started and every move; loading replays the
moves and checks the stored position (like Senet's records, docs/save-format.md)."""

from __future__ import annotations

from typing import Any

from ..history import replay_record
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


def from_json(data: Any, observe: Any = None) -> SquadroState:
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
    state = replay_record(state, actions, Move.parse, SquadroSaveError, "move", observe=observe)
    if data.get("position") != position(state):
        raise SquadroSaveError("the stored position does not follow from the moves")
    return state
