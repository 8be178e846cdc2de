"""The throw limit (issue 28, item 1): it counts every throw, the opening's included,
and is judged on the position the last action left; a game that reaches it before
the colours are decided stops as a draw. Saves from before, whose opening ran past
the limit, load as a game stopped at the limit with every action kept."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from ludeum.chance import random_choice
from ludeum.protocol import IllegalAction
from ludeum.senet import JEQUIER, PRESETS, Move, Throw, from_json, new_game, throw_sticks, to_json
from ludeum.senet.notation import parse_position, position
from ludeum.senet.state import DRAW

MISS = Throw((1, 1, 0, 0))  # a 2: no use in the opening
ONE = Throw((1, 0, 0, 0))
TWO = MISS


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_no_random_game_passes_its_limit_under_any_reading(preset):
    """Small limits, so that games stop in the opening, in play, and on lost throws."""
    for seed in range(40):
        limit = 1 + seed * 3
        rules = replace(PRESETS[preset], throw_limit=limit)
        source = random.Random(seed)
        state = new_game(rules, first_seat=seed % 2)
        while state.to_act() is not None:
            if state.throw is None:
                state = state.apply(throw_sticks(source))
            else:
                state = state.apply(random_choice(state.moves, source))
            assert state.throws <= limit
        outcome = state.outcome()
        if outcome.reason == "throw_limit":
            assert state.throws == limit
            if state.black_seat is None:
                assert state.winner == DRAW and outcome.winner is None


def test_the_opening_stops_at_the_limit_as_a_draw():
    state = new_game(replace(JEQUIER, throw_limit=3))
    state = state.apply(MISS).apply(MISS)
    assert state.to_act() is not None
    state = state.apply(MISS)
    assert state.throws == 3 and state.in_opening
    assert state.outcome().reason == "throw_limit" and state.outcome().winner is None
    assert state.effects[-1] == ("throw_limit", 3)


def test_the_opening_move_on_the_last_throw_is_played_then_the_game_stops():
    state = new_game(replace(JEQUIER, throw_limit=2), first_seat=0).apply(MISS).apply(ONE)
    assert state.moves == (Move(10, 11),)
    state = state.apply(Move(10, 11))
    # Black has just moved: ahead by one square, Black (seat 1) wins on the limit.
    assert state.black_seat == 1 and state.outcome().winner == 1


def test_the_limit_is_judged_after_the_last_move():
    """White is behind before its move (21 + 23 < 20 + 25) and ahead after it."""
    rules = replace(JEQUIER, throw_limit=1)
    before = parse_position(rules, "...................BW.W.B..... 3-3 W -", black_seat=0)
    before = before._replace(unmoved=0)
    thrown = before.apply(Throw((1, 1, 1, 0)))  # a 3: White 23 to 26 (no extra throw)
    after = thrown.apply(Move(23, 26))
    assert after.outcome().reason == "throw_limit"
    assert after.outcome().winner == 1  # White's seat (Black is seat 0)


def old_save(limit: int, misses: int, then: tuple = ()) -> dict:
    """A record as the version before wrote it: its opening ran past the limit."""
    rules = replace(JEQUIER, throw_limit=0)
    state = new_game(rules)
    for _ in range(misses):
        state = state.apply(MISS)
    for action in then:
        state = state.apply(action)
    record = to_json(state)
    record["rules"]["throw_limit"] = limit
    if then:
        record["position"] = record["position"][:-3] + "x -"  # the old limit stopped it
    return record


def test_an_old_save_past_the_limit_loads_stopped_with_every_action():
    record = old_save(5, 9)
    state = from_json(record)
    assert len(state.actions()) == 9 and state.throws == 5
    assert state.outcome().reason == "throw_limit" and state.outcome().winner is None
    again = from_json(to_json(state))  # and saves again, round trip
    assert again.actions() == state.actions() and position(again) == position(state)


def test_an_old_save_whose_opening_ended_past_the_limit_loads_stopped():
    record = old_save(5, 8, then=(ONE, Move(10, 11)))
    state = from_json(record)
    assert len(state.actions()) == 10 and state.in_opening and state.winner == DRAW


def test_an_old_save_is_still_checked():
    record = old_save(5, 9)
    record["position"] = record["position"].replace("WB", "BW", 1)
    with pytest.raises(ValueError, match="does not follow"):
        from_json(record)


def test_a_stopped_game_keeps_no_move_but_the_opening_one():
    state = new_game(replace(JEQUIER, throw_limit=1)).apply(MISS)
    with pytest.raises(IllegalAction):
        state.apply(Move(8, 9))
    assert state.apply(MISS).winner == DRAW  # an older version's throw: kept, no effect


def test_an_old_game_past_the_limit_round_trips_through_a_link():
    from ludeum.records import link

    for record in (old_save(5, 9), old_save(5, 8, then=(ONE, Move(10, 11)))):
        state = from_json(record)
        again = link.decode(link.encode(state))
        assert again.actions() == state.actions() and again.winner == DRAW


def test_a_start_position_at_the_limit_is_refused():
    record = to_json(new_game(replace(JEQUIER, throw_limit=4)))
    record["start"]["throws"] = 4
    with pytest.raises(ValueError, match="below the throw limit"):
        from_json(record)


def test_kept_actions_make_no_line_of_the_move_list():
    from ludeum.senet import log

    state = from_json(old_save(5, 8, then=(ONE, Move(10, 11))))
    assert not [line for line in log.game_log(state) if "10" in line]
    assert "draw" in log.status(state)
