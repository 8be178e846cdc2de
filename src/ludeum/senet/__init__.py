"""Senet, the race game of ancient Egypt, under several scholars' reconstructions."""

from .moves import tables
from .notation import parse_action, parse_position, position
from .rulesets import JEQUIER, JEQUIER_LUDII, PRESETS, SenetRules
from .save import SenetSaveError, from_json, to_json
from .state import BLACK, EMPTY, WHITE, Move, SenetState, new_game, score
from .sticks import THROW_OUTCOMES, Throw, throw_sticks

__all__ = [
    "BLACK", "EMPTY", "JEQUIER", "JEQUIER_LUDII", "PRESETS", "THROW_OUTCOMES", "WHITE",
    "Move", "SenetRules", "SenetSaveError", "SenetState", "Throw", "from_json", "new_game",
    "parse_action", "parse_position", "position", "score", "tables", "throw_sticks", "to_json",
]  # fmt: skip
