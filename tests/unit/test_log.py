"""The words of a Senet game (``ludeum.senet.log``): the status line says what just
happened and who acts next, naming the right side; the move list has one line per
move and lost throw, in the order they were played, and one line for the whole
opening, said when a 1 decides it.

Hand-made positions make Black seat 0 ("Player 1") unless ``black_seat=1`` is given."""

from __future__ import annotations

import pytest
from senet_games import FOUR, ONE, SIX, THREE, THROW_OF, TWO, play, random_steps, setup

from ludeum import i18n, saves
from ludeum.protocol import CHANCE
from ludeum.senet import JEQUIER, JEQUIER_LUDII, Move, Throw, new_game
from ludeum.senet.log import game_log, log_entry, side_name, status
from ludeum.senet.track import OFF


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def opening(first_seat=0, *throws):
    state = new_game(JEQUIER, first_seat=first_seat)
    for throw in throws:
        state = state.apply(throw)
    return state


# -- the status line ------------------------------------------------------------------------


def test_status_of_a_new_game_asks_the_first_seat_to_throw():
    assert status(new_game(first_seat=1)) == (
        "Player 2 to throw. The first to throw a 1 plays Black."
    )


@pytest.mark.parametrize("throw,value", [(TWO, 2), (THREE, 3), (FOUR, 4), (SIX, 6)])
def test_status_after_an_opening_throw_that_is_not_a_1_passes_the_sticks(throw, value):
    state = opening(0, throw)
    assert state.to_act() == CHANCE and state.seat == 1
    assert status(state) == (
        f"Player 1 threw {value}: not a 1. Player 2 to throw. The first to throw a 1 plays Black."
    )


def test_status_after_the_opening_1_names_the_new_black_and_its_forced_move():
    state = opening(0, TWO, ONE)
    assert state.to_act() == 1 and state.black_seat is None  # Black once it has moved
    assert status(state) == (
        "Player 2 threw a 1 and plays Black: move Black's front piece from 10 to 11."
    )


def test_status_after_the_forced_opening_move_gives_black_another_throw():
    state = opening(0, TWO, ONE).apply(Move(10, 11))
    assert state.to_act() == CHANCE and state.seat == 1
    assert status(state) == (
        "Black (Player 2) moved 10 to 11. "
        "A throw of 1 earns another throw: Black (Player 2) throws again."
    )


def test_status_of_an_ordinary_throw_asks_for_a_move():
    state = opening(0, ONE, Move(10, 11), FOUR)
    assert state.to_act() == 0 and state.legal_moves() == (Move(6, 10), Move(8, 12), Move(11, 15))
    assert status(state) == "Black (Player 1) threw 4: choose a piece to move."


def test_status_when_only_backward_moves_remain_says_so():
    state = setup([24, 12], [26, 14, 15], to="W").apply(TWO)
    assert all(move.backward for move in state.legal_moves())
    assert status(state) == (
        "White (Player 2) threw 2. No piece can go forward: move a piece back."
    )


def test_status_of_a_lost_throw_passes_the_turn_to_the_other_side():
    state = setup([2], [8, 9], to="W").apply(SIX)
    assert state.to_act() == CHANCE and state.seat == 0
    assert status(state) == (
        "White (Player 2) threw 6, but no piece can use it: the throw is lost. "
        "Black (Player 1) to throw."
    )


def test_status_of_a_lost_throw_that_still_earns_a_throw_under_ludii():
    state = setup([2], [8, 9], to="W", rules=JEQUIER_LUDII).apply(SIX)
    assert state.to_act() == CHANCE and state.seat == 1
    assert status(state) == (
        "White (Player 2) threw 6, but no piece can use it: the throw is lost. "
        "A throw of 6 earns another throw: White (Player 2) throws again."
    )


@pytest.mark.parametrize("value", [1, 4, 6])
def test_status_after_a_move_with_1_4_or_6_gives_another_throw(value):
    state = setup([1], [29], to="W").apply(THROW_OF[value])
    state = state.apply(Move(1, 1 + value))
    assert state.seat == 1
    assert status(state) == (
        f"White (Player 2) moved 1 to {1 + value}. "
        f"A throw of {value} earns another throw: White (Player 2) throws again."
    )


@pytest.mark.parametrize("value", [2, 3])
def test_status_after_a_move_with_2_or_3_passes_the_turn(value):
    state = setup([1], [29], to="W").apply(THROW_OF[value]).apply(Move(1, 1 + value))
    assert state.seat == 0
    assert status(state) == f"White (Player 2) moved 1 to {1 + value}. Black (Player 1) to throw."


