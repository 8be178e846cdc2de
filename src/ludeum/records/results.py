"""The visitor's own record: a log of the games finished on this device, their name,
and the figures worked out from the log (docs/save-format.md, "Your games").

No account: the browser keeps the log (``ludeum:v1:results``, a JSON list, oldest
first) beside the saved games, and the visitor's name (``ludeum:v1:name``). An entry
is written once, when a game played here ends (``web.your_games``); it says which
game and reading, against whom, which seat the visitor held, the result, when, in
how many moves, and the whole game as a share code (``ludeum.records.link``), so
that its review opens even after the saved game was deleted.

Readings and opponents are kept as data, never as words: the words are worked out
when shown, in the page's language. Reading a log never raises: a text that is not
JSON, an entry of the wrong shape, a value out of range or an entry of another
version is left out, and the rest is read. Nothing here touches the browser.

Counted games: only a game where the visitor held a seat against someone else (the
computer at a level, a friend) counts as a win, a loss or a draw. Two people on one
device, and the computer against itself, are listed but not counted: nobody there is
"you".
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from .. import seats
from ..i18n import N_, _, _n
from .library import clean_stamp

#: The version of an entry; an entry of another version is left out when read.
VERSION = 1
#: The most entries the log keeps: the oldest are dropped. 500 entries with their
#: share codes take about 250 kB of the origin's 5 MB.
LOG_LIMIT = 500
#: The visitor's name, at most this long: it is shown on a player card.
NAME_LENGTH = 24
#: A log longer than this is not read (a real one of LOG_LIMIT entries is far less):
#: a tampered store cannot keep the interpreter busy.
MAX_LOG_TEXT = 4_000_000
MAX_BRACKETS = 20 * LOG_LIMIT * 4

GAMES = ("senet", "squadro", "lodestone")
#: Who the visitor played: two people on this device, the computer at a level, a
#: friend on another device, or nobody (the computer against itself, watched).
HUMAN = seats.HUMAN
FRIEND = "friend"
WATCH = "watch"
OPPONENTS = (HUMAN, *seats.LEVELS, FRIEND, WATCH)
WIN, LOSS, DRAW = "win", "loss", "draw"
RESULTS = (WIN, LOSS, DRAW)
#: The export file's format tag (``export_text``).
EXPORT_FORMAT = "ludeum-results"

_CODE_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
_MAX_CODE = 4000  # ludeum.records.link.MAX_CODE_LENGTH, not imported: the log loads alone


def clean_name(text: object) -> str:
    """The visitor's name as kept and shown: printable characters only, runs of
    spaces made one, trimmed, at most NAME_LENGTH characters. Anything not a string
    is no name ("")."""
    if not isinstance(text, str):
        return ""
    kept = "".join(c if c.isprintable() else " " for c in text[: NAME_LENGTH * 8])
    return " ".join(kept.split())[:NAME_LENGTH].strip()


@dataclass(frozen=True)
class Entry:
    """One finished game. ``reading`` is the game's rules as data (``reading_of``);
    ``opponent`` one of ``OPPONENTS``, with ``friend`` the friend's name (may be "")
    when it is ``"friend"``; ``seat`` the visitor's seat, None when no seat was the
    visitor's alone; ``winner`` the winning seat, None for a draw; ``at`` the local
    time it ended (``YYYY-MM-DDTHH:MM:SS``); ``moves`` the move list's length;
    ``code`` the game as a share code, None when it could not be written as one."""

    game: str
    reading: tuple  # (key, value) pairs, sorted: a frozen dict
    opponent: str
    seat: int | None
    winner: int | None
    at: str
    moves: int
    code: str | None = None
    friend: str | None = None
    #: From the game's analysis (``ludeum.analysis``), once computed: the visitor's
    #: accuracy (0-100) and, in Senet, their throws' luck in games.
    accuracy: float | None = None
    luck: float | None = None

    @property
    def counted(self) -> bool:
        """A win, a loss or a draw of the visitor's (see the module's docstring)."""
        return self.seat is not None and self.opponent not in (HUMAN, WATCH)

    @property
    def result(self) -> str | None:
        """ "win", "loss" or "draw" for the visitor; None when not counted."""
        if not self.counted:
            return None
        if self.winner is None:
            return DRAW
        return WIN if self.winner == self.seat else LOSS

    @property
    def opponent_key(self) -> str:
        """The opponent as the statistics group it: a level, ``friend:<name>``..."""
        return f"{FRIEND}:{self.friend or ''}" if self.opponent == FRIEND else self.opponent

    def reading_dict(self) -> dict:
        return {key: _thawed(value) for key, value in self.reading}

    def to_json(self) -> dict:
        data: dict[str, Any] = {
            "v": VERSION,
            "game": self.game,
            "reading": self.reading_dict(),
            "opponent": self.opponent,
            "seat": self.seat,
            "winner": self.winner,
            "result": self.result,
            "at": self.at,
            "moves": self.moves,
        }
        if self.opponent == FRIEND:
            data["friend"] = self.friend or ""
        if self.code is not None:
            data["code"] = self.code
        if self.accuracy is not None:
            data["accuracy"] = round(self.accuracy, 1)
        if self.luck is not None:
            data["luck"] = round(self.luck, 3)
        return data


def _frozen(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _thawed(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _scalar(value: Any) -> bool:
    return (
        value is None
        or isinstance(value, (bool, int, str))
        and (not isinstance(value, str) or len(value) <= 80)
    )


# -- a finished game as an entry ----------------------------------------------------------


def reading_of(state: Any) -> dict:
    """The rules a game was played under, as data: a Senet preset by its name
    (``{"preset": "kendall_trap"}``) or every setting of custom rules
    (``SenetRules.to_json``), Lodestone's three settings, nothing for Squadro."""
    from ..saves import game_name
    from ..senet.rulesets import PRESETS

    game = game_name(state)
    rules = getattr(state, "rules", None)
    if game == "senet":
        if rules.preset in PRESETS and PRESETS[rules.preset] == rules:
            return {"preset": rules.preset}
        return rules.to_json()
    if game == "lodestone":
        return rules.to_json()
    return {}


