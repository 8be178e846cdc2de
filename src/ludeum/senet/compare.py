"""Senet's readings compared: one position, one throw, what each reading allows.

Senet is a reconstruction, and its readings (``rulesets``: Jéquier as printed by
Botermans and as read by Ludii, Kendall with his four options, Tait) part ways on
protection, blockades, the last squares, extra throws and the opening. This module
takes a position and a throw of the sticks, plays the throw under every preset with
the engine itself (``SenetState.apply``), and groups the readings that allow exactly
the same moves with the same results, so that a teacher sees a handful of columns,
not eighteen. Each difference is then put into one sentence naming the reading and
the rule that causes it: a refused move is explained by the rule that the engine
names for it (``refusal.why_refused``), put into words here (``REASONS``).

A position is the pieces on the board and the side to act (``Position``), the same
for every reading: each reading gives each side its own number of pieces, so the
pieces not on the board count as borne off (Tait's plinth holds those still waiting
to enter). A position a reading cannot hold (a piece in Kendall's water, seven
pieces a side) is shown as such. ``Example.board is None`` means each reading's own
starting position, for the opening.

The throw is given as the sticks fell, by the number of light sides up (0 to 4):
no light side is worth 6 under Jéquier and Tait but 5 under Kendall, which is
itself a difference the view names.
"""

from __future__ import annotations

from html import escape
from typing import NamedTuple

from ..i18n import N_, _, _n
from . import svg
from .moves import BIT, mask_of
from .notation import parse_position
from .refusal import why_refused
from .rulesets import KENDALL_OPTIONS, PRESETS, SenetRules
from .state import BLACK, PASS, WHITE, Move, SenetState, new_game
from .sticks import Throw
from .track import OFF, PLINTH, WATER


class Position(NamedTuple):
    """Pieces on the board (bitboards), the colour to act, and the pieces each side
    still has waiting on a plinth (Tait's reading only; 0 elsewhere). Two marks of a
    Kendall game that the board does not show (and position notation does not write)
    come along, read only by Kendall's readings: ``needs_one``, the colours (a bit
    mask, ``1 << colour``) still waiting for their first 1 (Starting Throw; only the
    readings with that option keep it), and ``forced``, the square of a piece of the
    side to act just back from the water, which must move next (0: none)."""

    white: int
    black: int
    colour: int
    white_waiting: int = 0
    black_waiting: int = 0
    needs_one: int = 0
    forced: int = 0


class Example(NamedTuple):
    """A chosen position that shows one of the disputes. ``board`` is 30 characters
    (``W``, ``B``, ``.``) as in the position notation, or None for each reading's
    own starting position; ``light`` is the number of light sides of the throw."""

    id: str
    title: str
    about: str
    board: str | None
    side: str
    light: int

    def position(self) -> Position | None:
        if self.board is None:
            return None
        white = mask_of(s for s in range(1, 31) if self.board[s - 1] == "W")
        black = mask_of(s for s in range(1, 31) if self.board[s - 1] == "B")
        return Position(white, black, WHITE if self.side == "W" else BLACK)


#: The chosen positions, one per main dispute (opened from the rules page and by the
#: ``compare`` URL parameter). Each is checked by a unit test: legal under every
#: reading, and the readings really do part on it.
EXAMPLES: tuple[Example, ...] = (
    Example(
        "protection",
        N_("Protection"),
        N_(
            "Black throws a 3. Which White pieces may it land on: the lone one on 15, the "
            "pair on 20 and 21 at the corner, the lone one on 26, the House of Beauty?"
        ),
        ".B.....W.B.B..W..B.WW.B..W....",
        "B",
        3,
    ),
    Example(
        "blockade",
        N_("Blockades"),
        N_(
            "Black throws a 4. May the piece on 11 jump White's three pieces on 12, 13 and "
            "14, and the piece on 16 its own three on 17, 18 and 19?"
        ),
        "..........BWWW.BBBB....W...W..",
        "B",
        4,
    ),
    Example(
        "last-squares",
        N_("Squares 26 to 30"),
        N_(
            "White throws a 3 with every piece on the last row: the readings treat the "
            "House of Beauty, the water and the last squares very differently."
        ),
        "..........B.B.B.B....W.W.W.WBW",
        "W",
        3,
    ),
    Example(
        "extra-throw",
        N_("Extra throws"),
        N_(
            "Black throws a 4, four light sides up, and hardly any piece can use it: who "
            "throws again, and who loses the turn?"
        ),
        "...BWWWW.B...B...B...B...W....",
        "B",
        4,
    ),
    Example(
        "opening",
        N_("The opening"),
        N_(
            "The first throw of the game is a 1: how does each reading set out the pieces "
            "and decide who starts?"
        ),
        None,
        "B",
        1,
    ),
)
EXAMPLE_IDS = tuple(example.id for example in EXAMPLES)


