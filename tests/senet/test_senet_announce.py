"""What the live region says after each Senet action (``ludeum.senet.ui.announce``):
one sentence per kind of action, for every rule that changes what happens, then
who throws again or how the game ended."""

from __future__ import annotations

import random

import pytest
from positions import setup

from ludeum import i18n
from ludeum.protocol import CHANCE
from ludeum.senet import (
    JEQUIER,
    JEQUIER_LUDII,
    PRESETS,
    WHITE,
    Move,
    Throw,
    new_game,
    throw_sticks,
)
from ludeum.senet.rulesets import KENDALL, TAIT, kendall
from ludeum.senet.state import PASS
from ludeum.senet.track import OFF, PLINTH
from ludeum.senet.ui import announce

# Throws by the number of light sides up (none up counts 6, or 5 under Kendall).
ONE, TWO, THREE, FOUR, NONE = (
    Throw(s) for s in [(1, 0, 0, 0), (1, 1, 0, 0), (1, 1, 1, 0), (1, 1, 1, 1), (0, 0, 0, 0)]
)


def said(state, action) -> str:
    return announce(state, action, state.apply(action))


@pytest.fixture(autouse=True)
def english_first():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


# -- throws ------------------------------------------------------------------------------


def test_a_throw_names_the_side_by_colour_and_the_value():
    state = setup([12], [3, 20], to="W")  # White is seat 1
    assert said(state, THREE) == "White threw 3."
    assert said(state, NONE) == "White threw 6."  # Jéquier: no light side counts 6


def test_opening_throws_name_the_player_until_a_1_decides_the_colours():
    """Rules spec 2.2: seats throw in turn until one throws a 1 and plays Black."""
    state = new_game(JEQUIER, first_seat=0)
    assert said(state, THREE) == "Player 1 threw 3: not a 1."
    assert said(state, ONE) == "Player 1 threw a 1 and plays Black."
    opened = state.apply(ONE)
    assert said(opened, Move(10, 11)) == "Black moves from 10 to 11. Black throws again."


def test_the_1_that_ends_an_opening_in_one_action_names_the_throws_before_it():
    """The page decides the opening in one action and announces only its last throw:
    that announcement says the whole opening."""
    state = new_game(JEQUIER, first_seat=0).apply(THREE).apply(NONE)
    assert said(state, ONE) == (
        "Player 1 threw 3, Player 2 threw 6. Player 1 threw a 1 and plays Black."
    )


def test_a_throw_no_piece_can_use_is_lost():
    """Jéquier (Botermans): an unusable throw is lost and the turn passes."""
    blocked = setup([6, 7, 8], [2], to="B")  # three White in a row block a 6
    assert said(blocked, NONE) == "Black threw 6, but no piece can use it: the throw is lost."


def test_ludii_grants_the_extra_throw_even_for_a_lost_1_4_or_6():
    """Ludii's reading: an unusable 1, 4 or 6 still throws again."""
    blocked = setup([6, 7, 8], [2], to="B", rules=JEQUIER_LUDII)
    assert said(blocked, NONE) == (
        "Black threw 6, but no piece can use it: the throw is lost. Black throws again."
    )


def test_kendall_starting_throw_waits_for_a_1():
    """Kendall's Starting Throw option: the second side moves nothing before a 1."""
    state = setup([3, 5], [10], to="W", rules=kendall(starting_throw=True))
    state = state._replace(waiting=1 << WHITE)
    assert said(state, TWO) == "White threw 2: no piece may move before its side throws a 1."


# -- moves -------------------------------------------------------------------------------


def test_a_plain_move():
    state = setup([12], [3, 20], to="W", throw=3)
    assert said(state, Move(12, 15)) == "White moves from 12 to 15."


def test_jequier_bump_swaps_to_the_attackers_square():
    """Jéquier (Botermans): the bumped piece goes to the square the attacker left."""
    state = setup([12], [14, 3], to="W", throw=2)
    assert said(state, Move(12, 14)) == (
        "White moves from 12 to 14 and bumps a Black piece back to 12."
    )


def test_ludii_bump_sends_to_the_first_empty_square():
    """Ludii's reading: the bumped piece goes to the first empty square."""
    state = setup([2, 12], [14, 3, 1], to="W", throw=2, rules=JEQUIER_LUDII)
    assert said(state, Move(12, 14)) == (
        "White moves from 12 to 14 and bumps a Black piece back to 4."
    )


def test_jequier_water_restarts_the_piece_on_the_first_free_square():
    """Rules spec 2.7: a piece landing on 27 restarts on the lowest empty square."""
    state = setup([24], [1, 2], to="W", throw=3)
    assert said(state, Move(24, 27)) == (
        "White moves from 24 into the water; the piece starts again on 3."
    )


def test_bearing_off_and_the_end_of_the_game():
    state = setup([28, 29], [3], to="W", throw=3)
    assert said(state, Move(28, OFF)) == "White bears off the piece on 28."
    last = setup([29], [3, 20], to="W", throw=2)
    assert said(last, Move(29, OFF)) == (
        "White bears off the piece on 29. White has borne off every piece and wins, by 5 points."
    )


def test_kendall_capture_from_26_sends_the_piece_into_the_water():
    """Kendall: taking a piece on 28-30 from 26 puts it into the water."""
    state = setup([26], [28], to="W", throw=2, rules=KENDALL)
    assert said(state, Move(26, 28)) == (
        "White moves from 26 to 28 and bumps a Black piece into the water."
    )


