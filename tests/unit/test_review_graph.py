"""The review graph's SVG and its list of turning points."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ludeum.records.graph import graph_svg, turning_points_html
from ludeum.records.review import TurningPoint

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str):
    return ET.fromstring(svg)


def test_the_graph_has_a_title_a_description_and_a_0_to_100_percent_axis():
    root = parse(graph_svg([0.5, 0.6, 0.4], 1, [], "White", True))
    assert root.get("role") == "img"
    assert root.find(f"{NS}title").text == "White's estimated winning chance"
    assert "Every position computed" in root.find(f"{NS}desc").text
    labels = [text.text for text in root.iter(f"{NS}text")]
    assert {"0%", "50%", "100%"} <= set(labels)


def test_an_evaluation_says_it_is_not_a_probability():
    root = parse(graph_svg([0.5, 0.6], 0, [], "Yellow", False))
    assert "not a probability" in root.find(f"{NS}title").text


def test_a_partial_series_draws_only_what_is_computed_and_says_how_much():
    root = parse(graph_svg([0.5, 0.6, 0.7, None, None, None], 0, [], "White", True))
    assert root.get("data-done") == "3" and root.get("data-total") == "6"
    lines = root.findall(f"{NS}polyline")
    assert len(lines) == 1 and len(lines[0].get("points").split()) == 3
    assert "3 of 6 positions" in root.find(f"{NS}desc").text


def test_the_current_position_is_a_vertical_line_at_its_stop():
    root = parse(graph_svg([0.5] * 11, 5, [], "White", True))
    (line,) = [el for el in root.iter(f"{NS}line") if el.get("class") == "graph-current"]
    first = parse(graph_svg([0.5] * 11, 0, [], "White", True))
    last = parse(graph_svg([0.5] * 11, 10, [], "White", True))
    xs = [
        float(
            next(el for el in r.iter(f"{NS}line") if el.get("class") == "graph-current").get("x1")
        )
        for r in (first, root, last)
    ]
    assert line.get("x1") == line.get("x2")
    assert xs[0] < xs[1] < xs[2] and abs((xs[0] + xs[2]) / 2 - xs[1]) < 0.2


def test_values_map_to_height_with_100_percent_at_the_top():
    root = parse(graph_svg([1.0, 0.0], 0, [], "White", True))
    (line,) = root.findall(f"{NS}polyline")
    (x0, y0), (x1, y1) = (tuple(map(float, p.split(","))) for p in line.get("points").split())
    assert y0 < y1


def test_turning_points_are_rings_with_a_title_and_are_listed_as_buttons():
    points = [TurningPoint(2, 0, 0.35)]
    root = parse(graph_svg([0.5, 0.55, 0.2], 2, points, "White", True))
    rings = [c for c in root.iter(f"{NS}circle") if c.get("class") == "graph-turn"]
    assert len(rings) == 1 and root.get("data-turns") == "1"
    assert "fell by 35 points" in rings[0].find(f"{NS}title").text
    html = turning_points_html(points, ["White threw 1: 1 → 2.", "Black threw 2: <b>"])
    assert 'data-stop="2"' in html and "&lt;b&gt;" in html and "<button" in html


def test_no_turning_points_is_said_in_words():
    assert "No turning points" in turning_points_html([], [])


def test_text_in_the_graph_is_escaped():
    root = parse(graph_svg([0.5, 0.5], 0, [], "<script>", True))
    assert "<script>" in root.find(f"{NS}title").text  # a text node, not an element
