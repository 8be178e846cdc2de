"""Game analysis (``ludeum.analysis``, issue 53): each decision weighed, each throw's
luck, the result split, and the command that prints it."""

from __future__ import annotations

import io
import json
import math
import random
import statistics

import pytest
from review_games import random_game

from ludeum import saves
from ludeum.analysis import labels, report, summary
from ludeum.analysis.steps import Analyser, Decision, Thrown
from ludeum.analysis.weigh import Weigher, is_decision
from ludeum.cli import main
from ludeum.lodestone import notation as lodestone_notation
from ludeum.lodestone.rules import STANDARD
from ludeum.protocol import CHANCE
from ludeum.senet import JEQUIER
from ludeum.senet import new_game as new_senet
from ludeum.senet import notation as senet_notation
from ludeum.senet import ui as senet_ui
from ludeum.senet.rulesets import TAIT
from ludeum.squadro import notation as squadro_notation


def _decision(state, notation: str):
    """The analysis of one move played from ``state``, and its ``Decision``."""
    move = next(m for m in state.legal_moves() if m.notation() == notation)
    analysis = summary.analyse(state.apply(move))
    (step,) = analysis.steps
    return analysis, step


def _labelled(state, played: str, best: str) -> str | None:
    analysis, step = _decision(state, played)
    assert step.best_move == best
    assert step.rated
    return analysis.label(step)


# -- constructed positions whose best move is known by hand: one per game and label --


def test_senet_into_the_water_instead_of_bearing_off_the_race_winner_is_a_blunder():
    # White (seat 1) threw 1 with pieces on 26 and 30, three off, and Black three off
    # with pieces on 21 and 23: bearing off from 30 is plain; 26-27 drowns the piece
    # that was nearly home, in a race Black is close to winning.
    state = senet_notation.parse_position(JEQUIER, "....................B.B..W...W 3-3 W 1")
    assert _labelled(state, "26-27", best="30-off") == labels.BLUNDER
    assert _labelled(state, "30-off", best="30-off") is None


def test_senet_into_the_water_with_less_at_stake_is_a_mistake():
    # The same choice with Black's pieces further on (23 and 28): Black wins most
    # games either way, so the drowned piece costs less.
    state = senet_notation.parse_position(JEQUIER, "......................B..W.B.W 3-3 W 1")
    assert _labelled(state, "26-27", best="30-off") == labels.MISTAKE


def test_senet_a_small_bump_instead_of_reaching_the_house_of_beauty_is_an_inaccuracy():
    # White threw 2: 24-26 lands exactly on 26, the safe square every piece must stop
    # on; 6-8 bumps a Black piece back two squares and leaves the piece on 24 to wait.
    state = senet_notation.parse_position(JEQUIER, ".W.WBW.B....B...B......W...W.B 0-0 W 2")
    assert _labelled(state, "6-8", best="24-26") == labels.INACCURACY


def test_squadro_letting_the_opponent_finish_instead_of_winning_is_a_blunder():
    # Light has three pieces home and lane 4's piece one step away: lane 4 wins at
    # once; lane 5 lets Dark, also one step from its fourth, win first.
    state = squadro_notation.parse_position("ccca0/cccb0 H")
    assert _labelled(state, "5", best="4") == labels.BLUNDER
    assert labels.points("SquadroState", _decision(state, "5")[1].loss) == pytest.approx(200)


def test_squadro_starting_the_slow_piece_instead_of_the_fourth_runner_is_a_mistake():
    # Dark (to move) has three home: its fourth runner is on lane 1, four squares on;
    # the piece of lane 5 has not started, and Light's lane 5 is one step from home.
    state = squadro_notation.parse_position("60c6b/4ccc0 V")
    assert _labelled(state, "5", best="1") == labels.MISTAKE


def test_squadro_moving_the_one_square_piece_is_an_inaccuracy():
    # Early on, every step of the race counts: lane 3's piece moves one square, the
    # piece of lane 1, already out, is the best.
    state = squadro_notation.parse_position("40000/00000 H")
    assert _labelled(state, "3", best="1") == labels.INACCURACY


