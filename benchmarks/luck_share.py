"""How much of a Senet result is luck, under each reading? (a study, not a test)

    python3 benchmarks/luck_share.py [--games 120] [--rulesets all] [--jobs 2]
                                     [--cluster auto] [--hard-depth 3] [--write]

For each ruleset it plays two kinds of game, seeded, and analyses every one with
the app's analysis (``ludeum.analysis``: each throw's luck against the mean of the
five throws, with best play by the learned evaluation searched 2 plies):

* **equal players**: Medium against Medium;
* **unequal players**: Easy against Hard (Hard searching ``--hard-depth`` plies with
  no clock, so that a run is reproducible), each on either seat half the time.

Per game: the first seat's result R (1 a win, 0 a loss, a half for a draw) and its
net luck L (its throws' luck less the other seat's, in games). Per ruleset and kind:

* **luck's share** of the result: the share of R's variance that L explains (the
  square of their correlation, R² of a straight-line fit), with a 95% interval from
  2,000 bootstrap resamples of the games;
* **the luckier side won**: how often the seat with more net luck won, with its
  Wilson 95% interval (a draw counts a half);
* the residue the analysis left (``summary.Split``), as the mean of |residue| a game.

A game of pure luck would let luck explain nearly all of a result between equal
players; the more a reading rewards skill, the lower the share between unequal ones.
``--write`` stores the table in ``src/ludeum/senet/luck_share.py`` (rows of
rulesets this run did not measure are kept).
"""

from __future__ import annotations

import argparse
import math
import pprint
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from luck_vs_skill import hard_player  # noqa: E402
from stats import wilson  # noqa: E402

from ludeum.ai import arena  # noqa: E402
from ludeum.analysis import summary  # noqa: E402
from ludeum.senet import PRESETS, new_game  # noqa: E402
from ludeum.spread import spread  # noqa: E402

TABLE = ROOT / "src" / "ludeum" / "senet" / "luck_share.py"
KINDS = ("equal", "unequal")
HARD_DEPTH = 3


def one_game(job) -> tuple[float, float, float, float]:
    """(the first seat's result, its net luck in games, |residue|, the stronger seat's
    result or nan) of one seeded game."""
    ruleset, kind, seed, depth = job
    rules = PRESETS[ruleset]
    if kind == "equal":
        pair = (arena.level_player("medium"), arena.level_player("medium"))
        strong = None
    else:
        strong = seed % 2
        hard, easy = hard_player(depth, None), arena.level_player("easy")
        pair = (hard, easy) if strong == 0 else (easy, hard)
    state = new_game(rules, seed // 2 % 2)
    source = random.Random(1_000_003 * KINDS.index(kind) + seed)
    while (actor := state.to_act()) is not None:
        if actor < 0:
            outcomes = state.chance_outcomes()
            state = state.apply(source.choices([o for o, _p in outcomes],
                                               [p for _o, p in outcomes])[0])  # fmt: skip
        else:
            state = state.apply(pair[actor](state, source))
    analysis = summary.analyse(state)
    result = analysis.result
    net = analysis.side(0).luck - analysis.side(1).luck
    residue = abs(analysis.split().residue)
    won = math.nan if strong is None else (result if strong == 0 else 1 - result)
    return result, net, residue, won


def r_squared(results: list[float], lucks: list[float]) -> float:
    if statistics.pstdev(results) == 0 or statistics.pstdev(lucks) == 0:
        return 0.0
    return statistics.correlation(results, lucks) ** 2


def bootstrap(results, lucks, rounds: int = 2000, seed: int = 7) -> tuple[float, float]:
    source = random.Random(seed)
    n = len(results)
    values = []
    for _ in range(rounds):
        picks = [source.randrange(n) for _ in range(n)]
        values.append(r_squared([results[i] for i in picks], [lucks[i] for i in picks]))
    values.sort()
    return values[int(0.025 * rounds)], values[int(0.975 * rounds) - 1]


def row(games: list[tuple[float, float, float, float]]) -> dict:
    results = [g[0] for g in games]
    lucks = [g[1] for g in games]
    low, high = bootstrap(results, lucks)
    luckier = sum((0.5 if r == 0.5 else float((r == 1) == (luck > 0)))
                  for r, luck in zip(results, lucks, strict=True) if luck != 0)  # fmt: skip
    counted = sum(1 for luck in lucks if luck != 0)
    won_low, won_high = wilson(luckier, counted)
    out = {
        "games": len(games),
        "luck_share": round(r_squared(results, lucks), 3),
        "luck_share_interval": (round(low, 3), round(high, 3)),
        "luckier_won": round(luckier / counted, 3),
        "luckier_won_interval": (round(won_low, 3), round(won_high, 3)),
        "mean_abs_residue": round(statistics.mean(g[2] for g in games), 3),
    }
    strong = [g[3] for g in games if not math.isnan(g[3])]
    if strong:
        out["stronger_won"] = round(statistics.mean(strong), 3)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--rulesets", default="all")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (ludeum.spread)")
    parser.add_argument("--cluster", help="a Ray cluster: auto, ray://HOST:PORT or local")
    parser.add_argument("--hard-depth", type=int, default=HARD_DEPTH)
    parser.add_argument("--write", action="store_true", help=f"store the table in {TABLE.name}")
    args = parser.parse_args()
    names = list(PRESETS) if args.rulesets == "all" else args.rulesets.split(",")
    table: dict = {}
    began, cpu = time.perf_counter(), time.process_time()
    for name in names:
        table[name] = {}
        for kind in KINDS:
            jobs = [(name, kind, seed, args.hard_depth) for seed in range(args.games)]
            # Each game seeded by its number: the same table on any number of workers.
            games = list(spread(one_game, jobs, args.jobs, args.cluster))
            table[name][kind] = row(games)
            print(name, kind, table[name][kind], flush=True)
    took = time.perf_counter() - began
    print(f"{len(names)} rulesets, {args.games} games a kind, {took:.0f} s", flush=True)
    if args.write:
        kept = {}
        if TABLE.exists():
            namespace: dict = {}
            exec(TABLE.read_text(encoding="utf-8"), namespace)  # noqa: S102 (our own file)
            kept = namespace.get("LUCK_SHARE", {})
        kept.update(table)
        TABLE.write_text(
            '"""Luck\'s share of a Senet result per ruleset: measured by\n'
            "benchmarks/luck_share.py (docs/analysis.md says how; do not edit by hand).\n"
            f"{args.games} games a kind; Hard searched {args.hard_depth} plies.\n"
            '"""\n\nLUCK_SHARE = ' + pprint.pformat(kept, width=96, sort_dicts=False) + "\n",
            encoding="utf-8",
        )
        print(f"wrote {TABLE.relative_to(ROOT)} (cpu {time.process_time() - cpu:.0f} s here)")


if __name__ == "__main__":
    main()