def visitor_seat(
    players: tuple[str, str], friend: object = None
) -> tuple[str, int | None, str | None]:
    """(opponent, the visitor's seat, the friend's name) from a save's ``players``
    and its optional ``friend`` (``{"seat": <my seat>, "names": [name0, name1]}``,
    a game with a friend on another device)."""
    if FRIEND in players and isinstance(friend, dict):
        seat = friend.get("seat")
        if type(seat) is int and seat in (0, 1) and players[1 - seat] == FRIEND:
            names = friend.get("names")
            name = names[1 - seat] if isinstance(names, list) and len(names) == 2 else ""
            return FRIEND, seat, clean_name(name)
    people = [seat for seat in (0, 1) if players[seat] == HUMAN]
    if len(people) == 2:
        return HUMAN, None, None
    if len(people) == 1:
        other = players[1 - people[0]]
        if other in seats.LEVELS:
            return other, people[0], None
        return HUMAN, None, None  # an unknown player: nobody's result
    return WATCH, None, None


def entry_for(
    state: Any,
    players: tuple[str, str],
    *,
    at: str,
    moves: int,
    friend: object = None,
) -> Entry:
    """The log's entry for ``state``, a game over. ``at`` is the local time, given by
    the caller so that this stays pure; ``friend`` the save's ``friend`` object, if
    any. The share code is left out when the game cannot be written as one."""
    from ..saves import game_name
    from .link import LinkError, encode

    outcome = state.outcome()
    if outcome is None:
        raise ValueError("the game is not over")
    opponent, seat, friend_name = visitor_seat(tuple(players), friend)
    try:
        code: str | None = encode(state)
    except LinkError:
        code = None
    reading = tuple(sorted((k, _frozen(v)) for k, v in reading_of(state).items()))
    return Entry(game_name(state), reading, opponent, seat, outcome.winner,
                 clean_stamp(at), max(0, int(moves)), code, friend_name)  # fmt: skip


