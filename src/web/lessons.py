"""The lesson screen's room: a game taught one step at a time, on a board of its own.

What a lesson holds and how an attempt is judged are pure (``ludeum.lessons``); the
board, its taps and its words are the game's ``ui`` module's, as on the game screen.
This room shows a step, turns taps and keys into attempts, says the verdict, keeps
the learner's progress in localStorage (``PROGRESS_KEY``), and hands over to the game
screen for the last step, a game against the computer at Easy. The game in progress
is never touched by a lesson until then (and is then kept in Saved games, as a new
game always keeps it).
"""

from __future__ import annotations

import random

from pyscript import document, window

from ludeum import lessons, seats
from ludeum.games import ui as game_ui
from ludeum.i18n import _
from ludeum.lessons import attempt as attempts
from ludeum.site import current as current_site

from .page import announce, arrow_on_board, element, focus_cell, listen, show_markup

#: localStorage: ``{"senet": [0, 1, 2], ...}``, the steps passed in each lesson
#: (``ludeum.lessons.read_progress`` also reads the count kept before issue 37).
PROGRESS_KEY = "ludeum:v1:lessons"


class Lessons:
    """The lesson screen of the page whose game is ``screen``."""

    def __init__(self, screen, storage) -> None:
        self.screen = screen
        self.storage = storage
        self.rng = random.Random()
        self.item = None  # the lesson shown (ludeum.lessons.Lesson)
        self.index = 0  # its step on screen
        # The step's board, one value (ludeum.lessons.attempt): its position, the
        # piece chosen, passed or showing a wrong move until "Try again".
        self.attempt = attempts.Attempt(None)
        self.back = "game"  # the screen to go back to
        self.announced = None  # (lesson, step) whose task was last read out
        self.readings = None  # web.compare.Compare, for Senet's disputed rules (main)
        listen(element("lesson-board"), "click", self.on_board_click)
        listen(element("lesson-board"), "keydown", self.on_board_key)
        listen(element("lesson-steps"), "click", self.on_step_click)
        listen(element("lesson-throw"), "click", lambda event: self.throw())
        listen(element("lesson-retry"), "click", lambda event: self.retry())
        listen(element("lesson-next"), "click", lambda event: self.go(self.index + 1))
        listen(element("lesson-prev"), "click", lambda event: self.go(self.index - 1))
        listen(element("lesson-hint"), "click", lambda event: self.hint())
        listen(element("lesson-play"), "click", lambda event: self.play())
        listen(element("lesson-exit"), "click", lambda event: self.leave())
        listen(element("lesson-compare"), "click", lambda event: self.compare())
        listen(element("rules-lesson"), "click", lambda event: self.from_rules())

    @property
    def showing(self) -> bool:
        return document.documentElement.getAttribute("data-screen") == "lesson"

    @property
    def step(self):
        return self.item.steps[self.index]

    @property
    def ui(self):
        return game_ui(self.item.game)

    # -- the screen ----------------------------------------------------------------

    def open(self, lesson_id: str, step: int = 0, back: str | None = None) -> None:
        """Show a lesson at ``step`` (an unknown lesson: the game on screen's)."""
        try:
            self.item = lessons.lesson(lesson_id)
        except KeyError:
            self.item = lessons.for_game(self.screen.ui.GAME)
        if back is None:
            welcome = self.screen.welcome
            back = "welcome" if welcome is not None and welcome.showing else "game"
        self.back = back
        document.documentElement.dataset.screen = "lesson"
        self.screen.computer_turn()  # a pending move of the computer's waits, unseen
        self.go(step)
        window.scrollTo(0, 0)
        element("lesson-title").focus()

    def resume(self, lesson_id: str, back: str | None = None) -> None:
        """A lesson where the learner left it (its first step not passed)."""
        passed = self.progress().get(lesson_id, frozenset())
        if lesson_id in lessons.LESSON_IDS:
            self.open(lesson_id, lessons.resume_step(lessons.lesson(lesson_id), passed), back)
        else:
            self.open(lesson_id, 0, back)

    def leave(self) -> None:
        """Back to where the lesson was opened from: the welcome screen or the game."""
        welcome = self.screen.welcome
        if self.back == "welcome" and welcome is not None and welcome.enabled:
            welcome.show()
            return
        document.documentElement.dataset.screen = "game"
        self.screen.render()
        self.screen.new_game.focus_play()
        self.screen.computer_turn()

    def close(self) -> None:
        """Out of sight without a word (the kiosk's reset between visitors)."""
        if self.showing:
            document.documentElement.dataset.screen = "game"

    def from_rules(self) -> None:
        dialog = element("rules-dialog")
        if dialog.open:
            dialog.close()
        self.resume(lessons.for_game(self.screen.ui.GAME).id)

    def go(self, index: int) -> None:
        """Step ``index`` of the lesson, from its start position."""
        steps = self.item.steps
        self.index = max(0, min(index, len(steps) - 1))
        step = self.step
        self.attempt = attempts.begin(self.item, step)
        element("lesson-said").textContent = ""
        element("lesson-sticks").replaceChildren()
        self.render()
        element("lesson-step-title").setAttribute("tabindex", "-1")
        element("lesson-step-title").focus()

    # -- attempts ------------------------------------------------------------------

    def pick(self, name: str, by_pointer: bool = False) -> None:
        """A tap on the lesson's board: select, play or be told why not."""
        if not self.attempt.open() or self.step.kind != "move":
            return
        one_tap = by_pointer and self.screen.settings.one_tap
        self.attempt, verdict, refused = attempts.tap(self.attempt, self.step, name, one_tap)
        if verdict is not None:
            self.judged(verdict)
            return
        if refused is not None:
            self.say(refused)
        self.render(focus=name)

    def judged(self, verdict) -> None:
        """The verdict on the move just played, said, and the way on focused."""
        if verdict.passed:
            self.record(self.index)
            self.say(_("Right. {what}", what=verdict.text))
        else:
            self.say(_("Not this time. {why}", why=verdict.text))
        self.sound(attempts.VERDICT_SOUNDS[self.attempt.verdict])
        self.render()
        button = element("lesson-next" if verdict.passed else "lesson-retry")
        if not button.hidden:
            button.focus()

    def retry(self) -> None:
        """The wrong move undone: the step's position again."""
        self.attempt = attempts.retry(self.attempt)
        self.say(_("Back to the position: try another move."))
        self.render()
        stop = element("lesson-board").querySelector('[data-row][tabindex="0"]')
        if stop:
            stop.focus()

    def throw(self) -> None:
        """The throw step's throw (Senet), any throw passing."""
        self.attempt, thrown = attempts.throw(self.attempt, self.rng)
        if thrown is None:
            return
        self.record(self.index)
        self.sound("throw")
        light = thrown.light
        value = self.attempt.state.rules.throw_value(light)
        self.say(_("{light} light sides up: a throw of {value}.", light=light, value=value))
        self.render()
        element("lesson-next").focus()

    def hint(self) -> None:
        step = self.step
        state = self.attempt.state
        if not self.attempt.open() or step.kind != "move":
            return
        move = lessons.hint_move(self.item, step, state)
        if move is None:
            return
        name = self.ui.piece_name(move)
        if name is not None and self.ui.tap(state, None, name) == (name, None):
            self.attempt = attempts.choose(self.attempt, name)
        self.say(_("Hint: {move}.", move=self.ui.describe_move(state, move)))
        self.render(focus=self.attempt.selected)

    def play(self) -> None:
        """The last step: a game against the computer at Easy, on the game screen."""
        item = self.item
        self.record(len(item.steps) - 1)
        document.documentElement.dataset.screen = "game"
        players = (seats.HUMAN, lessons.PLAY_LEVEL)
        self.screen.new_game.start(item.game, dict(item.options), players=players)

    def compare(self) -> None:
        """The readings compared on this step's dispute, over the lesson."""
        if self.readings is not None and self.step.compare:
            self.readings.open(self.step.compare)

    def say(self, text: str) -> None:
        element("lesson-said").textContent = text

    def sound(self, name: str) -> None:
        """A recipe of ``ludeum.sounds``, if the visitor has sound on (``web.sound``)."""
        if self.screen.sound is not None:
            self.screen.sound.play(name)

    # -- progress ------------------------------------------------------------------

    def progress(self) -> lessons.Progress:
        return lessons.read_progress(self.storage.get(PROGRESS_KEY))

    def record(self, step: int) -> None:
        """Keep step ``step`` passed; a write that fails is said, not swallowed."""
        if self.screen.launch.kiosk:
            return  # a kiosk keeps nothing of one visitor for the next
        progress = lessons.progress_after(self.progress(), self.item.id, step)
        if not self.storage.set(PROGRESS_KEY, lessons.write_progress(progress)):
            self.screen.notice(
                _("Your progress in the lessons could not be kept in this browser."),
                key="lesson-progress",
                info=not self.storage.available,
            )

    # -- events --------------------------------------------------------------------

    def _name_of(self, event) -> str | None:
        target = event.target.closest("[data-square]")
        return str(target.dataset.square) if target else None

    def on_board_click(self, event) -> None:
        name = self._name_of(event)
        if name is not None:
            self.pick(name, by_pointer=int(event.detail or 0) > 0)

    def on_board_key(self, event) -> None:
        board = element("lesson-board")
        if event.key in ("Enter", " "):
            name = self._name_of(event)
            if name is not None:
                event.preventDefault()
                self.pick(name)
        elif event.key == "Escape" and self.attempt.selected is not None:
            name = self.attempt.selected
            self.attempt = attempts.choose(self.attempt, None)
            self.render(focus=name)
        else:
            arrow_on_board(board, event)

    def on_step_click(self, event) -> None:
        button = event.target.closest("button[data-step]")
        if button:
            self.go(int(button.dataset.step))

    # -- drawing -------------------------------------------------------------------

    def render(self, focus: str | None = None) -> None:
        item, step, ui = self.item, self.step, self.ui
        last = len(item.steps) - 1
        element("lesson-game").textContent = _("Lesson · {count} steps", count=len(item.steps))
        element("lesson-title").textContent = _(item.title)
        show_markup(
            element("lesson-steps"),
            lessons.steps_html(item, self.index, self.progress().get(item.id, frozenset())),
        )
        element("lesson-step-title").textContent = _(
            "Step {number} of {count}: {title}",
            number=self.index + 1,
            count=len(item.steps),
            title=_(step.title),
        )
        element("lesson-text").textContent = _(step.text)
        element("lesson").dataset.game = item.game  # its layout differs a little per game
        element("lesson-task").textContent = _(step.task)
        board = element("lesson-board")
        attempt = self.attempt
        state = attempt.state
        if state is not None:
            options = self.screen.view.board_options(ui)
            options.pop("aid", None)  # the magnet map would give the answers away
            # While a verdict shows, no piece is offered: none would answer a tap.
            playable = attempt.playable(step)
            show_markup(
                board,
                ui.board_svg(
                    state,
                    selected=attempt.selected,
                    last_move=ui.last_move(state),
                    playable=playable,
                    **options,
                ),
            )
            if step.kind == "move" and not playable:
                board.querySelector("svg").setAttribute("aria-disabled", "true")
            if ui.GAME == "senet":  # the throw being played, still shown after the move
                thrown = state if state.throw is not None else attempt.start
                show_markup(element("lesson-sticks"), ui.side_svg(thrown))
        else:
            show_markup(board, lessons.play_picture(item))
        board.hidden = False
        # Its mark and colour (app.css); on a phone it takes the task's place.
        lesson_box = element("lesson")
        if attempt.verdict is None:
            lesson_box.removeAttribute("data-verdict")
        else:
            lesson_box.dataset.verdict = attempt.verdict
        kind = step.kind
        element("lesson-throw").hidden = kind != "throw" or attempt.passed
        element("lesson-retry").hidden = not attempt.wrong
        element("lesson-next").hidden = not attempt.passed or self.index == last
        element("lesson-play").hidden = kind != "play"
        element("lesson-hint").hidden = kind != "move" or attempt.passed or attempt.wrong
        element("lesson-prev").disabled = self.index == 0
        element("lesson-compare").hidden = not step.compare or self.readings is None
        if focus is not None:
            focus_cell(board, focus)
        document.title = _("{site}: {game}", site=current_site().title, game=_(item.title))
        if self.announced != (item.id, self.index):  # a step's task is said once
            self.announced = (item.id, self.index)
            announce(_(step.task))
