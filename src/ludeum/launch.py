"""How the page was asked to start: the URL parameters of a link or an embedding.

A museum or a teacher links to the app, or frames it, with parameters that preselect
the game, the ruleset, the language, the opponent and the kiosk mode (the list, with
examples, is in ``docs/embedding.md``). Every value is checked here, in pure Python:
a value we do not know is reported in words and its default is used instead; nothing
from the URL is ever returned as markup, only as checked names and numbers. Parameter
names that are not ours are ignored, because host pages add their own (``utm_source``
and the like).
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qsl

from . import seats
from .games import GAMES
from .i18n import LANGUAGES, N_, _
from .senet.rulesets import PRESETS
from .site import IDLE_RANGE, SITE, Site
from .site import current as current_site

#: Lodestone's rulesets: one digit map for both colours (the default) or each colour
#: reading the map from its own side (``LodestoneRules.per_colour_reading``).
LODESTONE_RULESETS = ("standard", "per_colour_reading")
RULESETS = {"senet": tuple(PRESETS), "lodestone": LODESTONE_RULESETS, "squadro": ()}
OPPONENTS = ("human", "computer", "both")
YES = ("1", "true", "yes", "on")
NO = ("0", "false", "no", "off")
THEMES = ("standard", "contrast")
#: Idle time before a kiosk asks "Are you still there?", in seconds, unless the site's
#: file says otherwise (ludeum.site, which checks its value in the same range).
IDLE_DEFAULT = SITE.idle_seconds
#: Longest value quoted back in a message, so a huge parameter cannot flood the page.
QUOTE_LIMIT = 40
#: Our parameter names (docs/embedding.md); any other name is the host page's own.
PARAMETERS = ("game", "ruleset", "lang", "theme", "sound", "kiosk", "idle", "opponent",
              "level", "computer", "record", "at", "lesson", "step", "compare",
              "friend")  # fmt: skip
#: The chosen positions of Senet's readings compared (``ludeum.senet.compare``'s
#: ``EXAMPLE_IDS``, kept equal by a test: this module does not import it at start-up).
COMPARE_EXAMPLES = ("protection", "blockade", "last-squares", "extra-throw", "opening")
#: Longest ``record`` read (``ludeum.records.link.MAX_CODE_LENGTH``, kept equal by a
#: test: this module does not import the records package at start-up).
RECORD_LIMIT = 4000
#: Characters of a share code: its version digit and URL-safe base64.
RECORD_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
#: The highest ``at``: no link holds more actions (``link.MAX_ACTIONS``).
AT_LIMIT = 20_000
#: Most messages a URL can put on the page; past it, one line says there is more.
#: Each of our parameters gives at most two (repeated, bad value), so a link that a
#: person wrote stays under it and a hostile one cannot fill the screen.
PROBLEM_LIMIT = 5


@dataclass(frozen=True)
class Problem:
    """A rejected parameter, kept as a message and its fields so that it is put into
    words in the language the page ends up using."""

    message: str
    fields: tuple[tuple[str, str], ...]

    def text(self) -> str:
        return _(self.message, **dict(self.fields))


@dataclass(frozen=True)
class Launch:
    """The checked parameters. ``None`` means "not asked for": the page's own
    default (or the saved game) applies."""

    game: str | None = None
    ruleset: str | None = None
    language: str | None = None
    players: tuple[str, str] | None = None
    kiosk: bool = False
    idle_seconds: int = IDLE_DEFAULT
    theme: str | None = None
    #: Sound on (True) or off (False) whatever the visitor chose before: a kiosk's
    #: setting (``ludeum.sounds.sound_on``). None: the visitor's choice applies.
    sound: bool | None = None
    #: A share link's game (``ludeum.records.link``): the code, checked only for its
    #: length and characters here; the share room decodes it. ``at`` is the position
    #: asked for, a number of actions from the start (None: the whole game).
    record: str | None = None
    at: int | None = None
    #: A lesson to open (``ludeum.lessons.LESSON_IDS``) and its step, counted from 0
    #: (the link's ``step`` counts from 1, as the page shows them).
    lesson: str | None = None
    lesson_step: int = 0
    #: A comparison of Senet's readings to open at once: a chosen position's id.
    compare: str | None = None
    #: A game by links (``ludeum.correspondence.letters``): the code, checked only
    #: for its length and characters here; web/friends.py reads it.
    friend: str | None = None
    problems: tuple[Problem, ...] = ()

    @property
    def preselects_game(self) -> bool:
        return self.game is not None or self.ruleset is not None or self.players is not None

    def slot(self) -> str:
        """The part of the save key that keeps this embedding's game apart from the
        plain app's: each link or frame resumes its own game and never replaces
        another's. Empty for the plain app. A share link (``record``, ``at``) has no
        slot of its own: its game is only viewed, and kept apart if continued."""
        parts = []
        if self.game is not None:
            parts.append(f"game={self.game}")
        if self.ruleset is not None:
            parts.append(f"ruleset={self.ruleset}")
        if self.players is not None:
            parts.append("players=" + ",".join(self.players))
        if self.kiosk:
            parts.append("kiosk")
        return "&".join(parts)


def slot_address(slot: str) -> str | None:
    """The query string of a link that opens the game kept in ``slot`` (a
    ``Launch.slot()``): ``"game=squadro&opponent=computer&level=hard"``. The welcome
    screen lists the games started from links by it (issue 37), and a bookmark of it
    resumes the game. None for a kiosk's slot (a kiosk forgets its visitors' games)
    and for a slot this version would not give back (an older version's, a tampered
    key): nothing the page reads from storage becomes a link unchecked."""
    given: dict[str, str] = {}
    for part in slot.split("&") if slot else ():
        name, _equals, value = part.partition("=")
        if name in given or name not in ("game", "ruleset", "players"):
            return None
        given[name] = value
    query = [f"{name}={given[name]}" for name in ("game", "ruleset") if name in given]
    if "players" in given:
        first, _comma, second = given["players"].partition(",")
        players = seats.parse([first, second])
        if players == seats.HUMANS:
            query.append("opponent=human")
        elif seats.HUMAN not in players:
            query += ["opponent=both", f"level={first}"]
        else:
            level = first if second == seats.HUMAN else second
            query += ["opponent=computer", f"level={level}"]
            if second == seats.HUMAN:
                query.append("computer=1")
    address = "&".join(query)
    checked = parse(address)
    if not query or checked.problems or checked.slot() != slot:
        return None
    return address


def _quote(value: str) -> str:
    value = "".join(c if c.isprintable() else "?" for c in value)
    return value if len(value) <= QUOTE_LIMIT else value[: QUOTE_LIMIT - 1] + "…"


def _choices(values) -> str:
    return ", ".join(values)


def parse(query: str, site: Site | None = None) -> Launch:
    """The launch asked for by a URL's query string (with or without its ``?``), within
    what the site offers (``ludeum.site``: its games, Senet readings and languages; a
    value it does not offer is said and its default used)."""
    site = current_site() if site is None else site
    problems: list[Problem] = []
    given: dict[str, str] = {}
    times: dict[str, int] = {}
    for name, value in parse_qsl(query.lstrip("?"), keep_blank_values=True):
        if name not in PARAMETERS:
            continue
        times[name] = times.get(name, 0) + 1
        given.setdefault(name, value.strip())
    for name, count in times.items():
        if count > 1:  # one message however often, not one per repeat
            problems.append(Problem(N_("The parameter “{name}” is given {count} times; "
                                       "the first value is used."),
                                    (("name", name), ("count", str(count)))))  # fmt: skip

    def bad(name: str, allowed) -> None:
        problems.append(
            Problem(
                N_("Unknown value “{value}” for “{name}”: expected one of {allowed}. "
                   "The default is used."),
                (("value", _quote(given[name])), ("name", name), ("allowed", _choices(allowed))),
            )
        )  # fmt: skip

    def choice(name: str, allowed) -> str | None:
        if name not in given:
            return None
        value = given[name].lower()
        if value in allowed:
            return value
        bad(name, allowed)
        return None

    def flag(name: str) -> bool | None:
        value = choice(name, YES + NO)
        return None if value is None else value in YES

    def offered(name: str, value: str | None, allowed) -> str | None:
        if value is None or value in allowed:
            return value
        problems.append(
            Problem(
                N_("This site does not offer “{value}” for “{name}”: it offers {allowed}. "
                   "The default is used."),
                (("value", _quote(value)), ("name", name), ("allowed", _choices(allowed))),
            )
        )  # fmt: skip
        return None

    game = offered("game", choice("game", GAMES), site.games)
    language = offered("lang", choice("lang", tuple(LANGUAGES)), site.languages)
    theme = choice("theme", THEMES)
    sound = flag("sound")
    kiosk = bool(flag("kiosk"))

    ruleset = None
    if "ruleset" in given:
        ruleset_game = game or "senet"
        allowed = RULESETS[ruleset_game]
        if not allowed:
            problems.append(Problem(N_("{game} has only one ruleset, so “ruleset” is ignored."),
                                    (("game", ruleset_game.capitalize()),)))  # fmt: skip
        else:
            ruleset = choice("ruleset", allowed)
        if ruleset_game == "senet" and ruleset is not None and not site.offers_ruleset(ruleset):
            offered_presets = [p for p in allowed if site.offers_ruleset(p)]
            ruleset = offered("ruleset", ruleset, offered_presets)
        if ruleset is not None and game is None and site.offers(ruleset_game):
            game = ruleset_game

    players = _players(given, choice, problems)

    idle = site.idle_seconds
    if "idle" in given:
        low, high = IDLE_RANGE
        text = given["idle"]
        if text.isascii() and text.isdigit() and low <= int(text) <= high:
            idle = int(text)
        else:
            problems.append(Problem(
                N_("“idle” must be a whole number of seconds from {low} to {high}, "
                   "not “{value}”. The default, {default} seconds, is used."),
                (("low", str(low)), ("high", str(high)), ("value", _quote(text)),
                 ("default", str(site.idle_seconds))),
            ))  # fmt: skip

    record, at = _record(given, problems)
    friend = given.get("friend")
    if friend is not None and not (
        friend and len(friend) <= RECORD_LIMIT and set(friend) <= RECORD_CHARACTERS
    ):
        problems.append(Problem(N_("“friend” is not a link of a game by links, so no such "
                                   "game is opened."), ()))  # fmt: skip
        friend = None
    if friend is not None and (kiosk or record is not None):
        # A kiosk keeps no visitor's game; a shared game and a friend's are one too many.
        problems.append(Problem(N_("A game by links opens on its own page, so “friend” "
                                   "is ignored here."), ()))  # fmt: skip
        friend = None
    lesson, lesson_step = _lesson(given, choice, problems)
    if lesson is not None and offered("lesson", lesson, site.games) is None:
        lesson, lesson_step = None, 0
    if record is not None and kiosk:
        # A kiosk plays its own games between visitors: nothing to look at read-only.
        problems.append(Problem(N_("A kiosk does not show shared games, so “record” is "
                                   "ignored."), ()))  # fmt: skip
        record = at = None

    compare = None
    if "compare" in given:
        compare = given["compare"].lower()
        if compare not in COMPARE_EXAMPLES:
            problems.append(Problem(
                N_("Unknown comparison “{value}”: expected one of {allowed}. No comparison "
                   "is opened."),
                (("value", _quote(given["compare"])), ("allowed", _choices(COMPARE_EXAMPLES))),
            ))  # fmt: skip
            compare = None

    if len(problems) > PROBLEM_LIMIT:
        problems[PROBLEM_LIMIT - 1 :] = [Problem(N_(
            "Other parameters of this link could not be used either; their defaults are used."
        ), ())]  # fmt: skip

    return Launch(
        game=game,
        ruleset=ruleset,
        language=language,
        players=players,
        kiosk=kiosk,
        idle_seconds=idle,
        theme=theme,
        sound=sound,
        record=record,
        at=at,
        lesson=lesson,
        lesson_step=lesson_step,
        compare=compare,
        friend=friend,
        problems=tuple(problems),
    )


def _record(given: dict[str, str], problems: list[Problem]) -> tuple[str | None, int | None]:
    """``record`` (a share code) and ``at`` (a number of actions into its game)."""
    record = given.get("record")
    if record is not None and not (
        record and len(record) <= RECORD_LIMIT and set(record) <= RECORD_CHARACTERS
    ):
        problems.append(Problem(N_("“record” is not a Ludeum share link, so no shared game "
                                   "is shown."), ()))  # fmt: skip
        record = None
    at = None
    if "at" in given:
        text = given["at"]
        if record is None and "record" not in given:
            problems.append(Problem(N_("“at” needs a shared game (“record”), so it is ignored."),
                                    ()))  # fmt: skip
        elif text.isascii() and text.isdigit() and len(text) <= 5 and int(text) <= AT_LIMIT:
            at = int(text) if record is not None else None
        else:
            problems.append(Problem(
                N_("“at” must be a number of moves from 0 to {high}, not “{value}”. "
                   "The whole game is shown."),
                (("high", str(AT_LIMIT)), ("value", _quote(text))),
            ))  # fmt: skip
    return record, at


def _lesson(given: dict[str, str], choice, problems: list[Problem]) -> tuple[str | None, int]:
    """``lesson`` (a game's lesson) and ``step`` (1 to the lesson's length)."""
    from .lessons import LESSON_IDS, lesson

    name = choice("lesson", LESSON_IDS)
    if "step" not in given:
        return name, 0
    text = given["step"]
    if name is None:
        if "lesson" not in given:
            problems.append(Problem(N_("“step” needs a lesson (“lesson”), so it is ignored."),
                                    ()))  # fmt: skip
        return name, 0
    count = len(lesson(name).steps)
    if text.isascii() and text.isdigit() and len(text) <= 3 and 1 <= int(text) <= count:
        return name, int(text) - 1
    problems.append(Problem(
        N_("“step” must be a number from 1 to {high}, not “{value}”. The lesson starts "
           "at its first step."),
        (("high", str(count)), ("value", _quote(text))),
    ))  # fmt: skip
    return name, 0


def _players(given: dict[str, str], choice, problems: list[Problem]) -> tuple[str, str] | None:
    """``opponent`` (human, computer, both), ``level`` (easy, medium, hard) and
    ``computer`` (1 or 2: the player the computer takes), as in the new-game form."""
    if not {"opponent", "level", "computer"} & set(given):
        return None
    opponent = choice("opponent", OPPONENTS)
    level = choice("level", seats.LEVELS)
    seat = choice("computer", ("1", "2"))
    if opponent is None:
        # A level or a seat alone still means a computer opponent.
        opponent = "computer" if "opponent" not in given else "human"
    form = {"opponent": opponent, "level": level or "medium",
            "computer_seat": "0" if seat == "1" else "1"}  # fmt: skip
    return seats.from_form(form)
