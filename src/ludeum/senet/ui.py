"""What the browser glue needs from Senet, behind the same small surface as every
game's ``ui`` module (see ``ludeum.games``): pure functions of states.

``announce`` words each action for the page's live region, for players who follow
the game by ear: sides are named by colour (by player before the opening decides the
colours; "you" and "the computer" against the computer), squares by number, and
what the rules did to the pieces (a bump, the water, the plinth, bearing off) is
said with the move that caused it.
"""

from __future__ import annotations

import random

from ..history import newest_first
from ..i18n import N_, _
from ..player_cards import SideCard
from ..seats import SIDES, Seating
from . import log, opening, svg
from .rulesets import JEQUIER, PRESETS, SenetRules
from .setup_form import ruleset_name as _ruleset_name
from .state import BLACK, DRAW, PASS, WHITE, Move, SenetState, new_game
from .sticks import Throw, throw_sticks
from .track import OFF, PLINTH, WATER

GAME = "senet"
status = log.status
turn_status = log.turn_status
ending = log.ending
log_entry = log.log_entry
game_log = log.game_log
#: Senet's opening in one action ("Decide who starts", src/web/opening.py); the
#: games without an opening have neither.
opening_due = opening.opening_due
decide_opening = opening.decide_opening


def title() -> str:
    return _("Senet")


def start(options: dict, first_seat: int) -> SenetState:
    rules = options.get("rules", JEQUIER)
    return new_game(rules if isinstance(rules, SenetRules) else PRESETS["jequier"], first_seat)


#: The page passes ``upright`` on a phone (src/web/screen.py).
STANDS_UPRIGHT = True


def board_svg(
    state: SenetState,
    *,
    selected: str | None = None,
    last_move=None,
    narrow: bool = False,
    upright: bool | None = None,
    touched: frozenset[int] = frozenset(),
    playable: bool = True,
) -> str:
    """The board; ``upright`` (a phone) stands it on end, so that its squares are
    large enough for a finger. ``narrow`` alone (a small frame, wider than tall)
    keeps it lying: its tray is a column of the board, nothing to leave out.
    Without ``upright``, ``narrow`` stands it up, as it always did. ``playable``:
    as ``svg.board_svg``'s."""
    return svg.board_svg(
        state,
        selected=_square(selected) if selected else None,
        last_move=last_move,
        upright=narrow if upright is None else upright,
        touched=touched,
        playable=playable,
    )


def turn_marks(steps) -> frozenset[int]:
    """The squares a turn of several moves touched (each move's two ends, where a
    bumped piece went back to), marked until the next person acts (issue 26)."""
    squares: set[int] = set()
    for _before, action, after in steps:
        if isinstance(action, Move) and action != PASS:
            squares.update((action.src, action.dst))
            squares.update(e[2] for e in after.effects if e[0] == "bumped")
    return frozenset(squares)


def ruleset_name(state: SenetState) -> str:
    return _ruleset_name(state.rules)


def reading_name(state: SenetState) -> str:
    """The reading, where a saved game is named: Senet's readings are different
    games, so it is always named."""
    return _ruleset_name(state.rules)


def side_svg(state: SenetState) -> str:
    return svg.sticks_svg(state)


def can_throw(state: SenetState) -> bool:
    return state.throw is None and state.winner is None


def throw(state: SenetState, source: random.Random):
    return throw_sticks(source)


def pass_move(state: SenetState):
    return PASS if PASS in state.moves else None


def seat_to_play(state: SenetState) -> int | None:
    """The seat whose turn it is, to throw or to move; None once the game is over."""
    return None if state.winner is not None else state.seat


def side_label(state: SenetState, seat: int) -> str:
    return log.side_name(state, seat)


def describe_move(state: SenetState, move: Move) -> str:
    """A move in words, for the hint: "move the piece on 12 to 15"."""
    if move == PASS:
        return _("pass")
    if move.src == PLINTH:
        return _("bring a piece in from the plinth to {square}", square=move.dst)
    if move.dst == OFF:
        return _("bear off the piece on {square}", square=move.src)
    return _("move the piece on {src} to {dst}", src=move.src, dst=move.dst)


