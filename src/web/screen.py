"""The game on screen: the table (``ludeum.table.Table``, one immutable value) and
the rooms that show it and turn events into its transitions.

An event reaches a room (a tap: web/controls.py; Take back: web/takeback.py; the
computer's reply: web/pacing.py...), which calls a transition of ``ludeum.table``;
the transition returns the next table and what the page must do (``Do``), and
``GameScreen.apply`` does it in one order: the table in place, the move list
rebuilt if asked, the game saved, everything drawn (web/view.py), the piece's
travel and sound, the words read out, then the computer's part (web/pacing.py).
No room assigns the screen's attributes or another room's (tests/unit/
test_rooms_keep_to_their_own.py)."""

from __future__ import annotations

import random

from ludeum import launch as launching
from ludeum import saves
from ludeum import table as tables
from ludeum.i18n import _
from ludeum.records.library import clean_name
from ludeum.records.resume import resume

from .analysis import Analysis
from .controls import Controls
from .keeping import Keeping
from .library import Library
from .motion import Motion
from .new_game import NewGame
from .opening import Opening
from .pacing import Pacing
from .page import announce, element, listen
from .review import Review
from .sticks import Sticks
from .storage import SAVE_KEY, Storage
from .takeback import TakeBack
from .view import View
from .watching import Watching


