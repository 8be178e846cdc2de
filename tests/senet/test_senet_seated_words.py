"""Senet's words against the computer (issue 37): the status, the move list and the
live region say "you" and "the computer", as the player cards do; between two
people they keep the sides' names."""

from __future__ import annotations

import random

import pytest
from positions import setup

from ludeum import i18n, seats
from ludeum.protocol import CHANCE
from ludeum.senet import JEQUIER, PRESETS, Move, Throw, log, new_game, throw_sticks
from ludeum.senet.ui import announce

ONE, THREE = (Throw(s) for s in [(1, 0, 0, 0), (1, 1, 1, 0)])
#: You play seat 0, which is Black in ``setup``'s positions; the computer plays White.
YOU_FIRST = seats.seating((seats.HUMAN, "hard"))


@pytest.fixture(autouse=True)
def english_first():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_the_computer_bumping_your_piece_says_your_piece_everywhere():
    before = setup([12], [14, 3], to="W", throw=2)
    after = before.apply(Move(12, 14))
    assert announce(before, Move(12, 14), after, YOU_FIRST) == (
        "The computer moves from 12 to 14 and bumps your piece back to 12."
    )
    assert log.log_entry(before, Move(12, 14), after, YOU_FIRST) == (
        "The computer threw 2: 12 → 14. Your piece on 14 is bumped back to 12."
    )
    assert log.status(after, YOU_FIRST) == (
        "The computer moved 12 to 14. Your piece on 14 is bumped back to 12. Your turn: throw."
    )


def test_your_move_bumping_the_computers_piece_says_you():
    before = setup([14, 3], [12], to="B", throw=2)
    after = before.apply(Move(12, 14))
    assert announce(before, Move(12, 14), after, YOU_FIRST) == (
        "You move from 12 to 14 and bump the computer's piece back to 12."
    )
    assert log.log_entry(before, Move(12, 14), after, YOU_FIRST) == (
        "You threw 2: 12 → 14. The computer's piece on 14 is bumped back to 12."
    )
    assert log.status(after, YOU_FIRST).endswith("The computer throws next.")


def test_between_two_people_the_sides_keep_their_names():
    before = setup([12], [14, 3], to="W", throw=2)
    after = before.apply(Move(12, 14))
    people = seats.seating(seats.HUMANS)
    assert log.log_entry(before, Move(12, 14), after, people) == (
        "White (Player 2) threw 2: 12 → 14. A Black piece on 14 is bumped back to 12."
    )
    assert announce(before, Move(12, 14), after, people) == (
        "White moves from 12 to 14 and bumps a Black piece back to 12."
    )


def test_the_status_says_whose_turn_it_is_to_throw_and_to_move():
    assert log.status(setup([14, 3], [12], to="B"), YOU_FIRST) == "Your turn: throw."
    assert log.status(setup([14, 3], [12], to="W"), YOU_FIRST) == "The computer throws next."
    yours = setup([14, 3], [12], to="B", throw=2)
    assert log.status(yours, YOU_FIRST).endswith("You threw 2: choose a piece to move.")
    theirs = setup([14, 3], [12], to="W", throw=2)
    assert log.status(theirs, YOU_FIRST).endswith("The computer threw 2 and is choosing its move.")


def test_the_opening_is_told_with_you_and_the_computer():
    start = new_game(JEQUIER, 0)
    assert log.status(start, YOU_FIRST) == ("Your turn: throw. The first to throw a 1 plays Black.")
    missed = start.apply(THREE)
    decided = missed.apply(ONE)
    assert log.log_entry(missed, ONE, decided, YOU_FIRST) == (
        "You threw 3, the computer threw 1: the computer plays Black"
    )
    assert announce(missed, ONE, decided, YOU_FIRST) == (
        "You threw 3. The computer threw a 1 and plays Black."
    )
    assert log.status(decided, YOU_FIRST).startswith("The computer threw a 1 and plays Black:")


def played_out(state, seed: int):
    """The game played to its end by random throws and moves."""
    rng = random.Random(seed)
    while state.to_act() is not None:
        if state.to_act() == CHANCE:
            state = state.apply(throw_sticks(rng))
        else:
            state = state.apply(rng.choice(list(state.legal_moves())))
    return state


def test_the_ending_says_you_win_or_the_computer_wins():
    over = played_out(new_game(JEQUIER, 0), seed=3)
    winner = over.winner
    assert log.ending(over, seats.Seating(winner)).startswith(
        "You have borne off every piece and win, by "
    )
    assert log.ending(over, seats.Seating(1 - winner)).startswith(
        "The computer has borne off every piece and wins, by "
    )
    assert log.ending(over).startswith(log.side_name(over, winner))


@pytest.mark.parametrize("reading", ["jequier", "kendall", "tait"])
def test_no_line_names_a_player_or_a_colour_against_the_computer(reading):
    """Over random games, every line of the move list and the status say "you" or
    "the computer", never "Player 1" or a side's colour before its piece."""
    rng = random.Random(37)
    state = new_game(PRESETS[reading], 0)
    for _ in range(400):
        if state.to_act() is None:
            break
        if state.to_act() == CHANCE:
            action = throw_sticks(rng)
        else:
            action = rng.choice(list(state.legal_moves()))
        after = state.apply(action)
        said = [
            log.log_entry(state, action, after, YOU_FIRST) or "",
            log.status(after, YOU_FIRST),
            announce(state, action, after, YOU_FIRST),
        ]
        for text in said:
            assert "Player" not in text, text
            assert "White piece" not in text and "Black piece" not in text, text
            assert "White (" not in text and "Black (" not in text, text
        state = after
