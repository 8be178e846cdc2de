"""Share links: a whole game in a few hundred URL-safe characters.

A link's ``record`` parameter is a version character followed by one big integer
written in URL-safe base64 without padding (RFC 4648, section 5). The integer is a
mixed-radix number whose digits, least significant first, are:

* the game (radix 3) and the seat that acts first (radix 2);
* the ruleset: a Senet preset by its index in ``SENET_PRESETS`` or "custom" followed by
  every setting in its own radix; Lodestone's three settings; nothing for Squadro;
* the number of actions (at most ``MAX_ACTIONS``): how many base-64 digits it takes
  (radix 4), then those digits;
* each action, as its index in the list of choices at the state where it was played
  (``legal_moves()``, or the throws while a throw is pending), in the radix of that
  list's length. An action with one choice (a forced pass) costs nothing.

Senet's throws are indexed among the 16 ways the four sticks can fall, not among
``chance_outcomes()`` (five representatives, one per value): the app throws real
sticks and a saved game keeps which ones fell, so a link keeps them too (4 bits).

Decoding replays every action under the rules, so a tampered link gives either a
legal game or ``LinkError``; a code longer than ``MAX_CODE_LENGTH`` is refused before
any arithmetic, and the integer must be written canonically (no leftover value, no
padding bits), so each game has exactly one code. Nothing here recurses.
The format is documented in docs/save-format.md.
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from typing import Any

from ..i18n import N_, _
from ..protocol import CHANCE, IllegalAction

#: The first character of a code: the format's version.
VERSION = "1"
GAMES = ("senet", "squadro", "lodestone")
#: URL-safe base64 (RFC 4648 section 5): the only characters a code may hold.
ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
#: Longest code read or written: 24,000 bits of actions, room for more than the
#: 3,000 throws after which a Senet game stops under every preset (measured in
#: benchmarks/link_lengths.py), and short enough for any browser's address bar.
MAX_CODE_LENGTH = 4000
#: Senet presets by their digit in a link: fixed for this version, and only ever
#: appended to (a test checks that every preset is here), so that old links keep
#: their rules. The digit's radix leaves room for more; ``CUSTOM`` marks settings
#: that follow one by one.
#: Kendall's sixteen presets are his four options on or off: a preset's digit is 2 plus
#: the bits of its options, in this order (``kendall`` is 2, ``kendall_trap`` 6, all
#: four 17).
KENDALL_OPTIONS = ("five_pieces", "starting_throw", "trap", "home_row")
SENET_PRESETS = (
    "jequier",  # 0
    "jequier_ludii",  # 1
    *(
        "_".join(["kendall", *(o for bit, o in enumerate(KENDALL_OPTIONS) if bits >> bit & 1)])
        for bits in range(16)
    ),  # 2 to 17
    "tait",  # 18
)
PRESET_RADIX = 32
CUSTOM = PRESET_RADIX - 1
#: The action count is written in at most this many base-64 digits.
COUNT_DIGITS = 3
#: Most actions a link holds. Actions whose index is 0 at the end of a game cost no
#: characters, so without this a short code could make the page replay 262,143
#: actions. Linkable games stay far below it: 24,000 bits hold at most 6,000 Senet
#: throws (4 bits each) and the moves between them.
MAX_ACTIONS = 20_000


class LinkError(ValueError):
    """A code that is not a share link, or a game that cannot be written as one.
    ``str(error)`` is English, for logs; ``message`` and ``fields`` put it into the
    page's language (as ``ludeum.launch.Problem`` does)."""

    def __init__(self, message: str, **fields: Any) -> None:
        self.message = message
        self.fields = tuple((name, str(value)) for name, value in fields.items())
        super().__init__(message.format(**fields))

    def text(self) -> str:
        return _(self.message, **dict(self.fields))


@dataclass(frozen=True)
class _Setting:
    """One custom Senet setting: its name and how it maps to a digit."""

    name: str
    radix: int
    to_digit: Any
    from_digit: Any


def _flag(name: str) -> _Setting:
    return _Setting(name, 2, int, bool)


def _choice(name: str, values: tuple) -> _Setting:
    return _Setting(name, len(values), values.index, values.__getitem__)


def _subset(name: str, members: range) -> _Setting:
    """A set of small numbers as a bit mask (bit i for ``members[i]``)."""
    first = members[0]
    return _Setting(
        name,
        1 << len(members),
        lambda values: sum(1 << (v - first) for v in values),
        lambda mask: frozenset(first + i for i in range(len(members)) if mask >> i & 1),
    )


def _senet_settings() -> tuple[_Setting, ...]:
    from ..senet.rulesets import (
        BACKWARD_PRIORITY_MODES,
        FAMILIES,
        MAX_THROW_LIMIT,
        STARTING_LOCK_MODES,
    )

    return (
        _choice("family", FAMILIES),
        _Setting("pieces", 7, lambda n: n - 1, lambda d: d + 1),
        _choice("zero_light_value", (5, 6)),
        _subset("extra_throw_values", range(1, 7)),
        _subset("safe_squares", range(1, 31)),
        _flag("bump_to_first_empty"),
        _choice("starting_lock", STARTING_LOCK_MODES),
        _flag("backward_can_capture"),
        _choice("backward_priority", BACKWARD_PRIORITY_MODES),
        _flag("bear_off_on_exact_30"),
        _flag("extra_throw_after_forfeit"),
        _flag("rows_turn_corners"),
        _flag("starting_throw"),
        _flag("trap"),
        _flag("home_row"),
        _Setting("throw_limit", MAX_THROW_LIMIT + 1, int, int),
    )


