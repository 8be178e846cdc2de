"""A game's history as a persistent linked list.

Each state holds ``(previous_history, action)``: appending is O(1) and shares the
whole past with the parent state, so immutable states stay cheap even in long games.
"""

from __future__ import annotations

from typing import Any

EMPTY: tuple = ()


def push(history: tuple, action: Any) -> tuple:
    return (history, action)


def to_list(history: tuple) -> list[Any]:
    actions = []
    while history:
        history, action = history
        actions.append(action)
    actions.reverse()
    return actions


def length(history: tuple) -> int:
    n = 0
    while history:
        history = history[0]
        n += 1
    return n
