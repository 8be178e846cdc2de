"""Which step of the two hash chains makes each Senet throw.

A throw uses both players' chain values at one height, its *index*. Indices come in
*windows*: runs of consecutive indices handed to the device that makes the throws,
the window's *owner*. The owner is the seat that throws, except in Senet's opening,
where nobody decides anything (each side throws until one throws a 1) and the first
seat's device throws for both sides, so that the opening takes no links.

Before a window is used, the other player reveals their chain up to its end: the
owner can then throw alone, as many times as the rules give in a row, without
waiting. The owner reveals its own values of that window only after its turn. Who
does not own a window never knows both values of an unused index in it, so nobody
foresees a throw of the other side, nor one of their own next turn: a window's
unused indices are never used later (the next window starts after its end). What no
scheme with one link per turn can avoid: the owner may work out the rest of the
current turn's throws before playing them (docs/save-format.md).

A window has ``WINDOW`` indices (``OPENING_WINDOW`` in the opening). A turn that
needs more throws than that waits for the friend to reveal as many again as the
window's own size (an extra link each way; the opening's window, which the first
seat's first turn goes on using when it won the opening, grows by
``OPENING_WINDOW``): with six throws in sixteen giving another throw, a turn has
more than ten throws about once in 18,000 turns; the opening has more than 32
throws about once in 10,000 games.

Everything here is a pure function of the game's actions: both devices, and any
reader of a link, find the same index for every throw.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..protocol import CHANCE

#: Indices in a window of a turn.
WINDOW = 10
#: Indices in the opening's window: each side throws until one throws a 1, about
#: four throws; more than 32 in a row happens about once in 10,000 games.
OPENING_WINDOW = 32
#: A game by links keeps to this throw limit (every preset's): the chains must be
#: long enough for every throw a game can have (``chain_length``).
MAX_THROWS = 3000


def owner(state: Any) -> int:
    """The seat whose device makes the throw pending in ``state``."""
    if getattr(state, "in_opening", False):
        return state.start().seat
    return state.seat


def chain_length(rules: Any) -> int:
    """The height of each player's chain for a game under ``rules``: room for every
    index its throws can take. Each turn's window holds at least one throw and is
    extended only when full; one more window may be revealed before it is used."""
    limit = rules.throw_limit
    if not 0 < limit <= MAX_THROWS:
        raise ValueError(f"a game by links needs a throw limit of 1 to {MAX_THROWS}")
    return WINDOW * (limit + 1) + OPENING_WINDOW


@dataclass(frozen=True)
class Windows:
    """The windows so far: the current one (its owner, last index and size) and the
    highest index used. A new game's is ``Windows()``."""

    owner: int | None = None
    end: int = 0
    size: int = 0
    used: int = 0

    def place(self, state: Any) -> tuple[Windows, int]:
        """The windows after the throw pending in ``state``, and that throw's index."""
        seat = owner(state)
        if seat != self.owner:
            size = OPENING_WINDOW if getattr(state, "in_opening", False) else WINDOW
            windows = Windows(seat, self.end + size, size, self.end)
        elif self.used == self.end:
            windows = replace(self, end=self.end + self.size)
        else:
            windows = self
        return replace(windows, used=windows.used + 1), windows.used + 1


def replay(state: Any, since: tuple[Any, Windows] | None = None) -> tuple[Windows, list[int]]:
    """The windows after every action of ``state``'s game, and the index of each
    throw after ``since`` (an earlier position of the game and its windows, to go on
    from; the start when None), in the order of the game's throws."""
    current, placed = since if since is not None else (state.start(), Windows())
    indices = []
    actions = state.actions()
    for action in actions[len(current.actions()) :]:
        if current.to_act() == CHANCE:
            placed, index = placed.place(current)
            indices.append(index)
        current = current.apply(action)
    return placed, indices


def next_throw(state: Any, windows: Windows) -> tuple[int, int, int] | None:
    """(owner, index, end of its window) of the throw pending in ``state``, or None
    when the next action is not a throw."""
    if state.to_act() != CHANCE:
        return None
    after, index = windows.place(state)
    return after.owner, index, after.end


def needed_height(state: Any, windows: Windows, seat: int) -> int:
    """How far ``seat`` must have revealed its chain in a link it sends at ``state``:
    every index used so far, and, when the next throw is the other device's, the
    whole window that throw falls in."""
    height = windows.used
    pending = next_throw(state, windows)
    if pending is not None and pending[0] != seat:
        height = max(height, pending[2])
    return height
