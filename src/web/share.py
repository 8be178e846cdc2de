"""Share links in the page: the Share button and its dialog (the link to the game on
screen, with a Copy button), and a link's game opened for viewing.

A shared game is only looked at until the visitor chooses: the board shows it under
a banner, no action can be played on it, and nothing is saved (``screen.viewing``
stops ``Keeping.save``), so the visitor's own game stays in its slot byte for byte.
The table (``ludeum.table.look_at`` and ``back_to_own``) holds the visitor's own
game under the shared one, as it was.
"Continue this game" keeps the shared game as a game of its own (``kept`` key, note
``why: "shared"``) and opens it through ``Keeping.open_kept``, which keeps the
visitor's game in the list first; "Back to my game" puts the visitor's game back.
"Replay from the start" opens the review (web/review.py) at the start of the shared
game, to step through it; its "Continue from here" takes the game up at the move
shown, the rest of the shared line kept for Redo (``ludeum.table.shared_record``).
The code itself is read and written by ``ludeum.records.link`` (pure Python)."""

from __future__ import annotations

from pyscript import window

from ludeum import launch as launching
from ludeum import table as tables
from ludeum.i18n import _

from .page import announce, copy_link, element, listen
from .storage import KEPT_PREFIX


class Share:
    """The share button and, when the URL holds a ``record``, the shared game."""

    def __init__(self, screen, launch: launching.Launch) -> None:
        self.screen = screen
        self.launch = launch
        listen(element("share"), "click", lambda event: self.open_dialog())
        listen(element("game-over-share"), "click", lambda event: self.open_dialog())
        listen(element("share-copy"), "click", lambda event: self.copy())
        listen(element("share-close"), "click", lambda event: element("share-dialog").close())
        listen(element("share-x"), "click", lambda event: element("share-dialog").close())
        listen(element("share-at"), "change", lambda event: self._show_address())
        self.code: str | None = None  # the code in the dialog
        self.at: int | None = None  # the reviewed position the dialog offers, if any
        # The banner's words for a game from the visitor's record (``open_own``),
        # worked out in the page's language when drawn; None for a game from a link.
        self.about = None
        listen(element("shared-continue"), "click", lambda event: self.continue_game())
        listen(element("shared-replay"), "click", lambda event: self.replay())
        listen(element("shared-back"), "click", lambda event: self.back())
        element("share").disabled = False

    def open_launched(self) -> None:
        """The game of the page's link, if it has one (main.py, once the screen
        knows this room as its ``share``)."""
        if self.launch.record is not None:
            self.open_link(self.launch.record, self.launch.at)

    # -- opening a link ---------------------------------------------------------------

    def open_link(self, code: str, at: int | None) -> None:
        from ludeum.records import link  # only a page opened from a link needs it

        try:
            state = link.position(link.decode(code), at)
        except link.LinkError as error:
            self.screen.notice(
                _("This share link could not be opened: {reason} Your own game is shown.",
                  reason=error.text()),
            )  # fmt: skip
            self._drop_parameters()
            return
        self.show_game(state)

    def show_game(self, state, names: tuple[str, str] | None = None) -> None:
        """``state``'s game on the table, only looked at, under the shared banner
        (a share link's, or a friend link's game that cannot be played here, whose
        players' ``names`` go on the cards)."""
        self.about = None
        self._look_at(state, names=names)

    def open_own(self, state, about: str) -> None:
        """A finished game from the visitor's record (web/your_games.py), shown as a
        shared game is, the visitor's own game kept under it as it was, and reviewed
        from its last move. ``about()`` gives the banner's words."""
        if self.screen.table.viewing:
            self._leave()
        self.about = about
        self._look_at(state, own_record=True)
        self.screen.review.open()

    def _look_at(self, state, own_record: bool = False, names=None) -> None:
        screen = self.screen
        # "Back to my game" only for a visitor who has one (a game begun here), and
        # always from the visitor's record (the way back to where they were).
        element("shared-back").hidden = not own_record and not screen.state.actions()
        # A game of the visitor's record is over, and theirs already: nothing to go on with.
        element("shared-continue").hidden = own_record
        # Replay from the start: a game with moves to step through.
        element("shared-replay").hidden = not state.actions()
        # Nobody plays a shared game: its seats are two people's, nothing is asked.
        screen.apply(*tables.look_at(screen.table, state, names))
        element("shared").hidden = False
        element("app").dataset.viewing = "shared"
        announce(self.banner())

    def banner(self) -> str:
        """The banner's words, in the page's language (again after a switch)."""
        state = self.screen.state
        if self.about is not None:
            text = self.about()
            element("shared-text").textContent = text
            return text
        text = _("A shared game: {game}, {count} moves. It is only shown: your own game "
                 "is kept as it was.", game=self.screen.ui.title(),
                 count=len(state.actions()))  # fmt: skip
        element("shared-text").textContent = text
        return text

    def _leave(self) -> None:
        """Put the visitor's game back on screen, as it was before the link."""
        screen = self.screen
        element("shared").hidden = True
        self.about = None
        element("app").removeAttribute("data-viewing")
        element("new-game").disabled = False
        self._drop_parameters()
        # Drawn again, with the computer's part if the visitor's game is its turn.
        screen.apply(*tables.back_to_own(screen.table))

    def end(self) -> None:
        """Another way out of the shared game (a kept game opened from the list, the
        other tab's game followed): the visitor's game comes back on screen first, so
        that what is kept or replaced next is theirs, never the game only looked at."""
        if self.screen.table.viewing:
            self._leave()

    def _drop_parameters(self) -> None:
        """The address without ``record`` and ``at``: a reload shows the visitor's
        own game, and the other parameters (language, embedding) stay."""
        from urllib.parse import parse_qsl, urlencode

        location = window.location
        kept = [(name, value) for name, value in parse_qsl(str(location.search).lstrip("?"),
                keep_blank_values=True) if name not in ("record", "at")]  # fmt: skip
        query = urlencode(kept)
        address = str(location.pathname) + (f"?{query}" if query else "") + str(location.hash)
        window.history.replaceState(None, "", address)

    def back(self) -> None:
        if not self.screen.table.viewing:
            return
        self._leave()
        announce(_("Your own game is shown again."))
        element("new-game").focus()

    def replay(self) -> None:
        """The shared game from its start, in review: step on with Next (or the keys,
        the graph), and "Continue from here" at any move."""
        if not self.screen.table.viewing or not self.screen.state.actions():
            return
        self.screen.review.go(0)
        element("review-next").focus()

    def continue_game(self, state=None, ahead: tuple = ()) -> None:
        """Keep the shared game as a game of its own and make it the current one:
        the whole game, or its position ``state`` (a review's stop) with the rest of
        its line ``ahead``."""
        text = tables.shared_record(self.screen.table, state, ahead)
        if text is None:
            return
        keeping = self.screen.keeping
        key, written = keeping.storage.put_aside(KEPT_PREFIX, text, "shared", keeping.home_key)
        if not written:
            self.screen.notice(_("The shared game could not be kept because storage is full: "
                                 "free space and try again."))  # fmt: skip
            return
        self._leave()
        keeping.open_kept(key)

    # -- sharing the game on screen -----------------------------------------------------

    def open_dialog(self) -> None:
        from ludeum.records import link

        dialog = element("share-dialog")
        element("share-said").textContent = ""
        field = element("share-link")
        state = self.screen.state
        try:
            self.code = link.encode(state)
        except link.LinkError as error:
            self.code = None
            element("share-about").textContent = error.text()
        else:
            element("share-about").textContent = _(
                "Anyone who opens this link sees this game, {count} moves, and may go on "
                "playing it; your game stays yours.", count=len(state.actions()))  # fmt: skip
        field.hidden = element("share-copy").hidden = self.code is None
        self.at = self._reviewed()
        element("share-at-line").hidden = self.code is None or self.at is None
        element("share-at").checked = False
        if self.at is not None:
            element("share-at-label").textContent = _(
                "Open it at the position shown (after {count} moves)", count=self.at
            )
        self._show_address()
        dialog.showModal()
        if self.code is not None:
            field.focus()
            field.select()

    def _reviewed(self) -> int | None:
        """The actions before the position the review shows, when the visitor is
        stepping through the game (web/review.py); None otherwise."""
        review = getattr(self.screen, "review", None)
        try:
            if review is None or not review.active:
                return None
            at = review.prepared.stops[review.stop]
        except (AttributeError, IndexError, TypeError):
            return None
        return at if type(at) is int and 0 <= at < len(self.screen.state.actions()) else None

    def _show_address(self) -> None:
        field = element("share-link")
        if self.code is None:
            field.value = ""
            return
        location = window.location
        address = f"{location.origin}{location.pathname}?record={self.code}"
        if self.at is not None and element("share-at").checked:
            address += f"&at={self.at}"
        field.value = address
        element("share-said").textContent = ""

    def copy(self) -> None:
        field = element("share-link")
        copy_link(str(field.value), field, element("share-said"))

    def booted(self) -> None:
        """The page enabled its buttons: a new game cannot start over a shared game
        that is only being looked at (it would replace the visitor's own)."""
        element("new-game").disabled = self.screen.table.viewing
