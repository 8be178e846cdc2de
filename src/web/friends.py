"""Games by links on the page (issue 38): a friend on another device, each turn sent
as a link.

"A friend on another device, by links" in the New game dialog starts one: this
device plays Player 1 and begins. Whenever the game waits for the friend (their
turn, their answer to the invitation, more of their sticks for a long turn) or has
ended with an action played here, the page offers the link to send once, in the
Send dialog: the link to copy, the system's share sheet where there is one, and a
QR code to show to a phone or tablet across the room. "Send the link" offers it
again.

A page opened from a friend link (``?friend=``) reads it (``correspondence.letters``),
finds the game it belongs to by its id (the current game or one in Saved games),
and does what ``correspondence.friend.receive`` says: a new game joined, the
friend's turn played again move by move (their actions wait in the table's
``ahead``, ``ludeum.table``), their answer taken, or nothing at all (an older link,
the same position, a link this device sent), always said. A link that disagrees
with the game kept here is refused with its reason, and nothing changes. The
parameter leaves the address at once, so a reload resumes the game as kept.
"""

from __future__ import annotations

import asyncio

from pyodide.ffi import create_once_callable
from pyscript import js_import, window

from ludeum import saves, seats
from ludeum import table as tables
from ludeum.correspondence import friend as friends
from ludeum.correspondence import letters
from ludeum.correspondence.invitation import invitation_card
from ludeum.correspondence.send_words import dialog_words, joined_words
from ludeum.games import ui as game_ui
from ludeum.i18n import _
from ludeum.records.link import LinkError

from .page import announce, copy_link, element, listen, show_markup, site_file
from .storage import KEPT_PREFIX, NAME_KEY

#: The QR encoder, as scripts/build.py vendors it (its source path, relative to the
#: page: the build names it by its content, web.page.site_file).
QR_ENCODER = "static/vendor/qrcode-generator/qrcode.mjs"


