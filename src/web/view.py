"""The game on screen drawn: the board, the sticks, the status, the player cards,
the computer's thinking and the hint, the move list and the result over the board.

Everything shown is read from the table (``screen.table``, ``ludeum.table.Table``)
and drawn by the game's pure ``ui`` module; this room only puts it in the page. It
writes nothing back: the one thing it keeps is how many move-list entries the page
already holds (``logged``), its own business."""

from __future__ import annotations

from pyscript import document, window

from ludeum import seats
from ludeum import table as tables
from ludeum.i18n import _
from ludeum.player_cards import cards_html, result_html
from ludeum.site import current as current_site

from .page import element, focus_cell, listen, show_markup, watch_only

#: The move list shows at most this many entries, the latest; a line says how many
#: earlier ones are not shown. A page with 100,000 list items is slow to build and to
#: read with a screen reader, and nobody scrolls back that far.
LOG_SHOWN = 300

#: Where Senet stands upright: a phone (static/app.css's phone layout uses the same).
NARROW_QUERY = "(max-width: 600px) and (orientation: portrait)"
#: A kiosk's screen stood on end (a portrait gallery screen): Senet stands upright
#: there, beside its controls (static/app.css's kiosk layout uses the same).
PORTRAIT_QUERY = "(orientation: portrait)"