# -- when a game's end is logged ----------------------------------------------------------


def ahead_ends(state: Any, ahead: tuple) -> bool:
    """The line ahead of ``state`` (what a take-back removed, kept for Redo) reaches
    the game's end: the game on screen ended before, and its end was logged then."""
    try:
        for action in ahead:
            state = state.apply(action)
    except Exception:  # a line that no longer follows: it ends nothing
        return False
    return bool(ahead) and state.outcome() is not None


def played_on(before: Any, after: Any) -> bool:
    """``after`` is ``before``'s game with actions added (a redo)."""
    done, now = tuple(before.actions()), tuple(after.actions())
    return len(now) > len(done) and now[: len(done)] == done


def follow(
    reopened: bool,
    before: Any,
    after: Any,
    ahead: tuple,
    *,
    played: bool,
    relisted: bool,
    taken_back: bool,
) -> tuple[bool, bool]:
    """One change of the game on screen, from ``before`` to ``after`` (states; the
    table's line ahead ``ahead``): (log the end now, the end of the game on screen
    is logged already). ``played``: an action was played on the page (not a redo);
    ``relisted``: the move list was rebuilt (a take-back, a redo, another game);
    ``taken_back``: by a take-back. An end is logged when an action played here ends
    a game, never when a game comes on screen over (reopened, reviewed, viewed), and
    never twice for the same game: a game whose end was taken back stays marked
    through take-backs and redos (its line ahead ends it; a redo plays on from where
    it was), until another game comes on screen."""
    if played:
        ended = after.outcome() is not None and before.outcome() is None
        return ended and not reopened, reopened and not ended
    if not relisted:
        return False, reopened
    same_game = taken_back or played_on(before, after)
    return False, ahead_ends(after, ahead) or (same_game and reopened)


# -- reading and writing the log ------------------------------------------------------------


def entry_from_json(data: object) -> Entry | None:
    """An entry read back, or None for anything that is not one this version wrote."""
    if not isinstance(data, dict) or data.get("v") != VERSION or type(data.get("v")) is not int:
        return None
    game, opponent = data.get("game"), data.get("opponent")
    if game not in GAMES or opponent not in OPPONENTS:
        return None
    reading = data.get("reading")
    if not isinstance(reading, dict) or len(reading) > 40 or not _reading_ok(game, reading):
        return None
    seat, winner, moves = data.get("seat"), data.get("winner"), data.get("moves")
    if seat is not None and (type(seat) is not int or seat not in (0, 1)):
        return None
    if winner is not None and (type(winner) is not int or winner not in (0, 1)):
        return None
    if type(moves) is not int or not 0 <= moves <= 1_000_000:
        return None
    at = clean_stamp(data.get("at"))
    if not at:
        return None
    code = data.get("code")
    if code is not None and not (
        isinstance(code, str) and 1 < len(code) <= _MAX_CODE and set(code) <= _CODE_CHARACTERS
    ):
        return None
    friend = None
    if opponent == FRIEND:
        friend = data.get("friend", "")
        if not isinstance(friend, str) or clean_name(friend) != friend:
            return None
    if (opponent in (HUMAN, WATCH)) != (seat is None):
        return None
    frozen = tuple(sorted((k, _frozen(v)) for k, v in reading.items()))
    # The analysis's figures are an extra: a bad one is left out, never the entry.
    accuracy, luck = data.get("accuracy"), data.get("luck")
    accuracy = float(accuracy) if _number_in(accuracy, 0, 100) else None
    luck = float(luck) if _number_in(luck, -100, 100) and game == "senet" else None
    entry = Entry(game, frozen, opponent, seat, winner, at, moves, code, friend, accuracy, luck)
    if "result" in data and data["result"] != entry.result:
        return None
    return entry


def _number_in(value: object, low: float, high: float) -> bool:
    return type(value) in (int, float) and low <= value <= high


