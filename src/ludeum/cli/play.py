"""``play``: a game in a terminal, between two people or against the computer.

Each turn shows the board as text, the status line the app shows, and the legal
moves numbered; a person answers with a number or the move's notation (``12-15``,
``3`` for a Squadro lane, ``d2-d4``, ``Kd``). A throw is made by pressing Enter.
``q`` or the end of the input stops the game; ``--save`` then writes it, finished or
not, as a saved game the app and ``show`` can open.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from .. import games, saves, seats
from ..i18n import _
from ..protocol import CHANCE
from . import HelpFormatter
from .board_text import board_text
from .choices import APP_LEVELS, check, new_state
from .simulate import add_game_options, positive_float

QUIT = ("q", "quit", "exit")


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "play",
        help=_("play a game in the terminal"),
        description=_(
            "Play a game in the terminal: two people taking turns at one keyboard, or "
            "one person against the computer. Answer with a move's number or its "
            "notation; press Enter to throw the sticks; q or the end of the input "
            "stops the game."
        ),
        epilog=_(
            "examples:\n"
            "  python -m ludeum play\n"
            "  python -m ludeum play --game squadro --against hard --computer-seat 0\n"
            "  python -m ludeum play --ruleset tait --against medium --seed 7 --save game.json"
        ),
        formatter_class=HelpFormatter,
    )
    add_game_options(parser)
    parser.add_argument("--against", choices=APP_LEVELS, metavar="LEVEL",
                        help=_("play against the computer at this level: easy, medium "
                               "or hard (default: two people)"))  # fmt: skip
    parser.add_argument("--computer-seat", type=int, choices=(0, 1), default=1,
                        help=_("the computer's seat: 0 (Player 1) or 1 (Player 2, "
                               "the default)"))  # fmt: skip
    parser.add_argument("--first", type=int, choices=(0, 1), default=0,
                        help=_("the seat that begins (default: 0)"))  # fmt: skip
    parser.add_argument("--seed", type=int, help=_("seed for the throws and the computer"))
    parser.add_argument("--seconds", type=positive_float, metavar="S",
                        help=_("Hard's thinking time per move (the app's: 1)"))  # fmt: skip
    parser.add_argument("--save", metavar="FILE",
                        help=_("write the game to FILE when it ends or is stopped"))  # fmt: skip
    parser.set_defaults(run=run)


def choose_action(moves: list[Any], answer: str) -> Any | None:
    """The move a person's answer names: its number in the list (from 1), or its
    notation (exactly, else ignoring case); Enter when only one move is possible.
    None when the answer names no legal move."""
    answer = answer.strip()
    if not answer and len(moves) == 1:
        return moves[0]
    if answer.isascii() and answer.isdigit() and 1 <= int(answer) <= len(moves):
        return moves[int(answer) - 1]
    for exact in (True, False):
        for move in moves:
            written = move.notation()
            if written == answer or (not exact and written.lower() == answer.lower()):
                return move
    return None


def run(args: argparse.Namespace, streams: Any) -> int:
    ruleset = check(args.game, args.ruleset)
    players = seats.HUMANS
    if args.against:
        players = tuple(args.against if s == args.computer_seat else seats.HUMAN
                        for s in (0, 1))  # fmt: skip
    source = random.Random(args.seed)
    state = new_state(args.game, ruleset, args.first)
    ui = games.ui(args.game)
    sides = [ui.side_label(state, seat) for seat in (0, 1)]
    streams.out(_("{game}: {ruleset}", game=ui.title(), ruleset=ui.ruleset_name(state)))
    streams.out(_("Players: {players}", players=seats.players_text(players, sides)))
    streams.out(_("Type q to stop."))
    state, stopped = _play(state, players, ui, source, args.seconds, streams)
    streams.out("")
    streams.out(board_text(state))
    streams.out(ui.status(state))
    if stopped:
        streams.out(_("Game stopped; actions played: {count}.", count=len(state.actions())))
    if args.save:
        try:
            with open(args.save, "w", encoding="utf-8") as file:
                file.write(saves.dump(state, players))
        except OSError as error:
            return streams.fail(_("cannot write {file}: {reason}", file=args.save,
                                  reason=error.strerror or type(error).__name__))  # fmt: skip
        streams.out(_("Saved to {file}.", file=args.save))
    return 0


def _play(state: Any, players: tuple[str, str], ui: Any, source: random.Random,
          seconds: float | None, streams: Any) -> tuple[Any, bool]:  # fmt: skip
    """Play until the game ends (False) or the person stops it (True)."""
    from ..ai.players import choose  # the search code, only once a game is played

    while (actor := state.to_act()) is not None:
        seat = ui.seat_to_play(state)
        person = not seats.is_computer(players, seat)
        if actor == CHANCE:
            if person:
                streams.out("")
                streams.out(ui.status(state))
                answer = streams.ask(_("Press Enter to throw: "))
                if answer is None or answer.strip().lower() in QUIT:
                    return state, True
            action = ui.throw(state, source)
        elif person:
            moves = list(state.legal_moves())
            streams.out("")
            streams.out(board_text(state))
            streams.out(ui.status(state))
            for number, move in enumerate(moves, 1):
                streams.out(f"{number:>4}. {move.notation():<8} {ui.describe_move(state, move)}")
            action = None
            while action is None:
                answer = streams.ask(_("Your move (number or notation): "))
                if answer is None or answer.strip().lower() in QUIT:
                    return state, True
                action = choose_action(moves, answer)
                if action is None:
                    streams.out(_("Not a legal move here: answer 1 to {count}, or a move "
                                  "as listed.", count=len(moves)))  # fmt: skip
        else:
            action = choose(state, players[seat], source, seconds)
        before, state = state, state.apply(action)
        entry = ui.log_entry(before, action, state)
        if entry:
            streams.out(f"  {entry}")
    return state, False
