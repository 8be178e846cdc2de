"""A new game: the New game dialog (which is also the confirmation before a game in
progress is replaced), the result's Play again and the game's own offer at the end
(Lodestone: rotate the board), and the game a launch asks for.

The old game is put away first (kept in Saved games when it has an action, by
web/keeping.py); if it cannot be kept, no new game starts. The table's
``new_game`` transition seats the new one."""

from __future__ import annotations

import random

from pyscript import window

from ludeum import launch as launching
from ludeum import seats
from ludeum import table as tables
from ludeum.games import ui as game_ui
from ludeum.i18n import _
from ludeum.senet import JEQUIER, PRESETS
from ludeum.site import current as current_site

from .page import announce, element, listen, show_markup

#: Kiosk mode (``?kiosk=1``): a visitor plays the computer at this level unless the
#: URL names other players.
KIOSK_PLAYERS = (seats.HUMAN, "easy")


class NewGame:
    """New games on ``screen`` (a ``web.screen.GameScreen``)."""

    def __init__(self, screen, launch: launching.Launch, rng: random.Random) -> None:
        self.screen = screen
        self.launch = launch
        self.rng = rng
        self.first_choice = "random"  # who starts the next new game
        self.last_senet_rules = JEQUIER  # preset in the new-game form for Senet
        listen(element("new-game"), "click", lambda event: self.open())
        listen(element("new-game-form"), "submit", self.on_submit)
        listen(element("cancel-new-game"), "click", lambda event: self.close())
        listen(element("new-game-x"), "click", lambda event: self.close())
        listen(element("game-over-new"), "click", lambda event: self.play_again())
        listen(element("game-over-alt"), "click", lambda event: self.play_variant())
        listen(element("game-over-fresh"), "click", lambda event: self.open())

    # -- what a launch asks for --------------------------------------------------------

    def launch_game(self) -> tuple[str, dict]:
        """The game and options the URL asked for (Senet under Jéquier by default)."""
        from ludeum.lodestone import LodestoneRules

        launch = self.launch
        site = current_site()
        game = launch.game or site.default_game
        options: dict = {}
        if game == "senet" and launch.ruleset:
            options["rules"] = PRESETS[launch.ruleset]
        elif game == "senet":  # the site's default reading (Jéquier's unless it chose)
            options["rules"] = PRESETS[site.default_reading]
        if game == "lodestone" and launch.ruleset:
            reading = launch.ruleset == "per_colour_reading"
            options["lodestone_rules"] = LodestoneRules(per_colour_reading=reading)
        return game, options

    def launch_players(self) -> tuple[str, str]:
        if self.launch.players is not None:
            return self.launch.players
        return KIOSK_PLAYERS if self.launch.kiosk else seats.HUMANS

    def fresh(self, game: str, options: dict):
        """A new game's first position, the first seat as the form chose."""
        first = self.first_choice
        seat = self.rng.getrandbits(1) if first == "random" else int(first)
        return game_ui(game).start(options, seat)

    def launched(self):
        """The first position of the game the launch asks for."""
        return self.fresh(*self.launch_game())

    # -- the dialog --------------------------------------------------------------------

    def open(self, game: str | None = None, custom: bool = False, friend: bool = False) -> None:
        """The new-game dialog, preset to the current game (or to ``game``, with the
        Senet reading "custom" when ``custom``: the welcome screen's way to Senet's
        custom rules); the dialog is also the confirmation before a game in progress
        is replaced."""
        from ludeum.senet.setup_form import form_for  # not needed to boot

        table = self.screen.table
        state = table.state
        warning = ""
        if self.launch.kiosk:
            if state.actions() and state.outcome() is None:
                warning = _("Starting a new game replaces the game in progress.")
        elif state.actions():
            warning = _("Starting a new game keeps this one in Saved games, where you can "
                        "open it again.")  # fmt: skip
        element("replace-warning").textContent = warning
        friends = self.screen.friends
        show_markup(
            element("new-game-fields"),
            form_for(
                state,
                self.first_choice,
                table.players,
                self.last_senet_rules,
                name=friends.name() if friends is not None else "",
                friend=table.friend is not None or friend,
            ),
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

    def close(self) -> None:
        element("new-game-dialog").close()
        welcome = self.screen.welcome
        element("welcome-title" if welcome is not None and welcome.showing else "new-game").focus()

    def on_submit(self, event) -> None:
        from ludeum.lodestone import LodestoneRules
        from ludeum.senet.setup_form import choice_from_form, senet_preset

        event.preventDefault()
        # Offered again when the dialog opens on another game.
        self.last_senet_rules = senet_preset(self.screen.state, self.last_senet_rules)
        values = {}
        for entry in window.FormData.new(element("new-game-form")).entries():
            values[str(entry[0])] = str(entry[1])
        game = values.get("game", "")
        game = game if current_site().offers(game) else current_site().default_game
        rules, self.first_choice = choice_from_form(values)
        lodestone_rules = LodestoneRules(per_colour_reading="per_colour_reading" in values)
        players = seats.from_form(values)
        element("new-game-dialog").close()
        options = {"rules": rules, "lodestone_rules": lodestone_rules}
        if values.get("opponent") == "friend" and self.screen.friends is not None:
            self.screen.friends.begin(game, options, values.get("player_name", ""))
            return
        self.start(game, options, players=players)

    # -- the result's offers -----------------------------------------------------------

    def play_again(self) -> None:
        """A rematch: the same game and rules, each player in the other seat (so the
        other one moves first, and plays the other side)."""
        screen = self.screen
        if screen.table.friend is not None:  # a rematch by links: a new invitation
            self.open(friend=True)
            return
        rules = getattr(screen.state, "rules", None)
        first, second = screen.table.players
        options = {"rules": rules, "lodestone_rules": rules}
        self.start(screen.ui.GAME, options, players=(second, first))

    def play_variant(self) -> None:
        """The game's own offer at the end (Lodestone: rotate the board)."""
        ui = self.screen.ui
        after_game = getattr(ui, "after_game", None)
        if after_game is not None:
            self.start(ui.GAME, after_game(self.screen.state)[1])

    # -- the new game ------------------------------------------------------------------

    def start(self, game: str, options: dict, players=None) -> None:
        """A new game in place of this one, which is kept in Saved games first if it
        has an action; if it cannot be kept (storage full), no new game starts."""
        screen = self.screen
        had_actions = bool(screen.state.actions()) and not screen.table.attract
        if not screen.keeping.put_away_for_new_game():
            element("new-game").focus()
            return
        table, done = tables.new_game(screen.table, self.fresh(game, options), players)
        if screen.welcome is not None:
            screen.welcome.leave()  # first: the computer does not play out of sight
        screen.apply(table, done)
        self.focus_play()
        if had_actions and not self.launch.kiosk:
            announce(_("New game. The last game was kept in Saved games."))

    def focus_play(self) -> None:
        """The focus where play goes on: the throw when it is a person's, else New game."""
        table = self.screen.table
        human_throws = table.ui.can_throw(table.state) and not table.computer_to_play()
        element("throw" if human_throws else "new-game").focus()
