"""Motion: how the pieces of one action travel on the board, as plain data.

Each game's ``motion`` module says, from the state before an action, the action and
the state after, which pieces travel, along which places and in what order (a
``Motion``: stages played one after another, the steps of one stage together). It
knows the game's rules only through the states' ``effects``; it draws nothing.

``plan`` turns a motion into what the page plays: for every travelling piece a
stand-in drawn where the piece stood (SVG markup), keyframes of CSS translations
from there, in the board SVG's own coordinates, and the drawn piece to hide while
its stand-in travels. The page builds nothing itself: one call per action, then the
browser animates (``web/motion.py``, with the Web Animations API).

Timing follows what players of online boards know (lichess moves a piece in about
200 ms): a stage lasts 150 ms for one square, 30 ms more per further square, at
most 300 ms; the whole action at most 900 ms, a long chain played faster.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from importlib import import_module
from itertools import pairwise
from typing import Any, NamedTuple

STAGE_MIN_MS = 150
STAGE_MAX_MS = 300
PER_SQUARE_MS = 30
ACTION_MAX_MS = 900
#: A piece leaving the board (borne off, captured, home) fades over the last part of
#: its last stage.
FADE_FROM = 0.6
#: Samples of the easing curve per stage, besides the path's own corners.
SAMPLES = 8


class Step(NamedTuple):
    """One piece's run in one stage. ``piece`` names the piece (the game's own name,
    usually where it stood before the action); ``path`` lists the places it passes,
    from where it stands to where it stops, each next to the one before; ``leaves``
    marks a piece that is not on the board afterwards (borne off, captured, home)."""

    piece: Hashable
    path: tuple
    leaves: bool = False


#: Stages, played one after another; the steps of one stage play together.
Motion = tuple[tuple[Step, ...], ...]

NO_MOTION: Motion = ()


def stage_ms(squares: int) -> float:
    """How long a stage whose longest run crosses ``squares`` squares lasts."""
    return float(min(STAGE_MAX_MS, STAGE_MIN_MS + PER_SQUARE_MS * max(0, squares - 1)))


def schedule(lengths: list[int]) -> list[tuple[float, float]]:
    """(start, duration) in ms of each stage, given the squares its longest run
    crosses; the whole fits in ACTION_MAX_MS (a long chain of stages speeds up)."""
    durations = [stage_ms(n) for n in lengths]
    total = sum(durations)
    scale = min(1.0, ACTION_MAX_MS / total) if total else 1.0
    times, start = [], 0.0
    for duration in durations:
        times.append((start, duration * scale))
        start += duration * scale
    return times


def ease(u: float) -> float:
    """Ease in and out (cubic): the piece starts and stops gently."""
    return 4 * u * u * u if u < 0.5 else 1 - (-2 * u + 2) ** 3 / 2


def _uneased(s: float) -> float:
    """The time fraction at which ``ease`` reaches ``s`` (bisection: ease rises)."""
    low, high = 0.0, 1.0
    for _ in range(30):
        mid = (low + high) / 2
        if ease(mid) < s:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def _along(points: list[tuple[float, float]], s: float) -> tuple[float, float]:
    """The point at fraction ``s`` of the polyline's length."""
    lengths = [math.dist(a, b) for a, b in pairwise(points)]
    total = sum(lengths)
    if total == 0:
        return points[-1]
    left = s * total
    for (a, b), length in zip(pairwise(points), lengths, strict=True):
        if left <= length and length:
            t = left / length
            return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        left -= length
    return points[-1]


def _run(points: list[tuple[float, float]]) -> list[tuple[float, float, float]]:
    """(time fraction, x, y) along a run, eased, through every corner of the path."""
    lengths = [math.dist(a, b) for a, b in pairwise(points)]
    total = sum(lengths)
    times = {i / SAMPLES for i in range(SAMPLES + 1)}
    if total:
        walked = 0.0
        for length in lengths[:-1]:
            walked += length
            times.add(_uneased(walked / total))
    return [(u, *_along(points, ease(u))) for u in sorted(times)]


class Drawing(NamedTuple):
    """What ``plan`` needs of a drawn board: the centre of a place in the SVG's
    coordinates (None where the drawing has no such place, as a tray left out on a
    phone), the selector of a piece as drawn after the action at its last place
    (None for a piece that left), and a stand-in's markup drawn at its first place."""

    point: Callable[[Any], tuple[float, float] | None]
    selector: Callable[[Hashable, Any], str | None]
    stand_in: Callable[[Hashable, Any], str]


