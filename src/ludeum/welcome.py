"""The welcome screen: the games on offer as cards, and the game left unfinished.

A visit with no launch parameters opens on this screen (``opens_on_welcome``): one
card per game with a picture of it, drawn by the games' own board code, a one-line
pitch, a typical length and three ways to play (the computer at a level, a friend on
this device, the computer against itself); Senet's card folds its other readings away.
A "Continue your game" card comes first when a game is unfinished ("Your last game"
when the game the visitor has is over).

Everything here is pure and speaks through ``_()``: the browser glue
(``web.welcome``) puts this markup in the page and reads the buttons' ``data-*``
choices back with ``choice_from_data``; scripts/build.py prerenders the same markup
into index.html, so that the screen is there at the first paint, before Python.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any
from urllib.parse import parse_qsl

from . import seats
from .i18n import N_, _
from .launch import PARAMETERS
from .senet.rulesets import JEQUIER, JEQUIER_LUDII, KENDALL_OPTIONS, TAIT, SenetRules, kendall
from .senet.setup_form import KENDALL_LABELS
from .site import current as current_site

#: The games, in the order of their cards: (game, pitch, typical length). The names are
#: the games' own (``ui.title``), so they are not repeated here.
CARDS = (
    (
        "senet",
        N_("Race your five pieces round the board of ancient Egypt, by the throw of four sticks."),
        N_("About 20 minutes"),
    ),  # fmt: skip
    (
        "squadro",
        N_(
            "Send your five pieces across the board and back, jumping your "
            "opponent's to send them home."
        ),
        N_("About 10 minutes"),
    ),  # fmt: skip
    (
        "lodestone",
        N_("Move by the digit each square's hidden magnet shows, and trap the enemy king."),
        N_("About 15 minutes"),
    ),  # fmt: skip
)
GAME_NAMES = {"senet": N_("Senet"), "squadro": N_("Squadro"), "lodestone": N_("Lodestone")}

#: Senet's readings in the fold, default first: (value, name, what differs in a line).
#: Values are ``ludeum.senet.setup_form``'s ``reading`` values.
READINGS = (
    ("jequier", N_("Jéquier, as printed by Botermans (the default)"),
     N_("Five pieces each; a bumped piece swaps places with its attacker; squares 26, 28, "
        "29 and 30 are safe; backward moves only when nothing can go forward.")),
    ("jequier_ludii", N_("Jéquier, as read by Ludii"),
     N_("The same start; a bumped piece goes to the first free square, 15 is safe instead "
        "of 30, and a backward move may bump.")),
    ("kendall", N_("Kendall"),
     N_("Seven pieces each; no light side up counts 5; every piece must stop on 26, and a "
        "piece in the water freezes the others. Four options below.")),
    ("tait", N_("Tait"),
     N_("Pieces enter from a plinth on a 4 or a 6; landing on a piece sends it back; "
        "more luck, fewer choices.")),
)  # fmt: skip
CUSTOM_LINE = N_("Custom: Jéquier's rules with your own choice on each disputed point.")
OPPONENT_VALUES = ("computer", "human", "both")
#: The computer against itself, on the welcome screen's "Watch" button.
WATCH_LEVEL = "medium"
#: How the buttons of a card name what they do: (opponent, visible words).
FRIEND = N_("Play a friend on this device")
WATCH = N_("Watch the computer play")
#: The same two buttons' words in a small frame's compact welcome (static/app.css):
#: each the start of the full words, which stay the button's name for screen readers.
FRIEND_SHORT = N_("Play a friend")
WATCH_SHORT = N_("Watch the computer")
PLAY_COMPUTER = N_("Play the computer")
#: The way to the visitor's own record (web/your_games.py).
YOUR_GAMES = N_("Your games")
#: Senet's fold of readings, its summary's words: full, and short in a small frame.
OTHER_READINGS = N_("Other readings of the rules")
OTHER_READINGS_SHORT = N_("Other readings")


#: URL parameters that still open on the welcome screen (settings, not a game; and
#: ``compare``, a dialog shown over it, which is about Senet whatever game was left).
SETTINGS_PARAMETERS = ("lang", "theme", "sound", "compare")
#: Any other of our parameters (``ludeum.launch.PARAMETERS``) opens the game at once.
LAUNCH_PARAMETERS = tuple(p for p in PARAMETERS if p not in SETTINGS_PARAMETERS)


def opens_on_welcome(query: str) -> bool:
    """Whether a page with this query string (``"?lang=fr"``) opens on the welcome
    screen: only when it holds none of our launch parameters, whatever their values (a
    link that names a game, an opponent, kiosk mode or a shared record opens that,
    as it always did). A language, a theme or a sound setting alone still opens on it,
    in that language.
    static/welcome.js decides the same way before Python starts (a test keeps the two
    lists equal); it also sends a reload of a tab that was on the game screen back there."""
    names = {name for name, _value in parse_qsl(query.lstrip("?"), keep_blank_values=True)}
    return not names & set(LAUNCH_PARAMETERS)


@dataclass(frozen=True)
class Choice:
    """What a welcome button asks for: a game, its options and who plays."""

    game: str
    options: dict
    players: tuple[str, str]


def senet_rules(reading: str, kendall_options: frozenset[str] = frozenset()) -> SenetRules:
    """The Senet reading a card's fold names (unknown: the default)."""
    if reading == "jequier_ludii":
        return JEQUIER_LUDII
    if reading == "tait":
        return TAIT
    if reading == "kendall":
        return kendall(**{name: name in kendall_options for name in KENDALL_OPTIONS})
    return JEQUIER


