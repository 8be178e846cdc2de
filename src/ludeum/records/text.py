"""The plain-text move list: a game as a person reads it, and as the importer reads it
back (docs/save-format.md, "The move list as text").

A file looks like this::

    # Ludeum: a game of Senet. The reader ignores everything from a # to the line's end.
    Ludeum move list 1
    game: senet
    ruleset: jequier         # Jéquier (Botermans reading)
    first: player 2
    players: human, medium
    result: unfinished       # Black to move.
    1. T0001
    2. 10-11                 # Black (Player 2) threw 1: 10 → 11.
    end

The format line, then headers (``name: value``, ``game`` first), then one action per
line, numbered from 1, in the game's own action notation (the one the saved record
uses, ``ludeum/<game>/notation.py``), then ``end``. One action a line is what makes
"the first bad line" exact; ``end`` is what tells a file cut short from a whole one.

Reading never trusts anything but the actions: they are replayed from the start
under the rules, and the ``result`` header, when there is one, must agree with where
they lead. ``read`` raises nothing but ``TextError``, which names the 1-based line of
the first problem and says why, in English (``str``) and in the page's language
(``text()``). Nothing here recurses.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .. import saves, seats
from ..i18n import N_, _
from ..protocol import IllegalAction, StartFault

FORMAT_LINE = "Ludeum move list 1"
_FORMAT = re.compile(r"ludeum\s+move\s+list\s+(\S+)", re.IGNORECASE)
VERSION = "1"

#: A move list is not kept in localStorage (the imported game is, as a saved game
#: record), so it may be longer than a saved game: a 100,000-action Senet game with
#: its comments is about 6 MB. Longer texts are refused before reading.
MAX_LENGTH = 10_000_000
#: A line the writer produces is under 300 characters (a custom Senet ruleset as
#: JSON is the longest); a much longer line is junk, refused before it is parsed.
MAX_LINE = 10_000
#: The writer comments each action only up to this many: past it the comments would
#: make the file longer than MAX_LENGTH, and nobody reads them that far.
MAX_COMMENTED = 50_000
#: Longest piece of a bad line quoted back in a message.
QUOTE_LIMIT = 40

HEADERS = ("game", "ruleset", "first", "start", "players", "result")
#: Lodestone's named rulesets (the names ``ludeum.launch`` accepts in a URL).
LODESTONE_RULESETS = {"standard": {}, "per_colour_reading": {"per_colour_reading": True}}
#: ``result`` values: who won, by seat, or that the game goes on.
RESULTS = ("player 1 wins", "player 2 wins", "draw", "unfinished")

_ACTION = re.compile(r"(\d+)\s*\.\s*(\S+)")
_HEADER = re.compile(r"([A-Za-z_]+)\s*:\s*(.*)")
# Control characters (a tab is fine) and U+FFFD, which the browser puts where a file
# was not UTF-8: either means the file is not a text someone wrote.
_NOT_TEXT = re.compile("[\x00-\x08\x0b-\x1f\x7f\ufffd]")


class TextError(ValueError):
    """A move list that cannot be read: the 1-based ``line`` of the first problem, the
    problem as a message and its fields (translated by ``text()``, like
    ``ludeum.launch.Problem``), and sometimes an English ``detail`` from the rules
    (why an action is illegal)."""

    def __init__(
        self, line: int, message: str, fields: tuple[tuple[str, str], ...] = (), detail: str = ""
    ) -> None:
        self.line = line
        self.message = message
        self.fields = fields
        self.detail = detail
        super().__init__(str(self))

    @property
    def reason(self) -> str:
        """The problem in English, with the rules' detail where there is one."""
        text = self.message.format(**dict(self.fields))
        return f"{text} ({self.detail})" if self.detail else text

    def text(self) -> str:
        """The problem in the page's language (the rules' detail stays English)."""
        text = _(self.message, **dict(self.fields))
        return f"{text} ({self.detail})" if self.detail else text

    def __str__(self) -> str:
        return f"line {self.line}: {self.reason}"


def quote(value: str) -> str:
    value = "".join(c if c.isprintable() else "?" for c in value)
    return value if len(value) <= QUOTE_LIMIT else value[: QUOTE_LIMIT - 1] + "…"


# -- the games, as far as this format needs to know them -----------------------------


def _new_game(game: str, rules: Any, first: int) -> Any:
    """The game's usual start under ``rules`` with seat ``first`` to act first."""
    from .. import lodestone, senet, squadro

    if game == "senet":
        return senet.new_game(rules, first)
    if game == "lodestone":
        return lodestone.new_game(rules, first)
    return squadro.new_game(first)


def _default_rules(game: str) -> Any:
    from .. import lodestone, senet

    return {"senet": senet.JEQUIER, "lodestone": lodestone.STANDARD}.get(game)


