"""A weighed game summed up: per seat, and the result split into skill and luck.

``Analysis`` gathers a record's steps (``steps.Analyser``) with what they add up to:

* per seat (``Side``): how many decisions were rated, the losses' sum and mean (the
  error rate, in points per rated decision), how many were called an inaccuracy, a
  mistake or a blunder (``labels``), the accuracy, and in Senet the luck: the sum
  of the luck of the seat's own throws;
* the **split** (``Split``), from the first seat's side: the worth at the start,
  plus the first seat's luck, less the second seat's, less the first seat's
  losses, plus the second seat's, plus the residue (``steps``: what the
  depth-limited search did not see, position by position) is the worth at the end,
  exactly: for a finished game, 1, 0 or a half. ``Split.check`` computes it again.

The **luck-adjusted result** (Senet, a finished game), as backgammon players use
it: each seat's result (1 won, 0 lost, a half for a draw) less its net luck (its
own luck less the other's): what the result would have been with equal throws.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import labels
from .steps import Analyser, Decision, Step, Thrown


@dataclass(frozen=True)
class Side:
    """One seat's figures."""

    seat: int
    rated: int  # decisions with a real choice
    forced: int  # decisions without one (a single move, or all worth the same)
    loss: float  # the sum of the rated decisions' losses, in worth
    counts: tuple[int, int, int]  # inaccuracies, mistakes, blunders
    accuracy: float | None  # 0-100; None without a rated decision
    throws: int  # Senet: the seat's throws (0 in the other games)
    luck: float  # Senet: the sum of its throws' luck, in worth, its own side

    def error_rate(self, game: str) -> float | None:
        """The mean loss per rated decision, in points."""
        return labels.points(game, self.loss / self.rated) if self.rated else None


@dataclass(frozen=True)
class Split:
    """The result, from the first seat's side, as start + luck - losses + residue."""

    start: float
    luck: tuple[float, float]  # each seat's luck, its own side
    loss: tuple[float, float]  # each seat's losses
    residue: float
    end: float

    def check(self) -> float:
        """How far start + luck - losses + residue is from the end (zero, to
        rounding: the identity holds by construction; a test checks it)."""
        total = self.start + self.luck[0] - self.luck[1] - self.loss[0] + self.loss[1]
        return total + self.residue - self.end


@dataclass(frozen=True)
class Analysis:
    game: str  # the state's type name: "SenetState", "SquadroState", "LodestoneState"
    depth: int
    steps: tuple[Step, ...]
    finished: bool  # the record ends with the game over
    result: float | None  # the first seat's result when finished: 1, 0 or a half

    @property
    def is_chance(self) -> bool:
        return self.game == "SenetState"

    def label(self, step: Step) -> str | None:
        if not isinstance(step, Decision) or not step.rated:
            return None
        return labels.label(self.game, step.loss)

    def side(self, seat: int) -> Side:
        rated = forced = throws = 0
        loss = luck = 0.0
        counts = [0, 0, 0]
        scores = []
        for step in self.steps:
            if step.seat != seat:
                continue
            if isinstance(step, Thrown):
                throws += 1
                luck += step.luck
            elif not step.rated:
                forced += 1
            else:
                rated += 1
                loss += step.loss
                scores.append(labels.accuracy(self.game, step.loss))
                called = labels.label(self.game, step.loss)
                if called is not None:
                    counts[labels.LABELS.index(called)] += 1
        accuracy = sum(scores) / len(scores) if scores else None
        return Side(seat, rated, forced, loss, tuple(counts), accuracy, throws, luck)

    def split(self) -> Split | None:
        """The result split (``Split``); None for a record with no step."""
        if not self.steps:
            return None
        residue = sum(b.before - a.after for a, b in zip(self.steps, self.steps[1:], strict=False))
        sides = self.side(0), self.side(1)
        # Forced decisions lose nothing (their only move is the best, or all are
        # worth the same), so the rated losses are all the losses.
        return Split(
            start=self.steps[0].before,
            luck=(sides[0].luck, sides[1].luck),
            loss=(sides[0].loss, sides[1].loss),
            residue=residue,
            end=self.steps[-1].after,
        )

    def adjusted(self, seat: int) -> float | None:
        """The luck-adjusted result of ``seat`` (Senet, a finished game), else None."""
        if not self.is_chance or self.result is None:
            return None
        mine, theirs = self.side(seat).luck, self.side(1 - seat).luck
        result = self.result if seat == 0 else 1 - self.result
        return result - (mine - theirs)


def analyse(final: Any, depth: int | None = None) -> Analysis:
    """The whole analysis of ``final``'s record."""
    analyser = Analyser(final, depth)
    analyser.run()
    return of(analyser)


def of(analyser: Analyser) -> Analysis:
    """The analysis of what ``analyser`` has weighed so far."""
    from .weigh import finished

    done = analyser.complete and analyser.final.outcome() is not None
    return Analysis(
        game=analyser.weigher.game,
        depth=analyser.weigher.depth,
        steps=tuple(analyser.steps),
        finished=done,
        result=finished(analyser.final) if done else None,
    )
