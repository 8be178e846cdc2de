"""One test per option of Jéquier's disputed points (rules spec, table 2.10a): each
option changes exactly the rule it names, against the default reading."""

from __future__ import annotations

from positions import moves, setup

from ludeum.senet import JEQUIER, WHITE, Move, Throw, new_game
from ludeum.senet.rulesets import JEQUIER_LUDII

ONE, FOUR, SIX = Throw((1, 0, 0, 0)), Throw((1, 1, 1, 1)), Throw((0, 0, 0, 0))


def test_2_10a_bump_to_first_empty_sends_the_bumped_piece_to_the_lowest_free_square():
    rules = JEQUIER.with_options(bump_to_first_empty=True)
    state = setup([1, 3, 12], [2, 14], to="W", throw=2, rules=rules).apply(Move(12, 14))
    assert ("bumped", 14, 4) in state.effects  # 1-3 are full: 4 is the first free square
    default = setup([1, 3, 12], [2, 14], to="W", throw=2).apply(Move(12, 14))
    assert ("bumped", 14, 12) in default.effects  # the default swaps


def test_2_10a_safe_squares_ludii_set_protects_15_and_not_30():
    rules = JEQUIER.with_options(safe_squares=frozenset({15, 26, 28, 29}))
    assert "13-15" not in moves(setup([13], [15], to="W", throw=2, rules=rules))
    assert "13-15" in moves(setup([13], [15], to="W", throw=2))
    assert "26-30" in moves(setup([26, 12], [30], to="W", throw=4, rules=rules))
    assert "26-30" not in moves(setup([26, 12], [30], to="W", throw=4))


def test_2_10a_starting_lock_literal_waits_for_the_piece_that_started_ahead():
    rules = JEQUIER.with_options(starting_lock="literal")
    state = new_game(rules, first_seat=0).apply(ONE).apply(Move(10, 11)).apply(FOUR)
    # Black's 8 waits for White's 9, which has not moved; Black's 11 is free.
    assert {m.src for m in state.legal_moves()} == {11}
    free = new_game(JEQUIER, first_seat=0).apply(ONE).apply(Move(10, 11)).apply(FOUR)
    assert 8 in {m.src for m in free.legal_moves()}


def test_2_10a_starting_lock_next_square_empty_blocks_first_row_pieces_with_a_neighbour():
    rules = JEQUIER.with_options(starting_lock="next_square_empty")
    state = setup([3, 9], [4, 20], to="W", throw=4, rules=rules)
    assert moves(state) == {"9-13"}  # 3 has a piece on 4 just ahead
    assert "3-7" in moves(setup([3, 9], [4, 20], to="W", throw=4))


def test_2_10a_backward_can_capture_lets_a_backward_move_bump_a_lone_piece():
    rules = JEQUIER.with_options(backward_can_capture=True)
    # 24+2 is a safe Black piece: White must go back, onto Black's lone piece on 22.
    assert "24-22" in moves(setup([24, 12], [26, 22, 14, 15], to="W", throw=2, rules=rules))
    assert "24-22" not in moves(setup([24, 12], [26, 22, 14, 15], to="W", throw=2))


def test_2_10a_backward_priority_per_piece_lets_a_stuck_piece_step_back():
    rules = JEQUIER.with_options(backward_priority="per_piece")
    state = setup([12, 29], [2], to="W", throw=2, rules=rules)
    assert moves(state) == {"12-14", "29-27"}  # 29 cannot go on, so it may go back
    assert moves(setup([12, 29], [2], to="W", throw=2)) == {"12-14"}


def test_2_10a_bear_off_on_exact_30_off_means_only_passing_30_bears_off():
    rules = JEQUIER.with_options(bear_off_on_exact_30=False)
    assert moves(setup([26, 22], [2], to="W", throw=4, rules=rules)) == {"26-30"}
    assert "26-off" in moves(setup([26, 22], [2], to="W", throw=4))


def test_2_10a_extra_throw_after_forfeit_keeps_the_turn_after_an_unusable_1_4_6():
    rules = JEQUIER.with_options(extra_throw_after_forfeit=True)
    state = setup([2], [8, 9], to="W", rules=rules).apply(SIX)
    assert state.effects == (("lost", 6), ("extra_throw", 6))
    assert state.seat == 1  # White (seat 1 in hand-made positions) throws again
    assert setup([2], [8, 9], to="W").apply(SIX).seat == 0


def test_2_10a_rows_turn_corners_off_breaks_pairs_at_the_corners():
    rules = JEQUIER.with_options(rows_turn_corners=False)
    # Black on 20 and 21: neighbours on the track, not on the board.
    assert "18-20" in moves(setup([18], [20, 21], to="W", throw=2, rules=rules))
    assert "18-20" not in moves(setup([18], [20, 21], to="W", throw=2))


def test_2_10a_rows_turn_corners_off_counts_both_colours_in_a_wall():
    rules = JEQUIER.with_options(rows_turn_corners=False)
    # 4 (White), 5, 6 (Black) make a wall of three on one row under Ludii's reading.
    assert "3-9" not in moves(setup([3, 4], [5, 6, 20], to="W", throw=6, rules=rules))
    assert "3-9" in moves(setup([3, 4], [5, 6, 20], to="W", throw=6))


def test_2_10a_the_ludii_preset_takes_every_ludii_value():
    assert JEQUIER_LUDII == JEQUIER.with_options(
        bump_to_first_empty=True,
        safe_squares=frozenset({15, 26, 28, 29}),
        starting_lock="next_square_empty",
        backward_can_capture=True,
        backward_priority="per_piece",
        bear_off_on_exact_30=False,
        extra_throw_after_forfeit=True,
        rows_turn_corners=False,
    )
    assert WHITE == 1