def test_lodestone_leaving_the_king_in_reach_is_a_blunder():
    # The lesson's check: the white pawn on c4 shows 4 and reaches the red king on d1.
    # Taking it (e4-c4) is best; a rook-pawn move leaves the king to be taken.
    state = lodestone_notation.parse_position(
        STANDARD, "w...W..w/......../......../......../..w.r.../......../......../r..R...r R 0"
    )
    assert _labelled(state, "a1-c1", best="e4-c4") == labels.BLUNDER
    assert labels.points("LodestoneState", _decision(state, "a1-c1")[1].loss) > 90


def test_lodestone_fleeing_instead_of_taking_the_checking_pawn_is_a_mistake():
    state = lodestone_notation.parse_position(
        STANDARD, "w...W..w/......../......../......../..w.r.../......../......../r..R...r R 0"
    )
    assert _labelled(state, "d1-g1", best="e4-c4") == labels.MISTAKE


def test_lodestone_a_quiet_move_instead_of_a_free_capture_is_an_inaccuracy():
    state = lodestone_notation.parse_position(
        STANDARD, ".www...w/......../...wW.../w.rw..../......../......r./.......R/.rr.r..r R 6"
    )
    assert _labelled(state, "b1-a1", best="c5-d5") == labels.INACCURACY


def test_a_forced_move_is_weighed_but_not_rated():
    # White threw 3 and only the piece on 4 can move: nothing to choose.
    state = senet_notation.parse_position(JEQUIER, "...W.....W..BB........W..B.... 2-2 W 3")
    analysis, step = _decision(state, "4-7")
    assert step.choices == 1 and not step.rated
    assert step.loss == 0 and analysis.label(step) is None
    assert analysis.side(1).forced == 1 and analysis.side(1).rated == 0
    assert analysis.side(1).accuracy is None


def test_labels_are_the_thresholds_of_their_game():
    for game, (inaccuracy, mistake, blunder) in labels.THRESHOLDS.items():
        per = labels.POINTS[game]
        assert labels.label(game, 0.0) is None
        assert labels.label(game, (inaccuracy - 0.01) / per) is None
        assert labels.label(game, inaccuracy / per) == labels.INACCURACY
        assert labels.label(game, mistake / per) == labels.MISTAKE
        assert labels.label(game, blunder / per) == labels.BLUNDER
        assert labels.accuracy(game, 0.0) == 100
        assert labels.accuracy(game, mistake / per) == pytest.approx(50)


# -- property tests over seeded games ---------------------------------------------------


def _played(game: str, seeds, limit: int = 4000):
    return [random_game(game, seed, limit) for seed in seeds]


@pytest.mark.long
@pytest.mark.parametrize(("game", "seeds", "limit"), [
    ("senet", range(6), 4000), ("squadro", range(4), 4000), ("lodestone", range(2), 40),
])  # fmt: skip
def test_every_game_the_identity_holds_and_forced_moves_are_never_labelled(game, seeds, limit):
    for final in _played(game, seeds, limit):
        analysis = summary.analyse(final)
        assert len(analysis.steps) == len(final.actions())
        split = analysis.split()
        assert abs(split.check()) < 1e-9
        if final.outcome() is not None:
            assert split.end == analysis.result
        for step in analysis.steps:
            assert 0 <= step.before <= 1 and 0 <= step.after <= 1
            if isinstance(step, Decision):
                assert step.loss >= 0
                if step.choices == 1:
                    assert not step.rated and analysis.label(step) is None
                    assert step.before == step.after
                if not step.rated:
                    assert analysis.label(step) is None


def _depth_gap(weigher: Weigher, state) -> float:
    """What the residue says of a position that a move or a lost throw left: its
    worth by its throws (each throw's best move) less its worth searched at once."""
    if state.to_act() != CHANCE:
        return 0.0
    mean = 0.0
    for outcome, probability in state.chance_outcomes():
        after = state.apply(outcome)
        if is_decision(after):
            options = weigher.options(after)
            worth = max(options) if after.to_act() == 0 else min(options)
        else:
            worth = weigher.position(after)
        mean += probability * worth
    return mean - weigher.position(state)


