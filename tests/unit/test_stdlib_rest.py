"""The last-resort finder for standard-library modules the build's trace missed
(scripts/stdlib_rest.py), on CPython with a zip of our own standing in for the rest."""

from __future__ import annotations

import importlib
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import stdlib_rest  # noqa: E402

sys.path.pop(0)


@pytest.fixture
def rest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict]:
    archive = tmp_path / "rest.zip"
    with zipfile.ZipFile(archive, "w") as made:
        made.writestr("escapee_top.py", "VALUE = 41 + 1\n")
        made.writestr("escapee_pkg/__init__.py", "from escapee_pkg import inner\n")
        made.writestr("escapee_pkg/inner.py", "WHERE = 'inner'\n")
    names = frozenset({"escapee_top", "escapee_pkg", "escapee_pkg.inner"})
    monkeypatch.setattr(stdlib_rest, "REST_MODULES", names)
    seen: dict = {"fetches": 0, "warnings": [], "archive": str(archive)}

    def fetch(version: str) -> str:
        assert version == stdlib_rest.REST_VERSION
        seen["fetches"] += 1
        if seen.get("offline"):
            raise OSError("offline")
        return seen["archive"]

    finder = stdlib_rest.StdlibRest(fetch, seen["warnings"].append)
    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, finder])
    yield seen
    for name in names:
        sys.modules.pop(name, None)


def test_an_escaped_module_is_fetched_once_imported_and_named(rest: dict) -> None:
    assert importlib.import_module("escapee_top").VALUE == 42
    assert importlib.import_module("escapee_pkg").inner.WHERE == "inner"
    assert rest["fetches"] == 1
    escaped = [w.split(stdlib_rest.ESCAPED)[1].split()[0] for w in rest["warnings"]]
    # A package from the rest brings its own submodules along: it alone is named.
    assert escaped == ["escapee_top", "escapee_pkg"]


def test_a_name_the_rest_does_not_hold_costs_no_fetch(rest: dict) -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("no_such_module_anywhere")
    assert rest["fetches"] == 0 and rest["warnings"] == []


def test_a_failed_fetch_is_said_and_fails_the_import_only(rest: dict) -> None:
    rest["offline"] = True
    with pytest.raises(ModuleNotFoundError, match="could not be fetched: offline"):
        importlib.import_module("escapee_top")
    assert "escapee_top" in rest["warnings"][0]
    rest["offline"] = False  # tried again on the next import
    assert importlib.import_module("escapee_top").VALUE == 42


def test_install_puts_one_finder_last() -> None:
    before = list(sys.meta_path)
    try:
        stdlib_rest.install(lambda version: "", print)
        stdlib_rest.install(lambda version: "", print)
        added = [f for f in sys.meta_path if isinstance(f, stdlib_rest.StdlibRest)]
        assert len(added) == 1 and sys.meta_path[-1] is added[0]
    finally:
        sys.meta_path[:] = before
