"""Reading a game given to the command line.

``read_game`` is the one door: it takes the text of whatever the user gave (a file,
or standard input) and returns the game and who played it. That text is a saved game
(``ludeum.saves``, docs/save-format.md, told by its opening ``{``), a share link or
its bare code (``ludeum.records.link``; a link's ``at`` is honoured), or a plain-text
move list (``ludeum.records.text``), whose errors name their line.
"""

from __future__ import annotations

from typing import Any

from .. import saves, seats


class UnreadableGame(ValueError):
    """Input that holds no game this engine can replay; ``str()`` says why, in one line."""


def read_game(text: str) -> tuple[Any, tuple[str, str]]:
    """(the game's state, the players of seats 0 and 1) from a record's text."""
    code = _share_code(text)
    if code is not None:
        from ..records import link

        code, at = code
        try:
            return link.position(link.decode(code), at), seats.HUMANS
        except link.LinkError as error:
            raise UnreadableGame(f"not a share link Ludeum can open: {error}") from None
    if not text.removeprefix("\ufeff").lstrip().startswith("{"):
        from ..records import text as move_list

        try:
            return move_list.read(text)
        except move_list.TextError as error:
            raise UnreadableGame(" ".join(str(error).split())) from None
    try:
        state = saves.load(text.removeprefix("\ufeff"))
    except saves.SaveError as error:
        raise UnreadableGame(" ".join(str(error).split())) from None
    return state, saves.load_players(text)


def _share_code(text: str) -> tuple[str, int | None] | None:
    """(code, at) when ``text`` is one share link (``...?record=<code>&at=<n>``) or a
    bare code (one word of the link alphabet that starts with the version); else None."""
    from urllib.parse import parse_qs, urlsplit

    words = text.split()
    if len(words) != 1 or len(words[0]) > 10_000:
        return None
    word = words[0]
    if "record=" in word:
        query = parse_qs(urlsplit(word).query or word.split("?", 1)[-1])
        code, at = query.get("record", [""])[0], query.get("at", [None])[0]
        if at is not None and not (at.isdigit() and len(at) <= 6):
            raise UnreadableGame(f"the link's at= is not a number of actions: {at[:20]!r}")
        return code, None if at is None else int(at)
    alphabet = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    if word[0].isdigit() and set(word) <= alphabet and not word.isdigit():
        return word, None
    return None


def read_source(path: str, stdin: Any) -> str:
    """The text of a file, or of standard input for ``-``; raises OSError or
    UnicodeDecodeError when it cannot be read."""
    if path == "-":
        return stdin.read()
    with open(path, encoding="utf-8") as file:
        return file.read(saves.MAX_LENGTH + 1)  # longer is refused anyway: read no more
