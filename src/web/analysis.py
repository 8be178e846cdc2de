"""The analysis in review: marks on the move list and the graph, the summary panel,
and the better move on the board on request (``ludeum.analysis``, issue 53).

It starts with the review's graph (web/review.py calls ``start``) and asks the
computer's worker for the record's steps a chunk at a time (``analysis.serve``),
so it never holds up a tap; each chunk redraws the panel, the marks and the graph.
Its gist is also one line on the result banner (``render_result_line``): the
kiosk, which has no review, shows the analysis only there. A finished analysis is
kept: in memory for this page, and for a finished game (not at a kiosk) in
localStorage (``ANALYSIS_PREFIX``, the few latest), so reopening a game's review
never weighs it twice. A kept analysis is read back through ``report.from_data``,
which checks every field: storage can be edited, and an analysis that does not
read, or does not fit its game, is weighed again.

Who could break it: a tampered kept analysis (refused by ``from_data``, and by the
count of its steps against the record's actions); a second tab writing the same
key (both write the same analysis of the same record); a full storage (the
analysis stays for this page, and the panel says it could not be kept).
"""

from __future__ import annotations

import json
import time
from html import escape

from pyscript import document

from ludeum import saves
from ludeum import table as tables
from ludeum.i18n import _

from .page import element, listen, show_markup

ANALYSIS_PREFIX = "ludeum:v1:analysis:"
#: Finished games whose analysis is kept in localStorage: a Senet game's is some
#: 60 kB, so only the latest few.
KEPT = 6


def record_key(save_text: str) -> str:
    import hashlib  # only once a game is analysed: nothing more for the boot to import

    return hashlib.sha256(save_text.encode("utf-8")).hexdigest()[:24]


