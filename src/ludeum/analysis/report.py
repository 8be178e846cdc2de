"""An analysis as data (JSON) and as text, for the command line and the page.

``as_data`` is the analysis in plain JSON values: what ``python -m ludeum analyse
--json`` prints, what the worker sends the page, and what the page keeps with a
finished game so that it is never computed twice. Worths are rounded to 4 places
(a hundredth of a point), so the same record always gives the same text.
``from_data`` reads it back, checking every field: a kept analysis is data from
storage, and storage can be edited.

``text`` is the analysis as a person reads it: per side the accuracy, the error
rate, the labelled decisions and, in Senet, the luck; the result split; then each
labelled move with the better one, numbered as in the app's move list.
"""

from __future__ import annotations

import bisect
import math
from typing import Any

from ..i18n import _
from . import labels
from .steps import Decision, Thrown
from .summary import Analysis

#: The kinds of step in the data.
MOVE, THROW = "move", "throw"
GAMES = {"SenetState": "senet", "SquadroState": "squadro", "LodestoneState": "lodestone"}


def _round(value: float) -> float:
    return round(value, 4)


def entry_of(ends: list[int], action: int) -> int:
    """The 1-based move-list entry that shows the 0-based ``action``: the first whose
    position stands at or after it (a Senet throw shares its move's entry)."""
    return bisect.bisect_left(ends, action + 1) + 1


def as_data(analysis: Analysis, ends: list[int] | None = None) -> dict:
    """The analysis as JSON values; ``ends`` (``records.positions.entries``) numbers
    each step by its move-list entry."""
    steps = []
    for step in analysis.steps:
        item: dict[str, Any] = {
            "action": step.action, "seat": step.seat,
            "before": _round(step.before), "after": _round(step.after),
        }  # fmt: skip
        if isinstance(step, Decision):
            item.update(kind=MOVE, played=step.played, best=step.best_move,
                        best_index=step.best_index, choices=step.choices,
                        rated=step.rated, label=analysis.label(step))  # fmt: skip
        else:
            item.update(kind=THROW, light=step.light,
                        outcomes=[_round(value) for value in step.outcomes])  # fmt: skip
        if ends is not None:
            item["entry"] = entry_of(ends, step.action)
        steps.append(item)
    data: dict[str, Any] = {
        "game": GAMES[analysis.game],
        "depth": analysis.depth,
        "finished": analysis.finished,
        "result": analysis.result,
        "sides": [_side_data(analysis, seat) for seat in (0, 1)],
        "steps": steps,
    }
    split = analysis.split()
    if split is not None:
        data["split"] = {
            "start": _round(split.start), "luck": [_round(v) for v in split.luck],
            "loss": [_round(v) for v in split.loss], "residue": _round(split.residue),
            "end": _round(split.end),
        }  # fmt: skip
    return data


def _side_data(analysis: Analysis, seat: int) -> dict:
    side = analysis.side(seat)
    game = analysis.game
    rate = side.error_rate(game)
    adjusted = analysis.adjusted(seat)
    data = {
        "seat": seat,
        "rated": side.rated,
        "forced": side.forced,
        "loss_points": _round(labels.points(game, side.loss)),
        "error_rate": None if rate is None else _round(rate),
        "inaccuracies": side.counts[0],
        "mistakes": side.counts[1],
        "blunders": side.counts[2],
        "accuracy": None if side.accuracy is None else round(side.accuracy, 1),
    }
    if analysis.is_chance:
        data["throws"] = side.throws
        data["luck_points"] = _round(labels.points(game, side.luck))
        data["adjusted_result"] = None if adjusted is None else _round(adjusted)
    return data


class AnalysisDataError(ValueError):
    """Kept analysis data that cannot be trusted: it is computed again instead."""


def _number(value: Any, low: float = -math.inf, high: float = math.inf) -> float:
    if type(value) not in (int, float) or not low <= value <= high:
        raise AnalysisDataError(f"not a number in [{low}, {high}]: {value!r}"[:120])
    return float(value)


def _whole(value: Any, low: int = 0, high: int = 10**9) -> int:
    if type(value) is not int or not low <= value <= high:
        raise AnalysisDataError(f"not a whole number in [{low}, {high}]: {value!r}"[:120])
    return value


def _text(value: Any, most: int = 40) -> str:
    if not isinstance(value, str) or len(value) > most:
        raise AnalysisDataError(f"not a short text: {value!r}"[:120])
    return value


