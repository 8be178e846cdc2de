"""The review graph as SVG, and its turning points as a list: pure functions.

The graph plots a series from ``ludeum.records.review`` (one value in [0, 1] per
review stop, seat 0's point of view; None where the worker has not computed it yet)
beside the board, at the width of the side panel: 0-100% for Senet's winning chance, -100 to
+100 for the other games' evaluation. It is drawn at the pixel size the page gives it
(``width``; the height follows, ``graph_height``), so that its text and dots keep
their size on a phone and on a desktop. What it marks:

* the area between the 50% line and the curve, lightly filled, as lichess does, so
  that who is ahead reads at a glance; "{side} ahead" in the two halves;
* the position on the board (``current``) as a solid vertical line, and the graph's
  cursor (the stop under the mouse, or chosen by the keyboard) as a dashed one with
  a ring on the curve;
* the turning points as dots;
* one hit column per stop (``graph-hit``, ``data-stop``), last so that it is on top:
  the page reads the stop of a click, a tap or a hover from the column under it, and
  never computes a position itself.

Colours come from CSS classes (``static/app.css``), so the high-contrast and
forced-colours themes restyle it as they do the boards; nothing is told by colour
alone (the current position is solid, the cursor dashed, the 50% line dotted). The
SVG is hidden from screen readers: the page wraps it in a slider whose value text is
``review_text.readout``. Text goes through ``_`` and is escaped.
"""

from __future__ import annotations

from html import escape

from ..i18n import _
from .review import TurningPoint
from .review_text import course_text, turn_text

WIDTH = 600  # the default width, in CSS pixels
LEFT, RIGHT, TOP, BOTTOM = 46, 12, 10, 22  # margins around the plot
MIN_HEIGHT, MAX_HEIGHT = 120, 170
#: Narrower than this (a small frame's side panel), the graph leaves out the words
#: that would run into each other: "Start of the game" and the halves' labels.
WORDY = 260
DOT = 5.5  # a turning point's radius


def graph_height(width: int) -> int:
    """The graph's height for its width: a wide strip, never too flat on a phone."""
    return max(MIN_HEIGHT, min(MAX_HEIGHT, round(width * 0.2)))


class _Frame:
    """Where a stop and a value land, for a graph ``width`` wide with ``stops`` stops."""

    def __init__(self, width: int, stops: int) -> None:
        self.width = max(int(width), LEFT + RIGHT + 40)
        self.height = graph_height(self.width)
        self.plot_w = self.width - LEFT - RIGHT
        self.plot_h = self.height - TOP - BOTTOM
        self.stops = max(stops, 1)

    def x(self, stop: float) -> float:
        if self.stops == 1:
            return LEFT + self.plot_w / 2
        return LEFT + self.plot_w * stop / (self.stops - 1)

    def y(self, value: float) -> float:
        return TOP + self.plot_h * (1 - value)

    def column(self, stop: int) -> tuple[float, float]:
        """The horizontal span of stop's hit column: halfway to each neighbour."""
        if self.stops == 1:
            return LEFT, LEFT + self.plot_w
        half = self.plot_w / (self.stops - 1) / 2
        left = LEFT if stop == 0 else self.x(stop) - half
        right = LEFT + self.plot_w if stop == self.stops - 1 else self.x(stop) + half
        return left, right


def _runs(series: list[float | None]) -> list[list[tuple[int, float]]]:
    """The computed stretches of the series (a gap where a value is missing)."""
    runs: list[list[tuple[int, float]]] = [[]]
    for stop, value in enumerate(series):
        if value is None:
            if runs[-1]:
                runs.append([])
        else:
            runs[-1].append((stop, value))
    return [run for run in runs if run]


def axis_label(side: str, is_chance: bool) -> str:
    """The graph's title: whose chance, or whose evaluation, it shows."""
    if is_chance:
        return _("{side}'s estimated winning chance", side=side)
    return _("Evaluation for {side}, from \u2212100 to +100 (a search score, not a probability)",
             side=side)  # fmt: skip


