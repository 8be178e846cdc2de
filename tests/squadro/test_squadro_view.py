"""The Squadro board view, status line and tap rules: pure functions of states."""

from __future__ import annotations

import xml.etree.ElementTree as ET

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


def test_only_the_movers_unfinished_pieces_are_buttons_with_names():
    state = parse_position("c0000/00000 H")
    root = tree(board_svg(state))
    buttons = root.findall(".//*[@role='button']")
    assert [b.get("data-square") for b in buttons] == ["L2", "L3", "L4", "L5"]
    assert all("Light piece in lane" in b.get("aria-label") for b in buttons)


def test_a_selected_piece_shows_its_path_and_a_target_to_move_there():
    root = tree(board_svg(new_game(), selected="L1"))
    shown = [g for g in root.iter(f"{NS}g") if "shown" in (g.get("class") or "")]
    assert len(shown) == 1 and "path-1" in shown[0].get("class")
    assert len(shown[0].findall(f"{NS}rect[@class='path-step']")) == 2  # passes columns 1-2
    assert shown[0].find(f"{NS}rect[@data-square='end']") is not None


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