def _ruleset_value(game: str, rules: Any) -> str | None:
    """The ``ruleset`` header: a preset's name, else the settings as compact JSON."""
    if game == "squadro":
        return None
    if game == "senet":
        if rules.preset != "custom":
            return rules.preset
    else:
        for name, settings in LODESTONE_RULESETS.items():
            if rules == type(rules)(**settings):
                return name
    return json.dumps(rules.to_json(), separators=(",", ":"), ensure_ascii=False)


def _parse_ruleset(game: str, value: str) -> Any:
    """Raises ValueError (English) for a value that names no ruleset of ``game``."""
    from .. import lodestone, senet

    if game == "squadro":
        if value != "standard":
            raise ValueError("Squadro has one ruleset, “standard”")
        return None
    if value.startswith("{"):
        if value.count("{") + value.count("[") > saves.MAX_BRACKETS:
            raise ValueError("too deeply nested")
        data = json.loads(value)
        reader = senet.SenetRules if game == "senet" else lodestone.LodestoneRules
        return reader.from_json(data)
    if game == "senet":
        if value not in senet.PRESETS:
            raise ValueError("no Senet preset has that name")
        return senet.PRESETS[value]
    if value not in LODESTONE_RULESETS:
        raise ValueError("Lodestone's rulesets are standard and per_colour_reading")
    return lodestone.LodestoneRules(**LODESTONE_RULESETS[value])


def _record(state: Any) -> tuple[str, dict]:
    game = saves.game_name(state)
    return game, saves.GAMES[game][1](state)


def _result(state: Any) -> str:
    outcome = state.outcome()
    if outcome is None:
        return "unfinished"
    if outcome.winner is None:
        return "draw"
    return f"player {outcome.winner + 1} wins"


# -- writing ------------------------------------------------------------------------


def write(
    state: Any,
    players: tuple[str, str] | None = None,
    *,
    when: str | None = None,
    comments: bool = True,
) -> str:
    """The game of ``state`` (from its start) as a move list; ``when`` (free text,
    e.g. ``2026-11-25 14:03``) goes into the opening comment. Comments are in the
    current language; the reader ignores them."""
    from ..games import ui as game_ui

    game, record = _record(state)
    ui = game_ui(game)
    start = state.start()
    actions = record["actions"]
    comments = comments and len(actions) <= MAX_COMMENTED

    def line(content: str, comment: str | None = None) -> str:
        if not (comments and comment):
            return content
        comment = " ".join(comment.split())  # a comment must stay on its line
        return f"{content:<24} # {comment}"

    title = _("Ludeum: a game of {game}.", game=ui.title())
    if when:
        title += " " + _("Saved {when}.", when=when)
    out = [f"# {title}"]
    out.append("# " + _("The reader ignores everything from a # to the end of its line."))
    out.append(FORMAT_LINE)
    out.append(f"game: {game}")
    rules = getattr(start, "rules", None)
    ruleset = _ruleset_value(game, rules)
    if ruleset is not None:
        out.append(line(f"ruleset: {ruleset}", ui.ruleset_name(start)))
    start_json = record["start"]
    usual = [_record(_new_game(game, rules, seat))[1]["start"] for seat in (0, 1)]
    if start_json == usual[1]:
        out.append("first: player 2")
    elif start_json != usual[0]:
        out.append("start: " + json.dumps(start_json, separators=(",", ":")))
    if players is not None:
        out.append(f"players: {players[0]}, {players[1]}")
    out.append(line(f"result: {_result(state)}", ui.status(state)))
    before = start
    for number, (action, notation) in enumerate(zip(state.actions(), actions, strict=True), 1):
        comment = None
        if comments:
            after = before.apply(action)
            comment = ui.log_entry(before, action, after)
            before = after
        out.append(line(f"{number}. {notation}", comment))
    out.append("end")
    return "\n".join(out) + "\n"


# -- reading ------------------------------------------------------------------------


def _lines(text: str):
    """(number, content) of each line with something on it, comments cut off."""
    number = 0
    for raw in text.split("\n"):
        number += 1
        if len(raw) > MAX_LINE:
            raise TextError(number, N_("This line is too long ({count} characters)."),
                            (("count", f"{len(raw):,}"),))  # fmt: skip
        raw = raw.rstrip("\r")  # Windows line ends
        if _NOT_TEXT.search(raw):
            raise TextError(number, N_("This line holds characters that are not text: "
                                       "is this a Ludeum move list?"))  # fmt: skip
        content = raw.split("#", 1)[0].strip()
        if content:
            yield number, content


