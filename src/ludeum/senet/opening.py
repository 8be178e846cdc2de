"""Senet's opening in one action: "Decide who starts".

Under every reading with an opening (Jéquier's, Kendall's; Tait's starts with the
colours known) the two seats throw in turn until one throws a 1, who then plays
Black (rules-spec 2.2). A person gains nothing by clicking each of those throws: no
choice is made, only the sticks speak. ``decide_opening`` throws them all at once,
from the app's injected random source (``ludeum.chance``), and returns every throw
with the state after it. Each throw stays an action of its own in the game's record,
so saves, imports, share links, take-back and review see the opening exactly as if
it had been thrown one click at a time; only the page groups it (one move-list line,
``log.opening_line``; the throws shown in quick sequence by the sticks).

The opening ends with the 1 thrown and the new Black's front piece still to move: that
move is Black's to play (it is forced, but it is a move, and the page plays moves
where a player can see them).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from .sticks import Throw, throw_sticks

#: A source that never gives a 1 would throw forever: give up after this many throws
#: (with fair sticks, (3/4) ** 100_000 is nothing anyone will meet).
MOST_THROWS = 100_000


class Opening(NamedTuple):
    """The throws of an opening, oldest first, and the state after each one; the
    last state is where the game goes on (``state``)."""

    throws: tuple[Throw, ...]
    states: tuple

    @property
    def state(self):
        return self.states[-1]

    @property
    def decided(self) -> bool:
        """A 1 was thrown: its thrower plays Black (False only when the game's throw
        limit stopped it first)."""
        last = self.state
        return bool(last.effects) and last.effects[0][0] == "opening_one"


def opening_due(state) -> bool:
    """The opening waits for its throws: "Decide who starts" can be played."""
    return state.in_opening and state.throw is None and state.winner is None


def decide_opening(state, source: random.Random, seen: Sequence = ()) -> Opening:
    """Throw for both seats in turn, from ``state``, until one throws a 1.

    ``seen`` is the line of actions already seen beyond ``state`` (the page's redo
    line): its leading throws are thrown again before any fresh one, because a throw
    that was seen never changes (``ludeum.records.line``). Fresh throws come from
    ``source``, four random bits each (``sticks.throw_sticks``), so a seeded source
    gives the same opening every time. Raises ``ValueError`` when ``state`` is not an
    opening waiting for a throw."""
    if not opening_due(state):
        raise ValueError("no opening throw is due in this state")
    throws: list[Throw] = []
    states: list = []
    for index in range(MOST_THROWS):
        if index < len(seen) and type(seen[index]) is Throw:
            throw = seen[index]
        else:
            seen = ()  # the seen line stops here: everything after it is fresh
            throw = throw_sticks(source)
        state = state.apply(throw)
        throws.append(throw)
        states.append(state)
        if not opening_due(state):  # a 1 was thrown, or the throw limit ended the game
            return Opening(tuple(throws), tuple(states))
    raise ValueError(f"no 1 in {MOST_THROWS} throws: the random source is not fair")
