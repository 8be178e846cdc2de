"""The words of games by links that name the friend (issue 52): a friend without a
name gets sentences of their own, which each language writes in its grammar; and a
move's arrow reads the way the piece goes in a right-to-left language."""

from __future__ import annotations

import random

import pytest
from by_links import exchange

from ludeum.correspondence import friend, windows
from ludeum.correspondence.send_words import ANSWER, dialog_words, joined_words, send_words
from ludeum.i18n import LEFT_TO_RIGHT_ISOLATE, POP_ISOLATE, listed, set_language
from ludeum.protocol import CHANCE
from ludeum.senet import PRESETS
from ludeum.senet import new_game as new_senet
from ludeum.senet.log import game_log
from ludeum.senet.state import Move
from ludeum.senet.sticks import Throw

REASONS = (friend.FRIENDS_ANSWER, ANSWER, friend.FRIENDS_STICKS, friend.GAME_OVER,
           friend.FRIENDS_TURN)  # fmt: skip


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


@pytest.mark.parametrize("reason", REASONS)
def test_words_a_named_friend_is_named_and_an_unnamed_one_has_its_own_sentence(reason) -> None:
    for code in ("en", "fr", "de", "ar"):
        set_language(code)
        title, named = send_words(reason, "Bo")
        _title, unnamed = send_words(reason, "")
        assert title and "Bo" in named, (code, named)
        assert "{" not in unnamed and unnamed != named.replace("Bo", ""), (code, unnamed)
    assert "Bo" in joined_words("Bo") and "{" not in joined_words("")


def test_words_german_declines_your_friend_by_its_place_in_the_sentence() -> None:
    # "an dein Freund" was "your friend" put into the named sentence as a name.
    set_language("de")
    sentences = [send_words(reason, "")[1] for reason in REASONS] + [joined_words("")]
    for sentence in sentences:
        for wrong in ("an dein Freund", "von dein Freund", "mit dein Freund"):
            assert wrong not in sentence, sentence
    assert "an deinen Freund" in send_words(friend.FRIENDS_ANSWER, "")[1]
    assert "mit deinem Freund" in joined_words("")


def first_moves() -> list[str]:
    """The move list (in the current language) of a seeded random Senet game, played
    until it holds a few moves."""
    rng = random.Random(52)
    state = new_senet(PRESETS["kendall"], 0)
    moves = 0
    while moves < 6 and state.to_act() is not None:
        if state.to_act() == CHANCE:
            action = Throw(tuple(rng.randint(0, 1) for _ in range(4)))
        else:
            action = rng.choice(state.legal_moves())
            moves += isinstance(action, Move)
        state = state.apply(action)
    return game_log(state)


def test_bidi_a_moves_arrow_is_kept_left_to_right_in_arabic_only() -> None:
    set_language("ar")
    arabic = [line for line in first_moves() if "→" in line]
    assert len(arabic) >= 3, "too few moves in the list"
    for line in arabic:
        start = line.index(LEFT_TO_RIGHT_ISOLATE)
        assert start < line.index("→") < line.index(POP_ISOLATE), line
    assert listed(["1", "4", "2"]) == "1، 4، 2"  # Arabic's own comma
    set_language("en")
    english = first_moves()
    assert sum("→" in line for line in english) == len(arabic)
    assert not any(LEFT_TO_RIGHT_ISOLATE in line or POP_ISOLATE in line for line in english)
    assert listed(["1", "4"]) == "1, 4"


def dialogs(preset: str, seed: int, links: int = 12):
    """(link, the Send dialog's words, actions the sender played since the link before
    it) for the first ``links`` links of a Senet game by links played in memory."""
    result = exchange(new_senet(PRESETS[preset], 0), seed=seed, stop_after=links)
    previous = 0
    for sent in result.links:
        state, game = sent.sender_kept
        reason = friend.to_send(game, state, windows.replay(state)[0])
        if reason is not None:  # the page offers no link then (the game ended there)
            yield sent, dialog_words(reason, game, state), sent.actions - previous
        previous = sent.actions


@pytest.mark.parametrize("preset", ["kendall", "jequier", "tait"])
def test_words_a_turn_is_called_played_only_when_something_was_played(preset) -> None:
    set_language("en")
    said = set()
    for seed in range(10):
        for sent, (title, about), played in dialogs(preset, seed):
            said.add(title)
            if "Your turn is played" in about:
                assert played > 0, (seed, sent.actions, about)
            if title == "Send your sticks":
                assert played == 0, (seed, sent.actions)
            if title == "Send the opening":
                _state, game = sent.sender_kept
                assert "plays " in about and "Bo" in about, about
    assert {"Send your turn", "Invite a friend", "Answer the invitation"} <= said
    if preset == "kendall":  # its opening ends with the winner's move
        assert {"Send your sticks", "Send the opening"} <= said, said


def test_words_the_opening_won_by_the_friend_names_their_colour() -> None:
    set_language("en")
    found = [
        (sent, about)
        for seed in range(8)
        for sent, (title, about), _played in dialogs("kendall", seed)
        if title == "Send the opening"
    ]
    assert found, "no opening won by the friend in eight games"
    for sent, about in found:
        state, game = sent.sender_kept
        colour = "Black" if state.colour_of(game.friend) == 2 else "White"
        assert f"Bo won it and plays {colour}" in about, about