def read(text: Any) -> tuple[Any, tuple[str, str]]:
    """The game a move list records, and who played it (two people unless the
    ``players`` header says otherwise). Raises ``TextError`` only."""
    try:
        return _read(text)
    except TextError:
        raise
    except Exception as error:  # a bug must not crash the page: say where it was
        raise TextError(1, N_("This file could not be read."),
                        detail=f"{type(error).__name__}: {str(error)[:200]}") from None  # fmt: skip


def _read(text: Any) -> tuple[Any, tuple[str, str]]:
    if not isinstance(text, str):
        raise TextError(1, N_("This file is not text."))
    if len(text) > MAX_LENGTH:
        raise TextError(1, N_("This file is too long to be a Ludeum move list "
                              "({count} characters)."), (("count", f"{len(text):,}"),))  # fmt: skip
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors add
    lines = _lines(text)
    headers: dict[str, tuple[int, str]] = {}
    state = None
    players = seats.HUMANS
    count = 0
    last = 0
    ended = 0
    for number, content in lines:
        last = number
        if ended:
            raise TextError(number, N_("Nothing may follow the line “end” (line {end})."),
                            (("end", str(ended)),))  # fmt: skip
        if not headers.get("format"):
            match = _FORMAT.fullmatch(content)
            if not match:
                raise TextError(number, N_("This is not a Ludeum move list: its first line "
                                           "should be “{expected}”."),
                                (("expected", FORMAT_LINE),))  # fmt: skip
            if match.group(1) != VERSION:
                version = (("version", quote(match.group(1))), ("known", VERSION))
                message = N_("Move list version “{version}” is not one this app reads "
                             "(it reads version {known}).")  # fmt: skip
                raise TextError(number, message, version)
            headers["format"] = (number, VERSION)
            continue
        if content.lower() == "end":
            if state is None:
                state = _start(headers, number)
            ended = number
            continue
        action = _ACTION.fullmatch(content)
        if action:
            if state is None:
                state = _start(headers, number)
                parse = _parser(headers["game"][1])
            count += 1
            if action.group(1).lstrip("0") != str(count):
                found = (("expected", str(count)), ("found", quote(action.group(1))))
                raise TextError(number, N_("Expected action number {expected} here, not "
                                           "“{found}”."), found)  # fmt: skip
            state = _play(state, parse, action.group(2), count, number)
            continue
        header = _HEADER.fullmatch(content)
        if header is None:
            raise TextError(number, N_("This line is neither a header, nor a numbered "
                                       "action, nor “end”: “{line}”."),
                            (("line", quote(content)),))  # fmt: skip
        if state is not None:
            raise TextError(number, N_("Headers come before the first action."))
        name, value = header.group(1).lower(), header.group(2).strip()
        if not value.startswith("{"):  # names are read as written in any case; JSON is exact
            value = value.lower()
        if name not in HEADERS:
            raise TextError(number, N_("Unknown header “{name}”: expected one of {allowed}."),
                            (("name", quote(name)), ("allowed", ", ".join(HEADERS))))  # fmt: skip
        if name in headers:
            raise TextError(number, N_("The header “{name}” is given twice (first on line "
                                       "{first})."),
                            (("name", name), ("first", str(headers[name][0]))))  # fmt: skip
        if name != "game" and "game" not in headers:
            raise TextError(number, N_("The header “game” comes first."))
        headers[name] = (number, value)
        players = _check_header(headers, name, value, number, players)
    if not headers.get("format"):
        raise TextError(max(last, 1), N_("This file is empty: there is no move list in it."))
    if not ended:
        raise TextError(last + 1, N_("The move list stops here without its closing line "
                                     "“end”: the file may be cut short."))  # fmt: skip
    if "result" in headers:
        number, said = headers["result"]
        found = _result(state)
        if said.lower() != found:
            raise TextError(number, N_("The result says “{said}” but the actions lead to "
                                       "“{found}”."),
                            (("said", quote(said)), ("found", found)))  # fmt: skip
    return state, players


