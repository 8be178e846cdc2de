"""What an import says it opened (ludeum/records/library.py, ``opened_sentence``):
the game, its ruleset where it is not the game's default, its number of moves as the
move list counts them, and the result of a finished game; in English and French."""

from __future__ import annotations

import random

import pytest

from ludeum import i18n
from ludeum.chance import random_play
from ludeum.lodestone import LodestoneRules
from ludeum.lodestone import new_game as new_lodestone
from ludeum.records import text as move_list
from ludeum.records.library import opened_sentence
from ludeum.senet import JEQUIER, PRESETS, new_game, parse_action
from ludeum.squadro import new_game as new_squadro
from ludeum.squadro import ui as squadro_ui


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def senet(rules=JEQUIER):
    state = new_game(rules, first_seat=0)
    for text in ["T0110", "T1000", "10-11", "T1100", "8-10"]:
        state = state.apply(parse_action(text))
    return state


def test_a_default_ruleset_is_not_named():
    assert opened_sentence(senet()) == "Opened: Senet, 3 moves."
    squadro = move_list.read("Ludeum move list 1\ngame: squadro\n1. 1\n2. 3\nend\n")[0]
    assert opened_sentence(squadro) == "Opened: Squadro, 2 moves."
    assert opened_sentence(new_squadro(0)) == "Opened: Squadro, 0 moves."


def test_one_move_is_singular():
    squadro = move_list.read("Ludeum move list 1\ngame: squadro\n1. 1\nend\n")[0]
    assert opened_sentence(squadro) == "Opened: Squadro, 1 move."


def test_a_ruleset_that_is_not_the_default_is_named():
    tait = new_game(PRESETS["tait"], first_seat=0)
    assert opened_sentence(tait) == "Opened: Senet, Tait, 0 moves."
    lodestone = new_lodestone(LodestoneRules(per_colour_reading=True), 0)
    sentence = opened_sentence(lodestone)
    assert sentence.startswith("Opened: Lodestone, ") and "its own way" in sentence
    assert sentence.endswith(", 0 moves.")
    assert opened_sentence(new_lodestone(LodestoneRules(), 0)) == "Opened: Lodestone, 0 moves."


def test_a_finished_game_says_its_result():
    state = random_play(new_squadro(0), random.Random(3), 5000)
    assert state.outcome() is not None
    moves = len(squadro_ui.game_log(state))
    assert opened_sentence(state) == f"Opened: Squadro, {moves} moves, won by Light (Player 1)."


def test_french():
    i18n.set_language("fr")
    squadro = move_list.read("Ludeum move list 1\ngame: squadro\n1. 1\n2. 3\nend\n")[0]
    assert opened_sentence(squadro) == "Partie ouverte\u00a0: Squadro, 2 coups."
    tait = new_game(PRESETS["tait"], first_seat=0)
    # French counts zero with the singular (its plural rule: n > 1).
    assert opened_sentence(tait) == "Partie ouverte\u00a0: Senet, Tait, 0 coup."
