"""Fuzzing ``ludeum.saves.load`` with damaged and tampered saves of real games.

From saves of seeded random games of all three games, hypothesis makes well over a
thousand corrupted records (actions deleted, duplicated, swapped or altered;
numbers made huge, negative, fractional or boolean; wrong types; truncated JSON;
deep nesting; unicode junk; oversize strings; positions and rulesets from elsewhere)
and checks the promise of docs/save-format.md: ``load`` returns a state or raises
``SaveError``, never anything else; a state it returns saves and loads again to the
same history; ``load_players`` never raises. Derandomized, so CI sees the same cases.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludeum import saves
from ludeum.chance import random_play
from ludeum.games import ui_for
from ludeum.lodestone import new_game as new_lodestone
from ludeum.records.resume import resume
from ludeum.senet import PRESETS, new_game
from ludeum.squadro import new_game as new_squadro


def real_saves() -> list[dict]:
    starts = [
        new_game(),
        new_game(PRESETS["kendall_starting_throw_trap_home_row"], 1),
        new_game(PRESETS["tait"]),
        new_game(PRESETS["jequier_ludii"]),
        new_squadro(),
        new_squadro(1),
        new_lodestone(),
    ]
    found = []
    for number, start in enumerate(starts):
        for seed, most in ((number, 40), (number + 100, 160), (number + 200, 10_000)):
            found.append(json.loads(saves.dump(random_play(start, random.Random(seed), most))))
    return found


SAVES = real_saves()

JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from([2**63, -(2**63), 10**4000, -1, 0, 1, 7, 31, 1001, 3001]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["x" * 200_000, "T" + "1" * 100_000, "\u0000", "\ud800", "٣", "1-30"]),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def paths(value, prefix=()):
    """Every place in a record (as key paths), the record itself included."""
    found, stack = [], [(value, prefix)]
    while stack:
        node, path = stack.pop()
        found.append(path)
        if isinstance(node, dict):
            stack.extend((child, path + (key,)) for key, child in node.items())
        elif isinstance(node, list) and len(node) < 50:
            stack.extend((child, path + (index,)) for index, child in enumerate(node))
    return found


def put(data, path, value):
    if not path:
        return value
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


@st.composite
def damaged(draw) -> str:
    data = copy.deepcopy(draw(st.sampled_from(SAVES)))
    actions = data["record"]["actions"]
    kind = draw(st.integers(0, 11))
    if kind <= 3 and actions:
        i = draw(st.integers(0, len(actions) - 1))
        j = draw(st.integers(0, len(actions) - 1))
        if kind == 0:
            del actions[i]
        elif kind == 1:
            actions.insert(i, actions[i])
        elif kind == 2:
            actions[i], actions[j] = actions[j], actions[i]
        else:
            other = draw(st.sampled_from(SAVES))["record"]["actions"] or ["pass"]
            actions[i] = draw(st.one_of(st.sampled_from(other), JUNK))
    elif kind in (4, 5):  # a value anywhere, often a number
        data = put(data, draw(st.sampled_from(paths(data))), draw(JUNK))
    elif kind == 6:
        text = json.dumps(data)
        return text[: draw(st.integers(0, len(text)))]
    elif kind == 7:
        depth = draw(st.sampled_from([10, 500, 999, 1001, 100_000]))
        data["record"] = json.loads("[" * min(depth, 900) + "0" + "]" * min(depth, 900))
        if depth > 900:
            return json.dumps(data)[:-1] + "[" * depth + "]" * depth + "}"
    elif kind == 8:
        text = json.dumps(data, ensure_ascii=False)
        at = draw(st.integers(0, len(text)))
        return text[:at] + draw(st.text(min_size=1, max_size=8)) + text[at:]
    elif kind == 9:  # a position, ruleset or game from another save
        other = draw(st.sampled_from(SAVES))
        key = draw(st.sampled_from(["position", "start", "rules", "game"]))
        if key == "game":
            data["game"] = other["game"]
        elif key in other["record"]:
            data["record"][key] = copy.deepcopy(other["record"][key])
    elif kind == 10:  # a number in a position changed
        record = data["record"]
        text = record["start"]["position"] if draw(st.booleans()) else record["position"]
        digits = [i for i, c in enumerate(text) if c.isdigit()]
        if digits:
            at = draw(st.sampled_from(digits))
            text = text[:at] + str(draw(JUNK)) + text[at + 1 :]
        put(record, ("position",), text)
    else:
        data["players"] = draw(JUNK)
    return json.dumps(data)


@settings(
    max_examples=1200,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@pytest.mark.long
@given(damaged())
def test_load_returns_a_state_that_round_trips_or_raises_save_error(text):
    try:
        state = saves.load(text)
    except saves.SaveError:
        state = None
    else:
        again = saves.load(saves.dump(state))
        assert again.actions() == state.actions()
        assert saves.dump(again) == saves.dump(state)
    # The page's boot reads the slot with resume (one replay: the state, the move list
    # and the take-back point): the same game, or a SaveError (the record set aside),
    # never another exception. The browser boots on a sample (tests/e2e/test_record_fuzz.py).
    try:
        resumed = resume(text)
    except saves.SaveError:
        pass
    else:
        assert state is not None and resumed.state.actions() == state.actions()
        assert list(resumed.log) == list(ui_for(resumed.state).game_log(resumed.state))
    players = ("human", "easy", "medium", "hard")
    assert saves.load_players(text) in {(a, b) for a in players for b in players}
