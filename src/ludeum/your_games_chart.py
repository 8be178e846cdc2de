"""Your games over time: the visitor's accuracy, game by game, and their luck at
Senet, as two small SVG charts (issue 53). Pure: ``your_games.page_html`` puts them
under the figures.

* **Accuracy**: one dot per analysed game the visitor played (``Entry.counted``),
  oldest on the left, and a line through the mean of each game and the TREND-1
  before it, so that a trend reads through one game's noise,
  as a games site's rating chart does. The latest MAX_GAMES games at most.
* **Luck at Senet**: a bar per analysed Senet game, up for a luckier than average
  game, down for an unluckier one, in games (a bar taller than a whole game is cut at
  the frame and says so in its tooltip's figure).

Each chart is drawn in a fixed viewBox as wide as a phone's column, so its text keeps
a readable size there and grows a little on a desktop (``static/app.css`` caps its
width). Nothing is told by colour alone: the trend is a line, the games dots, luck
bars above or below a labelled zero. Each chart is an image for screen readers whose
name says what it shows in words; each dot and bar has a tooltip (an SVG ``title``)
with the game, its date and its figure. Text goes through ``_`` and is escaped.
"""

from __future__ import annotations

from html import escape

from .i18n import _, _n
from .records import results
from .records.library import shown_time
from .records.results import Entry

#: The latest analysed games a chart shows.
MAX_GAMES = 40
#: The mean that draws the trend: a game and the ones before it, up to this many.
TREND = 5
WIDTH, HEIGHT = 360, 150
LEFT, RIGHT, TOP, BOTTOM = 40, 10, 10, 22
PLOT_W, PLOT_H = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
#: Luck's scale: a bar reaches the frame at a whole game's luck.
LUCK_RANGE = 1.0


def analysed(entries: list[Entry]) -> list[Entry]:
    """The visitor's analysed games, oldest first, the latest MAX_GAMES at most."""
    kept = [entry for entry in entries if entry.counted and entry.accuracy is not None]
    return kept[-MAX_GAMES:]


def trend(values: list[float], span: int = TREND) -> list[float]:
    """Each value's mean with the span-1 before it (fewer at the start)."""
    out = []
    for index in range(len(values)):
        window = values[max(0, index - span + 1) : index + 1]
        out.append(sum(window) / len(window))
    return out


def _x(index: int, count: int) -> float:
    if count == 1:
        return LEFT + PLOT_W / 2
    return LEFT + PLOT_W * index / (count - 1)


def _svg_open(kind: str, label: str, count: int) -> str:
    return (
        f'<svg class="your-chart {kind}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg" '
        f'data-games="{count}">'
        f'<rect class="chart-frame" x="{LEFT}" y="{TOP}" width="{PLOT_W}" height="{PLOT_H}"/>'
    )


def _rule(y: float, label: str, kind: str = "chart-rule") -> str:
    return (
        f'<line class="{kind}" x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + PLOT_W}" y2="{y:.1f}"/>'
        f'<text class="chart-axis" x="{LEFT - 5}" y="{y + 4:.1f}" '
        f'text-anchor="end">{escape(label)}</text>'
    )


def _ends(count: int) -> str:
    """The horizontal axis's words: the oldest game shown, and the latest."""
    oldest = _n("{count} game ago", "{count} games ago", count)
    latest = _("latest")
    bottom = HEIGHT - 6
    return (
        f'<text class="chart-axis" x="{LEFT}" y="{bottom}">{escape(oldest)}</text>'
        f'<text class="chart-axis" x="{LEFT + PLOT_W}" y="{bottom}" '
        f'text-anchor="end">{escape(latest)}</text>'
    )


def _game_words(entry: Entry) -> str:
    game = _(results.GAME_NAMES[entry.game])
    when = shown_time(entry.at)[:10]
    return _("{game}, {date}", game=game, date=when) if when else game


