"""Helpers to set up Senet positions by hand."""

from __future__ import annotations

from ludeum.senet import JEQUIER, Throw, parse_position


def position_text(white, black, to="W", throw=None, pieces=5, off=None):
    """``off``: (White, Black) borne off; by default every piece not listed."""
    board = ["."] * 30
    for s in white:
        board[s - 1] = "W"
    for s in black:
        board[s - 1] = "B"
    white_off, black_off = off if off else (pieces - len(white), pieces - len(black))
    off = f"{white_off}-{black_off}"
    return f"{''.join(board)} {off} {to} {'-' if throw is None else throw}"


def setup(white, black, to="W", throw=None, rules=JEQUIER, off=None):
    """A position with the given pieces (the rest borne off, unless ``off`` gives the
    counts: under Tait's rules the others wait on the plinth), ``to`` to act and
    optionally a throw of that value waiting to be played. Black is seat 0."""
    state = parse_position(rules, position_text(white, black, to, None, rules.pieces, off))
    if throw is None:
        return state
    # Throw it for real: a throw no piece can use is then lost (no moves to list).
    light = 0 if throw == rules.zero_light_value else throw
    return state.apply(Throw(tuple(1 if i < light else 0 for i in range(4))))


def moves(state):
    return {m.notation() for m in state.legal_moves()}