def piece_name(move: Move) -> str | None:
    """The board name of the piece a move takes (what a tap selects); None for a pass."""
    if move == PASS:
        return None
    return "P" if move.src == PLINTH else str(move.src)


def last_move(state: SenetState) -> Move | None:
    for action in newest_first(state.history):
        if isinstance(action, Move) and action != PASS:
            return action
    return None


def _square(name: str) -> int | None:
    if name == "off":
        return OFF
    if name == "P":
        return PLINTH
    return int(name) if name.isascii() and name.isdigit() else None


def tap(state: SenetState, selected: str | None, name: str):
    """A tap on a square: select a piece that can move, or move the selected piece
    there. Returns (selected, move or None)."""
    if state.throw is None or state.winner is not None:
        return None, None
    square = _square(name)
    if selected is not None and square is not None:
        move = Move(_square(selected), square)
        if move in state.moves and move != PASS:
            return None, move
    sources = {m.src for m in state.moves if m != PASS}
    if square in sources and name != selected:
        return name, None
    return None, None


def piece_actions(state: SenetState, name: str) -> tuple:
    """Every move the piece on ``name`` can make now (for the one-tap play and the
    drag: a Senet piece has at most one, the throw's)."""
    if state.throw is None or state.winner is not None:
        return ()
    square = _square(name)
    return tuple(m for m in state.moves if m != PASS and m.src == square)


def _who(state: SenetState, seat: int) -> str:
    """A side by its colour once the opening has decided it, else by its player."""
    colour = state.colour_of(seat)
    return log.seat_name(seat) if colour is None else svg.colour_name(colour)


def announce(before: SenetState, action, after: SenetState, seating: Seating = SIDES) -> str:
    """What an action did, in words for the live region: "White threw 3.",
    "Black moves from 12 to 15 and bumps a White piece back to 12." ("You move from
    12 to 15 and bump the computer's piece back to 12."); then who throws again, or
    how the game ended."""
    seat = before.seat
    you = seating.is_you(seat)
    side = seating.subject(seat, _who(after, seat))
    effects = {effect[0]: effect[1:] for effect in after.effects}
    if isinstance(action, Throw):
        text = _throw_words(before, action, after, seating, effects)
    elif you:
        text = _your_move_words(after, action, seating, effects)
    else:
        text = _move_words(after, action, seat, side, seating, effects)
    return " ".join([text, *_what_next(after, seat, side, seating, effects)])


def _throw_words(
    before: SenetState, action: Throw, after: SenetState, seating: Seating, effects: dict
) -> str:
    seat = before.seat
    value = before.rules.throw_value(action.light)
    waiting = "lost" in effects and after.waiting & (1 << (after.colour_of(seat) or 0))
    if "opening_one" in effects:
        if seating.is_you(seat):
            text = _("You threw a 1 and play Black.")
        else:
            text = _("{side} threw a 1 and plays Black.",
                     side=seating.subject(seat, _who(after, seat)))  # fmt: skip
        misses = log.opening_misses(after, seat, seating)  # the opening is one action on the page
        return f"{misses}. {text}" if misses else text
    if seating.is_you(seat):
        if "opening_miss" in effects:
            return _("You threw {value}: not a 1.", value=value)
        if waiting:
            return _("You threw {value}: no piece may move before your side throws a 1.",
                     value=value)  # fmt: skip
        if "lost" in effects:
            return _("You threw {value}, but no piece can use it: the throw is lost.",
                     value=value)  # fmt: skip
        if after.moves == (PASS,):
            return _("You threw {value}: your piece in the water can only wait.", value=value)
        return _("You threw {value}.", value=value)
    side = seating.subject(seat, _who(after, seat))
    if "opening_miss" in effects:
        return _("{side} threw {value}: not a 1.", side=side, value=value)
    if waiting:
        return _("{side} threw {value}: no piece may move before its side throws a 1.",
                 side=side, value=value)  # fmt: skip
    if "lost" in effects:
        return _("{side} threw {value}, but no piece can use it: the throw is lost.",
                 side=side, value=value)  # fmt: skip
    if after.moves == (PASS,):
        return _("{side} threw {value}: the piece in the water can only wait.",
                 side=side, value=value)  # fmt: skip
    return _("{side} threw {value}.", side=side, value=value)