def accuracy_chart(entries: list[Entry]) -> str:
    """The accuracy chart, or "" with fewer than two analysed games (no trend yet)."""
    games = analysed(entries)
    if len(games) < 2:
        return ""
    values = [max(0.0, min(100.0, float(entry.accuracy))) for entry in games]
    line = trend(values)
    count = len(games)
    label = _(
        "Your accuracy in your last {count} analysed games: from {low}% to {high}%; "
        "the mean of the latest {span}: {recent}%.",
        count=count, low=f"{min(values):.0f}", high=f"{max(values):.0f}",
        span=min(TREND, count), recent=f"{line[-1]:.0f}",
    )  # fmt: skip

    def y(value: float) -> float:
        return TOP + PLOT_H * (1 - value / 100)

    out = [_svg_open("accuracy-chart", label, count)]
    for value, words in ((0, "0%"), (50, "50%"), (100, "100%")):
        out.append(_rule(y(value), words))
    out.append(_ends(count - 1))
    points = " ".join(f"{_x(i, count):.1f},{y(v):.1f}" for i, v in enumerate(line))
    out.append(f'<polyline class="chart-trend" points="{points}"/>')
    for index, (entry, value) in enumerate(zip(games, values, strict=True)):
        tip = _("{game}: accuracy {accuracy}%", game=_game_words(entry),
                accuracy=f"{value:.0f}")  # fmt: skip
        result = entry.result or "none"
        out.append(f'<circle class="chart-dot {result}" cx="{_x(index, count):.1f}" '
                   f'cy="{y(value):.1f}" r="4"><title>{escape(tip)}</title></circle>')  # fmt: skip
    out.append("</svg>")
    return "".join(out)


def luck_chart(entries: list[Entry]) -> str:
    """The Senet luck chart, or "" with fewer than two analysed Senet games."""
    games = [entry for entry in analysed(entries) if entry.luck is not None]
    if len(games) < 2:
        return ""
    count = len(games)
    lucks = [float(entry.luck) for entry in games]
    luckier = sum(1 for luck in lucks if luck > 0)
    label = _n(
        "Your luck at Senet in your last {count} analysed game: luckier than average in "
        "{luckier}.",
        "Your luck at Senet in your last {count} analysed games: luckier than average in "
        "{luckier}.",
        count, luckier=luckier,
    )  # fmt: skip
    mid = TOP + PLOT_H / 2

    def y(luck: float) -> float:
        shown = max(-LUCK_RANGE, min(LUCK_RANGE, luck))
        return mid - PLOT_H / 2 * shown / LUCK_RANGE

    out = [_svg_open("luck-chart", label, count)]
    out.append(_rule(y(LUCK_RANGE), "+1"))  # in games: the caption's hint says so
    out.append(_rule(mid, "0", "chart-zero"))
    out.append(_rule(y(-LUCK_RANGE), "\u22121"))
    out.append(_ends(count - 1))
    step = PLOT_W / count
    width = max(2.0, min(14.0, step * 0.6))
    for index, (entry, luck) in enumerate(zip(games, lucks, strict=True)):
        centre = LEFT + step * (index + 0.5)
        top, bottom = sorted((y(luck), mid))
        kind = "lucky" if luck > 0 else "unlucky"
        shown = round(luck, 2)
        figure = "0.00" if shown == 0 else f"{shown:+.2f}".replace("-", "\u2212")
        tip = _("{game}: luck {share} of a game", game=_game_words(entry), share=figure)
        out.append(f'<rect class="chart-bar {kind}" x="{centre - width / 2:.1f}" '
                   f'y="{top:.1f}" width="{width:.1f}" height="{max(bottom - top, 1):.1f}">'
                   f"<title>{escape(tip)}</title></rect>")  # fmt: skip
    out.append("</svg>")
    return "".join(out)


def charts_html(entries: list[Entry]) -> str:
    """Both charts under their headings; "" when neither has a trend to show."""
    accuracy, luck = accuracy_chart(entries), luck_chart(entries)
    if not accuracy and not luck:
        return ""
    out = ['<div class="your-charts">']
    if accuracy:
        title = _("Accuracy, game by game")
        hint = _("Each dot is a game (filled: a win); the line, the mean of the last {count}.",
                 count=TREND)  # fmt: skip
        out.append(f'<figure><figcaption>{escape(title)} <span class="hint">{escape(hint)}'
                   f"</span></figcaption>{accuracy}</figure>")  # fmt: skip
    if luck:
        title = _("Luck at Senet, game by game")
        hint = _("Above the line, throws luckier than average; below, unluckier; the "
                 "scale runs to a whole game each way.")  # fmt: skip
        out.append(f'<figure><figcaption>{escape(title)} <span class="hint">{escape(hint)}'
                   f"</span></figcaption>{luck}</figure>")  # fmt: skip
    out.append("</div>")
    return "".join(out)