#: Who throws what, for an example's throw changed in the chooser: (light sides up
#: 1 to 4, or none, worth 5 or 6 by the reading). The opening has no side to name.
THROWN = {
    "W": (N_("White throws a {value}."),
          N_("White throws no light side up (a 5 or a 6, by the reading).")),
    "B": (N_("Black throws a {value}."),
          N_("Black throws no light side up (a 5 or a 6, by the reading).")),
    "opening": (N_("The first throw of the game is a {value}."),
                N_("The first throw of the game has no light side up (a 5 or a 6, "
                   "by the reading).")),
}  # fmt: skip


def about_text(item: Example, light: int) -> str:
    """What the dialog says about ``item`` with the throw of ``light`` light sides up:
    the example's own words for its own throw; for another throw chosen, who throws
    what, and that the position was chosen for another throw (its question was about
    that one)."""
    if light == item.light:
        return _(item.about)
    some, none = THROWN["opening" if item.board is None else item.side]
    thrown = _(some, value=light) if light else _(none)
    return _("{thrown} (This position was chosen for a throw of {value}: the columns "
             "show what each reading does with this one.)",
             thrown=thrown, value=item.light)  # fmt: skip


def link(address: str, example_id: str) -> str:
    """The app's address (``address``: the page's, with any query or fragment) that
    opens this example's comparison, for a teacher's class page."""
    base = address.split("#", 1)[0].split("?", 1)[0]
    return f"{base}?compare={example(example_id).id}"


def example(example_id: str) -> Example:
    for item in EXAMPLES:
        if item.id == example_id:
            return item
    raise KeyError(example_id)


# -- the readings' names ---------------------------------------------------------------

#: Kendall's options, by the name ``rulesets.KENDALL_OPTIONS`` gives them.
OPTION_NAMES = {
    "five_pieces": N_("Five Pieces"),
    "starting_throw": N_("Starting Throw"),
    "trap": N_("Trap"),
    "home_row": N_("Home Row"),
}
#: Where each reading comes from, as the columns cite it.
SOURCES = {
    "jequier": N_("Jéquier (1930), as printed by Botermans in The World of Games"),
    "jequier_ludii": N_("Jéquier (1930), as read by the Ludii games database"),
    "kendall": N_("Kendall (1979), Passing Through the Netherworld, as coded by Ludii"),
    "tait": N_("Tait, from the help text of an older Senet program"),
}
_KENDALL = tuple(name for name in PRESETS if PRESETS[name].family == "kendall")


def _flags(rules: SenetRules) -> int:
    """Kendall's options as four bits, in the order of ``KENDALL_OPTIONS``."""
    taken = (rules.pieces == 5, rules.starting_throw, rules.trap, rules.home_row)
    return sum(1 << i for i, on in enumerate(taken) if on)


def _cubes(chosen: set[int]) -> list[tuple[int, int]]:
    """Cover a set of option combinations by as few "these options on, those off"
    terms as a greedy pass finds: ``(care, value)`` bit pairs."""
    terms = []
    for care in sorted(range(16), key=lambda c: bin(c).count("1")):
        for value in range(16):
            if value & ~care:
                continue
            members = {n for n in range(16) if n & care == value}
            if members <= chosen:
                terms.append((care, value, members))
    left, cover = set(chosen), []
    while left:
        care, value, members = max(terms, key=lambda t: (len(t[2] & left), -bin(t[0]).count("1")))
        cover.append((care, value))
        left -= members
    return cover


