"""Senet's opening in one action (``ludeum.senet.opening``, issue 26): the seats throw
in turn until one throws a 1; each throw stays an action of the record; the move
list sums it up in one line."""

from __future__ import annotations

import random

import pytest

from ludeum import games, i18n, saves
from ludeum.protocol import CHANCE
from ludeum.senet import JEQUIER, PRESETS, Move, Throw, new_game, throw_sticks
from ludeum.senet import opening as opening_module
from ludeum.senet.log import game_log
from ludeum.senet.opening import decide_opening, opening_due

ONE, THREE, SIX = Throw((0, 0, 1, 0)), Throw((1, 0, 1, 1)), Throw((0, 0, 0, 0))
OPENING_READINGS = [name for name, rules in PRESETS.items() if rules.family != "tait"]


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("reading", OPENING_READINGS)
def test_every_decided_opening_ends_with_exactly_one_1_thrown_last(reading):
    rules = PRESETS[reading]
    for seed in range(300):
        start = new_game(rules, first_seat=seed % 2)
        opening = decide_opening(start, random.Random(seed))
        values = [rules.throw_value(t.light) for t in opening.throws]
        assert values[-1] == 1 and values.count(1) == 1, values
        assert opening.decided
        # The seats took turns, the first seat first; the one who threw the 1 moves.
        thrower = (start.seat + len(values) - 1) % 2
        final = opening.state
        assert final.to_act() == thrower and final.in_opening
        front = 2 * rules.pieces
        assert final.legal_moves() == (Move(front, front + 1),)
        # Each state is the one before with its throw; the record holds every throw.
        state = start
        for throw, after in zip(opening.throws, opening.states, strict=True):
            assert state.to_act() == CHANCE
            state = state.apply(throw)
            assert state.actions() == after.actions()
        assert final.actions() == list(opening.throws)


def test_a_seeded_source_gives_the_same_opening_and_each_throw_takes_four_bits():
    start = new_game(JEQUIER, first_seat=1)
    first = decide_opening(start, random.Random(2026))
    again = decide_opening(start, random.Random(2026))
    assert first.throws == again.throws
    assert [s.actions() for s in first.states] == [s.actions() for s in again.states]
    # Fresh throws are the app's throw_sticks: four random bits each, nothing else.
    source = random.Random(2026)
    expected = [throw_sticks(source) for _ in first.throws]
    assert list(first.throws) == expected
    openings = {decide_opening(start, random.Random(seed)).throws for seed in range(20)}
    assert len(openings) > 10  # and other seeds give other openings


def test_throws_already_seen_are_thrown_again_before_fresh_ones():
    start = new_game(JEQUIER, first_seat=0)
    seen = (THREE, SIX, ONE, Move(10, 11))  # a redo line: the opening it held
    assert decide_opening(start, random.Random(1), seen=seen).throws == (THREE, SIX, ONE)
    # A line that runs out (or holds no throw) before a 1: fresh throws follow.
    short = decide_opening(start, random.Random(1), seen=(THREE,))
    assert (
        short.throws[0] == THREE
        and short.throws[1:] == decide_opening(start.apply(THREE), random.Random(1)).throws
    )


def test_it_goes_on_from_an_opening_already_under_way():
    under_way = new_game(JEQUIER, first_seat=0).apply(THREE).apply(SIX)
    opening = decide_opening(under_way, random.Random(5))
    assert opening.state.actions()[:2] == [THREE, SIX]
    assert len(game_log(opening.state)) == 1


def test_only_an_opening_waiting_for_a_throw_can_be_decided():
    decided = decide_opening(new_game(), random.Random(0)).state
    for state in (
        decided,  # the 1 is thrown: Black's front piece is to move
        decided.apply(decided.legal_moves()[0]),  # the colours are known
        new_game(PRESETS["tait"]),  # Tait's reading has no opening
    ):
        assert not opening_due(state)
        with pytest.raises(ValueError):
            decide_opening(state, random.Random(0))
    assert opening_due(new_game())


def test_a_source_that_never_gives_a_1_is_refused(monkeypatch):
    class Dark(random.Random):
        def getrandbits(self, k):
            return 0  # four dark sides: a 6, every time

    monkeypatch.setattr(opening_module, "MOST_THROWS", 40)
    with pytest.raises(ValueError, match="no 1 in 40 throws"):
        decide_opening(new_game(), Dark())


def test_the_opening_is_one_line_of_the_move_list_and_survives_a_save():
    start = new_game(JEQUIER, first_seat=0)
    state = decide_opening(start, random.Random(0), seen=(THREE, ONE)).state
    assert game_log(state) == ["Player 1 threw 3, Player 2 threw 1: Player 2 plays Black"]
    state = state.apply(Move(10, 11))
    assert (
        game_log(saves.load(saves.dump(state)))
        == game_log(state)
        == [
            "Player 1 threw 3, Player 2 threw 1: Player 2 plays Black",
            "Black (Player 2) threw 1: 10 → 11.",
        ]
    )


def test_the_opening_line_in_french():
    i18n.set_language("fr")
    state = decide_opening(new_game(JEQUIER, first_seat=1), random.Random(0),
                           seen=(SIX, THREE, ONE)).state  # fmt: skip
    assert game_log(state) == [
        "Joueur 2 a lancé 6, Joueur 1 a lancé 3, Joueur 2 a lancé 1\u00a0: Joueur 2 joue les Noirs"
    ]


def test_only_senets_ui_offers_the_opening_in_one_action():
    assert games.ui("senet").decide_opening is decide_opening
    for game in ("squadro", "lodestone"):
        assert not hasattr(games.ui(game), "decide_opening")
        assert not hasattr(games.ui(game), "opening_due")
