"""The computer's client: asks the worker for moves, hints and review series, or
searches on the page where no worker can run."""

from __future__ import annotations

import json
import random

from pyodide.ffi import create_once_callable, to_js
from pyscript import window

from ludeum import saves

from .page import listen, script_address, site_file

#: The computer's worker: a second Pyodide, started only when a game needs it (its
#: source path: the build names it by its content, web.page.site_file).
WORKER_URL = "static/computer-worker.mjs"
#: Time budget of the fallback search when no worker can run: short enough that the
#: page never freezes, so the computer plays weaker there.
FALLBACK_SECONDS = 0.03


class ComputerPlayer:
    """The worker that searches for the computer's moves (static/computer-worker.mjs).

    Requests and replies are JSON texts (``ludeum.ai.service``). The worker is a
    second interpreter that takes seconds to start, so it starts on first need, never
    during the page's own boot. Where a browser cannot run it, moves are searched on
    the page itself with a short time budget instead.
    """

    def __init__(self, on_reply, on_change) -> None:
        self.on_reply = on_reply
        self.on_change = on_change  # the worker became ready, or failed
        self.worker = None
        self.ready = False
        self.failed = False
        self.pending = None  # the request the worker has not answered yet
        # Requests aside from play, by kind ("review", "analysis": their ids start
        # "review-", "analysis-"): the one out, if any, and the callback replies of
        # that kind go to (each checks the id), so that they are never taken for a
        # move or a hint.
        self.aside: dict[str, dict | None] = {}
        self.aside_callbacks: dict[str, object] = {}

    def start(self) -> None:
        if self.worker is not None or self.failed:
            return
        try:
            options = to_js({"type": "module"}, dict_converter=window.Object.fromEntries)
            self.worker = window.Worker.new(script_address(site_file(WORKER_URL)), options)
        except Exception as error:
            self._fail(str(error))
            return
        listen(self.worker, "message", self._on_message)
        listen(self.worker, "error", self._on_error)

    def ask(self, request: dict) -> None:
        self.start()
        self.pending = request
        if self.failed:
            # No worker: search here, after the page has drawn the last move.
            window.setTimeout(create_once_callable(lambda: self._answer_here(request)), 50)
        else:
            self.worker.postMessage(json.dumps(request))

    def ask_review(self, request: dict, on_values) -> None:
        """A chunk of a game's review series (``ludeum.ai.service``); the reply goes
        to ``on_values``. Without a worker, one position at a time on the page."""
        self._ask_aside("review", request, on_values)

    def ask_analysis(self, request: dict, on_steps) -> None:
        """A chunk of a game's analysis (``ludeum.analysis.serve``); the reply goes to
        ``on_steps``. Without a worker, a short chunk at a time on the page."""
        self._ask_aside("analysis", request, on_steps)

    def _ask_aside(self, kind: str, request: dict, callback) -> None:
        self.start()
        self.aside[kind], self.aside_callbacks[kind] = request, callback
        if self.failed:
            window.setTimeout(create_once_callable(lambda: self._aside_here(kind, request)), 30)
        else:
            self.worker.postMessage(json.dumps(request))

    def _aside_here(self, kind: str, request: dict) -> None:
        """A review or analysis request answered on the page's own thread: a small
        piece at a time (one position of the series, 20 ms of analysis)."""
        if kind == "analysis":
            from ludeum.analysis import serve

            try:
                reply = serve.reply(request, seconds=0.02)
            except (ValueError, saves.SaveError) as error:
                reply = {"id": request.get("id"), "error": str(error)}
        else:
            from ludeum.ai.service import answer

            reply = json.loads(answer(json.dumps({**request, "count": 1})))
        self._reply_aside(kind, reply)

    def _reply_aside(self, kind: str, reply: dict) -> None:
        self.aside[kind] = None
        callback = self.aside_callbacks.get(kind)
        if callback is not None:
            callback(reply)

    def _answer_here(self, request: dict) -> None:
        from ludeum.ai.players import choose, hint

        self.pending = None
        state = saves.load(request["save"])
        moves = list(state.legal_moves())
        chance = None
        if request["kind"] == "hint":
            move, chance = hint(state, seconds=FALLBACK_SECONDS)
        else:
            source = random.Random(request["seed"])
            move = choose(state, request["level"], source, seconds=FALLBACK_SECONDS)
        self.on_reply({"id": request["id"], "index": moves.index(move),
                       "move": move.notation(), "chance": chance})  # fmt: skip

    def _on_message(self, event) -> None:
        reply = json.loads(str(event.data))
        if reply.get("ready"):
            self.ready = True
            self.on_change()
        elif "failed" in reply:
            self._fail(reply["failed"])
        elif str(reply.get("id")).split("-")[0] in ("review", "analysis"):
            self._reply_aside(str(reply.get("id")).split("-")[0], reply)
        else:
            self.pending = None
            self.on_reply(reply)

    def _on_error(self, event) -> None:
        event.preventDefault()  # reported on screen, not as an uncaught page error
        self._fail(str(getattr(event, "message", "") or "the worker stopped"))

    def _fail(self, why: str) -> None:
        if self.failed:
            return
        self.failed = True
        if self.worker is not None:
            self.worker.terminate()
        window.console.warn(f"Ludeum: the computer's worker could not run: {why}")
        self.on_change()
        if self.pending is not None:
            self.ask(self.pending)  # answered on the page instead
        for kind, request in list(self.aside.items()):
            if request is not None:
                self._ask_aside(kind, request, self.aside_callbacks[kind])
