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

Kendall's 16 rulesets share one weight list: each game is played under one of them
drawn at random, so that the weights serve every option.

``--resume`` goes on from the stored weights of the reading (a second, gentler run).
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
          start: list[float] | None = None):  # fmt: skip
    weights = list(start) if start else [0.0] * len(FEATURES)
    rulesets = [PRESETS[name] for name in READINGS[reading]]
    describers = {rules: Describer(rules) for rules in rulesets}
    picker = random.Random(seed)
    began = time.monotonic()
    for game in range(games):
        # The step shrinks as the games go on: alpha at first, alpha * decay by the end.
        rate = alpha * decay ** (game / max(games - 1, 1))
        rules = rulesets[picker.randrange(len(rulesets))]
        self_play_game(weights, describers, rules, picker.getrandbits(32), rate, lam)
        if (game + 1) % max(games // 10, 1) == 0:
            print(f"{reading}: {game + 1} games, {time.monotonic() - began:.0f} s", flush=True)
    return weights


def write(reading: str, weights: list[float], meta: dict) -> None:
    """Replace one reading's entry in senet_weights.py, keeping the others (under a
    lock, so that readings trained side by side do not overwrite each other)."""
    lock_file = ROOT / "build" / "train_senet.lock"  # out of the source tree
    lock_file.parent.mkdir(exist_ok=True)
    with open(lock_file, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        _write(reading, weights, meta)


def _write(reading: str, weights: list[float], meta: dict) -> None:
    namespace: dict = {}
    if WEIGHTS_FILE.exists():
        exec(WEIGHTS_FILE.read_text(), namespace)  # our own generated data file
    table = dict(namespace.get("WEIGHTS", {}))
    training = dict(namespace.get("TRAINING", {}))
    table[reading] = [round(w, 5) for w in weights]
    training[reading] = meta
    lines = [
        '"""Weights of the learned Senet evaluation, one list per reading (generated).',
        "",
        "Written by scripts/train_senet.py --write; do not edit by hand. Each list follows",
        "``senet_features.FEATURES``; ``TRAINING`` says how each list was made, so that it",
        'can be made again."""',
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
        values = table[name]
        for start in range(0, len(values), 8):
            lines.append("        " + ", ".join(repr(v) for v in values[start : start + 8]) + ",")
        lines.append("    ],")
    lines += ["}", ""]
    WEIGHTS_FILE.write_text("\n".join(lines))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reading", choices=sorted(READINGS), required=True)
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--decay", type=float, default=0.5)
    parser.add_argument("--lambda", dest="lam", type=float, default=0.7)
    parser.add_argument("--resume", action="store_true",
                        help="go on from the stored weights instead of zeros")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    start = None
    meta_before = None
    if args.resume:
        from ludeum.ai import senet_weights

        start = senet_weights.WEIGHTS[args.reading]
        meta_before = senet_weights.TRAINING[args.reading]
    weights = train(args.reading, args.games, args.seed, args.alpha, args.decay, args.lam, start)
    for name, w in zip(FEATURES, weights, strict=True):
        print(f"  {name:>14}: {w:+.4f}")
    if args.write:
        command = "python3 scripts/train_senet.py " + " ".join(sys.argv[1:])
        meta = {"command": command, "seed": args.seed, "games": args.games,
                "date": datetime.date.today().isoformat()}  # fmt: skip
        if meta_before:  # a second run on top of the first: both are needed to redo it
            meta = {**meta, "games": meta_before["games"] + args.games, "after": meta_before}
        write(args.reading, weights, meta)
        print(f"written: {WEIGHTS_FILE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
