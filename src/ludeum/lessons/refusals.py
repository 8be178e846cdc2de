"""Why the rules refuse a move: the sentence a lesson says when a learner tries one.

``refusal(state, selected, name)`` takes what the board reports (the piece chosen,
by its ``data-square`` name, and the square tapped next; or only a tap on a piece
that cannot move) and returns the rule that refuses it, as a key and a sentence in
our own words. The engine is the authority on what is legal and on why: for Senet
it names the rule (``ludeum.senet.refusal.why_refused``) and this module only puts
it in a learner's words. Where a lesson has no words of its own for the rule (a
reading the lessons do not teach), it says so in general words.

Senet's sentences are those of Jéquier's reading, the lessons' (``ludeum.lessons.senet``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import N_, _

TEXTS = {
    "opponent": N_("That piece is your opponent's: you play {side}."),
    "no_throw": N_("Throw the sticks first: the throw says how far a piece moves."),
    "distance": N_("With a throw of {value}, a piece moves exactly {value} squares."),
    "own": N_("Two pieces of one colour never share a square: you cannot land on your own."),
    "pair": N_("That piece cannot be bumped: another piece of its colour stands right "
               "beside it, and the two protect each other."),
    "safe": N_("That piece cannot be bumped: square {square} is a safe square."),
    "blockade": N_("Three of your opponent's pieces in a row make a wall: no piece may "
                   "pass over them."),
    "bear_off": N_("A piece leaves the board only once all your pieces are on the last "
                   "row, squares 21 to 30."),
    "backward": N_("A piece may move back only when none of yours can move forward."),
    "backward_empty": N_("A piece moving back must land on an empty square."),
    "finished": N_("That piece has made its journey: it is out of the game."),
    "digit": N_("This piece shows {digit}: it moves exactly {digit} squares, along rows "
                "and columns, turning once at most."),
    "blocked": N_("The way there is blocked: a piece never jumps over another."),
    "capture_own": N_("You cannot capture your own piece."),
    "king_file": N_("The king starts on file d or e, the two middle squares of your "
                    "home row."),
    "rules": N_("The rules do not allow that move."),
}  # fmt: skip


@dataclass(frozen=True)
class Refusal:
    key: str
    fields: tuple[tuple[str, str], ...] = ()

    @property
    def text(self) -> str:
        return _(TEXTS[self.key], **dict(self.fields))


def refusal(state, selected: str | None, name: str) -> Refusal | None:
    """The rule that refuses what the learner tried: ``selected`` (a piece's board
    name, or None) then a tap on ``name``. None when the tap tries nothing (an empty
    square with no piece chosen)."""
    from ..saves import game_name

    game = game_name(state)
    if game == "senet":
        return _senet(state, selected, name)
    if game == "squadro":
        return _squadro(state, selected, name)
    return _lodestone(state, selected, name)


# -- Senet ---------------------------------------------------------------------------


def _senet_square(name: str | None) -> int | None:
    from ..senet.track import OFF, PLINTH

    if name == "off":
        return OFF
    if name == "P":
        return PLINTH
    if name and name.isascii() and name.isdigit():
        return int(name)
    return None


def _senet(state, selected: str | None, name: str) -> Refusal | None:
    from ..senet.state import EMPTY, WHITE

    if state.winner is not None:
        return None
    colour = state.colour_of(state.seat)
    board = state.board
    square = _senet_square(name)
    if selected is None:
        if square is None or not 1 <= square <= 30 or board[square] == EMPTY:
            return None
        if colour is not None and board[square] != colour:
            side = _("White") if colour == WHITE else _("Black")
            return Refusal("opponent", (("side", side),))
        if state.throw is None:
            return Refusal("no_throw")
        return senet_move_refusal(state, square, square + state.throw_value)
    src = _senet_square(selected)
    if src is None or square is None or state.throw is None:
        return None
    value = state.throw_value
    from ..senet.track import OFF

    if square == OFF:
        return senet_move_refusal(state, src, src + value)
    if square not in (src + value, src - value):
        return Refusal("distance", (("value", str(value)),))
    return senet_move_refusal(state, src, square)


#: The engine's refusal keys (``ludeum.senet.refusal``) that a lesson says in its own
#: words; any other rule is named in general words (``rules``). Jéquier's reading,
#: the lessons', names its rules with these.
SENET_KEYS = {
    "own": "own",
    "pair": "pair",
    "pair_row": "pair",
    "safe": "safe",
    "wall": "blockade",
    "last_row": "bear_off",
    "backward": "backward",
    "backward_capture": "backward_empty",
    "distance": "distance",
    "no_throw": "no_throw",
}


def senet_move_refusal(state, src: int, dst: int) -> Refusal:
    """The rule that refuses moving the piece on ``src`` to ``dst`` (past 30:
    bearing off) with the throw pending, as the engine names it
    (``ludeum.senet.refusal.why_refused``), in a lesson's words."""
    from ..senet.refusal import why_refused
    from ..senet.track import OFF

    key = why_refused(state, src, OFF if dst > 30 else dst)
    lesson_key = SENET_KEYS.get(key, "rules")
    if lesson_key == "safe":
        return Refusal("safe", (("square", str(dst)),))
    if lesson_key == "distance":
        return Refusal("distance", (("value", str(state.throw_value)),))
    return Refusal(lesson_key)


# -- Squadro -------------------------------------------------------------------------


def _squadro(state, selected: str | None, name: str) -> Refusal | None:
    from ..squadro.rules import HOME, LANES, POSITION, H
    from ..squadro.svg import side_name

    if state.winner is not None or "," not in name:
        return None
    column, _sep, row = name.partition(",")
    if not (column.isdigit() and row.isdigit()):
        return None
    square = (int(column), int(row))
    for seat in (0, 1):
        for lane in LANES:
            progress = state.progress[seat][lane]
            if progress == HOME:
                continue
            position = POSITION[progress]
            if ((position, lane) if seat == H else (lane, position)) == square:
                if seat != state.seat:
                    return Refusal("opponent", (("side", side_name(state.seat)),))
                return Refusal("rules")
    return None


# -- Lodestone -----------------------------------------------------------------------


def _lodestone(state, selected: str | None, name: str) -> Refusal | None:
    from ..lodestone.paths import path_table
    from ..lodestone.rules import parse_square
    from ..lodestone.state import EMPTY, colour_of
    from ..lodestone.svg import colour_name

    if state.winner is not None:
        return None
    if state.setting_up:
        return Refusal("king_file")
    try:
        square = parse_square(name)
    except ValueError:
        return None
    board = state.board
    if selected is None:
        if board[square] == EMPTY:
            return None
        if colour_of(board[square]) != state.turn:
            return Refusal("opponent", (("side", colour_name(state.turn)),))
        return Refusal("blocked")  # a piece of the side to move with no move at all
    try:
        src = parse_square(selected)
    except ValueError:
        return None
    digit = state.digit(src)
    rank, file = divmod(src, 8)
    to_rank, to_file = divmod(square, 8)
    if abs(rank - to_rank) + abs(file - to_file) != digit:
        return Refusal("digit", (("digit", str(digit)),))
    if board[square] != EMPTY and colour_of(board[square]) == state.turn:
        return Refusal("capture_own")
    for passed, dst in path_table()[src][digit]:
        if dst == square and all(board[s] == EMPTY for s in passed):
            return Refusal("rules")
    return Refusal("blocked")
