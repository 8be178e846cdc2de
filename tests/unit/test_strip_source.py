"""scripts/strip_source.py: sources less docstrings and comments, line for line.

The rule checked: what the browser gets runs as the source would under -OO (the same
instructions, NOP aside), with every line where it was, and nothing it cannot parse.
"""

from __future__ import annotations

import dis
import sys
import sysconfig
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
try:
    from strip_source import strip
finally:
    sys.path.pop(0)


def shape(code: types.CodeType) -> list:
    """The instructions, nested code included, without NOPs and jump offsets: -OO
    leaves a NOP where a docstring was, and stripping shifts nothing else."""
    out = []
    for op in dis.get_instructions(code):
        if op.opname == "NOP":
            continue
        value = op.argval
        if op.opcode in dis.hasjrel or op.opcode in dis.hasjabs:
            value = None
        out.append((op.opname, shape(value) if isinstance(value, types.CodeType) else repr(value)))
    return out


def assert_same_program(source: str, name: str = "<test>") -> str:
    stripped = strip(source)
    assert stripped.count("\n") == source.count("\n"), "a line moved"
    before = compile(source, name, "exec", optimize=2)
    after = compile(stripped, name, "exec", optimize=2)
    assert shape(after) == shape(before), name
    return stripped


def test_docstrings_and_comments_go_and_every_line_stays() -> None:
    source = (
        '"""The module\'s docstring,\nover two lines."""\n'
        "from __future__ import annotations  # a comment after code\n"
        "# a comment alone\n"
        "class Board:\n"
        '    """Only a docstring: the body becomes pass."""\n'
        "def throw(sticks):\n"
        "    '''A docstring, then code.'''  # and a comment\n"
        "    return sum(sticks)  # white faces\n"
        "def noop(): '''on the def's line'''\n"
    )
    stripped = assert_same_program(source)
    assert "docstring" not in stripped and "comment" not in stripped
    assert "#" not in stripped
    lines = stripped.splitlines()
    assert lines[5] == "    pass"
    assert lines[8] == "    return sum(sticks)"
    assert lines[9] == "def noop(): pass"
    namespace: dict = {}
    exec(compile(stripped, "<stripped>", "exec"), namespace)
    assert namespace["throw"]([1, 0, 1]) == 2
    assert namespace["throw"].__doc__ is None and namespace["Board"].__doc__ is None


def test_a_source_encoding_declaration_stays_and_strings_are_untouched() -> None:
    source = (
        "# -*- coding: utf-8 -*-\n"
        "SIGN = 'é # not a comment'  # but this is\n"
        'GLYPH = """\n# inside a string\n"""\n'
    )
    stripped = assert_same_program(source)
    assert stripped.splitlines()[0] == "# -*- coding: utf-8 -*-"
    assert "'é # not a comment'" in stripped and "# inside a string" in stripped
    assert "but this is" not in stripped


def test_a_docstring_with_code_after_it_on_its_line_is_left() -> None:
    source = '"""doc"""; TOKEN = 1\ndef f():\n    """doc"""; return 2\n'
    assert assert_same_program(source) == source


@pytest.mark.parametrize("folder", ["ludeum", "web"])
def test_every_module_of_ours_strips_to_the_same_program(folder: str) -> None:
    files = sorted((ROOT / "src" / folder).rglob("*.py"))
    assert files
    for path in files:
        assert_same_program(path.read_text(encoding="utf-8"), str(path))


def test_the_standard_library_strips_to_the_same_program() -> None:
    """This Python's own library: the shipped one is stripped in Pyodide's Python by
    the same code (scripts/strip-sources.mjs), where the build checks it compiles."""
    library = Path(sysconfig.get_paths()["stdlib"])
    names = ("typing", "dataclasses", "enum", "json/decoder", "re/_parser", "random", "gettext")
    for name in names:
        path = library / f"{name}.py"
        assert_same_program(path.read_text(encoding="utf-8"), str(path))
