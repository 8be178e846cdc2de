"""The analysis in the computer's worker, a chunk at a time (``ludeum.ai.service``).

Request: ``{"id": "analysis-n", "kind": "analysis", "save": <saved game text>,
"from": k}``: the steps from action k on. The worker weighs actions until it has
spent ``CHUNK_SECONDS`` (at least one action), so that a move or a hint asked for
meanwhile waits little, and the page's marks fill in as it goes.

Reply: ``{"id": ..., "from": k, "steps": [...], "total": <actions in the record>,
"game", "depth", "finished", "result"}``, the steps as ``report.as_data`` writes
them, numbered by move-list entry. The record last analysed stays prepared (its
``Analyser`` and the steps done), so each chunk goes on where the last stopped, and
a chunk asked again is answered from what is done.
"""

from __future__ import annotations

import time

from .. import saves
from . import report, summary
from .steps import Analyser

#: Weighing time per reply: short enough that the page's requests keep their turn.
CHUNK_SECONDS = 0.25
_prepared: dict[str, tuple[Analyser, list[int]]] = {}


def reply(request: dict, seconds: float = CHUNK_SECONDS) -> dict:
    from ..games import ui_for
    from ..records.positions import entries

    first = request.get("from")
    if type(first) is not int or first < 0:
        raise ValueError("an analysis request needs the action to start from")
    text = request.get("save")
    prepared = _prepared.get(text) if isinstance(text, str) else None
    if prepared is None:
        state = saves.load(text)
        prepared = Analyser(state), entries(state, ui_for(state))[0]
        _prepared.clear()
        _prepared[text] = prepared
    analyser, ends = prepared
    total = len(analyser.actions)
    if first > total:
        raise ValueError(f"the game has {total} actions to analyse, not {first}")
    began = time.perf_counter()
    while analyser.done < total and (
        analyser.done <= first or time.perf_counter() - began < seconds
    ):
        analyser.run(1)
    data = report.as_data(summary.of(analyser), ends)
    return {
        "id": request.get("id"), "from": first, "steps": data["steps"][first:],
        "total": total, "game": data["game"], "depth": data["depth"],
        "finished": data["finished"], "result": data["result"],
    }  # fmt: skip
