"""Senet's opening in one action on the page: "Decide who starts".

While the opening waits for its throws, the primary button (#throw, and its key T)
says "Decide who starts" and throws for both seats until one throws a 1
(``ui.decide_opening``, pure, from the page's random source). Every throw is played
into the game as the action it always was, so the record, saves, share links,
take-back and review are unchanged; the move list gets one line for the whole
opening (``ludeum.senet.log.opening_line``), the sticks show the throws in quick
sequence (web/sticks.py). Against the computer, and in kiosk mode, no click is
needed: the opening is decided by itself after the computer's usual pause.

Games without an opening (Squadro, Lodestone, Tait's Senet) have no ``decide_opening``
in their ``ui`` module and never see any of this.
"""

from __future__ import annotations

from pyodide.ffi import create_once_callable
from pyscript import window

from ludeum import seats
from ludeum import table as tables
from ludeum.i18n import N_, _

from .page import element

#: The primary button's words while the opening lasts (in place of "Throw the sticks").
DECIDE_LABEL = N_("Decide who starts")
THROW_LABEL = N_("Throw the sticks")


class Opening:
    def __init__(self, screen) -> None:
        self.screen = screen

    def due(self) -> bool:
        """The game on screen is an opening waiting for its throws."""
        screen = self.screen
        due = getattr(screen.ui, "opening_due", None)
        return due is not None and due(screen.state)

    def automatic(self) -> bool:
        """Decided with no click: against the computer (or the computer against
        itself), and in kiosk mode; never on a game only looked at or reviewed."""
        screen = self.screen
        if not self.due() or screen.viewing is not None or screen.review.active:
            return False
        if screen.welcome is not None and screen.welcome.showing:
            return False  # out of sight: it waits until the game is continued
        computer = any(seats.is_computer(screen.table.players, seat) for seat in (0, 1))
        return computer or bool(screen.launch.kiosk)

    def schedule(self, request_id: int) -> None:
        """Decide the opening after the computer's pause, unless something else
        happened meanwhile (a new request: another game, a take-back...)."""
        screen = self.screen

        def go() -> None:
            if request_id == screen.table.request and self.due():
                self.decide(by_computer=True)

        window.setTimeout(create_once_callable(go), screen.pacing.pause())

    def decide(self, by_computer: bool = False) -> None:
        """Throw for both seats until one throws a 1, as one action of the page; a
        person may ask on their own throw only (``by_computer``: the page asks)."""
        screen = self.screen
        if not self.due() or screen.review.active or screen.viewing is not None:
            return
        if screen.table.computer_to_play() and not by_computer:
            return
        ui = screen.ui
        if screen.table.friend is not None:
            # A game by links: the throws both players' chains fix (as far as the
            # friend's sticks reach: past them, the link asks for more).
            throws = tables.friend_opening(screen.table)
            if not throws or screen.table.ahead:
                return
            final = screen.state
            for throw in throws:
                final = final.apply(throw)
        else:
            opening = ui.decide_opening(screen.state, screen.rng, seen=screen.table.ahead)
            throws, final = opening.throws, opening.state
        # Every throw but the last is played here, quietly; the last goes through
        # the screen's act() like any throw: one save, one render, one announcement
        # (which names the throws before it), then the computer's turn if it is its.
        *quiet, last = throws
        frames = []
        for throw in quiet:
            screen.put(tables.play(screen.table, throw, by=tables.COMPUTER)[0])
            frames.append(ui.side_svg(screen.state))
        frames.append(ui.side_svg(final))
        screen.sticks.sequence(frames)
        # The seat of the last throw may be the computer's: the whole opening was asked
        # for by whoever may ask (the button is the person's only on their own throw).
        screen.act(last, by_computer=True)

    def label(self) -> None:
        """The primary button's words for the state on screen."""
        button = element("throw")
        words = _(DECIDE_LABEL) if self.due() else _(THROW_LABEL)
        if button.textContent != words:
            button.textContent = words
