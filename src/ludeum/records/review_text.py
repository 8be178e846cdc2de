"""The words of review: the banner over the board and the graph's readout.

Pure functions of a review stop (``ludeum.records.review``: 0 is the start, stop k the
position after move-list entry k), shown by the page as they are (``src/web/review.py``)
and read by screen readers: the banner names the move on the board, the readout names
the move the graph's cursor is on (the slider's value text), with its move-list line,
its value and, where it is one, the turning point.

A value is in [0, 1] for seat 0 (``review.value``). Senet's is a winning chance, shown
as a percentage; Squadro's and Lodestone's an evaluation, shown from -100 to +100 (0
is level), never as a percentage, so that nobody reads it as a probability. Text goes
through ``_``; sentences are whole messages with named fields (docs/translating.md).
"""

from __future__ import annotations

from ..i18n import _
from .review import TurningPoint


def banner_text(stop: int, total: int) -> str:
    """What the bar over the board says: which move the board shows, of how many."""
    if stop <= 0:
        return _("Viewing the start of the game ({total} moves)", total=total)
    return _("Viewing move {number} of {total}", number=stop, total=total)


def where_text(stop: int, total: int) -> str:
    """The stop alone, as the readout and the announcements begin."""
    if stop <= 0:
        return _("Start of the game")
    return _("Move {number} of {total}", number=stop, total=total)


def evaluation_score(value: float) -> int:
    """A [0, 1] evaluation as the signed score shown, -100 to +100 (0 is level)."""
    return round(200 * value - 100)


def signed(score: int) -> str:
    # U+2212 MINUS SIGN, as typesetting wants and screen readers say "minus".
    return f"+{score}" if score > 0 else (f"\u2212{-score}" if score < 0 else "0")


def value_text(value: float | None, side: str, is_chance: bool) -> str:
    """A value in words, for ``side`` (seat 0)."""
    if value is None:
        return _("Not computed yet")
    if is_chance:
        return _("{side}'s winning chance: {percent}%", side=side, percent=round(100 * value))
    return _("{side}'s evaluation: {score}", side=side, score=signed(evaluation_score(value)))


def turn_text(point: TurningPoint, mover: str, is_chance: bool) -> str:
    """A turning point in words: who lost, or gained, how much."""
    if is_chance:
        points = round(100 * abs(point.drop))
        if point.drop < 0:
            return _("Turning point: {side}'s chance rose by {points} points",
                     side=mover, points=points)  # fmt: skip
        return _("Turning point: {side}'s chance fell by {points} points",
                 side=mover, points=points)  # fmt: skip
    points = round(200 * abs(point.drop))
    if point.drop < 0:
        return _("Turning point: {side}'s evaluation rose by {points}",
                 side=mover, points=points)  # fmt: skip
    return _("Turning point: {side}'s evaluation fell by {points}",
             side=mover, points=points)  # fmt: skip


def course_text(series: list[float | None], sides: tuple[str, str]) -> str:
    """What a curve without turning points shows: while values are missing, that
    none is found yet; once it is whole, how the game went (``review.course``)."""
    from .review import AHEAD, LEVEL, course

    went = course(series)
    if went is None:
        return _("No turning points found yet.")
    kind, seat = went
    if kind == LEVEL:
        return _("No turning point: the game stayed even throughout.")
    if kind == AHEAD and seat in (0, 1) and sides[seat]:
        return _("No turning point: {side} was never behind, and no single move swung "
                 "the game.", side=sides[seat])  # fmt: skip
    return _("No turning point: the lead changed hands a little at a time, never on a "
             "single move.")  # fmt: skip


def readout(
    stop: int, total: int, entry: str, value: float | None, side: str, is_chance: bool,
    point: TurningPoint | None = None, mover: str = "",
) -> str:  # fmt: skip
    """The graph's readout at ``stop``: where, the move-list line ``entry`` that led
    there (empty at the start), the value, and the turning point if it is one (made
    by ``mover``). Sentences joined by full stops: it is also the slider's value."""
    parts = [where_text(stop, total), entry.strip().rstrip(".")]
    parts.append(value_text(value, side, is_chance))
    if point is not None:
        parts.append(turn_text(point, mover, is_chance))
    return ". ".join(part for part in parts if part) + "."
