"""The browser glue's rooms change the game on screen only through the table.

The rule checked: no room of src/web/ other than screen.py assigns a field of the
game on screen (``ludeum.table.Table``) through the screen (``screen.state = ...``,
``self.screen.log += ...``); each calls a transition of ``ludeum.table`` and puts
the table it returns in place (``screen.table = tables.take_back(screen.table)``).
Read from the sources with ``ast``: src/web/ imports ``pyscript``, so it is never
imported on CPython.
"""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

from ludeum.table import Table

WEB = Path(__file__).resolve().parents[2] / "src" / "web"
#: GameScreen's names for the table's fields (src/web/screen.py, _OnTable).
SCREEN_NAMES = {"turn_steps": "turn", "request_id": "request", "waiting_for": "waiting"}
TABLE_FIELDS = {field.name for field in dataclasses.fields(Table)} | set(SCREEN_NAMES) | {"hint"}


def _is_screen(node: ast.expr) -> bool:
    """``screen`` or ``self.screen``."""
    if isinstance(node, ast.Name):
        return node.id == "screen"
    return isinstance(node, ast.Attribute) and node.attr == "screen"


def table_writes(source: str) -> list[tuple[int, str]]:
    """(line, field) of every assignment to a table field through the screen."""
    found = []
    for node in ast.walk(ast.parse(source)):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for target in targets:
            for part in ast.walk(target):
                if (
                    isinstance(part, ast.Attribute)
                    and part.attr in TABLE_FIELDS
                    and part.attr != "table"
                    and _is_screen(part.value)
                ):
                    found.append((part.lineno, part.attr))
    return found


def test_the_check_finds_a_write() -> None:
    source = "screen.state = s\nself.screen.log += (e,)\na, screen.ahead = 1, ()\n"
    assert [field for _line, field in table_writes(source)] == ["state", "log", "ahead"]
    assert table_writes("screen.table = tables.redo(screen.table)\nscreen.logged = 0\n") == []


def test_no_room_writes_the_game_on_screen_but_through_the_table() -> None:
    rooms = sorted(path for path in WEB.glob("*.py") if path.name != "screen.py")
    assert len(rooms) > 10
    writes = {
        path.name: table_writes(path.read_text(encoding="utf-8"))
        for path in rooms
        if table_writes(path.read_text(encoding="utf-8"))
    }
    assert writes == {}, f"rooms writing the table's fields through the screen: {writes}"
