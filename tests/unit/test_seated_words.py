"""Words and places (issue 37): against the computer, the words of every game name
the seats "you" and "the computer" (``ludeum.seats.Seating``), as the player cards
do; between two people, for the computer against itself and in a shared game they
keep the sides' names. A saved game is named by its game and its opponent."""

from __future__ import annotations

import json
import random

import pytest

from ludeum import i18n, lodestone, saves, seats, squadro, table, welcome
from ludeum.games import ui_for
from ludeum.lodestone import KingFile, LodestoneRules
from ludeum.protocol import CHANCE
from ludeum.records import library
from ludeum.senet import PRESETS, new_game, throw_sticks


@pytest.fixture(autouse=True)
def english_first():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def played(state, count: int, seed: int = 1):
    rng = random.Random(seed)
    for _ in range(count):
        if state.to_act() is None:
            break
        if state.to_act() == CHANCE:
            state = state.apply(throw_sticks(rng))
        else:
            state = state.apply(rng.choice(list(state.legal_moves())))
    return state


# -- who sits where ------------------------------------------------------------------


def test_only_a_person_against_the_computer_is_you():
    assert seats.seating((seats.HUMAN, "hard")) == seats.Seating(0)
    assert seats.seating(("easy", seats.HUMAN)) == seats.Seating(1)
    assert seats.seating(seats.HUMANS) == seats.SIDES
    assert seats.seating(("medium", "medium")) == seats.SIDES
    you = seats.Seating(1)
    assert you.is_you(1) and you.is_computer(0) and not you.is_computer(None)
    assert not seats.SIDES.is_you(0) and not seats.SIDES.is_computer(1)
    assert you.subject(0, "Light") == "The computer" and you.subject(1, "Dark") == "Dark"


# -- Squadro and Lodestone -----------------------------------------------------------


def test_squadro_says_you_and_the_computer_against_the_computer():
    you = seats.seating((seats.HUMAN, "hard"))
    start = squadro.new_game(0)
    move = start.legal_moves()[0]
    after = start.apply(move)
    ui = ui_for(start)
    assert ui.log_entry(start, move, after, you) == f"You: lane {move.lane}."
    assert ui.status(after, you).startswith(f"You moved the piece in lane {move.lane}. ")
    assert "The computer moves next." in ui.status(after, you)
    assert ui.announce(start, move, after, you).startswith(f"You move piece {move.lane} ")
    reply = after.legal_moves()[0]
    assert ui.log_entry(after, reply, after.apply(reply), you) == (
        f"The computer: lane {reply.lane}."
    )
    assert "Your turn: move." in ui.status(after.apply(reply), you)
    # Between two people: the sides, as before.
    assert ui.log_entry(start, move, after) == f"Light: lane {move.lane}."
    assert ui.status(after).startswith("Light (Player 1) moved")


def test_a_jumped_squadro_piece_is_yours_or_the_computers():
    you = seats.seating((seats.HUMAN, "hard"))
    ui = ui_for(squadro.new_game(0))
    state, seen = squadro.new_game(0), []
    rng = random.Random(4)
    while state.to_act() is not None and len(seen) < 2:
        move = rng.choice(list(state.legal_moves()))
        after = state.apply(move)
        said = ui.announce(state, move, after, you)
        if any(e[0] == "jumped" for e in after.effects):
            owner = "Your piece" if state.seat == 1 else "The computer's piece"
            assert owner in said and "Light piece" not in said and "Dark piece" not in said
            seen.append(said)
        state = after
    assert seen


def test_lodestone_says_you_and_the_computer_against_the_computer():
    you = seats.seating(("easy", seats.HUMAN))  # the computer plays Red, seat 0
    start = lodestone.new_game(lodestone.STANDARD, 0)
    ui = ui_for(start)
    assert ui.status(start, you) == "The computer puts its king on d1 or e1."
    placed = start.apply(KingFile(3))
    assert ui.log_entry(start, KingFile(3), placed, you) == "The computer: king on d1."
    assert ui.status(placed, you) == "Your turn: put your king on d8 or e8."
    both = placed.apply(KingFile(4))
    assert ui.log_entry(placed, KingFile(4), both, you) == "You: king on e8."
    assert ui.announce(placed, KingFile(4), both, you) == "You put your king on e8."
    assert ui.status(both, you) == "The computer moves next."
    assert ui.status(start) == "Red (Player 1): put your king on d1 or e1."