def test_kendall_water_entering_waiting_and_coming_back():
    """Kendall: a 1 from 26 enters the water; in it, a piece waits, or comes back to 15."""
    state = setup([26, 3], [10], to="W", throw=1, rules=KENDALL)
    assert said(state, Move(26, 27)) == "White moves from 26 into the water. White throws again."
    soaked = setup([27, 3], [10], to="W", throw=2, rules=KENDALL)
    assert said(soaked, Move(27, 15)) == "White brings the piece in the water back to 15."
    held = setup([27, 3], [10, 15], to="W", throw=2, rules=KENDALL)
    assert held.legal_moves() == (PASS,)
    assert said(setup([27, 3], [10, 15], to="W", rules=KENDALL), TWO) == (
        "White threw 2: the piece in the water can only wait."
    )
    assert said(held, PASS) == "White leaves the piece in the water to wait."


def test_kendall_declining_to_bear_off_is_a_pass():
    """Kendall: bearing off is never compulsory."""
    state = setup([30], [10], to="W", throw=2, rules=KENDALL)
    assert PASS in state.legal_moves()
    assert said(state, PASS) == "White passes."


def test_tait_entering_capturing_and_the_water():
    """Tait: pieces enter from the plinth; a capture and the water send a piece back
    to its plinth."""
    state = setup([], [], to="B", throw=4, rules=TAIT, off=(0, 0))
    assert said(state, Move(PLINTH, 4)) == "Black enters a piece on 4."
    state = setup([12], [9], to="B", throw=3, rules=TAIT, off=(0, 0))
    assert said(state, Move(9, 12)) == (
        "Black moves from 9 to 12 and sends a White piece back to its plinth."
    )
    state = setup([], [24], to="B", throw=3, rules=TAIT, off=(0, 0))
    assert said(state, Move(24, 27)) == (
        "Black moves from 24 into the water; the piece goes back to the plinth."
    )


# A bump of each kind by each colour: (White's pieces, Black's, mover, throw, rules, move).
BUMPS = {
    ("square", "W"): ([12], [14, 3], "W", 2, JEQUIER, Move(12, 14)),
    ("square", "B"): ([14, 3], [12], "B", 2, JEQUIER, Move(12, 14)),
    ("water", "W"): ([26], [28], "W", 2, KENDALL, Move(26, 28)),
    ("water", "B"): ([28], [26], "B", 2, KENDALL, Move(26, 28)),
    ("plinth", "W"): ([9], [12], "W", 3, TAIT, Move(9, 12)),
    ("plinth", "B"): ([12], [9], "B", 3, TAIT, Move(9, 12)),
}


def bump(where: str, mover: str):
    white, black, to, throw, rules, move = BUMPS[where, mover]
    extra = {"off": (0, 0)} if rules is TAIT else {}
    return setup(white, black, to=to, throw=throw, rules=rules, **extra), move


@pytest.mark.parametrize(
    ("where", "mover", "english", "french"),
    [
        ("square", "W", "White moves from 12 to 14 and bumps a Black piece back to 12.",
         "Blanc joue de 12 à 14 et renvoie une pièce noire sur la case 12."),
        ("square", "B", "Black moves from 12 to 14 and bumps a White piece back to 12.",
         "Noir joue de 12 à 14 et renvoie une pièce blanche sur la case 12."),
        ("water", "W", "White moves from 26 to 28 and bumps a Black piece into the water.",
         "Blanc joue de 26 à 28 et renvoie une pièce noire dans l’eau."),
        ("water", "B", "Black moves from 26 to 28 and bumps a White piece into the water.",
         "Noir joue de 26 à 28 et renvoie une pièce blanche dans l’eau."),
        ("plinth", "W", "White moves from 9 to 12 and sends a Black piece back to its plinth.",
         "Blanc joue de 9 à 12 et renvoie une pièce noire sur son socle."),
        ("plinth", "B", "Black moves from 9 to 12 and sends a White piece back to its plinth.",
         "Noir joue de 9 à 12 et renvoie une pièce blanche sur son socle."),
    ],
)  # fmt: skip
def test_a_bump_names_the_bumped_colour_in_a_whole_message(where, mover, english, french):
    """Jéquier swaps, Kendall's water, Tait's plinth, for either colour bumped: one
    whole message per colour, so that French can agree it (une pièce blanche)."""
    state, move = bump(where, mover)
    assert said(state, move) == english
    i18n.set_language("fr")
    assert said(state, move) == french


def test_the_throw_limit_ends_the_game_in_words():
    """The app's throw limit: the side further along wins, or it is a draw."""
    rules = JEQUIER.with_options(throw_limit=10)
    state = setup([20], [5], to="W", rules=rules, throw=2)._replace(throws=10)
    assert said(state, Move(20, 22)) == (
        "White moves from 20 to 22. The game stops after 10 throws: White is further along "
        "and wins."
    )


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_action_of_random_games_gets_a_sentence(preset):
    """Whatever happens under any reading, the live region gets words: sentences that
    end with a full stop and name a side."""
    source = random.Random(7)
    state = new_game(PRESETS[preset], first_seat=1)
    for _ in range(400):
        if state.to_act() is None:
            break
        action = (
            throw_sticks(source) if state.to_act() == CHANCE else source.choice(state.legal_moves())
        )
        after = state.apply(action)
        text = announce(state, action, after)
        assert text.endswith(".") and any(w in text for w in ("White", "Black", "Player"))
        state = after