class Analysis:
    def __init__(self, screen) -> None:
        self.screen = screen
        self.state = None  # the game analysed
        self.save = None  # as saved (the worker's request, and the key)
        self.key = ""
        self.total = 0  # its actions
        self.header: dict = {}
        self.steps: list = []  # the steps' data so far (report.as_data's)
        self.result = None  # ludeum.analysis.summary.Analysis of the steps so far
        self.id = 0
        self.better = False  # the better move is drawn instead of the reviewed move
        self.unkept = False  # the finished analysis could not be written
        self.memory: dict[str, dict] = {}  # key -> finished data, for this page
        self.recalled = None  # the last state looked up with start(weigh=False)
        self._marks: tuple = (None, {})  # (the result they are of, the marks)
        listen(element("analysis-better"), "click", lambda event: self.toggle_better())

    # -- computing ------------------------------------------------------------------

    def start(self, weigh: bool = True) -> None:
        """Analyse the game on screen, unless it already is (or was). ``weigh=False``:
        only show an analysis kept from before (the result banner of a finished game
        reloaded: the worker is not woken for a game nobody asked about)."""
        state = self.screen.state
        if state is self.state or (not weigh and state is self.recalled):
            return
        save = saves.dump(state)
        key = record_key(save)
        kept = self.memory.get(key) or self._read_kept(key)
        if kept is None and not weigh:
            self.recalled = state  # looked for once
            return
        self.state, self.save, self.key = state, save, key
        self.total = len(state.actions())
        self.steps, self.header, self.result = [], {}, None
        self.better = self.unkept = False
        self.id += 1
        if kept is not None and self._take(kept.get("steps"), kept):
            if len(self.steps) < self.total:
                self._ask()  # a kept analysis cut short: weighed on from where it stops
            self.render()
            return
        self._ask()

    def _read_kept(self, key: str) -> dict | None:
        text = self.screen.keeping.storage.get(ANALYSIS_PREFIX + key)
        if not text:
            return None
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):  # storage can hold anything
            return None
        return data if isinstance(data, dict) else None

    def _ask(self) -> None:
        self.screen.pacing.computer.ask_analysis(
            {"id": f"analysis-{self.id}", "kind": "analysis", "save": self.save,
             "from": len(self.steps)},
            self.on_steps,
        )  # fmt: skip

    def on_steps(self, reply: dict) -> None:
        if reply.get("id") != f"analysis-{self.id}":
            return  # about a game no longer analysed
        steps = reply.get("steps")
        if "error" in reply or not isinstance(steps, list) or reply.get("from") != len(self.steps):
            self.screen.notice(_("The analysis could not be computed."), detail=reply.get("error"))
            return
        if not self._take(self.steps + steps, reply):
            self.screen.notice(_("The analysis could not be computed."))
            return
        if len(self.steps) < self.total and steps:
            self._ask()
        else:
            self._keep()
        self.render()

    def _take(self, steps: list, header: dict) -> bool:
        """Read ``steps`` (with the game's ``header``) as an analysis of this game."""
        from ludeum.analysis import report

        data = {key: header.get(key) for key in ("game", "depth", "finished", "result")}
        data["steps"] = steps
        try:
            result = report.from_data(data)
        except report.AnalysisDataError:
            return False
        if len(steps) > self.total or report.GAMES.get(type(self.state).__name__) != data["game"]:
            return False
        self.steps, self.header, self.result = steps, data, result
        return True

    def _keep(self) -> None:
        """A finished analysis: remembered for this page; a finished game's is kept in
        storage too, the oldest dropped past ``KEPT``."""
        data = {**self.header, "steps": [
            {k: v for k, v in step.items() if k != "entry"} for step in self.steps
        ]}  # fmt: skip
        self.memory[self.key] = data
        if self.state.outcome() is None or self.screen.launch.kiosk:
            return  # a kiosk keeps nothing of one visitor for the next
        self._to_your_games()
        storage = self.screen.keeping.storage
        mine = ANALYSIS_PREFIX + self.key
        # The oldest go first: each kept analysis says when it was kept.
        others = sorted((self._kept_at(key), key) for key in storage.keys(ANALYSIS_PREFIX)
                        if key != mine)  # fmt: skip
        for _at, old in others[: max(0, len(others) - KEPT + 1)]:
            storage.remove(old)
        data["kept"] = int(time.time())
        self.unkept = not storage.set(mine, json.dumps(data))

    def _kept_at(self, key: str) -> int:
        """When the analysis under ``key`` was kept (0: unknown, the first to go)."""
        try:
            at = json.loads(self.screen.keeping.storage.get(key) or "{}").get("kept")
        except (ValueError, RecursionError, AttributeError):
            return 0
        return at if type(at) is int else 0

    def _to_your_games(self) -> None:
        """The visitor's accuracy and luck, for the game's entry in Your games."""
        you = self.screen.table.seating.you
        your_games = self.screen.your_games
        if you is None or your_games is None or self.state is not self.screen.state:
            return
        from ludeum.analysis import labels

        side = self.result.side(you)
        luck = labels.points(self.result.game, side.luck) / 100 if self.result.is_chance else None
        your_games.analysed(self.state, side.accuracy, luck)

    # -- what the review shows ------------------------------------------------------

    def marks(self) -> dict[int, str]:
        """The labelled moves by review stop (= move-list entry), for the graph (asked
        at every redraw, a pointer's move included: worked out once per chunk)."""
        if self.result is None or self.state is not self.screen.state:
            return {}
        if self._marks[0] is not self.result:
            from ludeum.analysis.view import entry_marks

            self._marks = (self.result, entry_marks(self.result, self.screen.review.entry_ends()))
        return self._marks[1]

    def render_result_line(self) -> None:
        """The analysis in a line on the result banner (``view.result_line``), for the
        game on screen once it has ended; hidden otherwise."""
        line = element("game-over-analysis")
        state = self.screen.state
        if self.result is None or self.state is not state or state.outcome() is None:
            line.hidden = True
            return
        from ludeum.analysis.view import result_line

        table = self.screen.table
        text = result_line(self.result, tables.side_labels(table), table.seating.you, self.total)
        line.textContent = text
        line.hidden = not text

    def render(self) -> None:
        """The panel, the move list's marks and the verdict on the move reviewed."""
        self.render_result_line()
        panel = element("analysis")
        if self.result is None or self.state is not self.screen.state:
            panel.hidden = True
            element("analysis-verdict").hidden = True
            return
        from ludeum.analysis.view import LABEL_WORDS, summary_html

        screen = self.screen
        sides = tables.side_labels(screen.table)
        you = screen.table.seating.you
        html = summary_html(self.result, sides, you, self.total)
        if self.unkept:
            said = _("This analysis is not kept: the browser's storage refused it.")
            html += f'<p class="hint">{escape(said)}</p>'
        panel.hidden = False
        show_markup(panel, html)
        marks = self.marks()
        for item in element("moves").querySelectorAll("li[data-entry]"):
            label = marks.get(int(item.dataset.entry))
            mark = item.querySelector(".entry-mark")
            if label is None:
                if mark:
                    mark.remove()
                continue
            if not mark:
                mark = document.createElement("span")
                mark.className = "entry-mark"
                item.appendChild(mark)
            from ludeum.analysis.labels import MARKS

            mark.textContent = MARKS[label]
            mark.dataset.label = label
            mark.title = LABEL_WORDS[label]()
        self.render_verdict()
        screen.review.redraw_graph()

    def _reviewed_step(self):
        """The labelled decision of the entry reviewed, if any."""
        from ludeum.analysis.report import entry_of
        from ludeum.analysis.steps import Decision

        review = self.screen.review
        stop = review.stop if review.active else None
        if self.result is None or not stop:
            return None
        ends = review.entry_ends()
        for step in self.result.steps:
            if (isinstance(step, Decision) and entry_of(ends, step.action) == stop
                    and self.result.label(step)):  # fmt: skip
                return step
        return None

    def moved(self) -> None:
        """The review went to another move: the move played is drawn again."""
        self.better = False

    def render_verdict(self) -> None:
        from ludeum.analysis.view import verdict

        step = self._reviewed_step()
        box = element("analysis-verdict")
        if step is None:
            box.hidden = True
            self.better = False
            return
        box.hidden = False
        element("analysis-verdict-text").textContent = verdict(self.result, step)
        button = element("analysis-better")
        button.textContent = _("Show the move played") if self.better else _("Show the better move")
        button.setAttribute("aria-pressed", "true" if self.better else "false")

    def toggle_better(self) -> None:
        """Draw the position before the reviewed move with the better move marked, or
        back to the move played."""
        step = self._reviewed_step()
        if step is None:
            return
        self.better = not self.better
        review = self.screen.review
        if self.better:
            before = review.position_before(step.action)
            best = before.legal_moves()[step.best_index]
            review.show_position(before, best)
        else:
            review.render()
        self.render_verdict()