def test_a_lodestone_game_won_by_taking_the_king_says_who_won():
    over = played(lodestone.new_game(lodestone.STANDARD, 0), 400, seed=11)
    if over.outcome() is None or over.outcome().reason != "king_taken":
        pytest.skip("this seed does not end with a king taken")
    winner = over.winner - 1
    ui = ui_for(over)
    assert ui.ending(over, seats.Seating(winner)) == "You have taken the enemy king and win."
    assert ui.ending(over, seats.Seating(1 - winner)) == (
        "The computer has taken the enemy king and wins."
    )


# -- the table --------------------------------------------------------------------------


def test_the_table_against_the_computer_says_you_in_its_move_list_and_status():
    state = new_game(PRESETS["jequier"], 0)
    tbl = table.seat(played(state, 30, seed=2), (seats.HUMAN, "easy"))
    assert tbl.seating == seats.Seating(0)
    assert any(entry.startswith("You threw") for entry in tbl.log)
    assert any(entry.startswith("The computer threw") for entry in tbl.log)
    assert not any("Player" in entry for entry in tbl.log)
    assert "Player" not in table.status(tbl)
    # The saved game loads back with the same words.
    assert table.seated(table.record(tbl)).log == tbl.log


def test_a_shared_game_looked_at_names_the_sides():
    """A shared game's seats are the sharer's: its "you" is not the visitor, so it
    is told with the sides' names."""
    state = played(squadro.new_game(0), 6, seed=3)
    own = table.seat(squadro.new_game(0), (seats.HUMAN, "hard"))
    looking, _done = table.look_at(own, state)
    assert looking.seating == seats.SIDES
    assert looking.log[0].startswith("Light: lane")
    assert "(Player" in table.status(looking)


def test_the_move_list_changes_words_with_the_language():
    state = played(squadro.new_game(0), 4, seed=5)
    tbl = table.seat(state, (seats.HUMAN, "medium"))
    i18n.set_language("fr")
    try:
        french, _done = table.relabel(tbl)
        assert french.log[0].startswith("Vous\u00a0: couloir")
        assert french.log[1].startswith("L’ordinateur\u00a0: couloir")
    finally:
        i18n.set_language("en")


# -- saved games and the Continue card ---------------------------------------------------


@pytest.mark.parametrize(
    "state, title",
    [
        (squadro.new_game(0), "Squadro · against the computer (Hard)"),
        (lodestone.new_game(lodestone.STANDARD, 0), "Lodestone · against the computer (Hard)"),
        (
            lodestone.new_game(LodestoneRules(per_colour_reading=True), 0),
            "Lodestone, each colour reads the magnets its own way · against the computer (Hard)",
        ),
    ],
    ids=["squadro", "lodestone", "lodestone-option"],
)
def test_a_saved_game_is_named_by_its_game_and_opponent(state, title):
    summary = library.summarize(saves.dump(state, ("hard", seats.HUMAN)))
    assert summary.sentence() == f"{title}; 0 moves; unfinished."
    assert "moves across" not in summary.sentence() and "moves up" not in summary.sentence()


def test_a_senet_game_is_named_by_its_reading_and_opponent():
    text = saves.dump(new_game(PRESETS["tait"], 0), seats.HUMANS)
    sentence = library.summarize(text).sentence()
    assert sentence.startswith("Senet, Tait") and " · two people; " in sentence
    watched = library.summarize(saves.dump(squadro.new_game(0), ("easy", "easy")))
    assert watched.sentence().startswith("Squadro · the computer against itself (Easy);")


def test_a_summary_kept_with_the_old_words_is_worked_out_again():
    text = saves.dump(squadro.new_game(0), (seats.HUMAN, "hard"))
    note = {"summary": library.to_note(library.summarize(text), text)}
    json.dumps(note)
    old = {"summary": {**note["summary"], "ruleset": "Light moves across, Dark moves down"}}
    del old["summary"]["words"]
    assert library.from_note(old, text) is None
    assert library.from_note(note, text) == library.summarize(text)


def test_the_continue_card_names_the_reading_then_the_opponent():
    senet = welcome.continue_details(new_game(PRESETS["tait"], 0), (seats.HUMAN, "easy"), 3)
    assert senet.game == "Senet"
    assert senet.about.startswith("Tait") and senet.about.endswith(
        "; against the computer (Easy); 3 moves"
    )
    squad = welcome.continue_details(squadro.new_game(0), seats.HUMANS, 0)
    assert squad.about == "two people; 0 moves"
