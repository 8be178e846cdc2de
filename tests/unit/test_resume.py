"""A resumed game from one replay (ludeum.records.resume, issue 28 item 3): the same
state, ahead line, players, move list and take-back point as the separate passes
the page made before (saves.load, load_ahead, load_players, ui.game_log,
line.look_back), and only one replay to get them."""

from __future__ import annotations

import random

import pytest
from long_games import senet_record
from test_takeback_line import COMPUTER_FIRST, COMPUTERS, PEOPLE, VS_COMPUTER, played

from ludeum import lodestone, saves, seats, senet, squadro
from ludeum.games import ui_for
from ludeum.records import line
from ludeum.records.resume import resume
from ludeum.senet import PRESETS

STARTS = {
    "jequier": lambda: senet.new_game(PRESETS["jequier"], 0),
    "kendall_all": lambda: senet.new_game(
        PRESETS["kendall_five_pieces_starting_throw_trap_home_row"], 1
    ),
    "tait": lambda: senet.new_game(PRESETS["tait"], 0),
    "squadro": lambda: squadro.new_game(1),
    "lodestone": lambda: lodestone.new_game(lodestone.STANDARD, 1),
}
PLAYERS = [PEOPLE, VS_COMPUTER, COMPUTER_FIRST, COMPUTERS]


def separately(text: str) -> tuple:
    state = saves.load(text)
    players = saves.load_players(text)
    return (saves.dump(state), saves.load_ahead(text, state), players,
            ui_for(state).game_log(state, seats.seating(players)),
            line.look_back(state, players))  # fmt: skip


def together(text: str) -> tuple:
    got = resume(text)
    return saves.dump(got.state), got.ahead, got.players, got.log, got.back


def same_look_back(a: line.LookBack, b: line.LookBack) -> bool:
    landing = (a.state is None and b.state is None) or (
        a.state is not None and b.state is not None and saves.dump(a.state) == saves.dump(b.state)
    )
    return landing and a.removed == b.removed and a.reason == b.reason


@pytest.mark.parametrize("players", PLAYERS, ids=["people", "vs", "computer-first", "computers"])
@pytest.mark.parametrize("start", STARTS.values(), ids=STARTS)
@pytest.mark.parametrize("length", [0, 1, 2, 7, 40, 400])
def test_one_replay_gives_what_the_separate_passes_gave(start, players, length):
    state = played(start(), length, seed=length)
    ahead = ()
    if line.look_back(state, players).state is not None and length % 2:
        state, ahead = line.take_back(state, (), players)
    text = saves.dump(state, players, ahead)
    one, other = together(text), separately(text)
    assert one[:4] == other[:4]
    assert same_look_back(one[4], other[4])


def test_the_look_back_lands_on_the_loaded_games_own_states():
    state = played(lodestone.new_game(lodestone.STANDARD, 0), 9, seed=3)
    got = resume(saves.dump(state, PEOPLE))
    assert got.back.state is not None
    assert got.back.removed == tuple(got.state.actions()[-1:])
    assert saves.dump(got.back.state.apply(got.back.removed[0])) == saves.dump(got.state)


def test_a_resumed_game_is_replayed_once(monkeypatch):
    calls = []
    apply = senet.SenetState.apply

    def counted(self, action):
        calls.append(action)
        return apply(self, action)

    monkeypatch.setattr(senet.SenetState, "apply", counted)
    text = senet_record(1000)
    got = resume(text)
    assert len(got.state.actions()) == 1000
    assert len(calls) == 1000  # the load's replay only: no pass for the log or take-back


def test_a_bad_record_or_ahead_line_raises_save_error_as_before():
    with pytest.raises(saves.SaveError):
        resume("{}")
    state = played(squadro.new_game(0), 5, seed=1)
    text = saves.dump(state, PEOPLE, ahead=(squadro.Move(1),) * 40)
    with pytest.raises(saves.SaveError, match="ahead action"):
        resume(text)


def test_random_long_senet_game_log_matches():
    rng = random.Random(5)
    state = played(STARTS["kendall_all"](), 300 + rng.randrange(50), seed=9)
    text = saves.dump(state, VS_COMPUTER)
    assert resume(text).log == ui_for(state).game_log(state, seats.seating(VS_COMPUTER))


def test_throw_notations_are_looked_up_and_bad_ones_still_refused():
    from ludeum.senet.sticks import _BY_BITS, Throw

    for throw in _BY_BITS:
        assert Throw.parse(throw.notation()) is Throw.parse(throw.notation()) == throw
    for bad in ("T012", "T01101", "t0110", "T0120", ""):
        with pytest.raises(ValueError):
            Throw.parse(bad)
