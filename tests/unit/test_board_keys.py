"""Arrow keys on the boards (``ludeum.board_keys``): the nearest cell in the key's
direction, staying in line first; staying put at an edge; Home and End in reading
order; the one tab stop. Checked on plain grids and on the three games' real cells."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from ludeum.board_keys import KEYS, next_cell, reading_order, tab_stop
from ludeum.lodestone import KingFile
from ludeum.lodestone import new_game as lodestone_game
from ludeum.lodestone.svg import board_svg as lodestone_svg
from ludeum.senet import new_game as senet_game
from ludeum.senet.rulesets import TAIT
from ludeum.senet.svg import grid_cells
from ludeum.squadro import new_game as squadro_game
from ludeum.squadro.svg import board_svg as squadro_svg


def grid(rows: int, columns: int) -> list[tuple[str, int, int]]:
    return [(f"{r}{c}", r, c) for r in range(rows) for c in range(columns)]


THREE_BY_THREE = grid(3, 3)


@pytest.mark.parametrize(
    "start,key,expected",
    [
        ("11", "ArrowUp", "01"),
        ("11", "ArrowDown", "21"),
        ("11", "ArrowLeft", "10"),
        ("11", "ArrowRight", "12"),
        ("00", "Home", "00"),
        ("11", "Home", "00"),
        ("11", "End", "22"),
    ],
)
def test_arrows_go_to_the_neighbour_and_home_end_to_the_corners(start, key, expected):
    assert next_cell(THREE_BY_THREE, start, key) == expected


@pytest.mark.parametrize(
    "start,key",
    [("00", "ArrowUp"), ("00", "ArrowLeft"), ("22", "ArrowDown"), ("22", "ArrowRight"),
     ("02", "ArrowRight"), ("20", "ArrowDown")],
)  # fmt: skip
def test_at_an_edge_the_focus_stays_put(start, key):
    assert next_cell(THREE_BY_THREE, start, key) == start


def test_other_keys_and_empty_boards_give_nothing():
    assert next_cell(THREE_BY_THREE, "11", "Enter") is None
    assert next_cell(THREE_BY_THREE, "11", "a") is None
    assert next_cell([], "11", "ArrowUp") is None


def test_an_unknown_current_cell_starts_at_the_first_cell():
    assert next_cell(THREE_BY_THREE, None, "ArrowDown") == "00"
    assert next_cell(THREE_BY_THREE, "nowhere", "End") == "22"


def test_staying_in_line_beats_being_closer_on_another_row():
    """Right from (0, 0) goes to (0, 5) on the same row, not to (1, 1) nearer by."""
    cells = [("a", 0, 0), ("far", 0, 5), ("near", 1, 1)]
    assert next_cell(cells, "a", "ArrowRight") == "far"


def test_over_a_hole_the_arrow_jumps_to_the_nearest_cell_beyond():
    """A board with holes (Squadro's missing corners): Left from (0, 1) finds the
    cell one row down in column 0, and Up from there finds the top row again."""
    cells = [("top", 0, 1), ("left", 1, 0), ("lower-left", 2, 0)]
    assert next_cell(cells, "top", "ArrowLeft") == "left"
    assert next_cell(cells, "left", "ArrowRight") == "top"
    assert next_cell(cells, "lower-left", "ArrowUp") == "left"


def test_ties_go_to_the_cell_nearer_the_top_left():
    """Two cells equally far off the line: the upper one wins, so it never depends
    on the order the page lists the cells in."""
    cells = [("here", 1, 0), ("below", 2, 1), ("above", 0, 1)]
    assert next_cell(cells, "here", "ArrowRight") == "above"
    assert next_cell(list(reversed(cells)), "here", "ArrowRight") == "above"


def test_reading_order_and_tab_stop():
    cells = [("b", 1, 0), ("a", 0, 3), ("c", 1, 2)]
    assert [c[0] for c in reading_order(cells)] == ["a", "b", "c"]
    assert tab_stop(cells, None, "zz", "c", "b") == "c"  # the first preferred that exists
    assert tab_stop(cells) == "a"
    assert tab_stop([]) is None


# -- the real boards ------------------------------------------------------------------


def walk(cells, start, key, steps):
    name = start
    for _ in range(steps):
        name = next_cell(cells, name, key)
    return name


def test_senet_right_follows_the_rows_and_reaches_the_tray():
    """Square 1 is top left; Right runs to 10 then the tray; Down from 10 is 11 (the
    track turns there, the screen does not); Left along the middle row runs 11..20."""
    cells = grid_cells(senet_game().rules)
    assert walk(cells, "1", "ArrowRight", 9) == "10"
    assert next_cell(cells, "10", "ArrowRight") == "off"
    assert next_cell(cells, "10", "ArrowDown") == "11"
    assert walk(cells, "11", "ArrowLeft", 9) == "20"
    assert next_cell(cells, "20", "ArrowLeft") == "20"  # the edge
    assert next_cell(cells, "off", "ArrowLeft") == "11"
    assert next_cell(cells, "1", "End") == "30"


def test_tait_reaches_the_plinth_from_the_left_edge():
    cells = grid_cells(TAIT)
    assert next_cell(cells, "20", "ArrowLeft") == "P"
    assert next_cell(cells, "1", "ArrowLeft") == "P"
    assert next_cell(cells, "P", "ArrowRight") == "20"


def svg_cells(markup: str) -> list[tuple[str, int, int]]:
    return [
        (e.get("data-square"), int(e.get("data-row")), int(e.get("data-col")))
        for e in ET.fromstring(markup).iter()
        if e.get("data-row") is not None
    ]


def test_every_cell_of_every_board_is_reachable_by_arrows():
    """From the tab stop, arrows alone reach every cell of each game's board."""
    boards = [
        svg_cells(squadro_svg(squadro_game())),
        svg_cells(lodestone_svg(lodestone_game().apply(KingFile(4)).apply(KingFile(3)))),
        grid_cells(senet_game().rules),
        grid_cells(TAIT),
    ]
    for cells in boards:
        seen = {cells[0][0]}
        todo = [cells[0][0]]
        while todo:
            name = todo.pop()
            for key in KEYS:
                step = next_cell(cells, name, key)
                if step not in seen:
                    seen.add(step)
                    todo.append(step)
        assert seen == {cell[0] for cell in cells}


def test_squadro_corners_are_skipped():
    cells = svg_cells(squadro_svg(squadro_game()))
    names = {(r, c): n for n, r, c in cells}
    assert next_cell(cells, names[(0, 1)], "ArrowLeft") == names[(1, 0)]
    assert next_cell(cells, names[(6, 5)], "ArrowRight") == names[(5, 6)]
    assert next_cell(cells, names[(0, 1)], "Home") == names[(0, 1)]