def with_analysis(
    items: list, code: str, accuracy: float | None, luck: float | None
) -> list | None:
    """The stored ``items`` with the analysis's figures set on the latest counted
    entry of the game whose share code is ``code``; None when no entry is that game
    (nothing to write)."""
    for index in range(len(items) - 1, -1, -1):
        entry = _read(items[index])
        if entry is not None and entry.code == code and entry.counted:
            luck = luck if entry.game == "senet" else None
            updated = replace(entry, accuracy=accuracy, luck=luck)
            out = list(items)
            out[index] = updated.to_json()
            return out
    return None


def _reading_ok(game: str, reading: dict) -> bool:
    """Whether ``reading`` is rules the game can have (a preset this version knows)."""
    for key, value in reading.items():
        if not isinstance(key, str):
            return False
        if isinstance(value, list):
            if len(value) > 40 or not all(type(v) is int for v in value):
                return False
        elif not _scalar(value):
            return False
    try:
        if game == "senet":
            from ..senet.rulesets import PRESETS, SenetRules

            if set(reading) == {"preset"}:
                return reading["preset"] in PRESETS
            SenetRules.from_json(reading)
        elif game == "lodestone":
            from ..lodestone.rules import LodestoneRules

            LodestoneRules.from_json(reading)
        else:
            return not reading
    except (ValueError, TypeError):
        return False
    return True


def parse_log(text: object) -> list[Entry]:
    """The log stored as ``text``, oldest first. Never raises: anything but a JSON
    list gives [], and each entry that is not a good one is left out."""
    if not isinstance(text, str) or len(text) > MAX_LOG_TEXT:
        return []
    if text.count("[") + text.count("{") > MAX_BRACKETS:
        return []
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return []
    if not isinstance(data, list):
        return []
    entries = []
    for item in data[-LOG_LIMIT * 4 :]:
        try:
            entry = entry_from_json(item)
        except Exception:  # a bug must never cost the visitor the rest of the log
            entry = None
        if entry is not None:
            entries.append(entry)
    return entries[-LOG_LIMIT:]


def dump_log(entries: list[Entry]) -> str:
    """The log as stored: a compact JSON list, oldest first."""
    return json.dumps([entry.to_json() for entry in entries], separators=(",", ":"),
                      ensure_ascii=False)  # fmt: skip


def stored_items(text: object) -> list | None:
    """The log's items as stored, every one kept, even those this version cannot
    read (a later version's): ``[]`` when nothing is stored, None when the text is
    not a JSON list at all (then it is set aside before a new log is written)."""
    if text is None:
        return []
    data = _bounded_json(text)
    return data if isinstance(data, list) else None