def _check_header(headers: dict, name: str, value: str, number: int, players):
    """Refuse a header value at its own line; returns the players so far."""

    def bad(message: str, **fields: str) -> TextError:
        return TextError(number, message, tuple(fields.items()))

    game = headers["game"][1]
    if name == "game":
        if value not in saves.GAMES:
            raise bad(N_("Unknown game “{game}”: expected one of {allowed}."),
                      game=quote(value), allowed=", ".join(saves.GAMES))  # fmt: skip
    elif name == "ruleset":
        try:
            _parse_ruleset(game, value)
        except (ValueError, TypeError, RecursionError) as error:
            raise TextError(number, N_("Unknown ruleset “{ruleset}” for {game}."),
                            (("ruleset", quote(value)), ("game", game)),
                            detail=str(error)[:200]) from None  # fmt: skip
    elif name == "first":
        if value.lower() not in ("player 1", "player 2"):
            raise bad(N_("“first” is “player 1” or “player 2”, not “{value}”."),
                      value=quote(value))  # fmt: skip
        if "start" in headers:
            raise bad(N_("“first” and “start” cannot both be given."))
    elif name == "start":
        if "first" in headers:
            raise bad(N_("“first” and “start” cannot both be given."))
    elif name == "players":
        parts = [part.strip().lower() for part in value.split(",")]
        if len(parts) != 2 or not all(p == seats.HUMAN or p in seats.LEVELS for p in parts):
            raise bad(N_("“players” names who plays each seat, for example “human, "
                         "medium” (human, easy, medium or hard), not “{value}”."),
                      value=quote(value))  # fmt: skip
        return seats.parse(parts)
    elif name == "result":
        if value.lower() not in RESULTS:
            raise bad(N_("“result” is one of {allowed}, not “{value}”."),
                      allowed=", ".join(RESULTS), value=quote(value))  # fmt: skip
    return players


def _start(headers: dict, number: int) -> Any:
    """The state the actions start from, once the headers are all read (``number``
    is the line that ends them: the first action, or ``end``)."""
    if "game" not in headers:
        raise TextError(number, N_("The header “game” is missing before the actions."))
    game = headers["game"][1]
    rules = _default_rules(game)
    if "ruleset" in headers:
        rules = _parse_ruleset(game, headers["ruleset"][1])  # checked on its line
    if "start" not in headers:
        first = 1 if headers.get("first", (0, ""))[1].lower() == "player 2" else 0
        return _new_game(game, rules, first)
    line, value = headers["start"]
    try:
        if value.count("{") + value.count("[") > saves.MAX_BRACKETS:
            raise ValueError("too deeply nested")
        start = json.loads(value)
        if not isinstance(start, dict):
            raise ValueError("the start is a JSON object")
        # The game's own record reader checks a start as strictly as a saved game's.
        record = {"start": start, "actions": [], "position": start.get("position")}
        if rules is not None:
            record["rules"] = rules.to_json()
        return saves.GAMES[game][2](record)
    except StartFault as fault:  # a set-up the game cannot produce: named on its line
        raise TextError(line, fault.message, fault.fields) from None
    except (ValueError, TypeError, RecursionError) as error:
        raise TextError(line, N_("This start position cannot be read."),
                        detail=str(error)[:200]) from None  # fmt: skip


def _parser(game: str) -> Any:
    """The game's reader of one action's notation (the saved record's)."""
    from .. import lodestone, senet, squadro

    return {"senet": senet.parse_action, "lodestone": lodestone.parse_action,
            "squadro": squadro.Move.parse}[game]  # fmt: skip


def _play(state: Any, parse: Any, notation: str, count: int, number: int) -> Any:
    try:
        return state.apply(parse(notation))
    except (ValueError, IllegalAction) as problem:
        raise TextError(number, N_("Action {number}, “{action}”, cannot be played here."),
                        (("number", str(count)), ("action", quote(notation))),
                        detail=str(problem)[:200]) from None  # fmt: skip


# -- either kind of file ----------------------------------------------------------------


def read_any(text: Any) -> tuple[Any, tuple[str, str]]:
    """A game from either a move list or a saved game's JSON record (told apart by
    the first character that is not blank). Raises ``TextError`` only: for JSON, at
    the decoder's line where the text is not JSON, else at line 1."""
    if isinstance(text, str) and text.removeprefix("\ufeff").lstrip().startswith("{"):
        return _read_json(text.removeprefix("\ufeff"))
    return read(text)


def _read_json(text: str) -> tuple[Any, tuple[str, str]]:
    try:
        state = saves.load(text)
    except saves.SaveError as error:
        line = 1
        if str(error).startswith("not JSON"):  # saves.load checked the bounds already
            try:
                json.loads(text)
            except json.JSONDecodeError as decoding:
                line = decoding.lineno
            except (ValueError, RecursionError):
                pass
        raise TextError(line, N_("This saved game cannot be loaded."),
                        detail=error.text()[:200]) from None  # fmt: skip
    return state, saves.load_players(text)


def saved_game(text: str, state: Any, players: tuple[str, str]) -> str:
    """The saved game to store for an imported file that ``read_any`` read as
    ``state`` and ``players``: a JSON file's own envelope, compacted, so that keys
    this reader does not know (the take-back line, a name) come along; else the
    game's record as ``saves.dump`` writes it."""
    stripped = text.removeprefix("\ufeff")
    if stripped.lstrip().startswith("{"):
        # read_any loaded this text, so it is bounded, JSON and a saved game.
        return json.dumps(json.loads(stripped), separators=(",", ":"))
    return saves.dump(state, players)