def test_status_of_a_bump_names_the_bumped_colour_and_where_it_went():
    state = setup([12], [14], to="W").apply(TWO).apply(Move(12, 14))
    assert status(state) == (
        "White (Player 2) moved 12 to 14. A Black piece on 14 is bumped back to 12. "
        "Black (Player 1) to throw."
    )


def test_status_of_a_bump_by_black_names_a_white_victim():
    state = setup([14], [12], to="B", black_seat=1).apply(TWO).apply(Move(12, 14))
    assert status(state) == (
        "Black (Player 2) moved 12 to 14. A White piece on 14 is bumped back to 12. "
        "White (Player 1) to throw."
    )


def test_status_of_a_bump_under_ludii_sends_the_piece_to_the_first_empty_square():
    state = setup([12], [14], to="W", rules=JEQUIER_LUDII).apply(TWO).apply(Move(12, 14))
    assert status(state) == (
        "White (Player 2) moved 12 to 14. A Black piece on 14 is bumped back to 1. "
        "Black (Player 1) to throw."
    )


def test_status_of_a_fall_into_the_water_says_where_the_piece_starts_again():
    state = setup([1, 2, 24], [3, 5], to="W").apply(THREE).apply(Move(24, 27))
    assert status(state) == (
        "White (Player 2) moved 24 to 27. "
        "It fell into the water and starts again on square 4. Black (Player 1) to throw."
    )


def test_status_of_bearing_off():
    state = setup([28, 21], [2], to="W").apply(THREE).apply(Move(28, OFF))
    assert status(state) == (
        "White (Player 2) bore off the piece on 28. Black (Player 1) to throw."
    )


def test_status_at_the_end_names_the_winner_and_the_score():
    state = setup([29], [2, 15, 25], to="W").apply(TWO).apply(Move(29, OFF))
    assert state.to_act() is None
    assert status(state) == (
        "White (Player 2) bore off the piece on 29. "
        "White (Player 2) has borne off every piece and wins, by 6 points."
    )


def test_status_at_the_end_when_black_wins_as_player_1():
    state = setup([2, 12], [30], to="B").apply(ONE).apply(Move(30, OFF))
    assert status(state) == (
        "Black (Player 1) bore off the piece on 30. "
        "Black (Player 1) has borne off every piece and wins, by 5 points."
    )


@pytest.mark.parametrize("black_seat", [0, 1])
def test_side_names_follow_the_seat_that_plays_each_colour(black_seat):
    state = setup([1], [29], to="W", black_seat=black_seat)
    white_seat = 1 - black_seat
    assert side_name(state, white_seat) == f"White (Player {white_seat + 1})"
    assert side_name(state, black_seat) == f"Black (Player {black_seat + 1})"
    assert side_name(new_game(), 1) == "Player 2"
    assert status(state) == f"White (Player {white_seat + 1}) to throw."


def test_status_names_the_side_to_act_in_every_state_of_random_games():
    for seed in range(20):
        for _before, _action, state in random_steps(new_game(first_seat=seed % 2), seed):
            text = status(state)
            actor = state.to_act()
            if actor is None:
                winner = side_name(state, state.winner)
                assert text.endswith(f"{winner} has borne off every piece and wins, by "
                                     f"{state.outcome().score} points.")  # fmt: skip
            elif state.in_opening and actor == CHANCE:
                assert text.endswith(f"Player {state.seat + 1} to throw. "
                                     "The first to throw a 1 plays Black.")  # fmt: skip
            elif actor == CHANCE:
                side = side_name(state, state.seat)
                assert text.endswith((f"{side} to throw.", f"{side} throws again."))
            elif state.effects[0][0] == "opening_one":
                assert text.startswith(f"Player {state.seat + 1} threw a 1 and plays Black")
            else:
                side = side_name(state, state.seat)
                assert text.startswith(f"{side} threw {state.throw_value}")


# -- the move list ------------------------------------------------------------------------------


def test_log_entry_is_none_for_a_throw_whose_move_makes_the_line():
    before = opening(0, ONE, Move(10, 11))
    after = before.apply(FOUR)
    assert log_entry(before, FOUR, after) is None
    start = new_game(first_seat=0)
    assert log_entry(start, TWO, start.apply(TWO)) is None  # an opening throw before the 1


def test_the_opening_is_one_line_made_by_its_1():
    state = opening(1, THREE)
    assert log_entry(state, ONE, state.apply(ONE)) == (
        "Player 2 threw 3, Player 1 threw 1: Player 1 plays Black"
    )
    start = new_game(first_seat=0)
    assert log_entry(start, ONE, start.apply(ONE)) == "Player 1 threw 1: Player 1 plays Black"