class _Digits:
    """Reads a mixed-radix number digit by digit, least significant first."""

    def __init__(self, number: int) -> None:
        self.number = number

    def take(self, radix: int) -> int:
        if radix == 1:
            return 0
        self.number, digit = divmod(self.number, radix)
        return digit


# -- the game's start -------------------------------------------------------------------


def _fresh(game: str, rules: Any, first_seat: int) -> Any:
    if game == "senet":
        from ..senet.state import new_game

        return new_game(rules, first_seat)
    if game == "squadro":
        from ..squadro.state import new_game

        return new_game(first_seat)
    from ..lodestone.state import new_game

    return new_game(rules, first_seat)


def _record_of(game: str, state: Any) -> dict:
    from ..saves import GAMES as WRITERS

    return WRITERS[game][1](state)


def _first_seat(game: str, start: Any) -> int:
    """The seat the game began with; raises LinkError if it did not begin at the
    usual start of its rules (a link carries no position, only the actions)."""
    rules = getattr(start, "rules", None)
    record = _record_of(game, start)
    for seat in (0, 1):
        if _record_of(game, _fresh(game, rules, seat)) == record:
            return seat
    raise LinkError(
        N_("This game did not begin at the usual start, so it cannot be shared as a link.")
    )


# -- choices at each state ----------------------------------------------------------------

_STICKS: tuple | None = None


def _choices(game: str, state: Any) -> tuple:
    if state.to_act() == CHANCE:
        if game == "senet":
            return _senet_sticks()
        return tuple(outcome for outcome, _probability in state.chance_outcomes())
    if game == "senet" and state.to_act() is None:
        return _senet_kept(state)
    return tuple(state.legal_moves())


def _senet_kept(state: Any) -> tuple:
    """Links from before the throw limit counted the opening's throws may go on
    after the limit now stops their game: those actions are kept (see ``state``)."""
    from ..senet.state import kept_after_limit, stopped_in_opening

    if not stopped_in_opening(state):
        return ()
    kept = kept_after_limit(state)
    return _senet_sticks() if kept is None else kept


def _senet_sticks() -> tuple:
    """The 16 ways the four sticks can fall, as the app throws them."""
    global _STICKS
    if _STICKS is None:
        from ..senet.sticks import Throw

        _STICKS = tuple(Throw(((b >> 3) & 1, (b >> 2) & 1, (b >> 1) & 1, b & 1)) for b in range(16))
    return _STICKS


# -- writing ----------------------------------------------------------------------------


def encode(state: Any) -> str:
    """The share code of a game: its rules, first seat and every action so far."""
    code = pack(header_digits(state) + action_digits(state))
    if len(code) > MAX_CODE_LENGTH:
        raise LinkError(N_("This game is too long to be shared as a link."))
    return code


def header_digits(state: Any) -> list[tuple[int, int]]:
    """(digit, radix) for the game, the first seat, the rules and the action count."""
    from ..saves import game_name

    game = game_name(state)
    start = state.start()
    digits = [(GAMES.index(game), 3), (_first_seat(game, start), 2)]
    digits.extend(_rules_digits(game, getattr(start, "rules", None)))
    digits.extend(count_digits(len(state.actions())))
    return digits


def count_digits(count: int) -> list[tuple[int, int]]:
    """(digit, radix) for a number of actions: how many base-64 digits it takes,
    then those digits (a friend link writes its count the same way)."""
    if count > MAX_ACTIONS:
        raise LinkError(N_("This game is too long to be shared as a link."))
    digits = []
    while count:
        count, digit = divmod(count, 64)
        digits.append((digit, 64))
    return [(len(digits), COUNT_DIGITS + 1), *digits]


def read_count(digits: _Digits) -> int:
    """The number of actions ``count_digits`` wrote; raises LinkError when it is not
    written canonically or passes MAX_ACTIONS."""
    width = digits.take(COUNT_DIGITS + 1)
    count = 0
    for place in range(width):
        count += digits.take(64) << (6 * place)
    if (width and count >> (6 * (width - 1)) == 0) or count > MAX_ACTIONS:
        raise LinkError(N_("This link is not written the way Ludeum writes links."))
    return count


def action_digits(state: Any) -> list[tuple[int, int]]:
    """(index among the choices, number of choices) for every action of the game."""
    from ..saves import game_name

    game = game_name(state)
    digits = []
    current = state.start()
    # A non-zero digit makes the number at least the product of the radixes before
    # it: once that product has more bits than a code can hold, stop replaying.
    bits = 0  # floor(log2) of that product, a lower bound
    for action in state.actions():
        choices = _choices(game, current)
        index = choices.index(action)
        if index and bits > 6 * MAX_CODE_LENGTH:
            raise LinkError(N_("This game is too long to be shared as a link."))
        digits.append((index, len(choices)))
        bits += len(choices).bit_length() - 1
        current = current.apply(action)
    return digits


