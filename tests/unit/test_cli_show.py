"""``python -m ludeum show`` (``ludeum.cli.show``): a saved game as text and SVG, and
the standalone SVG document's styling (``ludeum.cli.svg_page``)."""

from __future__ import annotations

import io
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from ludeum import saves
from ludeum.chance import random_play
from ludeum.cli import main
from ludeum.cli.choices import new_state
from ludeum.cli.inputs import UnreadableGame, read_game
from ludeum.cli.svg_page import BOARD_RULES, COLOURS, document
from ludeum.games import ui
from ludeum.senet import position as senet_position

APP_CSS = Path(__file__).resolve().parents[2] / "static" / "app.css"
SVG = "{http://www.w3.org/2000/svg}"


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def record(game: str, ruleset: str, seed: int, most: int = 100_000) -> tuple[object, str]:
    state = random_play(new_state(game, ruleset), random.Random(seed), most)
    return state, saves.dump(state, ("human", "hard"))


@pytest.fixture
def senet_file(tmp_path):
    state, text = record("senet", "kendall", 8)
    path = tmp_path / "senet.json"
    path.write_text(text)
    return state, path


def test_show_prints_game_players_moves_result_and_final_position(senet_file):
    state, path = senet_file
    code, out, err = run(["show", str(path)])
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Senet: Kendall"
    assert lines[1].startswith("Players: ") and "Computer (Hard)" in lines[1]
    log = ui("senet").game_log(state)
    assert f"{len(log):>4}. {log[-1]}" in lines  # the move list as the app words it
    assert f"Result: {ui('senet').status(state)}" in lines  # who won and how
    total = len(state.actions())
    assert f"Position after {total} of {total} actions:" in lines
    assert lines[-1] == senet_position(state)


def test_show_at_n_gives_the_position_after_n_actions(senet_file):
    state, path = senet_file
    replayed = state.start()
    for action in state.actions()[:25]:
        replayed = replayed.apply(action)
    code, out, _err = run(["show", str(path), "--at", "25"])
    assert code == 0
    lines = out.splitlines()
    assert f"Position after 25 of {len(state.actions())} actions:" in lines
    assert lines[-1] == senet_position(replayed)
    assert "Result: not finished." in lines
    assert len([line for line in lines if re.match(r"^ +\d+\. ", line)]) == len(
        ui("senet").game_log(replayed)
    )
    code, out, _err = run(["show", str(path), "--at", "0"])
    assert code == 0 and "    (none yet)" in out.splitlines()


def test_show_reads_standard_input_for_a_dash(senet_file):
    _state, path = senet_file
    assert run(["show", "-"], path.read_text())[1] == run(["show", str(path)])[1]


@pytest.mark.parametrize(
    ("game", "ruleset"),
    [("senet", "tait"), ("squadro", "standard"), ("lodestone", "per_colour_reading")],
)
def test_svg_is_a_standalone_document_of_the_shown_position(tmp_path, game, ruleset):
    state, text = record(game, ruleset, 3, most=40)
    path, picture = tmp_path / "game.json", tmp_path / "board.svg"
    path.write_text(text)
    code, _out, err = run(["show", str(path), "--at", "30", "--svg", str(picture)])
    assert (code, err) == (0, "")
    written = picture.read_text(encoding="utf-8")
    assert written.startswith('<?xml version="1.0" encoding="UTF-8"?>')
    root = ET.fromstring(written.encode("utf-8"))  # well-formed XML, or this raises
    assert root.tag == f"{SVG}svg" and root.get("class") == f"{game}-board"
    assert root.get("width") and root.get("height")
    style = root.find(f"{SVG}style").text
    assert f".{game}-board " in style and "var(" not in style  # values written in
    # A picture, not the app's buttons: nothing in the tab order.
    assert not any(element.get("tabindex") for element in root.iter())
    assert root.find(f"{SVG}title").text == text_title(state)


def text_title(state) -> str:
    game = ui(saves.game_name(state))
    return f"{game.title()}: {game.ruleset_name(state)}"


def test_the_svg_styling_is_the_apps():
    """Every rule carried in the SVG is a line of static/app.css, and every colour
    the standard theme's: a change of the app's look must be copied here too."""
    css = APP_CSS.read_text(encoding="utf-8")
    lines = set(css.splitlines())
    for rule in BOARD_RULES.splitlines():
        assert rule in lines, rule
    root = css.split("}", 1)[0]
    for name, value in COLOURS.items():
        assert f"  --{name}: {value};" in root, name
    used = set(re.findall(r"var\(--([a-z-]+)\)", BOARD_RULES))
    assert used == set(COLOURS)


