"""Learn the Senet evaluation of one reading by self-play (not shipped; CPython only).

    python3 scripts/train_senet.py --reading jequier [--games 20000] [--seed 1]
        [--alpha 0.05] [--decay 0.5] [--lambda 0.7] [--resume] [--write]

Temporal-difference learning, TD(lambda), as TD-Gammon learned backgammon, with a
linear model instead of a network: ``ludeum.ai.senet_eval`` turns the features of
``ludeum.ai.senet_features`` into the first seat's winning chance. The program plays
itself: at each decision the side to move takes the move whose resulting position
the current model likes best (throws, drawn from a seeded source, give all the
variety the learning needs). After every move the model is nudged so that its value
of the previous positions moves toward its value of the new one, and the last
position toward who really won.

Kendall's 16 rulesets share a base list, and each of his four options has a list of
its own that adds to the base where the option is on (``senet_eval.OPTIONS``). Each
game is played under one of the 16 drawn at random, with the sum of the lists that
apply; the game's change to that sum is shared equally among them, so that a list
learns what its option changes and the base what they have in common.

``--resume`` goes on from the stored weights of the reading (a second, gentler run);
an option list not stored yet starts at zeros.
``--write`` stores the weights in ``src/ludeum/ai/senet_weights.py`` with the command,
seed, number of games and date (and, after ``--resume``, the run it went on from),
replacing only this reading's entry. The committed weights were made by the runs
recorded there, on 2026-11-25.
"""

from __future__ import annotations

import argparse
import datetime
import fcntl
import math
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from ludeum.ai.senet_eval import OPTIONS, options_on  # noqa: E402
from ludeum.ai.senet_features import FEATURES, Describer  # noqa: E402
from ludeum.chance import sample  # noqa: E402
from ludeum.protocol import CHANCE  # noqa: E402
from ludeum.senet import PRESETS, new_game  # noqa: E402

WEIGHTS_FILE = ROOT / "src" / "ludeum" / "ai" / "senet_weights.py"
READINGS = {
    "jequier": ["jequier"],
    "jequier_ludii": ["jequier_ludii"],
    "kendall": [name for name in PRESETS if name.startswith("kendall")],
    "tait": ["tait"],
}


def chance(weights: list[float], x: list[float]) -> float:
    z = sum(w * v for w, v in zip(weights, x, strict=True))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def self_play_game(weights, describers, rules, seed, alpha, lam) -> tuple[int, int]:
    """Play one game with the current weights, learning as it goes. Returns (the
    winning seat or -1, the number of moves)."""
    source = random.Random(seed)
    state = new_game(rules, seed % 2)
    describer = describers[rules]
    n = len(weights)
    trace = [0.0] * n
    previous = None  # (features, chance) of the last position after a move
    moves = 0
    while (actor := state.to_act()) is not None:
        if actor == CHANCE:
            state = state.apply(sample(state.chance_outcomes(), source))
            continue
        options = state.legal_moves()
        if len(options) == 1 or state.black_seat is None:
            state = state.apply(options[0])
        else:
            best, best_value = None, -1.0
            for move in options:
                after = state.apply(move)
                if after.winner is not None:
                    value = 1.0 if after.outcome().winner == actor else 0.0
                else:
                    p = chance(weights, describer.describe(after))
                    value = p if actor == 0 else 1 - p
                if value > best_value:
                    best, best_value = after, value
            state = best
        moves += 1
        if state.winner is not None:
            break
        x = describer.describe(state)
        if x is None:
            continue
        p = chance(weights, x)
        if previous is not None:
            delta = p - previous
            if delta:
                step = alpha * delta
                for i in range(n):
                    weights[i] += step * trace[i]
        grad = p * (1 - p)
        for i in range(n):
            trace[i] = lam * trace[i] + grad * x[i]
        previous = p
    outcome = state.outcome()
    winner = -1 if outcome.winner is None else outcome.winner
    if previous is not None:
        target = 0.5 if winner == -1 else float(winner == 0)
        step = alpha * (target - previous)
        for i in range(n):
            weights[i] += step * trace[i]
    return winner, moves


