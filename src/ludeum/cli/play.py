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
from dataclasses import dataclass
from typing import Any

from .. import games, saves, seats
from ..i18n import _
from ..protocol import CHANCE
from . import HelpFormatter
from .board_text import board_text
from .choices import APP_LEVELS, add_game_options, check, new_state, positive_float
from .show import players_line

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
    streams.out(_("{game}: {ruleset}", game=ui.title(), ruleset=ui.ruleset_name(state)))
    streams.out(players_line(state, players))
    streams.out(_("Type q to stop."))
    table = Table(state, players, source, args.seconds)
    try:
        stopped = table.play(streams)
    except KeyboardInterrupt:  # Ctrl+C stops the game like q: it is shown and saved
        streams.out("")
        stopped = True
    state = table.state
    streams.out("")
    streams.out(board_text(state))
    streams.out(ui.status(state, seats.seating(players)))
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


@dataclass
class Table:
    """The game being played and who plays it; ``state`` is always the position
    reached, so a game interrupted at any moment is kept whole."""

    state: Any
    players: tuple[str, str]
    source: random.Random
    seconds: float | None

    def play(self, streams: Any) -> bool:
        """Play until the game ends (False) or the person stops it (True)."""
        from ..ai.players import choose  # the search code, only once a game is played

        ui = games.ui_for(self.state)
        # Against the computer the words say "you" and "the computer", as the page does.
        seating = seats.seating(self.players)
        while (actor := self.state.to_act()) is not None:
            state = self.state
            seat = ui.seat_to_play(state)
            person = not seats.is_computer(self.players, seat)
            if actor == CHANCE:
                if person:
                    streams.out("")
                    streams.out(ui.status(state, seating))
                    answer = streams.ask(_("Press Enter to throw: "))
                    if answer is None or answer.strip().lower() in QUIT:
                        return True
                action = ui.throw(state, self.source)
            elif person:
                action = self.ask_move(state, ui, streams, seating)
                if action is None:
                    return True
            else:
                action = choose(state, self.players[seat], self.source, self.seconds)
            self.state = state.apply(action)
            entry = ui.log_entry(state, action, self.state, seating)
            if entry:
                streams.out(f"  {entry}")
        return False

    @staticmethod
    def ask_move(
        state: Any, ui: Any, streams: Any, seating: seats.Seating = seats.SIDES
    ) -> Any | None:
        """The move a person chooses, asked again until it is legal; None to stop."""
        moves = list(state.legal_moves())
        streams.out("")
        streams.out(board_text(state))
        streams.out(ui.status(state, seating))
        for number, move in enumerate(moves, 1):
            streams.out(f"{number:>4}. {move.notation():<8} {ui.describe_move(state, move)}")
        while True:
            answer = streams.ask(_("Your move (number or notation): "))
            if answer is None or answer.strip().lower() in QUIT:
                return None
            action = choose_action(moves, answer)
            if action is not None:
                return action
            streams.out(_("Not a legal move here: answer 1 to {count}, or a move as listed.",
                          count=len(moves)))  # fmt: skip