def choice_from_data(data: dict[str, str]) -> Choice:
    """A welcome button's choice from its ``data-*`` values and the Senet fold's state
    (``reading``; ``kendall``: the options ticked, comma-separated). Every value is
    checked: anything unknown falls back to Senet, two people, the default reading."""
    from .games import GAMES

    site = current_site()
    game = data.get("game", "")
    game = game if game in GAMES and site.offers(game) else site.default_game
    opponent = data.get("opponent", "human")
    level = data.get("level", WATCH_LEVEL)
    level = level if level in seats.LEVELS else WATCH_LEVEL
    if opponent == "computer":
        players = (seats.HUMAN, level)
    elif opponent == "both":
        players = (level, level)
    else:
        players = seats.HUMANS
    options: dict = {}
    if game == "senet":
        ticked = frozenset(data.get("kendall", "").split(",")) & set(KENDALL_OPTIONS)
        reading = data.get("reading", site.default_reading)
        reading = reading if reading in site.readings else site.default_reading
        options["rules"] = senet_rules(reading, ticked)
    return Choice(game, options, players)


def _id(*parts: str) -> str:
    return "-".join(("welcome", *parts))


def words_html(full: str, short: str) -> str:
    """A button's words (already translated), full and short: the page shows one of
    them (the short ones in a small frame), and the full ones name the button for
    screen readers."""
    return (
        f'<span class="welcome-words">{escape(full)}</span>'
        f'<span class="welcome-short" aria-hidden="true">{escape(short)}</span>'
    )


def _words(full: str, short: str) -> str:
    return words_html(_(full), _(short))


def learn_html(game: str, passed: int = 0) -> str:
    """A card's lesson button's words, with the learner's progress (``passed`` steps
    of the game's lesson), full and short."""
    from . import lessons

    item = lessons.for_game(game)
    return words_html(lessons.learn_label(item, passed), lessons.learn_short(item, passed))


def _buttons(game: str) -> str:
    title = _id(game, "title")
    computer_label = _id(game, "computer")
    levels = "".join(
        f'<button type="button" class="welcome-level" data-game="{game}" '
        f'data-opponent="computer" data-level="{level}" aria-describedby="{title}">'
        f"{escape(_(seats.LEVEL_NAMES[level]))}</button>"
        for level in seats.LEVELS
    )
    play_computer = _(PLAY_COMPUTER)
    friend, watch = _words(FRIEND, FRIEND_SHORT), _words(WATCH, WATCH_SHORT)
    return (
        '<div class="welcome-actions">'
        f'<p class="welcome-computer-label" id="{computer_label}">{escape(play_computer)}</p>'
        f'<div class="welcome-levels" role="group" aria-labelledby="{computer_label}">'
        f"{levels}</div>"
        f'<button type="button" class="welcome-friend" data-game="{game}" '
        f'data-opponent="human" aria-describedby="{title}">{friend}</button>'
        f'<button type="button" class="welcome-watch" data-game="{game}" '
        f'data-opponent="both" data-level="{WATCH_LEVEL}" aria-describedby="{title}">'
        f"{watch}</button>"
        f'<button type="button" class="welcome-learn quiet" data-lesson="{game}" '
        f'aria-describedby="{title}">{learn_html(game)}</button>'
        "</div>"
    )


