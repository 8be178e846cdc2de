"""The games of the app and their browser-facing ``ui`` modules.

Every ``ui`` module offers the same functions (title, start, board_svg, side_svg,
status, ending, log_entry, game_log, ruleset_name, reading_name, can_throw, throw, pass_move,
last_move, tap, piece_actions, rules_page), so the browser glue works for any game
without knowing its rules.
A game's ``ui`` (and its drawing code) is imported only when that game is on screen,
so the start-up pays for one game, not all of them.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from . import saves

GAMES = ("senet", "squadro", "lodestone")


def ui(game: str) -> ModuleType:
    if game not in GAMES:
        raise KeyError(f"unknown game {game!r}")
    return import_module(f"ludeum.{game}.ui")


def ui_for(state) -> ModuleType:
    return ui(saves.game_name(state))