@pytest.mark.long
def test_senet_residue_is_exactly_the_searchs_second_look_at_each_position():
    """The stated residue: after a throw that leads to a decision, nothing; after a
    move (or a lost throw), the position weighed by its throws less the same position
    searched. Computed again here from a fresh weigher, position by position."""
    final = random_game("senet", 11)
    analysis = summary.analyse(final)
    weigher = Weigher(final)
    state = final.start()
    expected = 0.0
    for step, action in zip(analysis.steps, final.actions(), strict=True):
        state = state.apply(action)
        if state.outcome() is None and step is not analysis.steps[-1]:
            expected += _depth_gap(weigher, state)
    assert analysis.split().residue == pytest.approx(expected, abs=1e-9)
    assert abs(analysis.split().residue) > 0  # a depth-limited search leaves one


@pytest.mark.long
def test_senet_mean_luck_of_a_side_is_zero_over_1000_random_throw_games():
    """Over 1,000 games of random throws (and random moves), the first seat's total
    luck averages zero within its 99% confidence interval. Tait's reading, the
    shortest, weighed with the evaluation alone (depth 0): a throw's luck is the
    worth after it less the mean over throws, zero on average whatever the worth."""
    totals = []
    for seed in range(1000):
        source = random.Random(seed)
        state = new_senet(TAIT)
        while (actor := state.to_act()) is not None:
            if actor == CHANCE:
                outcomes = state.chance_outcomes()
                state = state.apply(source.choices([o for o, _p in outcomes],
                                                   [p for _o, p in outcomes])[0])  # fmt: skip
            else:
                moves = state.legal_moves()
                state = state.apply(moves[source.randrange(len(moves))])
        analyser = Analyser(state, depth=0)
        analyser.run()
        totals.append(sum(s.luck for s in analyser.steps if isinstance(s, Thrown) and s.seat == 0))
    mean = statistics.mean(totals)
    error = statistics.stdev(totals) / math.sqrt(len(totals))
    assert statistics.stdev(totals) > 0.05  # luck is really measured: games differ
    assert abs(mean) < 2.58 * error, (mean, error)


def test_a_throws_luck_is_its_outcome_less_the_mean_of_all_five():
    final = random_game("senet", 3, 40)
    analysis = summary.analyse(final)
    weights = (1, 4, 6, 4, 1)
    throws = [s for s in analysis.steps if isinstance(s, Thrown)]
    assert throws
    for step in throws:
        mean = sum(w * v for w, v in zip(weights, step.outcomes, strict=True)) / 16
        assert step.before == pytest.approx(mean)
        assert step.after == step.outcomes[step.light]
        assert step.luck == pytest.approx((step.after - mean) * (1 if step.seat == 0 else -1))


def test_the_same_record_gives_the_same_analysis_at_once_or_in_chunks():
    final = random_game("senet", 5, 160)
    whole = report.as_data(summary.analyse(final))
    analyser = Analyser(final)
    while not analyser.complete:
        analyser.run(7)
    assert report.as_data(summary.of(analyser)) == whole
    assert report.as_data(summary.analyse(final)) == whole


def test_the_data_reads_back_and_tampered_data_is_refused():
    final = random_game("squadro", 2)
    data = report.as_data(summary.analyse(final))
    again = report.as_data(report.from_data(json.loads(json.dumps(data))))
    assert again["steps"] == data["steps"]
    # Totals are summed again from the rounded worths: within a rounding per step.
    for side, kept in zip(again["sides"], data["sides"], strict=True):
        assert side["loss_points"] == pytest.approx(kept["loss_points"], abs=0.5)
        assert side["accuracy"] == pytest.approx(kept["accuracy"], abs=0.2)
    assert report.as_data(report.from_data(again)) == again
    for broken in (
        {**data, "game": "chess"},
        {**data, "steps": data["steps"][1:]},
        {**data, "steps": [{**data["steps"][0], "before": 7}] + data["steps"][1:]},
        {**data, "steps": [{**data["steps"][0], "kind": "jump"}] + data["steps"][1:]},
        {**data, "finished": "yes"},
        [],
    ):
        with pytest.raises(report.AnalysisDataError):
            report.from_data(broken)


