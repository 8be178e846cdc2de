"""The Lodestone board view, status and tap rules: pure functions of states."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from ludeum import i18n
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


def cells(markup: str) -> dict[str, ET.Element]:
    return {e.get("data-square"): e for e in ET.fromstring(markup).iter() if e.get("data-row")}


def test_set_up_offers_the_two_king_squares_then_play_offers_the_movers_pieces():
    """Every square is a cell; during the set-up the two king squares are named Kd
    and Ke and the first has the one tab stop; in play the mover's pieces that can
    move are marked and the first of them has it."""
    start = cells(board_svg(new_game()))
    assert len(start) == 64 and all(e.get("role") == "button" for e in start.values())
    assert [n for n, e in start.items() if "target" in e.get("class")] == ["Kd", "Ke"]
    assert [n for n, e in start.items() if e.get("tabindex") == "0"] == ["Kd"]
    assert start["Kd"].get("aria-label") == "Red pawn on d1, shows 3, put the king here"
    state = ready()
    found = cells(board_svg(state))
    movable = [n for n, e in found.items() if "movable" in e.get("class").split()]
    assert movable and all(n.endswith("1") for n in movable)  # Red's home rank
    assert [n for n, e in found.items() if e.get("tabindex") == "0"] == [movable[0]]
    assert found["a1"].get("aria-label") == "Red pawn on a1, shows 2, can move"
    assert found["a3"].get("aria-label") == "a3, empty"
    assert (found["a8"].get("data-row"), found["a8"].get("data-col")) == ("0", "0")
    assert (found["h1"].get("data-row"), found["h1"].get("data-col")) == ("7", "7")


def test_a_selected_piece_names_its_targets_and_kings_in_check_say_so():
    state = ready()
    found = cells(board_svg(state, selected="a1"))
    assert found["a1"].get("aria-label") == "Red pawn on a1, shows 2, selected"
    assert found["a3"].get("aria-label") == "a3, empty, target for the selected piece"
    board = list(state.board)
    board[parse_square("e7")] = board[parse_square("a1")]  # e7 shows 2: via d7 to d8
    board[parse_square("a1")] = 0
    checked = state._replace(board=tuple(board), turn=2)
    found = cells(board_svg(checked, selected="d8"))
    assert found["d8"].get("aria-label").startswith("White king on d8, shows 4, in check")
    found = cells(board_svg(checked._replace(turn=1), selected="e7"))
    assert found["d8"].get("aria-label") == (
        "White king on d8, shows 4, in check, can be taken by the selected piece"
    )


def test_the_aid_adds_the_magnet_to_the_names_and_diagrams_have_no_buttons():
    found = cells(board_svg(ready(), aid=True))
    assert found["a3"].get("aria-label").startswith("a3, empty, magnet ")
    diagram = ET.fromstring(board_svg(ready(), label="Diagram", interactive=False))
    assert not [e for e in diagram.iter() if e.get("role") == "button" or e.get("data-row")]


def test_a_cell_holds_its_piece_but_not_the_magnet_digit():
    """The piece is drawn inside its square's button, the magnet's digit over it but
    outside: the map is no part of the button's name (WCAG 2.5.3, label in name)."""
    root = ET.fromstring(board_svg(ready(), aid=True))
    found = {e.get("data-square"): e for e in root.iter() if e.get("data-row")}
    assert not [e for cell in found.values() for e in cell.iter() if e.get("class") == "magnet"]
    assert len(root.findall(".//*[@class='magnet']")) == 64
    with_piece = {n for n, cell in found.items() if cell.findall(f"{NS}g")}
    assert with_piece == {n for n in found if n[1] in "18"}  # the home ranks


@pytest.fixture
def french():
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def test_french_cell_names_read_as_a_square_and_what_stands_on_it(french):
    """A square's states follow its piece in one list; French names the square
    first, so "sélectionnée" agrees with the square (la case) whatever the piece."""
    state = ready()
    found = cells(board_svg(state, selected="a1"))
    assert found["a1"].get("aria-label") == "Case a1\u00a0: pion rouge affichant 2, sélectionnée"
    assert found["a3"].get("aria-label") == "Case a3, vide, destination de la pièce sélectionnée"
    board = list(state.board)
    board[parse_square("e7")] = board[parse_square("a1")]
    board[parse_square("a1")] = 0
    checked = state._replace(board=tuple(board), turn=1)
    found = cells(board_svg(checked, selected="e7"))
    assert found["d8"].get("aria-label") == (
        "Case d8\u00a0: roi blanc affichant 4, en échec, peut être pris par la pièce sélectionnée"
    )


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
