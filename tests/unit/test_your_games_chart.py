"""Your games over time (issue 53): the accuracy chart's dots and trend, the Senet
luck chart's bars, who is counted, and what a screen reader is told."""

from __future__ import annotations

import re
from dataclasses import replace

from ludeum.records import results as r
from ludeum.your_games import page_html
from ludeum.your_games_chart import (
    HEIGHT,
    MAX_GAMES,
    PLOT_H,
    TOP,
    accuracy_chart,
    charts_html,
    luck_chart,
    trend,
)


def entry(game="senet", accuracy=None, luck=None, opponent="hard", seat=0, winner=0) -> r.Entry:
    reading = (("preset", "tait"),) if game == "senet" else ()
    return r.Entry(game, reading, opponent, seat, winner, "2026-12-01T10:00:00", 40, "1AbC",
                   None, accuracy, luck)  # fmt: skip


def dots(svg: str) -> list[tuple[float, float]]:
    found = re.findall(r'class="chart-dot[^"]*" cx="([\d.]+)" cy="([\d.]+)"', svg)
    return [(float(x), float(y)) for x, y in found]


def accuracy_at(y: float) -> float:
    return 100 * (1 - (y - TOP) / PLOT_H)


def test_the_trend_is_each_games_mean_with_the_four_before_it() -> None:
    assert trend([10, 20, 30, 40, 50, 60]) == [10, 15, 20, 25, 30, 40]
    assert trend([]) == []


def test_no_chart_before_two_analysed_games_there_is_no_course_to_show() -> None:
    assert accuracy_chart([entry(accuracy=80)]) == ""
    assert accuracy_chart([entry(), entry()]) == ""  # not analysed yet
    assert charts_html([entry(accuracy=80), entry()]) == ""


def test_each_analysed_game_is_a_dot_oldest_on_the_left_at_its_accuracy() -> None:
    values = [40.0, 90.0, 65.0]
    svg = accuracy_chart([entry(accuracy=v) for v in values])
    points = dots(svg)
    assert [round(accuracy_at(y)) for _x, y in points] == [40, 90, 65]
    assert [x for x, _y in points] == sorted(x for x, _y in points)
    assert 'data-games="3"' in svg and svg.count("<title>") == 3
    line = re.search(r'class="chart-trend" points="([^"]+)"', svg).group(1).split()
    last = float(line[-1].split(",")[1])
    assert round(accuracy_at(last), 1) == round(sum(values) / 3, 1)


def test_only_the_visitors_own_games_are_charted_and_only_the_latest() -> None:
    log = [entry(accuracy=50), entry(accuracy=60, opponent="human", seat=None),
           entry(accuracy=70)]  # fmt: skip
    assert len(dots(accuracy_chart(log))) == 2
    many = [entry(accuracy=float(i % 100)) for i in range(MAX_GAMES + 7)]
    points = dots(accuracy_chart(many))
    assert len(points) == MAX_GAMES
    assert round(accuracy_at(points[0][1])) == 7  # the oldest 7 left out


def test_a_win_is_a_filled_dot_and_the_name_says_the_range_and_the_latest_mean() -> None:
    svg = accuracy_chart([entry(accuracy=55, winner=1), entry(accuracy=81)])
    assert 'class="chart-dot loss"' in svg and 'class="chart-dot win"' in svg
    label = re.search(r'aria-label="([^"]+)"', svg).group(1)
    assert "from 55% to 81%" in label and "latest 2: 68%" in label
    assert 'role="img"' in svg


def test_senet_luck_is_a_bar_up_for_luckier_down_for_unluckier_cut_at_a_game() -> None:
    log = [entry(accuracy=70, luck=0.5), entry(accuracy=70, luck=-0.25),
           entry("squadro", accuracy=70), entry(accuracy=70, luck=3.0)]  # fmt: skip
    svg = luck_chart(log)
    bars = re.findall(r'class="chart-bar (\w+)" x="[\d.]+" y="([\d.]+)" width="[\d.]+" '
                      r'height="([\d.]+)"', svg)  # fmt: skip
    assert [kind for kind, _y, _h in bars] == ["lucky", "unlucky", "lucky"]
    heights = [float(h) for _k, _y, h in bars]
    assert abs(heights[0] - 2 * heights[1]) < 0.2  # to scale
    assert abs(heights[2] - PLOT_H / 2) < 0.1  # cut at the frame
    assert float(bars[2][1]) >= TOP and float(bars[1][1]) + heights[1] <= HEIGHT
    assert "+3.00" in svg  # its tooltip keeps the whole figure
    assert "luckier than average in 2." in svg


def test_the_page_shows_the_charts_escaped_and_no_luck_chart_without_senet() -> None:
    log = [entry("squadro", accuracy=70), entry("lodestone", accuracy=80)]
    html = page_html(log)
    assert "Accuracy, game by game" in html and "Luck at Senet" not in html
    assert "accuracy-chart" in html and "luck-chart" not in html


def test_a_stored_accuracy_out_of_range_stays_in_the_frame() -> None:
    log = [replace(entry(accuracy=50), accuracy=250.0), entry(accuracy=-20.0)]
    ys = [y for _x, y in dots(accuracy_chart(log))]
    assert all(TOP <= y <= TOP + PLOT_H for y in ys)
