"""The last throw and move of Senet's Hard search, on bitboards.

Most of an expectiminimax tree is its last two layers: every throw of the last
chance node, then every move with that throw, each scored by the learned
evaluation. Building a ``SenetState`` for each of them was most of the search's
time. ``Frontier`` computes the same value from the bitboards alone: for each throw
value, the moves come from the reading's own generator and board update (the
shifts of ``moves.tables`` and ``move_pieces`` for Jéquier's readings,
``kendall.moves``/``kendall.play`` and ``tait.moves``/``tait.play`` for the others),
each result is scored by ``senet_score``, the mover keeps its best, and the throws
are weighed by their chances.

It follows ``SenetState``'s turn rules: the extra throw, the lost throw (the turn
passes, or not where a ruleset gives the throw again), the win by bearing off the
last piece, Kendall's awaited 1 and his piece back from the water that must move.
A lost throw uses no move, so there the search over states looks one throw further;
so does this. A test requires the same values as the search over states in every
reading. Positions it does not cover are left to that search (``None``): the opening,
and the last throws before the throw limit.
"""

from __future__ import annotations

from functools import lru_cache

from ..senet import kendall, tait
from ..senet.moves import WATER_BIT, move_pieces, tables
from ..senet.state import BLACK, PASS, WHITE
from ..senet.sticks import THROW_OUTCOMES
from ..senet.track import OFF
from . import senet_eval
from .search import WIN


class Frontier:
    """``frontier(state, seat, depth, alpha, beta)``: the value for ``seat`` of a
    chance node ``depth`` (1 or 2) plies from the search's horizon, as the search over
    states would find it with that window (a bound where it falls outside, as Star1
    returns); None where the search must look itself."""

    def __init__(self, rules) -> None:
        self.rules = rules
        self.scorer = senet_eval.scorer(rules)
        self.family = rules.family
        t = tables(rules)
        self.generators, self.extra = t.generators, t.extra
        self.outcomes = tuple((rules.throw_value(throw.light), p) for throw, p in THROW_OUTCOMES)
        self.extra_values = rules.extra_throw_values
        self.forfeit_again = rules.extra_throw_after_forfeit
        self.pieces = rules.pieces
        self.limit = rules.throw_limit

    def __call__(
        self, state, seat: int, depth: int, alpha: float = -WIN, beta: float = WIN
    ) -> float | None:
        if state.black_seat is None or state.throw is not None or state.winner is not None:
            return None
        if self.limit and state.throws + 2 >= self.limit:
            return None  # the throw limit could end the game: the states know how
        mover = state.seat
        black = mover == state.black_seat
        mine, opp = (state.black, state.white) if black else (state.white, state.black)
        offs = state.borne_off
        off_mine, off_opp = (offs[BLACK], offs[WHITE]) if black else (offs[WHITE], offs[BLACK])
        position = (mover, BLACK if black else WHITE, mine, opp, off_mine, off_opp)
        # Star1 as in the search (``Expectiminimax._chance``): once the throws seen
        # bound the mean outside (alpha, beta), the rest need not be looked at.
        seen, left = 0.0, 1.0
        for value, chance in self.outcomes:
            left -= chance
            seen += chance * self._thrown(
                position, value, state.waiting, state.forced, state.unmoved, seat, depth == 2
            )
            if seen + left * WIN <= alpha:
                return min(seen + left * WIN, alpha)
            if seen - left * WIN >= beta:
                return max(seen - left * WIN, beta)
        return seen

    def _thrown(self, position, value, waiting, forced, unmoved, seat, again) -> float:
        """The value once ``value`` is thrown: the mover's best move (the worst for
        ``seat`` if the mover is the other seat); if the throw is lost and ``again``,
        the expectation over the next throw."""
        mover, colour, mine, opp, off_mine, off_opp = position
        bit = 1 << colour
        if waiting & bit and value == 1:
            waiting &= ~bit  # Kendall's Starting Throw: the awaited 1
        other = WHITE if colour == BLACK else BLACK
        wait_mine, wait_opp = bool(waiting & bit), bool(waiting & (1 << other))
        results = () if waiting & bit else self._moves(position, value, forced, unmoved)
        side, to_throw = self.scorer.side, self.scorer.to_throw
        # The mover picks the move with the best logit for itself (the first seat's
        # logit is highest where the first seat is happiest); the value is
        # monotonic in the logit, so only the chosen move's needs computing.
        best = None
        for new_mine, new_opp, new_off, extra in results:
            if new_off == self.pieces:  # the mover's last piece is off: it has won
                return WIN if mover == seat else -WIN
            z = side(new_mine, new_opp, new_off, wait_mine) - side(
                new_opp, new_mine, off_opp, wait_opp
            )
            if mover:
                z = -z  # the model's logit is the first seat's
            following = mover if extra else 1 - mover
            z = z + to_throw if following == 0 else z - to_throw
            if best is None or (z < best if mover else z > best):
                best = z
        if best is not None:
            return senet_eval.value_of(best, seat)
        # The throw is lost: the turn passes, unless the ruleset gives the throw again.
        keeps = self.forfeit_again and value in self.extra_values
        if forced and forced[0] == colour:
            forced = ()
        turn = position if keeps else (1 - mover, other, opp, mine, off_opp, off_mine)
        if not again:  # the horizon: score the board as it stands, with its next thrower
            z = side(mine, opp, off_mine, wait_mine) - side(opp, mine, off_opp, wait_opp)
            if mover:
                z = -z
            z = z + to_throw if turn[0] == 0 else z - to_throw
            return senet_eval.value_of(z, seat)
        total = 0.0
        for value, chance in self.outcomes:
            total += chance * self._thrown(turn, value, waiting, forced, unmoved, seat, False)
        return total

    def _moves(self, position, value, forced, unmoved) -> list[tuple[int, int, int, bool]]:
        """Every move's result: (the mover's pieces, the other side's, the mover's
        pieces borne off, whether the mover throws again)."""
        _mover, colour, mine, opp, off_mine, _off_opp = position
        results = []
        if self.family == "jequier":
            forward, off, back = self.generators[value](mine, opp, unmoved)
            extra = self.extra[value]
            rules = self.rules
            while off:
                low = off & -off
                off ^= low
                results.append((mine ^ low, opp, off_mine + 1, extra))
            for sources, ahead in ((forward, True), (back, False)):
                while sources:
                    low = sources & -sources
                    sources ^= low
                    land = low << value if ahead else low >> value
                    if land & opp or land == WATER_BIT:
                        new_mine, new_opp, _ = move_pieces(
                            rules, mine, opp, low.bit_length(), land.bit_length()
                        )
                        results.append((new_mine, new_opp, off_mine, extra))
                    else:
                        results.append((mine ^ (low | land), opp, off_mine, extra))
            return results
        if self.family == "kendall":
            square = forced[1] if forced and forced[0] == colour else 0
            moves = kendall.moves(self.rules, mine, opp, value, square, PASS)
            play = kendall.play
        else:
            on_plinth = self.pieces - mine.bit_count() - off_mine
            moves = tait.moves(self.rules, mine, opp, value, on_plinth)
            play = tait.play
        for src, dst in moves:
            new_mine, new_opp, _effects, extra, _forced = play(
                self.rules, mine, opp, src, dst, value
            )
            results.append((new_mine, new_opp, off_mine + (dst == OFF), extra))
        return results


@lru_cache(maxsize=64)
def frontier(rules) -> Frontier:
    """The frontier of a ruleset, built once."""
    return Frontier(rules)
