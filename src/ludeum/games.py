"""The games of the app and their browser-facing ``ui`` modules.

Every ``ui`` module offers the same functions (title, start, board_svg, side_svg,
status, log_entry, game_log, ruleset_name, can_throw, throw, pass_move, last_move,
tap, rules_page), so the browser glue works for any game without knowing its rules.
"""

from __future__ import annotations

from types import ModuleType

from . import saves
from .lodestone import ui as lodestone_ui
from .senet import ui as senet_ui
from .squadro import ui as squadro_ui

UI: dict[str, ModuleType] = {
    "senet": senet_ui,
    "squadro": squadro_ui,
    "lodestone": lodestone_ui,
}


def ui_for(state) -> ModuleType:
    return UI[saves.game_name(state)]
