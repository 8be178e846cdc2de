"""The saved-games list: what each stored game is, in a few words, and the list's order.

A summary says which game (with its reading where the game has several: Senet's, or
Lodestone's options), against whom ("against the computer (Hard)"), when it was
saved, how many moves, and the result. The Continue card of the welcome screen
names a game the same way (``ludeum.welcome.continue_details``). *Moves* are the
entries of the game's move list (what the Moves list shows once the game is opened:
a Senet throw and the move it allows make one entry), not the record's actions.

Working a summary out means loading the record, which replays every action; the list
may hold a dozen games of thousands of actions. So a summary is kept in the entry's
note (``to_note``) with a checksum of the text it describes and the language its
words are in; ``summarize`` uses it while both still match and loads the record only
otherwise. Nothing here raises on a bad record: an unreadable one gets a summary that
says so.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, replace
from typing import Any

from .. import saves, seats
from ..i18n import _, _n, language

#: Names longer than this are cut: a list row is one line or two, not a paragraph.
NAME_LENGTH = 60
#: The summary's fields kept in a note, beside ``crc``, ``lang`` and ``words``.
_FIELDS = ("game", "ruleset", "players", "moves", "result", "over")
#: The wording of the kept summaries: a note written with other words (before issue
#: 37 a Squadro game was named by its subtitle) is worked out again.
WORDING = 2


@dataclass(frozen=True)
class Summary:
    """One stored game in words, in the current language. ``readable`` is False for a
    record that could not be loaded (``problem`` says why, in English, for a detail
    line); its other words are then empty."""

    readable: bool
    game: str = ""
    #: The reading, where it names the game (``ui.reading_name``); else "".
    ruleset: str = ""
    #: Against whom: ``opponent_words``.
    players: str = ""
    moves: int = 0
    result: str = ""
    over: bool = False
    name: str = ""
    saved_at: str = ""
    problem: str = ""

    def sentence(self) -> str:
        """The list row's words: "Evening game: Senet, Jéquier · two people; 12 moves;
        unfinished; saved 2026-11-25 20:14.", "Squadro · against the computer (Hard);
        ..."."""
        when = shown_time(self.saved_at)
        if not self.readable:
            text = _("A saved game that could not be read")
        else:
            title = game_title(self.game, self.ruleset, self.players)
            text = _("{title}; {moves}; {result}", title=title,
                     moves=moves_text(self.moves), result=self.result)  # fmt: skip
        if self.name:
            text = _("{name}: {summary}", name=self.name, summary=text)
        if when:
            text = _("{summary}; saved {when}", summary=text, when=when)
        return text + "."


def moves_text(count: int) -> str:
    return _n("{count} move", "{count} moves", count)


def shown_time(stamp: str) -> str:
    """``2026-11-25T20:14:03`` -> ``2026-11-25 20:14``; anything else as it is, cut."""
    return stamp.replace("T", " ")[:16] if stamp else ""


def clean_name(text: object) -> str:
    """A name as the list shows it: printable characters only, runs of spaces made
    one, trimmed, at most NAME_LENGTH characters. Anything not a string is no name."""
    if not isinstance(text, str):
        return ""
    kept = "".join(c if c.isprintable() else " " for c in text[: NAME_LENGTH * 4])
    return " ".join(kept.split())[:NAME_LENGTH].strip()


def clean_stamp(text: object) -> str:
    """A ``YYYY-MM-DDTHH:MM:SS`` local time, or "" for anything else (a stored text may
    say anything)."""
    if not isinstance(text, str) or len(text) != 19:
        return ""
    digits = text[:4] + text[5:7] + text[8:10] + text[11:13] + text[14:16] + text[17:]
    shape = text[4] + text[7] + text[10] + text[13] + text[16]
    return text if digits.isdigit() and shape == "--T::" else ""


def game_title(game: str, reading: str, opponent: str) -> str:
    """A saved game by its game (and reading, if any) and opponent: "Squadro ·
    against the computer (Hard)", "Senet, Tait · two people"."""
    if reading:
        game = _("{game}, {reading}", game=game, reading=reading)
    # Translators: a saved game's name: the game, then against whom it is played.
    return _("{game} · {opponent}", game=game, opponent=opponent)


def reading_words(state: Any, ui: Any) -> str:
    """The reading that names a game beside its own name ("" for none)."""
    return ui.reading_name(state) or ""


def opponent_words(players: tuple[str, str], friend: Any = None) -> str:
    """Against whom, as the visitor played it: "against the computer (Hard)" (which
    seat it took does not matter here), "two people", "the computer against itself
    (Medium)"; with ``friend`` (a game by links, ``correspondence.friend``), "against
    Bo, by links"."""
    if friend is not None:
        name = friend.friend_name
        if name:
            return _("against {friend}, by links", friend=name)
        return _("against a friend, by links")
    levels = [seats.LEVEL_NAMES[p] for p in players if p != seats.HUMAN]
    if not levels:
        return _("two people")
    if len(levels) == 1:
        return _("against the computer ({level})", level=_(levels[0]))
    if levels[0] == levels[1]:
        return _("the computer against itself ({level})", level=_(levels[0]))
    return _("{first} against {second}",
             first=seats.player_name(players, 0), second=seats.player_name(players, 1))  # fmt: skip