def _move_words(
    after: SenetState, move: Move, seat: int, side: str, seating: Seating, effects: dict
) -> str:
    """A move by ``side``, said in the third person (a side, or the computer)."""
    if move == PASS:
        if "waits" in effects:
            return _("{side} leaves the piece in the water to wait.", side=side)
        return _("{side} passes.", side=side)
    src, dst = move
    if src == PLINTH:
        return _("{side} enters a piece on {square}.", side=side, square=dst)
    if dst == OFF:
        return _("{side} bears off the piece on {square}.", side=side, square=src)
    if "water" in effects:
        return _("{side} moves from {src} into the water; the piece starts again on {square}.",
                 side=side, src=src, square=effects["water"][0])  # fmt: skip
    if "to_plinth" in effects:
        return _("{side} moves from {src} into the water; the piece goes back to the plinth.",
                 side=side, src=src)  # fmt: skip
    if "into_water" in effects:
        return _("{side} moves from {src} into the water.", side=side, src=src)
    if "reborn" in effects:
        return _("{side} brings the piece in the water back to {square}.", side=side, square=dst)
    if "bumped" in effects and seating.is_computer(seat):
        return _computer_bump_words(src, dst, effects["bumped"][1])
    if "bumped" in effects:
        return _bump_words(side, src, dst, effects["bumped"][1], after.colour_of(seat) == BLACK)
    return _("{side} moves from {src} to {dst}.", side=side, src=src, dst=dst)


def _your_move_words(after: SenetState, move: Move, seating: Seating, effects: dict) -> str:
    """A move of yours, against the computer: ``_move_words`` in the second person."""
    if move == PASS:
        if "waits" in effects:
            return _("You leave your piece in the water to wait.")
        return _("You pass.")
    src, dst = move
    if src == PLINTH:
        return _("You enter a piece on {square}.", square=dst)
    if dst == OFF:
        return _("You bear off the piece on {square}.", square=src)
    if "water" in effects:
        return _("You move from {src} into the water; the piece starts again on {square}.",
                 src=src, square=effects["water"][0])  # fmt: skip
    if "to_plinth" in effects:
        return _("You move from {src} into the water; the piece goes back to the plinth.",
                 src=src)  # fmt: skip
    if "into_water" in effects:
        return _("You move from {src} into the water.", src=src)
    if "reborn" in effects:
        return _("You bring your piece in the water back to {square}.", square=dst)
    if "bumped" in effects:
        back = effects["bumped"][1]
        # Against the computer, or a person at another device (a game by links).
        words = _YOUR_BUMP[seating.friend is not None]
        return _(words.get(back, words[None]), src=src, dst=dst, back=back)
    return _("You move from {src} to {dst}.", src=src, dst=dst)


#: Your move that bumps the other side's piece, by whom it belongs to (True: the
#: friend of a game by links, False: the computer) and where it goes (None: back
#: to the square ``{back}``).
_YOUR_BUMP = {
    False: {
        PLINTH: N_("You move from {src} to {dst} and send the computer's piece back to its "
                   "plinth."),
        WATER: N_("You move from {src} to {dst} and bump the computer's piece into the water."),
        None: N_("You move from {src} to {dst} and bump the computer's piece back to {back}."),
    },
    True: {
        PLINTH: N_("You move from {src} to {dst} and send your opponent's piece back to its "
                   "plinth."),
        WATER: N_("You move from {src} to {dst} and bump your opponent's piece into the water."),
        None: N_("You move from {src} to {dst} and bump your opponent's piece back to {back}."),
    },
}  # fmt: skip


