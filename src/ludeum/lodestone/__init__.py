"""Lodestone: a king and seven pawns a side, with digits set by hidden magnets."""

from .notation import parse_action, parse_position, position
from .rules import RED, STANDARD, WHITE, LodestoneRules
from .save import LodestoneSaveError, from_json, to_json
from .state import PASS, KingFile, LodestoneState, Move, moves_of, new_game

__all__ = [
    "PASS", "RED", "STANDARD", "WHITE", "KingFile", "LodestoneRules", "LodestoneSaveError",
    "LodestoneState", "Move", "from_json", "moves_of", "new_game", "parse_action",
    "parse_position", "position", "to_json",
]  # fmt: skip
