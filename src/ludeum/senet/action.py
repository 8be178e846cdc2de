"""Senet's moves: the ``Move`` value (where a piece goes from and to) and ``PASS``.

The bottom of the rules, with the track: the move generators (``moves``,
``kendall``, ``tait``) and the state build on it. ``MOVE[src][dst]`` holds one
``Move`` for every pair of squares 0-31, made once: the generators hand those out
instead of building a new tuple for each move (a move is a value: equal moves
compare equal wherever they were made).
"""

from __future__ import annotations

from typing import NamedTuple

from .track import OFF, PLINTH


class Move(NamedTuple):
    """A piece moving from ``src`` to ``dst``. ``dst`` may be ``OFF`` (borne off);
    ``src`` may be ``PLINTH`` (entering). ``dst`` is where the throw takes the piece:
    if that is the water, the piece then goes elsewhere (see ``effects``)."""

    src: int
    dst: int

    def notation(self) -> str:
        if self == PASS:
            return "pass"

        def name(square: int) -> str:
            return "off" if square == OFF else "P" if square == PLINTH else str(square)

        return f"{name(self.src)}-{name(self.dst)}"

    @property
    def backward(self) -> bool:
        return self.dst < self.src

    @classmethod
    def parse(cls, text: str) -> Move:
        if text == "pass":
            return PASS

        def square(name: str) -> int:
            if name == "off":
                return OFF
            if name == "P":
                return PLINTH
            if len(name) <= 2 and name.isascii() and name.isdigit() and 1 <= int(name) <= 30:
                return int(name)
            raise ValueError(f"not a square: {name!r}")

        src, sep, dst = text.partition("-")
        if not sep:
            raise ValueError(f"not a move: {text!r}")
        return cls(square(src), square(dst))


#: Doing nothing with a throw, where a ruleset allows it (Kendall: waiting in the
#: water, or declining to bear off).
PASS = Move(PLINTH, PLINTH)

#: ``MOVE[src][dst]``: every move between squares 0 (the plinth) and 31 (off), made once.
MOVE: tuple[tuple[Move, ...], ...] = tuple(
    tuple(Move(src, dst) for dst in range(32)) for src in range(32)
)
