"""Set-up positions are checked where they enter (issue 28, item 2).

A start still in its set-up (Lodestone's king placing, Senet's opening) must be one
the set-up can produce. Each fault is tried through every way a position enters the
engine from outside: a saved game (``saves.load``: the page's slot, kept games,
the computer's worker), an imported move list's ``start`` line (``records.text.read``)
and an imported saved-game file (``records.text.read_any``). Share links and URL
parameters carry no position at all (a link is a first seat, rules and actions from
the usual start): the last tests pin that, so that a position added to either must
come through here too.
"""

from __future__ import annotations

import json

import pytest

from ludeum import launch, lodestone, saves, senet, squadro
from ludeum.i18n import set_language
from ludeum.lodestone import KingFile
from ludeum.protocol import StartFault
from ludeum.records import link
from ludeum.records.text import TextError, read, read_any
from ludeum.senet.rulesets import PRESETS

LODESTONE_START = lodestone.position(lodestone.new_game())
RED_PLACED = lodestone.position(lodestone.new_game().apply(KingFile(3)))
SENET_START = senet.position(senet.new_game())


def lodestone_board(text: str, **squares: str) -> str:
    """``text`` with squares (``a1="R"``) changed."""
    ranks, rest = text.split(" ", 1)
    rows = [list(row) for row in ranks.split("/")]
    for name, letter in squares.items():
        rows[8 - int(name[1])]["abcdefgh".index(name[0])] = letter
    return "/".join("".join(row) for row in rows) + " " + rest


#: (position, words of the fault) for Lodestone set-up positions the set-up cannot give.
LODESTONE_FAULTS = {
    "Red's king on a1 before Red places it": (
        lodestone_board(LODESTONE_START, a1="R"),
        "Red's king stands on a1 before Red has placed it",
    ),
    "Red's king on a1 once placed": (
        lodestone_board(RED_PLACED, a1="R", d1="r"),
        "Red's king stands on a1: the set-up places it on d1 or e1",
    ),
    "a Red pawn moved from b1 to a2": (
        lodestone_board(LODESTONE_START, b1=".", a2="r"),
        "A Red pawn stands on a2",
    ),
    "a White pawn on Red's home rank": (
        lodestone_board(LODESTONE_START, a8=".", a1="w", b1="."),
        "A White pawn stands on a1",
    ),
    "White's king on a8 before White places it": (
        lodestone_board(RED_PLACED, a8="W"),
        "White's king stands on a8 before White has placed it",
    ),
    "White's king on e8 while Red places": (
        lodestone_board(LODESTONE_START, e8="W"),
        "White's king stands on e8 before White has placed it",
    ),
    "a home square empty": (
        lodestone_board(LODESTONE_START, h8="."),
        "Square h8 is empty",
    ),
    "White to place with no Red king": (
        LODESTONE_START.replace(" r ", " w "),
        "no Red king is on the board",
    ),
}


def lodestone_save(position: str, first: int = 0) -> str:
    envelope = json.loads(saves.dump(lodestone.new_game()))
    envelope["record"]["start"] = {"position": position, "first": first}
    envelope["record"]["position"] = position
    return json.dumps(envelope)


def move_list(game: str, start: dict, ruleset: str | None = None) -> str:
    lines = ["Ludeum move list 1", f"game: {game}"]
    if ruleset:
        lines.append(f"ruleset: {ruleset}")
    lines += ["start: " + json.dumps(start), "end", ""]
    return "\n".join(lines)


@pytest.mark.parametrize("position,words", LODESTONE_FAULTS.values(), ids=LODESTONE_FAULTS)
def test_a_lodestone_set_up_fault_is_refused_by_the_notation_reader(position, words):
    with pytest.raises(StartFault, match=words):
        lodestone.parse_position(lodestone.STANDARD, position)


@pytest.mark.parametrize("position,words", LODESTONE_FAULTS.values(), ids=LODESTONE_FAULTS)
def test_a_lodestone_set_up_fault_is_refused_in_a_saved_game(position, words):
    with pytest.raises(saves.SaveError, match=words) as error:
        saves.load(lodestone_save(position))
    assert isinstance(error.value.fault, StartFault)
    assert words in error.value.text()


@pytest.mark.parametrize("position,words", LODESTONE_FAULTS.values(), ids=LODESTONE_FAULTS)
def test_a_lodestone_set_up_fault_is_refused_on_a_move_lists_start_line(position, words):
    with pytest.raises(TextError) as error:
        read(move_list("lodestone", {"position": position, "first": 1}))
    assert error.value.line == 3
    assert words in error.value.text()


@pytest.mark.parametrize("position,words", LODESTONE_FAULTS.values(), ids=LODESTONE_FAULTS)
def test_a_lodestone_set_up_fault_is_refused_in_an_imported_saved_game(position, words):
    with pytest.raises(TextError) as error:
        read_any(lodestone_save(position))
    assert words in error.value.text()


def test_the_issues_first_fault_no_longer_gives_two_red_kings():
    # Before the check this save loaded, and placing Red's king on d1 then left two
    # Red kings on rank 1.
    with pytest.raises(saves.SaveError):
        saves.load(lodestone_save(lodestone_board(LODESTONE_START, a1="R")))