class Friends:
    """Games by links on ``screen`` (a ``web.screen.GameScreen``)."""

    def __init__(self, screen, storage) -> None:
        self.screen = screen
        self.storage = storage
        self.offered = None  # the position whose link was last offered unasked
        self.encoder = None  # qrcode-generator's qrcode(), once imported
        self.address = ""
        # The invited friend's first screen is up: the friend's turn and the Send
        # dialog wait for Play (screen.away).
        self.inviting = False
        listen(element("friend-send"), "click", lambda event: self.offer())
        listen(element("friend-copy"), "click", lambda event: self.copy())
        listen(element("friend-share-sheet"), "click", lambda event: self.share_sheet())
        listen(element("friend-close"), "click", lambda event: self.close())
        listen(element("friend-x"), "click", lambda event: self.close())
        element("friend-share-sheet").hidden = not hasattr(window.navigator, "share")
        listen(element("friend-proofs"), "toggle", lambda event: self.show_proofs())
        listen(element("invite-form"), "submit", lambda event: self.name_from_card())
        listen(element("invite-dialog"), "close", lambda event: self.invited())
        listen(element("invite-rules"), "click", lambda event: self.screen.controls.open_rules())
        listen(element("invite-learn"), "click", lambda event: self.learn())

    # -- the visitor's name --------------------------------------------------------------

    def name(self) -> str:
        """The visitor's name (set on the Your games page or here), which links carry."""
        return self.storage.visitor_name()

    def set_name(self, name: str) -> None:
        name = friends.clean_name(name)
        if name and name != self.name() and not self.storage.set(NAME_KEY, name):
            self.screen.notice(_("Your name could not be kept: this browser's storage is "
                                 "full. It is used for this game all the same."))  # fmt: skip

    # -- a new game ------------------------------------------------------------------------

    def begin(self, game: str, options: dict, name: str) -> None:
        """A new game by links in place of the game on screen (kept first, as any
        new game's): this device plays Player 1 and begins."""
        screen = self.screen
        self.set_name(name)
        state = game_ui(game).start(options, 0)
        try:
            side = friends.begin(state, 0, name)
        except ValueError:
            screen.notice(_("A game by links keeps to a limit of 3,000 throws: choose a "
                            "reading with that limit."))  # fmt: skip
            return
        if not screen.keeping.put_away_for_new_game():
            return
        table, done = tables.new_game(screen.table, state, seats.HUMANS)
        if screen.welcome is not None:
            screen.welcome.leave()
        screen.apply(tables.with_friend(table, side), done)
        screen.new_game.focus_play()

    # -- after every change ----------------------------------------------------------------

    def after(self) -> None:
        """The game on screen changed: when it now waits for the friend (or ended
        here), the link is offered, once for each position."""
        table = self.screen.table
        if table.friend is None or table.viewing or table.review is not None:
            return
        if self.screen.away() or table.ahead:
            return  # out of sight, or the friend's turn still being shown
        reason = friends.to_send(table.friend, table.state, table.placed)
        if reason is None:
            return
        key = (table.friend.id, len(table.state.actions()), table.friend.heights)
        if key != self.offered:
            self.offered = key
            self.offer()

    def offered_elsewhere(self, state, side) -> None:
        """Another tab of this browser took the game to ``state`` (``side``: its
        ``FriendGame``) and offered its link there: "Send the link" offers it here,
        the dialog does not open unasked."""
        if side is not None:
            self.offered = (side.id, len(state.actions()), side.heights)

    # -- the Send dialog ---------------------------------------------------------------------

    def offer(self) -> None:
        """The Send dialog for the game on screen: the link that carries it now."""
        screen = self.screen
        table = screen.table
        if table.friend is None or not screen.keeping.up_to_date():
            return
        side = friends.outgoing(table.friend, table.state, table.placed, self.name())
        if side != table.friend:
            screen.put(tables.with_friend(table, side))
            screen.keeping.save()
        try:
            code = letters.write(table.state, side)
        except LinkError as error:
            screen.notice(error.text())
            return
        location = window.location
        self.address = f"{location.origin}{location.pathname}?friend={code}"
        reason = friends.to_send(side, table.state, table.placed)
        title, about = dialog_words(reason, side, table.state)
        element("friend-title").textContent = title
        element("friend-about").textContent = about
        element("friend-link").value = self.address
        element("friend-said").textContent = ""
        self._draw_qr()
        proofs = element("friend-proofs")
        proofs.hidden = not friends.has_chance(table.state)  # Senet: the throws, shown
        proofs.open = False
        dialog = element("friend-dialog")
        if not dialog.open:
            dialog.showModal()
        element("friend-copy").focus()

    def show_proofs(self) -> None:
        """Every throw with both players' values and the check (``proofs``), drawn
        when the visitor opens "How the throws were made"."""
        from ludeum.correspondence.proofs import proofs, proofs_html

        table = self.screen.table
        if not element("friend-proofs").open or table.friend is None:
            return
        names = tables.card_names(table, self.name())
        show_markup(
            element("friend-proofs-table"), proofs_html(proofs(table.state, table.friend), names)
        )

    def close(self) -> None:
        element("friend-dialog").close()
        send = element("friend-send")
        if not send.hidden:
            send.focus()

    def copy(self) -> None:
        copy_link(self.address, element("friend-link"), element("friend-said"))

    def share_sheet(self) -> None:
        """The system's share sheet (phones, tablets), where the browser has one."""
        data = window.Object.new()
        data.title = _("Ludeum: a game by links")
        data.url = self.address
        try:
            window.navigator.share(data).catch(create_once_callable(lambda error: None))
        except Exception:
            self.copy()

    # -- the QR code ---------------------------------------------------------------------------

    def _draw_qr(self) -> None:
        element("friend-qr").replaceChildren()
        if self.encoder is None:
            asyncio.ensure_future(self._import_then_draw(self.address))
            return
        self._show_qr(self.address)

    async def _import_then_draw(self, address: str) -> None:
        try:
            url = window.URL.new(site_file(QR_ENCODER), window.document.baseURI).href
            (module,) = await js_import(url)
            self.encoder = module.default
        except Exception as error:  # offline before it was ever fetched: the link alone
            window.console.warn(f"ludeum: no QR code for the link: {error}")
            return
        if address == self.address:
            self._show_qr(address)

    def _show_qr(self, address: str) -> None:
        from ludeum.sheets import QR_ERROR_CORRECTION, qr_picture

        try:
            code = self.encoder(0, QR_ERROR_CORRECTION)
            code.addData(address)
            code.make()
        except Exception:  # too long for a QR code: the link alone
            return
        size = int(code.getModuleCount())
        modules = [[bool(code.isDark(y, x)) for x in range(size)] for y in range(size)]
        label = _("QR code of the link: scan it with the other device's camera")
        show_markup(element("friend-qr"), qr_picture(modules, label))

    # -- a link arrives --------------------------------------------------------------------------

    def open_launched(self, code: str | None) -> None:
        """The friend link the page was opened with, if any (main.py, after the
        screen is drawn)."""
        if code is None:
            return
        self._drop_parameter()
        screen = self.screen
        try:
            sent_state, sent = letters.read(code)
        except LinkError as error:
            screen.notice(_("This friend link could not be opened: {reason} Your games "
                            "are as they were.", reason=error.text()))  # fmt: skip
            return
        key, kept = self._find(sent.id)
        try:
            arrival = friends.receive(sent_state, sent, kept, self.name())
        except LinkError as error:
            if key is not None:
                self._open_kept(key)
            screen.notice(_("This friend link could not be taken: {reason}",
                            reason=error.text()))  # fmt: skip
            return
        kind = arrival.kind
        if kind == friends.WATCH:
            screen.share.show_game(arrival.state, arrival.game.names)
            screen.notice(_("This game by links was joined on another device: only that "
                            "device can play it, so it is shown here, not played."),
                          info=True)  # fmt: skip
            return
        if key is not None:
            self._open_kept(key)
        if kind == friends.INVITATION:
            self._joined(arrival, sent.seat)
        elif kind in (friends.TURN, friends.ANSWER):
            self._took(arrival, sent.seat)
        else:
            words = {
                friends.OLDER: _("This link is older than the game kept here: nothing "
                                 "changed. The game is shown as it is now."),
                friends.OPENED: _("You opened this link before, and played on since: "
                                  "nothing changed. The game is shown as it is now."),
                friends.SAME: _("This link holds the position already here: nothing "
                                "changed."),
                friends.OWN: _("This is the link you sent: it waits for your friend's "
                               "answer. Nothing changed."),
            }[kind]  # fmt: skip
            screen.notice(words, info=True)
            self.offered = None
            self.after()

    def _find(self, game_id: bytes) -> tuple[str | None, tuple | None]:
        """The game kept here with this id: ("", its state and side) for the game on
        screen, (its key, ...) for one in Saved games, or (None, None)."""
        table = self.screen.table
        if table.friend is not None and table.friend.id == game_id and not table.viewing:
            return "", (table.state, table.friend)
        for key in self.storage.keys(KEPT_PREFIX):
            text = self.storage.get(key)
            side = saves.load_friend(text) if text else None
            if side is None or side.id != game_id:
                continue
            try:
                return key, (saves.load(text), side)
            except saves.SaveError:
                continue
        return None, None

    def _open_kept(self, key: str) -> None:
        if key:  # "" is the game on screen already
            self.screen.keeping.open_kept(key)

    def _joined(self, arrival: friends.Arrival, sender: int) -> None:
        screen = self.screen
        if not screen.keeping.put_away_for_new_game():
            return
        start = friends.last_turn(arrival.state, sender)
        self.inviting = True
        self._show(arrival, start)
        announce(joined_words(arrival.game.friend_name))
        self._invitation_card(arrival)

    # -- the invited friend's first screen -----------------------------------------------------

    def _invitation_card(self, arrival: friends.Arrival) -> None:
        """Who invites, to which game and side, what to do first; a name to give,
        the rules and the lesson one tap away (``correspondence.invitation``)."""
        card = invitation_card(arrival.state, arrival.game, self.screen.ui)
        element("invite-title").textContent = card.title
        element("invite-reading").textContent = card.reading
        element("invite-sides").textContent = card.sides
        element("invite-first").textContent = card.first
        element("invite-name-label").textContent = card.name_label
        element("invite-name").value = self.name()
        element("invite-learn").hidden = self.screen.lessons is None
        element("invite-dialog").showModal()
        element("invite-play").focus()

    def name_from_card(self) -> None:
        """Play: the name typed is kept, and goes with every link from now on."""
        self.set_name(element("invite-name").value)

    def learn(self) -> None:
        """The game's lesson first; the game waits in its place (the lesson's Back)."""
        from ludeum.lessons import for_game

        self.name_from_card()
        element("invite-dialog").close()
        self.screen.lessons.resume(for_game(self.screen.ui.GAME).id, back="game")

    def invited(self) -> None:
        """The card is closed (Play, Escape, or the lesson): the game goes on, the
        friend's first move shown and, in Senet, the answer offered to send."""
        if not self.inviting:
            return
        self.inviting = False
        self.screen.render()
        self.screen.computer_turn()
        self.after()

    def _took(self, arrival: friends.Arrival, sender: int) -> None:
        kept = len(self.screen.state.actions())
        start = friends.last_turn(arrival.state, sender, since=kept) if arrival.new else kept
        self._show(arrival, start)

    def _show(self, arrival: friends.Arrival, start: int) -> None:
        """The arrival's game on screen, its actions from ``start`` on still to play
        (the friend's turn, shown move by move), saved at once with them."""
        screen = self.screen
        state = arrival.state.start()
        actions = arrival.state.actions()
        for action in actions[:start]:
            state = state.apply(action)
        name = screen.table.name if screen.table.friend is not None else None
        if name is None and arrival.game.friend_name:
            name = _("With {friend}", friend=arrival.game.friend_name)
        game = tables.seat(state, seats.HUMANS, ahead=tuple(actions[start:]), name=name)
        table, done = tables.received(screen.table, tables.with_friend(game, arrival.game))
        if screen.welcome is not None:
            screen.welcome.leave()
        self.offered = None
        screen.apply(table, done)

    def _drop_parameter(self) -> None:
        """The link leaves the address: a reload resumes the game as kept."""
        url = window.URL.new(window.location.href)
        url.searchParams.delete("friend")
        window.history.replaceState(window.history.state, "", url.href)
