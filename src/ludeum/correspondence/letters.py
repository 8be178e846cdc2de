"""A game by links as one link: its code, written and read.

A friend link's ``friend`` parameter is written like a share link's ``record``
(``ludeum.records.link``): a version character (``VERSION``; links of version 1,
written before seals, are still read), then one mixed-radix integer in URL-safe
base64. Its digits, least significant first:

* whether the link is sealed (2), then its seal (2**64): ``seals``, over the
  number that the digits below make;
* the game, the seat that acts first and the rules, as in a share link;
* the seat that sent the link (2), the game's id (2**64);
* each seat's name: its length in UTF-8 bytes (radix ``NAME_BYTES + 1``), then the
  bytes;
* for each seat, whether the link carries its share (2), then the share (2**96):
  only the sender's, and only until the friend has sealed a link (``seals``);
* Senet only, for each seat: whether it has an anchor (2); then the anchor
  (2**128), how far its chain is revealed (radix: the chain's length + 1) and,
  above height 0, the value there (2**128);
* the number of actions, as in a share link, then each move as its index among the
  legal moves. A throw costs nothing: it is worked out from both chains
  (``friend.throw_here``'s formula), which is what makes it fair.

Reading checks both chains against their anchors, works out every throw, and
replays the game under its rules: a link whose throws were changed, or that lacks
the sticks of a throw it holds, raises ``LinkError``. Nothing here recurses.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..i18n import N_
from ..protocol import CHANCE, IllegalAction
from ..records.link import (
    GAMES,
    LinkError,
    _Digits,
    _first_seat,
    _fresh,
    _number,
    _read_rules,
    _rules_digits,
    count_digits,
    number_of,
    pack,
    read_count,
)
from ..senet.sticks import Throw
from . import chains, seals, windows
from .friend import ID_BYTES, NAME_LENGTH, FriendGame, clean_name, has_chance

#: A friend link's version character: 2 since links are sealed.
VERSION = "2"
#: Links of version 1 (no seal, no shares) are still read.
_UNSEALED = "1"
#: The longest name in UTF-8 bytes: NAME_LENGTH characters of at most 4 bytes.
NAME_BYTES = 4 * NAME_LENGTH
_VALUE_RADIX = 1 << (8 * chains.VALUE_BYTES)
_SHARE_RADIX = 1 << (8 * seals.SHARE_BYTES)
_SEAL_RADIX = 1 << (8 * seals.SEAL_BYTES)


def write(state: Any, game: FriendGame) -> str:
    """The link's code for ``state`` as ``game`` (the sender's side, as
    ``friend.outgoing`` made it) sends it: sealed when ``game`` holds both shares."""
    digits = _content_digits(state, game)
    game_key = seals.key(game.id, game.shares)
    if game_key is None:
        return pack([(0, 2), *digits], VERSION)
    found = seals.seal(game_key, number_of(digits))
    return pack([(1, 2), (found, _SEAL_RADIX), *digits], VERSION)


def _content_digits(state: Any, game: FriendGame) -> list[tuple[int, int]]:
    from ..saves import game_name

    name = game_name(state)
    start = state.start()
    rules = getattr(start, "rules", None)
    digits = [(GAMES.index(name), 3), (_first_seat(name, start), 2)]
    digits.extend(_rules_digits(name, rules))
    digits.append((game.seat, 2))
    digits.append((int.from_bytes(game.id, "big"), 1 << (8 * ID_BYTES)))
    for seat in (0, 1):
        data = clean_name(game.names[seat]).encode("utf-8")
        digits.append((len(data), NAME_BYTES + 1))
        digits.extend((byte, 256) for byte in data)
    for seat in (0, 1):  # the sender's share, until the friend has sealed a link
        share = game.shares[seat] if seat == game.seat and not game.proven else None
        digits.append((int(share is not None), 2))
        if share is not None:
            digits.append((int.from_bytes(share, "big"), _SHARE_RADIX))
    if has_chance(state):
        length = windows.chain_length(rules)
        for seat in (0, 1):
            anchor = game.anchors[seat]
            digits.append((int(anchor is not None), 2))
            if anchor is None:
                continue
            height = game.heights[seat]
            digits.append((int.from_bytes(anchor, "big"), _VALUE_RADIX))
            digits.append((height, length + 1))
            if height:
                digits.append((int.from_bytes(game.tops[seat], "big"), _VALUE_RADIX))
    actions = state.actions()
    digits.extend(count_digits(len(actions)))
    current = start
    for action in actions:
        if current.to_act() != CHANCE:
            moves = tuple(current.legal_moves())
            digits.append((moves.index(action), len(moves)))
        current = current.apply(action)
    return digits


def read(code: Any) -> tuple[Any, FriendGame]:
    """The game a friend link holds, replayed, and the sender's side of it (no
    secret; ``seat`` is the sender's; ``seal``: the seal found and the number it
    seals, for ``friend.receive`` to check). Raises LinkError."""
    digits = _Digits(_number(code, (VERSION, _UNSEALED)))
    found = None
    if code[0] == VERSION and digits.take(2):
        found = digits.take(_SEAL_RADIX)
    content = digits.number
    name = GAMES[digits.take(3)]
    first_seat = digits.take(2)
    rules = _read_rules(name, digits)
    sender = digits.take(2)
    game_id = digits.take(1 << (8 * ID_BYTES)).to_bytes(ID_BYTES, "big")
    names = (_read_name(digits), _read_name(digits))
    shares: list[bytes | None] = [None, None]
    if code[0] == VERSION:
        for seat in (0, 1):
            if digits.take(2):
                shares[seat] = digits.take(_SHARE_RADIX).to_bytes(seals.SHARE_BYTES, "big")
    if shares[1 - sender] is not None:  # a device sends its own share, never the friend's
        raise LinkError(N_("This link is not written the way Ludeum writes links."))
    state = _fresh(name, rules, first_seat)
    game = FriendGame(game_id, sender, names, shares=(shares[0], shares[1]),
                      seal=None if found is None else (found, content))  # fmt: skip
    if has_chance(state):
        game = _read_chains(game, rules, digits)
    count = read_count(digits)
    placed = windows.Windows()
    for number in range(1, count + 1):
        if state.to_act() is None:
            raise LinkError(N_("This link goes on after the end of its game."))
        if state.to_act() == CHANCE:
            placed, index = placed.place(state)
            action = _throw(game, index, number)
        else:
            moves = tuple(state.legal_moves())
            action = moves[digits.take(len(moves))]
        try:
            state = state.apply(action)
        except IllegalAction:  # the moves are the legal ones: only a bug gets here
            raise LinkError(N_("Action {number} of this link cannot be played."),
                            number=number) from None  # fmt: skip
    if digits.number:
        raise LinkError(N_("This link holds more than a game."))
    return state, game


def _read_name(digits: _Digits) -> str:
    size = digits.take(NAME_BYTES + 1)
    data = bytes(digits.take(256) for _ in range(size))
    try:
        name = data.decode("utf-8")
    except UnicodeDecodeError:
        raise LinkError(N_("This link is not written the way Ludeum writes links.")) from None
    if clean_name(name) != name:
        raise LinkError(N_("This link is not written the way Ludeum writes links."))
    return name


def _read_chains(game: FriendGame, rules: Any, digits: _Digits) -> FriendGame:
    try:
        length = windows.chain_length(rules)
    except ValueError:
        raise LinkError(N_("A game by links keeps to a limit of 3,000 throws; this "
                           "link's rules do not.")) from None  # fmt: skip
    anchors: list[bytes | None] = [None, None]
    heights, tops = [0, 0], [None, None]
    for seat in (0, 1):
        if not digits.take(2):
            continue
        anchor = digits.take(_VALUE_RADIX).to_bytes(chains.VALUE_BYTES, "big")
        height = digits.take(length + 1)
        top = anchor
        if height:
            top = digits.take(_VALUE_RADIX).to_bytes(chains.VALUE_BYTES, "big")
        anchors[seat], heights[seat], tops[seat] = anchor, height, top
    if anchors[0] is not None and anchors[0] == anchors[1]:
        raise LinkError(N_("The throws in this link cannot be checked: both players "
                           "have the same anchor."))  # fmt: skip
    game = replace(game, length=length, anchors=(anchors[0], anchors[1]),
                   heights=(heights[0], heights[1]), tops=(tops[0], tops[1]))  # fmt: skip
    for seat in (0, 1):
        if anchors[seat] is not None:
            try:
                game.values(seat)
            except chains.ChainError:
                changed = N_("The throws in this link were changed: a player's sticks do "
                             "not match what they committed to.")  # fmt: skip
                raise LinkError(changed) from None
    return game


def _throw(game: FriendGame, index: int, number: int) -> Throw:
    for seat in (0, 1):
        if game.anchors[seat] is None or game.heights[seat] < index:
            raise LinkError(N_("This link lacks the sticks of action {number}."),
                            number=number)  # fmt: skip
    first, second = game.values(0)[index], game.values(1)[index]
    return Throw(chains.sticks(index, first, second))