def readings_html() -> str:
    """Senet's fold: the readings as radio buttons (the default checked), Kendall's
    four options, and the way to the custom rules (the new-game dialog)."""
    summary, legend = _words(OTHER_READINGS, OTHER_READINGS_SHORT), _("Senet: the reading played")
    options_legend, custom_button = _("Kendall's options"), _("Choose the custom rules…")
    site = current_site()
    rows = []
    for value, name, line in READINGS:
        if value not in site.readings:
            continue
        checked = " checked" if value == site.default_reading else ""
        rows.append(
            f'<label class="welcome-reading"><input type="radio" name="welcome-reading" '
            f'value="{value}"{checked}><span><strong>{escape(_(name))}</strong> '
            f'<span class="welcome-reading-line">{escape(_(line))}</span></span></label>'
        )
        if value == "kendall":
            boxes = "".join(
                f'<label class="choice"><input type="checkbox" name="welcome-kendall" '
                f'value="{option}"> {escape(_(KENDALL_LABELS[option]))}</label>'
                for option in KENDALL_OPTIONS
            )
            rows.append(
                f'<fieldset class="welcome-kendall"><legend>{escape(options_legend)}'
                f"</legend>{boxes}</fieldset>"
            )
    custom = (
        f'<p class="welcome-custom">{escape(_(CUSTOM_LINE))} '
        f'<button type="button" class="link-button" data-game="senet" data-custom="1">'
        f"{escape(custom_button)}</button></p>"
        if "custom" in site.readings
        else ""
    )
    if len(site.readings) < 2:  # one reading and no custom rules: nothing to choose
        return ""
    return (
        f'<details class="welcome-readings" id="welcome-readings"><summary>{summary}'
        f'</summary><fieldset class="welcome-reading-list"><legend class="visually-hidden">'
        f"{escape(legend)}</legend>{''.join(rows)}</fieldset>{custom}</details>"
    )


def start_picture(game: str) -> str:
    """A game's card picture: its start position, named as such."""
    from .games import ui
    from .records.thumbnail import position_picture

    label = _("{game} at the start of a game", game=_(GAME_NAMES[game]))
    return position_picture(
        ui(game).start({}, 0), ident=_id(game, "picture"), label=label, board_only=True
    )


def card_html(game: str, pitch: str, length: str, *, picture: bool = True) -> str:
    """One game's card. Without ``picture`` its picture slot is left empty (the
    prerendered page's other languages keep the drawing already on the page)."""
    drawing = start_picture(game) if picture else ""
    name = _(GAME_NAMES[game])
    length_label = _("Typical length:")
    fold = readings_html() if game == "senet" else ""
    return (
        f'<li class="welcome-card" data-game="{game}">'
        f'<article aria-labelledby="{_id(game, "title")}">'
        f'<div class="welcome-picture" data-picture="{game}">{drawing}</div>'
        f'<h3 id="{_id(game, "title")}">{escape(name)}</h3>'
        f'<p class="welcome-pitch">{escape(_(pitch))}</p>'
        f'<p class="welcome-length"><span class="visually-hidden">{escape(length_label)} '
        f"</span>{escape(_(length))}</p>"
        f"{_buttons(game)}{fold}</article></li>"
    )


def continue_html() -> str:
    """The Continue card's frame, hidden until a game is found unfinished: its words are
    prerendered; its picture and its line about the game are filled in
    (``continue_details``)."""
    title, button = _("Continue your game"), _("Continue")
    # A game over (``data-over="true"``) is offered too, as the last game played.
    title_over, button_over = _("Your last game"), _("Open it again")
    return (
        '<div id="welcome-continue" class="welcome-continue" data-over="false" hidden>'
        '<div class="welcome-picture" id="welcome-continue-picture"></div>'
        '<div class="welcome-continue-text">'
        f'<h2 id="welcome-continue-title"><span class="when-playing">{escape(title)}</span>'
        f'<span class="when-over">{escape(title_over)}</span></h2>'
        '<p id="welcome-continue-game" class="welcome-continue-game"></p>'
        '<p id="welcome-continue-about" class="welcome-continue-about"></p>'
        f'<button type="button" id="welcome-continue-button" data-continue="1" '
        f'aria-describedby="welcome-continue-game welcome-continue-about">'
        f'<span class="when-playing">{escape(button)}</span>'
        f'<span class="when-over">{escape(button_over)}</span></button></div></div>'
    )


@dataclass(frozen=True)
class LinkGame:
    """An unfinished game started from a link (a teacher's, a museum's): kept in that
    link's own slot, so the welcome screen lists it with the link that resumes it."""

    address: str  # the link's query string, from ``launch.slot_address``
    details: ContinueDetails
    saved_at: str = ""


#: The most games started from links that the welcome screen lists, newest first.
LINK_GAMES_SHOWN = 3


def link_games(stored: list[tuple[str, str]], limit: int = LINK_GAMES_SHOWN) -> list[LinkGame]:
    """The unfinished games among ``stored``, (slot, saved text) pairs of the link
    slots, newest first, at most ``limit``. A slot with no link that gives it back (a
    kiosk's, a tampered key), an unreadable record and a game over are left out: the
    list offers games to go back to, and never fails on what storage holds."""
    from . import saves
    from .launch import slot_address
    from .records.library import clean_stamp

    dated = []
    for slot, text in stored:
        address = slot_address(slot)
        if address is not None and isinstance(text, str):
            dated.append((clean_stamp(saves.load_label(text)[1]), address, text))
    dated.sort(key=lambda entry: entry[0], reverse=True)  # ISO stamps sort by time
    games: list[LinkGame] = []
    for saved_at, address, text in dated:
        if len(games) == limit:
            break
        try:
            from .games import ui_for

            state = saves.load(text)
            moves = len(ui_for(state).game_log(state))
            details = continue_details(state, saves.load_players(text), moves)
        except Exception:  # unreadable: its own slot's page says so when opened
            continue
        if not details.over:
            games.append(LinkGame(address, details, saved_at))
    return games


