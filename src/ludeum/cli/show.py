"""``show``: a saved game as text (and, on request, its board as SVG)."""

from __future__ import annotations

import argparse
from typing import Any

from .. import games, seats
from ..i18n import _
from . import HelpFormatter
from .board_text import board_text, position_text
from .inputs import read_game, read_source


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "show",
        help=_("show a saved game as text"),
        description=_(
            "Show a saved game: its game, ruleset, players and result, the move list "
            "as the app words it, and the board as text. The game is a file saved by "
            "the app or by the play command, or - to read it from standard input."
        ),
        epilog=_(
            "examples:\n"
            "  python -m ludeum show game.json\n"
            "  python -m ludeum show game.json --at 20 --svg board.svg\n"
            "  cat game.json | python -m ludeum show -"
        ),
        formatter_class=HelpFormatter,
    )
    parser.add_argument("file", help=_("the saved game (JSON), or - for standard input"))
    parser.add_argument("--at", type=int, metavar="N",
                        help=_("show the position after the first N actions"))  # fmt: skip
    parser.add_argument("--svg", metavar="FILE",
                        help=_("also write the board as a standalone SVG file"))  # fmt: skip
    parser.set_defaults(run=run)


def state_at(state: Any, count: int) -> Any:
    """The game as it stood after its first ``count`` actions, history included."""
    position = state.start()
    for action in state.actions()[:count]:
        position = position.apply(action)
    return position


def players_line(state: Any, players: tuple[str, str]) -> str:
    """Who plays: the app's words for the new-game form's first choice when two people
    play, else each side with its player ("Dark (Player 2): Computer (Hard)")."""
    if players == seats.HUMANS:
        return _("Players: {players}", players=_("Two people on this device"))
    ui = games.ui_for(state)
    sides = [ui.side_label(state, seat) for seat in (0, 1)]
    return _("Players: {players}", players=seats.players_text(players, sides))


def describe(state: Any, players: tuple[str, str], total: int) -> str:
    """Everything ``show`` prints about a game, as one text."""
    ui = games.ui_for(state)
    done = len(state.actions())
    lines = [
        _("{game}: {ruleset}", game=ui.title(), ruleset=ui.ruleset_name(state)),
        players_line(state, players),
    ]
    if state.outcome() is None:
        lines.append(_("Result: not finished."))
        lines.append(_("Status: {status}", status=ui.status(state)))
    else:
        lines.append(_("Result: {status}", status=ui.status(state)))
    lines.append("")
    lines.append(_("Moves:"))
    log = ui.game_log(state)
    lines.extend(f"{number:>4}. {entry}" for number, entry in enumerate(log, 1))
    if not log:
        lines.append(_("    (none yet)"))
    lines.append("")
    lines.append(_("Position after {count} of {total} actions:", count=done, total=total))
    lines.append(board_text(state))
    lines.append(position_text(state))
    return "\n".join(lines)


def run(args: argparse.Namespace, streams: Any) -> int:
    where = _("standard input") if args.file == "-" else args.file
    try:
        text = read_source(args.file, streams.stdin)
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or type(error).__name__
        return streams.fail(_("cannot read {file}: {reason}", file=where, reason=reason))
    try:
        state, players = read_game(text)
    except ValueError as error:
        return streams.fail(_("{file} is not a game Ludeum can read: {reason}",
                              file=where, reason=str(error)[:300]))  # fmt: skip
    total = len(state.actions())
    if args.at is not None:
        if not 0 <= args.at <= total:
            return streams.usage(_("--at takes 0 to {total} for this game", total=total))
        state = state_at(state, args.at)
    streams.out(describe(state, players, total))
    if args.svg:
        from .svg_page import document

        ui = games.ui_for(state)
        markup = board_svg(state)
        title = _("{game}: {ruleset}", game=ui.title(), ruleset=ui.ruleset_name(state))
        try:
            with open(args.svg, "w", encoding="utf-8") as file:
                file.write(document(markup, title))
        except OSError as error:
            return streams.fail(_("cannot write {file}: {reason}", file=args.svg,
                                  reason=error.strerror or type(error).__name__))  # fmt: skip
    return 0


def board_svg(state: Any) -> str:
    """The board as the app draws it, the last move marked, as a picture: no buttons,
    no tab stop (``interactive=False``)."""
    from importlib import import_module

    ui = games.ui_for(state)
    svg = import_module(f"ludeum.{ui.GAME}.svg")
    return svg.board_svg(state, last_move=ui.last_move(state), interactive=False)
