"""The new-game form for Senet: which reading, its options, and who throws first.

``form_html`` draws the form's fields (presets first, Kendall's four options and the
Jéquier options behind "custom"); ``form_for`` presets them to the game on screen,
whichever game it is; ``choice_from_form`` turns the submitted values
back into a ruleset and a first seat, checking every value: a tampered form falls
back to the defaults and never raises.
"""

from __future__ import annotations

from html import escape

from .. import saves, seats
from ..i18n import N_, _
from ..lodestone.rules import LodestoneRules
from ..site import current as current_site
from .rulesets import JEQUIER, JEQUIER_LUDII, KENDALL_OPTIONS, TAIT, SenetRules, kendall

#: The readings offered first, in the order shown.
READINGS = (
    ("jequier", N_("Jéquier, as printed by Botermans"), N_("the app's default")),
    ("jequier_ludii", N_("Jéquier, as read by Ludii"), N_("another reading of the same rules")),
    ("kendall", N_("Kendall"), N_("seven pieces, with four options to pick below")),
    ("tait", N_("Tait"), N_("pieces enter from a plinth; more luck")),
    ("custom", N_("Custom"), N_("Jéquier's rules with your choice of each disputed point")),
)

KENDALL_LABELS = {
    "five_pieces": N_("Five Pieces: five pieces each instead of seven"),
    "starting_throw": N_("Starting Throw: the second player waits for a 1 before moving"),
    "trap": N_("Trap: overshooting 26 may end in the water"),
    "home_row": N_("Home Row: no bearing off while a piece is on the first row"),
}

#: Jéquier's disputed points (rules spec 2.10a): name -> (label, choices or None for
#: a yes/no box). The first choice of each list is the default reading.
CUSTOM_FIELDS = {
    "bump_to_first_empty": (
        N_("A bumped piece goes to the first free square, not the attacker's square"),
        None,
    ),  # fmt: skip
    "safe_squares": (
        N_("Safe squares"),
        (("26,28,29,30", N_("26, 28, 29 and 30")), ("15,26,28,29", N_("15, 26, 28 and 29"))),
    ),
    "starting_lock": (
        N_("Pieces on their starting squares"),
        (
            ("off", N_("move freely")),
            ("literal", N_("wait until the piece just ahead has moved once")),
            ("next_square_empty", N_("on the first row, need the next square free")),
        ),
    ),
    "backward_can_capture": (N_("Backward moves may bump a piece"), None),
    "backward_priority": (
        N_("Backward moves are allowed"),
        (
            ("global", N_("only when no piece can go forward")),
            ("per_piece", N_("for any piece that cannot go forward")),
        ),
    ),
    "bear_off_on_exact_30": (N_("Reaching square 30 exactly takes a piece off"), None),
    "extra_throw_after_forfeit": (N_("An unusable 1, 4 or 6 still earns another throw"), None),
    "rows_turn_corners": (N_("Pairs and walls may turn the corners of the board"), None),
}

FIRST_SEAT_CHOICES = (
    ("random", N_("chosen at random")),
    ("0", N_("Player 1")),
    ("1", N_("Player 2")),
)


def reading_of(rules: SenetRules) -> str:
    if rules.family in ("kendall", "tait"):
        return rules.family
    return rules.preset if rules.preset in ("jequier", "jequier_ludii") else "custom"


GAMES = (("senet", N_("Senet")), ("squadro", N_("Squadro")), ("lodestone", N_("Lodestone")))


def _radios(name: str, choices, chosen: str) -> str:
    return "".join(
        f'<label class="choice"><input type="radio" name="{name}" value="{value}"'
        f"{' checked' if value == chosen else ''}> {escape(_(label))}</label>"
        for value, label in choices
    )


def _fieldset(classes: str, legend: str) -> str:
    """The opening of a fieldset and its legend (closed by the caller)."""
    return f'<fieldset class="{classes}"><legend>{escape(legend)}</legend>'


