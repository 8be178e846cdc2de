"""Senet played on a few moves by the learned evaluation's favourite moves, on bitboards
(a yardstick for ``senet_rollouts.py``; not shipped).

A rollout goes on from a position after a move: it throws, lets the side to move
take the move the learned evaluation (``senet_score``) likes best for it, and so on
for a number of moves or to the end, then returns the evaluation's value of where it
stopped (or the real result). Averaged over many throws, that value sees further
than a search of the same cost: backgammon programs' rollouts were what first showed
their own evaluations' mistakes.

It moves with the reading's own generator and board update, as ``senet_frontier``
does, and follows ``SenetState``'s turn rules: the extra throw, the lost throw (the
turn passes, or not where the ruleset gives the throw again), the win by the last
piece off, the starting lock, Kendall's awaited 1 and his piece back from the water
that must move next. A test requires the same moves and the same end as playing the
same throws through the states. It stops early where the throw limit is near (the
states know how the limit ends a game) and scores the position as it stands.

Throws come from the source as ``throw_sticks`` draws them: four random bits.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from ludeum.ai import senet_eval  # noqa: E402
from ludeum.senet import kendall, tait  # noqa: E402
from ludeum.senet.moves import WATER_BIT, move_pieces, tables  # noqa: E402
from ludeum.senet.state import BLACK, PASS, WHITE  # noqa: E402
from ludeum.senet.track import OFF  # noqa: E402


class Rollout:
    """``rollout(state, seat, moves, source)``: the value for ``seat`` (in [-1, 1])
    after playing on from ``state`` for ``moves`` moves."""

    def __init__(self, rules) -> None:
        self.rules = rules
        self.scorer = senet_eval.scorer(rules)
        t = tables(rules)
        self.generators, self.extra, self.value_of_bits = t.generators, t.extra, t.value_of_bits
        self.extra_values = rules.extra_throw_values
        self.forfeit_again = rules.extra_throw_after_forfeit
        self.pieces = rules.pieces
        self.limit = rules.throw_limit
        self.lock = rules.starting_lock != "off"

    def __call__(self, state, seat: int, moves: int, source) -> float:
        if state.winner is not None:
            winner = state.outcome().winner
            return 0.0 if winner is None else 1.0 if winner == seat else -1.0
        if state.black_seat is None or state.throw is not None:
            raise ValueError("a rollout starts after a move, once the colours are decided")
        side, to_throw = self.scorer.side, self.scorer.to_throw
        getrandbits = source.getrandbits
        value_of_bits = self.value_of_bits
        mover = state.seat
        colour = BLACK if mover == state.black_seat else WHITE
        mine, opp = (state.black, state.white) if colour == BLACK else (state.white, state.black)
        off_mine, off_opp = state.borne_off[colour], state.borne_off[3 - colour]
        waiting, forced, unmoved = state.waiting, state.forced, state.unmoved
        throws = state.throws
        limit = self.limit - 1 if self.limit else 1 << 62
        played = 0
        while played < moves and throws < limit:
            throws += 1
            value = value_of_bits[getrandbits(4)]
            bit = 1 << colour
            if waiting & bit and value == 1:
                waiting &= ~bit  # Kendall's Starting Throw: the awaited 1
            results = () if waiting & bit else self._moves(
                colour, mine, opp, off_mine, value, forced, unmoved
            )  # fmt: skip
            if not results:  # the throw is lost
                if forced and forced[0] == colour:
                    forced = ()
                if not (self.forfeit_again and value in self.extra_values):
                    mover, colour = 1 - mover, 3 - colour
                    mine, opp, off_mine, off_opp = opp, mine, off_opp, off_mine
                continue
            played += 1
            wait_mine, wait_opp = bool(waiting & bit), bool(waiting & (1 << (3 - colour)))
            best = chosen = None
            for result in results:
                new_mine, new_opp, new_off, extra, _forced, _low = result
                if new_off == self.pieces:  # the last piece off: the mover has won
                    return 1.0 if mover == seat else -1.0
                if len(results) == 1:
                    chosen = result
                    break
                z = side(new_mine, new_opp, new_off, wait_mine) - side(
                    new_opp, new_mine, off_opp, wait_opp
                )
                z = z + to_throw if extra else z - to_throw  # for the mover
                if best is None or z > best:
                    best, chosen = z, result
            mine, opp, off_mine, extra, forced_square, moved = chosen
            if forced and forced[0] == colour:
                forced = ()
            if forced_square:
                forced = (colour, forced_square)
            if self.lock:
                unmoved &= ~moved
            if not extra:
                mover, colour = 1 - mover, 3 - colour
                mine, opp, off_mine, off_opp = opp, mine, off_opp, off_mine
        z = side(mine, opp, off_mine, bool(waiting & (1 << colour))) - side(
            opp, mine, off_opp, bool(waiting & (1 << (3 - colour)))
        )
        z += to_throw  # the mover throws next
        return senet_eval.value_of(z if mover == 0 else -z, seat)

    def _moves(self, colour, mine, opp, off_mine, value, forced, unmoved) -> list[tuple]:
        """Every move's result: (the mover's pieces, the other side's, the mover's
        pieces borne off, whether it throws again, a square its piece back from the
        water must leave next (0: none), the bits the move touched)."""
        results = []
        if self.rules.family == "jequier":
            forward, off, back = self.generators[value](mine, opp, unmoved)
            extra = self.extra[value]
            # In the states' order (``state.legal_moves``): forward moves and bearing
            # off by square, then backward moves, so that ties go the same way.
            ahead = forward | off
            for sources, step in ((ahead, value), (back, -value)):
                while sources:
                    low = sources & -sources
                    sources ^= low
                    if low & off:
                        results.append((mine ^ low, opp, off_mine + 1, extra, 0, low))
                        continue
                    land = low << value if step > 0 else low >> value
                    if land & opp or land == WATER_BIT:
                        new_mine, new_opp, _ = move_pieces(
                            self.rules, mine, opp, low.bit_length(), land.bit_length()
                        )
                        results.append((new_mine, new_opp, off_mine, extra, 0, low | land))
                    else:
                        results.append((mine ^ (low | land), opp, off_mine, extra, 0, low | land))
            return results
        if self.rules.family == "kendall":
            square = forced[1] if forced and forced[0] == colour else 0
            moves = kendall.moves(self.rules, mine, opp, value, square, PASS)
            play = kendall.play
        else:
            on_plinth = self.pieces - mine.bit_count() - off_mine
            moves = tait.moves(self.rules, mine, opp, value, on_plinth)
            play = tait.play
        for src, dst in moves:
            new_mine, new_opp, _effects, extra, forced_square = play(
                self.rules, mine, opp, src, dst, value
            )
            results.append((new_mine, new_opp, off_mine + (dst == OFF), extra,
                            forced_square or 0, 0))  # fmt: skip
        return results


@lru_cache(maxsize=64)
def rollout(rules) -> Rollout:
    """The rollout of a ruleset, built once."""
    return Rollout(rules)
