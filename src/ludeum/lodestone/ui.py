"""What the browser glue needs from Lodestone, behind the same small surface as every
game's ``ui`` module (see ``ludeum.games``): pure functions of states.

``announce`` words each action for the page's live region: the king's placement,
a move with the digit the piece shows where it lands (the hidden magnets change it,
and it says how far the piece goes next), a capture, a pass, a check, the end.
"""

from __future__ import annotations

import random

from ..i18n import N_, _, _n
from ..player_cards import SideCard
from ..seats import SIDES, Seating
from . import log, svg
from .rules import FILES, HOME_RANK, LodestoneRules, square_name
from .state import PASS, KingFile, LodestoneState, colour_of, is_king, new_game

GAME = "lodestone"
AID_LABEL = N_("Show the magnet map")
board_svg = svg.board_svg
status = log.status
ending = log.ending
log_entry = log.log_entry
game_log = log.game_log
last_move = log.last_move


def title() -> str:
    return _("Lodestone")


def start(options: dict, first_seat: int) -> LodestoneState:
    rules = options.get("lodestone_rules")
    return new_game(rules if isinstance(rules, LodestoneRules) else LodestoneRules(), first_seat)


def ruleset_name(state: LodestoneState) -> str:
    text = _("Red moves up, White moves down")
    options = reading_name(state)
    return _("{first}; {second}", first=text, second=options) if options else text


def reading_name(state: LodestoneState) -> str | None:
    """The options chosen, where a saved game is named; None for the standard rules
    (the subtitle, "Red moves up, White moves down", is the same for every game)."""
    rules = state.rules
    text = None
    if rules.per_colour_reading:
        text = _("each colour reads the magnets its own way")
    if rules.rotation:
        option = _("board turned {turns} quarter", turns=rules.rotation)
        text = _("{first}; {second}", first=text, second=option) if text else option
    return text


def side_svg(state: LodestoneState) -> str:
    return ""


def can_throw(state: LodestoneState) -> bool:
    return False


def throw(state: LodestoneState, source: random.Random):
    raise ValueError("Lodestone has no throws")


def pass_move(state: LodestoneState):
    return PASS if state.legal_moves() == (PASS,) else None


def seat_to_play(state: LodestoneState) -> int | None:
    return state.to_act()


def side_label(state: LodestoneState, seat: int) -> str:
    return log.player(seat + 1)


def describe_move(state: LodestoneState, move) -> str:
    if move == PASS:
        return _("pass")
    if isinstance(move, KingFile):
        return _("put the king on file {file}", file=move.notation()[1])
    src, dst = move.notation().split("-")
    return _("move the piece on {src} to {dst}", src=src, dst=dst)


def piece_name(move) -> str | None:
    """A king's set-up square, or the square of the piece that moves; None for a pass."""
    if move == PASS:
        return None
    return move.notation().split("-")[0]


def after_game(state: LodestoneState) -> tuple[str, dict] | None:
    """The sheet's advice to turn the board after some games, offered at the end."""
    rules = state.rules
    turned = LodestoneRules(rules.per_colour_reading, (rules.rotation + 1) % 4,
                            rules.moves_without_capture)  # fmt: skip
    return _("Rotate the board and play again"), {"lodestone_rules": turned}


def tap(state: LodestoneState, selected: str | None, name: str):
    """Set-up: tap one of the two marked squares for the king. Play: tap a piece to
    see where it can go, then tap one of those squares."""
    if state.winner is not None:
        return None, None
    if state.setting_up:
        if name in ("Kd", "Ke"):
            return None, KingFile(3 if name == "Kd" else 4)
        return None, None
    moves = [m for m in state.legal_moves() if m != PASS]
    if selected is not None:
        for move in moves:
            if move.notation() == f"{selected}-{name}":
                return None, move
    if any(move.notation().startswith(f"{name}-") for move in moves) and name != selected:
        return name, None
    return None, None


def piece_actions(state: LodestoneState, name: str) -> tuple:
    """Every move the piece on ``name`` can make now (none during the set-up, whose
    taps are on the king's squares)."""
    if state.winner is not None or state.setting_up:
        return ()
    return tuple(m for m in state.legal_moves()
                 if m != PASS and m.notation().startswith(f"{name}-"))  # fmt: skip


