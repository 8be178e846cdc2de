"""A plain, square-by-square Senet move generator written straight from the rules
spec (section 2 and its options in 2.10a). It is slow and obvious on purpose: the
tests compare the engine's bitboard generator against it on many positions."""

from __future__ import annotations

from ludeum.senet.track import OFF

EMPTY = 0


def reference_moves(rules, board, me, value, unmoved=frozenset()):
    """``board``: list of 32 colours indexed by square. Returns (src, dst) pairs,
    forward moves and bearing off by square first, then backward moves."""
    opp = 3 - me
    mine = [s for s in range(1, 31) if board[s] == me]

    def neighbours_in_row(a, b):
        return rules.rows_turn_corners or (a - 1) // 10 == (b - 1) // 10

    def protected(d):
        if d in rules.safe_squares:
            return True
        return any(
            1 <= n <= 30 and board[n] == opp and neighbours_in_row(n, d) for n in (d - 1, d + 1)
        )

    def blocker(k):
        return board[k] != EMPTY if not rules.rows_turn_corners else board[k] == opp

    def blockade_between(low, high):
        """Three blockers on k, k+1, k+2 with low < k and k+2 < high (high <= 31)."""
        for k in range(low + 1, min(high, 31) - 2):
            trio = (k, k + 1, k + 2)
            if all(blocker(q) for q in trio) and all(neighbours_in_row(trio[0], q) for q in trio):
                return True
        return False

    def locked(s):
        if rules.starting_lock == "literal":
            return s in unmoved and s + 1 in unmoved
        if rules.starting_lock == "next_square_empty":
            return s <= 10 and board[s + 1] != EMPTY
        return False

    bearing = all(s >= 21 for s in mine)
    forward, stuck = [], []
    for s in mine:
        if locked(s):
            continue
        d = s + value
        reaches_end = d > 30 or (d == 30 and rules.bear_off_on_exact_30)
        if bearing and reaches_end:
            # The piece passes the squares after its own, up to 30 when it overshoots.
            if blockade_between(s, min(d, 31)):
                stuck.append(s)
            else:
                forward.append((s, OFF))
            continue
        if d > 30 or board[d] == me or (board[d] == opp and protected(d)) or blockade_between(s, d):
            stuck.append(s)
            continue
        forward.append((s, d))
    if rules.backward_priority == "global":
        if forward:
            return forward
        stuck = [s for s in mine if not locked(s)]
    backward = []
    for s in stuck:
        d = s - value
        if d < 1 or board[d] == me:
            continue
        if board[d] == opp and (not rules.backward_can_capture or protected(d)):
            continue
        if blockade_between(d, s):
            continue
        backward.append((s, d))
    return forward + backward
