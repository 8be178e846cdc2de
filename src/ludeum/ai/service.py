"""The computer player's end of the conversation between the page and its worker.

The page sends a request as JSON text; ``answer`` returns the reply as JSON text.
Both ends run the same engine, so a reply names its move by its index in
``legal_moves()`` and, as a check, by its notation. Pure Python: the browser
worker (static/computer-worker.mjs) only passes texts in and out, and the tests
call ``answer`` directly.

Request: ``{"id": n, "kind": "move" | "hint", "save": <saved game text>,
"level": "easy" | "medium" | "hard", "seed": n}``. The game travels as a saved game
(``ludeum.saves``), so the worker sees the whole history, throw counts included, and
a tampered position is refused as everywhere else.

Reply: ``{"id": n, "index": i, "move": "12-15", "chance": 0.63 | null,
"ms": 12.5}`` or ``{"id": n, "error": "why"}``; a Senet reply that searched also
gives ``"depth"``, the plies its search finished (for benchmarks/ai_browser.py).

Review (``ludeum.records.review``): ``{"id": n, "kind": "review", "save": <saved
game text>, "from": i, "count": n}`` asks for the win-chance series (Senet) or the
evaluation (the others) at review stops i to i+n-1, from seat 0's point of view;
the reply is ``{"id": n, "from": i, "values": [0.52, ...], "ms": 8.1}`` (fewer values
at the end of the game, none past it). The page asks chunk after chunk of the same
save, so the last game prepared for review is kept rather than replayed each time.

Analysis (``ludeum.analysis.serve``): ``{"id": n, "kind": "analysis", "save": <saved
game text>, "from": k}`` asks for each action's weighing from action k, as many as
a quarter of a second allows; the reply lists them as ``"steps"``.
"""

from __future__ import annotations

import json
import random
import time

from .. import saves
from .players import LEVELS, choose, hint

#: A chunk of review is cut to this many values: one reply
#: should come back within a second or so, so the page's graph keeps filling.
MAX_REVIEW_COUNT = 200
_prepared: dict[str, object] = {}  # the save text last reviewed -> its Review


def _review(request: dict) -> dict:
    from ..games import ui_for
    from ..records.review import Review

    first, count = request.get("from"), request.get("count")
    if type(first) is not int or type(count) is not int or first < 0 or count < 1:
        raise ValueError("a review request needs a start and a count of positions")
    text = request.get("save")
    review = _prepared.get(text) if isinstance(text, str) else None
    if review is None:
        state = saves.load(text)
        review = Review(state, ui_for(state))
        _prepared.clear()
        _prepared[text] = review
    if first > len(review):
        raise ValueError(f"the game has {len(review)} positions to review, not {first}")
    values = review.values(first, min(count, MAX_REVIEW_COUNT))
    return {"id": request.get("id"), "from": first, "values": values}


def answer(request_text: str) -> str:
    began = time.perf_counter()
    request_id = None
    try:
        request = json.loads(request_text)
        if not isinstance(request, dict):
            raise ValueError("a request is a JSON object")
        request_id = request.get("id")
        kind, level, seed = request.get("kind"), request.get("level"), request.get("seed")
        if kind in ("review", "analysis"):
            if kind == "analysis":
                # Game analysis (issue 53) is served here so that the worker keeps one
                # door; it sits above the search it uses, so it is imported late.
                from ..analysis.serve import reply as analysis_reply

                reply = analysis_reply(request)
            else:
                reply = _review(request)
            reply["ms"] = round(1000 * (time.perf_counter() - began), 1)
            return json.dumps(reply)
        if kind not in ("move", "hint"):
            raise ValueError(f"unknown request {kind!r}")
        if kind == "move" and (not isinstance(level, str) or level not in LEVELS):
            raise ValueError(f"unknown level {level!r}")
        state = saves.load(request.get("save"))
        moves = list(state.legal_moves())
        if not moves:
            raise ValueError("there is no move to choose now")
        chance = None
        searched: dict = {}
        if kind == "move":
            seed = seed if type(seed) is int else None
            move = choose(state, level, random.Random(seed), report=searched)
        else:
            move, chance = hint(state, report=searched)
        reply = {"id": request_id, "index": moves.index(move), "move": move.notation(),
                 "chance": chance}  # fmt: skip
        if "depth" in searched:
            reply["depth"] = searched["depth"]
    except (ValueError, RecursionError, saves.SaveError) as error:
        reply = {"id": request_id, "error": str(error)}
    reply["ms"] = round(1000 * (time.perf_counter() - began), 1)
    return json.dumps(reply)