def players_html(players: tuple[str, str], name: str = "", friend: bool = False) -> str:
    """Who plays: two people, one against the computer (which seat, what level),
    the computer against itself, or a friend on another device by links (``friend``:
    checked; ``name``: the visitor's name, which the links carry)."""
    computers = [p for p in players if p != seats.HUMAN]
    level = computers[0] if computers else "medium"
    seat = "0" if players[0] != seats.HUMAN and players[1] == seats.HUMAN else "1"
    options = "".join(
        f'<option value="{value}"{" selected" if value == level else ""}>'
        f"{escape(_(seats.LEVEL_NAMES[value]))}</option>"
        for value in seats.LEVELS
    )
    # Messages stay outside f-strings: the extractor does not look inside them.
    legend, seat_legend, level_label = _("Players"), _("The computer plays"), _("Level")
    name_label = _("Your name, as your friend will see it")
    friend_note = _("You play first. After each turn, the page gives you a link to send "
                    "to your friend; their answer comes back as a link too.")  # fmt: skip
    chosen = "friend" if friend else seats.opponent_choice(players)
    return (
        f'<fieldset class="players"><legend>{escape(legend)}</legend>'
        + _radios("opponent", seats.OPPONENTS, chosen)
        + '<div class="friend-options">'
        f'<label class="choice">{escape(name_label)} <input name="player_name" '
        f'maxlength="24" autocomplete="off" value="{escape(name)}"></label>'
        f'<small class="friend-note">{escape(friend_note)}</small></div>'
        + '<div class="computer-options"><fieldset class="computer-seat">'
        f"<legend>{escape(seat_legend)}</legend>"
        + _radios("computer_seat", seats.COMPUTER_SEATS, seat)
        + f'</fieldset><label class="choice">{escape(level_label)} '
        f'<select name="level">{options}</select></label></div></fieldset>'
    )


def form_html(
    current: SenetRules = JEQUIER,
    first: str = "random",
    game: str = "senet",
    players: tuple[str, str] = seats.HUMANS,
    per_colour_reading: bool = False,
    name: str = "",
    friend: bool = False,
) -> str:
    """The fields of the new-game form: the game, who plays, then (for Senet) the
    reading and its options, preset to ``current``, Lodestone's option, then who
    starts. ``name`` and ``friend``: as ``players_html``."""
    reading = reading_of(current)
    # Messages stay outside f-strings: the extractor does not look inside them.
    site = current_site()
    out = [_fieldset("games", _("Game"))]
    out.append(_radios("game", [g for g in GAMES if site.offers(g[0])], game))
    out.append("</fieldset>")
    out.append(players_html(players, name, friend))
    out.append(_fieldset("readings", _("Rules")))
    for value, label, hint in READINGS:
        if value not in site.readings:
            continue
        checked = " checked" if value == reading else ""
        out.append(
            f'<label class="choice"><input type="radio" name="reading" value="{value}"{checked}>'
            f" {escape(_(label))} <small>({escape(_(hint))})</small></label>"
        )
    out.append("</fieldset>")
    out.append(_fieldset("options kendall-options", _("Kendall's options")))
    for name in KENDALL_OPTIONS:
        taken = current.pieces == 5 if name == "five_pieces" else getattr(current, name)
        checked = " checked" if current.family == "kendall" and taken else ""
        out.append(
            f'<label class="choice"><input type="checkbox" name="{name}"{checked}> '
            f"{escape(_(KENDALL_LABELS[name]))}</label>"
        )
    out.append("</fieldset>")
    custom = current if reading == "custom" else JEQUIER
    out.append(_fieldset("options custom-options", _("Custom rules")))
    for name, (label, choices) in CUSTOM_FIELDS.items():
        value = getattr(custom, name)
        if choices is None:
            checked = " checked" if value else ""
            out.append(
                f'<label class="choice"><input type="checkbox" name="{name}"{checked}> '
                f"{escape(_(label))}</label>"
            )
            continue
        if isinstance(value, frozenset):
            value = ",".join(map(str, sorted(value)))
        options = "".join(
            f'<option value="{v}"{" selected" if v == value else ""}>{escape(_(text))}</option>'
            for v, text in choices
        )
        out.append(
            f'<label class="choice">{escape(_(label))} '
            f'<select name="{name}">{options}</select></label>'
        )
    out.append("</fieldset>")
    out.append(_fieldset("options lodestone-options", _("Lodestone's options")))
    reading_label = _("Each colour reads the magnets its own way (White sees 1 as 3, 2 as 4)")
    checked = " checked" if per_colour_reading else ""
    out.append(
        f'<label class="choice"><input type="checkbox" name="per_colour_reading"{checked}> '
        f"{escape(reading_label)}</label></fieldset>"
    )
    out.append(_fieldset("first", _("Who starts")))
    for value, label in FIRST_SEAT_CHOICES:
        checked = " checked" if value == first else ""
        out.append(
            f'<label class="choice"><input type="radio" name="first" value="{value}"{checked}>'
            f" {escape(_(label))}</label>"
        )
    out.append("</fieldset>")
    return "".join(out)


