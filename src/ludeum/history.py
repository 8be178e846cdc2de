"""A game's history as a persistent linked list.

Each state holds a ``Link`` to (previous history, action): appending is O(1) and
shares the whole past with the parent state, so immutable states stay cheap even in
long games. Links compare by identity: comparing two states never walks (or
recurses through) thousands of past actions.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


class Link:
    """One action and the history before it; unpacks as ``previous, action``."""

    __slots__ = ("previous", "action")

    def __init__(self, previous: Link | None, action: Any) -> None:
        self.previous = previous
        self.action = action

    def __iter__(self) -> Iterator[Any]:
        return iter((self.previous, self.action))


EMPTY: Link | None = None


def push(history: Link | None, action: Any) -> Link:
    return Link(history, action)


def to_list(history: Link | None) -> list[Any]:
    actions = []
    while history:
        actions.append(history.action)
        history = history.previous
    actions.reverse()
    return actions


def length(history: Link | None) -> int:
    n = 0
    while history:
        history = history.previous
        n += 1
    return n


def replay(state: Any) -> Iterator[tuple[Any, Any, Any]]:
    """``(before, action, after)`` for every action of a game, from its start: how
    move lists are rebuilt after a reload."""
    current = state.start()
    for action in state.actions():
        after = current.apply(action)
        yield current, action, after
        current = after


def replay_record(state: Any, texts: Any, parse: Any, error: type, word: str = "action") -> Any:
    """Play a saved list of action texts from ``state``; raises ``error`` naming the
    first one that is not text the game reads or not legal where it is played."""
    from .protocol import IllegalAction

    if not isinstance(texts, list):
        raise error("the record has no list of actions")
    for number, text in enumerate(texts, 1):
        try:
            state = state.apply(parse(text))
        except (ValueError, IllegalAction) as problem:
            raise error(f"{word} {number} ({text!r}) cannot be played: {problem}") from None
    return state
