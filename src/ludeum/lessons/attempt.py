"""A lesson step's board as one value, and one transition per thing that can happen
on it: a tap (a piece chosen, a move judged, or why the rules refuse it), Try again,
the throw of a throw step, a hint's piece chosen.

The lesson screen (src/web/lessons.py) keeps one ``Attempt`` and shows it; what a
transition returns says what the page must say. Nothing here touches the page, and a
step's verdict is ``ludeum.lessons.judge``'s (tests/unit/test_lesson_attempt.py).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from ..games import ui_for
from . import Lesson, Step, Verdict, judge, start_position
from .refusals import refusal

#: ``to_act()`` of a position that waits for a throw.
CHANCE = -1


@dataclass(frozen=True)
class Attempt:
    """The lesson's board: the position on it (None: a step without a board), the
    step's own position (``start``: Try again goes back to it), the piece chosen,
    and whether the step is passed or shows a wrong move, waiting for Try again."""

    state: Any
    start: Any = None
    selected: str | None = None
    passed: bool = False
    wrong: bool = False

    def open(self) -> bool:
        """The board takes a move: neither passed nor showing a wrong one."""
        return self.state is not None and not self.passed and not self.wrong

    def playable(self, step: Step) -> bool:
        """The board offers moves (its pieces that can move ringed and named so): a
        move step's board that takes one. While a verdict shows, and on a throw step,
        no piece is offered: none would answer a tap (issue 37)."""
        return step.kind == "move" and self.open()

    @property
    def verdict(self) -> str | None:
        """The verdict on show: ``"right"`` (the step passed), ``"wrong"`` (a move shown
        as wrong, until Try again), None (the step still asks). The page gives each its
        mark, words and sound (``VERDICT_SOUNDS``)."""
        if self.passed:
            return "right"
        return "wrong" if self.wrong else None


#: The sound of each verdict (``ludeum.sounds.RECIPES``): a bright rising pair of notes
#: for a right answer, a soft falling one for a wrong answer, never a game's loss.
VERDICT_SOUNDS = {"right": "right", "wrong": "wrong"}


def begin(item: Lesson, step: Step) -> Attempt:
    """The step's board as it opens."""
    state = start_position(item, step) if step.position else None
    return Attempt(state, start=state)


def tap(
    attempt: Attempt, step: Step, name: str, one_tap: bool = False
) -> tuple[Attempt, Verdict | None, str | None]:
    """A tap on the board element ``name``: (the next attempt, the verdict if a move
    was played, the words that say why not if the rules refuse it). ``one_tap``: a
    pointer's tap on a piece with a single move plays it."""
    if not attempt.open() or step.kind != "move":
        return attempt, None, None
    state = attempt.state
    if state.to_act() == CHANCE:  # Senet: the throw comes first
        return attempt, None, None
    ui = ui_for(state)
    selected, action = ui.tap(state, attempt.selected, name)
    if action is None and one_tap and selected == name:
        moves = ui.piece_actions(state, name)
        if len(moves) == 1:
            selected, action = None, moves[0]
    if action is not None:
        return played(attempt, step, action)
    if selected is not None:
        return replace(attempt, selected=selected), None, None
    # The chosen piece tapped again only drops the choice.
    found = None if attempt.selected == name else refusal(state, attempt.selected, name)
    return replace(attempt, selected=None), None, (found.text if found else None)


def played(attempt: Attempt, step: Step, action: Any) -> tuple[Attempt, Verdict, None]:
    """A legal move judged: the step passed, or the move shown as wrong."""
    verdict = judge(step, attempt.state, action)
    after = replace(attempt, state=verdict.after, selected=None)
    return replace(after, passed=verdict.passed, wrong=not verdict.passed), verdict, None


def retry(attempt: Attempt) -> Attempt:
    """Try again: the step's own position, the wrong move undone."""
    return replace(attempt, state=attempt.start, selected=None, wrong=False)


def throw(attempt: Attempt, source: random.Random) -> tuple[Attempt, Any]:
    """A throw step's throw (Senet): any throw passes. (attempt, None) when the board
    does not wait for a throw."""
    state = attempt.state
    if state is None or attempt.passed or state.to_act() != CHANCE:
        return attempt, None
    thrown = ui_for(state).throw(state, source)
    return replace(attempt, state=state.apply(thrown), passed=True), thrown


def choose(attempt: Attempt, name: str | None) -> Attempt:
    """The piece chosen (a hint's), or none (Escape)."""
    return replace(attempt, selected=name)
