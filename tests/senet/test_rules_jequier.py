"""One test per rule of Senet under Jéquier's rules (rules spec, section 2, and the
throw of section 1.2). Each test names the rule it checks."""

from __future__ import annotations

import random

import pytest
from positions import moves, setup

from ludeum.protocol import CHANCE, IllegalAction
from ludeum.senet import (
    BLACK,
    JEQUIER,
    THROW_OUTCOMES,
    WHITE,
    Move,
    Throw,
    new_game,
    position,
    throw_sticks,
)
from ludeum.senet.track import OFF

ONE, TWO, THREE, FOUR, SIX = (
    Throw(s) for s in [(1, 0, 0, 0), (1, 1, 0, 0), (1, 1, 1, 0), (1, 1, 1, 1), (0, 0, 0, 0)]
)


# -- 1.2 the casting sticks ------------------------------------------------------------


def test_1_2_throw_value_is_light_sides_with_none_counting_six():
    assert [JEQUIER.throw_value(n) for n in range(5)] == [6, 1, 2, 3, 4]


def test_1_2_throw_probabilities_follow_four_fair_sticks():
    values = {JEQUIER.throw_value(t.light): p for t, p in THROW_OUTCOMES}
    assert values == {6: 1 / 16, 1: 4 / 16, 2: 6 / 16, 3: 4 / 16, 4: 1 / 16}
    assert sum(values.values()) == 1


def test_1_2_random_sticks_are_seedable_and_fair():
    a = [throw_sticks(random.Random(7)) for _ in range(3)]
    b = [throw_sticks(random.Random(7)) for _ in range(3)]
    assert a == b
    source = random.Random(1)
    counts = [0] * 5
    for _ in range(16000):
        counts[throw_sticks(source).light] += 1
    for light, expected in enumerate((1000, 4000, 6000, 4000, 1000)):
        assert abs(counts[light] - expected) < 5 * expected**0.5


# -- 2.1 equipment and start -------------------------------------------------------------


def test_2_1_five_pieces_each_alternate_white_on_odd_squares():
    state = new_game()
    assert state.pieces_on_board(WHITE) == [1, 3, 5, 7, 9]
    assert state.pieces_on_board(BLACK) == [2, 4, 6, 8, 10]
    assert state.colour_of(0) is None and state.to_act() == CHANCE


# -- 2.2 the opening -----------------------------------------------------------------------


def test_2_2_throws_other_than_one_pass_to_the_other_seat():
    state = new_game(first_seat=1)
    for throw in (TWO, THREE, FOUR, SIX):
        before = state.seat
        state = state.apply(throw)
        assert state.seat == 1 - before and state.in_opening
        assert state.effects[0][0] == "opening_miss"


def test_2_2_first_one_makes_the_thrower_black_and_moves_ten_to_eleven():
    state = new_game(first_seat=0).apply(TWO).apply(ONE)
    assert state.to_act() == 1 and state.legal_moves() == (Move(10, 11),)
    state = state.apply(Move(10, 11))
    assert state.black_seat == 1 and state.colour_of(1) == BLACK
    assert state.pieces_on_board(BLACK) == [2, 4, 6, 8, 11]


def test_2_2_black_throws_again_after_the_opening_move():
    state = new_game(first_seat=0).apply(ONE).apply(Move(10, 11))
    assert state.to_act() == CHANCE and state.seat == 0 == state.black_seat


# -- 2.3 turn structure ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "throw,again", [(ONE, True), (TWO, False), (THREE, False), (FOUR, True), (SIX, True)]
)
def test_2_3_moves_with_1_4_6_throw_again_2_3_pass(throw, again):
    state = setup([1], [29], to="W").apply(throw)
    state = state.apply(state.legal_moves()[0])
    white_seat = 1  # Black is seat 0 in hand-made positions
    assert state.to_act() == CHANCE
    assert (state.seat == white_seat) == again


