"""One test per rule of Senet under Timothy Kendall's rules and each of its four
options (rules spec, section 3)."""

from __future__ import annotations

import pytest
from positions import moves, setup

from ludeum.protocol import CHANCE
from ludeum.senet import BLACK, WHITE, Move, Throw, new_game
from ludeum.senet.rulesets import KENDALL, PRESETS, kendall
from ludeum.senet.state import PASS
from ludeum.senet.track import OFF

ONE, TWO, THREE, FOUR, FIVE = (
    Throw(s) for s in [(1, 0, 0, 0), (1, 1, 0, 0), (1, 1, 1, 0), (1, 1, 1, 1), (0, 0, 0, 0)]
)


def k(white, black, to="B", throw=None, rules=KENDALL):
    return setup(white, black, to=to, throw=throw, rules=rules)


# -- 3.1 start, throws, opening -------------------------------------------------------


def test_3_1_seven_pieces_each_on_1_to_14():
    state = new_game(KENDALL)
    assert state.pieces_on_board(WHITE) == [1, 3, 5, 7, 9, 11, 13]
    assert state.pieces_on_board(BLACK) == [2, 4, 6, 8, 10, 12, 14]


def test_3_1_no_light_side_counts_five():
    assert [KENDALL.throw_value(n) for n in range(5)] == [5, 1, 2, 3, 4]


def test_3_1_first_one_takes_the_even_squares_and_moves_14_to_15_then_throws_again():
    state = new_game(KENDALL, first_seat=0).apply(THREE).apply(ONE)
    assert state.to_act() == 1 and state.legal_moves() == (Move(14, 15),)
    state = state.apply(Move(14, 15))
    assert state.black_seat == 1 and state.to_act() == CHANCE and state.seat == 1


@pytest.mark.parametrize(
    "throw,again", [(ONE, True), (TWO, False), (THREE, False), (FOUR, True), (FIVE, True)]
)  # noqa: E501
def test_3_1_moves_with_1_4_5_earn_another_throw(throw, again):
    state = k([20], [1], throw=None).apply(throw)
    state = state.apply(state.legal_moves()[0])
    assert (state.seat == 0) == again


def test_3_1_an_unusable_1_4_or_5_still_earns_another_throw():
    # Black's piece has a protected White pair ahead and no room behind.
    state = k([6, 7], [2], throw=None).apply(FOUR)
    assert state.effects[0] == ("lost", 4) and state.seat == 0
    state = k([2, 3], [1], throw=None).apply(ONE)
    assert state.effects[0] == ("lost", 1) and state.seat == 0
    state = k([6, 7], [2], throw=None).apply(TWO)
    assert state.effects[0] == ("thrown", 2)  # a 2 can go on: no lost throw there


# -- 3.1 forward moves -------------------------------------------------------------------


def test_3_1_a_piece_must_land_on_26_exactly_and_cannot_pass_it():
    state = k([1], [24], throw=3)
    assert "24-27" not in moves(state) and "24-26" not in moves(state)
    assert "24-26" in moves(k([1], [24], throw=2))


def test_3_1_a_lone_piece_is_captured_and_swaps_to_the_movers_square():
    state = k([12], [10], throw=2).apply(Move(10, 12))
    assert state.pieces_on_board(WHITE) == [10] and state.pieces_on_board(BLACK) == [12]


def test_3_1_two_pieces_side_by_side_protect_each_other_round_corners():
    assert "8-10" not in moves(k([10, 11], [8], throw=2))


def test_3_1_there_is_no_blockade():
    assert "4-9" in moves(k([5, 6, 7], [4], throw=5))


@pytest.mark.parametrize("value,dst", [(1, 27), (2, 28), (3, 29), (4, 30)])
def test_3_1_from_26_each_throw_has_its_own_square(value, dst):
    assert f"26-{dst}" in moves(k([1], [26], throw=value))


def test_3_1_from_26_a_5_bears_off():
    assert "26-off" in moves(k([1], [26], throw=5))


def test_3_1_from_26_the_water_is_entered_only_when_free():
    assert "26-27" not in moves(k([27], [26], throw=1))


def test_3_1_a_capture_on_28_30_from_26_sends_the_piece_into_the_water():
    state = k([28], [26], throw=2).apply(Move(26, 28))
    assert state.pieces_on_board(WHITE) == [27]
    assert ("bumped", 28, 27) in state.effects


def test_3_1_squares_28_to_30_are_safe_while_the_water_is_taken():
    assert "26-28" not in moves(k([28, 27], [26], throw=2))


