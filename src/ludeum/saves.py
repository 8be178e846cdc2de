"""The saved-game envelope shared by every game: a format tag, a version, the game's
name, the game's own record and, optionally, who plays each seat. Documented in
docs/save-format.md.

``load`` never raises anything but ``SaveError``, whatever text it is given, so the
app can always tell the user what went wrong and keep the bad record aside.
"""

from __future__ import annotations

import json
from typing import Any

from . import lodestone, seats, senet, squadro
from .lodestone.notation import action_notation as lodestone_action_text
from .protocol import StartFault, shown

FORMAT = "ludeum-save"
VERSION = 1

#: Game name -> (state type, record writer, record reader).
GAMES: dict[str, tuple[type, Any, Any]] = {
    "senet": (senet.SenetState, senet.to_json, senet.from_json),
    "squadro": (squadro.SquadroState, squadro.to_json, squadro.from_json),
    "lodestone": (lodestone.LodestoneState, lodestone.to_json, lodestone.from_json),
}


class SaveError(ValueError):
    """A saved game that cannot be loaded. ``str(error)`` explains why (in English,
    for logs and bug reports); the app shows its own translated message. ``fault`` is
    the game's ``StartFault`` when the start is one its set-up cannot produce."""

    def __init__(self, message: str, fault: StartFault | None = None) -> None:
        super().__init__(message)
        self.fault = fault

    def text(self) -> str:
        """Why, in the page's language where the start's fault says it; else English."""
        return self.fault.text() if self.fault is not None else str(self)


def game_name(state: Any) -> str:
    for name, (state_type, _writer, _reader) in GAMES.items():
        if isinstance(state, state_type):
            return name
    raise TypeError(f"not a game state: {type(state).__name__}")


def dump(
    state: Any,
    players: tuple[str, str] | None = None,
    ahead: Any = (),
    *,
    name: str | None = None,
    saved_at: str | None = None,
    friend: Any = None,
) -> str:
    """The saved game. ``ahead`` is the line beyond the current position (the redo
    line, ``ludeum.records.line``), written only when there is one. ``name`` (the
    visitor's name for the game) and ``saved_at`` (local time, ``YYYY-MM-DDTHH:MM:SS``)
    are optional: the saved-games list shows them; the caller gives the time, so that
    this stays a pure function."""
    game = game_name(state)
    record = GAMES[game][1](state)
    envelope = {"format": FORMAT, "version": VERSION, "game": game, "record": record}
    if players is not None:
        envelope["players"] = list(players)
    if ahead:
        envelope["ahead"] = [ACTION_TEXT[game][0](action) for action in ahead]
    if name:
        envelope["name"] = name
    if saved_at:
        envelope["saved_at"] = saved_at
    if friend is not None:  # a game by links (ludeum.correspondence.friend)
        from .correspondence.friend import FRIEND_PLAYER, to_json

        envelope["friend"] = to_json(friend)
        seated = list(players or seats.HUMANS)
        seated[friend.friend] = FRIEND_PLAYER  # read as two people by older versions
        envelope["players"] = seated
    return json.dumps(envelope, separators=(",", ":"))


#: Game name -> (action to its notation, notation to an action), for the ahead line.
ACTION_TEXT: dict[str, tuple[Any, Any]] = {
    "senet": (lambda action: action.notation(), senet.parse_action),
    "squadro": (lambda action: action.notation(), squadro.Move.parse),
    "lodestone": (lodestone_action_text, lodestone.parse_action),
}


def load_ahead(text: str, state: Any) -> tuple:
    """The ahead line saved with the game ``load`` read from ``text`` (``state``):
    empty when the save has none. Each action must be text the game reads and legal
    where it is played after the one before; anything else raises ``SaveError``, so
    a tampered line is set aside with its record like any damaged save."""
    if len(text) > MAX_LENGTH or text.count("[") + text.count("{") > MAX_BRACKETS:
        raise SaveError("too long or too deeply nested to be a Ludeum saved game")
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError) as error:
        raise SaveError(f"not JSON: {type(error).__name__}") from None
    texts = data.get("ahead", []) if isinstance(data, dict) else None
    if not isinstance(texts, list):
        raise SaveError("the ahead line is not a list of actions")
    parse = ACTION_TEXT[game_name(state)][1]
    ahead = []
    for number, action_text in enumerate(texts, 1):
        try:
            action = parse(action_text)
            state = state.apply(action)
        except ValueError as problem:  # IllegalAction is a ValueError
            raise SaveError(
                f"ahead action {number} ({shown(action_text)}) cannot be played: "
                f"{str(problem)[:200]}"
            ) from None
        except Exception as error:  # a bug must not cost the user their record
            raise SaveError(f"unreadable ahead line ({type(error).__name__})") from None
        ahead.append(action)
    return tuple(ahead)


def load_players(text: str) -> tuple[str, str]:
    """Who plays each seat in a saved game; two people when the save does not say or
    says something unreadable. Never raises: the game itself is ``load``'s business."""
    try:
        if len(text) > MAX_LENGTH or text.count("[") + text.count("{") > MAX_BRACKETS:
            return seats.HUMANS
        data = json.loads(text)
    except (AttributeError, TypeError, ValueError, RecursionError):
        return seats.HUMANS
    return seats.parse(data.get("players") if isinstance(data, dict) else None)


