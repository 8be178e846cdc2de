"""One test per rule of Senet under John Tait's rules (rules spec, section 4), and
the throw limit every reading shares (the app's addition)."""

from __future__ import annotations

import pytest
from positions import moves, setup

from ludeum.protocol import CHANCE, Outcome
from ludeum.senet import BLACK, JEQUIER, WHITE, Move, Throw, new_game
from ludeum.senet.rulesets import TAIT
from ludeum.senet.state import DRAW, next_throw
from ludeum.senet.track import OFF, PLINTH

ONE, TWO, THREE, FOUR, SIX = (
    Throw(s) for s in [(1, 0, 0, 0), (1, 1, 0, 0), (1, 1, 1, 0), (1, 1, 1, 1), (0, 0, 0, 0)]
)


def t(white, black, to="B", throw=None, off=(0, 0)):
    """A Tait position; pieces not listed wait on the plinth unless ``off`` says."""
    return setup(white, black, to=to, throw=throw, rules=TAIT, off=off)


def test_4_1_pieces_start_on_the_plinth_and_player_1_plays_black_and_throws_first():
    state = new_game(TAIT, first_seat=1)
    assert state.white == state.black == 0
    assert state.on_plinth(WHITE) == state.on_plinth(BLACK) == 5
    assert state.colour_of(1) == BLACK and state.seat == 1 and state.to_act() == CHANCE


def test_4_1_no_light_side_counts_six():
    assert TAIT.throw_value(0) == 6


@pytest.mark.parametrize("throw,square", [(FOUR, 4), (SIX, 6)])
def test_4_1_a_4_or_a_6_enters_a_piece_on_that_square(throw, square):
    state = new_game(TAIT).apply(throw)
    assert state.legal_moves() == (Move(PLINTH, square),)


@pytest.mark.parametrize("throw", [ONE, TWO, THREE])
def test_4_1_other_throws_cannot_enter(throw):
    assert new_game(TAIT).apply(throw).effects[0][0] == "lost"


def test_4_1_no_entering_onto_an_own_piece():
    assert "P-4" not in moves(t([20], [4], throw=4))


def test_4_1_entering_onto_an_opposing_piece_sends_it_to_its_plinth():
    state = t([4], [20], throw=4).apply(Move(PLINTH, 4))
    assert state.pieces_on_board(WHITE) == [] and state.on_plinth(WHITE) == 5
    assert ("bumped", 4, PLINTH) in state.effects


def test_4_1_a_capture_sends_the_piece_to_its_plinth():
    state = t([12], [10], throw=2).apply(Move(10, 12))
    assert state.on_plinth(WHITE) == 5 and state.pieces_on_board(BLACK) == [12]


def test_4_1_the_house_of_rebirth_is_safe():
    assert "13-15" not in moves(t([15], [13], throw=2))


def test_4_1_no_protection_and_no_blockade():
    assert "8-12" in moves(t([9, 10, 11, 12], [8], throw=4))


def test_4_1_the_water_is_a_last_resort_and_sends_the_piece_to_its_plinth():
    assert moves(t([1], [24, 10], throw=3)) == {"10-13"}
    state = t([1], [24], throw=3)
    assert moves(state) == {"24-27"}
    state = state.apply(Move(24, 27))
    assert state.black == 0 and state.on_plinth(BLACK) == 5


@pytest.mark.parametrize("square,value", [(30, 1), (29, 2), (28, 3), (25, 6)])
def test_4_1_bearing_off_needs_an_exact_throw(square, value):
    assert f"{square}-off" in moves(t([1], [square], throw=value))


def test_4_1_overshooting_the_end_is_not_allowed():
    assert moves(t([1], [29], throw=3, off=(0, 4))) == set()


def test_4_1_there_are_no_backward_moves():
    state = t([12, 13], [10], throw=2)  # 12 holds White: capture, fine
    assert all(not m.backward for m in state.legal_moves())
    assert t([1], [29], throw=4, off=(0, 4)).legal_moves() == ()  # none left to enter


@pytest.mark.parametrize(
    "position,throw,move,again",
    [
        (([1], [10]), TWO, Move(10, 12), False),
        (([1], [10]), SIX, Move(10, 16), True),  # a 6
        (([1], [24]), TWO, Move(24, 26), True),  # landing on 26
        (([1], [28]), THREE, Move(28, OFF), True),  # bearing off
    ],
)
def test_4_1_extra_throws_after_a_6_on_26_or_bearing_off(position, throw, move, again):
    state = t(*position).apply(throw).apply(move)
    assert (state.seat == 0) == again


def test_4_1_extra_throws_are_not_cumulative():
    state = t([1], [20, 19], throw=6).apply(Move(20, 26))  # a 6 that lands on 26
    assert [e for e in state.effects if e[0] == "extra_throw"] == [("extra_throw", 6)]
    assert state.seat == 0


def test_4_1_an_unusable_6_still_earns_another_throw():
    state = t([1], [28], off=(0, 4)).apply(SIX)  # nothing to enter, 28 + 6 overshoots
    assert state.effects == (("lost", 6), ("extra_throw", 6)) and state.seat == 0


def test_4_1_first_to_bear_off_all_five_wins():
    state = t([1], [30], throw=1, off=(0, 4)).apply(Move(30, OFF))
    assert state.outcome().winner == 0


# -- the throw limit (every reading) ------------------------------------------------------


def test_throw_limit_stops_the_game_and_the_side_further_along_wins():
    rules = JEQUIER.with_options(throw_limit=3)
    state = setup([1, 3], [20, 22], to="W", rules=rules)
    for _ in range(3):
        state = state.apply(TWO)
        if state.to_act() not in (CHANCE, None):
            state = state.apply(state.legal_moves()[0])
    outcome = state.outcome()
    assert state.to_act() is None and outcome.reason == "throw_limit"
    assert outcome.winner == state.seat_of(BLACK)  # Black has borne off as many, and is ahead


def test_throw_limit_with_both_sides_level_is_a_draw():
    rules = JEQUIER.with_options(throw_limit=1)
    level = setup([12, 14], [11, 15], to="W", rules=rules)  # none off, 26 each
    assert level.outcome() is None
    stopped = next_throw(level._replace(throws=1), 1)
    assert stopped.winner == DRAW and stopped.to_act() is None
    assert stopped.outcome() == Outcome(None, 0, "throw_limit")