def test_document_refuses_what_is_not_an_svg_element():
    with pytest.raises(ValueError):
        document("<div>no</div>", "x")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "not json",
        '{"format": "ludeum-save"}',
        '{"format": "ludeum-save", "version": 2, "game": "senet", "record": {}}',
        '{"format": "ludeum-save", "version": 1, "game": "chess", "record": {}}',
        '{"format": "ludeum-save", "version": 1, "game": "squadro", "record": '
        '{"start": {"position": "00000/00000 H"}, "actions": ["1", "9"]}}',
        "[" * 5000,
    ],
)
def test_an_unreadable_record_is_one_line_on_stderr_and_exit_code_1(text):
    code, out, err = run(["show", "-"], text)
    assert code == 1 and out == ""
    assert err.count("\n") == 1
    assert err.startswith("python -m ludeum show: standard input is not a game Ludeum can read")
    assert "Traceback" not in err
    with pytest.raises(UnreadableGame):
        read_game(text)


def test_unreadable_files_and_arguments(tmp_path, senet_file):
    _state, path = senet_file
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00junk")
    for argv, code_wanted, words in (
        (["show", str(tmp_path / "missing.json")], 1, "cannot read"),
        (["show", str(tmp_path)], 1, "cannot read"),
        (["show", str(binary)], 1, "cannot read"),
        (["show", str(path), "--at", "-1"], 2, "--at takes 0 to"),
        (["show", str(path), "--at", "100000"], 2, "--at takes 0 to"),
        (["show", str(path), "--svg", str(tmp_path / "no" / "b.svg")], 1, "cannot write"),
        (["show"], 2, "the following arguments are required"),
    ):
        code, _out, err = run(argv)
        assert code == code_wanted, argv
        assert words in err
        if code == 1:
            assert err.count("\n") == 1
        assert "Traceback" not in err


def test_read_game_returns_the_state_and_players():
    state, text = record("squadro", "standard", 5)
    read, players = read_game(text)
    assert read.actions() == state.actions() and players == ("human", "hard")


@pytest.mark.parametrize("game, ruleset", [("senet", "tait"), ("squadro", "standard"),
                                           ("lodestone", "per_colour_reading")])  # fmt: skip
def test_show_reads_the_plain_text_move_list_as_well_as_the_json_record(game, ruleset):
    from ludeum.records import text as move_list

    state, _json = record(game, ruleset, 11)
    listing = move_list.write(state, players=("hard", "human"))
    read, players = read_game(listing)
    assert read.actions() == state.actions() and players == ("hard", "human")
    code, out, err = run(["show", "-"], listing)
    assert (code, err) == (0, "") and out.splitlines()[-1] == run(["show", "-"], _json)[
        1
    ].splitlines()[-1]


def test_a_bad_line_of_a_move_list_is_named_in_the_one_line_error():
    from ludeum.records import text as move_list

    state, _json = record("squadro", "standard", 3)
    lines = move_list.write(state).splitlines()
    bad = next(n for n, line in enumerate(lines) if line.lstrip().startswith("3."))
    lines[bad] = "3. 9"  # there is no lane 9
    code, out, err = run(["show", "-"], "\n".join(lines))
    assert code == 1 and out == "" and err.count("\n") == 1
    assert f"line {bad + 1}:" in err


def test_show_opens_a_share_link_or_its_bare_code_and_honours_at():
    from ludeum.records import link

    state, _json = record("lodestone", "standard", 4)
    code = link.encode(state)
    for given in (code, f"https://example.org/ludeum/?record={code}", f"?record={code}&lang=fr"):
        read, players = read_game(given + "\n")
        assert read.actions() == state.actions() and players == ("human", "human")
    at_five, _players = read_game(f"https://example.org/?record={code}&at=5")
    assert at_five.actions() == state.actions()[:5]


def test_a_damaged_share_code_is_one_line_with_the_reason():
    code, out, err = run(["show", "-"], "?record=1$$$")
    assert code == 1 and out == "" and err.count("\n") == 1
    assert "share link" in err and "Traceback" not in err