def number_of(digits: list[tuple[int, int]]) -> int:
    """The mixed-radix number of (digit, radix) pairs, least significant first."""
    number = 0
    for digit, radix in reversed(digits):  # Horner's rule, most significant first
        number = number * radix + digit
    return number


def pack(digits: list[tuple[int, int]], version: str = VERSION) -> str:
    """A code from (digit, radix) pairs, least significant first, behind the
    version character (a friend link's is its own, ``correspondence.letters``)."""
    number = number_of(digits)
    body = number.to_bytes((number.bit_length() + 7) // 8, "big")
    return version + base64.urlsafe_b64encode(body).decode("ascii").rstrip("=")


def _rules_digits(game: str, rules: Any) -> list[tuple[int, int]]:
    if game == "senet":
        from ..senet.rulesets import PRESETS

        if rules.preset in SENET_PRESETS and PRESETS[rules.preset] == rules:
            return [(SENET_PRESETS.index(rules.preset), PRESET_RADIX)]
        digits = [(CUSTOM, PRESET_RADIX)]
        for setting in _senet_settings():
            digits.append((setting.to_digit(getattr(rules, setting.name)), setting.radix))
        return digits
    if game == "lodestone":
        from ..lodestone.rules import MAX_MOVES_WITHOUT_CAPTURE

        return [
            (int(rules.per_colour_reading), 2),
            (rules.rotation, 4),
            (rules.moves_without_capture - 1, MAX_MOVES_WITHOUT_CAPTURE),
        ]
    return []


# -- reading ----------------------------------------------------------------------------


def decode(code: Any) -> Any:
    """The game a share code holds, replayed under its rules; raises LinkError."""
    digits = _Digits(_number(code))
    game = GAMES[digits.take(3)]
    first_seat = digits.take(2)
    rules = _read_rules(game, digits)
    count = read_count(digits)
    state = _fresh(game, rules, first_seat)
    for number in range(1, count + 1):
        choices = _choices(game, state)
        if not choices:
            raise LinkError(N_("This link goes on after the end of its game."))
        try:
            state = state.apply(choices[digits.take(len(choices))])
        except IllegalAction:  # the choices are the legal ones: only a bug gets here
            raise LinkError(N_("Action {number} of this link cannot be played."),
                            number=number) from None  # fmt: skip
    if digits.number:
        raise LinkError(N_("This link holds more than a game."))
    return state


def _number(code: Any, versions: tuple[str, ...] = (VERSION,)) -> int:
    if not isinstance(code, str) or not code:
        raise LinkError(N_("This is not a Ludeum link."))
    if len(code) > MAX_CODE_LENGTH:
        raise LinkError(N_("This link is too long to be a Ludeum link."))
    if code[0] not in versions:
        raise LinkError(N_("This link was made by another version of Ludeum."))
    body = code[1:]
    if not set(body) <= ALPHABET or len(body) % 4 == 1:
        raise LinkError(N_("This link is damaged: it holds characters a link never has."))
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise LinkError(N_("This link is damaged: it holds characters a link never has.")) from None
    number = int.from_bytes(raw, "big")
    canonical = base64.urlsafe_b64encode(number.to_bytes((number.bit_length() + 7) // 8, "big"))
    if canonical.decode("ascii").rstrip("=") != body:
        raise LinkError(N_("This link is not written the way Ludeum writes links."))
    return number


def _read_rules(game: str, digits: _Digits) -> Any:
    if game == "senet":
        from ..senet.rulesets import PRESETS, SenetRules

        index = digits.take(PRESET_RADIX)
        if index < len(SENET_PRESETS):
            return PRESETS[SENET_PRESETS[index]]
        if index != CUSTOM:
            raise LinkError(N_("This link was made by another version of Ludeum."))
        values = {s.name: s.from_digit(digits.take(s.radix)) for s in _senet_settings()}
        try:
            return SenetRules(preset="custom", **values)
        except ValueError as error:
            raise LinkError(N_("The rules in this link are not rules Senet can have: {reason}."),
                            reason=str(error)[:200]) from None  # fmt: skip
    if game == "lodestone":
        from ..lodestone.rules import MAX_MOVES_WITHOUT_CAPTURE, LodestoneRules

        per_colour = bool(digits.take(2))
        rotation = digits.take(4)
        limit = digits.take(MAX_MOVES_WITHOUT_CAPTURE) + 1
        return LodestoneRules(per_colour, rotation, limit)
    return None


def position(state: Any, at: int | None) -> Any:
    """The state after the first ``at`` actions of a decoded game (all of them when
    ``at`` is None); raises LinkError when the game is shorter."""
    if at is None:
        return state
    actions = state.actions()
    if at > len(actions):
        raise LinkError(N_("This link shows move {at}, but its game has only {count} actions."),
                        at=at, count=len(actions))  # fmt: skip
    current = state.start()
    for action in actions[:at]:
        current = current.apply(action)
    return current