def test_luck_adjusted_result_is_the_result_less_net_luck():
    final = random_game("senet", 8)
    analysis = summary.analyse(final)
    luck = analysis.side(0).luck, analysis.side(1).luck
    assert analysis.adjusted(0) == pytest.approx(analysis.result - (luck[0] - luck[1]))
    assert analysis.adjusted(0) + analysis.adjusted(1) == pytest.approx(1)


def test_accuracy_is_the_mean_of_the_rated_decisions():
    final = random_game("squadro", 4)
    analysis = summary.analyse(final)
    for seat in (0, 1):
        rated = [
            s for s in analysis.steps if isinstance(s, Decision) and s.rated and s.seat == seat
        ]
        side = analysis.side(seat)
        assert side.rated == len(rated)
        expected = statistics.mean(labels.accuracy("SquadroState", s.loss) for s in rated)
        assert side.accuracy == pytest.approx(expected)
        assert sum(side.counts) == sum(1 for s in rated if analysis.label(s))


# -- the command line ------------------------------------------------------------------


def _run(argv, stdin=""):
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, io.StringIO(stdin), out, err)
    return code, out.getvalue(), err.getvalue()


def test_cli_analyse_prints_sides_split_and_moves_to_look_at(tmp_path):
    final = random_game("senet", 1)
    path = tmp_path / "game.json"
    path.write_text(saves.dump(final), encoding="utf-8")
    code, out, err = _run(["analyse", str(path)])
    assert code == 0, err
    analysis = summary.analyse(final)
    sides = [senet_ui.side_label(final, seat) for seat in (0, 1)]
    assert f"{sides[0]}:" in out and f"{sides[1]}:" in out
    assert f"accuracy {analysis.side(0).accuracy:.1f}%" in out
    assert "What the search did not see" in out
    marked = [s for s in analysis.steps if analysis.label(s)]
    assert out.count(" better: ") == len(marked)


def test_cli_analyse_json_is_the_analysis_one_line_a_game(tmp_path):
    paths = []
    for seed in (1, 2):
        path = tmp_path / f"game{seed}.json"
        path.write_text(saves.dump(random_game("squadro", seed)), encoding="utf-8")
        paths.append(str(path))
    code, out, _err = _run(["analyse", "--json", *paths])
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 2
    first = json.loads(lines[0])
    assert first["game"] == "squadro" and first["file"] == paths[0]
    expected = report.as_data(summary.analyse(random_game("squadro", 1)))
    assert first["sides"] == expected["sides"]
    assert [s["played"] for s in first["steps"]] == [s["played"] for s in expected["steps"]]


