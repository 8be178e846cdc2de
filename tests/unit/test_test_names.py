"""pytest (rootdir-relative imports, no packages) cannot collect two test modules of
one name: the second fails with "import file mismatch" and the whole run stops. A
name used twice under tests/ is caught here, with both places named."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent


def test_every_test_module_has_a_name_of_its_own() -> None:
    places = defaultdict(list)
    for path in TESTS.rglob("*.py"):
        if path.name.startswith("test_") or path.name == "conftest.py":
            places[path.name].append(path.relative_to(TESTS).as_posix())
    twice = {name: where for name, where in places.items()
             if len(where) > 1 and name != "conftest.py"}  # fmt: skip
    assert twice == {}, f"test modules sharing a name: {twice}"
