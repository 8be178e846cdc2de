"""What a loss is called, per game, and a decision's accuracy.

A decision's loss (``steps.Decision.loss``) is in worth, the review graph's scale
from 0 to 1. It is shown in **points**: Senet's are points of winning chance (100
points from a certain loss to a certain win, as the graph's 0-100%); Squadro's and
Lodestone's are points of the search's evaluation, 200 from a proven loss to a
proven win, as the graph's -100 to +100 (``POINTS``).

Each game calls a loss an inaccuracy, a mistake or a blunder from its own
thresholds (``THRESHOLDS``, in points), chosen from the losses measured by
``benchmarks/analysis_losses.py`` over seeded games between the computer's levels
and a player who moves at random (figures in docs/analysis.md):

* Senet: a throw's luck is small beside chess's swings (half of all throws move the
  winning chance by less than 1.4 points, nine in ten by less than 4), and so is
  what a move can lose. A loss of 3 points is an inaccuracy: more than three throws
  in four change the game by. 6 points is a mistake: as much as one throw in twenty,
  and more than all but 5% of Medium's moves lose. 12 points is a blunder: more
  than any but the rarest throws (one in a hundred) and Medium's worst 1%.
* Squadro: a piece's step in the race is worth about 3 points. 6 points (two steps)
  is an inaccuracy, more than Medium's moves lose 19 times in 20; 12 is a mistake,
  beyond Medium's worst 1%; 30 is a blunder, which only the random player's worst
  2% of moves reach (a jump missed, a piece left to be sent back, a win let go).
* Lodestone: a pawn is worth about 15 points (1/13 of the evaluation's range of
  material, counted twice). 6 points, as much as a few squares of mobility, is an
  inaccuracy; 12, close to a pawn, a mistake; 30, two pawns or a king left
  in danger, a blunder.

Accuracy, in the spirit of lichess's: a decision's accuracy is 100 when it loses
nothing and halves with every ``HALF`` points lost (the game's mistake threshold:
a mistake scores 50, an inaccuracy about 70, a blunder at most 25); a player's
accuracy is the mean over their rated decisions (``steps``: a forced move, or a
choice where every move is worth the same, is not rated). It rewards many good
decisions and forgives no blunder: one blunder among ten perfect moves gives 93.
"""

from __future__ import annotations

INACCURACY, MISTAKE, BLUNDER = "inaccuracy", "mistake", "blunder"
LABELS = (INACCURACY, MISTAKE, BLUNDER)
#: How each label is marked in a move list, as chess annotators do.
MARKS = {INACCURACY: "?!", MISTAKE: "?", BLUNDER: "??"}

#: Points per unit of worth: Senet's chance in percent, the others' evaluation x100.
POINTS = {"SenetState": 100, "SquadroState": 200, "LodestoneState": 200}
#: (inaccuracy, mistake, blunder): the least loss, in points, that each is.
THRESHOLDS = {
    "SenetState": (3.0, 6.0, 12.0),
    "SquadroState": (7.0, 14.0, 30.0),
    "LodestoneState": (5.0, 10.0, 20.0),
}


def points(game: str, worth: float) -> float:
    """A difference of worth in the game's points."""
    return worth * POINTS[game]


def label(game: str, loss: float) -> str | None:
    """What a decision that lost ``loss`` (in worth) is called; None for a good one."""
    lost = points(game, loss)
    called = None
    for name, least in zip(LABELS, THRESHOLDS[game], strict=True):
        if lost >= least - 1e-9:
            called = name
    return called


def half(game: str) -> float:
    """The points lost that halve a decision's accuracy: the mistake threshold."""
    return THRESHOLDS[game][1]


def accuracy(game: str, loss: float) -> float:
    """A decision's accuracy, 0-100 (100: nothing lost)."""
    return 100.0 * 2.0 ** (-points(game, loss) / half(game))
