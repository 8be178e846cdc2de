"""The saved-games panel (``#records``): the current game, the other games kept in
this browser, the records set aside, and a saved game held in memory because it could
not be set aside. It opens from the "Saved games" button, and by itself while
something needs the visitor (a record set aside or held, a game kept when another
tab changed the slot, saving that fails).

- The current game: Rename, Download; never deleted from here.
- Kept games (``ludeum:v1:kept:*``): Open (``Keeping.open_kept``: the current game is
  kept first), Rename, Download, Delete (asks once more). One that cannot be read is
  listed as such, with Download and Delete only.
- Set-aside records (``ludeum:v1:quarantine:*``): never read here (a boot may have died
  on one), listed as unreadable with Download and Delete.
- The held record: Download and Dismiss.

Each game's words come from ``ludeum.records.library``; its summary is kept in the
entry's note so that opening the list does not replay every game.
"""

from __future__ import annotations

from dataclasses import replace

from pyscript import document

from ludeum import saves
from ludeum.i18n import _, language
from ludeum.records import library
from ludeum.records.library import Row, Summary
from ludeum.records.thumbnail import record_picture, reidented

from .page import announce, element, listen, show_markup
from .records import (
    FILE_PREFIX,
    HELD,
    describe,
    download,
    file_stamp,
    now_stamp,
    size_text,
)
from .storage import KEPT_PREFIX, QUARANTINE_PREFIX, Storage, Written

CURRENT = "current"  # the row of the game on screen (it has no key of its own here)
#: Kept games the visitor put there: they do not open the panel by themselves.
QUIET_REASONS = ("put-away", "new-game", "imported", "shared")