def announce(before: LodestoneState, action, after: LodestoneState,
             seating: Seating = SIDES) -> str:  # fmt: skip
    """What an action did, in words for the live region: "Red moves its pawn from a1
    to a3; it now shows 4." ("You move your pawn..." against the computer), a
    capture, a check, the end of the game."""
    seat = before.turn - 1
    if seating.is_you(seat):
        texts = [_your_action_words(before, action, after)]
    else:
        side = seating.subject(seat, svg.colour_name(before.turn))
        texts = [_action_words(before, action, after, side)]
    if after.winner is None:
        texts.extend(_new_checks(before, after))
        return " ".join(texts)
    texts.append(log.end_text(after, svg.colour_name, seating))
    return " ".join(texts)


def _action_words(before: LodestoneState, action, after: LodestoneState, side: str) -> str:
    """An action by ``side``, in the third person (a colour, or the computer)."""
    if isinstance(action, KingFile):
        square = f"{FILES[action.file]}{HOME_RANK[before.turn] + 1}"
        return _("{side} puts its king on {square}.", side=side, square=square)
    if action == PASS:
        return _("{side} cannot move and passes.", side=side)
    src, dst = square_name(action.src), square_name(action.dst)
    digit = after.digit(action.dst)
    king = is_king(after.board[action.dst])
    taken = before.board[action.dst]
    if taken and king:
        return _("{side} moves its king from {src} to {dst} and takes the {piece}; "
                 "it now shows {digit}.", side=side, src=src, dst=dst,
                 piece=svg.piece_name(taken), digit=digit)  # fmt: skip
    if taken:
        return _("{side} moves its pawn from {src} to {dst} and takes the {piece}; "
                 "it now shows {digit}.", side=side, src=src, dst=dst,
                 piece=svg.piece_name(taken), digit=digit)  # fmt: skip
    if king:
        return _("{side} moves its king from {src} to {dst}; it now shows {digit}.",
                 side=side, src=src, dst=dst, digit=digit)  # fmt: skip
    return _("{side} moves its pawn from {src} to {dst}; it now shows {digit}.",
             side=side, src=src, dst=dst, digit=digit)  # fmt: skip


def _your_action_words(before: LodestoneState, action, after: LodestoneState) -> str:
    """An action of yours against the computer: ``_action_words`` in the second person."""
    if isinstance(action, KingFile):
        square = f"{FILES[action.file]}{HOME_RANK[before.turn] + 1}"
        return _("You put your king on {square}.", square=square)
    if action == PASS:
        return _("You cannot move and pass.")
    src, dst = square_name(action.src), square_name(action.dst)
    digit = after.digit(action.dst)
    king = is_king(after.board[action.dst])
    taken = before.board[action.dst]
    if taken and king:
        return _("You move your king from {src} to {dst} and take the {piece}; it now "
                 "shows {digit}.", src=src, dst=dst, piece=svg.piece_name(taken),
                 digit=digit)  # fmt: skip
    if taken:
        return _("You move your pawn from {src} to {dst} and take the {piece}; it now "
                 "shows {digit}.", src=src, dst=dst, piece=svg.piece_name(taken),
                 digit=digit)  # fmt: skip
    if king:
        return _("You move your king from {src} to {dst}; it now shows {digit}.",
                 src=src, dst=dst, digit=digit)  # fmt: skip
    return _("You move your pawn from {src} to {dst}; it now shows {digit}.",
             src=src, dst=dst, digit=digit)  # fmt: skip


def _new_checks(before: LodestoneState, after: LodestoneState) -> list[str]:
    """Checks the action made: a check that stood before was said when it began."""
    if after.setting_up:
        return []
    known = set(before.checks()) if not before.setting_up else set()
    return [
        _("Check: the {piece} on {attacker} threatens the {king} on {square}.",
          piece=svg.piece_name(after.board[attacker]), attacker=square_name(attacker),
          king=svg.piece_name(after.board[king]), square=square_name(king))
        for king, attacker in after.checks()
        if (king, attacker) not in known
    ]  # fmt: skip


def rules_page(state: LodestoneState) -> str:
    from .rules_page import rules_page

    return rules_page()


def side_card(state: LodestoneState, seat: int) -> SideCard:
    """The seat's player card: its colour (seat 0 plays Red) and how many of the
    other colour's pieces it has taken."""
    colour = seat + 1
    other = sum(1 for code in state.board if code and colour_of(code) != colour)
    taken = 0 if state.setting_up else 8 - other
    return SideCard(svg.colour_name(colour), svg.swatch_svg(colour),
                    _n("{count} captured", "{count} captured", taken))  # fmt: skip
