"""Boards as plain text for a terminal: pure functions of a state, one per game.

Each follows the drawn board (``<game>/svg.py``) so that a position reads the same in
the page and in a terminal, and uses the letters of the game's position notation
(``<game>/notation.py``):

* Senet: three rows of ten along the reversed S (1-10 left to right, 11-20 right to
  left, 21-30 left to right), each square's number above what stands on it: ``W``,
  ``B``, ``.`` empty, ``~`` the empty water; then the pieces borne off and, in Tait's
  reading, those waiting on the plinth.
* Squadro: the 7x7 board without its corners, Dark's lanes numbered along the top
  (Dark starts there and moves down), Light's down the left (Light starts there and
  moves right). A piece is an arrow pointing the way it travels: Light ``>`` going
  out, ``<`` coming back; Dark ``v`` out, ``^`` back. ``+`` is an empty crossing,
  ``.`` an empty start or far-edge space. Then the pieces home.
* Lodestone: rank 8 (White's home) at the top, Red's home rank 1 at the bottom;
  a piece is its notation letter (``r``/``R`` Red pawn/king, ``w``/``W`` White's)
  followed by the digit it shows; ``.`` is empty.
"""

from __future__ import annotations

from typing import Any

from ..i18n import _
from ..saves import game_name


def board_text(state: Any) -> str:
    game = game_name(state)
    if game == "senet":
        return senet_text(state)
    if game == "squadro":
        return squadro_text(state)
    return lodestone_text(state)


def senet_text(state: Any) -> str:
    from ..senet.state import BLACK, WHITE
    from ..senet.track import WATER, square_at

    letters = {WHITE: "W", BLACK: "B"}
    board = state.board
    lines = []
    for row, arrow in ((0, "→"), (1, "←"), (2, "→")):
        squares = [square_at(row, column) for column in range(10)]
        lines.append("".join(f"{s:>4}" for s in squares) + f"  {arrow}")
        marks = []
        for s in squares:
            marks.append(letters.get(board[s], "~" if s == WATER else "."))
        lines.append("".join(f"{m:>4}" for m in marks))
    lines.append(
        _("Borne off: White {white}, Black {black}.",
          white=state.borne_off[WHITE], black=state.borne_off[BLACK])
    )  # fmt: skip
    if state.rules.family == "tait":
        lines.append(
            _("On the plinth: White {white}, Black {black}.",
              white=state.on_plinth(WHITE), black=state.on_plinth(BLACK))
        )  # fmt: skip
    return "\n".join(lines)


def squadro_text(state: Any) -> str:
    from ..squadro.rules import HOME, LANES, POSITION, TURNAROUND, H, V

    grid = [[" " if r in (0, 6) and c in (0, 6) else "." for c in range(7)] for r in range(7)]
    for r in range(1, 6):
        for c in range(1, 6):
            grid[r][c] = "+"
    for seat in (H, V):
        for lane in LANES:
            progress = state.progress[seat][lane]
            if progress == HOME:
                continue
            position = POSITION[progress]
            back = progress >= TURNAROUND
            if seat == H:
                grid[lane][position] = "<" if back else ">"
            else:
                grid[position][lane] = "^" if back else "v"
    lines = ["    " + "".join(f"{lane:>3}" for lane in ("", *LANES))]
    for r in range(7):
        label = str(r) if 1 <= r <= 5 else ""
        lines.append((f"{label:>4}" + "".join(f"{cell:>3}" for cell in grid[r])).rstrip())
    lines.append(
        _("Home: Light {light}, Dark {dark} (four win).",
          light=state.home_count(H), dark=state.home_count(V))
    )  # fmt: skip
    return "\n".join(lines)


def lodestone_text(state: Any) -> str:
    from ..lodestone.notation import LETTERS
    from ..lodestone.rules import FILES

    lines = ["   " + "".join(f"{f:>3}" for f in FILES)]
    for rank in range(7, -1, -1):
        cells = []
        for file in range(8):
            square = rank * 8 + file
            code = state.board[square]
            cells.append(f"{LETTERS[code]}{state.digit(square)}" if code else ".")
        lines.append(f"{rank + 1:>3}" + "".join(f"{cell:>3}" for cell in cells))
    return "\n".join(lines)


def position_text(state: Any) -> str:
    """The position in the game's own notation (docs/save-format.md)."""
    from importlib import import_module

    return import_module(f"ludeum.{game_name(state)}.notation").position(state)