def senet_preset(state, last: SenetRules = JEQUIER) -> SenetRules:
    """The Senet reading to offer: the game's own when Senet is on screen, else the
    last one played (``last``). Every game keeps a ``rules`` of its own kind, so a
    Lodestone or Squadro state must not be taken for Senet's."""
    rules = getattr(state, "rules", None)
    return rules if isinstance(rules, SenetRules) else last


def form_for(
    state,
    first: str = "random",
    players: tuple[str, str] = seats.HUMANS,
    last_senet: SenetRules = JEQUIER,
    name: str = "",
    friend: bool = False,
) -> str:
    """The form preset to the game on screen (``state``, of any game): that game
    checked, its own rules in its own fields, and the other games' fields at the
    last Senet reading played and Lodestone's default."""
    rules = getattr(state, "rules", None)
    per_colour = isinstance(rules, LodestoneRules) and rules.per_colour_reading
    return form_html(
        senet_preset(state, last_senet),
        first,
        game=saves.game_name(state),
        players=players,
        per_colour_reading=per_colour,
        name=name,
        friend=friend,
    )


def choice_from_form(values: dict[str, str]) -> tuple[SenetRules, str]:
    """The ruleset and first-seat choice (``"random"``, ``"0"`` or ``"1"``) from the
    submitted form values (a checkbox is present when ticked)."""
    reading = values.get("reading", "jequier")
    first = values.get("first", "random")
    if first not in {value for value, _label in FIRST_SEAT_CHOICES}:
        first = "random"
    if reading == "jequier_ludii":
        return JEQUIER_LUDII, first
    if reading == "tait":
        return TAIT, first
    if reading == "kendall":
        return kendall(**{name: name in values for name in KENDALL_OPTIONS}), first
    if reading != "custom":
        return JEQUIER, first
    changes: dict = {}
    for name, (_label, choices) in CUSTOM_FIELDS.items():
        if choices is None:
            changes[name] = name in values
            continue
        allowed = [v for v, _text in choices]
        value = values.get(name, allowed[0])
        value = value if value in allowed else allowed[0]
        if name == "safe_squares":
            changes[name] = frozenset(int(n) for n in value.split(","))
        else:
            changes[name] = value
    return JEQUIER.with_options(**changes), first


def kendall_options(rules: SenetRules) -> list[str]:
    """The names of the options of Kendall's that ``rules`` plays, in his order."""
    return [
        _(label)
        for name, label in (
            ("five_pieces", N_("Five Pieces")),
            ("starting_throw", N_("Starting Throw")),
            ("trap", N_("Trap")),
            ("home_row", N_("Home Row")),
        )
        if (rules.pieces == 5 if name == "five_pieces" else getattr(rules, name))
    ]


def ruleset_name(rules: SenetRules) -> str:
    """A short name for the status bar, e.g. "Kendall, with Trap and Home Row"."""
    if rules.family == "kendall":
        options = kendall_options(rules)
        if not options:
            return _("Kendall")
        return _("Kendall, with {options}", options=", ".join(options))
    if rules.family == "tait":
        return _("Tait")
    if rules.preset == "jequier":
        return _("Jéquier (Botermans)")
    if rules.preset == "jequier_ludii":
        return _("Jéquier (Ludii)")
    return _("Jéquier, custom rules")