def _computer_bump_words(src: int, dst: int, back: int) -> str:
    """The computer's move that bumps your piece."""
    if back == PLINTH:
        return _("The computer moves from {src} to {dst} and sends your piece back to its "
                 "plinth.", src=src, dst=dst)  # fmt: skip
    if back == WATER:
        return _("The computer moves from {src} to {dst} and bumps your piece into the water.",
                 src=src, dst=dst)  # fmt: skip
    return _("The computer moves from {src} to {dst} and bumps your piece back to {back}.",
             src=src, dst=dst, back=back)  # fmt: skip


def _bump_words(side: str, src: int, dst: int, back: int, white_bumped: bool) -> str:
    """A move that bumps a piece. One whole message per colour of the bumped piece,
    as the colour agrees with "piece" in other languages (French: pièce blanche)."""
    if back == PLINTH:
        if white_bumped:
            return _("{side} moves from {src} to {dst} and sends a White piece back to its "
                     "plinth.", side=side, src=src, dst=dst)  # fmt: skip
        return _("{side} moves from {src} to {dst} and sends a Black piece back to its "
                 "plinth.", side=side, src=src, dst=dst)  # fmt: skip
    if back == WATER:
        if white_bumped:
            return _("{side} moves from {src} to {dst} and bumps a White piece into the "
                     "water.", side=side, src=src, dst=dst)  # fmt: skip
        return _("{side} moves from {src} to {dst} and bumps a Black piece into the water.",
                 side=side, src=src, dst=dst)  # fmt: skip
    if white_bumped:
        return _("{side} moves from {src} to {dst} and bumps a White piece back to {back}.",
                 side=side, src=src, dst=dst, back=back)  # fmt: skip
    return _("{side} moves from {src} to {dst} and bumps a Black piece back to {back}.",
             side=side, src=src, dst=dst, back=back)  # fmt: skip


def _what_next(
    after: SenetState, seat: int, side: str, seating: Seating, effects: dict
) -> list[str]:
    """The game's end, or the same side throwing again."""
    if after.winner is None:
        if "extra_throw" not in effects:
            return []
        if seating.is_you(seat):
            return [_("You throw again.")]
        return [_("{side} throws again.", side=side)]
    if "throw_limit" not in effects and seating.is_you(after.winner):
        return [_("You have borne off every piece and win, by {score} points.",
                  score=after.outcome().score)]  # fmt: skip
    if "throw_limit" not in effects:
        winner = seating.subject(after.winner, _who(after, after.winner))
        return [_("{side} has borne off every piece and wins, by {score} points.",
                  side=winner, score=after.outcome().score)]  # fmt: skip
    limit = after.rules.throw_limit
    if after.winner == DRAW:
        return [_("The game stops after {limit} throws with neither side ahead: a draw.",
                  limit=limit)]  # fmt: skip
    if seating.you is not None:
        return [log.ending(after, seating)]  # "you are further along", as the status says
    return [_("The game stops after {limit} throws: {side} is further along and wins.",
              limit=limit, side=_who(after, after.winner))]  # fmt: skip


def rules_page(state: SenetState) -> str:
    from .rules_pages import rules_page  # not needed to boot

    return rules_page(state.rules)


def side_card(state: SenetState, seat: int) -> SideCard:
    """The seat's player card: its colour and pieces borne off (nothing yet while
    the opening has not decided the colours). The colours are decided by the
    opening's 1, before its move: the status then says who plays Black, and so do
    the cards (tests/unit/test_table.py)."""
    colour = state.colour_of(seat)
    if colour is None and state.effects and state.effects[0][0] == "opening_one":
        colour = BLACK if seat == state.seat else WHITE
    if colour is None:
        return SideCard("", svg.swatch_svg(None), "")
    tally = _("{count} of {total} borne off", count=state.borne_off[colour],
              total=state.rules.pieces)  # fmt: skip
    return SideCard(svg.colour_name(colour), svg.swatch_svg(colour), tally)