def graph_svg(
    series: list[float | None], current: int, points: list[TurningPoint], side: str,
    is_chance: bool, width: int = WIDTH, cursor: int | None = None, other: str = "",
    marks: dict[int, str] | None = None,
) -> str:  # fmt: skip
    """The graph of ``series`` with stop ``current`` marked (and ``cursor``, if any);
    ``side`` names seat 0 and ``other`` seat 1 (their halves are labelled when both
    are given). ``marks``: the analysis's labelled moves, stop -> "inaccuracy",
    "mistake" or "blunder" (``ludeum.analysis``): mistakes and blunders are drawn on
    the curve, a triangle and a diamond, told apart by shape and not by colour alone
    (inaccuracies, often many, would crowd it: the move list marks them)."""
    marks = {stop: label for stop, label in (marks or {}).items() if label != "inaccuracy"}
    frame = _Frame(width, len(series))
    stops = frame.stops
    done = sum(value is not None for value in series)
    mid = frame.y(0.5)
    right = LEFT + frame.plot_w
    out = [
        f'<svg class="review-graph" viewBox="0 0 {frame.width} {frame.height}" '
        f'width="{frame.width}" height="{frame.height}" '
        'xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false" '
        f'data-done="{done}" data-total="{len(series)}" data-turns="{len(points)}" '
        f'data-marks="{len(marks)}" '
        f'data-current="{current}" data-cursor="{"" if cursor is None else cursor}">',
        f'<rect class="graph-frame" x="{LEFT}" y="{TOP}" width="{frame.plot_w}" '
        f'height="{frame.plot_h}"/>',
    ]
    labels = ("0%", "50%", "100%") if is_chance else ("\u2212100", "0", "+100")
    for value, label in zip((0.0, 0.5, 1.0), labels, strict=True):
        y = frame.y(value)
        kind = "graph-mid" if value == 0.5 else "graph-rule"
        out.append(f'<line class="{kind}" x1="{LEFT}" y1="{y:.1f}" x2="{right:.1f}" '
                   f'y2="{y:.1f}"/>')  # fmt: skip
        out.append(f'<text class="graph-axis" x="{LEFT - 6}" y="{y + 4:.1f}" '
                   f'text-anchor="end">{label}</text>')  # fmt: skip
    wordy = frame.width >= WORDY
    if side and other and wordy:
        ahead = escape(_("{side} ahead", side=side))
        behind = escape(_("{side} ahead", side=other))
        out.append(f'<text class="graph-side" x="{LEFT + 6}" y="{TOP + 13}">{ahead}</text>')
        out.append(f'<text class="graph-side" x="{LEFT + 6}" '
                   f'y="{TOP + frame.plot_h - 5}">{behind}</text>')  # fmt: skip
    if wordy:
        start = escape(_("Start of the game"))
        out.append(f'<text class="graph-axis" x="{LEFT}" y="{frame.height - 6}">{start}</text>')
    end = escape(_("Move {number}", number=stops - 1))
    out.append(f'<text class="graph-axis" x="{right:.1f}" y="{frame.height - 6}" '
               f'text-anchor="end">{end}</text>')  # fmt: skip
    runs = _runs(series)
    for run in runs:  # the area between the 50% line and the curve
        if len(run) < 2:
            continue
        coords = " ".join(f"{frame.x(stop):.1f},{frame.y(value):.1f}" for stop, value in run)
        first, last = frame.x(run[0][0]), frame.x(run[-1][0])
        out.append(f'<polygon class="graph-area" points="{first:.1f},{mid:.1f} {coords} '
                   f'{last:.1f},{mid:.1f}"/>')  # fmt: skip
    for run in runs:
        if len(run) == 1:
            stop, value = run[0]
            out.append(f'<circle class="graph-dot" cx="{frame.x(stop):.1f}" '
                       f'cy="{frame.y(value):.1f}" r="2"/>')  # fmt: skip
            continue
        coords = " ".join(f"{frame.x(stop):.1f},{frame.y(value):.1f}" for stop, value in run)
        out.append(f'<polyline class="graph-line" points="{coords}"/>')
    if 0 <= current < stops:
        x = frame.x(current)
        out.append(f'<line class="graph-current" x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" '
                   f'y2="{TOP + frame.plot_h}"/>')  # fmt: skip
    for point in points:
        value = series[point.entry] if point.entry < len(series) else None
        if value is None:
            continue
        out.append(f'<circle class="graph-turn" cx="{frame.x(point.entry):.1f}" '
                   f'cy="{frame.y(value):.1f}" r="{DOT}"/>')  # fmt: skip
    for stop, label in sorted(marks.items()):
        value = series[stop] if 0 <= stop < len(series) else None
        if value is None:
            continue
        out.append(_mark(label, frame.x(stop), frame.y(value)))
    if cursor is not None and 0 <= cursor < stops and cursor != current:
        x = frame.x(cursor)
        out.append(f'<line class="graph-cursor" x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" '
                   f'y2="{TOP + frame.plot_h}"/>')  # fmt: skip
    shown = cursor if cursor is not None and 0 <= cursor < stops else current
    if 0 <= shown < len(series) and series[shown] is not None:
        out.append(f'<circle class="graph-here" cx="{frame.x(shown):.1f}" '
                   f'cy="{frame.y(series[shown]):.1f}" r="4"/>')  # fmt: skip
    for stop in range(stops):
        # Rounded edges first, so that each column starts exactly where the last ends.
        left, right_edge = (round(edge, 1) for edge in frame.column(stop))
        out.append(f'<rect class="graph-hit" data-stop="{stop}" x="{left:.1f}" y="0" '
                   f'width="{right_edge - left:.1f}" height="{frame.height}"/>')  # fmt: skip
    out.append("</svg>")
    return "".join(out)