def load_friend(text: str) -> Any:
    """The game by links a saved game belongs to (``correspondence.friend``), or
    None. Never raises, like ``load_players``."""
    data = _envelope(text)
    if "friend" not in data:
        return None
    from .correspondence.friend import from_json

    return from_json(data["friend"])


def load_label(text: str) -> tuple[str | None, str | None]:
    """The optional ``name`` and ``saved_at`` of a saved game, each None when missing
    or not a string. Never raises (like ``load_players``); the saved-games list cleans
    the name before showing it (``ludeum.records.library.clean_name``)."""
    data = _envelope(text)
    name, saved_at = data.get("name"), data.get("saved_at")
    return (name if isinstance(name, str) else None,
            saved_at if isinstance(saved_at, str) else None)  # fmt: skip


def renamed(text: str, name: str | None) -> str:
    """``text`` with its ``name`` key set (or removed when ``name`` is empty), every
    other key as it was: renaming a kept game must not need to replay it. Raises
    ``SaveError`` when ``text`` is not a saved-game envelope."""
    data = _envelope(text)
    if data.get("format") != FORMAT:
        raise SaveError("not a Ludeum saved game")
    data.pop("name", None)
    if name:
        data["name"] = name
    return json.dumps(data, separators=(",", ":"))


def _envelope(text: str) -> dict:
    """The parsed envelope, or {} for anything that is not a bounded JSON object."""
    try:
        if len(text) > MAX_LENGTH or text.count("[") + text.count("{") > MAX_BRACKETS:
            return {}
        data = json.loads(text)
    except (AttributeError, TypeError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


#: A real save opens a dozen brackets at most. Refusing texts with many more keeps a
#: crafted, deeply nested text from overflowing the stack inside the JSON parser,
#: which in the browser kills the interpreter before Python can raise anything.
MAX_BRACKETS = 1000

#: Longer texts are refused before parsing: the browser keeps saves in localStorage,
#: about 5 MB for the whole site, and a 100,000-action Senet game takes 0.8 MB.
#: Reading a longer text would only keep the interpreter busy for nothing.
MAX_LENGTH = 5_000_000


def load(text: str, observe: Any = None) -> Any:
    """The game a saved game holds, replayed from its start; ``observe(before, action,
    after)`` is called after each action when given (``history.replay_record``)."""
    if not isinstance(text, str):
        raise SaveError("a saved game is a text")
    if len(text) > MAX_LENGTH:
        raise SaveError(f"too long to be a Ludeum saved game ({len(text):,} characters)")
    if text.count("[") + text.count("{") > MAX_BRACKETS:
        raise SaveError("too deeply nested to be a Ludeum saved game")
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError) as error:
        raise SaveError(f"not JSON: {type(error).__name__}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("not a Ludeum saved game")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise SaveError(f"unsupported save version {shown(version)} (this app reads {VERSION})")
    name = data.get("game")
    if not isinstance(name, str) or name not in GAMES:
        raise SaveError(f"unknown game {shown(name)}")
    try:
        return GAMES[name][2](data.get("record"), observe)
    except StartFault as fault:
        raise SaveError(f"bad start: {fault}", fault) from None
    except ValueError as error:
        raise SaveError(str(error)) from None
    except Exception as error:  # a bug must not cost the user their record
        raise SaveError(f"unreadable record ({type(error).__name__}: {error})") from None


def links_game_id(text: str) -> str | None:
    """The id (hex) of the game by links that the saved game ``text`` holds, read
    without replaying it: how a tab knows that another tab's save is the same game by
    links played on (which it follows, issue 52) and not another game. None for a
    game that is not by links, or a text that cannot be read. Never raises."""
    try:
        if text.count("[") + text.count("{") > MAX_BRACKETS:
            return None
        friend = json.loads(text).get("friend")
        game_id = friend.get("id") if isinstance(friend, dict) else None
        return game_id if isinstance(game_id, str) else None
    except (AttributeError, TypeError, ValueError, RecursionError):
        return None


def continues(older: str, newer: str) -> bool:
    """True when ``newer`` is the game of ``older`` played on: the same game, rules and
    start, and ``older``'s actions are the first of ``newer``'s. Then keeping only
    ``newer`` loses nothing (two tabs on one saved game). Never raises; anything
    unreadable counts as not continued, so that it is kept."""
    try:
        if max(older.count("[") + older.count("{"), newer.count("[") + newer.count("{")) > (
            MAX_BRACKETS
        ):
            return False
        a, b = json.loads(older), json.loads(newer)
        game_a, game_b = a["record"], b["record"]
        actions_a, actions_b = game_a["actions"], game_b["actions"]
        if a.get("game") != b.get("game") or not isinstance(actions_a, list):
            return False
        same_start = {k: v for k, v in game_a.items() if k not in ("actions", "position")} == {
            k: v for k, v in game_b.items() if k not in ("actions", "position")
        }
        return same_start and actions_b[: len(actions_a)] == actions_a
    except (AttributeError, KeyError, TypeError, ValueError, RecursionError):
        return False
