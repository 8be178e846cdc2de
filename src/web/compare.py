"""The readings compared: the dialog that shows what Jéquier, Kendall and Tait allow
for one throw from one position, side by side (``ludeum.senet.compare``), and
how much of a result is luck in each (``ludeum.senet.skill_page.luck_comparison``).

It opens from Senet's rules page (its buttons carry ``data-compare``: an example's
id, or ``current`` for the game on screen) and from the ``compare`` URL parameter.
The dialog offers the chosen positions and the game on screen, and the throw by its
sticks; everything shown is computed and written by the pure module.
"""

from __future__ import annotations

from ludeum.i18n import N_, _
from ludeum.senet import compare
from ludeum.senet.skill_page import luck_comparison

from .page import element, listen, show_markup

CURRENT = "current"
#: The throw chooser's words, by the number of light sides up.
THROW_WORDS = {
    1: N_("1 light side up"),
    2: N_("2 light sides up"),
    3: N_("3 light sides up"),
    4: N_("4 light sides up"),
    0: N_("No light side up (5 or 6)"),
}


class Compare:
    def __init__(self, screen) -> None:
        self.screen = screen
        self.example = compare.EXAMPLE_IDS[0]
        self.light = compare.EXAMPLES[0].light
        listen(element("rules-content"), "click", self.on_rules_click)
        listen(element("compare-x"), "click", lambda event: element("compare-dialog").close())
        listen(element("close-compare"), "click", lambda event: element("compare-dialog").close())
        listen(element("compare-example"), "change", lambda event: self.choose_example())
        listen(element("compare-throw"), "change", lambda event: self.choose_throw())

    def on_rules_click(self, event) -> None:
        button = event.target.closest("[data-compare]")
        if not button:  # JS null arrives as the falsy jsnull
            return
        rules = element("rules-dialog")
        if rules.open:
            rules.close()
        self.open(str(button.dataset.compare))

    def _senet_game(self):
        """The Senet game on screen; None on the welcome screen or in another game."""
        from pyscript import document

        if str(document.documentElement.dataset.screen) != "game":
            return None
        return self.screen.state if self.screen.ui.GAME == "senet" else None

    def open(self, example_id: str) -> None:
        """Show the dialog on an example (or ``current``: the game on screen, with its
        pending throw if there is one)."""
        game = self._senet_game()
        if example_id == CURRENT and game is not None:
            self.example = CURRENT
            self.light = game.throw.light if game.throw is not None else 1
        else:
            if example_id not in compare.EXAMPLE_IDS:
                example_id = compare.EXAMPLE_IDS[0]
            self.example = example_id
            self.light = compare.example(example_id).light
        self.render()
        dialog = element("compare-dialog")
        if not dialog.open:
            dialog.showModal()
        dialog.scrollTop = 0
        element("compare-example").focus()

    def choose_example(self) -> None:
        chosen = str(element("compare-example").value)
        if chosen == CURRENT:
            game = self._senet_game()
            self.example = CURRENT
            self.light = game.throw.light if game and game.throw is not None else self.light
        elif chosen in compare.EXAMPLE_IDS:
            self.example = chosen
            self.light = compare.example(chosen).light
        self.render()

    def choose_throw(self) -> None:
        text = str(element("compare-throw").value)
        if text.isdigit() and 0 <= int(text) <= 4:
            self.light = int(text)
        self.render()

    def render(self) -> None:
        game = self._senet_game()
        if self.example == CURRENT and game is None:
            self.example = compare.EXAMPLE_IDS[0]
        options = [(item.id, _(item.title)) for item in compare.EXAMPLES]
        if game is not None:
            options.append((CURRENT, _("The game on screen")))
        select = element("compare-example")
        select.replaceChildren()
        for value, words in options:
            select.add(_option(value, words, value == self.example))
        throws = element("compare-throw")
        throws.replaceChildren()
        for light, words in THROW_WORDS.items():
            throws.add(_option(str(light), _(words), light == self.light))
        if self.example == CURRENT:
            position = compare.position_of(game)
            about = _("The position of the game on screen, with the player to move.")
        else:
            item = compare.example(self.example)
            position = item.position()
            about = compare.about_text(item, self.light)
        element("compare-about").textContent = about
        element("compare-link-line").hidden = self.example == CURRENT
        if self.example != CURRENT:
            from pyscript import window

            element("compare-link").value = compare.link(str(window.location.href), self.example)
        result = compare.compare(position, self.light)
        show_markup(element("compare-content"), compare.comparison_html(result))
        # Luck's share in each reading (issue 53): the same whatever the position.
        show_markup(element("compare-luck"), luck_comparison())


def _option(value: str, words: str, selected: bool):
    from pyscript import document

    option = document.createElement("option")
    option.value = value
    option.textContent = words
    option.selected = selected
    return option
