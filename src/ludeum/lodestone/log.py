"""Words for what happens in a Lodestone game: the status line and the move list,
with "you" and "the computer" for the seats against the computer (``Seating``).
A colour's seat is its number less one: Red is Player 1."""

from __future__ import annotations

from ..history import newest_first, replay
from ..i18n import _, _n
from ..seats import SIDES, Seating
from .rules import FILES, HOME_RANK, KING_FILES, RED, WHITE, square_name
from .state import PASS, KingFile, LodestoneState, Move, colour_of
from .svg import colour_name, piece_name


def player(colour: int) -> str:
    return _("{colour} (Player {number})", colour=colour_name(colour), number=colour)


def check_text(state: LodestoneState) -> list[str]:
    """ "Check" warnings naming the threatened king and the threatening piece."""
    texts = []
    for king, attacker in state.checks():
        texts.append(
            _("Check: the {piece} on {attacker} threatens the {king} on {square}.",
              piece=piece_name(state.board[attacker]), attacker=square_name(attacker),
              king=piece_name(state.board[king]), square=square_name(king))
        )  # fmt: skip
    return texts


def _seat(colour: int) -> int:
    return colour - 1


def _last_text(state: LodestoneState, seating: Seating) -> list[str]:
    texts = []
    effects = dict((e[0], e[1:]) for e in state.effects)
    if "moved" in effects:
        src, dst = effects["moved"]
        mover = colour_of(state.board[dst])
        if seating.is_you(_seat(mover)):
            text = _("You moved {src} to {dst}.", src=square_name(src), dst=square_name(dst))
        else:
            text = _("{side} moved {src} to {dst}.",
                     side=seating.subject(_seat(mover), player(mover)), src=square_name(src),
                     dst=square_name(dst))  # fmt: skip
        if "captured" in effects:
            text += " " + _("It took the {piece}.", piece=piece_name(effects["captured"][1]))
        texts.append(text)
    elif "pass" in effects:
        texts.append(_("No piece could move: the turn passed."))
    return texts


def end_text(state: LodestoneState, name, seating: Seating = SIDES) -> str:
    """How a finished game ended, naming the winner with ``name(colour)`` (the status
    says "Red (Player 1)", the live announcement just "Red"), or "you" and "the
    computer" against the computer."""
    reason = state.outcome().reason
    winner = state.winner
    if reason == "king_taken":
        if seating.is_you(_seat(winner)):
            return _("You have taken the enemy king and win.")
        return _("{side} has taken the enemy king and wins.",
                 side=seating.subject(_seat(winner), name(winner)))  # fmt: skip
    if reason == "two_left":
        loser = WHITE if winner == RED else RED
        if seating.is_you(_seat(loser)) and seating.is_computer(_seat(winner)):
            return _("You are left with a king and one pawn: the computer wins.")
        if seating.is_computer(_seat(loser)):
            return _("The computer is left with a king and one pawn: you win.")
        if seating.is_you(_seat(loser)):  # a game by links: the friend wins
            return _("You are left with a king and one pawn: {winner} wins.",
                     winner=seating.subject(_seat(winner), name(winner)))  # fmt: skip
        if seating.is_you(_seat(winner)):
            return _("{side} is left with a king and one pawn: you win.",
                     side=seating.subject(_seat(loser), colour_name(loser)))  # fmt: skip
        return _("{side} is left with a king and one pawn: {winner} wins.",
                 side=colour_name(loser), winner=name(winner))  # fmt: skip
    if reason == "stalemate":
        return _("Neither side can move: a draw.")
    return _n(
        "{count} move without a capture: a draw.",
        "{count} moves without a capture: a draw.",
        state.rules.moves_without_capture,
    )


def ending(state: LodestoneState, seating: Seating = SIDES) -> str:
    """How a finished game ended, in one sentence (the result banner's)."""
    return end_text(state, player, seating)


def status(state: LodestoneState, seating: Seating = SIDES) -> str:
    turn = state.turn
    if state.setting_up:
        rank = HOME_RANK[turn] + 1
        first, second = f"{FILES[KING_FILES[0]]}{rank}", f"{FILES[KING_FILES[1]]}{rank}"
        if seating.is_you(_seat(turn)):
            return _("Your turn: put your king on {first} or {second}.",
                     first=first, second=second)  # fmt: skip
        if seating.is_computer(_seat(turn)):
            return _("The computer puts its king on {first} or {second}.",
                     first=first, second=second)  # fmt: skip
        return _("{side}: put your king on {first} or {second}.",
                 side=seating.subject(_seat(turn), player(turn)),
                 first=first, second=second)  # fmt: skip
    parts = _last_text(state, seating)
    if state.winner is not None:
        parts.append(end_text(state, player, seating))
        return " ".join(parts)
    parts.extend(check_text(state))
    must_pass = state.legal_moves() == (PASS,)
    if seating.is_you(_seat(turn)) and must_pass:
        parts.append(_("You have no legal move and must pass."))
    elif must_pass:
        parts.append(_("{side} has no legal move and must pass.",
                       side=seating.subject(_seat(turn), player(turn))))  # fmt: skip
    elif seating.is_you(_seat(turn)):
        parts.append(_("Your turn: move."))
    elif seating.is_computer(_seat(turn)):
        parts.append(_("The computer moves next."))
    else:
        parts.append(_("{side} to move.", side=seating.subject(_seat(turn), player(turn))))
    return " ".join(parts)


def log_entry(
    before: LodestoneState, action, after: LodestoneState, seating: Seating = SIDES
) -> str:
    seat = _seat(before.turn)
    you = seating.is_you(seat)
    side = seating.subject(seat, colour_name(before.turn))
    if type(action) is KingFile:
        square = f"{FILES[action.file]}{HOME_RANK[before.turn] + 1}"
        if you:
            return _("You: king on {square}.", square=square)
        return _("{side}: king on {square}.", side=side, square=square)
    if action == PASS:
        return _("You: pass.") if you else _("{side}: passes.", side=side)
    if you:
        text = _("You: {move}.", move=action.notation())
    else:
        text = _("{side}: {move}.", side=side, move=action.notation())
    if any(e[0] == "captured" for e in after.effects):
        text += " " + _("A capture.")
    return text


def game_log(state: LodestoneState, seating: Seating = SIDES) -> list[str]:
    return [log_entry(before, action, after, seating) for before, action, after in replay(state)]


def last_move(state: LodestoneState) -> Move | None:
    for action in newest_first(state.history):
        if type(action) is Move and action != PASS:
            return action
    return None
