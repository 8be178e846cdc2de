"""The new-game form preset to the game on screen (``ludeum.senet.setup_form.form_for``):
whichever game is shown, the untouched form submits that same game with the same rules.
Issue 12, item 2: the form was handed Lodestone's rules as if they were Senet's and
raised, so a visitor could not leave Lodestone."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from ludeum import lodestone, seats, senet, squadro
from ludeum.senet import JEQUIER, PRESETS
from ludeum.senet.rulesets import TAIT, kendall
from ludeum.senet.setup_form import choice_from_form, form_for


class Submitted(HTMLParser):
    """The values a browser submits for a form's fields as drawn: checked radios and
    boxes (a box without a value sends "on") and each select's selected option."""

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, str] = {}
        self.select: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "input" and a.get("type") in ("radio", "checkbox") and "checked" in a:
            self.values[a["name"]] = a.get("value", "on")
        elif tag == "select":
            self.select = a["name"]
        elif tag == "option" and "selected" in a:
            self.values[self.select] = a["value"]


def submitted(html: str) -> dict[str, str]:
    reader = Submitted()
    reader.feed(html)
    reader.close()
    return reader.values


def lodestone_game(per_colour_reading: bool):
    return lodestone.new_game(lodestone.LodestoneRules(per_colour_reading=per_colour_reading), 0)


@pytest.mark.parametrize("per_colour_reading", [False, True])
def test_lodestone_on_screen_presets_lodestone_and_its_reading(per_colour_reading):
    values = submitted(form_for(lodestone_game(per_colour_reading)))
    assert values["game"] == "lodestone"
    assert ("per_colour_reading" in values) is per_colour_reading
    # The Senet fields, hidden for Lodestone, stay at Jéquier's default.
    assert choice_from_form(values)[0] == JEQUIER


def test_lodestone_on_screen_keeps_the_last_senet_reading():
    values = submitted(form_for(lodestone_game(True), last_senet=TAIT))
    assert choice_from_form(values)[0] == TAIT


@pytest.mark.parametrize("last", [JEQUIER, TAIT, kendall(trap=True)])
def test_squadro_on_screen_presets_squadro_and_the_last_senet_reading(last):
    values = submitted(form_for(squadro.new_game(1), last_senet=last))
    assert values["game"] == "squadro"
    assert "per_colour_reading" not in values
    assert choice_from_form(values)[0] == last


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("first", ["random", "0", "1"])
def test_senet_on_screen_presets_its_own_reading_over_the_last(name, first):
    state = senet.new_game(PRESETS[name], 0)
    values = submitted(form_for(state, first, seats.HUMANS, last_senet=TAIT))
    assert values["game"] == "senet"
    assert choice_from_form(values) == (PRESETS[name], first)


#: A reading's radio and Kendall's option boxes as a visitor ticks them in the dialog,
#: the preset that starts, its name during play and its rules page's title.
#: (tests/e2e/test_presets.py ticks two of these in Chromium: the dialog's wiring.)
TICKED = [
    ("jequier", [], "jequier", "Jéquier (Botermans)", "Senet after Gustave Jéquier"),
    ("jequier_ludii", [], "jequier_ludii", "Jéquier (Ludii)",
     "Senet after Gustave Jéquier, as read by Ludii"),
    ("kendall", [], "kendall", "Kendall", "Senet after Timothy Kendall"),
    ("kendall", ["five_pieces", "trap"], "kendall_five_pieces_trap",
     "Kendall, with Five Pieces, Trap", "Senet after Timothy Kendall"),
    ("tait", [], "tait", "Tait", "Senet after John Tait"),
]  # fmt: skip


@pytest.mark.parametrize("reading,options,preset,shown,title", TICKED)
def test_a_reading_ticked_in_the_dialog_starts_its_preset_named_and_saved(
    reading, options, preset, shown, title
):
    from ludeum import saves
    from ludeum.games import ui_for

    on_screen = squadro.new_game()  # the dialog opened over another game
    values = submitted(form_for(on_screen, "random", seats.HUMANS, last_senet=JEQUIER))
    values.update(game="senet", reading=reading, first="0")
    values.update((option, "on") for option in options)
    rules, first = choice_from_form(values)
    assert rules == PRESETS[preset] and first == "0"
    state = senet.new_game(rules, 0)
    ui = ui_for(state)
    assert ui.ruleset_name(state) == shown
    assert f">{title}</h2>" in ui.rules_page(state)
    again = saves.load(saves.dump(state))  # the reading survives a reload
    assert again.rules == rules and ui.ruleset_name(again) == shown