def _mark(label: str, x: float, y: float) -> str:
    """A labelled move's mark, centred on (x, y): a ring (inaccuracy), a triangle
    (mistake) or a diamond (blunder)."""
    kind = f"graph-mark graph-mark-{escape(label)}"
    if label == "blunder":
        r = 5.0
        points = f"{x:.1f},{y - r:.1f} {x + r:.1f},{y:.1f} {x:.1f},{y + r:.1f} {x - r:.1f},{y:.1f}"
        return f'<polygon class="{kind}" points="{points}"/>'
    if label == "mistake":
        r = 4.5
        points = f"{x:.1f},{y - r:.1f} {x + r:.1f},{y + r * 0.8:.1f} {x - r:.1f},{y + r * 0.8:.1f}"
        return f'<polygon class="{kind}" points="{points}"/>'
    return f'<circle class="{kind}" cx="{x:.1f}" cy="{y:.1f}" r="3.5"/>'


def turning_points_html(
    points: list[TurningPoint], entries: list[str], movers: tuple[str, str] = ("", ""),
    is_chance: bool = True, series: list[float | None] | None = None,
) -> str:  # fmt: skip
    """The turning points as a row of buttons, each going to its move in review;
    ``entries`` are the move list's lines (``ui.game_log``), ``movers`` the seats'
    names. Without one, what the ``series`` shows: none found yet while it is being
    computed, how the game went once it is whole (``review_text.course_text``)."""
    if not points:
        none = escape(course_text(series if series is not None else [None], movers))
        return f'<p class="hint graph-course">{none}</p>'
    items = []
    for point in points:
        line = entries[point.entry - 1] if point.entry <= len(entries) else ""
        mover = movers[point.mover] if point.mover in (0, 1) and movers[point.mover] else ""
        words = turn_text(point, mover, is_chance) if mover else ""
        text = _("Move {number}: {entry} {turn}", number=point.entry, entry=line,
                 turn=words)  # fmt: skip
        short = escape(_("Move {number}", number=point.entry))
        items.append(f'<li><button type="button" class="graph-turn-button" '
                     f'data-stop="{point.entry}" aria-label="{escape(text.strip())}" '
                     f'title="{escape(text.strip())}">{short}</button></li>')  # fmt: skip
    title = escape(_("Turning points"))
    return (f'<h3 id="review-turns-title" class="graph-turns-title">{title}</h3>'
            f'<ul class="turning-points" aria-labelledby="review-turns-title">'
            f'{"".join(items)}</ul>')  # fmt: skip
