"""Very long games on CPython: the history of a 100,000-action state nests only a
few objects deep (freeing a deeper one recursed once per action in the browser's
interpreter and killed it, issue 12), and such states load, compare, print and
save back without walking their past recursively.
"""

from __future__ import annotations

import gc
import json
import random
import types

import pytest
from long_games import senet_record, squadro_record

from ludeum import history, saves

#: A state, its history, two levels of trie, a leaf, an action and its fields; a
#: few to spare. A linked history nests once per action: 100,000.
MAX_NESTING = 12


def nesting(root: object, limit: int) -> int:
    """How deep objects nest under ``root`` (tuples, lists, dicts and the engine's own
    objects; not types or modules), walked without recursion; stops past ``limit``."""
    deepest, seen = 0, {}
    stack = [(root, 1)]
    while stack:
        obj, depth = stack.pop()
        if seen.get(id(obj), 0) >= depth:
            continue
        seen[id(obj)] = depth
        deepest = max(deepest, depth)
        if depth > limit:
            break
        for child in gc.get_referents(obj):
            if isinstance(child, type | types.ModuleType | types.FunctionType):
                continue
            if isinstance(child, tuple | list | dict | frozenset) or (
                type(child).__module__.startswith("ludeum")
            ):
                stack.append((child, depth + 1))
    return deepest


@pytest.fixture(scope="module")
def long_senet():
    return saves.load(senet_record(100_000))


@pytest.fixture(scope="module")
def long_squadro():
    return saves.load(squadro_record(100_000))


def test_a_100000_action_history_nests_only_a_few_levels_deep():
    built = history.EMPTY
    for number in range(100_000):
        built = history.push(built, ("action", number))
    assert nesting(built, MAX_NESTING) <= MAX_NESTING


def test_a_loaded_100000_action_state_nests_only_a_few_levels_deep(long_senet, long_squadro):
    assert len(long_senet.actions()) == 100_000
    assert nesting(long_senet, MAX_NESTING) <= MAX_NESTING
    assert len(long_squadro.actions()) >= 100_000
    assert nesting(long_squadro, MAX_NESTING) <= MAX_NESTING


def test_a_100000_action_senet_record_round_trips(long_senet):
    text = saves.dump(long_senet)
    again = saves.load(text)
    assert again.actions() == long_senet.actions()
    assert saves.dump(again) == text
    assert json.loads(text)["record"]["actions"] == ["T0110"] * 100_000


def test_long_states_compare_and_print_without_walking_their_history(long_senet):
    # Histories compare by identity: equal positions with separate pasts differ.
    assert long_senet == long_senet
    assert long_senet != long_senet._replace(history=history.push(history.EMPTY, None))
    assert len(repr(long_senet)) < 5000
    assert "100000 actions" in repr(long_senet.history)


def test_history_agrees_with_a_list_across_every_boundary_of_the_trie():
    source = random.Random(12)
    sizes = [0, 1, 31, 32, 33, 64, 1023, 1024, 1025, 1056, 1057, 32 * 1024 + 32]
    sizes += [32 * 1024 + 33, 33 * 1024 + 5] + [source.randrange(40_000) for _ in range(3)]
    for size in sizes:
        built = history.EMPTY
        for number in range(size):
            built = history.push(built, number)
        assert history.to_list(built) == list(range(size))
        assert list(history.newest_first(built)) == list(range(size))[::-1]
        assert history.length(built) == size
        assert history.last(built) == (size - 1 if size else None)


def test_pushing_never_changes_the_parent_history():
    parent = history.EMPTY
    for number in range(1056):
        parent = history.push(parent, number)
    children = [history.push(parent, "a"), history.push(parent, "b")]
    assert history.to_list(parent) == list(range(1056))
    assert [history.to_list(c)[-1] for c in children] == ["a", "b"]
