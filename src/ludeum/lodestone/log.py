"""Words for what happens in a Lodestone game: the status line and the move list."""

from __future__ import annotations

from ..history import newest_first, replay
from ..i18n import _
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


def _last_text(state: LodestoneState) -> list[str]:
    texts = []
    effects = dict((e[0], e[1:]) for e in state.effects)
    if "moved" in effects:
        src, dst = effects["moved"]
        mover = colour_of(state.board[dst])
        text = _("{side} moved {src} to {dst}.", side=player(mover), src=square_name(src),
                 dst=square_name(dst))  # fmt: skip
        if "captured" in effects:
            text += " " + _("It took the {piece}.", piece=piece_name(effects["captured"][1]))
        texts.append(text)
    elif "pass" in effects:
        texts.append(_("No piece could move: the turn passed."))
    return texts


def end_text(state: LodestoneState, name) -> str:
    """How a finished game ended, naming the winner with ``name(colour)`` (the status
    says "Red (Player 1)", the live announcement just "Red")."""
    reason = state.outcome().reason
    if reason == "king_taken":
        return _("{side} has taken the enemy king and wins.", side=name(state.winner))
    if reason == "two_left":
        loser = WHITE if state.winner == RED else RED
        return _("{side} is left with a king and one pawn: {winner} wins.",
                 side=colour_name(loser), winner=name(state.winner))  # fmt: skip
    if reason == "stalemate":
        return _("Neither side can move: a draw.")
    return _("{count} moves without a capture: a draw.", count=state.rules.moves_without_capture)


def ending(state: LodestoneState) -> str:
    """How a finished game ended, in one sentence (the result banner's)."""
    return end_text(state, player)


def status(state: LodestoneState) -> str:
    if state.setting_up:
        rank = HOME_RANK[state.turn] + 1
        return _("{side}: put your king on {first} or {second}.", side=player(state.turn),
                 first=f"{FILES[KING_FILES[0]]}{rank}",
                 second=f"{FILES[KING_FILES[1]]}{rank}")  # fmt: skip
    parts = _last_text(state)
    if state.winner is not None:
        parts.append(end_text(state, player))
        return " ".join(parts)
    parts.extend(check_text(state))
    if state.legal_moves() == (PASS,):
        parts.append(_("{side} has no legal move and must pass.", side=player(state.turn)))
    else:
        parts.append(_("{side} to move.", side=player(state.turn)))
    return " ".join(parts)


def log_entry(before: LodestoneState, action, after: LodestoneState) -> str:
    if type(action) is KingFile:
        square = f"{FILES[action.file]}{HOME_RANK[before.turn] + 1}"
        return _("{side}: king on {square}.", side=colour_name(before.turn), square=square)
    if action == PASS:
        return _("{side}: passes.", side=colour_name(before.turn))
    text = _("{side}: {move}.", side=colour_name(before.turn), move=action.notation())
    if any(e[0] == "captured" for e in after.effects):
        text += " " + _("A capture.")
    return text


def game_log(state: LodestoneState) -> list[str]:
    return [log_entry(before, action, after) for before, action, after in replay(state)]


def last_move(state: LodestoneState) -> Move | None:
    for action in newest_first(state.history):
        if type(action) is Move and action != PASS:
            return action
    return None