def _bounded_json(text: object) -> Any:
    """``text`` parsed, or None for anything too long, too deeply nested or not
    JSON (the bounds of a saved game's reading, ``ludeum.saves``)."""
    if not isinstance(text, str) or len(text) > MAX_LOG_TEXT:
        return None
    if text.count("[") + text.count("{") > MAX_BRACKETS:
        return None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _identity(item: object) -> str:
    entry = item if isinstance(item, Entry) else _read(item)
    if entry is not None:
        # The same game whether or not its analysis was added to it.
        data = replace(entry, accuracy=None, luck=None).to_json()
    else:
        data = item
    try:
        return json.dumps(data, sort_keys=True, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return repr(data)


def _read(item: object) -> Entry | None:
    try:
        return entry_from_json(item)
    except Exception:
        return None


def _when(item: object) -> str:
    at = item.get("at") if isinstance(item, dict) else None
    return at if isinstance(at, str) else ""


def with_entries(items: list, entries: list[Entry], limit: int = LOG_LIMIT) -> list:
    """The stored ``items`` with ``entries`` added, as the log to store: an entry
    equal in every field to one already there is not added twice (an import of a
    file that holds games already listed: the same game, reading, opponent, seat,
    result, second, moves and code); ordered by the time each game ended, a stable
    sort (for equal times the stored first, each in its own order); the newest
    ``limit`` kept. Items this version cannot read are kept as they are."""
    seen = {_identity(item) for item in items}
    out = list(items)
    for entry in entries:
        key = _identity(entry)
        if key not in seen:
            seen.add(key)
            out.append(entry.to_json())
    out.sort(key=_when)
    return out[-limit:] if limit > 0 else []


def dump_items(items: list) -> str:
    return json.dumps(items, separators=(",", ":"), ensure_ascii=False)


def appended(entries: list[Entry], entry: Entry, limit: int = LOG_LIMIT) -> list[Entry]:
    """The log with ``entry`` at its end, the oldest dropped beyond ``limit``."""
    return [*entries, entry][-limit:]


def merged(mine: list[Entry], theirs: list[Entry], limit: int = LOG_LIMIT) -> list[Entry]:
    """Two logs as one (``with_entries``'s rule: every game once, by time)."""
    return parse_log(dump_items(with_entries([e.to_json() for e in mine], theirs, limit)))


def export_text(name: str, entries: list[Entry]) -> str:
    """The visitor's record as a file: ``{"format": "ludeum-results", "version": 1,
    "name": ..., "results": [entry, ...]}``."""
    data = {"format": EXPORT_FORMAT, "version": VERSION, "name": clean_name(name),
            "results": [entry.to_json() for entry in entries]}  # fmt: skip
    return json.dumps(data, ensure_ascii=False, indent=1)


def read_export(text: object) -> tuple[str, list[Entry]] | None:
    """(name, entries) from a file ``export_text`` wrote; None when the text is not
    such a file (then it may be a saved game). Bad entries are left out."""
    data = _bounded_json(text)
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        return None
    if data.get("version") != VERSION or type(data.get("version")) is not int:
        return None
    results = data.get("results")
    if not isinstance(results, list):
        return None
    return clean_name(data.get("name")), parse_log(json.dumps(results))


# -- the figures ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Tally:
    """Games counted in a group, and how they went for the visitor."""

    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0

    def add(self, result: str | None) -> Tally:
        return Tally(self.games + 1, self.wins + (result == WIN),
                     self.losses + (result == LOSS), self.draws + (result == DRAW))  # fmt: skip


@dataclass(frozen=True)
class Streaks:
    """The current run (its result and length: the newest counted games alike; a
    draw is a run of its own) and the longest run of wins."""

    current: tuple[str, int] | None = None
    best_wins: int = 0


def streaks(entries: list[Entry]) -> Streaks:
    """The streaks of the counted games of ``entries`` (oldest first)."""
    best = run = 0
    current: tuple[str, int] | None = None
    for entry in entries:
        result = entry.result
        if result is None:
            continue
        run = run + 1 if result == WIN else 0
        best = max(best, run)
        if current is not None and current[0] == result:
            current = (result, current[1] + 1)
        else:
            current = (result, 1)
    return Streaks(current, best)


def reading_key(entry: Entry) -> str:
    """The reading as a group key (its data, as compact JSON)."""
    return json.dumps(entry.reading_dict(), sort_keys=True, separators=(",", ":"))


@dataclass(frozen=True)
class Group:
    """One row of a summary: what it groups (game and reading key, or opponent
    key), the counted games' tally, every game listed (counted or not) and the
    streaks."""

    key: tuple
    tally: Tally
    listed: int
    streaks: Streaks


def _grouped(entries: list[Entry], key_of) -> list[Group]:
    members: dict[tuple, list[Entry]] = {}
    for entry in entries:
        members.setdefault(key_of(entry), []).append(entry)
    groups = []
    for key, group in members.items():
        tally = Tally()
        for entry in group:
            if entry.counted:
                tally = tally.add(entry.result)
        groups.append(Group(key, tally, len(group), streaks(group)))
    return groups


def by_reading(entries: list[Entry]) -> list[Group]:
    """A row per game and reading (Senet's readings apart, Lodestone's options
    apart), in the games' order, then the most played first."""
    groups = _grouped(entries, lambda e: (e.game, reading_key(e)))
    return sorted(groups, key=lambda g: (GAMES.index(g.key[0]), -g.listed, g.key[1]))


def by_game(entries: list[Entry]) -> list[Group]:
    """A row per game, in the games' order."""
    groups = _grouped(entries, lambda e: (e.game,))
    return sorted(groups, key=lambda g: GAMES.index(g.key[0]))


def by_opponent(entries: list[Entry]) -> list[Group]:
    """A row per opponent: each level of the computer (weakest first), each friend
    by name, two people on this device, the computer against itself."""
    groups = _grouped(entries, lambda e: (e.opponent_key,))

    def order(group: Group) -> tuple:
        key = group.key[0]
        kind = key.split(":", 1)[0]
        return (OPPONENTS.index(kind) if kind != HUMAN else len(OPPONENTS), key)

    return sorted(groups, key=order)


def total(entries: list[Entry]) -> Group:
    """Every game at once: the summary's last row."""
    tally = Tally()
    for entry in entries:
        if entry.counted:
            tally = tally.add(entry.result)
    return Group(("all",), tally, len(entries), streaks(entries))


def finished(entries: list[Entry]) -> list[tuple[int, Entry]]:
    """The finished games, newest first, each with its index in the log (which the
    page's rows carry to open it)."""
    return [(index, entries[index]) for index in range(len(entries) - 1, -1, -1)]


# -- in words ---------------------------------------------------------------------------------

GAME_NAMES = {"senet": N_("Senet"), "squadro": N_("Squadro"), "lodestone": N_("Lodestone")}


def reading_words(game: str, reading: dict) -> str:
    """The reading's name: Senet's as the status bar names it, Lodestone's options
    ("standard rules" without any), "" for Squadro."""
    if game == "senet":
        from ..senet.rulesets import PRESETS, SenetRules
        from ..senet.setup_form import ruleset_name

        preset = reading.get("preset")
        try:
            rules = PRESETS[preset] if set(reading) == {"preset"} else SenetRules.from_json(reading)
        except (KeyError, ValueError, TypeError):
            return _("Jéquier, custom rules")
        return ruleset_name(rules)
    if game == "lodestone":
        words = []
        if reading.get("per_colour_reading"):
            words.append(_("each colour reads the magnets its own way"))
        turns = reading.get("rotation")
        if turns:
            words.append(_("board turned {turns} quarter", turns=turns))
        if not words:
            return _("standard rules")
        return "; ".join(words)
    return ""


def opponent_words(entry_or_key: Entry | str) -> str:
    """Against whom: "Computer · Hard", "Friend: Sam", "Two people on this device",
    "The computer against itself"."""
    key = entry_or_key.opponent_key if isinstance(entry_or_key, Entry) else entry_or_key
    kind, _sep, name = key.partition(":")
    if kind in seats.LEVELS:
        return _("Computer · {level}", level=_(seats.LEVEL_NAMES[kind]))
    if kind == FRIEND:
        return _("Friend: {name}", name=name) if name else _("A friend")
    if kind == WATCH:
        return _("The computer against itself")
    return _("Two people on this device")


def result_words(entry: Entry) -> str:
    """The result for the visitor ("Win", "Loss", "Draw"), or who won when the game
    was nobody's alone ("Player 1 won")."""
    result = entry.result
    if result == WIN:
        return _("Win")
    if result == LOSS:
        return _("Loss")
    if result == DRAW or entry.winner is None:
        return _("Draw")
    return _("Player 1 won") if entry.winner == 0 else _("Player 2 won")


def streak_words(streak: tuple[str, int] | None) -> str:
    """A run: "3 wins in a row", "1 loss", "–" when nothing is counted."""
    if streak is None or streak[1] == 0:
        return "–"
    result, count = streak
    if result == WIN:
        if count == 1:
            return _("1 win")
        return _n("{count} win in a row", "{count} wins in a row", count)
    if result == LOSS:
        if count == 1:
            return _("1 loss")
        return _n("{count} loss in a row", "{count} losses in a row", count)
    if count == 1:
        return _("1 draw")
    return _n("{count} draw in a row", "{count} draws in a row", count)
