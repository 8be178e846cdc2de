"""Review's positions: any point of a record, cheaply, and where move-list entries stand."""

from __future__ import annotations

import pytest
from long_games import senet_record
from review_games import random_game

from ludeum import saves
from ludeum.games import ui
from ludeum.history import replay
from ludeum.records.positions import Positions, entries, entry_ends, stops


def plain_replay(state, index):
    current = state.start()
    for action in state.actions()[:index]:
        current = current.apply(action)
    return current


@pytest.mark.parametrize("game", ["senet", "squadro", "lodestone"])
def test_the_position_at_any_index_equals_a_plain_replay(game):
    final = random_game(game, seed=3)
    positions = Positions(final, every=7)
    total = len(final.actions())
    # Out of order on purpose: checkpoints are made lazily, and going back must work.
    for index in [total, 0, total // 2, 1, total - 1, 8, 6, 7, total // 3, 14, 13]:
        assert saves.dump(positions.at(index)) == saves.dump(plain_replay(final, index))


def test_an_index_outside_the_line_is_refused():
    positions = Positions(random_game("squadro", seed=1))
    with pytest.raises(IndexError):
        positions.at(-1)
    with pytest.raises(IndexError):
        positions.at(len(positions) + 1)


def test_the_line_after_a_position_is_the_rest_of_the_actions():
    final = random_game("squadro", seed=2)
    positions = Positions(final)
    assert positions.line_from(10) == tuple(final.actions()[10:])
    assert positions.at(10).actions() + list(positions.line_from(10)) == final.actions()


def test_a_100000_action_record_keeps_one_checkpoint_per_spacing_and_reaches_its_middle():
    final = saves.load(senet_record(100_000))
    positions = Positions(final, every=64)
    middle = positions.at(50_001)
    assert len(middle.actions()) == 50_001
    assert len(positions.checkpoints) == 50_001 // 64 + 1
    # A position just before an existing checkpoint replays from the one below it.
    assert len(positions.at(50_000 - 1).actions()) == 49_999
    assert len(positions.checkpoints) == 50_001 // 64 + 1


@pytest.mark.parametrize("game", ["senet", "squadro", "lodestone"])
def test_each_entry_stands_after_the_action_that_wrote_its_line(game):
    final = random_game(game, seed=5)
    game_ui = ui(game)
    ends, movers = entries(final, game_ui)
    log = game_ui.game_log(final)
    assert len(ends) == len(log) == len(movers)
    steps = list(replay(final))
    for number, end in enumerate(ends):
        before, action, after = steps[end - 1]
        assert game_ui.log_entry(before, action, after) == log[number]
        assert movers[number] == game_ui.seat_to_play(before)
    assert ends == sorted(set(ends))
    assert stops(ends) == [0, *ends]


def test_senet_throws_that_make_no_line_are_skipped_by_the_entries():
    final = random_game("senet", seed=1)
    ends = entry_ends(final, ui("senet"))
    # Most Senet entries are a throw then a move: far fewer entries than actions.
    assert len(ends) < 0.7 * len(final.actions())


@pytest.mark.parametrize("game", ["squadro", "lodestone"])
def test_games_without_chance_have_one_entry_per_action(game):
    final = random_game(game, seed=4)
    assert entry_ends(final, ui(game)) == list(range(1, len(final.actions()) + 1))


@pytest.mark.parametrize("game", ["senet", "squadro", "lodestone"])
def test_a_review_followed_to_a_later_position_equals_one_built_there(game):
    from ludeum.records.review import Review

    final = random_game(game, seed=6)
    cut = len(final.actions()) // 2
    early = Positions(final).at(cut)
    review = Review(early, ui(game), every=5)
    review.positions.at(cut - 1)  # some checkpoints made before the game goes on
    later = review.follow(final, ui(game))
    fresh = Review(final, ui(game), every=5)
    assert later is not None
    # Preparing a review replays the game once and keeps its checkpoints on the way.
    assert len(fresh.positions.checkpoints) == len(final.actions()) // 5 + 1
    assert (later.ends, later.movers, later.stops) == (fresh.ends, fresh.movers, fresh.stops)
    for stop in range(len(fresh)):
        assert saves.dump(later.state_at(stop)) == saves.dump(fresh.state_at(stop))


def test_a_review_does_not_follow_another_line():
    from ludeum.records.review import Review

    final = random_game("squadro", seed=6)
    other = random_game("squadro", seed=7)
    review = Review(Positions(final).at(10), ui("squadro"))
    assert review.follow(other, ui("squadro")) is None
    assert review.follow(Positions(final).at(5), ui("squadro")) is None
