"""Keeping the game on screen: its slot in storage, saving after every action, what
happens when a save fails or another tab saved there, and the games kept apart.

Nothing here writes over a record blindly: before each write the slot is compared
with what this tab last read or wrote there (another tab may have saved since), a
record that could not be set aside is held until the visitor downloads or dismisses
it, and a failed write is said at once and tried again after every action."""

from __future__ import annotations

import json
import time

from pyscript import document, window

from ludeum import saves
from ludeum import table as tables
from ludeum.i18n import _
from ludeum.records import library
from ludeum.records.thumbnail import position_picture

from .library import Library, note_for
from .page import announce, element, listen
from .storage import BOOT_KEY, KEPT_PREFIX, QUARANTINE_PREFIX, Storage, Written


class Keeping:
    """Where and how the game of ``screen`` (a ``web.screen.GameScreen``) is kept."""

    def __init__(self, screen, storage: Storage, records: Library, home_key: str) -> None:
        self.screen = screen
        self.storage = storage
        self.records = records
        # The slot of this page: a link or frame that preselects a game keeps its own.
        self.home_key = home_key
        # Where the game on screen is saved: the home slot, or a kept key once the
        # visitor chose to keep this tab's game apart from another tab's.
        self.save_key = home_key
        # What this tab last read from or wrote to save_key. Before each write the
        # slot is compared with it: a difference means another tab saved there, and
        # this tab never writes over that blindly.
        self.last_text: str | None = None
        self.conflict = False  # another tab changed the slot; the visitor chooses
        self.unsaved: Written | None = None  # why the last save failed, if it did
        self.saved_at: str | None = None  # when the game on screen was last saved

    def wire(self) -> None:
        """Once the screen has its game: the records panel, a full store said at boot,
        and the other tabs' news."""
        records, screen = self.records, self.screen
        records.current_key = None
        records.current_text = self.text
        records.current_summary = lambda: library.summarize_state(
            screen.state, screen.table.players, name=screen.table.name, saved_at=self.saved_at,
            moves=len(screen.table.log), friend=screen.table.friend,
        )  # fmt: skip
        records.current_picture = lambda ident: position_picture(
            screen.state, ident=ident, words=False
        )
        records.on_rename_current = self.rename
        records.on_open = self.open_kept
        records.on_freed = self.retry_save
        records.on_release = self.release_held
        if self.storage.full_at_boot:
            self._saving_failed(Written.FULL, at_boot=True)
        records.render()
        listen(window, "storage", self.on_storage)
        listen(element("follow-other"), "click", lambda event: self.follow_other())
        listen(element("keep-apart"), "click", lambda event: self.keep_apart())

    # -- at boot --------------------------------------------------------------------

    def read(self) -> str | None:
        """The saved game's text to resume, or None for a new game (the reason said
        where there is one to say)."""
        if self._rescued():
            return None
        # The boot watchdog's marker (static/storage-guard.js): should reading,
        # replaying or drawing this record kill Python, the next page load sets the
        # record aside before Python sees it. main() removes the marker once ready.
        # Where it cannot be written (storage full) this boot goes unguarded; the
        # visitor is told the store is full.
        self.storage.set(BOOT_KEY, json.dumps(self._boot_marker()))
        text = self.storage.get(self.save_key)
        self.last_text = text
        if text is not None:
            self.saved_at = saves.load_label(text)[1]
        # In a frame the header's "Not saved here" chip says it (index.html, #not-kept;
        # issue 37: the notice took two lines of a small frame's board); a kiosk has
        # no chip, and a page on its own has room.
        root = document.documentElement
        chip = (root.hasAttribute("data-framed") and root.getAttribute("data-storage") == "memory"
                and not self.screen.launch.kiosk)  # fmt: skip
        if text is None and not self.storage.available and not chip:
            self.screen.notice(_("This browser does not let the page store anything: the "
                                 "game can be played but will not be kept after a "
                                 "reload."), info=True)  # fmt: skip
        return text

    def _boot_marker(self) -> dict:
        # Which tab and when: storage-guard.js leaves alone a fresh marker of another
        # tab (booting at the same time), and sets aside the record of a dead one.
        tab = getattr(window, "ludeumTab", None)
        return {"key": self.save_key, "tab": tab if isinstance(tab, str) else None,
                "at": int(window.Date.now())}  # fmt: skip

    def booted(self) -> None:
        """The app is ready: the saved game was read, replayed and drawn, so this
        boot's watchdog marker has done its job. Another tab's marker (it wrote one
        since, booting on the same slot) stays for that tab to remove."""
        text = self.storage.get(BOOT_KEY)
        try:
            mark = json.loads(text) if text else None
        except ValueError:
            mark = None
        tab = getattr(window, "ludeumTab", None)
        if text is not None and (not isinstance(mark, dict) or mark.get("tab") in (tab, None)):
            self.storage.remove(BOOT_KEY)

    def set_aside(self, text: str, error: saves.SaveError) -> None:
        """A record the app cannot read: kept aside byte for byte, or held in its
        slot where there is no room for a copy; said either way."""
        # Keep the unreadable record aside rather than lose it.
        _key, kept = self.storage.put_aside(QUARANTINE_PREFIX, text, "unreadable", self.save_key)
        if kept:
            self.storage.remove(self.save_key)
            self.last_text = None
            self.screen.notice(
                _("Your saved game could not be read, so a new game has started. "
                  "The old record was kept aside in this browser's storage."),
                detail=error.text(),
            )  # fmt: skip
        else:
            self._hold(text)
            self.screen.notice(
                _("Your saved game could not be read, so a new game has started. The "
                  "old record could not be kept aside because storage is full: "
                  "download it below. It stays where it is, and is not saved over "
                  "until you download or dismiss it."),
                detail=error.text(),
            )  # fmt: skip

    def _rescued(self) -> bool:
        """The boot watchdog's report (window.ludeumRescued): the last boot died on
        a record. Say so; True when this page's own record was the one."""
        rescued = getattr(window, "ludeumRescued", None)
        if not rescued:
            return False
        key, kept_as = rescued.key, rescued.keptAs
        if isinstance(kept_as, str):
            self.screen.notice(
                _("The app stopped while opening your saved game last time, so that "
                  "record was set aside and a new game has started. You can "
                  "download it from the list below.")
            )  # fmt: skip
        else:
            self.screen.notice(
                _("The app stopped while opening your saved game last time, and "
                  "storage is too full to set that record aside: a new game has "
                  "started, and the old record stays where it is, not saved over, "
                  "until you download or dismiss it below.")
            )  # fmt: skip
        if key != self.save_key:
            return False
        if not isinstance(kept_as, str):
            text = self.storage.get(self.save_key)
            self.last_text = text
            if text is not None:
                self._hold(text)
        return True

    def _hold(self, text: str) -> None:
        """A record that could not be set aside: never written over until the
        visitor downloads or dismisses it (web/records.py)."""
        self.records.held = (self.save_key, text)
        self.last_text = text

    def save(self) -> None:
        """Save the game on screen, unless that would write over something: a held
        record, or a game another tab saved since this tab last did. A failed write
        is said at once, and retried after every action."""
        if self.screen.attract:  # the computer's games between visitors are not kept
            return
        if self.screen.viewing is not None:  # a shared game is only looked at (web/share.py)
            return
        if self.conflict or (self.records.held and self.records.held[0] == self.save_key):
            return
        text = self.text()
        stored = self.storage.get(self.save_key)
        if stored is not None and stored not in (self.last_text, text):
            self._other_tab_saved(stored, text)
            return
        written = self.storage.set(self.save_key, text)
        if not written:
            self._saving_failed(written)
            return
        self.last_text = text
        self.saved_at = saves.load_label(text)[1]
        self.records.refresh()
        if self.unsaved is not None:
            self.unsaved = None
            self.records.saving = True
            self.records.render()
            self.screen.notice(_("Saving works again: this game is saved."), key="saving",
                               info=True)  # fmt: skip
            self.screen.say(_("Saving works again: this game is saved."))

    def _saving_failed(self, written: Written, at_boot: bool = False) -> None:
        if self.unsaved == written:
            return  # said already; still retried after every action
        self.unsaved = written
        self.records.saving = False
        self.records.render()
        if at_boot:
            text = _("This browser's storage for this site is full, so new moves cannot be "
                     "saved. Your saved game was opened. To free space, delete games set "
                     "aside below, or download this game.")  # fmt: skip
        elif written is Written.FULL:
            text = _("Storage is full: this game is no longer being saved. You can keep "
                     "playing; saving is tried again after every move. To free space, "
                     "delete games set aside below, or download this game.")  # fmt: skip
        else:
            text = _("The browser refused to save: this game is no longer being saved. You "
                     "can keep playing; saving is tried again after every move, or you can "
                     "download this game.")  # fmt: skip
        self.screen.notice(text, key="saving")
        self.screen.say(text)

    def retry_save(self) -> None:
        """Space was freed (a record deleted): save now if the last save failed."""
        if self.unsaved is not None:
            self.save()

    def release_held(self) -> None:
        """The held record was downloaded or dismissed: its slot may be written."""
        self.last_text = self.storage.get(self.save_key)
        self.save()
        self.records.saving = self.unsaved is None and not self.conflict
        self.records.render()

    def on_storage(self, event) -> None:
        """Another tab of this site wrote to storage (the event never fires in the
        tab that wrote)."""
        key = event.key  # JS null when the other tab cleared the whole store
        if not isinstance(key, str) or key.startswith((QUARANTINE_PREFIX, KEPT_PREFIX)):
            self.records.render()
        if isinstance(key, str) and key != self.save_key:
            return
        if self.screen.attract or self.conflict:
            return
        stored = self.storage.get(self.save_key)
        mine = self.text()
        if stored is not None and stored not in (self.last_text, mine):
            self._other_tab_saved(stored, mine)

    def _other_tab_saved(self, stored: str, mine: str) -> None:
        """Another tab saved ``stored`` where this tab's game (``mine``) is kept: a
        game by links is followed; anything else is the visitor's choice."""
        if self._links_game_moved_on(stored):
            self._follow_links_game(stored, mine)
        else:
            self.on_conflict()

    def up_to_date(self) -> bool:
        """Before a link is offered: False when another tab of this browser saved this
        game by links since this tab last did, whose game is then shown here (a tab
        never sends a link from a position the game has left)."""
        stored = self.storage.get(self.save_key)
        mine = self.text()
        if stored is None or stored in (self.last_text, mine):
            return True
        if not self._links_game_moved_on(stored):
            return True  # another game: save() says so when this tab next saves
        self._follow_links_game(stored, mine)
        return False

    def _links_game_moved_on(self, stored: str) -> bool:
        """Whether ``stored`` (another tab's save at save_key) is the game by links on
        screen. Such a game has one continuation per position (issue 52), the one
        saved first: a second tab follows it rather than offering to keep its own
        apart, which could then be sent as a second answer."""
        table = self.screen.table
        if table.friend is None or self.screen.viewing is not None or self.conflict:
            return False
        return saves.links_game_id(stored) == table.friend.id.hex()

    def _follow_links_game(self, stored: str, mine: str) -> None:
        """Show the game by links as another tab saved it; what this tab played
        beyond it is dropped (it was never sent: links are offered after a save)."""
        try:
            state = saves.load(stored)
        except saves.SaveError:
            self.on_conflict()  # unreadable: the usual choice, nothing dropped
            return
        if self.screen.friends is not None:  # its link was offered in that tab
            self.screen.friends.offered_elsewhere(state, saves.load_friend(stored))
        self.screen.show(state, stored)
        if saves.continues(mine, stored):
            words = _("This game by links went on in another tab of this browser: it is "
                      "shown here as it is now.")  # fmt: skip
        else:
            words = _("This game by links went on in another tab of this browser, so what "
                      "was played here was not kept: each position is answered once. The "
                      "game is shown as it is now.")  # fmt: skip
        self.screen.notice(words, key="links-tab", info=True)
        self.screen.say(words)

    def on_conflict(self) -> None:
        self.conflict = True
        self.records.saving = False
        self.records.render()
        text = _("Another tab changed this saved game, so this tab stopped saving over "
                 "it. Follow the other tab's game, or keep this one under a name of its "
                 "own.")  # fmt: skip
        element("conflict-text").textContent = text
        element("conflict").hidden = False
        self.screen.say(text)

    def _end_conflict(self) -> None:
        self.conflict = False
        element("conflict").hidden = True
        self.records.saving = self.unsaved is None
        self.records.current_key = None if self.save_key == self.home_key else self.save_key
        self.records.render()

    def text(self) -> str:
        """The game on screen as a saved record, with its redo line, its name and the
        time now."""
        table = self.screen.table
        return saves.dump(table.state, table.players, table.ahead, name=table.name,
                          saved_at=time.strftime("%Y-%m-%dT%H:%M:%S"),
                          friend=table.friend)  # fmt: skip

    def _keep(self, text: str, why: str, said: bool = True, mine: bool = False) -> bool:
        """Keep ``text`` as a game of its own; False (and said, unless ``said`` is
        False: the caller says it) when it cannot be. The summary of the game on
        screen (``mine``) goes into the note, so that the list need not replay it."""
        extra = (
            note_for(self.records.current_summary(), text, self.screen.table.name) if mine else {}
        )
        _key, written = self.storage.put_aside(KEPT_PREFIX, text, why, self.home_key, extra)
        if not written and said:
            self._could_not_keep()
        return bool(written)

    def _replaced(self, exclude: str | None = None) -> list[tuple[str, bool]]:
        """The games that making another game the current one would replace, each with
        an action, as (text, whether it is the game on screen): the one in the home
        slot, and the one on screen unless it is already kept at its own key. A game
        that the game on screen continues (or equals) is counted once."""
        games = []
        if (self.save_key == self.home_key or self.conflict) and self.screen.state.actions():
            games.append((self.text(), True))
        stored = self.storage.get(self.home_key)
        if stored is not None and stored != exclude:
            # Loading replays the game: asked last, for a game that is not this one.
            if not any(saves.continues(stored, text) for text, _mine in games) and _begun(stored):
                games.insert(0, (stored, False))
        return games

    def put_away_for_new_game(self) -> bool:
        """Before a new game takes the home slot: keep every game it would replace
        that has an action (note why ``new-game``). False, and said, when one could
        not be kept: then no new game starts over it."""
        if self.screen.attract or self.screen.launch.kiosk:
            return True  # a kiosk keeps no visitor's game
        for old, mine in self._replaced():
            if not self._keep(old, "new-game", said=False, mine=mine):
                self.screen.notice(
                    _("The new game was not started: there is no room left in this "
                      "browser's storage to keep the game in progress. Download it from "
                      "Saved games, or delete saved games there, and try again.")
                )  # fmt: skip
                self.records.saving = False  # offers "Download this game"
                self.records.render()
                return False
        self.save_key = self.home_key
        self.last_text = self.storage.get(self.home_key)
        self._end_conflict()
        return True

    def rename(self, name: str) -> None:
        """The visitor named the game on screen: saved with it from now on."""
        self.screen.change(tables.rename, name)
        self.save()

    def _could_not_keep(self) -> None:
        self.screen.notice(
            _("This game could not be kept under a name of its own because "
              "storage is full: download it, or free space, and try again.")
        )  # fmt: skip
        self.records.saving = False
        self.records.render()

    def follow_other(self) -> None:
        """Show the game another tab saved; this tab's game is kept first unless
        the other one is it, played on."""
        if self.screen.viewing is not None:  # a shared game was only looked at
            self.screen.viewing.end()
        mine = self.text()
        text = self.storage.get(self.save_key)
        if text is None:  # the other tab emptied the slot: nothing to follow
            self._end_conflict()
            self.save()
            return
        try:
            state = saves.load(text)
        except saves.SaveError as error:
            self.screen.notice(_("The other tab's game could not be read."), detail=error.text())
            return
        if (
            self.screen.state.actions()
            and not saves.continues(mine, text)
            and not self._keep(mine, "other-tab", mine=True)
        ):
            return
        self.screen.show(state, text)
        announce(_("Now showing the game saved by the other tab."))

    def keep_apart(self) -> None:
        """Keep this tab's game under a key of its own and go on saving it there;
        the other tab's game stays the current one."""
        if self.screen.viewing is not None:  # a shared game was only looked at
            self.screen.viewing.end()
        mine = self.text()
        key, written = self.storage.put_aside(KEPT_PREFIX, mine, "other-tab", self.home_key)
        if not written:
            self._could_not_keep()
            return
        self.save_key = key
        self.last_text = mine
        self._end_conflict()
        text = _("This game is now kept under a name of its own, and saved there. The other "
                 "tab's game stays the current one; this one is listed with the games "
                 "set aside after a reload.")  # fmt: skip
        self.screen.notice(text)
        announce(text)

    def open_kept(self, key: str) -> None:
        """Make a kept game the current one. Whatever it replaces (the game in the
        home slot, the game on screen) is kept first if it is in progress."""
        if self.screen.viewing is not None:  # a shared game was only looked at
            self.screen.viewing.end()
        text = self.storage.get(key)
        if text is None:
            self.records.render()
            return
        try:
            state = saves.load(text)
        except saves.SaveError as error:
            self.screen.notice(_("That kept game could not be read."), detail=error.text())
            return
        # Every game it replaces that has an action is kept: finished ones too, since
        # the saved-games list holds finished games.
        for old, mine in self._replaced(exclude=text):
            if not self._keep(old, "put-away", mine=mine):
                return
        if not self.storage.set(self.home_key, text):
            self.screen.notice(
                _("That game could not be opened because storage is full: free "
                  "space and try again.")
            )  # fmt: skip
            return
        self.storage.drop(key)
        self.save_key = self.home_key
        self.screen.show(state, text)
        announce(_("The kept game is now the current game."))
        element("new-game").focus()

    def shown(self, text: str) -> None:
        """The screen now shows the game stored as ``text`` at save_key."""
        self.last_text = text
        self._end_conflict()

    def forget(self) -> None:
        """Kiosk: the visitor has gone; their game goes with them, but never another
        tab's game."""
        if self.storage.get(self.save_key) in (self.last_text, None):
            self.storage.remove(self.save_key)
            self.last_text = None


def _begun(text: str) -> bool:
    """A stored game worth keeping when it is replaced: one with an action (or not
    readable, which is kept rather than judged)."""
    try:
        state = saves.load(text)
    except saves.SaveError:
        return True
    return bool(state.actions())
