"""Lodestone: a king and seven pawns a side, each piece showing a digit that a
hidden magnet under its square sets. (The commercial name of the game is unknown;
"lodestone" is a natural magnet.)

Source: the bilingual rule sheet of seed 004, read with the project's rules spec,
section 6 (our reconstruction and its reasons). Choices:

* An 8x8 board (the sheet gives 8 files; a square board is what lets the board be
  rotated between games). Squares are numbered ``rank * 8 + file`` from Red's seat:
  file 0-7 is a-h, rank 0 is Red's home rank (rank 1), rank 7 White's.
* A piece's digit is read from a hidden 8x8 map of digits 1-4 under the squares
  (magnets turning the piece's dial, as in US patent 4,083,564), looked up wherever
  the piece stands: the sheet's remark that a digit changes during a move, and its
  advice to turn the board now and then, only make sense that way. The default
  map below is invented and balanced: symmetric under a half turn, each digit twice
  in every rank and file, no two orthogonal neighbours equal.
* Options: a per-colour reading (White reads 1 as 3 and 2 as 4, and back: the half
  turn of the dial when a piece faces the other way), and the map turned by quarter
  turns (the "rotate the board" of the sheet, offered after a game).
* A move is exactly N orthogonal steps, N the digit at the start: straight, or k steps
  then N - k steps at a right angle; never diagonal, never two turns, never turning
  back, never over a piece. Landing on an enemy piece captures it; capturing is never
  compulsory.
* Check (a king that some enemy piece could take next move) is shown, not enforced:
  there is no checkmate and no duty to answer it.
* Taking the enemy king wins; so does leaving the enemy exactly a king and one pawn.
* The app's additions: a side with no legal move passes; if neither side can move, or
  after 100 moves without a capture, the game is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

RED, WHITE = 1, 2
FILES = "abcdefgh"
KING_FILES = (3, 4)  # d and e: the fourth square from either end of the home rank
HOME_RANK = {RED: 0, WHITE: 7}

#: The default map, rank 8 (White's home) first, files a-h, as printed in the spec.
DEFAULT_ROWS = (
    "34143212",
    "21432341",
    "12314234",
    "43121423",
    "32412134",
    "43241321",
    "14323412",
    "21234143",
)


def _from_rows(rows: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(int(rows[7 - square // 8][square % 8]) for square in range(64))


DEFAULT_MAP = _from_rows(DEFAULT_ROWS)


def rotate(digit_map: tuple[int, ...], quarter_turns: int) -> tuple[int, ...]:
    """The map turned clockwise (seen from Red's seat) by quarter turns."""
    for _ in range(quarter_turns % 4):
        # The digit now under (rank, file) was under (7 - file, rank) before the turn.
        digit_map = tuple(digit_map[(7 - (s % 8)) * 8 + s // 8] for s in range(64))
    return digit_map


#: The app plays with 100; the bound keeps every game, and every number in a save,
#: finite: at most this many moves between two of the 15 or so captures a game has.
MAX_MOVES_WITHOUT_CAPTURE = 1000


@dataclass(frozen=True)
class LodestoneRules:
    per_colour_reading: bool = False
    rotation: int = 0  # quarter turns of the hidden map
    moves_without_capture: int = 100

    def __post_init__(self) -> None:
        if self.rotation not in (0, 1, 2, 3):
            raise ValueError("rotation is 0 to 3 quarter turns")
        if not 1 <= self.moves_without_capture <= MAX_MOVES_WITHOUT_CAPTURE:
            raise ValueError(f"moves_without_capture must be 1 to {MAX_MOVES_WITHOUT_CAPTURE:,}")

    def digit_maps(self) -> dict[int, tuple[int, ...]]:
        """The digit each colour reads on every square (computed once per ruleset)."""
        return _digit_maps(self)

    def _build_maps(self) -> dict[int, tuple[int, ...]]:
        red = rotate(DEFAULT_MAP, self.rotation)
        if not self.per_colour_reading:
            return {RED: red, WHITE: red}
        flip = {1: 3, 2: 4, 3: 1, 4: 2}
        return {RED: red, WHITE: tuple(flip[d] for d in red)}

    def to_json(self) -> dict:
        return {
            "per_colour_reading": self.per_colour_reading,
            "rotation": self.rotation,
            "moves_without_capture": self.moves_without_capture,
        }

    @classmethod
    def from_json(cls, data) -> LodestoneRules:
        if not isinstance(data, dict) or set(data) - {
            "per_colour_reading", "rotation", "moves_without_capture"
        }:  # fmt: skip
            raise ValueError("unknown Lodestone settings")
        per_colour = data.get("per_colour_reading", False)
        rotation = data.get("rotation", 0)
        limit = data.get("moves_without_capture", 100)
        if type(per_colour) is not bool or type(rotation) is not int or type(limit) is not int:
            raise ValueError("Lodestone settings have the wrong types")
        return cls(per_colour, rotation, limit)


@lru_cache(maxsize=16)
def _digit_maps(rules: LodestoneRules) -> dict[int, tuple[int, ...]]:
    return rules._build_maps()


STANDARD = LodestoneRules()


def square_name(square: int) -> str:
    return f"{FILES[square % 8]}{square // 8 + 1}"


def parse_square(name: str) -> int:
    if (
        not isinstance(name, str)
        or len(name) != 2
        or name[0] not in FILES
        or name[1] not in "12345678"
    ):
        raise ValueError(f"not a square: {name!r}")
    return (int(name[1]) - 1) * 8 + FILES.index(name[0])
