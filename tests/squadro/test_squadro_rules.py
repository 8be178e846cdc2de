"""One test per rule and edge case of Squadro (rules spec, section 5)."""

from __future__ import annotations

import pytest

from ludeum.protocol import IllegalAction
from ludeum.squadro import HOME, TURNAROUND, H, Move, V, new_game, parse_position, position
from ludeum.squadro.rules import POSITION, SPEEDS


def play(text, lane):
    return parse_position(text).apply(Move(lane))


def test_5_2_speeds_differ_between_the_players_and_add_up_to_four_per_lane():
    assert SPEEDS[H][0][1:] == (3, 1, 2, 1, 3) and SPEEDS[H][1][1:] == (1, 3, 2, 3, 1)
    assert SPEEDS[V][0][1:] == (1, 3, 2, 3, 1) and SPEEDS[V][1][1:] == (3, 1, 2, 1, 3)
    for seat in (H, V):
        assert all(SPEEDS[seat][0][lane] + SPEEDS[seat][1][lane] == 4 for lane in range(1, 6))


def test_5_3_a_piece_moves_exactly_its_speed():
    state = new_game(H).apply(Move(1))
    assert state.progress[H][1] == 3 and state.seat == V
    assert new_game(V).apply(Move(2)).progress[V][2] == 3


def test_5_3_reaching_the_far_edge_turns_the_piece_round_and_loses_leftover_points():
    state = play("40000/00000 H", 1)  # speed 3 from 4: two steps reach the edge
    assert state.progress[H][1] == TURNAROUND
    assert ("turned", 1) in state.effects


def test_5_3_after_turning_a_piece_uses_its_return_speed():
    state = play("60000/00000 H", 1)  # lane 1 comes back at speed 1
    assert POSITION[state.progress[H][1]] == 5


def test_5_3_reaching_its_start_again_finishes_a_piece_and_loses_leftover_points():
    state = play("0a000/00000 H", 2)  # at position 2, return speed 3
    assert state.progress[H][2] == HOME and ("home", 2) in state.effects
    assert Move(2) not in play("0a000/00000 H", 2).apply(Move(1)).legal_moves()


def test_5_3_entering_an_opposing_piece_jumps_it_and_ends_the_move_there():
    # V's lane 1 piece stands on H's lane 1 at position 1 (its progress is 1).
    state = play("00000/10000 H", 1)
    assert state.progress[H][1] == 2  # stopped right behind, with a point left
    assert state.progress[V][1] == 0  # sent back to its start
    assert ("jumped", (1,)) in state.effects


def test_5_3_a_whole_run_of_opposing_pieces_is_jumped():
    state = play("00000/11000 H", 1)
    assert state.progress[H][1] == 3 and state.progress[V][1:3] == (0, 0)


def test_5_3_a_gap_ends_the_jump_and_the_second_piece_is_untouched():
    state = play("00000/10100 H", 1)
    assert state.progress[H][1] == 2 and state.progress[V][1] == 0
    assert state.progress[V][3] == 1


def test_5_3_a_jump_can_land_on_the_turnaround_space():
    state = play("40000/00001 H", 1)  # V lane 5 sits on H lane 1 at position 5
    assert state.progress[H][1] == TURNAROUND and state.progress[V][5] == 0


def test_5_3_a_jump_can_land_home():
    # H's lane 4 is coming back at position 2 (progress 10); V's lane 1 is on row 4.
    state = play("000a0/40000 H", 4)
    assert state.progress[H][4] == HOME and state.progress[V][1] == 0


def test_5_3_a_returning_piece_that_is_jumped_goes_back_to_its_turnaround_space():
    # V's lane 2 is coming back at position 4 (progress 8); H's lane 4 reaches column 2.
    state = play("00010/08000 H", 4)
    assert state.progress[V][2] == TURNAROUND  # still on its way back
    assert state.progress[H][4] == 3


def test_5_3_an_opposing_piece_beyond_the_last_step_is_not_touched():
    # H lane 2 (speed 1) steps to column 1; V's lane 4 piece on row 2 is further on.
    state = play("00000/00020 H", 2)
    assert state.progress[H][2] == 1 and state.progress[V][4] == 2
    assert not [e for e in state.effects if e[0] == "jumped"]


def test_5_3_pieces_jump_in_both_directions():
    # H lane 1 coming back at position 5 (progress 7); V lane 4 on row 1 at column 4.
    state = play("70000/00010 H", 1)
    assert POSITION[state.progress[H][1]] == 3 and state.progress[V][4] == 0


def test_5_3_every_unfinished_piece_may_move_and_finished_ones_may_not():
    state = parse_position("c0000/00000 H")
    assert state.legal_moves() == tuple(Move(lane) for lane in (2, 3, 4, 5))
    with pytest.raises(IllegalAction):
        state.apply(Move(1))


def test_5_4_four_pieces_home_win_at_once():
    state = play("ccc0b/00000 H", 5)  # lane 5 at position 1 comes home at speed 1
    assert state.winner == H and state.to_act() is None
    assert state.outcome().winner == H and state.legal_moves() == ()


def test_5_4_either_seat_may_start():
    assert new_game(V).to_act() == V and new_game(H).to_act() == H


def test_positions_round_trip_and_refuse_impossible_boards():
    for text in ("31000/00200 V", "ccc0b/00000 H", "60a00/07300 V"):
        assert position(parse_position(text)) == text
    with pytest.raises(ValueError):
        parse_position("10000/10000 H")  # H lane 1 and V lane 1 on the same square
    with pytest.raises(ValueError):
        parse_position("cccc0/00000 H")  # four home: the game is over
