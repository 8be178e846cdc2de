"""Review: stepping through the game on screen, and its win-chance graph.

The move list's entries are activatable (a click, or Enter on a focused entry), and
"Review the game" opens the review at the last move. While reviewing, a banner over
the board says which move it shows ("Viewing move N of M", ``records.review_text``)
with Back to the game, Continue from here, and first / previous / next / last; Left,
Right, Home and End step too while the focus is in the move list or the banner (the
board keeps its own arrows). The board shows the chosen position with its move
marked; every play control (throw, pass, hint, take back, redo, the board's taps) is
disabled and the computer waits; the live game is neither changed nor saved.
"Continue from here" makes the reviewed position the game and keeps the old line in
``screen.table.ahead``; on a shared game (web/share.py) it makes that position the
visitor's own game, the rest of the shared line kept for Redo.

The win-chance graph shows while reviewing, first in the side panel (beside the board;
under it on a phone; in the panel's row under Senet's long board), and stays
after "Back to the game" on a finished game (a game in progress hides it: play goes
on). Its values come from the computer's worker a chunk at a time
(``ludeum.records.review``), and it is redrawn after each chunk, at the pixel width
of its box (``records.graph``). It is a slider: its cursor follows the mouse, or
Left, Right, Page Up, Page Down, Home and End, and says its move, move-list line and
value in the readout line and as the slider's value text; a click or tap, or Enter,
shows that move on the board.
"""

from __future__ import annotations

from pyscript import document, window

from ludeum import saves
from ludeum import table as tables
from ludeum.i18n import N_, _
from ludeum.player_cards import cards_html

from .page import announce, element, listen, show_markup, watch_only

