"""The browser glue's rooms keep to their own.

The rule checked: no room of src/web/ assigns an attribute of the screen
(``screen.state = ...``, ``self.screen.logged = 0``) or of another room through it
(``screen.review.stop = None``). A room changes the game on screen through a
transition of ``ludeum.table`` and hands the table it returns to the screen
(``screen.apply(*tables.take_back(screen.table))``, ``screen.change(tables.select,
name)``); it changes another room by calling it. Two files are exempt: screen.py,
which holds the table, and main.py, which wires the rooms to the screen once at
boot. Read from the sources with ``ast``: src/web/ imports ``pyscript``, so it is
never imported on CPython.
"""

from __future__ import annotations

import ast
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "src" / "web"
#: The screen itself, and the boot that wires the rooms to it.
EXEMPT = {"screen.py", "main.py"}


def _through_screen(node: ast.expr) -> str | None:
    """The dotted target if ``node`` is an attribute reached from ``screen`` or
    ``self.screen`` (``screen.state``, ``self.screen.review.stop``), else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    parts.reverse()
    if isinstance(node, ast.Name) and node.id == "screen" and parts:
        return ".".join(parts)
    if isinstance(node, ast.Name) and node.id == "self" and parts[:1] == ["screen"]:
        return ".".join(parts[1:]) or None
    return None


def screen_writes(source: str) -> list[tuple[int, str]]:
    """(line, attribute) of every assignment through the screen."""
    found = []
    for node in ast.walk(ast.parse(source)):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for target in targets:
            for part in ast.walk(target):
                if isinstance(part, ast.Attribute) and isinstance(part.ctx, ast.Store):
                    reached = _through_screen(part)
                    if reached is not None:
                        found.append((part.lineno, reached))
    return found


def test_the_check_finds_a_write() -> None:
    source = (
        "screen.state = s\n"
        "self.screen.log += (e,)\n"
        "a, screen.ahead = 1, ()\n"
        "self.screen.review.stop = None\n"
        "screen.table = t\n"
    )
    assert [what for _line, what in screen_writes(source)] == [
        "state", "log", "ahead", "review.stop", "table",
    ]  # fmt: skip
    reads = "screen.apply(*tables.redo(screen.table))\nself.stop = screen.review.stop\n"
    assert screen_writes(reads + "self.screen = screen\nscreen_name = 1\n") == []


def test_no_room_assigns_the_screen_or_another_room_through_it() -> None:
    rooms = sorted(path for path in WEB.glob("*.py") if path.name not in EXEMPT)
    assert len(rooms) > 20
    writes = {}
    for path in rooms:
        found = screen_writes(path.read_text(encoding="utf-8"))
        if found:
            writes[path.name] = found
    assert writes == {}, f"rooms assigning through the screen: {writes}"


def test_the_screen_is_wiring() -> None:
    # GameScreen holds the table and hands it round; drawing, pacing, controls and
    # new games are rooms of their own (issue 36's aim: under 250 lines).
    lines = (WEB / "screen.py").read_text(encoding="utf-8").count("\n")
    assert lines < 250, f"src/web/screen.py has grown to {lines} lines"
