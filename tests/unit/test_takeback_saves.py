"""The ahead line in the saved-game envelope (docs/save-format.md): written only when
there is one, read back by replaying it after the game, and a line that does not
follow refused with ``SaveError`` like any damaged record."""

from __future__ import annotations

import json
import random

import pytest
from test_takeback_line import PEOPLE, played, throw_then_move

from ludeum import lodestone, saves, squadro
from ludeum.records import line
from ludeum.senet import PRESETS, Throw, new_game


def taken_back(state, players=PEOPLE, times: int = 1):
    ahead = ()
    for _ in range(times):
        state, ahead = line.take_back(state, ahead, players)
    return state, ahead


GAMES = [
    throw_then_move("tait", seed=2),
    throw_then_move("kendall_starting_throw", seed=4),
    played(squadro.new_game(0), 7, seed=1),
    played(lodestone.new_game(lodestone.STANDARD, 1), 8, seed=2),
]


@pytest.mark.parametrize("state", GAMES, ids=["tait", "kendall", "squadro", "lodestone"])
def test_the_ahead_line_survives_a_save(state):
    times = 1 if isinstance(state, type(new_game())) else 3
    back, ahead = taken_back(state, times=times)
    text = saves.dump(back, PEOPLE, ahead)
    assert json.loads(text)["ahead"] == [saves.ACTION_TEXT[saves.game_name(back)][0](a)
                                         for a in ahead]  # fmt: skip
    loaded = saves.load(text)
    restored = saves.load_ahead(text, loaded)
    assert restored == ahead
    assert saves.dump(line.redo(loaded, restored, PEOPLE)[0]) == saves.dump(
        line.redo(back, ahead, PEOPLE)[0]
    )


def test_no_ahead_key_without_a_line_and_old_saves_read_as_empty():
    state = played(squadro.new_game(0), 3, seed=0)
    text = saves.dump(state, PEOPLE)
    assert "ahead" not in json.loads(text)
    assert saves.load_ahead(text, saves.load(text)) == ()


def test_a_lodestone_pass_is_written_as_pass():
    assert saves.ACTION_TEXT["lodestone"][0](lodestone.PASS) == "pass"
    assert saves.ACTION_TEXT["lodestone"][1]("pass") == lodestone.PASS


def _with_ahead(text: str, ahead) -> str:
    data = json.loads(text)
    data["ahead"] = ahead
    return json.dumps(data)


@pytest.mark.parametrize(
    "bad",
    [
        "T0110",  # not a list
        ["9"],  # not a Squadro lane
        [1],  # not text
        [None],
        ["T0110"],  # a Senet throw in a Squadro game
        ["1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1",
         "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1"],
    ],
)  # fmt: skip
def test_a_bad_ahead_line_is_refused(bad):
    """A line that is not text, not the game's notation, or not legal where it
    would be played: SaveError, so the app sets the record aside rather than drop it."""
    state = played(squadro.new_game(0), 3, seed=0)
    text = _with_ahead(saves.dump(state, PEOPLE), bad)
    saves.load(text)  # the game itself is fine: load ignores the key
    with pytest.raises(saves.SaveError):
        saves.load_ahead(text, saves.load(text))


def test_a_senet_line_must_follow_the_pending_throw():
    """After a take-back the throw stays pending: a line starting with another
    throw does not follow, and is refused."""
    back, ahead = taken_back(throw_then_move("jequier", seed=1))
    text = saves.dump(back, PEOPLE, ahead)
    assert saves.load_ahead(text, saves.load(text)) == ahead
    with pytest.raises(saves.SaveError, match="ahead action 1"):
        saves.load_ahead(_with_ahead(text, ["T1111"]), saves.load(text))


def test_a_seen_throw_in_the_line_round_trips():
    state = throw_then_move("kendall", seed=3)
    actions = state.actions()
    earlier = state.start()
    for action in actions[:-2]:
        earlier = earlier.apply(action)
    ahead = tuple(actions[-2:])
    text = saves.dump(earlier, PEOPLE, ahead)
    restored = saves.load_ahead(text, saves.load(text))
    assert restored == ahead and type(restored[0]) is Throw


def test_junk_text_is_refused_by_load_ahead_too():
    state = new_game(PRESETS["jequier"], 0)
    for junk in ["", "{", "[" * 2000, "x" * (saves.MAX_LENGTH + 1)]:
        with pytest.raises(saves.SaveError):
            saves.load_ahead(junk, state)
    assert saves.load_ahead(json.dumps({"format": "ludeum-save"}), state) == ()


def test_random_ahead_lines_round_trip():
    """Seeded games in every game, taken back a few times: the line written is the
    line read."""
    for seed in range(10):
        rng = random.Random(seed)
        for start in (new_game(PRESETS["tait"], seed % 2), squadro.new_game(seed % 2),
                      lodestone.new_game(lodestone.STANDARD, seed % 2)):  # fmt: skip
            state = played(start, rng.randrange(5, 60), seed)
            ahead = ()
            for _ in range(rng.randrange(1, 4)):
                result = line.take_back(state, ahead, PEOPLE)
                if result is None:
                    break
                state, ahead = result
            text = saves.dump(state, PEOPLE, ahead)
            assert saves.load_ahead(text, saves.load(text)) == ahead