def test_cli_analyse_a_bad_file_fails_in_one_line(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not a game", encoding="utf-8")
    code, out, err = _run(["analyse", str(path)])
    assert code == 1 and out == ""
    assert len(err.strip().splitlines()) == 1 and "analyse" in err


# -- what the page shows (ludeum.analysis.view, ludeum.records.graph) -----------------


def test_view_marks_each_labelled_move_on_its_move_list_entry():
    from ludeum.analysis import view
    from ludeum.games import ui_for
    from ludeum.records.positions import entries

    final = random_game("senet", 1)
    analysis = summary.analyse(final)
    ends = entries(final, ui_for(final))[0]
    marks = view.entry_marks(analysis, ends)
    labelled = [s for s in analysis.steps if analysis.label(s)]
    assert marks and len(marks) == len(labelled)
    for step in labelled:
        entry = report.entry_of(ends, step.action)
        assert ends[entry - 1] == step.action + 1  # a move makes its own entry
        assert marks[entry] == analysis.label(step)


def test_view_verdict_names_the_label_the_loss_and_the_better_move():
    from ludeum.analysis import view

    state = senet_notation.parse_position(JEQUIER, "....................B.B..W...W 3-3 W 1")
    analysis, step = _decision(state, "26-27")
    said = view.verdict(analysis, step)
    assert said.startswith("Blunder (??): it gave away ")
    assert "points of winning chance. Better: 30 \u2192 off the board." in said
    played, best = _decision(state, "30-off")
    assert view.verdict(played, best) == ""
    squadro = squadro_notation.parse_position("ccca0/cccb0 H")
    analysis, step = _decision(squadro, "5")
    assert "the computer's evaluation. Better: the piece in lane 4." in view.verdict(analysis, step)


def test_view_summary_says_progress_then_the_sides_and_your_luck_in_games():
    from ludeum.analysis import view

    final = random_game("senet", 2)
    analyser = Analyser(final)
    analyser.run(10)
    partial = summary.of(analyser)
    html = view.summary_html(partial, ("Black (you)", "White (Bo)"), 0, len(final.actions()))
    assert f"10 of {len(final.actions())} actions" in html
    assert "Your throws" not in html  # said once the whole game is weighed
    analyser.run()
    whole = summary.of(analyser)
    html = view.summary_html(whole, ("Black (you)", "White (Bo)"), 0, len(final.actions()))
    assert "analysis-progress" not in html
    luck = labels.points("SenetState", whole.side(0).luck)
    assert view.games_of(luck) in html
    assert ("Your throws were luckier" in html) == (luck >= 0.5)
    assert ("Your throws were less lucky" in html) == (luck <= -0.5)
    assert "White (Bo)&#x27;s throws were" not in html  # only yours are put in words
    squadro = summary.analyse(random_game("squadro", 2))
    html = view.summary_html(squadro, ("Light", "Dark"), None, len(squadro.steps))
    assert "Luck" not in html and "Accuracy" in html


def test_view_result_line_says_progress_then_accuracies_and_your_luck():
    """The result banner's line (the kiosk's only view of the analysis)."""
    from ludeum.analysis import view

    final = random_game("senet", 2)
    total = len(final.actions())
    sides = ("Black (you)", "White (the computer)")
    assert view.result_line(None, sides, 0, total) == ""
    analyser = Analyser(final)
    analyser.run(total // 2)
    partial = summary.of(analyser)
    assert view.result_line(partial, sides, 0, total) == (
        f"Analysing the game: {round(100 * len(partial.steps) / total)}%"
    )
    analyser.run()
    whole = summary.of(analyser)
    line = view.result_line(whole, sides, 0, total)
    mine, theirs = whole.side(0).accuracy, whole.side(1).accuracy
    assert line.startswith(
        f"Your accuracy: {mine:.0f}%; White (the computer): {theirs:.0f}%. Your throws were"
    )
    assert view.games_of(labels.points("SenetState", whole.side(0).luck)) in line or (
        "as lucky as average" in line
    )
    both = view.result_line(whole, ("Black", "White"), None, total)
    assert both.startswith(f"Accuracy: Black {mine:.0f}%, White {theirs:.0f}%.")
    assert "Black's throws" in both and "White's throws" in both
    squadro = summary.analyse(random_game("squadro", 2))
    line = view.result_line(squadro, ("Light (you)", "Dark"), 0, len(squadro.steps))
    assert line.startswith("Your accuracy: ") and "throws" not in line


def test_graph_draws_mistakes_and_blunders_by_shape_and_leaves_inaccuracies_to_the_list():
    from ludeum.records.graph import graph_svg

    series = [0.5, 0.55, 0.4, 0.45, 0.2]
    marks = {1: labels.INACCURACY, 2: labels.MISTAKE, 4: labels.BLUNDER}
    svg = graph_svg(series, 4, [], "Black", True, 400, None, "White", marks)
    assert 'data-marks="2"' in svg
    assert svg.count("graph-mark-mistake") == 1 and svg.count("graph-mark-blunder") == 1
    assert "graph-mark-inaccuracy" not in svg


def test_view_a_finished_senet_game_folds_its_split_under_the_summary():
    from ludeum.analysis import view

    final = random_game("senet", 4)
    analysis = summary.analyse(final)
    html = view.summary_html(analysis, ("Black", "White"), None, len(final.actions()))
    split = analysis.split()
    assert '<details class="analysis-split">' in html
    assert f"<td>{split.start * 100:.1f}</td>" in html
    assert f"<td>{report.signed_points(split.residue * 100)}</td>" in html
    assert f"<td>{split.end * 100:.1f}</td>" in html
    adjusted = f"{analysis.adjusted(0):.2f}".replace("-", "\u2212")
    assert f"luck-adjusted result: {adjusted} (1 is a win, 0 a loss)." in html
    squadro = summary.analyse(random_game("squadro", 4))
    assert "analysis-split" not in view.summary_html(squadro, ("L", "D"), None, 1000)
