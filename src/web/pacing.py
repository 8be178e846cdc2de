"""The computer's turn at a pace a person can follow: its throws and moves come
one by one after a pause (``ludeum.table.computer_pause_ms``: the watcher's pace
when it plays both sides, none for a step, longest in the kiosk's own games; none
at all while a watcher has paused it), never before the last piece has finished
travelling; a tap or a key while it plays brings the rest of its turn without
pauses (hurry).

What the computer does is the table's (``ludeum.table``: a transition returns the
throw to make after the pause, ``Do.throw_later``, the question for the worker,
``Do.ask``, or the move it chose, ``Do.move_later``); when is this room's, a page
job: timers and the worker (web/computer.py). Every step carries the table's
request number, and a step whose number is no longer the table's is dropped (the
game was replaced, taken back or reviewed meanwhile)."""

from __future__ import annotations

import time

from pyodide.ffi import create_once_callable
from pyscript import window

from ludeum import seats
from ludeum import table as tables
from ludeum.i18n import _

from .computer import ComputerPlayer


class Pacing:
    """The computer's part of the game on ``screen`` (a ``web.screen.GameScreen``)."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.computer = ComputerPlayer(self.on_reply, self.on_change)
        # A pending step of the computer's turn and the time it is due: a tap or a
        # key while the computer plays brings it forward (hurry).
        self.pending = None
        self.hurry = False
        self.last_action_at = 0.0

    def acted(self, by_computer: bool) -> None:
        """An action was just shown: the next pause counts from now; a person's
        action ends a hurried turn (the computer's next one is shown at its pace)."""
        self.last_action_at = time.monotonic()
        if not by_computer:
            self.hurry = False

    def follow(self, done: tables.Do) -> None:
        """The computer's part of what a transition returned, at its pace."""
        screen = self.screen
        table = screen.table
        request = table.request
        if table.held():
            return  # watching, paused: the computer waits for Play or Step
        if screen.opening.automatic():  # against the computer: no click decides it
            screen.opening.schedule(request)
            return
        if not table.computer_to_play() and not (table.friend is not None and table.ahead):
            self.hurry = False  # the next computer turn (or friend's) at its pace again
        if screen.away():
            return  # out of sight: the computer waits until the game is continued
        if done.throw_later is not None:
            self.later(lambda: self._throw(request))
        elif done.replay_later is not None:  # a friend's move from their link
            self.later(lambda: self._replay(request))
        elif done.ask is not None:
            self._ask(done.ask)

    def _ask(self, ask: tables.Ask) -> None:
        question = {"id": ask.id, "kind": ask.kind, "save": ask.save}
        if ask.kind == tables.MOVE:
            question.update(level=ask.level, seed=self.screen.rng.getrandbits(32))
        self.computer.ask(question)

    def later(self, step) -> None:
        """Do ``step`` of the computer's turn after its pause (none once hurried)."""
        # The pause, and at least the pieces' travel (and a breath after it).
        motion = int(self.screen.motion.remaining_ms()) + 120
        pause = 0 if self.hurry else max(self.pause(), motion)

        def due() -> None:
            if self.pending is not None and self.pending[0] == timer:
                self.pending = None
            step()

        callback = create_once_callable(due)
        timer = window.setTimeout(callback, pause)
        self.pending = (timer, due, callback)

    def hurry_up(self) -> None:
        """A tap or a key while the computer plays a turn that a person watches, or
        while a friend's turn from their link is shown: the rest of the turn comes
        without pauses (its steps still one by one: each throw is only known when
        thrown)."""
        table = self.screen.table
        replaying = table.friend is not None and bool(table.ahead)  # a friend's turn shown
        if not replaying and (not table.computer_to_play() or seats.HUMAN not in table.players):
            return
        self.hurry = True
        if self.pending is not None:
            timer, due, callback = self.pending
            self.pending = None
            window.clearTimeout(timer)
            callback.destroy()  # a once-callable frees itself only when called
            due()

    def pause(self) -> int:
        """What is left of the computer's pause since the last action was shown."""
        pause = tables.computer_pause_ms(self.screen.table)  # the watcher's pace too
        waited = 1000 * (time.monotonic() - self.last_action_at)
        return max(0, int(pause - waited))

    def _throw(self, request: int) -> None:
        screen = self.screen
        if request == screen.table.request and screen.ui.can_throw(screen.state):
            screen.act(tables.throw_for(screen.table, screen.rng), by_computer=True)

    def on_reply(self, reply: dict) -> None:
        screen = self.screen
        table, done = tables.reply(screen.table, reply)
        if table is screen.table:
            return  # an answer about a game or position no longer shown
        screen.put(table)
        if done.notice is not None:
            screen.notice(_("The computer could not choose a move."), detail=done.detail)
            screen.render()
        elif done.move_later is not None:
            request = table.request
            self.later(lambda: self._move(request, done.move_later))
        else:  # a hint, with its piece selected where a tap would select it
            screen.render(focus=table.selected)

    def _replay(self, request: int) -> None:
        table = self.screen.table
        if request == table.request and table.ahead:
            self.screen.act(table.ahead[0], by_computer=True)

    def _move(self, request: int, move) -> None:
        if request == self.screen.table.request:
            self.screen.act(move, by_computer=True)

    def on_change(self) -> None:
        if self.computer.failed and not self.computer.ready:
            self.screen.notice(_("This browser cannot run the computer player in the "
                                 "background, so it thinks more briefly and plays "
                                 "weaker."), info=True)  # fmt: skip
        self.screen.view.render_turn()

    def ask_hint(self) -> None:
        screen = self.screen
        table, done = tables.ask_hint(screen.table)
        if done.ask is None:
            return  # the computer's turn, a request already out, a review, nothing to play
        screen.put(table)
        self._ask(done.ask)
        screen.view.render_turn()
