"""Moves under John Tait's rules (see ``rulesets``): pieces enter from a plinth,
captured pieces and pieces falling in the water go back to it, and bearing off
needs an exact throw."""

from __future__ import annotations

from ludeum.senet.track import OFF, PLINTH, WATER

from .moves import BIT, bits

ENTRY_SQUARES = {4: 4, 6: 6}  # a 4 enters on square 4, a 6 on square 6
REBIRTH = 15  # the House of Rebirth: a piece there cannot be captured
BEAUTY = 26  # landing on the House of Beauty earns another throw


def moves(rules, mine: int, opp: int, value: int, on_plinth: int) -> list:
    from .state import Move  # the state module imports this one

    actions = []
    entry = ENTRY_SQUARES.get(value)
    if entry and on_plinth and not mine & BIT[entry]:
        actions.append(Move(PLINTH, entry))
    into_water = []
    for s in bits(mine):
        d = s + value
        if d == 31:
            actions.append(Move(s, OFF))  # an exact throw bears the piece off
        elif d <= 30 and not mine & BIT[d]:
            if d == WATER:
                into_water.append(Move(s, d))
            elif not (d == REBIRTH and opp & BIT[d]):
                actions.append(Move(s, d))
    # The water is a last resort: only when nothing else is possible.
    return actions or into_water


def play(rules, mine: int, opp: int, src: int, dst: int, value: int):
    """Play a legal move. Returns (mine, opp, effects, extra throw?, forced square)."""
    mine ^= BIT[src]  # BIT[PLINTH] is 0: entering takes nothing off the board
    effects = []
    if dst == OFF:
        effects.append(("borne_off", src))
    elif dst == WATER:
        effects.append(("to_plinth",))  # the piece goes back to its plinth
    else:
        if opp & BIT[dst]:
            opp ^= BIT[dst]
            effects.append(("bumped", dst, PLINTH))
        mine |= BIT[dst]
    # One extra throw at most, whichever of the three reasons holds.
    extra = value == 6 or dst == BEAUTY or dst == OFF
    return mine, opp, effects, extra, 0
