"""What the learned Senet evaluation looks at: a position as a short list of numbers.

Each side is described by the same features; a position is the first seat's list
minus the second seat's, plus one number for who throws next. A linear model over
that difference (``senet_eval``) is then symmetric by construction: swapping the
seats turns a winning chance p into 1 - p.

A side's features (``SIDE_FEATURES`` names them):

* ``square 1`` .. ``square 30``: a piece on that square (1) or not (0). With one
  weight per square the model learns what each square is worth in a reading: the
  race, the squares worth reaching (26, the safe squares) and the ones to leave.
* ``borne off``, ``plinth``: pieces off the board at either end.
* ``exposed to 1`` .. ``exposed to 6``: pieces that could be bumped (alone, off the
  safe squares, not protected by a neighbour where pairs protect) with an enemy piece
  that many squares behind, one count per attacker; Tait's plinth attacks squares 4
  and 6, where pieces enter.
* ``risk``: the same exposure as backgammon players count it: the chance of the
  throw that reaches the piece times what a bump would cost (twice the distance
  where pieces swap, the piece's square where it goes back to the plinth or to the
  first empty square), summed over the pieces (each counted once, for its worst
  attacker), over 31.
* ``paired``: pieces beside one of their own (a pair protects both in Jéquier's and
  Kendall's readings).
* ``blockade``: starts of three pieces in a row (they bar the enemy from passing
  with a 4 or more in Jéquier's readings).
* ``clear``: pieces ahead of every enemy piece, out of the fight for good.
* ``trailing``: pieces behind every enemy piece, the ones most likely to be held up.
* ``home``: 1 when every piece left is on the last row (Jéquier: bearing off may begin).
* ``waiting``: Kendall's Starting Throw option, 1 while the side waits for its 1.

All features are cheap: a handful of loops over five to seven pieces. The order of
the list is the order of the weights in ``senet_weights``.
"""

from __future__ import annotations

from operator import sub

from ..senet.moves import BIT, bits
from ..senet.state import BLACK, WHITE
from ..senet.track import WATER

SQUARE_FEATURES = tuple(f"square {s}" for s in range(1, 31))
SIDE_FEATURES = (
    *SQUARE_FEATURES,
    "borne off",
    "plinth",
    *(f"exposed to {d}" for d in range(1, 7)),
    "risk",
    "paired",
    "blockade",
    "clear",
    "trailing",
    "home",
    "waiting",
)
#: Every feature of a position: the sides' differences, then whose throw is next.
FEATURES = (*SIDE_FEATURES, "to throw")
SIDE = len(SIDE_FEATURES)
BORNE_OFF, PLINTH_COUNT, EXPOSED, RISK = 30, 31, 32, 38
PAIRED, BLOCKADE, CLEAR, TRAILING, HOME, WAITING = 39, 40, 41, 42, 43, 44
FIRST_TWO_ROWS = sum(BIT[s] for s in range(1, 21))

#: The chance of each number of light sides, the same for every reading.
LIGHT_ODDS = (1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16)


def throw_odds(rules) -> tuple[float, ...]:
    """The chance of each throw value 0-6 under a ruleset."""
    odds = [0.0] * 7
    for light, chance in enumerate(LIGHT_ODDS):
        odds[rules.throw_value(light)] += chance
    return tuple(odds)


class Describer:
    """The feature function of one ruleset, with its settings read once."""

    def __init__(self, rules) -> None:
        self.rules = rules
        self.odds = throw_odds(rules)
        self.safe = sum(BIT[s] for s in rules.safe_squares)
        self.family = rules.family
        self.pairs_protect = rules.family != "tait"
        self.to_plinth = rules.family == "tait"
        # What a bump costs: the way back to the plinth (Tait) or, roughly, to the
        # first empty square (Ludii), both about the piece's square; else a swap,
        # twice the distance.
        self.costs_square = self.to_plinth or rules.bump_to_first_empty
        self.pieces = rules.pieces

    def side(self, mine: int, opp: int, off: int, waiting: bool) -> list[float]:
        """One side's features against the enemy pieces ``opp``."""
        f = [0.0] * SIDE
        squares = bits(mine)
        enemies = bits(opp)
        plinth = self.pieces - len(squares) - off
        f[BORNE_OFF] = off
        f[PLINTH_COUNT] = plinth
        enemy_plinth = self.pieces - len(enemies)  # an upper bound, used by Tait only
        odds = self.odds
        rear_enemy = enemies[0] if enemies else 31
        front_enemy = enemies[-1] if enemies else 0
        risk = 0.0
        for s in squares:
            f[s - 1] = 1.0
            bit = BIT[s]
            beside = mine & (BIT[s - 1] | (BIT[s + 1] if s < 30 else 0))
            if beside:
                f[PAIRED] += 1
            if s > front_enemy:
                f[CLEAR] += 1
            elif s < rear_enemy:
                f[TRAILING] += 1
            if bit & self.safe or (beside and self.pairs_protect) or s == WATER:
                continue
            worst = 0.0
            for e in enemies:
                d = s - e
                if 0 < d <= 6:
                    f[EXPOSED + d - 1] += 1
                    loss = (s if self.costs_square else 2 * d) * odds[d]
                    if loss > worst:
                        worst = loss
            if self.to_plinth and enemy_plinth and s in (4, 6):
                f[EXPOSED + s - 1] += 1
                worst = max(worst, s * odds[s])
            risk += worst
        f[RISK] = risk / 31
        runs = mine & (mine >> 1) & (mine >> 2)
        f[BLOCKADE] = runs.bit_count()
        f[HOME] = 1.0 if squares and not mine & FIRST_TWO_ROWS and not plinth else 0.0
        f[WAITING] = 1.0 if waiting else 0.0
        return f

    def describe(self, state) -> list[float] | None:
        """The position's features from the first seat's side; None before the
        opening has decided the colours (there is nothing to tell the seats apart)."""
        if state.black_seat is None:
            return None
        first = BLACK if state.black_seat == 0 else WHITE
        second = WHITE if first == BLACK else BLACK
        masks = {WHITE: state.white, BLACK: state.black}
        waiting = state.waiting
        a = self.side(masks[first], masks[second], state.borne_off[first],
                      bool(waiting & (1 << first)))  # fmt: skip
        b = self.side(masks[second], masks[first], state.borne_off[second],
                      bool(waiting & (1 << second)))  # fmt: skip
        x = list(map(sub, a, b))
        x.append(1.0 if state.seat == 0 else -1.0)
        return x
