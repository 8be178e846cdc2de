"""``analyse``: a saved game's analysis, as text or JSON (``ludeum.analysis``)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from .. import games
from ..analysis import report, summary
from ..i18n import _
from ..records.positions import entries
from . import HelpFormatter
from .inputs import read_game, read_source
from .show import players_line


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "analyse",
        aliases=["analyze"],
        help=_("weigh every move of a saved game, and Senet's luck"),
        description=_(
            "Analyse saved games: every move weighed against the computer's best, "
            "labelled an inaccuracy, a mistake or a blunder from its loss, each "
            "side's accuracy and, in Senet, each throw's luck and the result split "
            "into luck and skill. A game is a file saved by the app or by the play "
            "command, a share link, a move list, or - for standard input. With "
            "several games and --json, one JSON object a line (JSON Lines)."
        ),
        epilog=_(
            "examples:\n"
            "  python -m ludeum analyse game.json\n"
            "  python -m ludeum analyse --json games/*.json > analyses.jsonl"
        ),
        formatter_class=HelpFormatter,
    )
    parser.add_argument("files", nargs="+", metavar="RECORD",
                        help=_("a saved game, or - for standard input"))  # fmt: skip
    parser.add_argument("--json", action="store_true",
                        help=_("print JSON (one object a line) instead of text"))  # fmt: skip
    parser.add_argument("--depth", type=int, metavar="N", choices=range(0, 7),
                        help=_("plies searched past each move (default: the app's)"))  # fmt: skip
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, streams: Any) -> int:
    failed = 0
    for number, path in enumerate(args.files):
        where = _("standard input") if path == "-" else path
        try:
            source = read_source(path, streams.stdin)
        except (OSError, UnicodeDecodeError) as error:
            reason = getattr(error, "strerror", None) or type(error).__name__
            failed = streams.fail(_("cannot read {file}: {reason}", file=where, reason=reason))
            continue
        try:
            state, players = read_game(source)
        except ValueError as error:
            failed = streams.fail(_("{file} is not a game Ludeum can read: {reason}",
                                    file=where, reason=str(error)[:300]))  # fmt: skip
            continue
        ui = games.ui_for(state)
        analysis = summary.analyse(state, args.depth)
        ends = entries(state, ui)[0]
        if args.json:
            data = report.as_data(analysis, ends)
            data["file"] = path
            data["ruleset"] = ui.ruleset_name(state)
            streams.out(json.dumps(data, ensure_ascii=False))
            continue
        if number:
            streams.out("")
        if len(args.files) > 1:
            streams.out(f"== {where} ==")
        streams.out(_("{game}: {ruleset}", game=ui.title(), ruleset=ui.ruleset_name(state)))
        streams.out(players_line(state, players))
        if state.outcome() is None:
            streams.out(_("Result: not finished."))
        else:
            streams.out(_("Result: {status}", status=ui.status(state)))
        streams.out("")
        sides = tuple(ui.side_label(state, seat) for seat in (0, 1))
        streams.out(report.text(analysis, sides, ui.game_log(state), ends))
    return failed