def test_2_3_an_unusable_throw_is_lost_and_the_turn_passes_even_a_six():
    # White's piece on 2 cannot go back 6, and 8 holds a protected Black piece.
    state = setup([2], [8, 9], to="W")
    after = state.apply(SIX)
    assert after.effects == (("lost", 6),)
    assert after.seat == 0 and after.to_act() == CHANCE


def test_2_3_moving_is_compulsory_when_a_move_exists():
    state = setup([1], [29], to="W").apply(TWO)
    assert state.to_act() == 1 and state.legal_moves()
    with pytest.raises(IllegalAction):
        state.apply(TWO)  # cannot throw instead of moving


# -- 2.4 forward moves -----------------------------------------------------------------------


def test_2_4_1_no_passing_three_opposing_pieces_in_a_row():
    assert "3-9" not in moves(setup([3], [4, 5, 6], to="W", throw=6))
    assert "3-7" not in moves(setup([3], [4, 5, 6], to="W", throw=4))
    assert "3-7" in moves(setup([3], [5, 6, 20], to="W", throw=4))


def test_2_4_1_blockade_rows_follow_the_track_round_corners():
    # Black on 10, 11 and 12: neighbours along the track, so they block.
    state = setup([8], [10, 11, 12], to="W", throw=6)
    assert "8-14" not in moves(state)


def test_2_4_1_two_in_a_row_or_a_gap_do_not_block():
    assert "3-9" in moves(setup([3], [4, 5, 7], to="W", throw=6))


def test_2_4_1_own_pieces_never_block():
    assert "1-7" in moves(setup([1, 2, 3, 4], [20], to="W", throw=6))


def test_2_4_2_no_landing_on_an_own_piece():
    assert "1-3" not in moves(setup([1, 3], [20], to="W", throw=2))


def test_2_4_3_an_isolated_opposing_piece_is_bumped():
    assert "12-14" in moves(setup([12], [14], to="W", throw=2))


def test_2_4_3_two_opposing_pieces_in_a_row_protect_each_other():
    assert "12-14" not in moves(setup([12], [14, 15], to="W", throw=2))
    assert "12-14" not in moves(setup([12], [13, 14], to="W", throw=2))


def test_2_4_3_protection_pairs_follow_the_track_round_corners():
    # 20 and 21 are neighbours along the track.
    assert "18-20" not in moves(setup([18], [20, 21], to="W", throw=2))


@pytest.mark.parametrize("src,square,throw", [(24, 26, 2), (25, 28, 3), (25, 29, 4), (26, 30, 4)])
def test_2_4_3_marked_squares_are_safe(src, square, throw):
    # 12 keeps White from bearing off, so 26+4 is an ordinary move onto 30.
    state = setup([src, 12], [square], to="W", throw=throw)
    assert f"{src}-{square}" not in moves(state)
    assert f"{src}-{square}" in moves(setup([src, 12], [2], to="W", throw=throw))


# -- 2.5 bumping -------------------------------------------------------------------------------


def test_2_5_a_bumped_piece_swaps_to_the_attackers_square():
    state = setup([12], [14], to="W", throw=2).apply(Move(12, 14))
    assert state.pieces_on_board(WHITE) == [14] and state.pieces_on_board(BLACK) == [12]
    assert ("bumped", 14, 12) in state.effects


# -- 2.6 the water -----------------------------------------------------------------------------


def test_2_6_a_piece_landing_in_the_water_restarts_on_the_first_empty_square():
    state = setup([1, 2, 24], [3, 5], to="W", throw=3).apply(Move(24, 27))
    assert state.pieces_on_board(WHITE) == [1, 2, 4]
    assert ("water", 4) in state.effects


def test_2_6_the_restart_square_is_the_lowest_free_one_even_past_the_first_free_gap():
    # 1-9 are full: the piece restarts on 10.
    state = setup([1, 3, 5, 7, 24], [2, 4, 6, 8, 9], to="W", throw=3).apply(Move(24, 27))
    assert ("water", 10) in state.effects


