"""Reading a game given to the command line.

``read_game`` is the one door: it takes the text of whatever the user gave (a file,
or standard input) and returns the game and who played it. That text is a saved game
(``ludeum.saves``, docs/save-format.md, told by its opening ``{``) or a plain-text
move list (``ludeum.records.text``), whose errors name their line.
"""

from __future__ import annotations

from typing import Any

from .. import saves


class UnreadableGame(ValueError):
    """Input that holds no game this engine can replay; ``str()`` says why, in one line."""


def read_game(text: str) -> tuple[Any, tuple[str, str]]:
    """(the game's state, the players of seats 0 and 1) from a record's text."""
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


def read_source(path: str, stdin: Any) -> str:
    """The text of a file, or of standard input for ``-``; raises OSError or
    UnicodeDecodeError when it cannot be read."""
    if path == "-":
        return stdin.read()
    with open(path, encoding="utf-8") as file:
        return file.read(saves.MAX_LENGTH + 1)  # longer is refused anyway: read no more