class View:
    """Draws the table of ``screen`` (a ``web.screen.GameScreen``)."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.logged = 0  # entries already in the page's move list
        self.aid = False  # a game's learning aid (Lodestone's magnet map) is shown
        # A phone stands Senet upright; turning the phone or resizing the window
        # draws it again.
        self.narrow_query = window.matchMedia(NARROW_QUERY)
        listen(self.narrow_query, "change", lambda event: self.render())
        self.kiosk = bool(screen.launch.kiosk)
        self.portrait_query = window.matchMedia(PORTRAIT_QUERY)
        if self.kiosk:
            listen(self.portrait_query, "change", lambda event: self.render())
        listen(element("aid"), "change", self.on_aid)

    def on_aid(self, event) -> None:
        self.aid = bool(element("aid").checked)
        self.render()

    def relist(self) -> None:
        """The move list is drawn again from the table's (a take-back, another game)."""
        self.logged = 0
        element("moves").replaceChildren()

    def notice(
        self, text: str, detail: str | None = None, key: str | None = None, info: bool = False
    ) -> None:
        """Add a message to the notice box (text only: it may quote a URL or a save).
        A message with a ``key`` replaces the previous one with that key (saving
        fails, then works again: only the latest is true). ``info`` marks news that is
        nobody's fault (storage off in a frame, saving working again): the box wears
        the error style only while it holds an error."""
        box = element("notice")
        line = document.createElement("p")
        if info:
            line.dataset.kind = "info"
        if key is not None:
            for old in box.querySelectorAll(f'p[data-key="{key}"]'):
                old.remove()
            line.dataset.key = key
        line.textContent = text
        if detail:
            more = document.createElement("small")
            more.className = "detail"
            more.textContent = detail
            line.appendChild(more)
        box.appendChild(line)
        box.classList.toggle("info", not box.querySelector('p:not([data-kind="info"])'))
        # Errors interrupt a screen reader; news waits its turn.
        box.setAttribute("role", "status" if box.classList.contains("info") else "alert")
        box.hidden = False

    def render(self, focus: str | None = None) -> None:
        screen = self.screen
        if screen.review.active:
            screen.review.render()
            return
        table = screen.table
        state, ui = table.state, table.ui
        board = element("board")
        if focus is None:
            active = document.activeElement
            if active and board.contains(active) and active.getAttribute("data-square"):
                focus = str(active.getAttribute("data-square"))
        aid_label = getattr(ui, "AID_LABEL", None)
        element("aid-line").hidden = aid_label is None
        if aid_label:
            element("aid-label").textContent = _(aid_label)
        options = self.board_options()
        turn = tables.turn_shown(table)
        if turn and getattr(ui, "turn_marks", None):
            options["touched"] = ui.turn_marks(list(turn))
        show_markup(
            board,
            ui.board_svg(state, selected=table.selected, last_move=ui.last_move(state), **options),
        )
        if self.kiosk:
            proportion(board)
        screen.sticks.show(ui.side_svg(state))
        element("status").textContent = tables.status(table)
        element("game-name").textContent = ui.title()
        element("app").dataset.game = ui.GAME  # the layout differs a little per game
        document.title = _("{site}: {game}", site=current_site().title, game=ui.title())
        if screen.welcome is not None:
            screen.welcome.name_address()  # the address names the game too
        computer = not table.here_to_play()  # the computer's turn, or a friend's
        if computer:
            watch_only(board)
        element("throw").disabled = computer or not ui.can_throw(state)
        element("pass").hidden = computer or ui.pass_move(state) is None
        # One filled button at a time: Pass takes Throw's place when it is due, and
        # in a game by links "Send the link" takes both while the friend is awaited.
        send = element("friend-send")
        send.hidden = table.friend_waits() is None or table.viewing
        element("throw").hidden = (
            ui.GAME != "senet" or not element("pass").hidden or not send.hidden
        )
        screen.opening.label()
        screen.takeback.render()
        screen.watching.render()
        if screen.viewing is not None:  # a shared game is only looked at (web/share.py)
            element("throw").disabled = True
            element("pass").hidden = True
            screen.viewing.banner()
        self.render_turn()
        element("ruleset-name").textContent = ui.ruleset_name(state)
        self.render_log()
        screen.review.render_bar()
        self._render_result()
        if focus is not None and not focus_cell(board, focus):
            # The focused cell is gone (Squadro's landing square): stay on the board,
            # on its tab stop, so that a keyboard player goes on from there.
            stop = board.querySelector('[data-row][tabindex="0"]')
            if stop:
                stop.focus()
            elif ui.can_throw(state):
                element("throw").focus()
            elif state.to_act() is None and not element("game-over").hidden:
                element("game-over-title").focus()

    def board_options(self, ui=None) -> dict:
        """The keyword arguments of the game's ``board_svg`` besides the position: the
        learning aid where the game has one, and the narrow drawing. Squadro's and
        Lodestone's boards are drawn without the tray beside them everywhere (issue
        37: it stayed empty most of a game, 197x636 px of a desktop's window, while the
        player cards count the pieces home or taken). Senet stands upright on a phone
        and on a kiosk's portrait screen."""
        ui = ui or self.screen.ui  # another game's (a lesson's board)
        phone = bool(self.narrow_query.matches)
        options = {"narrow": True}
        if getattr(ui, "STANDS_UPRIGHT", False):
            options["upright"] = phone or (self.kiosk and bool(self.portrait_query.matches))
        if getattr(ui, "AID_LABEL", None):
            options["aid"] = self.aid
        return options

    def _render_result(self) -> None:
        """The result over the board at the end: who won, how, in how many moves."""
        screen = self.screen
        table = screen.table
        state, ui = table.state, table.ui
        over = element("game-over")
        outcome = state.outcome()
        finished = outcome is not None and not table.viewing
        over.hidden = not finished or table.result_hidden
        element("game-over-show").hidden = not finished or not table.result_hidden
        if not finished:
            return
        sides = tuple(card.side for card in tables.cards(table))
        you = table.friend.seat if table.friend is not None else None
        show_markup(
            element("game-over-words"),
            result_html(outcome, table.players, sides, tables.ending(table), len(table.log), you),
        )
        offer = getattr(ui, "after_game", None)
        element("game-over-alt").hidden = offer is None
        if offer is not None:
            element("game-over-alt").textContent = offer(state)[0]
        element("game-over-share").hidden = bool(screen.launch.kiosk)
        if not table.attract:  # the kiosk's own games are nobody's to judge
            # An analysis kept from before, for the line below (a game that ends here
            # is weighed when it is logged, web/your_games.py).
            screen.analysis.start(weigh=False)
        screen.analysis.render_result_line()

    def render_turn(self) -> None:
        """Who plays which side, the computer's thinking, the hint button and text."""
        screen = self.screen
        if screen.review.active:
            return  # the turn of a past position is nobody's
        table = screen.table
        state, ui, waiting = table.state, table.ui, table.waiting
        computer = table.computer_to_play()
        element("app").dataset.turn = "computer" if computer else "person"
        # The visitor's name on their card; a kiosk's card says "You" to everyone.
        name = "" if screen.launch.kiosk else screen.keeping.storage.visitor_name()
        show_markup(
            element("player-cards"),
            cards_html(
                tables.cards(table),
                table.players,
                table.seat_to_play(),
                state.outcome(),
                tables.card_names(table, name),
                visitor=name,
            ),
        )
        thinking = element("thinking")
        thinking.hidden = not (computer or waiting == tables.HINT)
        thinking.classList.toggle("paused", table.held())
        if waiting == tables.HINT or computer:
            player = screen.pacing.computer
            if waiting and not player.ready and not player.failed:
                thinking.textContent = _("The computer is getting ready…")
            elif waiting == tables.HINT:
                thinking.textContent = _("Looking for a good move…")
            elif table.held():  # watching, paused (web/watching.py)
                thinking.textContent = _("Paused: Step plays one action.")
            else:
                who = seats.player_name(table.players, table.seat_to_play())
                if ui.can_throw(state):
                    thinking.textContent = _("{player} is about to throw…", player=who)
                else:
                    thinking.textContent = _("{player} is thinking…", player=who)
        hint_button = element("hint")
        hint_button.hidden = table.viewing or table.friend is not None  # people only
        # Disabled, not hidden, at the end: the toolbar keeps its shape.
        hint_button.disabled = computer or bool(waiting) or not state.legal_moves()
        text = element("hint-text")
        hint = tables.hint_shown(table)
        # The hint and the thinking line share one slot under the status.
        text.hidden = hint is None or not thinking.hidden
        if hint is not None:
            words = _("Hint: {move}.", move=ui.describe_move(state, hint.move))
            if hint.chance is not None:
                words += " " + _("Estimated winning chance: {percent}%",
                                 percent=round(100 * hint.chance))  # fmt: skip
            text.textContent = words

    def render_log(self) -> None:
        """Add the new entries to the move list, which keeps the latest LOG_SHOWN;
        the list's ``start`` keeps each entry's number."""
        moves = element("moves")
        log = self.screen.table.log
        total = len(log)
        first = max(self.logged, total - LOG_SHOWN)
        for number, entry in enumerate(log[first:], first + 1):
            item = document.createElement("li")
            item.textContent = entry
            item.dataset.entry = str(number)  # review goes to this entry (web/review.py)
            item.tabIndex = -1
            moves.appendChild(item)
        self.logged = total
        for _extra in range(int(moves.childElementCount) - LOG_SHOWN):
            moves.firstElementChild.remove()
        earlier = total - int(moves.childElementCount)
        moves.start = earlier + 1
        note = element("moves-earlier")
        note.hidden = earlier == 0
        if earlier:
            note.textContent = _("{count} earlier moves are not shown.", count=earlier)
        moves.scrollTop = moves.scrollHeight


def proportion(board) -> None:
    """Give ``board`` its drawing's proportions (``--board-ratio``, the SVG's
    viewBox): the kiosk's layout sizes the board's frame to fit the drawing in the
    room it has, with no empty band above or below (static/app.css)."""
    svg = board.querySelector("svg")
    box = svg.viewBox.baseVal if svg is not None else None
    if box is not None and box.width and box.height:
        board.style.setProperty("--board-ratio", f"{box.width:g} / {box.height:g}")