def _kendall_name(presets: list[str]) -> str:
    if len(presets) == len(_KENDALL):
        return _("Kendall (every option)")
    names = []
    for care, value in _cubes({_flags(PRESETS[name]) for name in presets}):
        parts = []
        for i, option in enumerate(KENDALL_OPTIONS):
            if care >> i & 1:
                word = _(OPTION_NAMES[option])
                parts.append(_("with {option}", option=word) if value >> i & 1
                             else _("without {option}", option=word))  # fmt: skip
        names.append(_("Kendall ({options})", options=", ".join(parts)))
    return _join(names)


def _join(names: list[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    if len(names) < 2:
        return "".join(names)
    return _("{first} and {last}", first=", ".join(names[:-1]), last=names[-1])


def readings_name(presets) -> str:
    """The readings of a set of presets in a few words: "Jéquier (both readings)",
    "Kendall (with Trap)", "Jéquier (Botermans) and Tait"."""
    chosen = set(presets)
    presets = [name for name in PRESETS if name in chosen]
    parts = []
    jequier = [name for name in presets if PRESETS[name].family == "jequier"]
    if len(jequier) == 2:
        parts.append(_("Jéquier (both readings)"))
    elif jequier == ["jequier"]:
        parts.append(_("Jéquier (Botermans)"))
    elif jequier:
        parts.append(_("Jéquier (Ludii)"))
    kendall = [name for name in presets if PRESETS[name].family == "kendall"]
    if kendall:
        parts.append(_kendall_name(kendall))
    if "tait" in presets:
        parts.append(_("Tait"))
    return _join(parts)


def sources(presets) -> list[str]:
    keys = []
    for name in PRESETS:
        if name in set(presets):
            key = name if name in SOURCES else PRESETS[name].family
            if key not in keys:
                keys.append(key)
    return [_(SOURCES[key]) for key in keys]


# -- playing the throw under each reading ----------------------------------------------


class Outcome(NamedTuple):
    """What a throw does under one reading: its value, the moves with what each does
    (the engine's effects), or, with no move, what happens to the lost throw."""

    value: int
    moves: tuple[tuple[Move, tuple], ...]
    lost: tuple  # the effects of a lost throw, () when a move can be played
    board: tuple[int, int]  # the position as the reading holds it (white, black)


class Column(NamedTuple):
    """Readings that allow the same moves with the same results, and one state to
    draw them from (the throw pending, or lost)."""

    presets: tuple[str, ...]
    outcome: Outcome
    state: SenetState  # the position with the throw applied, for the drawing
    before: SenetState  # the position before the throw

    def name(self) -> str:
        return readings_name(self.presets)


class Comparison(NamedTuple):
    position: Position | None
    light: int
    columns: tuple[Column, ...]
    unavailable: tuple[tuple[str, str], ...]  # (preset, reason) for readings that cannot hold it
    sentences: tuple[str, ...]


def _throw(light: int) -> Throw:
    return Throw(tuple(1 if i < light else 0 for i in range(4)))


def reading_state(rules: SenetRules, position: Position | None) -> SenetState:
    """The position under one reading, waiting for a throw; raises ValueError with
    the reason when the reading cannot hold it."""
    if position is None:
        return new_game(rules, first_seat=0)
    if (position.white | position.black) & BIT[WATER] and rules.family != "kendall":
        raise ValueError(_("a piece stands in the water, which only Kendall's reading allows"))
    offs = []
    for mask, waiting in ((position.white, position.white_waiting),
                          (position.black, position.black_waiting)):  # fmt: skip
        if waiting and rules.family != "tait":
            raise ValueError(_("pieces wait off the board to enter, as only in Tait's reading"))
        off = rules.pieces - mask.bit_count() - waiting
        if off < 0:
            raise ValueError(_("it has more pieces a side than this reading's {count}",
                               count=rules.pieces))  # fmt: skip
        offs.append(off)
    if rules.pieces in offs:
        raise ValueError(_("a side has no piece left: the game is over"))
    board = "".join(
        "W" if position.white & BIT[s] else "B" if position.black & BIT[s] else "."
        for s in range(1, 31)
    )
    side = "W" if position.colour == WHITE else "B"
    text = f"{board} {offs[0]}-{offs[1]} {side} -"
    state = parse_position(rules, text)
    if rules.family == "kendall":
        state = state._replace(
            waiting=position.needs_one if rules.starting_throw else 0,
            forced=(position.colour, position.forced) if position.forced else (),
        )
    return state


def outcome(state: SenetState, light: int) -> tuple[Outcome, SenetState]:
    """The throw of ``light`` light sides played on ``state`` (waiting for a throw)."""
    thrown = state.apply(_throw(light))
    value = state.rules.throw_value(light)
    board = (state.white, state.black)
    if thrown.throw is None:  # no move: the throw is lost, or the opening missed
        return Outcome(value, (), thrown.effects, board), thrown
    moves = tuple((move, thrown.apply(move).effects) for move in thrown.moves)
    return Outcome(value, moves, (), board), thrown


def _key(result: Outcome, start: bool) -> tuple:
    """Readings with equal keys share a column: the borne-off count (which differs
    with the number of pieces) is not part of it, the starting board is."""
    return (result.value, result.moves, result.lost, result.board if start else None)


def compare(position: Position | None, light: int) -> Comparison:
    """The throw of ``light`` light sides (0-4) from ``position`` (None: the start of
    a game) under every preset, grouped into columns."""
    if not 0 <= light <= 4:
        raise ValueError("a throw has 0 to 4 light sides")
    groups: dict[tuple, list] = {}
    unavailable = []
    for name, rules in PRESETS.items():
        try:
            before = reading_state(rules, position)
        except ValueError as error:
            unavailable.append((name, str(error)))
            continue
        result, thrown = outcome(before, light)
        groups.setdefault(_key(result, position is None), []).append((name, result, thrown, before))
    columns = []
    for members in groups.values():
        # Draw the member with the fewest pieces borne off: the position as given.
        _, result, thrown, before = min(members, key=lambda m: sum(m[3].borne_off))
        names = tuple(m[0] for m in members)
        columns.append(Column(names, result, thrown, before))
    sentences = tuple(_sentences(columns, position, light))
    return Comparison(position, light, tuple(columns), tuple(unavailable), sentences)


def position_of(state: SenetState) -> Position | None:
    """The position of a game in play, for comparing its readings (None during the
    opening, compared as each reading's start)."""
    if state.black_seat is None or state.winner is not None:
        return None
    colour = BLACK if state.seat == state.black_seat else WHITE
    tait = state.rules.family == "tait"
    # The other side's piece back from the water binds its own next throw, not this one.
    forced = state.forced[1] if state.forced and state.forced[0] == colour else 0
    return Position(state.white, state.black, colour,
                    state.on_plinth(WHITE) if tait else 0,
                    state.on_plinth(BLACK) if tait else 0,
                    state.waiting, forced)  # fmt: skip


# -- the moves in words ----------------------------------------------------------------


def move_words(move: Move, effects: tuple) -> str:
    """A move and what it does, for the columns' text lists: "from 14 to 17, bumps
    the piece there back to 14, throws again"."""
    if move == PASS:
        words = [_("wait in the water") if ("waits",) in effects else _("pass")]
    elif move.src == PLINTH:
        words = [_("enter a piece on {square}", square=move.dst)]
    elif move.dst == OFF:
        words = [_("bear off from {square}", square=move.src)]
    else:
        words = [_("from {src} to {dst}", src=move.src, dst=move.dst)]
    for effect in effects:
        kind = effect[0]
        if kind == "bumped":
            back = effect[2]
            if back == PLINTH:
                words.append(_("sends the piece there back to its plinth"))
            elif back == WATER:
                words.append(_("sends the piece there into the water"))
            else:
                words.append(_("bumps the piece there to {square}", square=back))
        elif kind == "water":
            words.append(_("sinks in the water and starts again on {square}", square=effect[1]))
        elif kind == "to_plinth":
            words.append(_("sinks in the water and goes back to its plinth"))
        elif kind == "into_water":
            words.append(_("stays in the water"))
        elif kind == "extra_throw":
            words.append(_("throw again"))
    return ", ".join(words)


def lost_words(result: Outcome) -> str:
    kinds = {effect[0] for effect in result.lost}
    if "opening_miss" in kinds:
        return _("not a 1: the other player throws")
    if "extra_throw" in kinds:
        return _("no move: the throw is lost, but throw again")
    return _("no move: the throw is lost, the turn passes")


# -- the differences in sentences ------------------------------------------------------


def _sentences(columns: list[Column], position: Position | None, light: int) -> list[str]:
    if len(columns) < 2:
        return []
    out = []
    values = {}
    for column in columns:
        values.setdefault(column.outcome.value, []).extend(column.presets)
    if len(values) > 1:
        five = readings_name(values.get(5, []))
        six = readings_name(values.get(6, []))
        out.append(_("With no light side up, {five} count 5 where {six} count 6.",
                     five=five, six=six))  # fmt: skip
    if position is None:
        out.extend(_opening_sentences(columns))
        return out
    out.extend(_refusal_sentences(columns, position, light))
    out.extend(_result_sentences(columns))
    out.extend(_lost_sentences(columns))
    return out


def _opening_sentences(columns: list[Column]) -> list[str]:
    out = []
    for column in columns:
        rules = PRESETS[column.presets[0]]
        names = column.name()
        if rules.family == "tait":
            out.append(_("{readings}: every piece starts off the board, on a plinth; there is "
                         "no opening, the first player plays Black and enters pieces on 4 "
                         "with a 4 or on 6 with a 6.", readings=names))  # fmt: skip
            continue
        out.append(_n("{readings}: each side starts with {count} piece on squares 1 to {last}; "
                      "the first to throw a 1 takes Black, moves the front piece one square "
                      "and throws again.",
                      "{readings}: each side starts with {count} pieces on squares 1 to {last}; "
                      "the first to throw a 1 takes Black, moves the front piece one square "
                      "and throws again.", rules.pieces, readings=names,
                      last=2 * rules.pieces))  # fmt: skip
    return out


def _refusal_sentences(columns: list[Column], position: Position, light: int) -> list[str]:
    """For each move some readings allow and others refuse: why, under each reading
    that refuses it, grouped by the reason."""
    states = {name: reading_state(PRESETS[name], position)
              for column in columns for name in column.presets}  # fmt: skip
    allowed: dict[Move, set[str]] = {}
    for column in columns:
        for move, _effects in column.outcome.moves:
            allowed.setdefault(move, set()).update(column.presets)
    out = []
    for move in sorted(allowed, key=lambda m: (m == PASS, m.src, m.dst)):
        if move == PASS or move.src == PLINTH:
            continue
        backward = move.dst != OFF and move.dst < move.src
        # Stepping back while other pieces go forward: Ludii's piece-by-piece rule.
        by_piece = backward and all(
            PRESETS[name].backward_priority == "per_piece" for name in allowed[move]
        )
        if by_piece:
            out.append(_("{readings}: {move} is allowed, because a piece that cannot go "
                         "forward may step back even while other pieces can go forward.",
                         readings=readings_name(allowed[move]),
                         move=_move_name(move)))  # fmt: skip
        reasons: dict[tuple[str, str], list[str]] = {}
        for column in columns:
            if any(m == move for m, _e in column.outcome.moves):
                continue
            other = [
                m for m, _e in column.outcome.moves
                if m.src == move.src and m != PASS and (m.dst == OFF or m.dst > m.src)
            ]  # fmt: skip
            for name in column.presets:
                if other and not backward:  # the same piece goes elsewhere: said, not argued
                    reason = ("elsewhere", _square_name(other[0].dst))
                else:
                    key = why_refused(states[name], move.src, move.dst, light=light)
                    # The throw's value, for a move it does not make (5 or 6: see above).
                    value = str(PRESETS[name].throw_value(light)) if key == "distance" else ""
                    reason = (key if key in REASONS else "other", value)
                if by_piece and reason[0] in ("backward", "no_backward", "backward_capture"):
                    continue  # the sentence above says it
                reasons.setdefault(reason, []).append(name)
        for (reason, detail), names in reasons.items():  # detail: a square or a value
            out.append(_(REASONS[reason], readings=readings_name(names),
                         move=_move_name(move), square=detail, value=detail))  # fmt: skip
    return out


def _square_name(square: int) -> str:
    return _("off the board") if square == OFF else str(square)


def _move_name(move: Move) -> str:
    if move.dst == OFF:
        return _("bearing off from {square}", square=move.src)
    return _("the move from {src} to {dst}", src=move.src, dst=move.dst)


#: Why a reading refuses a move another allows: one sentence per rule, naming it.
REASONS = {
    "pair": N_(
        "{readings}: {move} is refused, because two pieces of one side next to each "
        "other along the track protect each other."
    ),
    "pair_row": N_(
        "{readings}: {move} is refused, because two pieces of one side next to each "
        "other on a row protect each other."
    ),
    "safe": N_("{readings}: {move} is refused, because the piece there stands on a safe square."),
    "rebirth": N_(
        "{readings}: {move} is refused, because a piece on 15, the House of Rebirth, is safe."
    ),
    "wall": N_(
        "{readings}: {move} is refused, because no piece may pass three pieces of the other "
        "side in a row."
    ),
    "wall_any": N_(
        "{readings}: {move} is refused, because no piece may pass three pieces in a row on "
        "one row, of either side."
    ),
    "lock": N_(
        "{readings}: {move} is refused, because a piece on the first row may move only when "
        "the square just ahead of it is free."
    ),
    "stop_26": N_(
        "{readings}: {move} is refused, because every piece must stop exactly on 26, the "
        "House of Beauty."
    ),
    "exact_exit": N_(
        "{readings}: {move} is refused, because a piece leaves 28 only with a 3 and 29 only "
        "with a 2."
    ),
    "exact_off": N_(
        "{readings}: {move} is refused, because a piece leaves the board only with the exact throw."
    ),
    "last_row": N_(
        "{readings}: {move} is refused, because no piece leaves the board before all its "
        "side's pieces are on the last row."
    ),
    "pass_30": N_(
        "{readings}: {move} is refused, because a piece leaves the board only by passing 30, "
        "not by landing on it."
    ),
    "home_row": N_(
        "{readings}: {move} is refused, because no piece leaves the board while one of its "
        "side is still on the first row (Home Row)."
    ),
    "water_guard": N_(
        "{readings}: {move} is refused, because a piece on 28 to 30 cannot be taken while "
        "another waits in the water."
    ),
    "water_last": N_(
        "{readings}: {move} is refused, because a piece may go into the water only when "
        "nothing else is possible."
    ),
    "backward": N_(
        "{readings}: {move} is refused, because a piece goes back only when no piece of "
        "its side can go forward."
    ),
    "no_backward": N_("{readings}: {move} is refused, because pieces never go back."),
    "backward_capture": N_(
        "{readings}: {move} is refused, because a piece going back may not land on another."
    ),
    "trap": N_(
        "{readings}: {move} is refused, because only Kendall's Trap option lets a piece "
        "that overshoots 26 drop into the water."
    ),
    "starting_throw": N_(
        "{readings}: {move} is refused, because this side may move no piece until it has "
        "thrown a 1 (Starting Throw)."
    ),
    "forced": N_(
        "{readings}: {move} is refused, because the piece just back from the water must "
        "move with this throw."
    ),
    "elsewhere": N_("{readings}: {move} is not possible: this throw takes that piece to {square}."),
    "distance": N_(
        "{readings}: {move} is not possible: a throw of {value} does not take that piece there."
    ),
    "other": N_("{readings}: {move} is not allowed."),
}


def _result_sentences(columns: list[Column]) -> list[str]:
    """Where a piece that is taken goes, for each move several readings allow, when
    they disagree; and which readings throw again after moving with this throw."""
    results: dict[Move, dict[tuple[str, int], list[str]]] = {}
    for column in columns:
        for move, effects in column.outcome.moves:
            bumped = [effect for effect in effects if effect[0] == "bumped"]
            if not bumped:
                continue
            back = bumped[0][2]
            if back == PLINTH:
                words = N_("under {readings} it goes back to its plinth")
            elif back == WATER:
                words = N_("under {readings} it falls into the water")
            elif back == move.src:
                words = N_("under {readings} it swaps places, to {square}")
            else:
                words = N_("under {readings} it goes to the first free square, {square}")
            results.setdefault(move, {}).setdefault((words, back), []).extend(column.presets)
    out = []
    for move, by_words in results.items():
        if len({words for words, _back in by_words}) < 2:
            continue
        parts = [
            _(words, readings=readings_name(names), square=back)
            for (words, back), names in by_words.items()
        ]
        out.append(_("{move} takes a piece: {results}.", move=_capital(_move_name(move)),
                     results="; ".join(parts)))  # fmt: skip
    # Another throw after moving: by the throw's value (Jéquier, Kendall) or by where
    # the piece lands (Tait), as the engine's effects say.
    always, never, mixed = [], [], []
    for column in columns:
        earned = [
            move for move, effects in column.outcome.moves
            if any(effect[0] == "extra_throw" for effect in effects)
        ]  # fmt: skip
        if not column.outcome.moves:
            continue
        if len(earned) == len(column.outcome.moves):
            always.extend(column.presets)
        elif not earned:
            never.extend(column.presets)
        else:
            mixed.append((column, earned))
    if always and (never or mixed):
        out.append(_("After moving with this throw, under {readings} the player throws again.",
                     readings=readings_name(always)))  # fmt: skip
    if never and (always or mixed):
        out.append(_("After moving with this throw, under {readings} the turn passes.",
                     readings=readings_name(never)))  # fmt: skip
    for column, earned in mixed:
        out.append(_("{readings}: only {moves} earns another throw.", readings=column.name(),
                     moves=_join([_move_name(move) for move in earned])))  # fmt: skip
    return out


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _lost_sentences(columns: list[Column]) -> list[str]:
    out = []
    for column in columns:
        if column.outcome.moves:
            continue
        if any(effect[0] == "extra_throw" for effect in column.outcome.lost):
            out.append(_("{readings}: no piece can use this throw, so it is lost, but it still "
                         "earns another throw.", readings=column.name()))  # fmt: skip
        else:
            out.append(_("{readings}: no piece can use this throw, so it is lost and the turn "
                         "passes.", readings=column.name()))  # fmt: skip
    return out


# -- drawing ---------------------------------------------------------------------------


def _spot(rules: SenetRules, square: int) -> tuple[float, float]:
    """The centre of a square, of the tray (``OFF``) or of Tait's plinth, as
    ``svg.board_svg`` draws the board lying down."""
    frame = svg._frame(rules)
    if square == OFF:
        return frame.left + svg.SIZE * 10 + svg.MARGIN + svg.TRAY_WIDTH / 2, svg.HEIGHT / 2
    if square == PLINTH:
        return svg.MARGIN + svg.TRAY_WIDTH / 2, svg.HEIGHT / 2
    return svg._centre(square, frame)


def differing_moves(result: Comparison) -> dict[int, frozenset[Move]]:
    """Each column's moves (by index) that not every other column allows with the same
    result: the moves the readings dispute, drawn apart from those they share. A
    column that cannot move disputes nothing of its own."""
    said = [
        {move: move_words(move, effects) for move, effects in column.outcome.moves}
        for column in result.columns
    ]
    differing = {}
    for index, moves in enumerate(said):
        differing[index] = frozenset(
            move
            for move, words in moves.items()
            if move != PASS and any(other.get(move) != words for other in said)
        )
    return differing


def move_arrows(rules: SenetRules, moves, ident: str, differs: frozenset = frozenset()) -> str:
    """An arrow for each move, bowed to one side so that moves along a row stay apart
    from the pieces; backward moves dashed; the moves in ``differs`` (which the
    readings dispute) drawn apart, heavier and in their own colour. Pure markup, laid
    over the board."""
    out = [
        f'<marker id="{ident}-move-head" viewBox="0 0 10 10" refX="8" refY="5" '
        'markerWidth="4" markerHeight="4" orient="auto-start-reverse">'
        '<path d="M0 0 L10 5 L0 10 z" class="compare-head"/></marker>',
        f'<marker id="{ident}-differs-head" viewBox="0 0 10 10" refX="8" refY="5" '
        'markerWidth="3" markerHeight="3" orient="auto-start-reverse">'
        '<path d="M0 0 L10 5 L0 10 z" class="compare-head differs"/></marker>',
    ]
    for move in moves:
        if move == PASS:
            continue
        (x1, y1), (x2, y2) = _spot(rules, move.src), _spot(rules, move.dst)
        # The control point: halfway, pushed off the line by a fifth of its length.
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        dx, dy = x2 - x1, y2 - y1
        length = max((dx * dx + dy * dy) ** 0.5, 1)
        bow = min(0.35 * length, 40)
        cx, cy = mx + dy / length * bow, my - dx / length * bow
        backward = move.dst != OFF and move.dst < move.src and move.src != PLINTH
        cls = "compare-move backward" if backward else "compare-move"
        if move in differs:
            cls += " differs"
        out.append(
            f'<path class="{cls}" d="M{x1:.0f} {y1:.0f} Q{cx:.0f} {cy:.0f} {x2:.0f} {y2:.0f}" '
            f'marker-end="url(#{ident}-{"differs" if move in differs else "move"}-head)"/>'
        )
        if move.dst != OFF:
            ring = "compare-target differs" if move in differs else "compare-target"
            out.append(f'<circle class="{ring}" cx="{x2:.0f}" cy="{y2:.0f}" r="24"/>')
    return "".join(out)


def column_svg(column: Column, ident: str, differs: frozenset = frozenset()) -> str:
    """A column's small board: the position under its readings (pieces borne off
    in the tray), the pieces that can move and an arrow for each move. The drawing
    is hidden from screen readers: the column lists the same moves in words."""
    state = column.state if column.state.throw is not None else column.before
    board = svg.board_svg(state, ident=ident, interactive=False, label=column.name())
    arrows = move_arrows(state.rules, [m for m, _e in column.outcome.moves], ident, differs)
    board = board.replace('class="senet-board"', 'class="senet-board compare-board" '
                          'aria-hidden="true" focusable="false"', 1)  # fmt: skip
    board = board.replace(' role="group"', "", 1)
    cut = board.rindex("</svg>")
    return board[:cut] + f'<g class="compare-moves">{arrows}</g>' + board[cut:]


# -- the view's markup -----------------------------------------------------------------


def comparison_html(result: Comparison, ident: str = "cmp") -> str:
    """The differences in sentences, then the columns (a heading, the sources, the
    board, the moves in words, the disputed ones marked), as an escaped HTML fragment.
    The differences come first: they are what the comparison is for (issue 37: under
    the columns they were below the fold)."""
    out = [_differences_html(result), '<div class="compare-columns">']
    differing = differing_moves(result)
    only_some = escape(_("not in every reading"))
    for index, column in enumerate(result.columns):
        out.append('<section class="compare-column">')
        out.append(f"<h3>{escape(column.name())}</h3>")
        out.append(
            '<p class="compare-source">' + escape("; ".join(sources(column.presets))) + "</p>"
        )
        value = column.outcome.value
        out.append('<p class="compare-value">' + escape(_("The throw is worth {value}.",
                                                            value=value)) + "</p>")  # fmt: skip
        out.append(column_svg(column, f"{ident}-{index}", differing[index]))
        out.append('<ul class="compare-moves-list">')
        if column.outcome.moves:
            for move, effects in column.outcome.moves:
                words = escape(move_words(move, effects))
                if move in differing[index]:
                    out.append(f'<li class="differs">{words} <span class="compare-mark">'
                               f"({only_some})</span></li>")  # fmt: skip
                else:
                    out.append(f"<li>{words}</li>")
        else:
            out.append("<li>" + escape(lost_words(column.outcome)) + "</li>")
        out.append("</ul></section>")
    out.append("</div>")
    if result.unavailable:
        out.append('<ul class="compare-unavailable">')
        reasons: dict[str, list[str]] = {}
        for name, reason in result.unavailable:
            reasons.setdefault(reason, []).append(name)
        for reason, names in reasons.items():
            text = _("{readings} cannot hold this position: {reason}.",
                     readings=readings_name(names), reason=reason)  # fmt: skip
            out.append("<li>" + escape(text) + "</li>")
        out.append("</ul>")
    return "".join(out)


def _differences_html(result: Comparison) -> str:
    heading = _("The differences")  # outside the f-string, where the extractor finds it
    out = [f'<section class="compare-differences"><h3>{escape(heading)}</h3>']
    if result.sentences:
        out.append('<ul class="compare-sentences">')
        out.extend("<li>" + escape(sentence) + "</li>" for sentence in result.sentences)
        out.append("</ul>")
    else:
        out.append("<p>" + escape(_("Every reading allows the same moves here.")) + "</p>")
    out.append("</section>")
    return "".join(out)
