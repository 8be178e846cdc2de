"""The Lodestone board view, status and tap rules: pure functions of states."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ludeum.lodestone import KingFile, Move, new_game
from ludeum.lodestone import ui as lodestone_ui
from ludeum.lodestone.log import status
from ludeum.lodestone.rules import parse_square
from ludeum.lodestone.svg import board_svg

NS = "{http://www.w3.org/2000/svg}"


def ready():
    return new_game().apply(KingFile(4)).apply(KingFile(3))


def test_the_map_stays_hidden_unless_the_learning_aid_is_on():
    state = ready()
    assert ET.fromstring(board_svg(state)).findall(".//*[@class='magnet']") == []
    assert len(ET.fromstring(board_svg(state, aid=True)).findall(".//*[@class='magnet']")) == 64


def test_set_up_offers_the_two_king_squares_then_play_offers_the_movers_pieces():
    start = ET.fromstring(board_svg(new_game()))
    names = [e.get("data-square") for e in start.iter() if e.get("role") == "button"]
    assert sorted(names) == ["Kd", "Ke"]
    state = ready()
    names = {e.get("data-square") for e in ET.fromstring(board_svg(state)).iter()
             if e.get("role") == "button"}  # fmt: skip
    assert names and all(n.endswith("1") for n in names)  # Red's home rank


def test_tap_places_the_king_then_selects_and_moves():
    assert lodestone_ui.tap(new_game(), None, "Kd") == (None, KingFile(3))
    state = ready()
    assert lodestone_ui.tap(state, None, "a1") == ("a1", None)
    assert lodestone_ui.tap(state, "a1", "a3") == (None, Move(0, 16))
    assert lodestone_ui.tap(state, None, "a8") == (None, None)  # not Red's piece


def test_status_warns_of_check_naming_king_and_attacker():
    state = ready()
    # Move a red pawn next to White's king by hand, then read the warning.
    board = list(state.board)
    board[parse_square("e7")] = board[parse_square("a1")]  # e7 shows 2: via d7 to d8
    board[parse_square("a1")] = 0
    state = state._replace(board=tuple(board))
    assert state.checks() == [(parse_square("d8"), parse_square("e7"))]
    assert "Check: the Red pawn on e7 threatens the White king on d8." in status(state)
    assert status(ready()) == "Red (Player 1) to move."


def test_rotating_is_offered_at_the_end():
    label, options = lodestone_ui.after_game(ready())
    assert label == "Rotate the board and play again"
    assert options["lodestone_rules"].rotation == 1
