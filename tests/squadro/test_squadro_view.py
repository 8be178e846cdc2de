"""The Squadro board view, status line and tap rules: pure functions of states."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from ludeum import i18n
from ludeum.squadro import H, Move, new_game, parse_position
from ludeum.squadro import ui as squadro_ui
from ludeum.squadro.log import game_log, status
from ludeum.squadro.rules import SPEEDS
from ludeum.squadro.svg import board_svg

NS = "{http://www.w3.org/2000/svg}"


def tree(markup: str) -> ET.Element:
    return ET.fromstring(markup)


def test_the_board_has_45_squares_and_the_speed_dots_of_both_sides():
    root = tree(board_svg(new_game()))
    assert len(root.findall(f".//{NS}rect[@data-cell]")) == 7 * 7 - 4
    dots = root.findall(f".//{NS}circle[@class='speed-dot']")
    assert len(dots) == sum(sum(SPEEDS[s][r][1:]) for s in (0, 1) for r in (0, 1)) == 40


def cells(root: ET.Element) -> dict[str, ET.Element]:
    return {e.get("data-square"): e for e in root.iter() if e.get("data-row") is not None}


def test_every_square_is_a_cell_and_the_movers_pieces_are_named_by_lane():
    """45 cells, one tab stop (the mover's first piece); the mover's unfinished
    pieces are L<lane>, other squares <column>,<row>."""
    state = parse_position("c0000/00000 H")
    root = tree(board_svg(state))
    found = cells(root)
    assert len(found) == 45
    assert sorted(n for n in found if n.startswith("L")) == ["L2", "L3", "L4", "L5"]
    assert [n for n, e in found.items() if e.get("tabindex") == "0"] == ["L2"]
    assert all(e.get("role") == "button" for e in found.values())
    assert found["L2"].get("aria-label") == (
        "Light piece 2, going out, moves 1, at its start, can move"
    )
    assert (found["L2"].get("data-row"), found["L2"].get("data-col")) == ("2", "0")
    # The other side's pieces are cells named by their place.
    assert found["1,0"].get("aria-label") == "Dark piece 1, going out, moves 1, at its start"
    assert found["3,3"].get("aria-label") == "Crossing of Light's lane 3 and Dark's lane 3, empty"


def test_names_give_direction_speed_and_place():
    """Speeds follow the lane and the way (Light's lane 1: out 3, back 1); a piece
    on a crossing names the other side's lane it stands on."""
    state = parse_position("90000/03000 V")  # Light 1 coming back, at column 3
    found = cells(tree(board_svg(state)))
    assert found["3,1"].get("aria-label") == (
        "Light piece 1, coming back, moves 1, on Dark's lane 3"
    )
    assert found["L2"].get("aria-label") == (
        "Dark piece 2, going out, moves 3, on Light's lane 3, can move"
    )
    assert found["6,2"].get("aria-label") == "Light's far edge, lane 2, empty"


def test_a_selected_piece_shows_its_path_and_a_target_to_move_there():
    root = tree(board_svg(new_game(), selected="L1"))
    shown = [g for g in root.iter(f"{NS}g") if "shown" in (g.get("class") or "")]
    assert len(shown) == 1 and "path-1" in shown[0].get("class")
    assert len(shown[0].findall(f"{NS}rect[@class='path-step']")) == 2  # passes columns 1-2
    found = cells(root)
    assert (found["end"].get("data-row"), found["end"].get("data-col")) == ("1", "3")
    assert found["end"].get("aria-label").endswith(", empty, target for the selected piece")
    assert found["L1"].get("aria-label").endswith(", selected")
    assert found["L1"].get("tabindex") == "0"


@pytest.fixture
def french():
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def test_french_names_a_piece_by_its_side_and_lane_then_its_states(french):
    """Whole messages for each side's piece ("Pièce de Clair du couloir 2"), then
    states that read after it: way, speed, place, what the player can do."""
    found = cells(tree(board_svg(parse_position("c0000/00000 H"))))
    assert found["L2"].get("aria-label") == (
        "Pièce de Clair du couloir 2, à l’aller, avance de 1, à son départ, peut bouger"
    )
    assert found["3,3"].get("aria-label") == (
        "Croisement du couloir 3 de Clair et du couloir 3 de Foncé, vide"
    )
    found = cells(tree(board_svg(parse_position("90000/03000 V"))))
    assert found["3,1"].get("aria-label") == (
        "Pièce de Clair du couloir 1, au retour, avance de 1, au croisement du couloir 3 de Foncé"
    )
    assert found["6,2"].get("aria-label") == "Bord opposé de Clair, couloir 2, vide"
    found = cells(tree(board_svg(new_game(), selected="L1")))
    assert found["L1"].get("aria-label").endswith(", sélectionnée")
    assert found["end"].get("aria-label").endswith(", vide, destination de la pièce sélectionnée")


def test_a_diagram_has_no_buttons():
    root = tree(board_svg(new_game(), label="Diagram", interactive=False))
    assert cells(root) == {} and not root.findall(".//*[@role='button']")


def test_tapping_selects_then_moves():
    state = new_game()
    selected, action = squadro_ui.tap(state, None, "L1")
    assert selected == "L1" and action is None
    assert squadro_ui.tap(state, "L1", "end") == (None, Move(1))
    assert squadro_ui.tap(state, "L1", "L1") == (None, Move(1))
    assert squadro_ui.tap(state, "L1", "L2") == ("L2", None)
    assert squadro_ui.tap(state, None, "L9") == (None, None)


def test_status_says_who_moves_and_who_is_closer_to_winning():
    assert status(new_game()) == "Light (Player 1) to move. The race is level."
    state = parse_position("cc000/c0000 V")
    assert status(state).endswith("Light is closer to winning, with 2 home against 1.")
    state = parse_position("00000/10000 H").apply(Move(1))
    assert status(state) == (
        "Light (Player 1) moved the piece in lane 1. It jumped 1 piece and sent it back. "
        "Dark (Player 2) to move. Light is further along."
    )


def test_the_end_names_the_winner_and_the_move_list_follows_the_moves():
    state = parse_position("ccc0b/00000 H").apply(Move(5))
    assert status(state).endswith("Light (Player 1) has brought four pieces home and wins.")
    game = new_game(H).apply(Move(1)).apply(Move(2))
    assert game_log(game) == ["Light: lane 1.", "Dark: lane 2."]
