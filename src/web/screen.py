"""The game on screen: turns taps, keys and the computer's replies into engine calls,
draws each state, and keeps the current game in storage."""

from __future__ import annotations

import random
import time
from dataclasses import replace

from pyodide.ffi import create_once_callable
from pyscript import document, window

from ludeum import launch as launching
from ludeum import saves, seats
from ludeum import table as tables
from ludeum.games import GAMES, ui_for
from ludeum.games import ui as game_ui
from ludeum.i18n import _
from ludeum.player_cards import cards_html, result_html
from ludeum.records.library import clean_name
from ludeum.records.resume import resume
from ludeum.senet import JEQUIER, PRESETS

from .computer import ComputerPlayer
from .keeping import Keeping
from .library import Library
from .motion import Motion
from .opening import Opening
from .page import announce, arrow_on_board, element, focus_cell, listen, watch_only
from .review import Review
from .sticks import Sticks
from .storage import SAVE_KEY, Storage
from .takeback import TakeBack

#: The computer waits this long before each of its actions, so that a person can
#: follow its throws and moves (longer when it plays both sides).
COMPUTER_PAUSE_MS = 550
COMPUTER_ALONE_PAUSE_MS = 1200

#: Kiosk mode (``?kiosk=1``): a visitor plays the computer at this level unless the
#: URL names other players; between visitors the computer plays itself ("attract
#: mode") at ATTRACT_LEVEL, slowly, and starts again ATTRACT_RESTART_MS after a game.
KIOSK_PLAYERS = (seats.HUMAN, "easy")
ATTRACT_LEVEL = "medium"
ATTRACT_PAUSE_MS = 2500
ATTRACT_RESTART_MS = 8000

#: The move list shows at most this many entries, the latest; a line says how many
#: earlier ones are not shown. A page with 100,000 list items is slow to build and to
#: read with a screen reader, and nobody scrolls back that far.
LOG_SHOWN = 300

