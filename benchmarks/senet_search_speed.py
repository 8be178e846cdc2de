"""The Senet search's nodes per second, this tree against an earlier commit, side by
side (not a test: it prints figures).

    python3 benchmarks/senet_search_speed.py --before be32e3c [--rounds 3]
        [--positions 12] [--depth 5] [--rulesets jequier,jequier_ludii,kendall,tait]
        [--no-frontier]

The earlier commit's ``src`` is taken out of git into a temporary folder. Each round
runs one process per tree, alternately, so that machine noise falls on both alike;
each process searches the same decision positions (seeded games between Medium
players, as ``senet_search.py`` picks them: both engines play the same games) to a
fixed depth with Hard's evaluation and frontier (or, with ``--no-frontier``, over
states down to the leaves: the engine's share of the work is then larger), and
reports nodes and CPU time. The
script prints the median nodes per CPU second of each tree and their ratio.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def child(positions: int, depth: int, rulesets: list[str], use_frontier: bool = True) -> None:
    """Runs inside a process whose ``sys.path`` starts with the tree to measure."""
    tree = sys.path[0]
    from ludeum.ai import senet_eval
    from ludeum.ai.search import Expectiminimax
    from ludeum.ai.senet_frontier import frontier
    from ludeum.senet import PRESETS

    # Only now: senet_search puts this tree's src first on the path (ludeum is loaded).
    sys.path.insert(1, str(HERE))
    from senet_search import positions as decision_positions

    import ludeum

    assert ludeum.__file__.startswith(tree), "not the tree asked for"

    result = {}
    for ruleset in rulesets:
        found = decision_positions(ruleset, positions)
        fast = frontier(PRESETS[ruleset]) if use_frontier else None
        nodes, began = 0, time.process_time()
        for state in found:
            searcher = Expectiminimax(senet_eval.senet, fast)
            searcher.search(state, depth, None, step=2)
            nodes += searcher.nodes
        result[ruleset] = (nodes, time.process_time() - began)
    print(json.dumps(result))


def run(src: Path, args: argparse.Namespace) -> dict:
    code = (
        f"import sys; sys.path.insert(0, {str(src)!r}); sys.path.insert(1, {str(HERE)!r}); "
        "import senet_search_speed as s; "
        f"s.child({args.positions}, {args.depth}, {args.rulesets.split(',')!r}, "
        f"{not args.no_frontier})"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="the commit to compare with")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--rulesets", default="jequier,jequier_ludii,kendall,tait")
    parser.add_argument("--no-frontier", action="store_true", help="search over states only")
    args = parser.parse_args()
    rates: dict[str, dict[str, list[float]]] = {"before": {}, "now": {}}
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(
            ["git", "-C", str(HERE.parent), "archive", args.before, "src"],
            capture_output=True, check=True,
        )  # fmt: skip
        subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, check=True)
        trees = {"before": Path(folder) / "src", "now": HERE.parent / "src"}
        for _ in range(args.rounds):
            for name, src in trees.items():
                for ruleset, (nodes, seconds) in run(src, args).items():
                    rates[name].setdefault(ruleset, []).append(nodes / seconds)
    how = "over states only" if args.no_frontier else "with the frontier"
    print(f"Depth-{args.depth} searches {how}, {args.positions} positions a reading, "
          f"{args.rounds} rounds; nodes per CPU second, medians")  # fmt: skip
    print()
    print(f"| reading | before ({args.before}) | now | now / before |")
    print("| --- | ---: | ---: | ---: |")
    for ruleset in args.rulesets.split(","):
        before = statistics.median(rates["before"][ruleset])
        now = statistics.median(rates["now"][ruleset])
        print(f"| {ruleset} | {before:,.0f} | {now:,.0f} | {now / before:.2f}x |")


if __name__ == "__main__":
    main()