def test_2_6_no_piece_ever_rests_in_the_water():
    with pytest.raises(ValueError):
        setup([27], [1], to="W")


# -- 2.7 backward moves --------------------------------------------------------------------------


def test_2_7_backward_only_when_no_piece_can_go_forward():
    # 12 can go forward, so 29 (which cannot) may not go back.
    state = setup([12, 29], [2], to="W", throw=2)
    assert moves(state) == {"12-14"}


def test_2_7_backward_move_is_forced_when_nothing_goes_forward():
    # 24+2 is a safe Black piece and 12+2 a protected one: both go back instead.
    state = setup([24, 12], [26, 14, 15], to="W", throw=2)
    assert moves(state) == {"24-22", "12-10"}


def test_2_7_backward_moves_land_only_on_empty_squares():
    state = setup([28], [26, 30, 25], to="W", throw=2)
    # 28+2=30 is safe Black: no forward move; 28-2=26 is Black: no capture backward.
    assert "28-26" not in moves(state)


def test_2_7_a_backward_move_into_the_water_restarts_the_piece():
    # 5+3 lands on a protected pair and 30 cannot pass the end (5 is not home),
    # so a backward move is forced; 30-3 is the water.
    state = setup([30, 5], [8, 9, 10, 11, 6], to="W", throw=3)
    assert "30-27" in moves(state)
    after = state.apply(Move(30, 27))
    assert ("water", 1) in after.effects


# -- 2.8 bearing off ---------------------------------------------------------------------------


def test_2_8_bearing_off_only_when_every_piece_is_on_the_last_row():
    assert "28-off" not in moves(setup([28, 20], [2], to="W", throw=3))
    assert "28-off" in moves(setup([28, 21], [2], to="W", throw=3))


def test_2_8_reaching_thirty_bears_off():
    assert "27-off" not in moves(setup([26, 22], [2], to="W", throw=4))  # 26+4=30
    assert "26-off" in moves(setup([26, 22], [2], to="W", throw=4))


def test_2_8_before_bearing_off_thirty_is_an_ordinary_square_and_passing_it_is_not_allowed():
    state = setup([26, 12], [2], to="W", throw=4)
    assert "26-30" in moves(state)
    state = setup([28, 12], [2], to="W", throw=4)
    assert "28-off" not in moves(state)


def test_2_8_whatever_stands_on_thirty_does_not_stop_a_piece_bearing_off():
    assert "28-off" in moves(setup([28], [30], to="W", throw=2))


def test_2_8_bearing_off_is_blocked_by_a_blockade_on_the_way():
    state = setup([24], [25, 26, 28, 29, 30], to="W", throw=6)
    assert "24-off" in moves(state)  # 25-26 then a gap at 27: no three in a row
    state = setup([23], [24, 25, 26], to="W", throw=6)
    assert "23-off" not in moves(state)


# -- 2.9 winning and the score ------------------------------------------------------------------


def test_2_9_first_to_bear_off_every_piece_wins_with_3_2_1_points():
    state = setup([29], [2, 15, 25], to="W", throw=2).apply(Move(29, OFF))
    outcome = state.outcome()
    assert outcome.winner == 1 and outcome.score == 3 + 2 + 1
    assert state.to_act() is None and state.chance_outcomes() == ()
    with pytest.raises(IllegalAction):
        state.apply(TWO)


def test_positions_round_trip_through_notation():
    state = new_game().apply(ONE).apply(Move(10, 11)).apply(FOUR)
    assert position(state) == "WBWBWBWBW.B................... 0-0 B 4"


def test_2_8_an_exact_bear_off_passes_only_the_squares_before_thirty():
    # From 26 a 4 passes 27-29: White's pieces on 28, 29 and 30 are not three in its way.
    assert "26-off" in moves(setup([28, 29, 30], [26], to="B", throw=4))
