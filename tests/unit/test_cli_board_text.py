"""Boards as text for the terminal (``ludeum.cli.board_text``): each square where the
drawn board has it, with what the position notation says stands there."""

from __future__ import annotations

import random

import pytest

from ludeum.chance import random_play
from ludeum.cli.board_text import board_text
from ludeum.cli.choices import new_state
from ludeum.lodestone import position as lodestone_position
from ludeum.senet import position as senet_position
from ludeum.squadro import position as squadro_position
from ludeum.squadro.notation import DIGITS
from ludeum.squadro.rules import HOME, POSITION, TURNAROUND

SEEDS = range(40)


def test_senet_start_follows_the_reversed_s():
    lines = board_text(new_state("senet", "jequier")).splitlines()
    assert lines[0].split() == [*map(str, range(1, 11)), "→"]
    assert lines[1].split() == ["W", "B"] * 5
    assert lines[2].split() == [*map(str, range(20, 10, -1)), "←"]
    assert lines[5].split() == ["."] * 6 + ["~"] + ["."] * 3  # 27 is the water
    assert lines[6] == "Borne off: White 0, Black 0."
    assert len(lines) == 7  # no plinth outside Tait's reading


@pytest.mark.parametrize("ruleset", ["jequier", "kendall", "tait"])
def test_senet_squares_read_as_the_notation(ruleset):
    for seed in SEEDS:
        state = random_play(new_state("senet", ruleset), random.Random(seed), 60 + seed * 5)
        lines = board_text(state).splitlines()
        squares = {}
        for numbers, pieces in ((lines[0], lines[1]), (lines[2], lines[3]), (lines[4], lines[5])):
            for number, piece in zip(numbers.split()[:10], pieces.split(), strict=True):
                squares[int(number)] = "." if piece == "~" else piece
        board = senet_position(state).split()[0]
        assert "".join(squares[s] for s in range(1, 31)) == board
        white, black = senet_position(state).split()[1].split("-")
        assert lines[6] == f"Borne off: White {white}, Black {black}."
        if ruleset == "tait":
            assert lines[7].startswith("On the plinth: White ")


def test_squadro_start_has_light_on_the_left_and_dark_on_top():
    lines = board_text(new_state("squadro", "standard")).splitlines()
    assert lines[0].split() == ["1", "2", "3", "4", "5"]
    assert lines[1].split() == ["v"] * 5
    for lane in range(1, 6):
        assert lines[1 + lane].split() == [str(lane), ">", "+", "+", "+", "+", "+", "."]
    assert lines[7].split() == ["."] * 5
    assert lines[8] == "Home: Light 0, Dark 0 (four win)."


def test_squadro_pieces_stand_where_their_progress_puts_them():
    for seed in SEEDS:
        state = random_play(new_state("squadro", "standard"), random.Random(seed), seed * 3)
        rows = [line[4:].ljust(21) for line in board_text(state).splitlines()[1:8]]
        grid = [[row[3 * c + 2] for c in range(7)] for row in rows]
        light, dark = (
            [DIGITS.index(d) for d in side]
            for side in squadro_position(state).split()[0].split("/")
        )
        for lane in range(1, 6):
            if light[lane - 1] != HOME:
                arrow = "<" if light[lane - 1] >= TURNAROUND else ">"
                assert grid[lane][POSITION[light[lane - 1]]] == arrow
            if dark[lane - 1] != HOME:
                arrow = "^" if dark[lane - 1] >= TURNAROUND else "v"
                assert grid[POSITION[dark[lane - 1]]][lane] == arrow
        shown = sum(cell in "<>^v" for row in grid for cell in row)
        assert shown == sum(p != HOME for p in light + dark)


def test_lodestone_shows_each_piece_with_its_digit_rank_8_on_top():
    for seed in SEEDS:
        state = random_play(new_state("lodestone", "per_colour_reading"), random.Random(seed),
                            seed)  # fmt: skip
        lines = board_text(state).splitlines()
        assert lines[0].split() == list("abcdefgh")
        ranks = lodestone_position(state).split()[0].split("/")
        for row, rank in enumerate(ranks):
            cells = lines[1 + row].split()
            assert cells[0] == str(8 - row)
            assert "".join(cell[0] for cell in cells[1:]) == rank
            for file, cell in enumerate(cells[1:]):
                if cell != ".":
                    assert int(cell[1]) == state.digit((7 - row) * 8 + file)