@pytest.mark.parametrize("first", [0, 1])
@pytest.mark.parametrize("red_file", [3, 4])
def test_every_set_up_position_the_game_reaches_still_enters(first, red_file):
    state = lodestone.new_game(first_seat=first)
    for action in (None, KingFile(red_file), KingFile(7 - red_file)):
        if action is not None:
            state = state.apply(action)
        text = saves.dump(state)
        assert lodestone.position(saves.load(text)) == lodestone.position(state)
        start = {"position": lodestone.position(state), "first": first}
        assert lodestone.position(read(move_list("lodestone", start))[0]) == start["position"]


def test_positions_past_the_set_up_keep_their_own_checks():
    # A position in play may hold pieces anywhere: the set-up check is not asked.
    played = lodestone_board(RED_PLACED.replace(" w ", " W "), a1="R", d1=".", h8=".", c4="w")
    assert lodestone.parse_position(lodestone.STANDARD, played).board[0] == 2


def test_the_fault_is_said_in_french():
    position, _words = LODESTONE_FAULTS["a Red pawn moved from b1 to a2"]
    try:
        set_language("fr")
        with pytest.raises(saves.SaveError) as error:
            saves.load(lodestone_save(position))
        said = error.value.text()
        assert "a2" in said and "pion rouge" in said.lower()
        assert str(error.value).startswith("bad start: A Red pawn")  # logs stay English
    finally:
        set_language("en")


# -- Senet's opening ----------------------------------------------------------------------


def senet_save(start: dict, preset: str = "jequier") -> str:
    envelope = json.loads(saves.dump(senet.new_game(PRESETS[preset])))
    envelope["record"]["start"].update(start)
    envelope["record"]["position"] = envelope["record"]["start"]["position"]
    return json.dumps(envelope)


#: (start fields, preset, words) for Senet openings the opening cannot give.
SENET_FAULTS = {
    "a piece moved in the opening": (
        {"position": SENET_START.replace("WBWBWBWBWB.", "WBWBWBWBW.B")},
        "jequier",
        "Square 10 is not as the game starts",
    ),
    "a 2 pending in the opening": (
        {"position": SENET_START[:-1] + "2"},
        "jequier",
        "In the opening only a 1 waits to be played",
    ),
    "a Black seat named in the opening": (
        {"black_seat": 1},
        "jequier",
        "has not yet decided who plays Black",
    ),
    "a piece back from the water in the opening": (
        {"forced": [1, 1]},
        "kendall",
        "a piece back from the water",
    ),
    "Black waiting for a 1 in the opening": (
        {"waiting": 4},
        "kendall_starting_throw",
        "White waits for its 1",
    ),
    "nobody waiting for a 1 in the opening": (
        {"waiting": 0},
        "kendall_starting_throw",
        "White waits for its 1",
    ),
}


@pytest.mark.parametrize("start,preset,words", SENET_FAULTS.values(), ids=SENET_FAULTS)
def test_a_senet_opening_fault_is_refused_in_a_saved_game(start, preset, words):
    with pytest.raises(saves.SaveError, match=words) as error:
        saves.load(senet_save(start, preset))
    assert words in error.value.text()


@pytest.mark.parametrize("start,preset,words", SENET_FAULTS.values(), ids=SENET_FAULTS)
def test_a_senet_opening_fault_is_refused_on_a_move_lists_start_line(start, preset, words):
    full = json.loads(saves.dump(senet.new_game(PRESETS[preset])))["record"]["start"]
    full.update(start)
    with pytest.raises(TextError) as error:
        read(move_list("senet", full, ruleset=preset))
    assert error.value.line == 4
    assert words in error.value.text()


@pytest.mark.parametrize("start,preset,words", SENET_FAULTS.values(), ids=SENET_FAULTS)
def test_a_senet_opening_fault_is_refused_in_an_imported_saved_game(start, preset, words):
    with pytest.raises(TextError) as error:
        read_any(senet_save(start, preset))
    assert words in error.value.text()


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_openings_start_of_every_preset_still_enters(preset):
    rules = PRESETS[preset]
    state = senet.new_game(rules)
    for _ in range(6):  # throws of 2 keep the opening going; then a 1 ends it
        text = saves.dump(state)
        assert saves.load(text).start() == saves.load(text).start()
        assert senet.position(saves.load(text)) == senet.position(state)
        if state.black_seat is not None:
            break
        state = state.apply(senet.Throw((1, 1, 0, 0)))


# -- share links and URL parameters carry no position ---------------------------------------


@pytest.mark.parametrize("game", link.GAMES)
def test_a_share_link_always_begins_at_the_usual_start(game):
    fresh = {"senet": senet.new_game, "lodestone": lodestone.new_game}
    state = fresh[game](first_seat=1) if game in fresh else squadro.new_game(1)
    for _ in range(3):
        state = state.apply((state.legal_moves() or [o for o, _p in state.chance_outcomes()])[0])
    decoded = link.decode(link.encode(state))
    assert saves.dump(decoded.start()) == saves.dump(state.start())
    assert link.decode(link.encode(state)).actions() == state.actions()


def test_no_url_parameter_carries_a_position():
    assert not {"start", "position", "setup", "board"} & set(launch.PARAMETERS)