#: The step buttons' words: the accessible name is the label inside each (PAGE_TEXT),
#: the tooltip names the key too.
STEP_TITLES = {
    "review-first": N_("First move (Home)"),
    "review-prev": N_("Previous move (Left arrow)"),
    "review-next": N_("Next move (Right arrow)"),
    "review-last": N_("Last move (End)"),
}
#: The graph's keys: how far each moves its cursor (None: to an end).
GRAPH_KEYS = {"ArrowLeft": -1, "ArrowDown": -1, "ArrowRight": 1, "ArrowUp": 1,
              "PageDown": -10, "PageUp": 10, "Home": None, "End": None}  # fmt: skip

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
        self.graph_open = False  # the graph stays after review on a finished game
        self.cursor: int | None = None  # the graph's cursor (keys); None: the stop shown
        self.hover: int | None = None  # the stop under the mouse on the graph
        for id_, step in (("review-first", "first"), ("review-prev", "prev"),
                          ("review-next", "next"), ("review-last", "last")):  # fmt: skip
            listen(element(id_), "click", lambda event, step=step: self.step(step))
        listen(element("review-back"), "click", lambda event: self.leave())
        listen(element("review-continue"), "click", lambda event: self.continue_here())
        listen(element("review-open"), "click", lambda event: self.open())
        listen(element("moves"), "click", self.on_moves_click)
        listen(element("moves"), "keydown", self.on_key)
        listen(element("review-banner"), "keydown", self.on_key)
        listen(element("review-turns"), "click", self.on_turn_click)
        graph = element("review-graph")
        listen(graph, "click", self.on_graph_click)
        listen(graph, "keydown", self.on_graph_key)
        listen(graph, "pointermove", self.on_graph_pointer)
        listen(graph, "pointerleave", self.on_graph_leave)
        listen(graph, "blur", lambda event: self._set_cursor(None))
        listen(window, "resize", lambda event: self._draw_graph())

    @property
    def active(self) -> bool:
        """Reviewing the game on screen (a game replaced meanwhile, by another tab or
        a new game, ends the review by itself)."""
        prepared = self.prepared
        return (self.stop is not None and prepared is not None
                and self.screen.table.review is not None
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
        # The live game waits (ludeum.table.review_to): no computer move lands, and
        # nothing is played, while its past is shown.
        self.screen.put(tables.review_to(self.screen.table, stop, len(prepared))[0])
        self.stop = stop
        self.cursor = self.hover = None
        self.graph_open = True
        self.render()
        self.show_graph()
        # Spoken once here (the banner's own text is not a live region): where, and
        # what the move was.
        log = self.screen.table.log
        said = self.where_text()
        if 0 < stop <= len(log):
            said = said.rstrip(".") + ". " + log[stop - 1]
        announce(said)

    def open(self) -> None:
        """Review from the last move, the graph shown ("Review the game"; the result
        banner's review button calls this too)."""
        prepared = self._prepare()
        if len(prepared) > 1:
            self.go(len(prepared) - 1)
            element("review-back").focus()

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
        self.cursor = self.hover = None
        table, done = tables.back_to_game(self.screen.table)
        # A finished game keeps its graph in view; play goes on without it.
        self.graph_open = table.state.outcome() is not None
        self.screen.apply(table, done)  # with the computer's part, if its turn
        element("moves").focus()

    def continue_here(self) -> None:
        """The reviewed position becomes the game; the rest of the old line is kept
        as ``screen.table.ahead`` (saved with the game) until a new move replaces it."""
        if not self.active:
            return
        prepared = self._prepare()
        stop, index = self.stop, prepared.stops[self.stop]
        screen = self.screen
        if screen.viewing is not None:
            # A shared game: taken up at this move as the visitor's own game, the
            # rest of its line kept for Redo (web/share.py keeps it and opens it).
            state, ahead = prepared.positions.at(index), prepared.positions.line_from(index)
            self.stop = None
            self.prepared = None
            self.cursor = self.hover = None
            self.graph_open = False
            screen.viewing.continue_game(state, ahead)
            return
        # The move list keeps its first ``stop`` entries: the same up to here.
        table, done = tables.continue_from(
            screen.table, prepared.positions.at(index), prepared.positions.line_from(index), stop
        )
        self.stop = None
        self.prepared = None
        self.cursor = self.hover = None
        self.graph_open = False
        # Saved, drawn, said, and the computer's part if the turn is its own.
        screen.apply(table, done, say=(_("Play continues from move {number}.", number=stop),))
        # The button pressed is gone: the focus goes where play goes on.
        stop_on_board = element("board").querySelector('[data-row][tabindex="0"]')
        if screen.ui.can_throw(screen.state) and not element("throw").disabled:
            element("throw").focus()
        elif stop_on_board:
            stop_on_board.focus()
        else:
            element("moves").focus()

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

    # -- the graph's events -----------------------------------------------------------

    def _stop_of(self, event) -> int | None:
        column = event.target.closest("[data-stop]")
        if not column:  # JS null arrives as the falsy jsnull
            return None
        return int(column.dataset.stop)

    def on_graph_click(self, event) -> None:
        stop = self._stop_of(event)
        if stop is not None:
            self.go(stop)

    def on_graph_pointer(self, event) -> None:
        if str(event.pointerType) != "mouse":
            return  # a finger's "hover" is its tap, which shows the move itself
        stop = self._stop_of(event)
        if stop is not None and stop != self.hover:
            self.hover = stop
            self._draw_graph()

    def on_graph_leave(self, event) -> None:
        if self.hover is not None:
            self.hover = None
            self._draw_graph()

    def _set_cursor(self, stop: int | None) -> None:
        if stop != self.cursor:
            self.cursor = stop
            self._draw_graph()

    def on_graph_key(self, event) -> None:
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        key = str(event.key)
        shown = self.stop if self.active else len(self._prepare()) - 1
        cursor = self.cursor if self.cursor is not None else shown
        last = len(self.series) - 1
        if key in ("Enter", " "):
            event.preventDefault()
            self.go(cursor)
            element("review-graph").focus()
            return
        if key not in GRAPH_KEYS:
            return
        event.preventDefault()  # no scrolling; the move list's keys do not apply here
        event.stopPropagation()
        step = GRAPH_KEYS[key]
        target = (0 if key == "Home" else last) if step is None else cursor + step
        self._set_cursor(max(0, min(last, target)))

    # -- drawing -----------------------------------------------------------------------

    def where_text(self) -> str:
        from ludeum.records.review_text import banner_text

        return banner_text(self.stop or 0, len(self._prepare()) - 1)

    def render(self) -> None:
        """The reviewed position on the board; the live game's own drawing is
        ``screen.render``, which hands over to this while reviewing."""
        screen = self.screen
        screen.analysis.moved()  # the move played is drawn, not a better one
        prepared = self._prepare()
        state = prepared.state_at(self.stop)
        ui = screen.ui
        board = element("board")
        show_markup(
            board,
            ui.board_svg(
                state, selected=None, last_move=ui.last_move(state), **screen.view.board_options()
            ),
        )
        watch_only(board)
        screen.sticks.show(ui.side_svg(state))
        element("status").textContent = ui.status(state, screen.table.seating)
        # Every play control waits for "Back to the game" (web/takeback.py keeps
        # Take back and Redo still while reviewing, keys included).
        for id_ in ("throw", "hint", "take-back", "redo"):
            element(id_).disabled = True
        element("pass").hidden = True
        element("hint-text").hidden = True
        element("thinking").hidden = True
        element("game-over").hidden = True
        element("game-over-show").hidden = True
        # The cards as they stood then: whose turn it was, what each side had.
        cards = tuple(ui.side_card(state, seat) for seat in (0, 1))
        show_markup(
            element("player-cards"),
            cards_html(cards, screen.table.players, ui.seat_to_play(state), state.outcome()),
        )
        screen.view.render_log()
        self.render_bar()

    def render_bar(self) -> None:
        """The banner over the board, the review button and the marks in the move
        list; called by screen.render too."""
        screen = self.screen
        reviewing = self.active
        element("app").dataset.review = "on" if reviewing else "off"
        has_moves = bool(screen.table.log)
        element("review-banner").hidden = not reviewing
        element("review-open").hidden = reviewing or not has_moves
        element("review-where").textContent = self.where_text() if reviewing else ""
        element("review-where").dataset.stop = "" if not reviewing else str(self.stop)
        # A shared game too: continued from here, it becomes the visitor's own game
        # (web/share.py).
        element("review-continue").hidden = not reviewing
        for id_, title in STEP_TITLES.items():
            element(id_).title = _(title)
        if reviewing:
            last = len(self._prepare()) - 1
            element("review-first").disabled = self.stop == 0
            element("review-prev").disabled = self.stop == 0
            element("review-next").disabled = self.stop == last
            element("review-last").disabled = self.stop == last
        # A step button just disabled (First at the start, Last at the end) would drop
        # the focus to the page: it goes to the step that can still be taken.
        focused = document.activeElement
        banner = element("review-banner")
        if focused and focused.matches(":disabled") and banner.contains(focused):
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
                # The list keeps the reviewed entry in view (the live game scrolls it
                # to its end), without scrolling the page.
                moves = element("moves")
                offset = item.getBoundingClientRect().top - moves.getBoundingClientRect().top
                moves.scrollTop += offset - (moves.clientHeight - item.offsetHeight) / 2
        self._draw_graph()
        self.screen.analysis.render_verdict()

    # -- for the analysis (web/analysis.py) -----------------------------------------

    def entry_ends(self) -> list[int]:
        """Per move-list entry, the number of actions after which it stands."""
        return self._prepare().ends

    def position_before(self, action: int):
        """The game's position before its ``action``-th action (0-based)."""
        return self._prepare().positions.at(action)

    def show_position(self, state, move) -> None:
        """``state`` on the board with ``move``'s piece selected, its way shown: the
        better move of a reviewed mistake."""
        ui = self.screen.ui
        name = ui.piece_name(move)
        selected = name if name is not None and ui.tap(state, None, name) == (name, None) else None
        board = element("board")
        show_markup(board, ui.board_svg(state, selected=selected, last_move=None,
                                        **self.screen.view.board_options()))  # fmt: skip
        watch_only(board)
        screen = self.screen
        screen.sticks.show(ui.side_svg(state))
        element("status").textContent = ui.status(state, screen.table.seating)

    def redraw_graph(self) -> None:
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
        """The result banner's "Review this game": the review from the last move, with
        the graph (the banner stays closed afterwards; its Result button brings it
        back)."""
        self.screen.change(tables.show_result, False)
        self.open()

    def _graph_shown(self) -> bool:
        return self.active or (self.graph_open and self.screen.state.outcome() is not None)

    def show_graph(self) -> None:
        """Start computing the series of the live game, chunk after chunk, and its
        analysis after it (web/analysis.py)."""
        prepared = self._prepare()
        self.screen.analysis.start()
        state = self.screen.state
        if not self.series or (self.graph_state is not state and not self._graph_follows()):
            self.graph_save, self.graph_state = saves.dump(state), state
            self.series = [None] * len(prepared)
            self.graph_id += 1
            self._ask_next()
        self._draw_graph()

    def _ask_next(self) -> None:
        if None not in self.series:
            return
        first = self.series.index(None)
        self.screen.pacing.computer.ask_review(
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
        if not self.series or not self._graph_shown():
            area.hidden = True
            return
        if self.graph_state is not self.screen.state and not self._graph_follows():
            area.hidden = True  # another game, or another line: the graph is not of it
            self.series = []
            self.graph_save = self.graph_state = None
            self.graph_open = False
            return
        from ludeum.records.graph import axis_label, graph_svg, turning_points_html
        from ludeum.records.review_text import readout

        area.hidden = False
        prepared = self._prepare()
        screen, state = self.screen, self.screen.state
        points = prepared.turning_points(self.series)
        current = self.stop if self.active else len(prepared) - 1
        cursor = self.hover if self.hover is not None else self.cursor
        chance = type(state).__name__ == "SenetState"
        sides = tables.side_labels(screen.table)  # "Black (you)", "White (Bo)"
        graph = element("review-graph")
        width = int(graph.clientWidth) or 600
        element("review-graph-title").textContent = axis_label(sides[0], chance)
        show_markup(
            graph,
            graph_svg(
                self.series,
                current,
                points,
                sides[0],
                chance,
                width,
                cursor,
                sides[1],
                self.screen.analysis.marks(),
            ),
        )
        # The slider's value is the cursor's stop (the stop shown, without one).
        at = cursor if cursor is not None else current
        at = max(0, min(at, len(self.series) - 1))
        point = next((p for p in points if p.entry == at), None)
        entry = screen.table.log[at - 1] if 0 < at <= len(screen.table.log) else ""
        words = readout(at, len(self.series) - 1, entry, self.series[at], sides[0], chance,
                        point, sides[point.mover] if point else "")  # fmt: skip
        graph.setAttribute("aria-valuemax", str(len(self.series) - 1))
        graph.setAttribute("aria-valuenow", str(at))
        graph.setAttribute("aria-valuetext", words)
        element("review-graph-readout").textContent = words
        show_markup(
            element("review-turns"),
            turning_points_html(points, screen.table.log, sides, chance, self.series),
        )
