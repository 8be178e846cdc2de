"""What a device knows of a game against a friend by links, and what a link changes.

A game by links is an ordinary game (a state, saved as usual) and a ``FriendGame``:
its random ``id`` (how a link finds the game it belongs to), this device's ``seat``,
both players' names, and for Senet the hash chains that make the throws fair
(``chains``, ``windows``): both anchors, how far each chain has been revealed and
the value there, and this device's secret (the top of its own chain, which never
leaves the device).

Each link carries the whole game (``letters``), so a device that opens one needs
nothing else. ``receive`` compares it with the game kept here and says what it
is: an invitation to a new game, the friend's turn (new actions), a friend's
answer that brings no action but their sticks (the first answer to an invitation,
or more sticks for a long turn), the position already here, an older link, or the
link this device sent. Nothing that disagrees with the game kept here is ever
taken: moves already played, the friend's anchor, or a move that was this device's
to play; those raise ``LinkError`` and the game stays as it was. A position has one
continuation: another move of the friend's from a position already answered is
refused by name. And the commitments come in order (docs/save-format.md, "Fair from
the first link"): an invitation must carry its sender's anchor and nothing above it,
no device shows its own values before it holds the friend's anchor, and a friend's
anchor that comes after this device showed values is refused.
"""

from __future__ import annotations

import secrets as system_secrets
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from ..i18n import N_
from ..protocol import CHANCE
from ..records.link import LinkError
from ..senet.sticks import Throw
from . import chains, seals, windows

#: What a saved game's ``players`` says for the seat played on the friend's device.
FRIEND_PLAYER = "friend"
#: The longest name a link carries (characters).
NAME_LENGTH = 24
#: Bytes of a game's id.
ID_BYTES = 8

#: What a link is, for the game kept here (``Arrival.kind``).
INVITATION = "invitation"  # a game this device has not seen: it joins it
TURN = "turn"  # the friend played: new actions
ANSWER = "answer"  # no new action, but the friend's anchor or more of their sticks
SAME = "same"  # the position kept here, nothing new
OLDER = "older"  # a position before the one kept here
OPENED = "opened"  # the friend's newest link, opened again after this device played on
OWN = "own"  # a link this device sent
WATCH = "watch"  # a game joined on another device: shown, not played

#: Why this device cannot act (``waiting_for``).
FRIENDS_TURN = "friends-turn"
FRIENDS_STICKS = "friends-sticks"  # a long turn needs more of the friend's sticks
FRIENDS_ANSWER = "friends-answer"  # the invitation is not yet answered


def clean_name(text: object) -> str:
    """A player's name as a link carries it: printable characters, runs of spaces
    made one, trimmed, at most NAME_LENGTH characters."""
    if not isinstance(text, str):
        return ""
    kept = "".join(c if c.isprintable() else " " for c in text[: NAME_LENGTH * 4])
    return " ".join(kept.split())[:NAME_LENGTH].strip()


def has_chance(state: Any) -> bool:
    """Whether the game throws (Senet): then its throws come from the chains."""
    from ..saves import game_name

    return game_name(state) == "senet"


@dataclass(frozen=True)
class FriendGame:
    """See the module's docstring. ``heights[s]`` is how far seat ``s`` has
    revealed its chain and ``tops[s]`` the value there (the anchor at height 0;
    None while seat ``s`` has no anchor). ``length`` is each chain's height (0 for a
    game without throws)."""

    id: bytes
    seat: int
    names: tuple[str, str] = ("", "")
    length: int = 0
    anchors: tuple[bytes | None, bytes | None] = (None, None)
    heights: tuple[int, int] = (0, 0)
    tops: tuple[bytes | None, bytes | None] = (None, None)
    secret: bytes | None = None
    #: Each seat's share of the key that seals the links (``seals``; None while
    #: unknown here, and in a game begun before seals).
    shares: tuple[bytes | None, bytes | None] = (None, None)
    #: The friend has sealed a link this device took: they hold the key, so this
    #: device's share is no longer sent.
    proven: bool = False
    #: In a link just read (``letters.read``), never kept: the seal found and the
    #: number it seals; None for a link without a seal.
    seal: tuple[int, int] | None = field(default=None, compare=False)

    @property
    def friend(self) -> int:
        return 1 - self.seat

    @property
    def friend_name(self) -> str:
        return self.names[self.friend]

    def public(self) -> FriendGame:
        """What a link may carry: everything but the secret."""
        return replace(self, secret=None)

    def own_value(self, height: int) -> bytes:
        if self.secret is None:
            raise chains.ChainError("this device holds no secret for the game")
        return _own_value(self.secret, self.seat, self.length, height)

    def values(self, seat: int) -> list[bytes]:
        """Seat ``seat``'s chain values from height 0 to ``heights[seat]``, checked
        against its anchor (ChainError otherwise)."""
        anchor, top = self.anchors[seat], self.tops[seat]
        if anchor is None or top is None:
            raise chains.ChainError("no anchor for this seat yet")
        return _checked(anchor, seat, self.heights[seat], top)