def from_data(data: Any) -> Analysis:
    """An ``Analysis`` from ``as_data``'s JSON values; raises ``AnalysisDataError``."""
    if not isinstance(data, dict):
        raise AnalysisDataError("an analysis is a JSON object")
    names = {name: game for game, name in GAMES.items()}
    game = names.get(data.get("game"))
    if game is None:
        raise AnalysisDataError(f"no game called {data.get('game')!r}"[:120])
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list):
        raise AnalysisDataError("an analysis lists its steps")
    steps = []
    for number, item in enumerate(raw_steps):
        if not isinstance(item, dict):
            raise AnalysisDataError("a step is a JSON object")
        action = _whole(item.get("action"))
        if action != number:
            raise AnalysisDataError(f"step {number} is for action {action}")
        seat = _whole(item.get("seat"), 0, 1)
        before, after = _number(item.get("before"), 0, 1), _number(item.get("after"), 0, 1)
        if item.get("kind") == MOVE:
            choices = _whole(item.get("choices"), 1)
            rated = item.get("rated")
            if type(rated) is not bool:
                raise AnalysisDataError("a move says whether it was rated")
            steps.append(Decision(
                action, seat, _text(item.get("played")), _text(item.get("best")),
                _whole(item.get("best_index"), 0, choices - 1), choices, before, after, rated,
            ))  # fmt: skip
        elif item.get("kind") == THROW:
            outcomes = item.get("outcomes")
            if not isinstance(outcomes, list) or len(outcomes) != 5:
                raise AnalysisDataError("a throw lists the worth of its five outcomes")
            light = _whole(item.get("light"), 0, 4)
            steps.append(Thrown(action, seat, light, before, after,
                                tuple(_number(v, 0, 1) for v in outcomes)))  # fmt: skip
        else:
            raise AnalysisDataError(f"no kind of step called {item.get('kind')!r}"[:120])
    finished = data.get("finished")
    if type(finished) is not bool:
        raise AnalysisDataError("an analysis says whether the game was over")
    result = data.get("result")
    if result is not None:
        result = _number(result, 0, 1)
    return Analysis(game, _whole(data.get("depth"), 0, 20), tuple(steps), finished, result)


def signed_points(value: float) -> str:
    """Points with their sign, to one decimal ("+12.3", "-0.4", "0.0")."""
    shown = round(value, 1)
    if shown == 0:
        return "0.0"
    return f"{shown:+.1f}".replace("-", "\u2212")


def units(analysis: Analysis) -> str:
    if analysis.is_chance:
        return _("points of winning chance (100 from a sure loss to a sure win)")
    return _("points of the computer's evaluation (200 from a lost game to a won one)")


def text(analysis: Analysis, sides: tuple[str, str], log: list[str], ends: list[int]) -> str:
    """The analysis as a person reads it. ``sides`` names the seats ("Black", "Dark
    (Ana)"); ``log`` and ``ends`` are the move list and where each entry stands."""
    game = analysis.game
    lines = [_("Analysis: each move against the computer's best, searched {depth} plies "
               "past it.", depth=analysis.depth)]  # fmt: skip
    lines.append(_("Losses and luck are in {units}.", units=units(analysis)))
    lines.append("")
    for seat in (0, 1):
        side = analysis.side(seat)
        lines.append(f"{sides[seat]}:")
        if side.rated:
            lines.append("  " + _("accuracy {accuracy}%, {rate} points lost a decision "
                                  "({rated} decisions rated, {forced} without a choice)",
                                  accuracy=f"{side.accuracy:.1f}",
                                  rate=f"{side.error_rate(game):.1f}",
                                  rated=side.rated, forced=side.forced))  # fmt: skip
        else:
            lines.append("  " + _("no decision with a choice"))
        lines.append("  " + _("inaccuracies {inaccuracies}, mistakes {mistakes}, blunders "
                              "{blunders}", inaccuracies=side.counts[0],
                              mistakes=side.counts[1], blunders=side.counts[2]))  # fmt: skip
        if analysis.is_chance:
            lines.append("  " + _("luck {luck} points over {throws} throws",
                                  luck=signed_points(labels.points(game, side.luck)),
                                  throws=side.throws))  # fmt: skip
            adjusted = analysis.adjusted(seat)
            if adjusted is not None:
                lines.append("  " + _("luck-adjusted result {score} (1 is a win)",
                                      score=f"{adjusted:.2f}"))  # fmt: skip
    split = analysis.split()
    if split is not None and analysis.is_chance:
        lines.append("")
        lines.append(_("How {side}'s winning chance moved, in points", side=sides[0]))
        rows = [
            (_("At the start"), split.start * 100, False),
            (_("{side}'s throws", side=sides[0]), split.luck[0] * 100, True),
            (_("{side}'s throws", side=sides[1]), -split.luck[1] * 100, True),
            (_("{side}'s decisions", side=sides[0]), -split.loss[0] * 100, True),
            (_("{side}'s decisions", side=sides[1]), split.loss[1] * 100, True),
            (_("What the search did not see"), split.residue * 100, True),
            (_("At the end"), split.end * 100, False),
        ]
        width = max(len(name) for name, _value, _signed in rows)
        for name, value, sign in rows:
            shown = signed_points(value) if sign else f"{value:.1f}"
            lines.append(f"  {name:<{width}}  {shown:>7}")
    marked = [step for step in analysis.steps if analysis.label(step)]
    lines.append("")
    if not marked:
        lines.append(_("No move was an inaccuracy, a mistake or a blunder."))
    else:
        lines.append(_("Moves to look at again:"))
        for step in marked:
            entry = entry_of(ends, step.action)
            said = log[entry - 1] if 0 < entry <= len(log) else step.played
            called = analysis.label(step)
            loss = signed_points(-labels.points(game, step.loss))
            verdict = _("{label}, {loss} points; better: {move}", label=label_name(called),
                        loss=loss, move=step.best_move)  # fmt: skip
            lines.append(f"{entry:>4}. {said} {labels.MARKS[called]}  {verdict}")
    return "\n".join(lines)


def label_name(called: str) -> str:
    return {labels.INACCURACY: _("inaccuracy"), labels.MISTAKE: _("mistake"),
            labels.BLUNDER: _("blunder")}[called]  # fmt: skip
