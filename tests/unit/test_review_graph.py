"""The review graph's SVG, its hit columns and turning points, and the words of review
(the banner over the board, the graph's readout): pure functions, drawn by the page
as they are (src/web/review.py)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from ludeum.i18n import set_language
from ludeum.records.graph import axis_label, graph_height, graph_svg, turning_points_html
from ludeum.records.review import TurningPoint
from ludeum.records.review_text import banner_text, readout, signed, value_text

NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def parse(svg: str):
    return ET.fromstring(svg)


def by_class(root, name: str) -> list:
    return [el for el in root.iter() if name in (el.get("class") or "").split()]


def columns(root) -> list[tuple[int, float, float]]:
    return [
        (int(el.get("data-stop")), float(el.get("x")), float(el.get("x")) + float(el.get("width")))
        for el in by_class(root, "graph-hit")
    ]


def test_the_graph_is_hidden_from_screen_readers_and_has_a_0_to_100_percent_axis():
    root = parse(graph_svg([0.5, 0.6, 0.4], 1, [], "White", True))
    assert root.get("aria-hidden") == "true"  # the page's slider speaks for it
    labels = [text.text for text in root.iter(f"{NS}text")]
    assert {"0%", "50%", "100%", "Start of the game", "Move 2"} <= set(labels)
    assert axis_label("White", True) == "White's estimated winning chance"


def test_an_evaluation_is_labelled_from_minus_to_plus_100_never_in_percent():
    root = parse(graph_svg([0.5, 0.6], 0, [], "Yellow", False))
    labels = [text.text for text in root.iter(f"{NS}text")]
    assert "+100" in labels and "\u2212100" in labels and not any("%" in t for t in labels)
    assert "not a probability" in axis_label("Yellow", False)


def test_the_graph_is_drawn_at_the_width_it_is_given():
    for width in (340, 600, 790):
        root = parse(graph_svg([0.5] * 10, 0, [], "White", True, width))
        assert root.get("width") == str(width)
        assert root.get("height") == str(graph_height(width))
        assert root.get("viewBox") == f"0 0 {width} {graph_height(width)}"
    assert graph_height(340) < graph_height(790) <= 170


def test_one_hit_column_per_stop_tiles_the_plot_without_gaps():
    series = [0.5, 0.6, None, 0.4, 0.3]
    root = parse(graph_svg(series, 0, [], "White", True, 500))
    found = columns(root)
    assert [stop for stop, _, _ in found] == list(range(len(series)))
    for (_, _, right), (_, left, _) in zip(found, found[1:], strict=False):
        assert abs(right - left) < 1e-9  # each column starts where the last ended
    # Each column holds its own stop's point, and the columns come last (on top).
    drawn = [float(p.split(",")[0]) for line in root.findall(f"{NS}polyline")
             for p in line.get("points").split()]  # fmt: skip
    computed = [column for column in found if series[column[0]] is not None]
    for (stop, left, right), x in zip(computed, drawn, strict=True):
        assert left <= x <= right, stop
    assert list(root)[-1].get("class") == "graph-hit"
    single = columns(parse(graph_svg([0.5], 0, [], "White", True, 500)))
    assert len(single) == 1


def test_a_partial_series_draws_only_what_is_computed():
    root = parse(graph_svg([0.5, 0.6, 0.7, None, None, None], 0, [], "White", True))
    assert root.get("data-done") == "3" and root.get("data-total") == "6"
    (line,) = root.findall(f"{NS}polyline")
    assert len(line.get("points").split()) == 3
    (area,) = by_class(root, "graph-area")
    assert len(area.get("points").split()) == 3 + 2  # closed on the 50% line


def test_the_current_position_is_a_vertical_line_at_its_stop():
    def current_x(stop: int) -> float:
        (line,) = by_class(parse(graph_svg([0.5] * 11, stop, [], "White", True)), "graph-current")
        assert line.get("x1") == line.get("x2")
        return float(line.get("x1"))

    xs = [current_x(0), current_x(5), current_x(10)]
    assert xs[0] < xs[1] < xs[2] and abs((xs[0] + xs[2]) / 2 - xs[1]) < 0.2


def test_the_cursor_is_a_second_dashed_line_with_a_ring_on_the_curve():
    series = [0.5, 0.6, 0.7, 0.8]
    root = parse(graph_svg(series, 1, [], "White", True, cursor=3))
    (cursor,) = by_class(root, "graph-cursor")
    (ring,) = by_class(root, "graph-here")
    (_, left, right) = columns(root)[3]
    assert left <= float(cursor.get("x1")) <= right
    assert float(ring.get("cx")) == float(cursor.get("x1"))
    assert root.get("data-cursor") == "3"
    # No cursor: the ring is on the current position, and there is no second line.
    plain = parse(graph_svg(series, 1, [], "White", True))
    assert by_class(plain, "graph-cursor") == [] and len(by_class(plain, "graph-here")) == 1


def test_values_map_to_height_with_100_percent_at_the_top():
    (line,) = parse(graph_svg([1.0, 0.0], 0, [], "White", True)).findall(f"{NS}polyline")
    (x0, y0), (x1, y1) = (tuple(map(float, p.split(","))) for p in line.get("points").split())
    assert y0 < y1


def test_turning_points_are_dots_and_buttons_that_name_the_move_and_the_drop():
    points = [TurningPoint(2, 0, 0.35)]
    root = parse(graph_svg([0.5, 0.55, 0.2], 2, points, "White", True))
    assert len(by_class(root, "graph-turn")) == 1 and root.get("data-turns") == "1"
    html = turning_points_html(points, ["White threw 1: 1 → 2.", "Black threw 2: <b>"],
                               ("White", "Black"))  # fmt: skip
    assert 'data-stop="2"' in html and "&lt;b&gt;" in html and "<button" in html
    assert "White&#x27;s chance fell by 35 points" in html and ">Move 2<" in html
    evaluation = turning_points_html(points, ["", ""], ("Yellow", "Red"), is_chance=False)
    assert "evaluation fell by 70" in evaluation


def test_no_turning_points_is_said_in_words():
    assert "No turning points found yet" in turning_points_html([], [])
    assert "found yet" in turning_points_html([], [], ("White", "Black"), True, [0.5, None])
    # The curve whole, what it shows.
    sides = ("White", "Black")
    even = turning_points_html([], [], sides, True, [0.5, 0.53, 0.48, 0.5])
    assert "found yet" not in even and "stayed even" in even
    led = turning_points_html([], [], sides, True, [0.5, 0.4, 0.3, 0.25, 0.15, 0.06, 0.0])
    assert "Black was never behind" in led
    seesaw = turning_points_html([], [], sides, False, [0.5, 0.65, 0.52, 0.45, 0.35])
    assert "changed hands a little at a time" in seesaw


def test_a_rise_is_said_as_a_rise():
    html = turning_points_html([TurningPoint(1, 1, -0.4)], ["Red moved."], ("Yellow", "Red"),
                               is_chance=False)  # fmt: skip
    assert "Red&#x27;s evaluation rose by 80" in html
    root = parse(graph_svg([0.4, 0.0], 1, [TurningPoint(1, 1, -0.4)], "Yellow", False))
    assert len(by_class(root, "graph-turn")) == 1


def test_the_sides_halves_are_labelled_and_text_is_escaped():
    root = parse(graph_svg([0.5, 0.5], 0, [], "<script>", True, other="Black"))
    texts = [text.text for text in root.iter(f"{NS}text")]
    assert "<script> ahead" in texts and "Black ahead" in texts  # text nodes, not elements


def test_the_banner_names_the_move_the_board_shows():
    assert banner_text(12, 273) == "Viewing move 12 of 273"
    assert banner_text(0, 273) == "Viewing the start of the game (273 moves)"
    set_language("fr")
    assert banner_text(12, 273) == "Vous voyez le coup 12 sur 273"


def test_the_readout_says_where_what_and_how_much():
    point = TurningPoint(5, 1, 0.3)
    text = readout(5, 40, "Black threw 2: 9 → 11.", 0.62, "White", True, point, "Black")
    assert text == (
        "Move 5 of 40. Black threw 2: 9 → 11. White's winning chance: 62%. "
        "Turning point: Black's chance fell by 30 points."
    )
    assert readout(0, 40, "", 0.5, "White", True) == (
        "Start of the game. White's winning chance: 50%."
    )
    assert readout(3, 40, "x.", None, "White", True).endswith("Not computed yet.")
    assert value_text(0.62, "Yellow", False) == "Yellow's evaluation: +24"
    assert value_text(0.38, "Yellow", False) == "Yellow's evaluation: \u221224"
    assert signed(0) == "0"
    set_language("fr")
    assert value_text(0.62, "Blanc", True) == "Chance de gagner pour Blanc\u00a0: 62\u00a0%"


def test_a_narrow_graph_leaves_out_the_words_that_would_collide():
    """In a small frame's side panel (about 170 px) "Start of the game", "Move 76"
    and the halves' labels ran into each other; the end's move number stays."""
    wide = [text.text for text in parse(graph_svg([0.5] * 77, 0, [], "Light", False, 300,
                                                  other="Dark")).iter(f"{NS}text")]  # fmt: skip
    narrow = [text.text for text in parse(graph_svg([0.5] * 77, 0, [], "Light", False, 170,
                                                    other="Dark")).iter(f"{NS}text")]  # fmt: skip
    assert "Start of the game" in wide and "Light ahead" in wide
    assert "Start of the game" not in narrow and "Light ahead" not in narrow
    assert "Move 76" in narrow
