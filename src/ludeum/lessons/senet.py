"""Senet's lesson, in Jéquier's reading (the app's default, ``ludeum.senet.rulesets``).

Source of the rules taught: the project's rules spec, section 2 (Jéquier as printed by
Botermans), which is also what the engine plays. Choices for teaching:

* The learner plays White throughout, and most positions have some pieces already
  borne off, so that each board shows only the pieces the idea needs.
* The opening (who is Black) is left to the first real game: it is one button there
  ("Decide who starts") and teaches nothing about moving.
* The steps whose rule the scholars read differently (protection, blockades, extra
  throws, the last squares) offer the readings compared on that dispute
  (``ludeum.senet.compare``), as the lesson's way into the other reconstructions.
* Backward moves are not a step: they are rare, and the status line explains them
  when they happen.
"""

from __future__ import annotations

from ..i18n import N_
from ..senet.rulesets import JEQUIER
from . import Lesson, Step

LESSON = Lesson(
    id="senet",
    game="senet",
    title=N_("Learn Senet"),
    summary=N_("Throw the sticks, race your pieces round the board, bump and block."),
    options=(("rules", JEQUIER),),
    steps=(
        Step(
            title=N_("The sticks"),
            kind="throw",
            position="WBWBWBWBW.B................... 0-0 W -",
            text=N_("Senet is a race for two, played with four sticks, each light on one "
                    "side. Count the light sides after a throw: 1, 2, 3 or 4. No light "
                    "side at all counts 6."),
            task=N_("Throw the sticks."),
        ),
        Step(
            title=N_("Moving"),
            position=".W..B.W....W..B....B.......... 2-2 W 2",
            text=N_("The track runs like an S: along the top row from left to right, back "
                    "along the middle row, then along the bottom row to square 30. A "
                    "piece moves forward exactly the number thrown."),
            task=N_("You threw 2. Move any of your white pieces two squares."),
            passes=("*",),
            done=N_("That is a move. Whoever bears off all their pieces first wins."),
        ),
        Step(
            title=N_("Bumping"),
            position="..W....W..BW....B....B........ 2-2 W 3",
            text=N_("Land on a lone piece of your opponent's and you bump it: the two "
                    "pieces swap places, so it goes back to the square you came from."),
            task=N_("You threw 3. Bump the black piece on square 11."),
            passes=("8-11",),
            otherwise=N_("That move is allowed, but it bumps nothing. Look for a black "
                         "piece three squares ahead of one of yours."),
            done=N_("Bumped: the black piece went back to square 8."),
        ),
        Step(
            title=N_("Protection"),
            compare="protection",
            position="...W.....W..BB........W..B.... 2-2 W 3",
            text=N_("Two pieces of one colour side by side protect each other: neither can "
                    "be bumped. Squares 26, 28, 29 and 30 are safe too: a piece on them "
                    "cannot be bumped."),
            task=N_("You threw 3. Try to bump a black piece, then find the move that is "
                    "left."),
            passes=("4-7",),
            refused=(("10-13", "pair"), ("23-26", "safe")),
            done=N_("The pair on 13 and 14 and the piece on 26 are out of reach, so the "
                    "piece on 4 is the only one that can move."),
        ),
        Step(
            title=N_("Blockades"),
            compare="blockade",
            position="..W.......WBBB....W....B...... 2-1 W 4",
            text=N_("Three pieces of one colour in a row make a wall: the other side's "
                    "pieces cannot pass over it."),
            task=N_("You threw 4. The piece on 11 is stuck behind the wall: move another "
                    "piece."),
            passes=("3-7", "19-23"),
            refused=(("11-15", "blockade"),),
            done=N_("The piece on 11 waits until the wall breaks up."),
        ),
        Step(
            title=N_("Throwing again"),
            compare="extra-throw",
            position=".....W..B.....W..W..B..B...... 2-2 W 4",
            text=N_("After a move with a 1, a 4 or a 6 you throw again; after a 2 or a 3 "
                    "your turn ends. A throw that no piece can use is lost."),
            task=N_("You threw 4. Make a move: your turn goes on."),
            passes=("*",),
            done=N_("You may throw again: one turn can be a long run of throws."),
        ),
        Step(
            title=N_("The water"),
            position=".............B...W.B..W.W..... 2-3 W 4",
            text=N_("Square 27 is the water. A piece that lands there is swept back to the "
                    "first empty square, near the start of the track."),
            task=N_("You threw 4. Keep your pieces out of the water."),
            passes=("18-22", "25-29"),
            wrong=(("23-27", N_("Into the water: the piece from 23 is swept back to square "
                                "1. Choose another move.")),),
            done=N_("Dry and safe. The water is the danger at the end of every race."),
        ),
        Step(
            title=N_("Bearing off"),
            compare="last-squares",
            position=".......B...B...........W...WW. 2-3 W 3",
            text=N_("Once all your pieces are on the last row, squares 21 to 30, a move "
                    "that reaches the end of the track takes a piece off the board."),
            task=N_("You threw 3. Bear a piece off."),
            passes=("28-off", "29-off"),
            wrong=(("24-27", N_("That piece lands in the water and goes back to the start. "
                                "Take a piece off instead.")),),
            done=N_("Off the board. Bear off all five and you win."),
        ),
        Step(
            title=N_("Your first game"),
            kind="play",
            text=N_("You know enough to play. The computer plays Black at its easiest "
                    "level; the status line under the board says what each throw "
                    "allows."),
            task=N_("Play a game against the computer."),
        ),
    ),
)  # fmt: skip
