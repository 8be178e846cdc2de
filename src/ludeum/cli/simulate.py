"""``simulate``: many games between two computer levels, and what they show.

Seats alternate: the first level takes seat 0 in games 1, 3, 5..., seat 1 in the
others, so neither level gets the first move more often. Every game draws its throws
and its players' random choices from its own source, seeded by the run's seed and
the game's number, so a run with the same seed plays the same games (except with
Hard, whose search stops on a clock: how deep it gets depends on the machine).

Win rates come with 95% Wilson score intervals (``wilson``). A draw counts as a
game not won by either side. A game's length is counted in moves (every choice a
player made, forced ones included) and throws (Senet's; none in the other games).
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from ..i18n import _
from . import HelpFormatter
from .choices import STUDY_LEVELS, add_game_options, check, new_state, positive, positive_float

#: The 97.5th percentile of the standard normal distribution: a 95% two-sided interval.
Z95 = 1.959963984540054


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion of ``wins`` in ``games`` trials.

    With p = wins / n, the interval is the set of true proportions that a normal
    test at level z would not reject, solved exactly (Wilson, 1927):

        centre = (p + z²/2n) / (1 + z²/n)
        half   = z / (1 + z²/n) * sqrt(p(1 - p)/n + z²/4n²)

    Unlike p ± z·sqrt(p(1-p)/n) it never leaves [0, 1] and does not shrink to a
    point when every game is won or lost. No games: the whole of [0, 1]."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    denominator = 1 + z2 / games
    centre = (p + z2 / (2 * games)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games))
    return max(0.0, centre - half), min(1.0, centre + half)


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "simulate",
        help=_("play many games between two computer levels"),
        description=_(
            "Play N games (--games) between two computer levels, seats alternated, and "
            "report the wins of each level and of each seat, the draws, the win rates "
            "with 95% Wilson score intervals, and the average length of a game. "
            "Levels: easy, medium, hard (the app's), random (any legal move) and "
            "greedy (the best move by the evaluation alone, one ply ahead). "
            "Progress goes to standard error."
        ),
        epilog=_(
            "examples:\n"
            "  python -m ludeum simulate easy medium --games 200 --seed 1\n"
            "  python -m ludeum simulate hard greedy --game squadro --seconds 0.1\n"
            "  python -m ludeum simulate medium random --ruleset tait --format csv\n"
            "  python -m ludeum simulate easy random --games 1000 --workers 2"
        ),
        formatter_class=HelpFormatter,
    )
    parser.add_argument(
        "first", choices=STUDY_LEVELS, metavar="FIRST",
        help=_("the first level: easy, medium, hard, random or greedy"),
    )  # fmt: skip
    parser.add_argument("second", choices=STUDY_LEVELS, metavar="SECOND",
                        help=_("the second level"))  # fmt: skip
    add_game_options(parser)
    parser.add_argument("--games", type=positive, default=100, metavar="N",
                        help=_("how many games (default 100)"))  # fmt: skip
    parser.add_argument(
        "--seed",
        type=int,
        help=_("seed for a reproducible run (Hard thinks against the clock, so its games "
               "may differ from one run to the next)"),
    )  # fmt: skip
    parser.add_argument("--seconds", type=positive_float, metavar="S",
                        help=_("Hard's thinking time per move (the app's: 1)"))  # fmt: skip
    parser.add_argument("--format", choices=("table", "csv", "json"), default="table",
                        help=_("how to write the results (default: table)"))  # fmt: skip
    parser.add_argument("--workers", type=positive, default=1, metavar="N",
                        help=_("play the games on N processes, for the cores of this "
                               "machine (default 1); the same seed gives the same "
                               "results"))  # fmt: skip
    parser.add_argument("--cluster", metavar="ADDRESS",
                        help=_("play the games on a Ray cluster: auto (the one started "
                               "on this machine), ray://HOST:PORT, or local (a Ray "
                               "instance here, with --workers CPUs); needs the ray "
                               "package"))  # fmt: skip
    parser.set_defaults(run=run)


def player(level: str, game: str, seconds: float | None) -> Any:
    from ..ai import arena, evaluate

    if level == "random":
        return arena.random_player
    if level == "greedy":
        scores = {"senet": evaluate.senet_race, "squadro": evaluate.squadro,
                  "lodestone": evaluate.lodestone}  # fmt: skip
        return arena.greedy_player(scores[game])
    return arena.level_player(level, seconds if level == "hard" else None)


@dataclass
class Tally:
    games: int = 0
    level_wins: list[int] = field(default_factory=lambda: [0, 0])  # first level, second
    seat_wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    moves: int = 0
    throws: int = 0

    def add(self, first_seat: int, winner: int | None, moves: int, throws: int) -> None:
        self.games += 1
        self.moves += moves
        self.throws += throws
        if winner is None:
            self.draws += 1
            return
        self.level_wins[0 if winner == first_seat else 1] += 1
        self.seat_wins[winner] += 1


def play_one(game: str, ruleset: str, levels: tuple[str, str], seed: int,
             seconds: float | None, number: int) -> tuple[int, int | None, int, int]:  # fmt: skip
    """Game ``number`` of a run: (the first level's seat, the winner, moves, throws).
    It depends on nothing but its arguments, so any worker can play it."""
    from ..ai import arena

    players = tuple(player(level, game, seconds) for level in levels)
    first_seat = number % 2  # the seat of the first level
    seated = players if first_seat == 0 else players[::-1]
    # A string seed is hashed the same way on every run and every machine.
    source = random.Random(f"ludeum-simulate:{seed}:{number}")
    result = arena.play(new_state(game, ruleset, 0), seated, source)
    return first_seat, result.winner, sum(result.decisions), result.throws


def simulate(game: str, ruleset: str, levels: tuple[str, str], games: int, seed: int,
             seconds: float | None = None, progress: Any = None, workers: int = 1,
             cluster: str | None = None) -> Tally:  # fmt: skip
    """Play the games (on ``workers`` processes, or on a Ray ``cluster``: ``spread``)
    and count; ``progress(done, games)`` after each one. The same seed gives the same
    tally wherever the games are played."""
    from functools import partial

    from ..spread import spread

    tally = Tally()
    job = partial(play_one, game, ruleset, tuple(levels), seed, seconds)
    for done, played in enumerate(spread(job, range(games), workers, cluster), start=1):
        tally.add(*played)
        if progress is not None:
            progress(done, games)
    return tally


def summary(tally: Tally, game: str, ruleset: str, levels: tuple[str, str], seed: int,
            seconds: float | None) -> dict:  # fmt: skip
    """The results as plain data: what the JSON holds, and the rows of the others."""

    def row(group: str, name: str, wins: int) -> dict:
        low, high = wilson(wins, tally.games)
        # Six places: finer than any run can measure, short enough to read.
        return {"group": group, "name": name, "games": tally.games, "wins": wins,
                "draws": tally.draws, "win_rate": round(wins / tally.games, 6),
                "wilson_low": round(low, 6), "wilson_high": round(high, 6)}  # fmt: skip

    first, second = levels
    # The same level on both sides: tell them apart by their order on the command line.
    names = (first, second) if first != second else (f"{first} (1)", f"{second} (2)")
    return {
        "game": game,
        "ruleset": ruleset,
        "levels": list(levels),
        "games": tally.games,
        "seed": seed,
        "hard_seconds": seconds,
        "draws": tally.draws,
        "average_moves": round(tally.moves / tally.games, 2),
        "average_throws": round(tally.throws / tally.games, 2),
        "confidence": 0.95,
        "rows": [
            row("level", names[0], tally.level_wins[0]),
            row("level", names[1], tally.level_wins[1]),
            row("seat", "0", tally.seat_wins[0]),
            row("seat", "1", tally.seat_wins[1]),
        ],
    }


CSV_COLUMNS = ("group", "name", "games", "wins", "draws", "win_rate", "wilson_low",
               "wilson_high", "average_moves", "average_throws")  # fmt: skip


def as_csv(data: dict) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for row in data["rows"]:
        writer.writerow({**row, "average_moves": data["average_moves"],
                         "average_throws": data["average_throws"]})  # fmt: skip
    return out.getvalue().rstrip("\n")


def as_table(data: dict) -> str:
    def name(row: dict) -> str:
        if row["group"] == "level":
            return row["name"]
        return _("Player {number} (seat {seat})", number=int(row["name"]) + 1, seat=row["name"])

    header = (_("player"), _("games"), _("wins"), _("win rate"), _("95% interval"))
    rows = [
        (name(r), str(r["games"]), str(r["wins"]), f"{100 * r['win_rate']:.1f}%",
         f"{100 * r['wilson_low']:.1f}% – {100 * r['wilson_high']:.1f}%")
        for r in data["rows"]
    ]  # fmt: skip
    widths = [max(len(line[i]) for line in (header, *rows)) for i in range(len(header))]

    def line(cells: tuple[str, ...]) -> str:
        first = cells[0].ljust(widths[0])
        return "  ".join([first, *(c.rjust(w) for c, w in zip(cells[1:], widths[1:], strict=True))])

    lines = [
        _("{game} ({ruleset}): {first} against {second}, {games} games, seats alternated, "
          "seed {seed}", game=data["game"], ruleset=data["ruleset"],
          first=data["levels"][0], second=data["levels"][1], games=data["games"],
          seed=data["seed"]),
        "",
        line(header),
        line(tuple("-" * w for w in widths)),
        *(line(r) for r in rows[:2]),
        *(line(r) for r in rows[2:]),
        "",
        _("Draws: {draws}. Average length: {moves} moves, {throws} throws.",
          draws=data["draws"], moves=f"{data['average_moves']:.1f}",
          throws=f"{data['average_throws']:.1f}"),
        _("Win rates with 95% Wilson score intervals; a draw is a game neither side won."),
    ]  # fmt: skip
    return "\n".join(lines)


def run(args: argparse.Namespace, streams: Any) -> int:
    ruleset = check(args.game, args.ruleset)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    levels = (args.first, args.second)
    began = time.monotonic()

    def progress(done: int, total: int) -> None:
        elapsed = time.monotonic() - began
        text = _("game {done} of {total} ({seconds} s)", done=done, total=total,
                 seconds=f"{elapsed:.0f}")  # fmt: skip
        streams.progress(text, last=done == total)

    if args.cluster is not None:
        try:
            import ray  # noqa: F401  (only said here: spread imports it again)
        except ImportError:
            return streams.fail(_("--cluster needs the ray package (pip install ray)"))
    tally = simulate(args.game, ruleset, levels, args.games, seed, args.seconds, progress,
                     workers=args.workers, cluster=args.cluster)  # fmt: skip
    data = summary(tally, args.game, ruleset, levels, seed, args.seconds)
    if args.format == "json":
        streams.out(json.dumps(data, indent=2))
    elif args.format == "csv":
        streams.out(as_csv(data))
    else:
        streams.out(as_table(data))
    return 0