def train(reading: str, games: int, seed: int, alpha: float, decay: float, lam: float,
          start: list[float] | None = None, start_options: dict | None = None):  # fmt: skip
    """Returns the reading's base list and its options' lists ({} if it has none)."""
    weights = list(start) if start else [0.0] * len(FEATURES)
    options = {name: list((start_options or {}).get(name) or [0.0] * len(FEATURES))
               for name in OPTIONS.get(reading, {})}  # fmt: skip
    rulesets = [PRESETS[name] for name in READINGS[reading]]
    describers = {rules: Describer(rules) for rules in rulesets}
    picker = random.Random(seed)
    began = time.monotonic()
    for game in range(games):
        # The step shrinks as the games go on: alpha at first, alpha * decay by the end.
        rate = alpha * decay ** (game / max(games - 1, 1))
        rules = rulesets[picker.randrange(len(rulesets))]
        lists = [weights] + [options[name] for name in options_on(rules)]
        played = [sum(column) for column in zip(*lists, strict=True)]
        before = list(played)
        self_play_game(played, describers, rules, picker.getrandbits(32), rate, lam)
        # The game moved the sum it played with; each list that made it takes an
        # equal share, so the sum moves exactly as one list would have.
        share = 1 / len(lists)
        for i, (new, old) in enumerate(zip(played, before, strict=True)):
            if new != old:
                for part in lists:
                    part[i] += (new - old) * share
        if (game + 1) % max(games // 10, 1) == 0:
            print(f"{reading}: {game + 1} games, {time.monotonic() - began:.0f} s", flush=True)
    return weights, options


def write(reading: str, weights: list[float], meta: dict, options: dict | None = None) -> None:
    """Replace one reading's entry in senet_weights.py, keeping the others (under a
    lock, so that readings trained side by side do not overwrite each other)."""
    lock_file = ROOT / "build" / "train_senet.lock"  # out of the source tree
    lock_file.parent.mkdir(exist_ok=True)
    with open(lock_file, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        _write(reading, weights, meta, options or {})


def _write(reading: str, weights: list[float], meta: dict, options: dict) -> None:
    namespace: dict = {}
    if WEIGHTS_FILE.exists():
        exec(WEIGHTS_FILE.read_text(), namespace)  # our own generated data file
    table = dict(namespace.get("WEIGHTS", {}))
    training = dict(namespace.get("TRAINING", {}))
    option_table = dict(namespace.get("OPTION_WEIGHTS", {}))
    table[reading] = [round(w, 5) for w in weights]
    if options:
        option_table[reading] = {name: [round(w, 5) for w in values]
                                 for name, values in options.items()}  # fmt: skip
    training[reading] = meta
    lines = [
        '"""Weights of the learned Senet evaluation, one list per reading (generated).',
        "",
        "Written by scripts/train_senet.py --write; do not edit by hand. Each list follows",
        "``senet_features.FEATURES``; ``TRAINING`` says how each list was made, so that it",
        "can be made again. ``OPTION_WEIGHTS`` holds the lists a reading's options add to",
        'its list where they are on (``senet_eval.OPTIONS``), made by the same run."""',
        "",
        "# ruff: noqa: E501 (generated data: a training run's command stays on one line)",
        "# fmt: off",
        f"FEATURE_COUNT = {len(FEATURES)}",
        "",
        "TRAINING = {",
    ]
    for name in sorted(training):
        lines.append(f"    {name!r}: {training[name]!r},")
    lines += ["}", "", "WEIGHTS = {"]
    for name in sorted(table):
        lines.append(f"    {name!r}: [")
        lines += _rows(table[name], "        ")
        lines.append("    ],")
    lines += ["}", "", "OPTION_WEIGHTS = {"]
    for name in sorted(option_table):
        lines.append(f"    {name!r}: {{")
        for option, values in option_table[name].items():
            lines.append(f"        {option!r}: [")
            lines += _rows(values, "            ")
            lines.append("        ],")
        lines.append("    },")
    lines += ["}", ""]
    WEIGHTS_FILE.write_text("\n".join(lines))


def _rows(values: list[float], indent: str) -> list[str]:
    return [indent + ", ".join(repr(v) for v in values[start : start + 8]) + ","
            for start in range(0, len(values), 8)]  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reading", choices=sorted(READINGS), required=True)
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--decay", type=float, default=0.5)
    parser.add_argument("--lambda", dest="lam", type=float, default=0.7)
    parser.add_argument(
        "--resume", action="store_true", help="go on from the stored weights instead of zeros"
    )
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    start = start_options = meta_before = None
    if args.resume:
        from ludeum.ai import senet_weights

        start = senet_weights.WEIGHTS[args.reading]
        start_options = senet_weights.OPTION_WEIGHTS.get(args.reading)
        meta_before = senet_weights.TRAINING[args.reading]
    weights, options = train(args.reading, args.games, args.seed, args.alpha, args.decay,
                             args.lam, start, start_options)  # fmt: skip
    print(" " * 16 + "".join(f"{name:>15}" for name in ["base", *options]))
    for i, name in enumerate(FEATURES):
        row = [weights[i]] + [values[i] for values in options.values()]
        print(f"  {name:>14}" + "".join(f"{w:+15.4f}" for w in row))
    if args.write:
        command = "python3 scripts/train_senet.py " + " ".join(sys.argv[1:])
        meta = {"command": command, "seed": args.seed, "games": args.games,
                "date": datetime.date.today().isoformat()}  # fmt: skip
        if meta_before:  # a second run on top of the first: both are needed to redo it
            meta = {**meta, "games": meta_before["games"] + args.games, "after": meta_before}
        write(args.reading, weights, meta, options)
        print(f"written: {WEIGHTS_FILE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
