"""What a command line run can choose: the game, its ruleset, the players, and the
options shared by the commands that choose them.

Ruleset names are the ones a link or an embedding takes (``ludeum.launch``), so
``--ruleset tait`` on the command line and ``?ruleset=tait`` in a URL mean the same.
Squadro has one ruleset, called ``standard`` here so that every game has a name.
"""

from __future__ import annotations

import argparse
import math
from typing import Any

from ..games import GAMES
from ..i18n import _
from ..launch import LODESTONE_RULESETS
from ..senet.rulesets import PRESETS

RULESETS: dict[str, tuple[str, ...]] = {
    "senet": tuple(PRESETS),
    "squadro": ("standard",),
    "lodestone": LODESTONE_RULESETS,
}
DEFAULT_RULESET = {"senet": "jequier", "squadro": "standard", "lodestone": "standard"}
#: The app's computer levels; a saved game can name only these (``ludeum.seats``).
APP_LEVELS = ("easy", "medium", "hard")
#: For studies, two players the app does not offer: a uniformly random mover, and one
#: that takes the move its game's evaluation likes best one ply ahead.
STUDY_LEVELS = (*APP_LEVELS, "random", "greedy")


class ChoiceError(ValueError):
    """A game, ruleset or level the command line does not know (a usage error)."""


def check(game: str, ruleset: str | None) -> str:
    """The ruleset to play, its default when none is given; ChoiceError if unknown."""
    if game not in GAMES:
        raise ChoiceError(_("unknown game {game} (choose from {games})",
                            game=repr(game), games=", ".join(GAMES)))  # fmt: skip
    if ruleset is None:
        return DEFAULT_RULESET[game]
    if ruleset not in RULESETS[game]:
        raise ChoiceError(_("{game} has no ruleset {ruleset} (choose from {rulesets})",
                            game=game, ruleset=repr(ruleset),
                            rulesets=", ".join(RULESETS[game])))  # fmt: skip
    return ruleset


def new_state(game: str, ruleset: str, first_seat: int = 0) -> Any:
    """The start of a game, with ``first_seat`` acting first (throwing first in Senet's
    opening; moving first once Lodestone's kings are placed)."""
    if game == "senet":
        from ..senet import new_game

        return new_game(PRESETS[ruleset], first_seat)
    if game == "squadro":
        from ..squadro import new_game

        return new_game(first_seat)
    from ..lodestone import LodestoneRules, new_game

    rules = LodestoneRules(per_colour_reading=ruleset == "per_colour_reading")
    return new_game(rules, first_seat)


def add_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=tuple(RULESETS), default="senet",
                        help=_("the game (default: senet)"))  # fmt: skip
    parser.add_argument("--ruleset", metavar="NAME",
                        help=_("the ruleset. Senet: jequier (the default), jequier_ludii, "
                               "tait, kendall, or kendall_ followed by the options taken, "
                               "in this order and joined by _: five_pieces, "
                               "starting_throw, trap, home_row (kendall_trap_home_row). "
                               "Lodestone: standard (the default) or per_colour_reading. "
                               "Squadro: standard."))  # fmt: skip


def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(_("must be at least 1"))
    return value


def positive_float(text: str) -> float:
    value = float(text)
    if not value > 0 or math.isinf(value):
        raise argparse.ArgumentTypeError(_("must be a positive number"))
    return value
