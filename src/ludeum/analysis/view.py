"""The analysis on the page, as pure text and HTML: the summary panel, the marks of
the move list and the graph, and the verdict on a reviewed move.

The page (src/web/analysis.py) holds the steps the worker has sent so far and asks
here what to show; nothing here knows the DOM. Words are for a beginner: luck and
losses are said in games ("+0.21 of a game": a fifth of a win), the labels in
words with their chess marks (?!, ?, ??) beside them, never by colour alone.
"""

from __future__ import annotations

from html import escape

from ..i18n import _, _n
from . import labels
from .steps import Decision
from .summary import Analysis

#: Each label's words, for the panel and the verdict.
LABEL_WORDS = {
    labels.INACCURACY: lambda: _("Inaccuracy"),
    labels.MISTAKE: lambda: _("Mistake"),
    labels.BLUNDER: lambda: _("Blunder"),
}


def entry_marks(analysis: Analysis, ends: list[int]) -> dict[int, str]:
    """Each labelled move's move-list entry (1-based) and its label."""
    from .report import entry_of

    marks = {}
    for step in analysis.steps:
        called = analysis.label(step)
        if called is not None:
            marks[entry_of(ends, step.action)] = called
    return marks


def move_text(game: str, notation: str) -> str:
    """A move's notation as a person reads it: "24 → 26", "e4 → c4", "lane 3"."""
    if game == "SquadroState":
        return _("the piece in lane {lane}", lane=notation)
    if notation == "pass":
        return _("pass")
    if "-" in notation:
        start, end = notation.split("-", 1)
        end = _("off the board") if end == "off" else end
        return f"{start} \u2192 {end}"
    return notation


def games_of(points: float) -> str:
    """Points of winning chance as a share of a game, signed: "+0.21"."""
    share = round(points / 100, 2)
    if share == 0:
        return "0.00"
    return f"{share:+.2f}".replace("-", "\u2212")


def verdict(analysis: Analysis, step: Decision) -> str:
    """What a labelled move is called and what was better: "Mistake (?): it gave away
    7.1 points of winning chance. Better: 24 → 26." Empty for a move not labelled."""
    called = analysis.label(step)
    if called is None:
        return ""
    lost = f"{labels.points(analysis.game, step.loss):.1f}"
    better = move_text(analysis.game, step.best_move)
    name = f"{LABEL_WORDS[called]()} ({labels.MARKS[called]})"
    if analysis.is_chance:
        return _("{label}: it gave away {points} points of winning chance. Better: {move}.",
                 label=name, points=lost, move=better)  # fmt: skip
    return _("{label}: it gave away {points} points of the computer's evaluation. "
             "Better: {move}.", label=name, points=lost, move=better)  # fmt: skip


def luck_words(analysis: Analysis, seat: int, side: str, is_you: bool) -> str:
    """A beginner's sentence on a seat's throws (Senet): "Your throws were luckier
    than average: +0.21 of a game." """
    luck = labels.points(analysis.game, analysis.side(seat).luck)
    share = games_of(luck)
    if abs(luck) < 0.5:
        if is_you:
            return _("Your throws were as lucky as average.")
        return _("{side}'s throws were as lucky as average.", side=side)
    if luck > 0:
        if is_you:
            return _("Your throws were luckier than average: {share} of a game.", share=share)
        return _("{side}'s throws were luckier than average: {share} of a game.",
                 side=side, share=share)  # fmt: skip
    if is_you:
        return _("Your throws were less lucky than average: {share} of a game.", share=share)
    return _("{side}'s throws were less lucky than average: {share} of a game.",
             side=side, share=share)  # fmt: skip


def summary_html(
    analysis: Analysis, sides: tuple[str, str], you: int | None, total: int
) -> str:  # fmt: skip
    """The panel: progress while the worker weighs, then per side accuracy, the
    labelled moves and (Senet) luck, with a sentence on your throws and moves."""
    done = len(analysis.steps)
    title = escape(_("Analysis"))
    out = [f'<h3 class="analysis-title">{title}</h3>']
    if done < total:
        said = escape(_("Weighing the moves: {done} of {total} actions.", done=done, total=total))
        out.append(f'<p class="analysis-progress" role="status">{said}</p>')
    side_data = [analysis.side(seat) for seat in (0, 1)]
    head = "".join(f'<th scope="col">{escape(side)}</th>' for side in sides)
    rows = []

    def row(name: str, cells: list[str], kind: str = "") -> None:
        extra = f' class="{kind}"' if kind else ""
        tds = "".join(f"<td>{escape(cell)}</td>" for cell in cells)
        rows.append(f'<tr{extra}><th scope="row">{escape(name)}</th>{tds}</tr>')

    accuracy = ["\u2014" if s.accuracy is None else f"{s.accuracy:.0f}%" for s in side_data]
    row(_("Accuracy"), accuracy)
    for index, name in enumerate(labels.LABELS):
        mark = labels.MARKS[name]
        row(f"{LABEL_WORDS[name]()} ({mark})", [str(s.counts[index]) for s in side_data],
            "analysis-minor" if name == labels.INACCURACY else "")  # fmt: skip
    if analysis.is_chance:
        row(_("Luck (of a game)"),
            [games_of(labels.points(analysis.game, s.luck)) for s in side_data])  # fmt: skip
    out.append(f'<table class="analysis-table"><thead><tr><td></td>{head}</tr></thead>'
               f'<tbody>{"".join(rows)}</tbody></table>')  # fmt: skip
    if done >= total and done:
        words = []
        if analysis.is_chance:
            for seat in (0, 1):
                if you is None or seat == you:
                    words.append(luck_words(analysis, seat, sides[seat], seat == you))
        for seat in (0, 1):
            if you is not None and seat != you:
                continue
            side = side_data[seat]
            count = side.counts[1] + side.counts[2]
            if seat == you:
                said = _n("You made {count} mistake or blunder.",
                                "You made {count} mistakes or blunders.", count)  # fmt: skip
                if not count:
                    said = _("You made no mistake or blunder.")
            else:
                said = _n("{side} made {count} mistake or blunder.",
                                "{side} made {count} mistakes or blunders.", count,
                                side=sides[seat])  # fmt: skip
            words.append(said)
        if any(analysis.label(step) for step in analysis.steps):
            words.append(_("Marked moves (?!, ?, ??) show the better move when you review them."))
        out.append("".join(f'<p class="analysis-words">{escape(w)}</p>' for w in words))
        if analysis.is_chance:
            out.append(split_html(analysis, sides))
    return "".join(out)