@lru_cache(maxsize=4)
def _checked(anchor: bytes, seat: int, height: int, top: bytes) -> list[bytes]:
    return chains.check(anchor, seat, height, top)


#: This device's own chain is kept in memory as a value every CHECKPOINT steps, so
#: that a value costs at most CHECKPOINT hashes once the first has been found.
CHECKPOINT = 256


@lru_cache(maxsize=2)
def _checkpoints(secret: bytes, seat: int, length: int) -> dict[int, bytes]:
    points = {length: secret}
    value = secret
    for height in range(length - 1, -1, -1):
        value = chains.step(value, seat)
        if height % CHECKPOINT == 0:
            points[height] = value
    return points


def _own_value(secret: bytes, seat: int, length: int, height: int) -> bytes:
    if not 0 <= height <= length:
        raise chains.ChainError(f"height {height} outside the chain")
    above = min(length, -(-height // CHECKPOINT) * CHECKPOINT)
    value = _checkpoints(secret, seat, length)[above]
    for _ in range(above - height):
        value = chains.step(value, seat)
    return value


# -- a new game -------------------------------------------------------------------------


def begin(state: Any, seat: int, name: str, source: Any = system_secrets) -> FriendGame:
    """This device's side of a new game by links, ``state`` being its start. In
    Senet this device must throw first: the friend's first link then answers the
    invitation with their anchor and the sticks for the first turn (docs)."""
    names = ["", ""]
    names[seat] = clean_name(name)
    game = FriendGame(source.token_bytes(ID_BYTES), seat, (names[0], names[1]))
    game = _with_share(game, source)
    if not has_chance(state):
        return game
    if windows.owner(state) != seat:
        raise ValueError("in a game by links, the device that invites throws first")
    return _with_chain(game, state.rules, source)


def _with_share(game: FriendGame, source: Any) -> FriendGame:
    """``game`` with this device's share of the key that seals the links."""
    shares = list(game.shares)
    shares[game.seat] = source.token_bytes(seals.SHARE_BYTES)
    return replace(game, shares=(shares[0], shares[1]))


def _with_chain(game: FriendGame, rules: Any, source: Any) -> FriendGame:
    length = windows.chain_length(rules)
    secret = source.token_bytes(chains.VALUE_BYTES)
    anchor = chains.value_at(secret, game.seat, length, 0)
    anchors = list(game.anchors)
    tops = list(game.tops)
    anchors[game.seat] = tops[game.seat] = anchor
    return replace(game, length=length, secret=secret, anchors=tuple(anchors),
                   tops=tuple(tops))  # fmt: skip


# -- playing --------------------------------------------------------------------------------


def throw_here(game: FriendGame, state: Any, placed: windows.Windows) -> Throw | None:
    """The throw this device makes now, or None when the next action is no throw of
    its own or the friend's sticks for it are not here yet. ``placed`` is the game's
    windows so far (``windows.replay``)."""
    pending = windows.next_throw(state, placed)
    if pending is None or pending[0] != game.seat:
        return None
    index = pending[1]
    if game.anchors[game.friend] is None or game.heights[game.friend] < index:
        return None
    mine, theirs = game.own_value(index), game.values(game.friend)[index]
    first, second = (mine, theirs) if game.seat == 0 else (theirs, mine)
    return Throw(chains.sticks(index, first, second))


def can_act(game: FriendGame, state: Any, placed: windows.Windows) -> bool:
    """Whether this device plays the next action: its seat's move, or a throw it
    owns whose friend's sticks are here."""
    to_act = state.to_act()
    if to_act == CHANCE:
        return throw_here(game, state, placed) is not None
    return to_act == game.seat


def waiting_for(game: FriendGame, state: Any, placed: windows.Windows) -> str | None:
    """Why this device cannot act (``FRIENDS_TURN``, ``FRIENDS_STICKS``,
    ``FRIENDS_ANSWER``), or None when it can or the game is over."""
    to_act = state.to_act()
    if to_act is None or can_act(game, state, placed):
        return None
    if to_act == CHANCE and windows.next_throw(state, placed)[0] == game.seat:
        if game.anchors[game.friend] is None:
            return FRIENDS_ANSWER
        return FRIENDS_STICKS
    return FRIENDS_TURN


def outgoing(game: FriendGame, state: Any, placed: windows.Windows, name: str | None = None
             ) -> FriendGame:  # fmt: skip
    """The game as a link sent now carries it: this device's chain revealed as far as
    the scheme asks (``windows.needed_height``), and its name as it is now."""
    if name is not None:
        names = list(game.names)
        names[game.seat] = clean_name(name)
        game = replace(game, names=(names[0], names[1]))
    if game.secret is None or game.anchors[game.friend] is None:
        return game  # nothing of this chain is shown before the friend commits
    height = max(game.heights[game.seat], windows.needed_height(state, placed, game.seat))
    if height == game.heights[game.seat]:
        return game
    heights, tops = list(game.heights), list(game.tops)
    heights[game.seat], tops[game.seat] = height, game.own_value(height)
    return replace(game, heights=(heights[0], heights[1]), tops=(tops[0], tops[1]))


# -- a link arrives -------------------------------------------------------------------------


@dataclass(frozen=True)
class Arrival:
    """What a link is for the game kept here (``kind``), the game to keep or show
    (``state``, ``game``), and how many of its actions are new here (``new``)."""

    kind: str
    state: Any
    game: FriendGame
    new: int = 0


def receive(sent_state: Any, sent: FriendGame, kept: tuple[Any, FriendGame] | None,
            name: str = "", source: Any = system_secrets) -> Arrival:  # fmt: skip
    """A decoded link (``letters.read``: the game and the sender's ``FriendGame``,
    whose ``seat`` is the sender's) against the game kept here with the same id
    (``kept``: its state and this device's ``FriendGame``), or None. ``name`` is the
    visitor's, for a game joined now. Raises ``LinkError`` for a link the kept game
    refuses; the kept game is then unchanged."""
    me = 1 - sent.seat
    if kept is None:
        return _join(sent_state, sent, me, name, source)
    state, game = kept
    if game.id != sent.id:
        raise ValueError("receive() is given the game of another id")
    if sent.seat == game.seat:
        return Arrival(OWN, state, game)
    if not _same_start(sent_state.start(), state.start()):
        # The same id, another beginning: an invitation changed on its way (it cannot
        # be sealed: the key needs both shares). Taken, its start could make the
        # friend reveal throws this device should not foresee (its windows differ).
        raise LinkError(N_("This link's game does not begin as the game kept here "
                           "began: it was changed on its way. Nothing was changed "
                           "here."))  # fmt: skip
    sealed = _sealed(game, sent)
    for seat in (0, 1):
        mine, theirs = game.anchors[seat], sent.anchors[seat]
        if mine is not None and theirs is not None and mine != theirs:
            raise LinkError(N_("This link does not match the game kept here: its throws "
                               "were changed. Nothing was changed here."))  # fmt: skip
    if game.anchors[game.friend] is None and sent.anchors[game.friend] is not None:
        if game.heights[game.seat] > 0:
            # The friend's commitment comes after this device showed values of its
            # own chain: the friend could have drawn secrets until the throws suited
            # them (docs/save-format.md, "Fair from the first link").
            raise LinkError(N_("This link brings your friend's commitment to the throws "
                               "only after this device showed its own, so the throws "
                               "could have been chosen: this game cannot go on fairly. "
                               "Start a new game by links. Nothing was changed here."))  # fmt: skip
    kept_actions, sent_actions = state.actions(), sent_state.actions()
    common = min(len(kept_actions), len(sent_actions))
    for number in range(common):
        if kept_actions[number] != sent_actions[number]:
            _diverged(state, number, game)
    if len(sent_actions) < len(kept_actions):
        if last_turn(state, game.seat) <= len(sent_actions):  # only mine since
            return Arrival(OPENED, state, game)  # the friend's newest, opened again
        return Arrival(OLDER, state, game)
    if sent.anchors[sent.seat] is None and game.anchors[sent.seat] is not None:
        return Arrival(OLDER, state, game)
    _check_turn(sent_state, state, sent.seat)
    merged = _merged(game, sent, sealed)
    new = len(sent_actions) - len(kept_actions)
    news = new or merged.heights != game.heights or merged.anchors != game.anchors
    if news and sealed is False:
        # The game has a key, and this link brings something new without its seal:
        # changed on its way, or made on a device that never had the key.
        raise LinkError(N_("This link is not sealed with this game's key: it was changed "
                           "on its way, or made on a device that did not play this game. "
                           "Nothing was changed here."))  # fmt: skip
    if new:
        return Arrival(TURN, sent_state, merged, new)
    if news:
        return Arrival(ANSWER, state, merged)
    return Arrival(SAME, state, merged)


def _same_start(sent: Any, kept: Any) -> bool:
    """Whether two games begin alike: the same position under the same rules (a
    Senet ruleset read from a link may be named "custom" where the one kept here has
    its preset's name: the settings count, not the name)."""
    if type(sent) is not type(kept):
        return False
    rules = getattr(sent, "rules", None)
    if rules is not None and hasattr(rules, "preset") and rules != kept.rules:
        if replace(rules, preset=kept.rules.preset) != kept.rules:
            return False
        sent = (
            sent._replace(rules=kept.rules)
            if hasattr(sent, "_replace")
            else replace(sent, rules=kept.rules)
        )
    return sent == kept


def _sealed(game: FriendGame, sent: FriendGame) -> bool | None:
    """Whether the link ``sent`` is sealed with the game's key (``seals``): True, or
    False when it has no seal; None when the game has no key here (begun before
    seals, or a friend's answer that brings no share). Raises ``LinkError`` for a
    seal that does not hold: the link was changed on its way."""
    if game.shares[game.seat] is None:
        return None  # a game begun before seals: nothing to check
    shares = list(game.shares)
    if shares[game.friend] is None:
        shares[game.friend] = sent.shares[game.friend]  # the answer brings it
    game_key = seals.key(game.id, (shares[0], shares[1]))
    if game_key is None:
        return None
    if sent.seal is None:
        return False
    found, content = sent.seal
    if not seals.holds(game_key, content, found):
        raise LinkError(N_("This link was changed on its way: its seal does not match "
                           "its game. Ask for it to be sent again. Nothing was changed "
                           "here."))  # fmt: skip
    return True


def _diverged(state: Any, number: int, game: FriendGame) -> None:
    """Raise the ``LinkError`` for a link whose action ``number`` (from 0) differs
    from the one kept here: a position has one continuation. When that action was
    the friend's, they made another move from a position already answered (a second
    tab, an older copy of the game): named so."""
    current = state.start()
    for action in state.actions()[:number]:
        current = current.apply(action)
    if actor(current) == game.friend:
        if game.friend_name:
            raise LinkError(N_("{name} already sent a different move from this position: "
                               "a move once sent is final. Nothing was changed here."),
                            name=game.friend_name)  # fmt: skip
        raise LinkError(N_("Your friend already sent a different move from this position: "
                           "a move once sent is final. Nothing was changed here."))  # fmt: skip
    raise LinkError(N_("This link's game is not the one kept here from action "
                       "{number} on. Nothing was changed here."), number=number + 1)  # fmt: skip


def _merged(game: FriendGame, sent: FriendGame, sealed: bool | None = None) -> FriendGame:
    """The kept game with what the friend's link adds: their name, their anchor,
    their chain revealed further (never less), their share, and whether they have
    shown that they hold the key (``sealed``)."""
    friend = game.friend
    shares = list(game.shares)
    if shares[friend] is None and game.shares[game.seat] is not None:
        shares[friend] = sent.shares[friend]
    game = replace(game, shares=(shares[0], shares[1]), proven=game.proven or bool(sealed))
    names, anchors = list(game.names), list(game.anchors)
    heights, tops = list(game.heights), list(game.tops)
    names[friend] = sent.names[friend]
    if anchors[friend] is None:
        anchors[friend] = sent.anchors[friend]
    if sent.anchors[friend] is not None and sent.heights[friend] >= heights[friend]:
        heights[friend], tops[friend] = sent.heights[friend], sent.tops[friend]
    return replace(game, names=(names[0], names[1]), anchors=(anchors[0], anchors[1]),
                   heights=(heights[0], heights[1]), tops=(tops[0], tops[1]))  # fmt: skip


def _check_turn(state: Any, kept: Any, sender: int) -> None:
    """Every action of ``state`` after those of ``kept`` (an earlier position of
    the same game, or None for the start) must be the sender's to play: their
    seat's moves, and the throws their device owns."""
    current = kept if kept is not None else state.start()
    actions = state.actions()
    for number in range(len(current.actions()), len(actions)):
        to_act = current.to_act()
        who = windows.owner(current) if to_act == CHANCE else to_act
        if who != sender:
            # Either this device keeps an older copy than the one its player played
            # on (restored from a backup, another browser), or the link was made up:
            # both said, since this device cannot tell which (issue 52).
            raise LinkError(N_("This link holds action {number}, which was yours to play, "
                               "and this device never played it: either its copy of the "
                               "game is older than the one you played on (a backup, "
                               "another browser), or the link was made up. Open it where "
                               "you played. Nothing was changed here."),
                            number=number + 1)  # fmt: skip
        current = current.apply(actions[number])


def _join(state: Any, sent: FriendGame, me: int, name: str, source: Any) -> Arrival:
    """A link for a game not kept here: joined as the seat the link was sent to. A
    game that seat's player began on another device (a Senet chain for that seat, or
    a sealed link) can only be watched: its throws need that device's secret, its
    links that device's key."""
    names = list(sent.names)
    names[me] = clean_name(name)
    game = replace(sent, seat=me, names=(names[0], names[1]), secret=None, seal=None)
    if sent.anchors[me] is not None or sent.seal is not None:
        # Begun with another device: its throws need that device's secret, its links
        # that device's key (``seals``).
        return Arrival(WATCH, state, game, len(state.actions()))
    game = _with_share(game, source)
    if not has_chance(state):
        return Arrival(INVITATION, state, game, len(state.actions()))
    if sent.anchors[sent.seat] is None or sent.heights[sent.seat] > 0:
        # Fair from the first link: the inviter commits before this device draws
        # anything, and shows no value of its chain before this device commits too.
        raise LinkError(N_("This invitation cannot give fair throws: it does not hold "
                           "the inviter's commitment to the throws made before yours. "
                           "Ask for a new invitation. Nothing was changed here."))  # fmt: skip
    _check_turn(state, None, sent.seat)
    game = _with_chain(game, state.rules, source)
    return Arrival(INVITATION, state, game, len(state.actions()))


# -- kept with the saved game ---------------------------------------------------------------


def to_json(game: FriendGame) -> dict:
    """The ``friend`` object of a saved game (docs/save-format.md), bytes in hex."""

    def text(value: bytes | None) -> str | None:
        return None if value is None else value.hex()

    data: dict = {"id": game.id.hex(), "seat": game.seat, "names": list(game.names)}
    if game.shares[game.seat] is not None:
        data.update(shares=[text(s) for s in game.shares], proven=game.proven)
    if game.length:
        data.update(
            length=game.length,
            anchors=[text(a) for a in game.anchors],
            heights=list(game.heights),
            tops=[text(t) for t in game.tops],
            secret=text(game.secret),
        )
    return data


def from_json(data: Any) -> FriendGame | None:
    """The game by links a saved game's ``friend`` object holds, or None when it is
    missing or not one this version writes (the game itself then loads as a game
    between two people here). Never raises."""
    try:
        return _from_json(data)
    except (TypeError, ValueError, AttributeError, KeyError, chains.ChainError):
        return None


def _bytes(value: Any, size: int) -> bytes:
    if not isinstance(value, str) or len(value) != 2 * size:
        raise ValueError("not a hex value of the right size")
    return bytes.fromhex(value)


def _optional(value: Any, size: int) -> bytes | None:
    return None if value is None else _bytes(value, size)


def _from_json(data: Any) -> FriendGame | None:
    if not isinstance(data, dict):
        return None
    seat, names = data["seat"], data.get("names", ["", ""])
    if seat not in (0, 1) or type(seat) is not int:
        return None
    if not isinstance(names, list) or len(names) != 2:
        return None
    game = FriendGame(_bytes(data["id"], ID_BYTES), seat,
                      (clean_name(names[0]), clean_name(names[1])))  # fmt: skip
    shares = _shares(data.get("shares"), seat)
    if shares is not None:
        game = replace(game, shares=shares, proven=data.get("proven") is True)
    if "length" not in data:
        return game
    length, heights = data["length"], data["heights"]
    size = chains.VALUE_BYTES
    anchors = [_optional(a, size) for a in data["anchors"]]
    tops = [_optional(t, size) for t in data["tops"]]
    if type(length) is not int or not 0 < length <= 1_000_000 or len(heights) != 2:
        return None
    if len(anchors) != 2 or len(tops) != 2:
        return None
    if any(type(h) is not int or not 0 <= h <= length for h in heights):
        return None
    game = replace(game, length=length, anchors=(anchors[0], anchors[1]),
                   heights=(heights[0], heights[1]), tops=(tops[0], tops[1]),
                   secret=_optional(data.get("secret"), size))  # fmt: skip
    for side in (0, 1):
        if game.anchors[side] is not None:
            game.values(side)  # a stored chain that does not check is not taken
    if game.secret is not None and game.own_value(0) != game.anchors[seat]:
        return None
    return game


def _shares(value: Any, seat: int) -> tuple[bytes | None, bytes | None] | None:
    """The seal shares a saved game keeps (since seals), or None when there are none
    or they do not read: the game then goes on unsealed, as one begun before."""
    if not isinstance(value, list) or len(value) != 2:
        return None
    try:
        shares = (_optional(value[0], seals.SHARE_BYTES), _optional(value[1], seals.SHARE_BYTES))
    except ValueError:
        return None
    return shares if shares[seat] is not None else None


def game_id(data: Any) -> str | None:
    """A saved game's ``friend`` id (hex), read without replaying anything; None for
    a game that is not by links."""
    if isinstance(data, dict) and isinstance(data.get("id"), str):
        return data["id"]
    return None


# -- what the page shows ------------------------------------------------------------------

#: ``to_send`` for a game that ended on this device: the friend must see the end.
GAME_OVER = "game-over"


def actor(state: Any) -> int | None:
    """The seat whose device plays the next action of ``state`` (None when over)."""
    to_act = state.to_act()
    return windows.owner(state) if to_act == CHANCE else to_act


def to_send(game: FriendGame, state: Any, placed: windows.Windows) -> str | None:
    """Why this device has a link to send now: ``waiting_for``'s reasons, or
    ``GAME_OVER`` when the game ended with an action played here (the friend's page
    must see the end too); None otherwise."""
    waits = waiting_for(game, state, placed)
    if waits is not None or state.to_act() is not None or not state.actions():
        return waits
    last = state.start()
    for action in state.actions()[:-1]:
        last = last.apply(action)
    return GAME_OVER if actor(last) == game.seat else None


def last_turn(state: Any, sender: int, since: int = 0) -> int:
    """How many actions of ``state`` come before the sender's last turn (the actions
    their device played in a row at the end), counting from ``since`` at least: the
    part of a friend's link the page plays again, move by move."""
    actors = []
    current = state.start()
    for action in state.actions():
        actors.append(actor(current))
        current = current.apply(action)
    start = len(actors)
    while start > since and actors[start - 1] == sender:
        start -= 1
    return start
