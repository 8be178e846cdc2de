"""Review: stepping through the game on screen, and its win-chance graph.

The move list's entries are activatable (a click, or Enter on a focused entry); the
review bar steps first / previous / next / last, and so do Left, Right, Home and End
while the focus is in the move list or the bar (the board keeps its own arrows).
While reviewing, the board shows the chosen position with its move marked, play is
blocked and the computer waits; the live game is neither changed nor saved.
"Continue from here" makes the reviewed position the game and keeps the old line in
``screen.ahead``. The graph's values come from the computer's worker a chunk at a
time (``ludeum.records.review``), and the graph is redrawn after each chunk.
"""

from __future__ import annotations

from pyscript import document

from ludeum import saves
from ludeum.i18n import _

from .page import announce, element, listen, watch_only

#: Review stops per request to the worker: small, so that a move the computer is
#: asked for meanwhile waits little, and the graph fills visibly.
CHUNK = 8
KEYS = ("ArrowLeft", "ArrowRight", "Home", "End")


class Review:
    def __init__(self, screen) -> None:
        self.screen = screen
        self.prepared = None  # ludeum.records.review.Review of the game being reviewed
        self.stop: int | None = None  # the review stop shown; None: the live game
        self.series: list = []  # the graph's values; None where not computed yet
        self.graph_save: str | None = None  # the game the series belongs, as saved
        self.graph_state = None  # and as a state
        self.graph_id = 0
        for id_, step in (("review-first", "first"), ("review-prev", "prev"),
                          ("review-next", "next"), ("review-last", "last")):  # fmt: skip
            listen(element(id_), "click", lambda event, step=step: self.step(step))
        listen(element("review-back"), "click", lambda event: self.leave())
        listen(element("review-continue"), "click", lambda event: self.continue_here())
        listen(element("review-graph-show"), "click", lambda event: self.show_graph())
        listen(element("moves"), "click", self.on_moves_click)
        listen(element("moves"), "keydown", self.on_key)
        listen(element("review-bar"), "keydown", self.on_key)
        listen(element("review-turns"), "click", self.on_turn_click)

    @property
    def active(self) -> bool:
        """Reviewing the game on screen (a game replaced meanwhile, by another tab or
        a new game, ends the review by itself)."""
        prepared = self.prepared
        return (self.stop is not None and prepared is not None
                and prepared.positions.final is self.screen.state)  # fmt: skip

    # -- entering, stepping, leaving -----------------------------------------------------

    def _prepare(self):
        from ludeum.records.review import Review as Prepared

        state = self.screen.state
        prepared = self.prepared
        if prepared is None or prepared.positions.final is not state:
            # The game went on since the last review: replay only its new actions.
            later = prepared.follow(state, self.screen.ui) if prepared is not None else None
            self.prepared = later or Prepared(state, self.screen.ui)
        return self.prepared

    def go(self, stop: int) -> None:
        prepared = self._prepare()
        stop = max(0, min(stop, len(prepared) - 1))
        if not self.active:
            self.stop = None
            # The live game waits: no computer move lands while its past is shown.
            self.screen.request_id += 1
            self.screen.waiting_for = None
            self.screen.selected = None
        self.stop = stop
        self.render()
        # Spoken once here (the bar's own text is not a live region): where, and what
        # the move was.
        log = self.screen.log
        said = self.where_text()
        if 0 < stop <= len(log):
            said = said.rstrip(".") + ". " + log[stop - 1]
        announce(said)

    def step(self, how: str) -> None:
        prepared = self._prepare()
        last = len(prepared) - 1
        current = self.stop if self.active else last
        target = {"first": 0, "prev": current - 1, "next": current + 1, "last": last}[how]
        if not self.active and how == "next":
            return  # already at the live position
        self.go(max(0, min(target, last)))

    def leave(self) -> None:
        if not self.active:
            return
        self.stop = None
        self.screen.render()
        element("moves").focus()
        self.screen.computer_turn()

    def continue_here(self) -> None:
        """The reviewed position becomes the game; the rest of the old line is kept
        as ``screen.ahead`` (saved with the game) until a new move replaces it."""
        if not self.active or self.screen.viewing is not None:
            return
        prepared = self._prepare()
        stop, index = self.stop, prepared.stops[self.stop]
        screen = self.screen
        screen.state = prepared.positions.at(index)
        screen.ahead = prepared.positions.line_from(index)
        self.stop = None
        self.prepared = None
        screen.log = screen.log[:stop]  # the entries up to here are the same
        screen.logged = 0
        element("moves").innerHTML = ""
        screen.hint = None
        screen.keeping.save()
        screen.render()
        # The button pressed is gone: the focus goes where play goes on.
        stop_on_board = element("board").querySelector('[data-row][tabindex="0"]')
        if screen.ui.can_throw(screen.state) and not element("throw").disabled:
            element("throw").focus()
        elif stop_on_board:
            stop_on_board.focus()
        else:
            element("moves").focus()
        announce(_("Play continues from move {number}.", number=stop))
        screen.computer_turn()

    # -- events ------------------------------------------------------------------------

    def _entry_of(self, event) -> int | None:
        item = event.target.closest("#moves > li")
        if not item:  # JS null arrives as the falsy jsnull
            return None
        return int(item.dataset.entry)

    def on_moves_click(self, event) -> None:
        entry = self._entry_of(event)
        if entry is not None:
            self.go(entry)

    def on_key(self, event) -> None:
        if event.ctrlKey or event.metaKey or event.altKey or event.shiftKey:
            return
        key = str(event.key)
        if key in ("Enter", " ") and str(event.target.tagName).lower() == "li":
            entry = self._entry_of(event)
            if entry is not None:
                event.preventDefault()
                self.go(entry)
            return
        if key not in KEYS:
            return
        event.preventDefault()  # no scrolling of the list
        self.step({"ArrowLeft": "prev", "ArrowRight": "next", "Home": "first",
                   "End": "last"}[key])  # fmt: skip
        if element("moves").contains(event.target):
            self._focus_entry()

    def on_turn_click(self, event) -> None:
        button = event.target.closest("[data-stop]")
        if button:
            self.go(int(button.dataset.stop))

    # -- drawing -----------------------------------------------------------------------

    def where_text(self) -> str:
        total = len(self._prepare()) - 1
        if self.stop == 0:
            return _("Start of the game, before move 1 of {total}.", total=total)
        return _("Move {number} of {total}", number=self.stop, total=total)

    def render(self) -> None:
        """The reviewed position on the board; the live game's own drawing is
        ``screen.render``, which hands over to this while reviewing."""
        screen = self.screen
        prepared = self._prepare()
        state = prepared.state_at(self.stop)
        ui = screen.ui
        board = element("board")
        board.innerHTML = ui.board_svg(state, selected=None, last_move=ui.last_move(state),
                                       **screen.board_options())  # fmt: skip
        watch_only(board)
        element("sticks").innerHTML = ui.side_svg(state)
        element("status").textContent = ui.status(state)
        for id_ in ("throw", "hint"):
            element(id_).disabled = True
        element("pass").hidden = True
        element("hint-text").hidden = True
        element("thinking").hidden = True
        element("game-over").hidden = True
        element("game-over-show").hidden = True
        screen._render_log()
        self.render_bar()

    def render_bar(self) -> None:
        """The review bar and the marks in the move list; called by screen.render too."""
        screen = self.screen
        reviewing = self.active
        element("app").dataset.review = "on" if reviewing else "off"
        has_moves = bool(screen.log)
        element("review-bar").hidden = not has_moves
        element("review-where").textContent = self.where_text() if reviewing else ""
        element("review-where").dataset.stop = "" if not reviewing else str(self.stop)
        element("review-back").hidden = not reviewing
        # A shared game is only looked at (web/share.py): "Continue this game" first.
        element("review-continue").hidden = not reviewing or screen.viewing is not None
        chance = type(screen.state).__name__ == "SenetState"
        element("review-graph-show").textContent = (
            _("Show the win-chance graph") if chance else _("Show the evaluation graph")
        )
        if reviewing:
            last = len(self._prepare()) - 1
            element("review-first").disabled = self.stop == 0
            element("review-prev").disabled = self.stop == 0
            element("review-next").disabled = self.stop == last
            element("review-last").disabled = self.stop == last
        else:
            for id_ in ("review-first", "review-prev", "review-last"):
                element(id_).disabled = not has_moves
            element("review-next").disabled = True
        # A step button just disabled (First at the start, Last at the end) would drop
        # the focus to the page: it goes to the step that can still be taken.
        focused = document.activeElement
        if focused and focused.matches(":disabled") and element("review-bar").contains(focused):
            for id_ in ("review-next", "review-prev", "review-back"):
                if not element(id_).disabled and not element(id_).hidden:
                    element(id_).focus()
                    break
        for item in element("moves").querySelectorAll("li[aria-current]"):
            item.removeAttribute("aria-current")
        if reviewing and self.stop:
            item = element("moves").querySelector(f'li[data-entry="{self.stop}"]')
            if item:
                item.setAttribute("aria-current", "step")
        self._draw_graph()

    def _focus_entry(self) -> None:
        moves = element("moves")
        item = moves.querySelector('li[aria-current="step"]') if self.active else None
        if item:
            item.focus()  # scrolls it into view too
        else:
            moves.focus()

    # -- the graph ---------------------------------------------------------------------

    def from_result(self) -> None:
        """The result banner's "Review this game": the final position, with the graph
        (the banner stays closed afterwards; its Result button brings it back)."""
        self.screen.result_hidden = True
        self.go(len(self._prepare()) - 1)
        self.show_graph()
        element("review-where").scrollIntoView()

    def show_graph(self) -> None:
        """Start computing the series of the live game, chunk after chunk."""
        prepared = self._prepare()
        text = saves.dump(self.screen.state)
        if self.graph_save != text:
            self.graph_save, self.graph_state = text, self.screen.state
            self.series = [None] * len(prepared)
        element("review-graph-area").hidden = False
        self.graph_id += 1
        self._draw_graph()
        self._ask_next()

    def _ask_next(self) -> None:
        if None not in self.series:
            return
        first = self.series.index(None)
        self.screen.computer.ask_review(
            {"id": f"review-{self.graph_id}", "kind": "review", "save": self.graph_save,
             "from": first, "count": CHUNK},
            self.on_values,
        )  # fmt: skip

    def on_values(self, reply: dict) -> None:
        if reply.get("id") != f"review-{self.graph_id}":
            return  # a graph of a game no longer shown
        values, first = reply.get("values"), reply.get("from")
        if "error" in reply or not isinstance(values, list) or type(first) is not int:
            self.screen.notice(_("The graph could not be computed."), detail=reply.get("error"))
            return
        for offset, value in enumerate(values):
            if 0 <= first + offset < len(self.series) and isinstance(value, (int, float)):
                self.series[first + offset] = float(value)
        if not values:  # nothing there (it cannot happen): stop asking, draw what is known
            del self.series[first:]
        self._draw_graph()
        self._ask_next()

    def _graph_follows(self) -> bool:
        """The game went on along the graph's line: keep the values computed, and
        compute the new positions' (a reply about the older game is dropped)."""
        prepared = self._prepare()
        known = self.graph_state.actions()
        if prepared.positions.actions[: len(known)] != known:
            return False
        self.series += [None] * (len(prepared) - len(self.series))
        self.graph_state, self.graph_save = self.screen.state, saves.dump(self.screen.state)
        self.graph_id += 1
        self._ask_next()
        return True

    def _draw_graph(self) -> None:
        area = element("review-graph-area")
        if area.hidden or not self.series:
            return
        if self.graph_state is not self.screen.state and not self._graph_follows():
            area.hidden = True  # another game, or another line: the graph is not of it
            self.series = []
            self.graph_save = self.graph_state = None
            return
        from ludeum.records.graph import graph_svg, turning_points_html

        prepared = self._prepare()
        ui = self.screen.ui
        points = prepared.turning_points(self.series)
        current = self.stop if self.active else len(prepared) - 1
        chance = type(self.screen.state).__name__ == "SenetState"
        side = ui.side_label(self.screen.state, 0)
        element("review-graph").innerHTML = graph_svg(self.series, current, points, side, chance)
        element("review-turns").innerHTML = turning_points_html(points, self.screen.log)