def result_words(state: Any, ui: Any) -> tuple[str, bool]:
    """("unfinished", False), or who won and True once the game is over."""
    outcome = state.outcome()
    if outcome is None:
        return _("unfinished"), False
    if outcome.winner is None:
        return _("a draw"), True
    return _("won by {side}", side=ui.side_label(state, outcome.winner)), True


def summarize_state(
    state: Any,
    players: tuple[str, str],
    *,
    name: object = None,
    saved_at: object = None,
    moves: int | None = None,
    friend: Any = None,
) -> Summary:
    """The summary of a game in memory. ``moves`` is the move list's length when the
    caller has it already (the game on screen), else it is rebuilt by replaying;
    ``friend``: this device's side of a game by links."""
    from ..games import ui_for  # the games' words, only once a list is shown

    ui = ui_for(state)
    result, over = result_words(state, ui)
    return Summary(
        readable=True,
        game=ui.title(),
        ruleset=reading_words(state, ui),
        players=opponent_words(players, friend),
        moves=len(ui.game_log(state)) if moves is None else moves,
        result=result,
        over=over,
        name=clean_name(name),
        saved_at=clean_stamp(saved_at),
    )


def opened_sentence(state: Any) -> str:
    """What an import opened, in one line: "Opened: Lodestone, 6 moves.". The ruleset
    is named where it matters, when it is not the game's default (a Kendall Senet, a
    Lodestone whose colours read the magnets each their own way); a finished game
    says its result. Moves are the move list's entries, as in the saved-games list."""
    from ..games import ui_for

    ui = ui_for(state)
    moves = moves_text(len(ui.game_log(state)))
    ruleset = ui.ruleset_name(state)
    if ruleset == ui.ruleset_name(ui.start({}, 0)):
        text = _("{game}, {moves}", game=ui.title(), moves=moves)
    else:
        text = _("{game}, {ruleset}, {moves}", game=ui.title(), ruleset=ruleset, moves=moves)
    result, over = result_words(state, ui)
    if over:
        text = _("{summary}, {result}", summary=text, result=result)
    # Translators: said and shown once a game file is imported; {summary} is e.g.
    # "Lodestone, 6 moves".
    return _("Opened: {summary}.", summary=text)


def checksum(text: str) -> int:
    """Tells whether a kept summary still describes ``text``: a game saved under a
    kept key changes after every move."""
    return zlib.crc32(text.encode("utf-8", "surrogatepass"))


def to_note(summary: Summary, text: str) -> dict:
    """The summary as kept in the entry's note (key ``summary``)."""
    kept: dict[str, Any] = {field: getattr(summary, field) for field in _FIELDS}
    kept.update(crc=checksum(text), lang=language(), words=WORDING)
    return kept


def from_note(note: object, text: str) -> Summary | None:
    """The summary kept in a note, if it describes ``text`` in the current language
    and is well formed; else None (then the record is loaded)."""
    kept = note.get("summary") if isinstance(note, dict) else None
    if not isinstance(kept, dict) or kept.get("lang") != language():
        return None
    if kept.get("words") != WORDING:
        return None
    if kept.get("crc") != checksum(text):
        return None
    words = [kept.get(field) for field in ("game", "ruleset", "players", "result")]
    moves, over = kept.get("moves"), kept.get("over")
    if not all(isinstance(w, str) for w in words) or type(moves) is not int or moves < 0:
        return None
    if not isinstance(over, bool):
        return None
    game, ruleset, players, result = words
    return Summary(True, game, ruleset, players, moves, result, over)


def summarize(text: str, note: object = None) -> Summary:
    """The summary of a stored game, from its note when the note still describes it,
    else by loading it. Never raises: an unreadable record says so."""
    note = note if isinstance(note, dict) else {}
    name, saved_at = saves.load_label(text) if isinstance(text, str) else (None, None)
    # The envelope's name wins; the note's is there for a record too damaged to read.
    name = clean_name(name) or clean_name(note.get("name"))
    saved_at = clean_stamp(saved_at) or clean_stamp(note.get("at"))
    kept = from_note(note, text) if isinstance(text, str) else None
    if kept is not None:
        return replace(kept, name=name, saved_at=saved_at)
    try:
        state = saves.load(text)
        return summarize_state(state, saves.load_players(text), name=name, saved_at=saved_at,
                               friend=saves.load_friend(text))  # fmt: skip
    except saves.SaveError as error:
        return Summary(False, name=name, saved_at=saved_at, problem=str(error)[:200])
    except Exception as error:  # a bug in a game's words must not hide the whole list
        problem = f"{type(error).__name__}: {error}"[:200]
        return Summary(False, name=name, saved_at=saved_at, problem=problem)


@dataclass(frozen=True)
class Row:
    """One entry of the list: its storage key (None for the game on screen), its
    summary, and whether it is the current game."""

    key: str | None
    summary: Summary
    current: bool = False


def order(rows: list[Row]) -> list[Row]:
    """The current game first, then the newest first (by saved time; entries with no
    time last, then by key, which holds the time they were kept)."""
    current = [row for row in rows if row.current]
    others = [row for row in rows if not row.current]
    others.sort(key=lambda row: (row.summary.saved_at, row.key or ""), reverse=True)
    return current + others
