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
"ms": 12.5}`` or ``{"id": n, "error": "why"}``.
"""

from __future__ import annotations

import json
import random
import time

from .. import saves
from .players import LEVELS, choose, hint


def answer(request_text: str) -> str:
    began = time.perf_counter()
    request_id = None
    try:
        request = json.loads(request_text)
        if not isinstance(request, dict):
            raise ValueError("a request is a JSON object")
        request_id = request.get("id")
        kind, level, seed = request.get("kind"), request.get("level"), request.get("seed")
        if kind not in ("move", "hint"):
            raise ValueError(f"unknown request {kind!r}")
        if kind == "move" and (not isinstance(level, str) or level not in LEVELS):
            raise ValueError(f"unknown level {level!r}")
        state = saves.load(request.get("save"))
        moves = list(state.legal_moves())
        if not moves:
            raise ValueError("there is no move to choose now")
        chance = None
        if kind == "move":
            seed = seed if type(seed) is int else None
            move = choose(state, level, random.Random(seed))
        else:
            move, chance = hint(state)
        reply = {"id": request_id, "index": moves.index(move), "move": move.notation(),
                 "chance": chance}  # fmt: skip
    except (ValueError, RecursionError, saves.SaveError) as error:
        reply = {"id": request_id, "error": str(error)}
    reply["ms"] = round(1000 * (time.perf_counter() - began), 1)
    return json.dumps(reply)
