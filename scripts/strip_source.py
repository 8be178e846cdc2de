"""Python source less its docstrings and comments, every line where it was.

The browser downloads the standard library's modules as sources (docs/performance.md,
"Sources or bytecode for the standard library?"), and the engine as bytecode. Neither
needs its docstrings or comments to run: Python itself drops docstrings under -OO,
which the standard library supports. What stays is the code, on the same lines, so a
traceback still points at the right line.

Docstrings go as -OO drops them (``__doc__`` is None), asserts stay: a docstring that
is the only statement of a body becomes ``pass``. Comments go, but the two lines a
source-encoding declaration may sit on keep theirs. Called by scripts/strip-sources.mjs
in the Pyodide the site ships (its Python parses its own standard library) and by
scripts/pack-engine.mjs; tested on CPython (tests/unit/test_strip_source.py).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize

_CODING = re.compile(rb"^[ \t\f]*#.*?coding[:=]")
_BODIES = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def _docstrings(tree: ast.Module) -> list[tuple[ast.Expr, bool, bool]]:
    """Each docstring statement, whether it is its body's only statement, and whether
    it is the module's own."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, _BODIES) and node.body:
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                found.append((first, len(node.body) == 1, isinstance(node, ast.Module)))
    return found


def _blank(
    lines: list[bytearray], start: tuple[int, int], end: tuple[int, int], put: bytes
) -> None:
    """Replace the text from ``start`` to ``end`` ((line from 1, byte column)) by
    ``put``, and each line break it spanned by an empty line."""
    (first, col), (last, end_col) = start, end
    rest = bytes(lines[last - 1][end_col:])
    lines[first - 1] = lines[first - 1][:col] + put + (b"\n" if last > first else rest)
    for row in range(first, last):
        lines[row] = bytearray(b"\n")
    if last > first:
        lines[last - 1] = bytearray(rest.lstrip(b" \t"))


def strip(source: str) -> str:
    """``source`` without docstrings and comments, line for line. Raises SyntaxError
    if ``source`` does not parse (in the running Python)."""
    tree = ast.parse(source)
    data = source.encode("utf-8")
    # Split as tokenize reads it (at "\n" only), so that its rows are these lines.
    lines = [bytearray(line) for line in io.BytesIO(data).readlines()]
    # Comments first (their positions are the source's), last to first per line.
    comments = [
        token
        for token in tokenize.tokenize(io.BytesIO(data).readline)
        if token.type == tokenize.COMMENT
    ]
    for token in reversed(comments):
        row, col = token.start
        # tokenize's columns count characters; the lines here are bytes.
        text = lines[row - 1].decode("utf-8")
        if row <= 2 and _CODING.match(lines[row - 1]):
            continue
        lines[row - 1] = bytearray(
            (text[:col].rstrip(" \t") + text[token.end[1] :]).encode("utf-8")
        )
    # Docstrings: ast's columns are UTF-8 byte offsets. Comments only ever removed
    # text after a docstring's line's code, never before it, so its start column
    # holds; its end column does too unless a comment followed it on that line.
    docstrings = sorted(_docstrings(tree), key=lambda found: found[0].lineno, reverse=True)
    for node, alone, module in docstrings:
        end_line = lines[node.end_lineno - 1]
        end_col = min(node.end_col_offset, len(end_line.rstrip(b"\r\n")))
        if end_line[end_col:].strip():
            continue  # '"""doc"""; x = 1': code after it on its line, left as it is
        put = b"pass" if alone and not module else b""
        _blank(lines, (node.lineno, node.col_offset), (node.end_lineno, end_col), put)
    return b"".join(lines).decode("utf-8")
