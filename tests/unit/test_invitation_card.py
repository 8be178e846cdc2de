"""The invited friend's first screen (issue 52): it says who invites, to which game,
which side is the friend's and what they do first, named or not, in every language."""

from __future__ import annotations

import pytest
from by_links import exchange

from ludeum.correspondence.invitation import invitation_card
from ludeum.games import ui as game_ui
from ludeum.i18n import set_language
from ludeum.lodestone import new_game as new_lodestone
from ludeum.senet import PRESETS
from ludeum.senet import new_game as new_senet
from ludeum.squadro import new_game as new_squadro

STARTS = {
    "senet": lambda: new_senet(PRESETS["jequier"], 0),
    "squadro": lambda: new_squadro(0),
    "lodestone": lambda: new_lodestone(),
}


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def joined(game: str, names=("Ana", "Bo")):
    """The invited device's state and side just after it opened the invitation."""
    result = exchange(STARTS[game](), seed=52, names=names, stop_after=1)
    return result.kept[1]


def test_invitation_card_squadro_names_the_inviter_the_sides_and_the_turn() -> None:
    state, game = joined("squadro")
    card = invitation_card(state, game, game_ui("squadro"))
    assert card.title == "Ana invites you to play Squadro"
    assert card.sides == "You play Dark; Ana plays Light."
    assert card.first == "Ana has played the first move: your turn."
    assert card.name_label == "Your name, as Ana will see it"
    assert card.reading == "Light moves across, Dark moves down"


def test_invitation_card_senet_asks_for_the_answer_before_the_opening() -> None:
    state, game = joined("senet")
    card = invitation_card(state, game, game_ui("senet"))
    assert card.title == "Ana invites you to play Senet"
    assert "opening" in card.sides and "Black" in card.sides
    assert card.first.startswith("First send your answer") and "Ana throws" in card.first
    assert "Jéquier" in card.reading


def test_invitation_card_lodestone_gives_the_colours() -> None:
    state, game = joined("lodestone")
    card = invitation_card(state, game, game_ui("lodestone"))
    mine = game_ui("lodestone").side_card(state, game.seat).side
    assert card.title == "Ana invites you to play Lodestone"
    assert card.sides.startswith(f"You play {mine};") and mine
    assert card.first == "Ana has played the first move: your turn."


@pytest.mark.parametrize("game", sorted(STARTS))
def test_invitation_card_an_unnamed_inviter_has_sentences_of_their_own(game) -> None:
    for code in ("en", "fr", "de", "ar"):
        set_language(code)
        state, side = joined(game, names=("", "Bo"))
        card = invitation_card(state, side, game_ui(game))
        named_state, named = joined(game)
        named_card = invitation_card(named_state, named, game_ui(game))
        for text in (card.title, card.sides, card.first, card.name_label):
            assert text and "{" not in text, (code, text)
        assert "Ana" in named_card.title and "Ana" in named_card.name_label, code
        assert card.title != named_card.title.replace("Ana", ""), code
