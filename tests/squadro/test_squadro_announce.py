"""What the live region says after each Squadro move (``ludeum.squadro.ui.announce``):
where the piece went, its turn at the far edge, its return home, the pieces it
jumped and where each was sent back (rules spec 5.3), and the end of the game."""

from __future__ import annotations

import random

import pytest

from ludeum import i18n
from ludeum.squadro import Move, new_game, parse_position
from ludeum.squadro.ui import announce


def said(state, move) -> str:
    return announce(state, move, state.apply(move))


@pytest.fixture(autouse=True)
def english_first():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_a_move_out_names_the_crossing_it_reaches():
    """Light's lane 1 goes out at speed 3: from its start to the crossing with lane 3."""
    assert said(new_game(), Move(1)) == "Light moves piece 1 out to the crossing with lane 3."


def test_a_move_back_and_a_turn_at_the_far_edge():
    """Rules spec 5.2: a piece reaching the far edge turns round there; coming back
    it moves at the lane's other speed (Light's lane 1: 1)."""
    state = parse_position("30000/00000 H")
    assert said(state, Move(1)) == "Light moves piece 1 to the far edge, where it turns round."
    state = parse_position("60000/00000 H")
    assert said(state, Move(1)) == "Light moves piece 1 back to the crossing with lane 5."


def test_coming_home_and_winning():
    """Rules spec 5.4: the first side with four pieces home wins."""
    assert said(parse_position("b0000/00000 H"), Move(1)) == "Light brings piece 1 home."
    assert said(parse_position("ccc0b/00000 H"), Move(5)) == (
        "Light brings piece 5 home. Light has brought four pieces home and wins."
    )


def test_a_jump_sends_the_jumped_piece_back_to_its_start():
    """Rules spec 5.3: a piece going out that is jumped goes back to its start."""
    state = parse_position("00000/10000 H")
    assert said(state, Move(1)) == (
        "Light moves piece 1 out to the crossing with lane 2. "
        "Dark piece 1 is jumped and goes back to its start."
    )


def test_a_jumped_piece_coming_back_goes_to_its_far_edge():
    """Rules spec 5.3: a piece already coming back goes back to its turnaround space."""
    state = parse_position("00000/b0000 H")  # Dark's lane 1 piece at row 1, coming back
    assert said(state, Move(1)) == (
        "Light moves piece 1 out to the crossing with lane 2. "
        "Dark piece 1 is jumped and goes back to the far edge."
    )


def test_a_jumped_light_piece_is_named_by_its_own_message():
    """Rules spec 5.3 seen from the other side: Dark jumps a Light piece going out."""
    state = parse_position("10000/00000 V")  # Light's lane 1 piece at column 1
    assert said(state, Move(1)) == (
        "Dark moves piece 1 out to the crossing with lane 2. "
        "Light piece 1 is jumped and goes back to its start."
    )


def test_french_names_the_jumped_piece_by_its_side():
    """The side that owns a jumped piece is part of one whole message, worded in
    French as the board's labels word it (la pièce de Clair du couloir 1)."""
    i18n.set_language("fr")
    assert said(parse_position("00000/10000 H"), Move(1)) == (
        "Clair avance sa pièce du couloir 1 jusqu’au croisement avec le couloir 2. "
        "La pièce de Foncé du couloir 1 est sautée et retourne à son départ."
    )
    assert said(parse_position("00000/b0000 H"), Move(1)).endswith(
        "La pièce de Foncé du couloir 1 est sautée et retourne au bord opposé."
    )


def test_every_move_of_random_games_gets_words():
    for seed in range(20):
        source = random.Random(seed)
        state = new_game(seed % 2)
        while state.to_act() is not None:
            move = source.choice(state.legal_moves())
            text = said(state, move)
            assert text.startswith(("Light ", "Dark ")) and text.endswith(".")
            state = state.apply(move)
