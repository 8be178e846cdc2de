"""The saved-games list's summaries (ludeum/records/library.py) and the envelope's
optional name and saved time (ludeum/saves.py)."""

from __future__ import annotations

import json
import random

import pytest

from ludeum import i18n, saves
from ludeum.chance import random_play
from ludeum.lodestone import LodestoneRules
from ludeum.lodestone import new_game as new_lodestone
from ludeum.records import library
from ludeum.records.library import Row, Summary
from ludeum.senet import JEQUIER, PRESETS, new_game, parse_action
from ludeum.senet.log import game_log
from ludeum.squadro import new_game as new_squadro


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def senet_game():
    state = new_game(JEQUIER, first_seat=0)
    for text in ["T0110", "T1000", "10-11", "T1100", "8-10"]:
        state = state.apply(parse_action(text))
    return state


def finished(start, seed: int = 3):
    state = random_play(start, random.Random(seed), 5000)
    assert state.outcome() is not None
    return state


def test_an_unfinished_senet_game_says_game_rules_players_moves_and_unfinished() -> None:
    text = saves.dump(
        senet_game(), ("human", "hard"), name="Evening", saved_at="2026-11-25T20:14:03"
    )
    summary = library.summarize(text)
    assert summary.readable and summary.game == "Senet"
    assert "Jéquier" in summary.ruleset
    assert summary.players == "against the computer (Hard)"
    # Moves are the move list's entries (a throw and the move it allows make one),
    # not the record's five actions.
    assert summary.moves == len(game_log(senet_game())) == 3
    assert summary.result == "unfinished" and not summary.over
    assert summary.name == "Evening" and summary.saved_at == "2026-11-25T20:14:03"
    assert summary.sentence() == (
        f"Evening: Senet, {summary.ruleset} · against the computer (Hard); 3 moves; "
        "unfinished; saved 2026-11-25 20:14."
    )


@pytest.mark.parametrize(
    "start",
    [
        new_squadro(first_seat=0),
        new_lodestone(LodestoneRules(), 0),
        new_game(PRESETS["kendall"], 0),
    ],
    ids=["squadro", "lodestone", "senet-kendall"],
)
def test_a_finished_game_names_its_winner_by_side(start) -> None:
    state = finished(start)
    summary = library.summarize(saves.dump(state))
    winner = state.outcome().winner
    from ludeum.games import ui_for

    assert summary.over
    assert summary.result == f"won by {ui_for(state).side_label(state, winner)}"
    assert summary.moves == len(ui_for(state).game_log(state))
    assert summary.players == "two people"


@pytest.mark.parametrize(
    "text",
    ["", "not json", "{}", '{"format":"ludeum-save","version":9}', "[" * 5000, None, 42],
    ids=["empty", "junk", "empty-object", "version", "deep", "none", "number"],
)
def test_an_unreadable_record_gets_a_summary_that_says_so_and_never_raises(text) -> None:
    summary = library.summarize(text, {"at": "2026-11-25T09:00:00", "name": "Lost one"})
    assert not summary.readable and summary.problem
    assert summary.sentence() == (
        "Lost one: A saved game that could not be read; saved 2026-11-25 09:00."
    )


def test_a_damaged_record_keeps_its_envelope_name() -> None:
    data = json.loads(saves.dump(senet_game(), name="Mine"))
    data["record"]["actions"][2] = "29-30"
    summary = library.summarize(json.dumps(data))
    assert not summary.readable and summary.name == "Mine"


def test_names_are_printable_trimmed_and_cut() -> None:
    assert library.clean_name("  a\tgame\n\x00 with\u200b  gaps  ") == "a game with gaps"
    assert library.clean_name("é" * 500) == "é" * library.NAME_LENGTH
    assert library.clean_name(None) == "" and library.clean_name(["x"]) == ""
    text = saves.dump(senet_game(), name="\x1b[31mred\x1b[0m " + "x" * 100)
    name = library.summarize(text).name
    assert name.isprintable() and len(name) == library.NAME_LENGTH


def test_a_saved_time_that_is_not_one_is_ignored() -> None:
    assert library.clean_stamp("2026-11-25T20:14:03") == "2026-11-25T20:14:03"
    for bad in ("2026-11-25 20:14:03", "tomorrow", "2026-11-25T20:14:0x", 5, ""):
        assert library.clean_stamp(bad) == ""