#: Keys that say the visitor plays by keyboard, which shows them the keys' help (a
#: touch screen or a mouse never needs that paragraph).
KEYBOARD_USER_KEYS = ("Tab", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")

#: Where the boards are drawn narrow (static/app.css's phone layout uses the same).
NARROW_QUERY = "(max-width: 600px) and (orientation: portrait)"
#: Where a frame gets the compact embed layout (static/app.css, with <html
#: data-framed>): the square boards are drawn without their trays there too.
COMPACT_QUERY = (
    "(orientation: landscape) and (max-height: 700px), "
    "(orientation: landscape) and (max-width: 999px)"
)


class _OnTable:
    """A screen attribute that is a field of the game on screen, ``screen.table``
    (``ludeum.table.Table``, one immutable value): reading it reads the table,
    setting it puts a new table in its place. ``kept`` turns what a room gives
    into the field's form (a list into a tuple)."""

    def __init__(self, name: str, kept=None) -> None:
        self.name, self.kept = name, kept

    def __get__(self, screen, owner=None):
        if screen is None:
            return self
        return getattr(screen.table, self.name)

    def __set__(self, screen, value) -> None:
        value = self.kept(value) if self.kept is not None and value is not None else value
        changes = {self.name: value}
        if self.name == "state":
            changes["review"] = None  # another position on screen ends a review
        screen.table = replace(screen.table, **changes)


class GameScreen:
    """The current game on the page, whichever game it is: every game-specific
    word, drawing and tap rule comes from the game's ``ui`` module."""

    # The game on screen: one ludeum.table.Table, read and written through these.
    state = _OnTable("state")
    players = _OnTable("players", tuple)
    ahead = _OnTable("ahead", tuple)
    log = _OnTable("log", tuple)
    name = _OnTable("name")
    selected = _OnTable("selected")
    result_hidden = _OnTable("result_hidden")
    # The computer's turn so far, as (before, action, after): its status sums it up
    # and its squares stay marked until a person acts (issue 26, item 3).
    turn_steps = _OnTable("turn", tuple)
    # Every request to the computer carries a number; a reply to an older one (the
    # game was replaced meanwhile) is dropped. waiting_for: "move" or "hint".
    request_id = _OnTable("request")
    waiting_for = _OnTable("waiting")

    @property
    def hint(self):
        """(move, winning chance or None) for the position shown, or None: a hint
        found for another position is never shown."""
        hint = self.table.hint
        if hint is None or hint.position is not self.state:
            return None
        return hint.move, hint.chance

    @hint.setter
    def hint(self, found) -> None:
        hint = None if found is None else tables.Hint(self.state, *found)
        self.table = replace(self.table, hint=hint)

    @property
    def viewing(self):
        """web.share.Share while the table shows a shared game, only looked at."""
        return self.share if self.table.viewing else None

    def __init__(self, launch: launching.Launch, storage: Storage, records: Library) -> None:
        self.table = tables.Table(state=None)  # the game is put on the table below
        self.rng = random.Random()
        self.first_choice = "random"  # who starts the next new game
        self.last_senet_rules = JEQUIER  # preset in the new-game form for Senet
        self.launch = launch
        # A link or frame that preselects a game keeps its own game (launch.slot).
        slot = launch.slot()
        self.keeping = Keeping(self, storage, records, SAVE_KEY + (f"?{slot}" if slot else ""))
        # While an action is being played, what saving has to say waits to be read
        # out after the action itself (one announcement would replace the other).
        self.to_say: list[str] | None = None
        self.attract = False  # kiosk: the computer plays itself until someone touches
        self.restored = False  # the game on screen was resumed from storage
        self.kiosk = None  # a Kiosk when the URL asks for kiosk mode
        self.sound = None  # web.sound.Sound, set by main
        self.share = None  # web.share.Share, set when it is wired
        self.welcome = None  # web.welcome.Welcome: the games on offer, before this one
        self.lessons = None  # web.lessons.Lessons: a game taught step by step
        self.selected = None  # the data-square name of the chosen piece
        self.aid = False  # a game's learning aid (Lodestone's magnet map) is shown
        self.logged = 0  # entries already in the page's move list
        self.players = self._launch_players()
        self.computer = ComputerPlayer(self.on_computer_reply, self.on_computer_change)
        self.last_action_at = 0.0
        self.review = Review(self)  # stepping through the game, and its graph
        # self.ahead: the actions beyond the position shown, what Take back removed,
        # for Redo (ludeum.records.line); kept while the moves played follow it.
        self.takeback = TakeBack(self)
        self.motion = Motion(self)  # pieces travel after an action is drawn
        self.sticks = Sticks()  # the sticks drawn, tumbling on each throw
        self.opening = Opening(self)  # Senet's opening in one action
        # self.name: the visitor's name for this game (Saved games).
        self._resumed_back = None
        self.state = self._restore()
        if self._resumed_back is not None:
            self.table = tables.with_look_back(self.table, self._resumed_back)
        self.keeping.wire()
        listen(element("board"), "click", self.on_board_click)
        listen(element("board"), "keydown", self.on_board_key)
        listen(element("throw"), "click", lambda event: self.throw())
        listen(element("pass"), "click", lambda event: self.pass_turn())
        listen(element("hint"), "click", lambda event: self.ask_hint())
        listen(element("new-game"), "click", lambda event: self.open_new_game())
        listen(element("new-game-form"), "submit", self.on_new_game_submit)
        listen(element("cancel-new-game"), "click", lambda event: self.close_new_game())
        listen(element("new-game-x"), "click", lambda event: self.close_new_game())
        listen(element("game-over-new"), "click", lambda event: self.play_again())
        listen(element("game-over-alt"), "click", lambda event: self.play_variant())
        listen(element("game-over-fresh"), "click", lambda event: self.open_new_game())
        listen(element("game-over-review"), "click", lambda event: self.review.from_result())
        listen(element("game-over-close"), "click", lambda event: self.show_result(False))
        listen(element("game-over-show"), "click", lambda event: self.show_result(True))
        # A phone draws the boards without their side trays (the player cards count
        # the pieces); turning the phone or resizing the window redraws them.
        self.narrow_query = window.matchMedia(NARROW_QUERY)
        listen(self.narrow_query, "change", lambda event: self.render())
        self.framed = document.documentElement.hasAttribute("data-framed")
        self.compact_query = window.matchMedia(COMPACT_QUERY)
        if self.framed:
            listen(self.compact_query, "change", lambda event: self.render())
        # self.result_hidden: the visitor closed the result to see the board.
        self.one_tap = True  # a piece's single move on one tap (src/web/settings.py)
        # A pending step of the computer's turn and the time it is due: a tap or a
        # key while the computer plays brings it forward (hurry).
        self.pending = None
        self.hurry = False
        listen(element("aid"), "change", self.on_aid)
        listen(element("show-rules"), "click", lambda event: self.open_rules())
        listen(element("close-rules"), "click", lambda event: element("rules-dialog").close())
        listen(element("rules-x"), "click", lambda event: element("rules-dialog").close())
        listen(document, "keydown", self.on_page_key)
        # A tap on the board or a key while the computer plays a turn: the rest
        # without pauses. (Not a tap on the tools: Take back must still cancel.)
        listen(element("board"), "pointerdown", lambda event: self.hurry_up())

    @property
    def ui(self):
        return ui_for(self.state)

    def change(self, transition, *args) -> None:
        """A transition of ludeum.table that only changes the table (select, rename,
        show_result), applied to the game on screen: how a room changes it."""
        self.table = transition(self.table, *args)

    # -- persistence ----------------------------------------------------------------

    def _restore(self):
        text = self.keeping.read()
        if text is None:
            return self._fresh_game(*self._launch_game())
        try:
            # One replay gives the state, the move list and the take-back point.
            resumed = resume(text)
        except saves.SaveError as error:
            self.keeping.set_aside(text, error)
            return self._fresh_game(*self._launch_game())
        state, self.ahead, self.log = resumed.state, resumed.ahead, resumed.log
        self.players = resumed.players
        self._resumed_back = resumed.back  # the take-back point, from the same replay
        self.name = clean_name(saves.load_label(text)[0]) or None
        self.restored = True
        return state

    def _launch_game(self) -> tuple[str, dict]:
        """The game and options the URL asked for (Senet under Jéquier by default)."""
        from ludeum.lodestone import LodestoneRules

        launch = self.launch
        game = launch.game or "senet"
        options: dict = {}
        if game == "senet" and launch.ruleset:
            options["rules"] = PRESETS[launch.ruleset]
        if game == "lodestone" and launch.ruleset:
            reading = launch.ruleset == "per_colour_reading"
            options["lodestone_rules"] = LodestoneRules(per_colour_reading=reading)
        return game, options

    def _launch_players(self) -> tuple[str, str]:
        if self.launch.players is not None:
            return self.launch.players
        return KIOSK_PLAYERS if self.launch.kiosk else seats.HUMANS

    def _fresh_game(self, game: str, options: dict):
        self.log = ()
        self.ahead = ()
        first = self.first_choice
        seat = self.rng.getrandbits(1) if first == "random" else int(first)
        return game_ui(game).start(options, seat)

    def say(self, text: str) -> None:
        if self.to_say is not None:
            self.to_say.append(text)
        else:
            announce(text)

    # -- two tabs on one saved game --------------------------------------------------

    def show(self, state, text: str) -> None:
        """Put a stored game on screen as the game saved at save_key."""
        self.state = state
        self.players = saves.load_players(text)
        try:
            self.ahead = saves.load_ahead(text, state)
        except saves.SaveError:
            self.ahead = ()  # the game itself was read; only its redo line is lost
        self.name = clean_name(saves.load_label(text)[0]) or None
        self.log = self.ui.game_log(state)
        self.logged = 0
        element("moves").innerHTML = ""
        self.selected = None
        self.hint = None
        self.keeping.shown(text)
        self.render()
        self.computer_turn()

    # -- the computer -----------------------------------------------------------------

    def computer_to_play(self) -> bool:
        return seats.is_computer(self.players, self.ui.seat_to_play(self.state))

    def computer_turn(self) -> None:
        """Let the computer act if the turn is its own: throw after a pause, or ask
        the worker for a move."""
        self.request_id += 1
        self.waiting_for = None
        if self.opening.automatic():  # against the computer: no click to decide it
            self.opening.schedule(self.request_id)
            return
        if not self.computer_to_play():
            self.hurry = False  # the next computer turn is shown at its pace again
            return
        if self.welcome is not None and self.welcome.showing:
            return  # out of sight: the computer waits until the game is continued
        if self.lessons is not None and self.lessons.showing:
            return  # a lesson is on screen: the game waits under it
        request_id = self.request_id
        if self.ui.can_throw(self.state):
            self._later(lambda: self._computer_throw(request_id))
            return
        seat = self.ui.seat_to_play(self.state)
        self.waiting_for = "move"
        self.computer.ask(
            {"id": request_id, "kind": "move", "save": saves.dump(self.state),
             "level": self.players[seat], "seed": self.rng.getrandbits(32)}
        )  # fmt: skip

    def _later(self, step) -> None:
        """Do ``step`` of the computer's turn after its pause (none once hurried)."""
        # The pause, and at least the pieces' travel (and a breath after it).
        pause = 0 if self.hurry else max(self._pause(), int(self.motion.remaining_ms()) + 120)

        def due() -> None:
            if self.pending is not None and self.pending[0] == timer:
                self.pending = None
            step()

        callback = create_once_callable(due)
        timer = window.setTimeout(callback, pause)
        self.pending = (timer, due, callback)

    def hurry_up(self) -> None:
        """A tap or a key while the computer plays a turn that a person watches: the
        rest of the turn comes without pauses (its steps still one by one: each throw
        is only known when thrown)."""
        if not self.computer_to_play() or seats.HUMAN not in self.players:
            return
        self.hurry = True
        if self.pending is not None:
            timer, due, callback = self.pending
            self.pending = None
            window.clearTimeout(timer)
            callback.destroy()  # a once-callable frees itself only when called
            due()

    def _pause(self) -> int:
        alone = all(p != seats.HUMAN for p in self.players)
        pause = COMPUTER_ALONE_PAUSE_MS if alone else COMPUTER_PAUSE_MS
        if self.attract:
            pause = ATTRACT_PAUSE_MS
        waited = 1000 * (time.monotonic() - self.last_action_at)
        return max(0, int(pause - waited))

    def _computer_throw(self, request_id: int) -> None:
        if request_id == self.request_id and self.ui.can_throw(self.state):
            self.act(tables.throw_for(self.table, self.rng), by_computer=True)

    def on_computer_reply(self, reply: dict) -> None:
        table, done = tables.reply(self.table, reply)
        if table is self.table:
            return  # an answer about a game or position no longer shown
        self.table = table
        if done.notice is not None:
            self.notice(_("The computer could not choose a move."), detail=done.detail)
            self.render()
        elif done.move_later is not None:
            request_id = self.request_id
            self._later(lambda: self._computer_move(request_id, done.move_later))
        else:  # a hint, with its piece selected where a tap would select it
            self.render(focus=self.selected)

    def _computer_move(self, request_id: int, move) -> None:
        if request_id == self.request_id:
            self.act(move, by_computer=True)

    def on_computer_change(self) -> None:
        if self.computer.failed and not self.computer.ready:
            self.notice(_("This browser cannot run the computer player in the background, "
                          "so it thinks more briefly and plays weaker."), info=True)  # fmt: skip
        self.render_turn()

    def ask_hint(self) -> None:
        if self.review.active:
            return
        table, done = tables.ask_hint(self.table)
        if done.ask is None:
            return  # the computer's turn, a request already out, or nothing to play
        self.table = table
        self.computer.ask({"id": done.ask.id, "kind": done.ask.kind, "save": done.ask.save})
        self.render_turn()

    # -- actions --------------------------------------------------------------------

    def act(self, action, by_computer: bool = False) -> None:
        if self.review.active:
            return  # a past position is shown: play waits for "Back to the game"
        if self.computer_to_play() and not by_computer:
            return  # the computer's turn: taps and keys wait
        if self.viewing is not None:
            return  # a shared game is only looked at until the visitor continues it
        before = self.state
        # The table takes the action: the position, the line ahead, the move list,
        # the computer's turn so far; the hint and the selection are gone.
        by = tables.COMPUTER if by_computer else tables.PERSON
        table, done = tables.play(self.table, action, by=by)
        if done.notice == "illegal":
            self.notice(_("That move is not allowed."), detail=done.detail)
            return
        if table is self.table:
            return
        self.table = table
        if not by_computer:
            self.hurry = False  # a person acted: the computer's turn is read
        self.last_action_at = time.monotonic()
        self.to_say = []
        self.keeping.save()
        said, self.to_say = self.to_say, None
        self.render()
        self.motion.played(before, action, self.state)
        if self.sound is not None and not self.attract:  # the kiosk's own games are silent
            self.sound.action(before, self.state, self.players)
        if self.state.outcome() is not None and not element("game-over").hidden:
            element("game-over-title").focus()  # the result is what comes next
        if not self.attract:  # the kiosk's own games between visitors are not read out
            announce(" ".join([self.ui.announce(before, action, self.state), *said]))
        self.computer_turn()
        if self.attract and self.state.outcome() is not None:
            request_id = self.request_id
            window.setTimeout(
                create_once_callable(lambda: self._attract_again(request_id)),
                ATTRACT_RESTART_MS,
            )

    def throw(self) -> None:
        if self.opening.due():
            self.opening.decide()
        elif self.ui.can_throw(self.state):
            self.act(tables.throw_for(self.table, self.rng))

    def pass_turn(self) -> None:
        action = self.ui.pass_move(self.state)
        if action is not None:
            self.act(action)

    def pick(self, name: str, by_pointer: bool = False) -> None:
        """A tap on a board element: the game's ui decides what it selects or plays. A
        click or tap (not a key: keyboard play stays two steps) on a piece with a
        single move plays it at once, unless the visitor turned one-tap moves off."""
        if self.computer_to_play() or self.review.active:
            return
        self.selected, action = self.ui.tap(self.state, self.selected, name)
        if action is None and by_pointer and self.one_tap and self.selected == name:
            moves = self.ui.piece_actions(self.state, name)
            if len(moves) == 1:
                self.selected, action = None, moves[0]
        if action is not None:
            self.act(action)
        else:
            self.render(focus=name)

    def open_new_game(self, game: str | None = None, custom: bool = False) -> None:
        """The new-game dialog, preset to the current game (or to ``game``, with the
        Senet reading "custom" when ``custom``: the welcome screen's way to Senet's
        custom rules); the dialog is also the confirmation before a game in progress
        is replaced."""
        from ludeum.senet.setup_form import form_for  # not needed to boot

        warning = ""
        if self.launch.kiosk:
            if self.state.actions() and self.state.outcome() is None:
                warning = _("Starting a new game replaces the game in progress.")
        elif self.state.actions():
            warning = _("Starting a new game keeps this one in Saved games, where you can "
                        "open it again.")  # fmt: skip
        element("replace-warning").textContent = warning
        element("new-game-fields").innerHTML = form_for(
            self.state, self.first_choice, self.players, self.last_senet_rules
        )
        form = element("new-game-form")
        for name, value in (("game", game), ("reading", "custom" if custom else None)):
            box = form.querySelector(f'input[name="{name}"][value="{value}"]') if value else None
            if box:
                box.checked = True
        dialog = element("new-game-dialog")
        dialog.showModal()
        # Focus starts on the game chosen, not on the dialog's close button above it.
        chosen = dialog.querySelector('input[name="game"]:checked')
        if chosen:
            chosen.focus()

    def close_new_game(self) -> None:
        element("new-game-dialog").close()
        if self.welcome is not None and self.welcome.showing:
            element("welcome-title").focus()
        else:
            element("new-game").focus()

    def focus_play(self) -> None:
        """The focus where play goes on: the throw when it is a person's, else New game."""
        human_throws = self.ui.can_throw(self.state) and not self.computer_to_play()
        element("throw" if human_throws else "new-game").focus()

    def on_new_game_submit(self, event) -> None:
        from ludeum.senet.setup_form import choice_from_form, senet_preset

        event.preventDefault()
        # Offered again when the dialog opens on another game.
        self.last_senet_rules = senet_preset(self.state, self.last_senet_rules)
        values = {}
        for entry in window.FormData.new(element("new-game-form")).entries():
            values[str(entry[0])] = str(entry[1])
        from ludeum.lodestone import LodestoneRules

        game = values.get("game", "senet")
        game = game if game in GAMES else "senet"
        rules, self.first_choice = choice_from_form(values)
        lodestone_rules = LodestoneRules(per_colour_reading="per_colour_reading" in values)
        players = seats.from_form(values)
        element("new-game-dialog").close()
        options = {"rules": rules, "lodestone_rules": lodestone_rules}
        self.start_new_game(game, options, players=players)

    def play_variant(self) -> None:
        """The game's own offer at the end (Lodestone: rotate the board)."""
        after_game = getattr(self.ui, "after_game", None)
        if after_game is not None:
            self.start_new_game(self.ui.GAME, after_game(self.state)[1])

    def on_aid(self, event) -> None:
        self.aid = bool(element("aid").checked)
        self.render()

    def play_again(self) -> None:
        """A rematch: the same game and rules, each player in the other seat (so the
        other one moves first, and plays the other side)."""
        rules = getattr(self.state, "rules", None)
        first, second = self.players
        self.start_new_game(
            self.ui.GAME, {"rules": rules, "lodestone_rules": rules}, players=(second, first)
        )

    def show_result(self, shown: bool) -> None:
        """Hide the result banner to look at the final board, or bring it back."""
        self.table = tables.show_result(self.table, shown)
        self.render()
        element("game-over-title" if shown else "game-over-show").focus()

    def start_new_game(self, game: str, options: dict, players=None) -> None:
        """A new game in place of this one, which is kept in Saved games first if it
        has an action; if it cannot be kept (storage full), no new game starts."""
        had_actions = bool(self.state.actions()) and not self.attract
        if not self.keeping.put_away_for_new_game():
            element("new-game").focus()
            return
        if players is not None:
            self.players = players
        self.name = None
        self.state = self._fresh_game(game, options)
        self.result_hidden = False
        self.selected = None
        self.hint = None
        self.logged = 0
        element("moves").innerHTML = ""
        self.keeping.save()
        if self.welcome is not None:
            self.welcome.leave()
        self.render()
        self.focus_play()
        if had_actions and not self.launch.kiosk:
            announce(_("New game. The last game was kept in Saved games."))
        self.computer_turn()

    def relabel(self) -> None:
        """Everything in words again, in the language just chosen."""
        self.log = self.ui.game_log(self.state)
        self.logged = 0
        element("moves").innerHTML = ""
        self.render()
        if self.welcome is not None:
            self.welcome.render()
        if self.lessons is not None and self.lessons.showing:
            self.lessons.render()
        self.keeping.records.refresh()  # Saved games, if open, in the new language too

    # -- kiosk: attract mode ---------------------------------------------------------

    def enter_attract(self) -> None:
        """Between visitors: close every dialog, forget the last visitor's game and let
        the computer play itself slowly until someone touches the screen."""
        for id_ in ("new-game-dialog", "rules-dialog", "idle-dialog", "compare-dialog"):
            if element(id_).open:
                element(id_).close()
        self.keeping.forget()
        self.attract = True
        if self.lessons is not None:  # the last visitor's lesson ends with their visit
            self.lessons.close()
        document.documentElement.dataset.mode = "attract"
        element("attract").hidden = False
        element("attract-learn").hidden = False
        self.players = (ATTRACT_LEVEL, ATTRACT_LEVEL)
        self.start_new_game(*self._launch_game())
        element("attract").focus()

    def _attract_again(self, request_id: int) -> None:
        if self.attract and request_id == self.request_id:
            self.start_new_game(*self._launch_game())

    def leave_attract(self) -> None:
        """Someone touched the screen: a fresh game for the visitor."""
        if not self.attract:
            return
        self.attract = False
        document.documentElement.dataset.mode = "play"
        element("attract").hidden = True
        element("attract-learn").hidden = True
        self.players = self._launch_players()
        self.start_new_game(*self._launch_game())

    def open_rules(self) -> None:
        dialog = element("rules-dialog")
        dialog.setAttribute("aria-label", _("Rules"))
        content = element("rules-content")
        content.innerHTML = self.ui.rules_page(self.state)
        dialog.showModal()
        content.focus()  # start reading at the top, not at the Close button
        dialog.scrollTop = 0

    # -- events ---------------------------------------------------------------------

    def _name_of(self, event) -> str | None:
        target = event.target.closest("[data-square]")
        if not target:  # JS null arrives as the falsy jsnull, not None
            return None
        return str(target.dataset.square)

    def on_board_click(self, event) -> None:
        name = self._name_of(event)
        if name is not None:
            # detail 0: a click made by a key (Enter or Space on a focused cell), which
            # on_board_key plays two-step; a pointer's click counts its presses.
            self.pick(name, by_pointer=int(event.detail or 0) > 0)

    def on_board_key(self, event) -> None:
        if event.key in ("Enter", " "):
            name = self._name_of(event)
            if name is not None:
                event.preventDefault()
                self.pick(name)
        elif event.key == "Escape" and self.selected is not None:
            name = self.selected
            self.selected = None
            self.render(focus=name)
        else:
            arrow_on_board(element("board"), event)

    def on_page_key(self, event) -> None:
        if not (event.ctrlKey or event.metaKey) and str(event.key).lower() not in ("z", "y"):
            self.hurry_up()  # but take back and redo act on the turn as it stands
        if self.welcome is not None and self.welcome.showing:
            return  # the game is out of sight: its keys wait for it
        if self.lessons is not None and self.lessons.showing:
            return
        keys = element("keys-hint")
        if event.key == "?":
            keys.hidden = not keys.hidden  # the keyboard help, on demand
        elif keys.hidden and event.key in KEYBOARD_USER_KEYS:
            keys.hidden = False  # a keyboard user: the keys are worth a line
        if self.takeback.on_key(event):
            return
        tag = (event.target.tagName or "").lower()
        if tag in ("input", "textarea", "select") or event.ctrlKey or event.metaKey or event.altKey:
            return
        if event.key in ("t", "T"):
            self.throw()
        elif event.key in ("h", "H"):
            self.ask_hint()

    # -- drawing --------------------------------------------------------------------

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
        if self.review.active:
            self.review.render()
            return
        state, ui = self.state, self.ui
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
        turn = self._turn()
        if turn and getattr(ui, "turn_marks", None):
            options["touched"] = ui.turn_marks(turn)
        board.innerHTML = ui.board_svg(
            state, selected=self.selected, last_move=ui.last_move(state), **options
        )
        self.sticks.show(ui.side_svg(state))
        summed = getattr(ui, "turn_status", None)
        element("status").textContent = summed(state, turn) if turn and summed else ui.status(state)
        element("game-name").textContent = ui.title()
        element("app").dataset.game = ui.GAME  # the layout differs a little per game
        document.title = _("Ludeum: {game}", game=ui.title())
        computer = self.computer_to_play()
        if computer:
            watch_only(board)
        element("throw").disabled = computer or not ui.can_throw(state)
        element("pass").hidden = computer or ui.pass_move(state) is None
        # One filled button at a time: Pass takes Throw's place when it is due.
        element("throw").hidden = ui.GAME != "senet" or not element("pass").hidden
        self.opening.label()
        self.takeback.render()
        if self.viewing is not None:  # a shared game is only looked at (web/share.py)
            element("throw").disabled = True
            element("pass").hidden = True
            self.viewing.banner()
        self.render_turn()
        element("ruleset-name").textContent = ui.ruleset_name(state)
        self._render_log()
        self.review.render_bar()
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

    def _turn(self) -> list:
        """The computer's turn that led to the position shown, if it did (a take
        back, a new game or a loaded one leaves none)."""
        steps = self.turn_steps
        return steps if steps and steps[-1][2] is self.state else []

    def board_options(self, ui=None) -> dict:
        """The keyword arguments of the game's ``board_svg`` besides the position: the
        learning aid where the game has one, and the narrow drawing on a phone (Senet
        stands upright) and in a small frame."""
        ui = ui or self.ui  # another game's (a lesson's board)
        phone = bool(self.narrow_query.matches)
        compact = self.framed and bool(self.compact_query.matches)
        options = {"narrow": phone or compact}
        if getattr(ui, "STANDS_UPRIGHT", False):
            options["upright"] = phone
        if getattr(ui, "AID_LABEL", None):
            options["aid"] = self.aid
        return options

    def _render_result(self) -> None:
        """The result over the board at the end: who won, how, in how many moves."""
        state, ui = self.state, self.ui
        over = element("game-over")
        outcome = state.outcome()
        finished = outcome is not None and self.viewing is None
        over.hidden = not finished or self.result_hidden
        element("game-over-show").hidden = not finished or not self.result_hidden
        if not finished:
            return
        sides = tuple(ui.side_card(state, seat).side for seat in (0, 1))
        element("game-over-words").innerHTML = result_html(
            outcome, self.players, sides, ui.ending(state), len(self.log)
        )
        offer = getattr(ui, "after_game", None)
        element("game-over-alt").hidden = offer is None
        if offer is not None:
            element("game-over-alt").textContent = offer(state)[0]
        element("game-over-share").hidden = bool(self.launch.kiosk)

    def render_turn(self) -> None:
        """Who plays which side, the computer's thinking, the hint button and text."""
        if self.review.active:
            return  # the turn of a past position is nobody's
        state, ui = self.state, self.ui
        computer = self.computer_to_play()
        element("app").dataset.turn = "computer" if computer else "person"
        cards = tuple(ui.side_card(state, seat) for seat in (0, 1))
        element("player-cards").innerHTML = cards_html(
            cards, self.players, ui.seat_to_play(state), state.outcome()
        )
        thinking = element("thinking")
        thinking.hidden = not (computer or self.waiting_for == "hint")
        if self.waiting_for == "hint" or computer:
            starting = self.waiting_for and not self.computer.ready and not self.computer.failed
            if starting:
                thinking.textContent = _("The computer is getting ready…")
            elif self.waiting_for == "hint":
                thinking.textContent = _("Looking for a good move…")
            else:
                who = seats.player_name(self.players, ui.seat_to_play(state))
                if ui.can_throw(state):
                    thinking.textContent = _("{player} is about to throw…", player=who)
                else:
                    thinking.textContent = _("{player} is thinking…", player=who)
        hint = element("hint")
        hint.hidden = self.viewing is not None
        # Disabled, not hidden, at the end: the toolbar keeps its shape.
        hint.disabled = computer or bool(self.waiting_for) or not state.legal_moves()
        text = element("hint-text")
        # The hint and the thinking line share one slot under the status.
        text.hidden = self.hint is None or not thinking.hidden
        if self.hint is not None:
            move, chance = self.hint
            words = _("Hint: {move}.", move=ui.describe_move(state, move))
            if chance is not None:
                words += " " + _("Estimated winning chance: {percent}%",
                                 percent=round(100 * chance))  # fmt: skip
            text.textContent = words

    def _render_log(self) -> None:
        """Add the new entries to the move list, which keeps the latest LOG_SHOWN;
        the list's ``start`` keeps each entry's number."""
        moves = element("moves")
        total = len(self.log)
        first = max(self.logged, total - LOG_SHOWN)
        for number, entry in enumerate(self.log[first:], first + 1):
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
