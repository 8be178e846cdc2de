"""The review graph as SVG, and its turning points as a list: pure functions.

The graph plots a series from ``ludeum.records.review`` (one value in [0, 1] per
review stop, seat 0's point of view; None where the worker has not computed it yet)
on a 0-100% axis, with the position being reviewed as a vertical line and the
turning points as rings. Colours come from CSS classes (``static/app.css``), so the
high-contrast and forced-colours themes restyle it as they do the boards; nothing is
told by colour alone (the current position is a solid line, turning points rings,
the 50% line dashed). The SVG carries a ``<title>`` and a ``<desc>``; the turning
points are also written out as a list of buttons, for screen readers and keyboards.
Text goes through ``_`` and is escaped.
"""

from __future__ import annotations

from html import escape

from ..i18n import _
from .review import TurningPoint

WIDTH, HEIGHT = 600, 170
LEFT, RIGHT, TOP, BOTTOM = 44, 10, 10, 24  # margins around the plot
PLOT_W = WIDTH - LEFT - RIGHT
PLOT_H = HEIGHT - TOP - BOTTOM


def _x(stop: int, stops: int) -> float:
    return LEFT + (PLOT_W * stop / (stops - 1) if stops > 1 else 0)


def _y(value: float) -> float:
    return TOP + PLOT_H * (1 - value)


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
    if is_chance:
        return _("{side}'s estimated winning chance", side=side)
    return _("Evaluation for {side} (a search score, not a probability)", side=side)


def graph_svg(
    series: list[float | None], current: int, points: list[TurningPoint], side: str,
    is_chance: bool,
) -> str:  # fmt: skip
    """The graph of ``series`` with stop ``current`` marked; ``side`` names seat 0."""
    stops = max(len(series), 1)
    done = sum(value is not None for value in series)
    title = axis_label(side, is_chance)
    if done < len(series):
        desc = _("{done} of {total} positions computed so far.", done=done, total=len(series))
    else:
        desc = _("Every position computed.")
    if points:
        desc += " " + _("Turning points at moves {moves}.",
                        moves=", ".join(str(point.entry) for point in points))  # fmt: skip
    out = [
        f'<svg class="review-graph" viewBox="0 0 {WIDTH} {HEIGHT}" '
        'xmlns="http://www.w3.org/2000/svg" role="img" '
        'aria-labelledby="review-graph-title review-graph-desc" '
        f'data-done="{done}" data-total="{len(series)}" data-turns="{len(points)}">',
        f'<title id="review-graph-title">{escape(title)}</title>',
        f'<desc id="review-graph-desc">{escape(desc)}</desc>',
        f'<rect class="graph-frame" x="{LEFT}" y="{TOP}" width="{PLOT_W}" height="{PLOT_H}"/>',
    ]
    for value in (0.0, 0.5, 1.0):
        y = _y(value)
        kind = "graph-mid" if value == 0.5 else "graph-rule"
        out.append(f'<line class="{kind}" x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" '
                   f'y2="{y:.1f}"/>')  # fmt: skip
        out.append(f'<text class="graph-axis" x="{LEFT - 6}" y="{y + 4:.1f}" '
                   f'text-anchor="end">{round(100 * value)}%</text>')  # fmt: skip
    start = escape(_("Start"))
    out.append(f'<text class="graph-axis" x="{LEFT}" y="{HEIGHT - 6}">{start}</text>')
    end = escape(_("Move {number}", number=stops - 1))
    out.append(f'<text class="graph-axis" x="{WIDTH - RIGHT}" y="{HEIGHT - 6}" '
               f'text-anchor="end">{end}</text>')  # fmt: skip
    for run in _runs(series):
        if len(run) == 1:
            stop, value = run[0]
            out.append(f'<circle class="graph-dot" cx="{_x(stop, stops):.1f}" '
                       f'cy="{_y(value):.1f}" r="2"/>')  # fmt: skip
            continue
        coords = " ".join(f"{_x(stop, stops):.1f},{_y(value):.1f}" for stop, value in run)
        out.append(f'<polyline class="graph-line" points="{coords}"/>')
    if 0 <= current < stops:
        x = _x(current, stops)
        out.append(f'<line class="graph-current" x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" '
                   f'y2="{TOP + PLOT_H}"/>')  # fmt: skip
    for point in points:
        value = series[point.entry] if point.entry < len(series) else None
        if value is None:
            continue
        label = escape(_turn_text(point))
        out.append(f'<circle class="graph-turn" cx="{_x(point.entry, stops):.1f}" '
                   f'cy="{_y(value):.1f}" r="6"><title>{label}</title></circle>')  # fmt: skip
    out.append("</svg>")
    return "".join(out)


def _turn_text(point: TurningPoint) -> str:
    return _("Move {number}: the mover's value fell by {points} points.",
             number=point.entry, points=round(100 * point.drop))  # fmt: skip


def turning_points_html(points: list[TurningPoint], entries: list[str]) -> str:
    """The turning points as a list of buttons, each going to its move in review;
    ``entries`` are the move list's lines (``ui.game_log``)."""
    if not points:
        none = escape(_("No turning points found yet."))
        return f'<p class="hint">{none}</p>'
    items = []
    for point in points:
        line = entries[point.entry - 1] if point.entry <= len(entries) else ""
        text = _("Move {number}: {entry} The mover's value fell by {points} points.",
                 number=point.entry, entry=line, points=round(100 * point.drop))  # fmt: skip
        items.append(f'<li><button type="button" class="link-button" '
                     f'data-stop="{point.entry}">{escape(text)}</button></li>')  # fmt: skip
    return f'<ul class="turning-points">{"".join(items)}</ul>'