class Library:
    """The panel. The screen tells it what it holds (``held``, whether the game on
    screen is being saved, its key when kept apart) and is called back to open a
    kept game, to retry saving once space was freed, to drop a held record, and to
    rename the current game."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.held: tuple[str, str] | None = None  # (slot, text) not set aside
        self.current_key: str | None = None  # the key the game on screen is saved to
        self.current_text = lambda: ""  # the game on screen, as a saved record
        self.current_summary = lambda: Summary(False)  # ... and in words
        # ... and as a small picture, its ids prefixed with the argument
        self.current_picture = lambda ident: ""
        self.saving = True  # False: the game on screen is not being saved
        self.on_open = lambda key: None
        self.on_freed = lambda: None
        self.on_release = lambda: None
        self.on_rename_current = lambda name: None
        self.confirming: str | None = None  # the key whose Delete was pressed once
        self.renaming: str | None = None  # the key (or CURRENT) whose name is edited
        self.opened = False  # the visitor opened the panel
        self.dismissed: tuple | None = None  # what needed the visitor when they closed it
        # Summaries worked out this visit, when the note could not keep them:
        # key -> (checksum, language, summary).
        self.memo: dict[str, tuple[int, str, Summary]] = {}
        # A kept game's picture, by key: (checksum, language, picture), this visit.
        self.pictures: dict[str, tuple[int, str, str]] = {}
        panel = element("records")
        listen(panel, "click", self.on_click)
        listen(panel, "submit", self.on_submit)
        listen(panel, "keydown", self.on_key)
        listen(element("download-game"), "click", lambda event: self.download_game())
        listen(element("saved-games"), "click", lambda event: self.toggle())
        listen(element("close-records"), "click", lambda event: self.close())

    # -- what is stored ---------------------------------------------------------------

    def entries(self) -> list[tuple[str, str, str]]:
        """(key, prefix, text) of every set-aside and kept record but the current one."""
        found = []
        for prefix in (QUARANTINE_PREFIX, KEPT_PREFIX):
            for key in self.storage.keys(prefix):
                text = self.storage.get(key)
                if text is not None and key != self.current_key:
                    found.append((key, prefix, text))
        return found

    def summary(self, key: str, text: str, note: dict) -> Summary:
        """A kept game's summary: from its note, from this visit's memo, or worked out
        (loading the record) and then kept in its note for the next visits."""
        kept = library.from_note(note, text)
        if kept is not None:
            return library.summarize(text, note)
        crc = library.checksum(text)
        memo = self.memo.get(key)
        if memo is not None and memo[:2] == (crc, language()):
            return memo[2]
        summary = library.summarize(text, note)
        self.memo[key] = (crc, language(), summary)
        if summary.readable:
            # Only a cache: when storage is full it is worked out again next visit.
            self.storage.set_note(key, {**note, "summary": library.to_note(summary, text)})
        return summary

    def picture(self, key: str, text: str, ident: str) -> str:
        """A kept game's picture of its position: from this visit's memo, or drawn
        from its record (never from storage: ludeum.records.thumbnail.record_picture)."""
        crc = library.checksum(text)
        memo = self.pictures.get(key)
        if memo is not None and memo[:2] == (crc, language()):
            return reidented(memo[2], "memo", ident)
        picture = record_picture(text, "memo")
        if picture is None:
            return ""
        self.pictures[key] = (crc, language(), picture)
        return reidented(picture, "memo", ident)

    def attention(self, entries) -> tuple:
        """What needs the visitor now; the panel opens by itself while this is not
        empty and is not what the visitor last closed it on."""
        keys = tuple(
            key
            for key, prefix, _text in entries
            if prefix == QUARANTINE_PREFIX or self.storage.note(key).get("why") not in QUIET_REASONS
        )
        if not keys and self.held is None and self.saving:
            return ()
        return (keys, self.held is not None, self.saving)

    def visible(self, entries) -> bool:
        attention = self.attention(entries)
        return self.opened or (bool(attention) and attention != self.dismissed)

    # -- drawing ------------------------------------------------------------------------

    def render(self) -> None:
        """Draw the panel again. The row being edited keeps what was typed, and the
        focused button keeps the focus: the list is redrawn after every move of the
        game on screen, a computer's too, while the visitor may be using it."""
        panel = element("records")
        active = document.activeElement
        focused = None
        # getAttribute, not dataset: a missing dataset key raises AttributeError here.
        action = active.getAttribute("data-action") if active and panel.contains(active) else None
        if action:
            focused = (str(active.getAttribute("data-key")), str(action))
        field = panel.querySelector("form.rename input")
        typed = (str(field.value), bool(active and active == field)) if field else None
        self._draw()
        field = panel.querySelector("form.rename input")
        if field and typed is not None:
            field.value = typed[0]
            if typed[1]:
                field.focus()
        elif focused is not None:
            self._focus(*focused)

    def _draw(self) -> None:
        entries = self.entries()
        shown = self.visible(entries)
        element("records").hidden = not shown
        element("saved-games").setAttribute("aria-expanded", "true" if shown else "false")
        element("download-game").hidden = self.saving
        current, listing = element("library-current"), element("records-list")
        current.replaceChildren()
        listing.replaceChildren()
        if not shown:
            return  # worked out when shown: no summaries for a closed panel
        rows = [Row(None, self.current_summary(), current=True)]
        words: dict[str | None, tuple[str, list]] = {}
        texts = {key: text for key, _prefix, text in entries}
        for key, prefix, text in entries:
            note = self.storage.note(key)
            said = describe(key, prefix, text, note)
            if prefix == QUARANTINE_PREFIX:
                stamp = library.clean_stamp(note.get("at")) or _key_time(key, prefix)
                summary = Summary(False, saved_at=stamp)
                words[key] = (said, [("download", _("Download")), ("delete", _("Delete"))])
            else:
                summary = self.summary(key, text, note)
                if not summary.saved_at:
                    summary = replace(summary, saved_at=_key_time(key, prefix))
                actions = [("download", _("Download")), ("delete", _("Delete"))]
                if summary.readable:
                    actions[:0] = [("open", _("Open")), ("rename", _("Rename"))]
                words[key] = (f"{summary.sentence()} {said}", actions)
            rows.append(Row(key, summary))
        ordered = library.order(rows)
        own = ordered[0].summary
        current_words = _("This game: {summary}", summary=own.sentence())
        self._row(current, CURRENT, current_words, [("rename", _("Rename")),
                                                    ("download", _("Download"))], 0,
                  picture=self.current_picture("record-0"))  # fmt: skip
        n = 1
        if self.held is not None:
            text = _("Your saved game could not be set aside, because storage is full. It "
                     "is not saved over until you download or dismiss it ({size}).",
                     size=size_text(self.held[1]))  # fmt: skip
            self._row(
                listing, HELD, text, [("download", _("Download")), ("dismiss", _("Dismiss"))], n
            )
            n += 1
        for row in ordered[1:]:
            text, actions = words[row.key]
            picture = self.picture(row.key, texts[row.key], f"record-{n}") if (
                row.summary.readable and row.key in texts) else ""  # fmt: skip
            self._row(listing, row.key, text, actions, n, picture=picture)
            n += 1
        if n == 1:
            item = document.createElement("li")
            item.textContent = _("No other saved games.")
            listing.appendChild(item)

    def _row(self, listing, key: str, text: str, actions: list, n: int, picture: str = "") -> None:
        item = document.createElement("li")
        item.dataset.key = key
        if key == CURRENT:
            item.className = "current"
        if picture:
            # The position, named as a picture (ludeum.records.thumbnail); the words
            # after it say the rest.
            frame = document.createElement("span")
            frame.className = "record-picture"
            show_markup(frame, picture)
            item.appendChild(frame)
            item.classList.add("with-picture")
        words = document.createElement("span")
        words.id = f"record-{n}"
        words.textContent = text
        item.appendChild(words)
        if self.renaming == key:
            item.appendChild(self._rename_form(key, n))
            listing.appendChild(item)
            return
        for action, label in actions:
            button = document.createElement("button")
            button.type = "button"
            button.className = "link-button"
            button.dataset.action = action
            button.dataset.key = key
            confirm = action in ("delete", "dismiss") and self.confirming == key
            button.textContent = _("Confirm") if confirm else label
            # The entry's sentence tells apart the many "Download" buttons.
            button.setAttribute("aria-describedby", words.id)
            item.appendChild(button)
        listing.appendChild(item)

    def _rename_form(self, key: str, n: int):
        form = document.createElement("form")
        form.className = "rename"
        form.dataset.key = key
        label = document.createElement("label")
        label.htmlFor = f"rename-{n}"
        label.textContent = _("Name")
        field = document.createElement("input")
        field.id = f"rename-{n}"
        field.name = "name"
        field.type = "text"
        field.maxLength = library.NAME_LENGTH
        field.autocomplete = "off"
        field.value = self._name_of(key)
        field.setAttribute("aria-describedby", f"record-{n}")
        form.appendChild(label)
        form.appendChild(field)
        for kind, action, text in (("submit", "save-name", _("Save")),
                                   ("button", "cancel-name", _("Cancel"))):  # fmt: skip
            button = document.createElement("button")
            button.type = kind
            button.className = "link-button"
            button.dataset.action = action
            button.dataset.key = key
            button.textContent = text
            form.appendChild(button)
        return form

    def _name_of(self, key: str) -> str:
        if key == CURRENT:
            return self.current_summary().name
        text = self.storage.get(key)
        name, _at = saves.load_label(text) if text is not None else (None, None)
        return library.clean_name(name) or library.clean_name(self.storage.note(key).get("name"))

    # -- opening and closing --------------------------------------------------------------

    def toggle(self) -> None:
        if self.visible(self.entries()):
            self.close()
            return
        self.opened = True
        self.render()
        element("records-title").focus()

    def close(self) -> None:
        self.opened = False
        self.renaming = self.confirming = None
        self.dismissed = self.attention(self.entries())
        self.render()
        element("saved-games").focus()

    def refresh(self) -> None:
        """The game on screen changed: its row says so, if the panel is open."""
        if not element("records").hidden:
            self.render()

    # -- buttons ----------------------------------------------------------------------------

    def on_click(self, event) -> None:
        button = event.target.closest("button[data-action]")
        if not button:  # JS null arrives as the falsy jsnull
            return
        action, key = str(button.dataset.action), str(button.dataset.key)
        if action == "download":
            self.download(key)
        elif action == "open":
            self.on_open(key)
        elif action == "rename":
            self.renaming, self.confirming = key, None
            self.render()
            field = element("records").querySelector("form.rename input")
            if field:
                field.focus()
                field.select()
        elif action == "cancel-name":
            self.renaming = None
            self.render()
            self._focus(key, "rename")
        elif action in ("delete", "dismiss"):
            self.delete(key, action)

    def on_submit(self, event) -> None:
        event.preventDefault()  # no navigation: the page's policy allows no form action
        form = event.target
        key = str(form.dataset.key)
        field = form.querySelector("input")
        self.rename(key, library.clean_name(str(field.value) if field else ""))

    def on_key(self, event) -> None:
        if event.key == "Escape" and self.renaming is not None:
            event.preventDefault()
            key, self.renaming = self.renaming, None
            self.render()
            self._focus(key, "rename")

    def rename(self, key: str, name: str) -> None:
        if key == CURRENT:
            self.on_rename_current(name)
        else:
            text = self.storage.get(key)
            if text is None:  # deleted meanwhile (another tab)
                self.renaming = None
                self.render()
                return
            try:
                new_text = saves.renamed(text, name)
            except saves.SaveError:
                new_text = text  # unreadable: the name lives in the note only
            note = self.storage.note(key)
            written = self.storage.set(key, new_text)
            if not written:
                self._say_full(written)
                return
            note.pop("name", None)
            if name:
                note["name"] = name
            kept = library.from_note(note, text)
            if kept is not None:  # still true of the game: only its name changed
                note["summary"] = library.to_note(kept, new_text)
            self.storage.set_note(key, note)  # a courtesy, like every note
        self.renaming = None
        self.render()
        announce(_("Renamed: {name}.", name=name) if name else _("Name removed."))
        self._focus(key, "rename")

    def _say_full(self, written: Written) -> None:
        if written is Written.FULL:
            announce(_("The name could not be saved because storage is full."))
        else:
            announce(_("The browser refused to save the name."))

    def delete(self, key: str, action: str) -> None:
        if self.confirming != key:
            self.confirming = key
            self.render()
            self._focus(key, action)
            announce(_("Press Confirm to delete it for good."))
            return
        self.confirming = None
        if key == HELD:
            self.held = None
            self.on_release()
        else:
            self.storage.drop(key)
            self.memo.pop(key, None)
            self.on_freed()
        self.render()
        announce(_("Deleted."))
        first = element("records-list").querySelector("button")
        if first:
            first.focus()
        elif not element("records").hidden:
            element("records-title").focus()
        else:
            element("new-game").focus()

    def _focus(self, key: str, action: str) -> None:
        for node in element("records").querySelectorAll("button[data-action]"):
            if str(node.dataset.key) == key and str(node.dataset.action) == action:
                node.focus()

    def download(self, key: str) -> None:
        if key == CURRENT:
            self.download_game()
            return
        if key == HELD:
            if self.held is None:
                return
            download(self.held[1], f"ludeum-saved-game-{now_stamp()}.json")
            # Downloaded: the visitor has it, so the slot may be written again.
            self.held = None
            self.on_release()
            self.render()
            announce(_("Downloaded. This game is saved again from now on."))
            element("new-game").focus()
            return
        text = self.storage.get(key)
        if text is None:
            self.render()  # deleted meanwhile (another tab)
            return
        prefix = KEPT_PREFIX if key.startswith(KEPT_PREFIX) else QUARANTINE_PREFIX
        download(text, f"{FILE_PREFIX[prefix]}{file_stamp(key[len(prefix) :])}.json")

    def download_game(self) -> None:
        download(self.current_text(), f"ludeum-game-{now_stamp()}.json")


def _key_time(key: str, prefix: str) -> str:
    """The local time in an entry's key (``20261124T220312``), as a saved time."""
    s = key[len(prefix) :][:15]
    return library.clean_stamp(f"{s[:4]}-{s[4:6]}-{s[6:8]}T{s[9:11]}:{s[11:13]}:{s[13:15]}")


def note_for(summary: Summary, text: str, name: str | None = None) -> dict:
    """The extra keys of a kept game's note: its summary (and its name)."""
    extra: dict = {"summary": library.to_note(summary, text)} if summary.readable else {}
    if name:
        extra["name"] = name
    return extra