def result_line(
    analysis: Analysis | None, sides: tuple[str, str], you: int | None, total: int
) -> str:  # fmt: skip
    """The analysis in one or two sentences, for the result banner (the kiosk's only
    view of it, and everyone's first): progress while the worker weighs, then the
    accuracies and, in Senet, the luck of your throws. "" before any step is in."""
    if analysis is None or not analysis.steps:
        return ""
    done = len(analysis.steps)
    if done < total:
        return _("Analysing the game: {percent}%", percent=round(100 * done / max(total, 1)))

    def shown(seat: int) -> str:
        accuracy = analysis.side(seat).accuracy
        return "\u2014" if accuracy is None else f"{accuracy:.0f}%"

    if you is None:
        said = _("Accuracy: {first} {a}, {second} {b}.", first=sides[0], a=shown(0),
                 second=sides[1], b=shown(1))  # fmt: skip
        if analysis.is_chance:
            said += " " + luck_words(analysis, 0, sides[0], False)
            said += " " + luck_words(analysis, 1, sides[1], False)
        return said
    other = 1 - you
    said = _("Your accuracy: {yours}; {side}: {theirs}.", yours=shown(you),
             side=sides[other], theirs=shown(other))  # fmt: skip
    if analysis.is_chance:
        said += " " + luck_words(analysis, you, sides[you], True)
    return said


def _signed_result(value: float) -> str:
    return f"{value:.2f}".replace("-", "\u2212")


def split_html(analysis: Analysis, sides: tuple[str, str]) -> str:
    """Senet's result split into luck and skill, folded away under its summary: the
    first side's winning chance at the start, each side's luck and losses, what the
    search did not see, the end; then each side's error rate and luck-adjusted
    result (``summary``)."""
    split = analysis.split()
    if split is None:
        return ""
    from .report import signed_points

    rows = [
        (_("At the start"), f"{split.start * 100:.1f}"),
        (_("{side}'s throws", side=sides[0]), signed_points(split.luck[0] * 100)),
        (_("{side}'s throws", side=sides[1]), signed_points(-split.luck[1] * 100)),
        (_("{side}'s decisions", side=sides[0]), signed_points(-split.loss[0] * 100)),
        (_("{side}'s decisions", side=sides[1]), signed_points(split.loss[1] * 100)),
        (_("What the search did not see"), signed_points(split.residue * 100)),
        (_("At the end"), f"{split.end * 100:.1f}"),
    ]
    body = "".join(f'<tr><th scope="row">{escape(name)}</th><td>{escape(value)}</td></tr>'
                   for name, value in rows)  # fmt: skip
    per_side = []
    for seat in (0, 1):
        side = analysis.side(seat)
        rate = side.error_rate(analysis.game)
        if rate is not None:
            per_side.append(_("{side}: {rate} points lost a decision.", side=sides[seat],
                              rate=f"{rate:.1f}"))  # fmt: skip
        adjusted = analysis.adjusted(seat)
        if adjusted is not None:
            per_side.append(_("{side}'s luck-adjusted result: {score} (1 is a win, 0 a loss).",
                              side=sides[seat], score=_signed_result(adjusted)))  # fmt: skip
    said = "".join(f"<p>{escape(line)}</p>" for line in per_side)
    title = escape(_("The result split into luck and skill"))
    caption = escape(_("How {side}'s winning chance moved, in points", side=sides[0]))
    note = escape(_("The computer's search looks two plies ahead; what it could not see "
                    "has a line of its own, so that the lines add up to the result."))  # fmt: skip
    return (f'<details class="analysis-split"><summary>{title}</summary>'
            f'<table class="analysis-table"><caption>{caption}</caption><tbody>{body}'
            f'</tbody></table>{said}<p class="hint">{note}</p></details>')  # fmt: skip