def plan(motion: Motion, drawing: Drawing, backward: bool = False) -> list[dict]:
    """The page's animations for a motion, JSON-ready: per travelling piece
    ``{"hide": selector or "", "markup": stand-in, "keyframes": [...], "duration": ms}``.
    Every keyframe is ``{"offset", "transform", "opacity"}``, the translation relative
    to where the stand-in is drawn; all pieces share one duration (the action's).

    ``backward``: the same travel played in reverse, for an action taken back (the
    board now draws the position before it): every piece runs from where the action
    left it to where it stood, the last stage first, a piece that had left the board
    fading in; the piece hidden meanwhile is the one drawn where it stood."""
    stages = []
    for stage in motion:
        runs = []
        for step in stage:
            points = [p for p in map(drawing.point, step.path) if p is not None]
            if points:
                runs.append((step, points))
        stages.append(runs)
    lengths = [max((len(step.path) - 1 for step, _p in runs), default=0) for runs in stages]
    times = schedule(lengths)
    total = sum(duration for _s, duration in times)
    if not total:
        return []
    tracks: dict[Hashable, dict] = {}  # piece -> its first step, last step, points in time
    for (start, duration), runs in zip(times, stages, strict=True):
        for step, points in runs:
            track = tracks.setdefault(step.piece, {"first": step, "frames": []})
            track["last"] = step
            frames = track["frames"]
            if not frames:
                frames.append((0.0, *points[0], 1.0))
            for u, x, y in _run(points):
                fading = step.leaves and u > FADE_FROM
                opacity = 1.0 - (u - FADE_FROM) / (1 - FADE_FROM) if fading else 1.0
                frames.append((start + u * duration, x, y, opacity))
    animations = []
    for piece, track in tracks.items():
        first, last, frames = track["first"], track["last"], track["frames"]
        t_end, x_end, y_end, opacity_end = frames[-1]
        if t_end < total:
            frames.append((total, x_end, y_end, opacity_end))
        x0, y0 = frames[0][1], frames[0][2]
        if backward:  # the same frames, time running the other way
            frames = [(total - t, x, y, opacity) for t, x, y, opacity in reversed(frames)]
        keyframes = []
        for t, x, y, opacity in frames:
            keyframes.append({
                "offset": round(t / total, 4),
                "transform": f"translate({x - x0:.1f}px, {y - y0:.1f}px)",
                "opacity": round(opacity, 3),
            })  # fmt: skip
        if backward:
            selector = drawing.selector(piece, first.path[0])
        else:
            selector = None if last.leaves else drawing.selector(piece, last.path[-1])
        animations.append({
            "hide": selector or "",
            "markup": drawing.stand_in(piece, first.path[0]),
            "keyframes": keyframes,
            "duration": round(total),
        })  # fmt: skip
    return animations


def plan_for(
    before, action, after, options: dict | None = None, backward: bool = False
) -> list[dict]:
    """The page's animations for one action of any game, the board drawn with the
    game ``ui.board_svg``'s keyword ``options`` (narrow, upright, aid)."""
    from .saves import game_name

    module = import_module(f"ludeum.{game_name(after)}.motion")
    return module.plan(before, action, after, backward=backward, **(options or {}))


def plan_back(steps, options: dict | None = None) -> list[dict]:
    """The page's animations for actions taken back, ``steps`` as (before, action,
    after) in the order they were played: each one's travel in reverse, the last
    action first, one after another, all within ``ACTION_MAX_MS`` (the board draws
    the position before the first). Throws and passes move nothing."""
    parts = []
    for before, action, after in reversed(steps):
        animations = plan_for(before, action, after, options, backward=True)
        if animations:
            parts.append((animations, animations[0]["duration"]))
    total = sum(duration for _a, duration in parts)
    if not total:
        return []
    scale = min(1.0, ACTION_MAX_MS / total)
    length, start, joined = total * scale, 0.0, []
    for animations, duration in parts:
        begin, end = start / total, (start + duration) / total
        for item in animations:
            frames = [
                {**frame, "offset": round(begin + frame["offset"] * (end - begin), 4)}
                for frame in item["keyframes"]
            ]
            # Before its turn and after it, each piece holds where it is.
            if frames[0]["offset"] > 0:
                frames.insert(0, {**frames[0], "offset": 0.0})
            if frames[-1]["offset"] < 1:
                frames.append({**frames[-1], "offset": 1.0})
            joined.append({**item, "keyframes": frames, "duration": round(length)})
        start += duration
    return joined
