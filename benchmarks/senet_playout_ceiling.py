"""How fast could Jéquier's random playout be in CPython? (Not a test: it prints
figures; the experiment behind docs/performance.md's "ceiling" paragraph, issue 28.)

    python3 benchmarks/senet_playout_ceiling.py [--games 400] [--rounds 5]

``folded_playout`` below is ``ludeum.senet.playout.random_playout`` rewritten for one
reading only, Jéquier's (Botermans): its move generator, the bump, the water and
the bearing off are written into the loop with every setting fixed (a game that
reaches the throw limit is not played out), the fewest bytecodes we found. The
engine keeps one generator for all readings (rulesets are data), so this copy lives
here as a measurement, not in the engine.
It first checks that it plays the same seeded games as the engine, then times both
interleaved (CPU time of this process) and prints games per second and the ratio.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from ludeum.chance import random_choice  # noqa: E402
from ludeum.senet import PRESETS, new_game  # noqa: E402
from ludeum.senet.moves import BOARD, FIRST_TWO_ROWS, WATER_BIT, mask_of, tables  # noqa: E402
from ludeum.senet.playout import random_playout  # noqa: E402
from ludeum.senet.sticks import throw_sticks  # noqa: E402

RULES = PRESETS["jequier"]
SAFE = mask_of(RULES.safe_squares)
STAY = tuple(mask_of(s for s in range(1, 31) if s + v <= 30) for v in range(7))
BEAR = tuple(mask_of(s for s in range(1, 31) if s + v >= 30) for v in range(7))
BACK = tuple(mask_of(s for s in range(1, 31) if s - v >= 1) for v in range(7))
FREE = BOARD & ~WATER_BIT


def folded_playout(state, source):
    """``random_playout`` for Jéquier (Botermans) alone, with everything folded in."""
    actions = 0
    while state.winner is None and (state.black_seat is None or state.throw is not None):
        if state.throw is None:
            state = state.apply(throw_sticks(source))
        else:
            state = state.apply(random_choice(state.moves, source))
        actions += 1
    if state.winner is not None:
        return state.winner, actions
    t = tables(RULES)
    value_of_bits = t.value_of_bits
    extra = t.extra
    pieces = RULES.pieces
    getrandbits, rnd = source.getrandbits, source.random
    seat = state.seat
    if seat == state.black_seat:
        mine, opp = state.black, state.white
    else:
        mine, opp = state.white, state.black
    offs = [0, 0]
    offs[seat] = state.borne_off[2 if seat == state.black_seat else 1]
    offs[1 - seat] = state.borne_off[1 if seat == state.black_seat else 2]
    safe, ftr, water, free = SAFE, FIRST_TWO_ROWS, WATER_BIT, FREE
    first_throw, moves = state.throws, 0
    other = 1 - seat
    for throws in range(first_throw + 1, RULES.throw_limit + 1):
        value = value_of_bits[getrandbits(4)]
        if value < 4:
            if mine & ftr:
                ahead = mine & STAY[value] & ~(mine >> value)
                off = 0
            else:
                off = mine & BEAR[value]
                ahead = (mine ^ off) & STAY[value] & ~(mine >> value)
        else:
            runs = opp & (opp >> 1) & (opp >> 2)
            ff = mine
            if runs:
                if value == 4:
                    ff &= ~(runs >> 1)
                else:
                    ff &= ~((runs >> 1) | (runs >> 2) | (runs >> 3))
            if mine & ftr:
                off = 0
            else:
                off = ff & BEAR[value]
                ff ^= off
            ahead = ff & STAY[value] & ~(mine >> value)
        if ahead & (opp >> value):
            ahead &= ~((opp & (safe | (opp << 1) | (opp >> 1))) >> value)
        if off:
            ahead |= off
        if ahead:
            moves += 1
            n = ahead.bit_count()
            if n > 1:
                y = rnd() * n
                while y >= 1.0:
                    ahead &= ahead - 1
                    y -= 1.0
            low = ahead & -ahead
            if low & off:
                mine ^= low
                offs[seat] += 1
                if offs[seat] == pieces:
                    return seat, actions + throws - first_throw + moves
            else:
                land = low << value
                if land & opp:
                    mine ^= low | land
                    opp ^= low | land
                elif land == water:
                    mine ^= low
                    f = free & ~(mine | opp)
                    mine |= f & -f
                else:
                    mine ^= low | land
        else:
            back_from = mine & BACK[value]
            if back_from and value >= 4 and runs:
                if value == 4:
                    back_from &= ~(runs << 3)
                else:
                    back_from &= ~((runs << 3) | (runs << 4) | (runs << 5))
            back = back_from & ~(((back_from >> value) & (mine | opp)) << value)
            if back:
                moves += 1
                n = back.bit_count()
                if n > 1:
                    y = rnd() * n
                    while y >= 1.0:
                        back &= back - 1
                        y -= 1.0
                low = back & -back
                land = low >> value
                if land == water:
                    mine ^= low
                    f = free & ~(mine | opp)
                    mine |= f & -f
                else:
                    mine ^= low | land
            elif extra[value]:  # a lost throw passes the turn, even a 1, 4 or 6
                mine, opp = opp, mine
                seat, other = other, seat
                continue
        if not extra[value]:
            mine, opp = opp, mine
            seat, other = other, seat
    # Games from the start end near 370 throws, far below the limit of 3,000: the
    # check against the engine above would catch one that did not.
    raise AssertionError("the throw limit is not written into this experiment")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    for seed in range(1000):
        start = new_game(RULES, first_seat=seed % 2)
        expected = random_playout(start, random.Random(seed))
        if folded_playout(start, random.Random(seed)) != expected:
            raise AssertionError(f"seed {seed}: the folded loop plays another game")
    rates: dict[str, list[float]] = {"random_playout": [], "folded": []}
    for round_ in range(args.rounds):
        for name, play in (("random_playout", random_playout), ("folded", folded_playout)):
            source, start = random.Random(round_), new_game(RULES)
            began = time.process_time()
            for _ in range(args.games):
                play(start, source)
            rates[name].append(args.games / (time.process_time() - began))
    ratios = [f / r for f, r in zip(rates["folded"], rates["random_playout"], strict=True)]
    print(f"Same games on 1,000 seeds. {args.games} games x {args.rounds} rounds, medians:")
    for name, values in rates.items():
        print(f"  {name}: {statistics.median(values):,.0f} games/s")
    print(f"  folded / random_playout: {statistics.median(ratios):.2f}x")


if __name__ == "__main__":
    main()
