"""Your games: the visitor's own record, with no account (``ludeum.records.results``).

This room writes an entry to the log (``RESULTS_KEY``) when a game played here ends:
the action that ends it was played on this page (``GameScreen.apply`` tells it
everything it does, ``follow``). Reopening, reviewing or viewing a finished game plays
nothing, so it logs nothing; a game the visitor took back from its end and finished
again is the same game, and is not logged twice: its line ahead (kept for Redo, and
saved with it) ends the game, and it stays marked so through take-backs and redos,
until another game comes on screen. The kiosk logs nothing: it keeps no visitor's
record.

It also shows the page (``#your-games-dialog``, opened from the welcome screen and
from the game screen's row of files): the name the visitor chose (``NAME_KEY``,
shown on their player card), the figures and the finished games; a row opens that
game's review from its share code, shown as a shared game is (``web.share``), the
visitor's own game kept under it as it was. A log that cannot be read is set aside
(listed in Saved games, to download) before a new one is written; a write that fails
is said, and the game goes on.
"""

from __future__ import annotations

import time

from ludeum.i18n import _
from ludeum.records import results
from ludeum.your_games import LinksGame, links_games, page_html

from .page import announce, element, listen, show_markup
from .records import download, now_stamp
from .storage import KEPT_PREFIX, NAME_KEY, QUARANTINE_PREFIX, RESULTS_KEY, Storage, Written


