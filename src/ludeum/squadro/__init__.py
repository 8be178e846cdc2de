"""Squadro, the race-and-jump game by Adrián Jiménez Pascual (Gigamic)."""

from .notation import parse_position, position
from .rules import HOME, TURNAROUND, H, V
from .save import SquadroSaveError, from_json, to_json
from .state import Move, SquadroState, move_piece, new_game

__all__ = [
    "H", "HOME", "TURNAROUND", "V", "Move", "SquadroSaveError", "SquadroState", "from_json",
    "move_piece", "new_game", "parse_position", "position", "to_json",
]  # fmt: skip
