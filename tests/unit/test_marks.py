"""Marks that read at once (issue 25, item 7): the last move's squares tinted (its
whole path in Squadro), Senet's square 26 never drawn like a piece, the special
squares named on hover and long press, in every language from the first paint."""

from __future__ import annotations

import random
import re
from pathlib import Path

from ludeum import page_text
from ludeum.i18n import set_language
from ludeum.lodestone import new_game as new_lodestone
from ludeum.lodestone.svg import board_svg as lodestone_svg
from ludeum.senet import new_game as new_senet
from ludeum.senet.svg import MARK_NAMES, marked_squares
from ludeum.senet.svg import board_svg as senet_svg
from ludeum.squadro import new_game as new_squadro
from ludeum.squadro.state import Move as SquadroMove
from ludeum.squadro.svg import board_svg as squadro_svg
from ludeum.squadro.svg import last_path

CSS = Path(__file__).resolve().parents[2] / "static" / "app.css"


def _cells_with(svg: str, cls: str) -> list[str]:
    """The ``data-cell`` of every Squadro cell whose group has class ``cls``."""
    return re.findall(rf'<g class="[^"]*\b{cls}\b[^"]*"[^>]*><rect class="cell [a-z]+" '
                      r'data-cell="([^"]+)"', svg)  # fmt: skip


def test_squadro_tints_the_whole_path_of_the_last_move() -> None:
    start = new_squadro(first_seat=0)
    assert last_path(start) == [] and _cells_with(squadro_svg(start), "last-path") == []
    lane = 2
    after = start.apply(SquadroMove(lane))
    path = last_path(after)
    # From the start square to where the piece stopped, along its lane, no gaps.
    moved = after.effects[0]
    assert moved[:2] == ("moved", lane)
    assert len(path) == moved[3] - moved[2] + 1 and len(set(path)) == len(path)
    rows = {row for _column, row in path}
    assert rows == {lane}  # Light's lane 2 is the board's row 2
    drawn = _cells_with(squadro_svg(after, last_move=SquadroMove(lane)), "last-path")
    assert sorted(drawn) == sorted(f"{c},{r}" for c, r in path)


def test_senet_last_move_is_a_tint_not_the_selection_colour() -> None:
    rng = random.Random(3)
    state = new_senet()
    while not state.legal_moves():  # throw until a move is due
        throws, weights = zip(*state.chance_outcomes(), strict=True)
        state = state.apply(rng.choices(throws, weights)[0])
    move = state.legal_moves()[0]
    after = state.apply(move)
    svg = senet_svg(after, last_move=move)
    assert re.search(rf'class="square[^"]*last-from[^"]*" data-square="{move.src}"', svg)
    assert re.search(rf'class="square[^"]*last-to[^"]*" data-square="{move.dst}"', svg)
    text = CSS.read_text(encoding="utf-8")
    rule = re.search(r"\.senet-board \.square:is\(\.last-from, \.last-to, \.touched\) "
                     r"\.cell \{([^}]*)\}",
                     text)  # fmt: skip
    assert rule and "var(--cell-last)" in rule.group(1) and "--selected" not in rule.group(1)


def test_square_26_is_never_a_ring_that_looks_like_a_piece() -> None:
    svg = senet_svg(new_senet())
    square = re.search(r'data-square="26".*?</g>', svg, re.S).group(0)
    assert "<circle" not in square  # White's pieces are circles
    assert '<path class="mark"' in square


def test_special_squares_are_named_on_hover_and_long_press() -> None:
    state = new_senet()
    svg = senet_svg(state)
    tips = page_text.board_tips(svg)
    marked = sorted(marked_squares(state.rules))
    assert tips == [f"Square {n}: {MARK_NAMES[n]}" for n in marked]
    assert svg.count("<title>") == len(marked)
    try:
        set_language("fr")
        french = page_text.board_tips(senet_svg(state))
    finally:
        set_language("en")
    assert french[0].startswith("Case 26\u00a0: ") and len(french) == len(tips)


def test_the_prerendered_table_carries_the_tips_in_french() -> None:
    table = page_text.prerendered({}, lambda: senet_svg(new_senet()))
    assert table["fr"]["board_tips"][0].startswith("Case 26")


def test_lodestone_marks_the_last_move_on_both_squares() -> None:
    state = new_lodestone()
    while state.setting_up:
        state = state.apply(state.legal_moves()[0])
    move = state.legal_moves()[0]
    after = state.apply(move)
    svg = lodestone_svg(after, last_move=move)
    assert len(re.findall(r'<g class="cell [a-z]+ last"', svg)) == 2