def test_an_opening_of_six_throws_is_listed_a_longer_one_counted():
    misses = [TWO, THREE, FOUR, SIX, TWO, THREE]
    assert game_log(opening(0, *misses[:5], ONE)) == [
        "Player 1 threw 2, Player 2 threw 3, Player 1 threw 4, Player 2 threw 6, "
        "Player 1 threw 2, Player 2 threw 1: Player 2 plays Black"
    ]
    assert game_log(opening(0, *misses, ONE)) == [
        "6 throws without a 1, then Player 1 threw 1: Player 1 plays Black"
    ]
    many = opening(1, *([TWO] * 41), ONE)
    assert game_log(many) == ["41 throws without a 1, then Player 1 threw 1: Player 1 plays Black"]


def test_game_log_of_a_scripted_game():
    state = new_game(first_seat=0)
    for action in (TWO, THREE, ONE, Move(10, 11), FOUR, Move(11, 15), TWO, Move(15, 17)):
        state = state.apply(action)
    assert game_log(state) == [
        "Player 1 threw 2, Player 2 threw 3, Player 1 threw 1: Player 1 plays Black",
        "Black (Player 1) threw 1: 10 → 11.",
        "Black (Player 1) threw 4: 11 → 15.",
        "Black (Player 1) threw 2: 15 → 17.",
    ]
    assert game_log(new_game()) == []


def test_game_log_lines_for_lost_throws_bumps_water_and_bearing_off():
    lost = setup([2], [8, 9], to="W").apply(SIX)
    assert game_log(lost) == ["White (Player 2) threw 6: lost"]
    bump = setup([12], [14], to="W").apply(TWO).apply(Move(12, 14))
    assert game_log(bump) == [
        "White (Player 2) threw 2: 12 → 14. A Black piece on 14 is bumped back to 12."
    ]
    water = setup([1, 2, 24], [3, 5], to="W").apply(THREE).apply(Move(24, 27))
    assert game_log(water) == [
        "White (Player 2) threw 3: 24 → 27. It fell into the water and starts again on square 4."
    ]
    off = setup([28, 21], [2], to="W").apply(THREE).apply(Move(28, OFF))
    assert game_log(off) == ["White (Player 2) threw 3: 28 → off the board."]


def expected_lines(state):
    """What the move list must hold, derived from the game's actions and effects."""
    lines = []
    for before, action, after in replay(state):
        if isinstance(action, Move):
            lines.append(("move", before.seat, before.throw_value, action))
        elif after.effects[0][0] == "opening_one":
            lines.append(("opening", before.seat, 1, None))
        elif after.effects[0][0] == "lost":
            value = before.rules.throw_value(action.light)
            lines.append((after.effects[0][0], before.seat, value, None))
    return lines


def replay(state):
    current = state.start()
    for action in state.actions():
        after = current.apply(action)
        yield current, action, after
        current = after


@pytest.mark.parametrize("rules,seed", [(JEQUIER, s) for s in range(8)] + [(JEQUIER_LUDII, 1)])
def test_game_log_has_one_line_per_move_and_lost_throw_and_one_for_the_opening(rules, seed):
    state = play(rules, seed=seed, limit=None if rules is JEQUIER else 600)
    log = game_log(state)
    expected = expected_lines(state)
    assert len(log) == len(expected)
    moves = sum(isinstance(a, Move) for a in state.actions())
    assert sum(kind == "move" for kind, *_ in expected) == moves > 0
    for line, (kind, seat, value, move) in zip(log, expected, strict=True):
        if kind == "opening":
            player = f"Player {seat + 1}"
            assert line.endswith(f"{player} threw 1: {player} plays Black")
        elif kind == "lost":
            assert line == f"{side_name(state, seat)} threw {value}: lost"
        else:
            dst = "off the board" if move.dst == OFF else move.dst
            assert line.startswith(f"{side_name(state, seat)} threw {value}: {move.src} → {dst}")


def test_game_log_survives_a_save_and_reload():
    state = play(JEQUIER, seed=6, limit=150)
    assert game_log(saves.load(saves.dump(state))) == game_log(state)


def test_game_log_of_a_game_from_a_hand_made_position_starts_there():
    start = setup([12], [14, 3], to="W", black_seat=1)
    state = start.apply(TWO).apply(Move(12, 14)).apply(Throw((0, 1, 0, 0)))
    assert state.to_act() == 1  # Black (seat 1) must move its 1
    assert game_log(state) == [
        "White (Player 1) threw 2: 12 → 14. A Black piece on 14 is bumped back to 12."
    ]
