"""Squadro's lesson (Gigamic's rules, as in the project's rules spec, section 5).

Choices for teaching: the learner plays Light, the side whose pieces cross the board
along the rows; the Dark pieces stay at their start unless a step needs them.
"""

from __future__ import annotations

from ..i18n import N_
from . import Lesson, Step

LESSON = Lesson(
    id="squadro",
    game="squadro",
    title=N_("Learn Squadro"),
    summary=N_("Speeds, the turn at the far edge, jumps, and the race home."),
    steps=(
        Step(
            title=N_("Speeds"),
            position="00000/00000 H",
            text=N_("Each of your five pieces crosses the board and comes back. The dots "
                    "at the start of its lane say how far it moves each turn: 1, 2 or 3 "
                    "squares."),
            task=N_("Move one of your fastest pieces, one that moves 3 squares."),
            passes=("1", "5"),
            otherwise=N_("That piece is slower: count the dots at the start of each lane. "
                         "The pieces in lanes 1 and 5 have three."),
            done=N_("Three squares at once. Speeds differ from lane to lane."),
        ),
        Step(
            title=N_("The far edge"),
            position="40000/00000 H",
            text=N_("A piece that reaches the far edge stops there, even with steps to "
                    "spare, and turns round. On the way back it moves at the speed shown "
                    "on that edge: a fast piece comes back slowly, and a slow one fast."),
            task=N_("Bring the piece in lane 1 to the far edge."),
            passes=("1",),
            otherwise=N_("The piece in lane 1 is the one near the far edge."),
            done=N_("It turned round. From now on it moves 1 square a turn, homeward."),
        ),
        Step(
            title=N_("Jumping"),
            position="00100/03000 H",
            text=N_("When your piece reaches a square taken by a piece of your opponent's, "
                    "it jumps over it and stops just after it. The jumped piece goes "
                    "back to its start."),
            task=N_("Jump over the Dark piece in front of your piece in lane 3."),
            passes=("3",),
            otherwise=N_("That piece jumps nothing: look at lane 3."),
            done=N_("The Dark piece went back to its start, a whole journey lost."),
        ),
        Step(
            title=N_("Jumping a row"),
            position="00100/03300 H",
            text=N_("Pieces side by side are jumped together: your piece passes the whole "
                    "row and stops on the first empty square after it."),
            task=N_("Send two Dark pieces back with one move."),
            passes=("3",),
            otherwise=N_("Look for two Dark pieces side by side in front of one of yours."),
            done=N_("Two at once. A jump can carry a piece further than its speed."),
        ),
        Step(
            title=N_("Jumping a returning piece"),
            position="00100/09000 H",
            text=N_("A piece already on its way back that is jumped goes back to the far "
                    "edge, where it turned, not to its start."),
            task=N_("Jump the Dark piece that is on its way home."),
            passes=("3",),
            otherwise=N_("The piece in lane 3 is the one that can jump."),
            done=N_("It lost its way home, but kept its out journey."),
        ),
        Step(
            title=N_("The race home"),
            position="ccca8/00000 H",
            text=N_("A piece that comes back to its start has finished. The first player "
                    "to bring four pieces home wins."),
            task=N_("Three of your pieces are home. Win the game."),
            passes=("4",),
            wrong=(("5", N_("The piece in lane 5 moves only 1 square a turn on its way "
                            "back: it is still far from home.")),),
            done=N_("Four pieces home: you win."),
        ),
        Step(
            title=N_("Your first game"),
            kind="play",
            text=N_("You know the rules. Plan your jumps, and keep your pieces out of the "
                    "way of your opponent's fast lanes."),
            task=N_("Play a game against the computer."),
        ),
    ),
)  # fmt: skip
