"""scripts/build.py as a module, for the tests of its pure parts: loaded by its path
(scripts/ is no package), afresh at each call, so that a test may monkeypatch its
globals (DIST, BUNDLE, ...) without touching another test's copy."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def load_build() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ludeum_build", ROOT / "scripts" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
