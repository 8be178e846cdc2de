"""Senet's modules read from the bottom up (issue 28): no module imports, even
inside a function, one that imports it back, directly or through others."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "ludeum" / "senet"


def imports_within_senet() -> dict[str, set[str]]:
    graph = {}
    for path in PACKAGE.glob("*.py"):
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    found.add(node.module.split(".")[0])
                else:  # from . import kendall, tait
                    found.update(alias.name for alias in node.names)
        graph[path.stem] = found - {"__init__"}
    return graph


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the graph, found without recursion, or None."""
    done: set[str] = set()
    for root in sorted(graph):
        if root in done:
            continue
        path, stack = [root], [iter(sorted(graph[root]))]
        while stack:
            child = next(stack[-1], None)
            if child is None:
                done.add(path.pop())
                stack.pop()
            elif child in path:
                return path[path.index(child) :] + [child]
            elif child not in done:
                path.append(child)
                stack.append(iter(sorted(graph.get(child, ()))))
    return None


def test_no_senet_module_imports_one_that_imports_it_back():
    assert cycle(imports_within_senet()) is None


def test_the_rules_sit_below_the_state():
    graph = imports_within_senet()
    for low in ("track", "sticks", "rulesets", "action", "moves", "kendall", "tait"):
        assert "state" not in graph[low] and "save" not in graph[low], low
    assert "save" not in graph["state"]


def test_a_cycle_is_found():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None