class GameScreen:
    """The current game on the page, whichever game it is: every game-specific
    word, drawing and tap rule comes from the game's ``ui`` module."""

    def __init__(
        self, launch: launching.Launch, storage: Storage, records: Library, settings
    ) -> None:
        self.table = tables.Table(state=None)  # the game is put on the table below
        self.rng = random.Random()
        self.launch = launch
        self.settings = settings  # web.settings.Settings: sound, one-tap moves
        # A link or frame that preselects a game keeps its own game (launch.slot).
        slot = launch.slot()
        self.keeping = Keeping(self, storage, records, SAVE_KEY + (f"?{slot}" if slot else ""))
        # While an action is being played, what saving has to say waits to be read
        # out after the action itself (one announcement would replace the other).
        self.to_say: list[str] | None = None
        self.restored = False  # the game on screen was resumed from storage
        # Rooms that main.py wires in after the screen: they need it to exist.
        self.kiosk = None  # web.kiosk.Kiosk when the URL asks for kiosk mode
        self.share = None  # web.share.Share
        self.friends = None  # web.friends.Friends: games by links
        self.welcome = None  # web.welcome.Welcome: the games on offer, before this one
        self.lessons = None  # web.lessons.Lessons: a game taught step by step
        self.your_games = None  # web.your_games.YourGames: the visitor's record
        self.view = View(self)  # everything drawn
        self.pacing = Pacing(self)  # the computer's turn, at a person's pace
        self.new_game = NewGame(self, launch, self.rng)
        self.review = Review(self)  # stepping through the game, and its graph
        self.analysis = Analysis(self)  # its moves weighed, its luck measured
        self.takeback = TakeBack(self)
        self.watching = Watching(self)  # the computer playing itself: pause, step, pace
        self.motion = Motion(self)  # pieces travel after an action is drawn
        self.sticks = Sticks()  # the sticks drawn, tumbling on each throw
        self.opening = Opening(self)  # Senet's opening in one action
        self.controls = Controls(self, settings)
        self.table = self._restore()
        self.keeping.wire()
        listen(element("game-over-review"), "click", lambda event: self.review.from_result())
        listen(element("game-over-close"), "click", lambda event: self.show_result(False))
        listen(element("game-over-show"), "click", lambda event: self.show_result(True))

    # -- what rooms read ----------------------------------------------------------------

    @property
    def state(self):
        return self.table.state

    @property
    def ui(self):
        return self.table.ui

    @property
    def attract(self) -> bool:
        """Kiosk, between visitors: the computer plays itself (web/kiosk.py)."""
        return self.table.attract

    @property
    def viewing(self):
        """web.share.Share while the table shows a shared game, only looked at."""
        return self.share if self.table.viewing else None

    @property
    def sound(self):
        return self.settings.sound if self.settings is not None else None

    def away(self) -> bool:
        """The game is out of sight (the welcome screen, a lesson, the invited
        friend's card): it waits."""
        welcome, lessons, friends = self.welcome, self.lessons, self.friends
        return bool(
            (welcome is not None and welcome.showing)
            or (lessons is not None and lessons.showing)
            or (friends is not None and friends.inviting)  # the invited friend's card
        )

    # -- how rooms change the table -----------------------------------------------------

    def put(self, table: tables.Table) -> None:
        """``table`` (from a transition of ``ludeum.table``) is the game on screen;
        nothing drawn yet (``apply`` does it all)."""
        self.table = table

    def change(self, transition, *args) -> None:
        """A transition that only changes the table (select, rename, show_result)."""
        self.table = transition(self.table, *args)

    def apply(self, table: tables.Table, done: tables.Do, say=()) -> None:
        """Put ``table`` on screen and do what its transition returned, in order;
        ``say``: the room's own words, read out before the rest."""
        self.table = table
        if done.relist:
            self.view.relist()
        said: list[str] = []
        if done.save:
            self.to_say = []
            self.keeping.save()
            said, self.to_say = self.to_say, None
        self.view.render()
        if done.unplayed:
            self.motion.played_back(done.unplayed)
        if done.played:
            before, action, after = done.played
            self.motion.played(before, action, after)
            if self.sound is not None and not table.attract:  # the kiosk's own are silent
                self.sound.action(before, after, table.players)
            if after.outcome() is not None and not element("game-over").hidden:
                element("game-over-title").focus()  # the result is what comes next
            if table.attract and after.outcome() is not None and self.kiosk is not None:
                self.kiosk.again_later(table.request)
        if self.your_games is not None:
            self.your_games.follow(table, done)  # a game that ends here is logged
        words = [*say, *done.say, *said]
        if words:
            announce(" ".join(words))
        self.pacing.follow(done)
        if self.friends is not None:
            self.friends.after()  # a game by links that now waits offers its link

    def act(self, action, by_computer: bool = False) -> None:
        """An action played on the table, by a person or the computer."""
        if action is None:  # a throw that cannot be made here (a game by links)
            return
        by = tables.COMPUTER if by_computer else tables.PERSON
        table, done = tables.play(self.table, action, by=by)
        if done.notice == "illegal":
            self.notice(_("That move is not allowed."), detail=done.detail)
            return
        if table is self.table:
            return  # a review, a shared game, or the computer's turn for a person
        self.pacing.acted(by_computer)
        self.apply(table, done)

    def computer_turn(self) -> None:
        """The computer's part now, if the turn is its own (after a lesson, the
        welcome screen, a boot): any older request of it is called off."""
        table, done = tables.computer_turn(self.table)
        self.table = table
        self.pacing.follow(done)

    def say(self, text: str) -> None:
        if self.to_say is not None:
            self.to_say.append(text)
        else:
            announce(text)

    def render(self, focus: str | None = None) -> None:
        self.view.render(focus)

    def notice(self, text: str, detail=None, key=None, info: bool = False) -> None:
        self.view.notice(text, detail=detail, key=key, info=info)

    # -- games from storage -------------------------------------------------------------

    def _restore(self) -> tables.Table:
        text = self.keeping.read()
        if text is not None:
            try:
                # One replay gives the state, the move list and the take-back point.
                resumed = resume(text)
            except saves.SaveError as error:
                self.keeping.set_aside(text, error)
            else:
                self.restored = True
                name = clean_name(saves.load_label(text)[0]) or None
                table = tables.seat(resumed.state, resumed.players, ahead=resumed.ahead,
                                    name=name, log=resumed.log)  # fmt: skip
                # resume() wrote the move list in the seating of a game by links.
                table = tables.with_friend(table, saves.load_friend(text), relist=False)
                return tables.with_look_back(table, resumed.back)
        return tables.seat(self.new_game.launched(), self.new_game.launch_players())

    def show(self, state, text: str) -> None:
        """Put a stored game on screen as the game saved at save_key (the other tab's)."""
        try:
            ahead = saves.load_ahead(text, state)
        except saves.SaveError:
            ahead = ()  # the game itself was read; only its redo line is lost
        name = clean_name(saves.load_label(text)[0]) or None
        game = tables.seat(state, saves.load_players(text), ahead=ahead, name=name)
        game = tables.with_friend(game, saves.load_friend(text))
        table, done = tables.other_game(self.table, game)
        self.table = table  # first: the Saved games panel lists it as the current game
        self.keeping.shown(text)
        self.apply(table, done)

    # -- the page's own -----------------------------------------------------------------

    def show_result(self, shown: bool) -> None:
        """Hide the result banner to look at the final board, or bring it back."""
        self.change(tables.show_result, shown)
        self.render()
        element("game-over-title" if shown else "game-over-show").focus()

    def relabel(self) -> None:
        """Everything in words again, in the language just chosen."""
        table, done = tables.relabel(self.table)
        self.table = table
        self.view.relist()
        self.render()
        if self.welcome is not None:
            self.welcome.render()
        if self.lessons is not None and self.lessons.showing:
            self.lessons.render()
        self.keeping.records.refresh()  # Saved games, if open, in the new language too
        if self.your_games is not None:
            self.your_games.relabel()