def link_games_html(games: list[LinkGame]) -> str:
    """The list of unfinished games started from links (``link_games``): each row is a
    link that opens its game again. Empty when there are none."""
    if not games:
        return ""
    rows = "".join(
        f'<li><a class="welcome-link-game" href="?{escape(game.address)}">'
        f'<span class="welcome-link-name">{escape(game.details.game)}</span> '
        f'<span class="welcome-link-about">{escape(game.details.about)}</span></a></li>'
        for game in games
    )
    title = _("Games started from a link")
    return (f'<h2 id="welcome-links-title">{escape(title)}</h2>'
            f'<ul aria-labelledby="welcome-links-title">{rows}</ul>')  # fmt: skip


def welcome_html(*, pictures: bool = True) -> str:
    """The welcome section's content (the ``<section id="welcome">`` itself is the
    page's): the Continue card's frame, then a list of the games' cards."""
    offered = [card for card in CARDS if current_site().offers(card[0])]
    heading = _("Choose a game")
    if len(offered) == 3:
        intro = _("Three board games, for one or two players.")
    elif len(offered) == 2:
        intro = _("Two board games, for one or two players.")
    else:
        intro = _("A board game for one or two players.")
    by_links = _("Play a friend on another device")
    cards = "".join(card_html(g, p, n, picture=pictures) for g, p, n in offered)
    return (
        f"{continue_html()}"
        '<div id="welcome-links" class="welcome-links" hidden></div>'
        # The visitor's record (web/your_games.py) on the heading's line: kept out of
        # sight, its room taken, until Python answers it; never in a frame (app.css).
        '<div class="welcome-lead">'
        f'<h2 id="welcome-title" tabindex="-1">{escape(heading)}</h2>'
        '<div class="welcome-lead-actions">'
        # A friend on another device, by links (web/friends.py): the game chosen in
        # the New game dialog, where the visitor's name is asked too.
        '<button type="button" class="welcome-by-links waiting" data-by-links="1">'
        f"{escape(by_links)}</button>"
        '<button type="button" id="welcome-your-games" class="welcome-your-games waiting" '
        f'data-your-games="1">{escape(_(YOUR_GAMES))}</button>'
        "</div></div>"
        f'<p class="welcome-intro">{escape(intro)}</p>'
        f'<ul class="welcome-games" aria-labelledby="welcome-title">{cards}</ul>'
    )


@dataclass(frozen=True)
class ContinueDetails:
    """What the Continue card says about the unfinished game."""

    game: str  # the game's name
    about: str  # its reading if any, against whom, how many moves (and the result, once over)
    over: bool = False


def continue_details(
    state: Any, players: tuple[str, str], moves: int, friend: Any = None
) -> ContinueDetails:
    """The Continue card's words for the game on ``state`` (``moves``: the length of
    its move list): the game's name (the first paint's too, static/welcome.js), then
    as Saved games names it, its reading where it has one and against whom: "against
    the computer (Hard); 12 moves", "Tait; two people; 3 moves"; ``friend``: this
    device's side of a game by links ("against Bo, by links")."""
    from .games import ui_for
    from .records.library import moves_text, opponent_words, reading_words, result_words

    ui = ui_for(state)
    about = _("{players}; {moves}", players=opponent_words(players, friend),
              moves=moves_text(moves))  # fmt: skip
    reading = reading_words(state, ui)
    if reading:
        about = _("{ruleset}; {about}", ruleset=reading, about=about)
    result, over = result_words(state, ui)
    if over:
        about = _("{about}; {result}", about=about, result=result)
    return ContinueDetails(game=ui.title(), about=about, over=over)


def is_unfinished(state: Any, saved: bool) -> bool:
    """A game to continue: one the visitor has (``saved``: it is in storage, so it was
    chosen, played or opened, not merely drawn at the start) and that is not over.
    (The Continue card also offers a game over, as "Your last game".)"""
    return saved and state.outcome() is None


def is_pristine(state: Any, players: tuple[str, str], choice: Choice) -> bool:
    """Whether the game on screen is already what ``choice`` asks for and has not
    begun: then the welcome screen just shows it (nothing is saved or replaced)."""
    from . import saves

    if state.actions() or saves.game_name(state) != choice.game or players != choice.players:
        return False
    return choice.game != "senet" or state.rules == choice.options.get("rules")
