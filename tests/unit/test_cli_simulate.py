"""``python -m ludeum simulate`` (``ludeum.cli.simulate``): games between levels, and
the Wilson score interval its win rates carry."""

from __future__ import annotations

import csv
import io
import json

import pytest

from ludeum.cli import main
from ludeum.cli.simulate import wilson


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, stdin=io.StringIO(""), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        # 81/263 is the worked example of Newcombe (1998), whose Wilson interval is
        # 0.2553-0.3662. The others are the roots, found apart from the code under
        # test, of the quadratic that defines the interval:
        # (wins/games - p)^2 = z^2 p (1 - p) / games, z = 1.96.
        (5, 10, 0.2366, 0.7634),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (50, 100, 0.4038, 0.5962),
        (81, 263, 0.2553, 0.3662),
        (1, 1, 0.2065, 1.0),
    ],
)
def test_wilson_interval_matches_known_values(wins, games, low, high):
    got = wilson(wins, games)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_interval_is_never_a_point_and_stays_in_zero_one():
    for games in (1, 7, 40):
        for wins in range(games + 1):
            low, high = wilson(wins, games)
            assert 0.0 <= low < wins / games + 1e-12 and wins / games - 1e-12 < high <= 1.0
            assert high - low > 0.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_json_counts_every_game_once_and_alternates_seats():
    code, out, err = run(["simulate", "random", "greedy", "--game", "lodestone",
                          "--games", "6", "--seed", "3", "--format", "json"])  # fmt: skip
    assert code == 0
    data = json.loads(out)
    rows = {(r["group"], r["name"]): r for r in data["rows"]}
    levels = rows["level", "random"]["wins"] + rows["level", "greedy"]["wins"]
    seats = rows["seat", "0"]["wins"] + rows["seat", "1"]["wins"]
    assert levels + data["draws"] == seats + data["draws"] == data["games"] == 6
    for row in data["rows"]:
        low, high = wilson(row["wins"], 6)
        assert (row["wilson_low"], row["wilson_high"]) == (round(low, 6), round(high, 6))
        assert row["win_rate"] == round(row["wins"] / 6, 6)
    assert data["average_moves"] > 0 and data["average_throws"] == 0  # no dice in Lodestone
    assert (data["game"], data["ruleset"], data["seed"]) == ("lodestone", "standard", 3)
    # Progress went to standard error, one line a game.
    assert err.splitlines()[-1].startswith("game 6 of 6")


def test_the_same_seed_plays_the_same_games_and_another_seed_others():
    argv = ["simulate", "easy", "random", "--games", "6", "--format", "json"]
    first = json.loads(run([*argv, "--seed", "11"])[1])
    again = json.loads(run([*argv, "--seed", "11"])[1])
    other = json.loads(run([*argv, "--seed", "12"])[1])
    assert first == again
    assert (first["average_moves"], first["average_throws"]) != (
        other["average_moves"], other["average_throws"])  # fmt: skip


def test_two_workers_give_exactly_the_results_of_one():
    """Issue 54: each game is seeded by its number, so the processes that play them,
    and the order they finish in, change nothing."""
    argv = ["simulate", "easy", "greedy", "--game", "squadro", "--games", "8", "--seed", "5",
            "--format", "json"]  # fmt: skip
    alone = run([*argv, "--workers", "1"])
    shared = run([*argv, "--workers", "2"])
    assert alone[0] == shared[0] == 0
    assert json.loads(alone[1]) == json.loads(shared[1])
    assert shared[2].splitlines()[-1].startswith("game 8 of 8")


def test_csv_has_a_header_and_a_row_per_level_and_per_seat():
    code, out, _err = run(["simulate", "random", "random", "--game", "squadro",
                           "--games", "4", "--seed", "1", "--format", "csv"])  # fmt: skip
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(r["group"], r["name"]) for r in rows] == [
        ("level", "random (1)"), ("level", "random (2)"), ("seat", "0"), ("seat", "1")
    ]  # fmt: skip
    for row in rows:
        wins, games = int(row["wins"]), int(row["games"])
        assert games == 4
        assert float(row["wilson_low"]) == round(wilson(wins, games)[0], 6)
        assert float(row["wilson_high"]) == round(wilson(wins, games)[1], 6)


def test_table_names_the_run_and_shows_rates_with_intervals():
    code, out, _err = run(["simulate", "medium", "random", "--ruleset", "tait",
                           "--games", "2", "--seed", "4"])  # fmt: skip
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "senet (tait): medium against random, 2 games, seats alternated, seed 4"
    medium = next(line for line in lines if line.startswith("medium "))
    wins = int(medium.split()[2])
    low, high = wilson(wins, 2)
    assert f"{100 * low:.1f}% – {100 * high:.1f}%" in medium
    assert any(line.startswith("Draws: ") and "throws" in line for line in lines)


def test_bad_arguments_are_usage_errors():
    for argv, words in (
        (["simulate", "easy"], "the following arguments are required"),
        (["simulate", "easy", "expert"], "invalid choice: 'expert'"),
        (["simulate", "easy", "easy", "--games", "0"], "must be at least 1"),
        (["simulate", "easy", "easy", "--seconds", "-1"], "must be a positive number"),
        (["simulate", "easy", "easy", "--game", "lodestone", "--ruleset", "tait"],
         "lodestone has no ruleset 'tait'"),
    ):  # fmt: skip
        code, _out, err = run(argv)
        assert code == 2, argv
        assert words in err, argv