class YourGames:
    """The record of the visitor of ``screen`` (a ``web.screen.GameScreen``)."""

    def __init__(self, screen, storage: Storage) -> None:
        self.screen = screen
        self.storage = storage
        self.kiosk = bool(screen.launch.kiosk)
        self.shown: list[results.Entry] = []  # the entries the page lists now
        # The game on screen, and whether its end was logged already (taken back).
        self.table = screen.table
        self.reopened = results.ahead_ends(screen.state, screen.table.ahead)
        if self.kiosk:
            return
        element("your-games").hidden = False
        listen(element("your-games"), "click", lambda event: self.open())
        listen(element("welcome"), "click", self.on_welcome_click)
        listen(element("your-games-x"), "click", lambda event: self.close())
        listen(element("close-your-games"), "click", lambda event: self.close())
        listen(element("your-name-form"), "submit", self.on_name)
        listen(element("your-games-content"), "click", self.on_row)
        listen(element("your-games-download"), "click", lambda event: self.download())
        self.show_entry()

    def show_entry(self) -> None:
        """The welcome screen's way in (its markup is drawn again with the language)."""
        button = element("welcome-your-games")
        if button and not self.kiosk:
            button.classList.remove("waiting")

    # -- the log ------------------------------------------------------------------------

    def entries(self) -> list[results.Entry]:
        return results.parse_log(self.storage.get(RESULTS_KEY))

    def follow(self, table, done) -> None:
        """What a transition did to the game on screen (``GameScreen.apply``): an
        action that ended it is logged, unless this game's end was logged before
        (``results.follow``)."""
        previous, self.table = self.table, table
        played = bool(done.played)
        before = done.played[0] if played else previous.state
        # A game by links holds the friend's turn still to show in its line ahead,
        # not a line taken back: its end is logged when it is played.
        ahead = () if table.friend is not None else table.ahead
        log_it, self.reopened = results.follow(
            self.reopened, before, table.state, ahead, played=played,
            relisted=bool(done.relist), taken_back=bool(done.unplayed),
        )  # fmt: skip
        if log_it and not table.attract and not table.viewing:
            self.log(table)

    def log(self, table) -> None:
        if self.kiosk:
            # Nothing logged, but the visitor's game is weighed for its result banner
            # (web/analysis.py): a kiosk has no review to show it in.
            self.screen.analysis.start()
            return
        players, friend = table.players, None
        if table.friend is not None:  # a game by links: the save's own shape
            from ludeum.correspondence.friend import FRIEND_PLAYER, to_json

            seated = list(players)
            seated[table.friend.friend] = FRIEND_PLAYER
            players, friend = tuple(seated), to_json(table.friend)
        entry = results.entry_for(
            table.state, players, at=time.strftime("%Y-%m-%dT%H:%M:%S"),
            moves=len(table.log), friend=friend,
        )  # fmt: skip
        self.add([entry])
        if entry.counted:
            # Weighed in the worker while the result is read: its accuracy and luck
            # join the entry, and its review opens with the analysis done.
            self.screen.analysis.start()

    def analysed(self, state, accuracy: float | None, luck: float | None) -> None:
        """The analysis of a finished game (web/analysis.py): its figures go on the
        game's entry, if it has one (matched by the game's share code)."""
        from ludeum.records.link import LinkError, encode

        try:
            code = encode(state)
        except LinkError:
            return
        items = results.stored_items(self.storage.get(RESULTS_KEY))
        updated = results.with_analysis(items or [], code, accuracy, luck)
        if updated is None:
            return
        written = self.storage.set(RESULTS_KEY, results.dump_items(updated))
        if not written:
            self._said(written)
        elif element("your-games-dialog").open:
            self.render()

    def add(self, entries: list[results.Entry]) -> Written | None:
        """``entries`` added to the stored log (none twice); a log that cannot be
        read is set aside first. Returns what became of the write (None: nothing
        to write), having said any failure."""
        text = self.storage.get(RESULTS_KEY)
        items = results.stored_items(text)
        if items is None:  # not a log: kept aside for the visitor, never lost
            _key, kept = self.storage.put_aside(QUARANTINE_PREFIX, text, "results", RESULTS_KEY)
            if not kept:
                self._said(kept)
                return kept
            self.screen.keeping.records.render()  # Saved games lists it, to download
            items = []
        written = self.storage.set(
            RESULTS_KEY, results.dump_items(results.with_entries(items, entries))
        )
        if not written:
            self._said(written)
        return written

    def _said(self, written: Written) -> None:
        if written is Written.FULL:
            text = _("This game's result could not be added to Your games because "
                     "storage is full. The game itself is not affected.")  # fmt: skip
        else:
            text = _("The browser refused to keep this game's result in Your games. "
                     "The game itself is not affected.")  # fmt: skip
        self.screen.notice(text, key="results")

    # -- the page -------------------------------------------------------------------------

    def on_welcome_click(self, event) -> None:
        if event.target.closest("[data-your-games]"):
            self.open()

    def open(self) -> None:
        if self.kiosk:
            return
        self.render()
        element("your-name").value = self.storage.visitor_name()
        element("your-name-said").textContent = ""
        dialog = element("your-games-dialog")
        if not dialog.open:
            dialog.showModal()
        dialog.scrollTop = 0
        element("your-games-title").focus()

    def close(self) -> None:
        element("your-games-dialog").close()

    def render(self) -> None:
        self.shown = self.entries()
        show_markup(element("your-games-content"), page_html(self.shown, self.links_games()))
        element("your-games-download").hidden = not self.shown and not self.storage.visitor_name()

    def relabel(self) -> None:
        """The page in the language just chosen, if open."""
        self.show_entry()
        if element("your-games-dialog").open:
            self.render()

    def on_name(self, event) -> None:
        event.preventDefault()  # no navigation: the page's policy allows no form action
        name = results.clean_name(str(element("your-name").value))
        element("your-name").value = name
        if name:
            written = self.storage.set(NAME_KEY, name)
        else:
            written = Written.OK if self.storage.remove(NAME_KEY) else Written.REFUSED
        if written is Written.FULL:
            said = _("Your name could not be saved because storage is full.")
        elif not written:
            said = _("The browser refused to save your name.")
        elif name:
            said = _("Saved. Your cards say “{name}”.", name=name)
        else:
            said = _("Name removed. Your cards say “You”.")
        element("your-name-said").textContent = said
        announce(said)
        self.screen.view.render_turn()  # the card says it at once

    def links_games(self) -> list[LinksGame]:
        """The games by links in progress: the one on screen, then those in Saved
        games (each replayed: only when the page is opened)."""
        screen = self.screen
        stored = []
        if screen.table.friend is not None and screen.viewing is None:
            stored.append(("", screen.keeping.text()))
        for key in self.storage.keys(KEPT_PREFIX):
            stored.append((key, self.storage.get(key)))
        return links_games(stored)

    def on_row(self, event) -> None:
        waiting = event.target.closest("button[data-links-key]")
        if waiting:  # a game by links in progress: on screen, its link offered again
            key = str(waiting.dataset.linksKey)
            self.close()
            if key:
                self.screen.keeping.open_kept(key)
            if self.screen.welcome is not None:
                self.screen.welcome.leave()
            return
        button = event.target.closest("button[data-entry]")
        if not button:  # JS null arrives as the falsy jsnull
            return
        text = str(button.dataset.entry)
        index = int(text) if text.isdigit() else -1
        if 0 <= index < len(self.shown):
            self.review(self.shown[index])

    def review(self, entry: results.Entry) -> None:
        """The game of ``entry`` in review, over the visitor's own game."""
        from ludeum.records import link

        screen = self.screen
        try:
            state = link.decode(entry.code)
        except link.LinkError as error:
            element("your-name-said").textContent = error.text()
            announce(error.text())
            return
        self.close()
        if screen.lessons is not None and screen.lessons.showing:
            screen.lessons.close()
        if screen.welcome is not None:
            screen.welcome.leave()
        if screen.review.active and not screen.table.viewing:
            screen.review.leave()

        def about() -> str:
            words = results.result_words(entry)
            return _("From Your games: {game} of {when}, {opponent}: {result}. Your own "
                     "game is kept as it was.", game=screen.ui.title(),
                     when=entry.at.replace("T", " ")[:16],
                     opponent=results.opponent_words(entry), result=words)  # fmt: skip

        screen.share.open_own(state, about)

    def download(self) -> None:
        """The record as a file, which Import (web/transfer.py) reads back."""
        text = results.export_text(self.storage.visitor_name(), self.entries())
        download(text, f"ludeum-your-games-{now_stamp()}.json")
        announce(_("Downloaded."))

    def take(self, text: str) -> str | None:
        """An imported file, if it is a record (``results.export_text``): its games
        merged into the log, none twice, and its name taken when none is set here.
        Returns what to say; None when the file is not a record."""
        found = results.read_export(text)
        if found is None:
            return None
        name, entries = found
        before = len(self.entries())
        written = self.add(entries)
        if written is not None and not written:
            return _("The record was not imported: storage is full or refused.")
        added = len(self.entries()) - before
        if name and not self.storage.visitor_name():
            self.storage.set(NAME_KEY, name)
            self.screen.view.render_turn()
        if element("your-games-dialog").open:
            self.render()
        return _("Your games: {added} added from the file, {same} already listed.",
                 added=max(0, added), same=max(0, len(entries) - added))  # fmt: skip
