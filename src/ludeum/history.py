"""A game's history as a persistent vector: a shallow trie of 32-wide tuples.

Each state holds a ``History``; appending returns a new one that shares almost all of
the past with its parent, so immutable states stay cheap even in long games.

Why a trie and not a linked list (which this was): freeing a chain of n links frees
n nested objects one inside the other, and CPython's deallocator does that by
recursion. In the browser (Pyodide: CPython in WebAssembly, with a small stack) a
5,000-action opening of Senet throws was enough to kill the interpreter with "Maximum
call stack size exceeded" the moment the loaded state was dropped. Here the actions
sit in leaf tuples of 32, under at most ``log32(n)`` levels of 32-wide nodes (the
layout of Clojure's persistent vector, Bagwell's hash array mapped trie), so no
object nests more than a few levels deep: a million actions is 4 levels plus the tail.

Appending copies the tail (at most 32 references) and, once every 32 actions, one
path from the root: O(log32 n), about as cheap as a link. Histories compare by
identity, like the links did: comparing two states never walks their past.
No function here recurses.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

_BITS = 5
_WIDTH = 1 << _BITS  # actions per leaf, children per node
_MASK = _WIDTH - 1


class History:
    """``count`` actions: the first ``count - len(tail)`` in the trie under ``root``
    (leaves of exactly 32), the newest (1-32 of them, or none when empty) in ``tail``.
    ``shift`` is the bit offset of the root's index: 5 for a root of leaves, 10 for a
    root of nodes of leaves, and so on."""

    __slots__ = ("count", "shift", "root", "tail")

    def __init__(self, count: int, shift: int, root: tuple, tail: tuple) -> None:
        self.count = count
        self.shift = shift
        self.root = root
        self.tail = tail

    def __len__(self) -> int:
        return self.count

    def __repr__(self) -> str:
        # Never the actions themselves: a state's repr stays short in a 100,000-action game.
        return f"<History of {self.count} actions>"


EMPTY = History(0, _BITS, (), ())


def push(history: History, action: Any) -> History:
    tail = history.tail
    if len(tail) < _WIDTH:
        return History(history.count + 1, history.shift, history.root, tail + (action,))
    # The tail is a full leaf: it moves into the trie and the new action starts a tail.
    stored = history.count - _WIDTH  # actions already in the trie: the leaf's first index
    shift = history.shift
    if (stored >> _BITS) == 1 << shift:
        # The trie is full at this height: a new root over the old one and a fresh path.
        path = tail
        for _ in range(shift // _BITS):
            path = (path,)
        root = (history.root, path)
        shift += _BITS
    else:
        root = _with_leaf(history.root, shift, stored, tail)
    return History(history.count + 1, shift, root, (action,))


def _with_leaf(root: tuple, shift: int, index: int, leaf: tuple) -> tuple:
    """``root`` with ``leaf`` added as the leaf holding action ``index`` onwards: copy
    the path down the rightmost edge (new nodes where it does not exist yet)."""
    path = []
    node = root
    for level in range(shift, _BITS, -_BITS):
        path.append(node)
        slot = (index >> level) & _MASK
        node = node[slot] if slot < len(node) else ()
    node = node + (leaf,)
    for level in range(_BITS * 2, shift + _BITS, _BITS):
        parent = path.pop()
        # The slot is the parent's last child (replaced) or one past it (appended).
        node = parent[: (index >> level) & _MASK] + (node,)
    return node


def _leaves(history: History) -> list[tuple]:
    nodes = [history.root]
    for _ in range(history.shift // _BITS):
        nodes = [child for node in nodes for child in node]
    return nodes


def to_list(history: History) -> list[Any]:
    actions = [action for leaf in _leaves(history) for action in leaf]
    actions.extend(history.tail)
    return actions


def length(history: History) -> int:
    return history.count


def last(history: History) -> Any:
    """The newest action, or None for an empty history."""
    return history.tail[-1] if history.tail else None


def newest_first(history: History) -> Iterator[Any]:
    """Every action from the newest back, lazily: callers looking for the last action
    of some kind usually stop after a few."""
    yield from reversed(history.tail)
    if not history.root:
        return
    # An explicit stack of (node, height) instead of recursion; children pushed in
    # order so the rightmost comes off first.
    stack = [(history.root, history.shift)]
    while stack:
        node, level = stack.pop()
        if level == 0:
            yield from reversed(node)
        else:
            stack.extend((child, level - _BITS) for child in node)


def replay(state: Any) -> Iterator[tuple[Any, Any, Any]]:
    """``(before, action, after)`` for every action of a game, from its start: how
    move lists are rebuilt after a reload."""
    current = state.start()
    for action in state.actions():
        after = current.apply(action)
        yield current, action, after
        current = after


def replay_record(
    state: Any, texts: Any, parse: Any, error: type, word: str = "action", observe: Any = None
) -> Any:
    """Play a saved list of action texts from ``state``; raises ``error`` naming the
    first one that is not text the game reads or not legal where it is played.
    ``observe(before, action, after)``, when given, is called after each action: what
    else a resumed game needs (its move list, its take-back point) comes from this
    one replay (``ludeum.records.resume``)."""
    from .protocol import IllegalAction, shown

    if not isinstance(texts, list):
        raise error("the record has no list of actions")
    for number, text in enumerate(texts, 1):
        try:
            action = parse(text)
            after = state.apply(action)
        except (ValueError, IllegalAction) as problem:
            reason = str(problem)[:200]  # it may quote the junk it read
            raise error(f"{word} {number} ({shown(text)}) cannot be played: {reason}") from None
        if observe is not None:
            observe(state, action, after)
        state = after
    return state
