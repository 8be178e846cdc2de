"""Very long saved games in the Pyodide the site ships, run by Node: load, write out
and free a 100,000-action Senet record (opening throws), a 100,000-move Squadro
record (a cycle repeated) and an 11,000-action Lodestone game (its longest kind: a
capture only every ~1,000 quiet moves). The browser's interpreter has a much
smaller stack than CPython; a history nesting one object per action killed it when
such a state was freed (issue 12). Needs node and node_modules (``npm ci``, which
``scripts/build.py`` and ``scripts/test.sh`` run): it fails, not skips, without them.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from long_games import lodestone_record, senet_record, squadro_record

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(__file__).with_name("pyodide_deep_records.mjs")


def node() -> str:
    found = shutil.which("node")
    assert found, "node is not installed: install Node.js, then run npm ci (scripts/test.sh)"
    assert (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file(), (
        "node_modules/pyodide is missing: run `npm ci` or `python3 scripts/build.py`"
    )
    return found


@pytest.mark.long
def test_pyodide_loads_and_frees_the_longest_records_of_every_game(tmp_path):
    records = {
        "senet": senet_record(100_000),
        "squadro": squadro_record(100_000),
        "lodestone": lodestone_record(),
    }
    counts = {game: len(json.loads(text)["record"]["actions"]) for game, text in records.items()}
    assert counts["senet"] == 100_000 and counts["squadro"] >= 100_000
    assert counts["lodestone"] >= 5_000
    (tmp_path / "records.json").write_text(json.dumps(records))

    run = subprocess.run(
        [node(), str(SCRIPT), str(ROOT / "src"), str(tmp_path / "records.json")],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )  # fmt: skip

    assert run.returncode == 0, run.stdout + run.stderr[-3000:]
    assert run.stdout.splitlines() == [
        f"{game} loaded {n} dumped {n} freed" for game, n in counts.items()
    ]