def test_the_note_keeps_the_summary_and_listing_then_needs_no_replay(monkeypatch) -> None:
    text = saves.dump(finished(new_squadro(first_seat=1)), saved_at="2026-11-24T08:00:00")
    summary = library.summarize(text)
    note = {
        "why": "new-game",
        "at": "2026-11-24T08:00:01",
        "summary": library.to_note(summary, text),
    }
    json.dumps(note)  # a note is stored as JSON

    def no_loading(_text):
        raise AssertionError("the record was replayed")

    monkeypatch.setattr(saves, "load", no_loading)
    assert library.summarize(text, note) == summary


def test_a_stale_or_damaged_note_summary_is_not_trusted() -> None:
    state = senet_game()
    old = saves.dump(state)
    note = {"summary": library.to_note(library.summarize(old), old)}
    newer = saves.dump(state.apply(parse_action("T0000")))  # the game played on
    assert library.summarize(newer, note).moves == library.summarize(newer).moves
    assert library.from_note(note, newer) is None
    for field, bad in [("moves", -1), ("moves", True), ("over", 1), ("game", None)]:
        broken = {"summary": {**note["summary"], field: bad}}
        assert library.from_note(broken, old) is None
    assert library.from_note({"summary": "x"}, old) is None


def test_a_note_summary_in_another_language_is_worked_out_again() -> None:
    text = saves.dump(senet_game())
    note = {"summary": library.to_note(library.summarize(text), text)}
    i18n.set_language("fr")
    assert library.from_note(note, text) is None
    summary = library.summarize(text, note)
    assert summary.result == "inachevée" and summary.players == "deux personnes"


def test_the_list_shows_the_current_game_first_then_the_newest_first() -> None:
    def row(key, at, current=False):
        return Row(key, Summary(True, saved_at=at), current)

    rows = [
        row("k:1", "2026-11-20T10:00:00"),
        row("k:2", ""),
        row(None, "2026-11-01T10:00:00", current=True),
        row("k:3", "2026-11-24T10:00:00"),
    ]
    assert [r.key for r in library.order(rows)] == [None, "k:3", "k:1", "k:2"]


def test_the_envelope_name_and_time_are_optional_and_old_saves_still_load() -> None:
    state = senet_game()
    plain = saves.dump(state)
    assert "name" not in json.loads(plain) and "saved_at" not in json.loads(plain)
    assert saves.load_label(plain) == (None, None)
    text = saves.dump(state, name="Mine", saved_at="2026-11-25T20:14:03")
    data = json.loads(text)
    assert data["version"] == 1 and data["name"] == "Mine"
    assert saves.load(text).actions() == state.actions()
    assert saves.load_label(text) == ("Mine", "2026-11-25T20:14:03")
    assert saves.load_label('{"name": 3, "saved_at": []}') == (None, None)
    assert saves.load_label("junk") == (None, None)


def test_renaming_changes_only_the_name() -> None:
    text = saves.dump(senet_game(), ("human", "easy"), saved_at="2026-11-25T20:14:03")
    again = saves.renamed(text, "New name")
    assert saves.load_label(again) == ("New name", "2026-11-25T20:14:03")
    data, before = json.loads(again), json.loads(text)
    del data["name"]
    assert data == before
    assert saves.renamed(again, "") == text
    with pytest.raises(saves.SaveError):
        saves.renamed("junk", "x")


def test_a_game_by_links_is_listed_against_the_friend_by_name() -> None:
    from ludeum.correspondence import friend

    state = new_squadro(0)
    game = friend.FriendGame(bytes(8), 0, ("Ana", "Bo"))
    text = saves.dump(state, ("human", "human"), friend=game)
    assert json.loads(text)["players"] == ["human", "friend"]
    assert saves.load_players(text) == ("human", "human")  # older versions: two people
    assert library.summarize(text).players == "against Bo, by links"
    unnamed = friend.FriendGame(bytes(8), 0, ("Ana", ""))
    assert library.opponent_words(("human", "human"), unnamed) == "against a friend, by links"
    assert saves.load_friend(text) == game