@pytest.mark.parametrize("square,exit_value", [(28, 3), (29, 2)])
def test_3_1_from_28_only_a_3_and_from_29_only_a_2_bear_off(square, exit_value):
    for value in (1, 2, 3, 4, 5):
        legal = f"{square}-off" in moves(k([1], [square], throw=value))
        assert legal == (value == exit_value)


def test_3_1_from_30_any_throw_bears_off():
    for value in (1, 2, 3, 4, 5):
        assert "30-off" in moves(k([1], [30], throw=value))


def test_3_1_bearing_off_is_never_compulsory():
    assert moves(k([1], [30], throw=2)) == {"30-off", "pass"}


# -- 3.1 backward moves ----------------------------------------------------------------------


def test_3_1_backward_only_when_no_piece_can_go_forward_and_never_from_27_to_30():
    assert all(not m.backward for m in k([1], [20, 29], throw=3).legal_moves())
    # 29 cannot move on a 1 and is past 26; 26 cannot reach 27 (taken): nothing moves back.
    assert moves(k([27], [26, 29], throw=1)) == {"26-25"}


def test_3_1_a_backward_capture_swaps_the_lone_piece_forward():
    state = k([22], [29, 25], throw=3)
    assert "25-22" in moves(state)
    state = state.apply(Move(25, 22))
    assert state.pieces_on_board(WHITE) == [25]


# -- 3.1 the water -------------------------------------------------------------------------------


def test_3_1_a_piece_in_the_water_freezes_its_sides_other_pieces():
    state = k([1], [27, 10], throw=2)
    assert moves(state) == {"27-15", "pass"}


def test_3_1_from_the_water_a_4_bears_off():
    assert moves(k([1], [27, 10], throw=4)) == {"27-off", "pass"}


def test_3_1_from_the_water_back_to_15_only_when_free():
    assert moves(k([15], [27, 10], throw=2)) == {"pass"}


def test_3_1_water_actions_earn_no_extra_throw():
    state = k([1], [27, 10], throw=1).apply(Move(27, 15))
    assert state.seat == 1
    state = k([1], [27, 10], throw=5).apply(PASS)
    assert state.seat == 1


def test_3_1_coming_back_costs_a_turn_the_next_throw_must_move_that_piece():
    state = k([1], [27, 10], throw=2).apply(Move(27, 15))
    state = state.apply(TWO).apply(Move(1, 3))  # White plays
    state = state.apply(THREE)  # Black's next throw
    assert moves(state) == {"15-18"}
    state = state.apply(Move(15, 18)).apply(TWO).apply(Move(3, 5)).apply(TWO)
    assert moves(state) == {"18-20", "10-12"}  # free again


# -- 3.2 the four options --------------------------------------------------------------------------


def test_3_2_sixteen_rulesets_are_the_subsets_of_four_options():
    names = [name for name in PRESETS if name.startswith("kendall")]
    assert len(names) == 16 == len({PRESETS[n] for n in names})


def test_3_2_five_pieces_start_on_1_to_10_and_the_opening_moves_10_to_11():
    rules = kendall(five_pieces=True)
    state = new_game(rules).apply(ONE)
    assert state.pieces_on_board(BLACK) == [2, 4, 6, 8, 10]
    assert state.legal_moves() == (Move(10, 11),)


def test_3_2_starting_throw_the_second_player_waits_for_a_1_and_may_use_it_at_once():
    rules = kendall(starting_throw=True)
    state = new_game(rules, first_seat=0).apply(ONE).apply(Move(14, 15)).apply(TWO)
    state = state.apply(state.legal_moves()[0])  # Black plays its 2: White's turn
    assert state.seat == 1
    after = state.apply(THREE)
    assert after.effects[0] == ("lost", 3)
    after = state.apply(ONE)
    assert after.legal_moves() and after.to_act() == 1
    after = after.apply(after.legal_moves()[0]).apply(TWO)
    assert after.legal_moves()  # no longer waiting


def test_3_2_trap_overshooting_26_may_end_in_the_water_when_it_is_free():
    rules = kendall(trap=True)
    assert "24-27" in moves(k([1], [24], throw=4, rules=rules))
    assert "24-27" not in moves(k([27], [24], throw=4, rules=rules))
    assert "24-27" not in moves(k([1], [24], throw=4))  # not without the option


def test_3_2_home_row_no_bearing_off_while_a_piece_is_on_1_to_10():
    rules = kendall(home_row=True)
    assert "30-off" not in moves(k([20], [30, 9], throw=2, rules=rules))
    assert "30-off" in moves(k([20], [30, 11], throw=2, rules=rules))
    assert moves(k([20], [27, 9], throw=4, rules=rules)) == {"pass"}


def test_3_2_a_pass_in_notation_round_trips():
    assert Move.parse("pass") == PASS and PASS.notation() == "pass"
    assert OFF == 31
