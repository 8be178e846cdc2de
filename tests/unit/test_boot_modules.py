"""The snapshot's import list (scripts/boot_modules.py): what the page's boot and the
computer's worker import, never the glue that holds page objects."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def boot_modules() -> list[str]:
    # In a fresh interpreter, as the build runs it (-S: no site-packages .pth files):
    # the listing replaces pyscript/js with stand-ins.
    out = subprocess.run(
        [sys.executable, "-S", str(ROOT / "scripts" / "boot_modules.py"), str(ROOT / "src")],
        check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip
    return json.loads(out)


def test_the_snapshot_imports_what_the_boot_and_the_worker_import() -> None:
    names = boot_modules()
    # main.py's own import, what the rooms import, and the worker's service.
    for name in ("ludeum.launch", "ludeum.saves", "ludeum.senet.state", "ludeum.i18n",
                 "ludeum.records.line", "ludeum.ai.service", "json", "random"):  # fmt: skip
        assert name in names, name


def test_the_snapshot_never_imports_the_glue_or_page_modules() -> None:
    roots = {name.split(".")[0] for name in boot_modules()}
    assert not roots & {"web", "pyscript", "js", "pyodide"}


def test_the_command_line_is_left_out() -> None:
    # Terminal only, and not in the browser's archive at all (scripts/pack-engine.mjs).
    assert not [n for n in boot_modules() if n.startswith("ludeum.cli")]
