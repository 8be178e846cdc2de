"""Squadro random playouts per second on CPython (not a test: it prints figures).

    python3 benchmarks/squadro_playouts.py [--games 3000] [--rounds 5]

Three loops play the very same seeded games:
  playout    ``ludeum.squadro.playout.random_playout``, the engine's loop;
  states     the engine's immutable state API, one state per move;
  reference  a plain, straightforward implementation written here: a 7x7 board as a
             dict of squares, pieces as small objects walking one square at a time.
All three draw the same random numbers (one ``random()`` per choice among the
unfinished pieces, in lane order), so they must agree game by game: the script
checks it before timing. Rounds are interleaved so machine noise hits all alike.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from ludeum.chance import random_choice  # noqa: E402
from ludeum.squadro import new_game  # noqa: E402
from ludeum.squadro.playout import random_playout  # noqa: E402

# -- the reference: Squadro written the obvious way ------------------------------------

OUT = {0: (3, 1, 2, 1, 3), 1: (1, 3, 2, 3, 1)}  # by seat, lanes 1-5
BACK = {0: (1, 3, 2, 3, 1), 1: (3, 1, 2, 1, 3)}


class Piece:
    def __init__(self, seat: int, lane: int) -> None:
        self.seat, self.lane = seat, lane
        self.along = 0  # 0 start .. 6 far edge
        self.returning = False
        self.finished = False

    def square(self) -> tuple[int, int]:
        """(column, row) on the 7x7 board."""
        return (self.along, self.lane) if self.seat == 0 else (self.lane, self.along)


def reference_game(first: int, source: random.Random) -> tuple[int, int]:
    pieces = {seat: [Piece(seat, lane) for lane in range(1, 6)] for seat in (0, 1)}
    seat, moves = first, 0
    while True:
        board = {p.square(): p for s in (0, 1) for p in pieces[s] if not p.finished}
        choices = [p for p in pieces[seat] if not p.finished]
        piece = choices[int(source.random() * len(choices))] if len(choices) > 1 else choices[0]
        speed = (BACK if piece.returning else OUT)[seat][piece.lane - 1]
        step = -1 if piece.returning else 1
        del board[piece.square()]
        for _ in range(speed):
            piece.along += step
            if piece.along in (0, 6):
                break
            other = board.get(piece.square())
            if other is not None:  # jump the whole run, sending each piece back
                while other is not None:
                    del board[other.square()]
                    other.along = 6 if other.returning else 0
                    board[other.square()] = other
                    piece.along += step
                    other = board.get(piece.square()) if 0 < piece.along < 6 else None
                break
        if piece.along == 6 and not piece.returning:
            piece.returning = True
        elif piece.along == 0 and piece.returning:
            piece.finished = True
        board[piece.square()] = piece
        moves += 1
        if sum(p.finished for p in pieces[seat]) >= 4:
            return seat, moves
        seat = 1 - seat


# -- the engine, through its state API -----------------------------------------------


def through_states(first: int, source: random.Random) -> tuple[int, int]:
    state, moves = new_game(first), 0
    while state.to_act() is not None:
        state = state.apply(random_choice(state.legal_moves(), source))
        moves += 1
    return state.winner, moves


LOOPS = {
    "playout": lambda first, source: random_playout(new_game(first), source),
    "states": through_states,
    "reference": reference_game,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    for seed in range(200):
        results = {name: play(seed % 2, random.Random(seed)) for name, play in LOOPS.items()}
        assert len(set(results.values())) == 1, f"the loops disagree on game {seed}: {results}"
    rates: dict[str, list[float]] = {name: [] for name in LOOPS}
    moves = 0
    for round_ in range(args.rounds):
        for name, play in LOOPS.items():
            source = random.Random(round_)
            began = time.perf_counter()
            moves = sum(play(game % 2, source)[1] for game in range(args.games))
            rates[name].append(args.games / (time.perf_counter() - began))
    print(f"Squadro random playouts, {args.games} games x {args.rounds} rounds, CPython "
          f"{platform.python_version()}, {moves / args.games:.0f} moves per game; the three "
          "loops agree on 200 seeded games")  # fmt: skip
    print()
    print("| loop | best (games/s) | median (games/s) |")
    print("| --- | ---: | ---: |")
    for name, values in rates.items():
        print(f"| {name} | {max(values):,.0f} | {statistics.median(values):,.0f} |")
    ratio = statistics.median(rates["playout"]) / statistics.median(rates["reference"])
    print(f"| playout / reference (median) | {ratio:.2f}x | |")


if __name__ == "__main__":
    main()
