"""Moves under Timothy Kendall's rules and their four options (see ``rulesets``).

Kendall's squares at the end of the track behave one by one (26 must be reached
exactly, 28 and 29 need an exact throw to leave, the water holds a piece that waits),
so this generator works square by square on the bitboards rather than with the
whole-board shifts of the Jéquier generator; it runs once per throw, which is plenty.
"""

from __future__ import annotations

from .action import MOVE
from .moves import BIT, FIRST_ROW, bits
from .track import OFF, WATER

#: Bearing off needs an exact throw from these squares (from 30 any throw will do).
EXACT_EXIT = {28: 3, 29: 2}
REBIRTH = 15  # where a piece leaving the water comes back


def _protected(opp: int, square: int) -> bool:
    """A piece beside another of its side along the track cannot be captured."""
    return bool(opp & (BIT[square - 1] | BIT[square + 1]))  # BIT[0] and BIT[31] are 0


def moves(rules, mine: int, opp: int, value: int, forced: int, pass_move) -> list:
    """Moves of the side ``mine`` for a throw of ``value`` (``Move`` values, and
    ``pass_move`` where waiting or declining is allowed); ``forced`` is a square whose
    piece must move (after coming back from the water), else 0."""
    occupied = mine | opp
    may_bear_off = not (rules.home_row and mine & FIRST_ROW)
    if mine & BIT[WATER]:
        # A piece in the water freezes the others: it leaves on a 4, comes back to 15
        # on another throw if 15 is free, or waits.
        options = []
        if value == 4:
            if may_bear_off:
                options.append(MOVE[WATER][OFF])
        elif not occupied & BIT[REBIRTH]:
            options.append(MOVE[WATER][REBIRTH])
        options.append(pass_move)
        return options
    pieces = [forced] if forced and mine & BIT[forced] else bits(mine)
    forward = []
    for s in pieces:
        d = s + value
        if s <= 25:
            if d <= 26:
                if _can_land(mine, opp, d):
                    forward.append(MOVE[s][d])
            elif rules.trap and not occupied & BIT[WATER]:
                forward.append(MOVE[s][WATER])  # the trap: overshooting 26 ends in the water
        elif s == 26:
            if value == 5:
                if may_bear_off:
                    forward.append(MOVE[s][OFF])
            elif value == 1:
                if not occupied & BIT[WATER]:
                    forward.append(MOVE[s][WATER])
            elif not mine & BIT[d]:
                # A capture on 28-30 sends the piece into the water, so needs it free.
                if not opp & BIT[d] or (not occupied & BIT[WATER] and not _protected(opp, d)):
                    forward.append(MOVE[s][d])
        elif s in EXACT_EXIT:
            if value == EXACT_EXIT[s] and may_bear_off:
                forward.append(MOVE[s][OFF])
        elif s == 30 and may_bear_off:
            forward.append(MOVE[s][OFF])
    if forward:
        if all(m.dst == OFF for m in forward):
            forward.append(pass_move)  # bearing off is never compulsory
        return forward
    backward = []
    for s in pieces:
        d = s - value
        if s <= 26 and d >= 1 and _can_land(mine, opp, d):
            backward.append(MOVE[s][d])
    return backward


def _can_land(mine: int, opp: int, d: int) -> bool:
    bit = BIT[d]
    if mine & bit:
        return False
    return not opp & bit or not _protected(opp, d)


def play(rules, mine: int, opp: int, src: int, dst: int, value: int):
    """Play a legal move. Returns (mine, opp, effects, extra throw?, forced square)."""
    if src == dst:  # a pass: waiting in the water, or declining to bear off
        waiting = bool(mine & BIT[WATER])
        effect = ("waits",) if waiting else ("passes",)
        return mine, opp, [effect], not waiting and value in rules.extra_throw_values, 0
    mine ^= BIT[src]
    effects = []
    forced = 0
    if dst == OFF:
        effects.append(("borne_off", src))
    else:
        if opp & BIT[dst]:
            # Captured: swapped back to the mover's square, or into the water when
            # taken on 28-30 from 26.
            back_to = WATER if src == 26 and dst >= 28 else src
            opp ^= BIT[dst] | BIT[back_to]
            effects.append(("bumped", dst, back_to))
        mine |= BIT[dst]
        if dst == WATER:
            effects.append(("into_water",))
        elif src == WATER:
            effects.append(("reborn", dst))
            forced = dst  # the next throw must move this piece: coming back costs a turn
    water_action = src == WATER
    extra = not water_action and value in rules.extra_throw_values
    return mine, opp, effects, extra, forced
