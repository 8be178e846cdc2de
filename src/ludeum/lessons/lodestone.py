"""Lodestone's lesson (the project's rules spec, section 6, standard digit map).

Choices for teaching: the learner plays Red, at the bottom of the board. The digit
map stays hidden, as in play: each step says which digits matter, and the pieces show
theirs. Most positions hold few pieces, and White keeps at least three pawns so that
a capture in a step never ends the game by the "king and one pawn" rule.
"""

from __future__ import annotations

from ..i18n import N_
from . import Lesson, Step

LESSON = Lesson(
    id="lodestone",
    game="lodestone",
    title=N_("Learn Lodestone"),
    summary=N_("Digits that change, paths that turn once, captures and the king."),
    steps=(
        Step(
            title=N_("The set-up"),
            position="wwwwwwww/......../......../......../......../......../......../rrrrrrrr r 0",
            text=N_("Each side has a king and seven pawns on its home row. First each "
                    "player puts the king on one of the two middle squares of the row."),
            task=N_("Put your king on d1 or e1."),
            passes=("Kd", "Ke"),
        ),
        Step(
            title=N_("The digit"),
            position="ww..W..w/......../......../......../......../......../......../r.rR...r R 0",
            text=N_("Every piece shows a digit from 1 to 4: it moves exactly that many "
                    "squares, along rows and columns, in a straight line or turning once. "
                    "It never jumps over a piece."),
            task=N_("The pawn on c1 shows 2. Move it."),
            passes=("c1-b2", "c1-d2", "c1-c3"),
            otherwise=N_("Move the pawn on c1 this time."),
            done=N_("Its digit changed: a magnet hidden under each square sets the digit of "
                    "the piece that stops on it."),
        ),
        Step(
            title=N_("No jumping"),
            position="ww..W..w/......../......../......../......../......../r......./r..R...r R 0",
            text=N_("The squares a piece passes over must be empty. Your own pieces block "
                    "the way as much as your opponent's."),
            task=N_("The pawn on a1 shows 2. It cannot go up to a3: find where it can go."),
            passes=("a1-c1", "a1-b2"),
            refused=(("a1-a3", "blocked"),),
            otherwise=N_("Move the pawn on a1 this time."),
            done=N_("Around the pawn on a2, with one turn."),
        ),
        Step(
            title=N_("Capturing"),
            position="w...W..w/......../....w.../......../....r.w./......../......../r..R.... R 0",
            text=N_("A piece that ends its move on an opposing piece captures it. Captures "
                    "are never forced."),
            task=N_("Your pawn on e4 shows 2. Capture the white pawn that shows 3."),
            passes=("e4-g4",),
            wrong=(("e4-e6", N_("That captures the pawn showing 4. Look for the one "
                                "showing 3.")),),
            otherwise=N_("Your pawn on e4 can reach two white pawns: take the one showing 3."),
            done=N_("Captured. Your pawn now shows the digit of its new square."),
        ),
        Step(
            title=N_("Check"),
            position="w...W..w/......../......../......../..w.r.../......../......../r..R...r R 0",
            text=N_("A king that an opposing piece could capture on its next move is in "
                    "check. Nothing forces you to answer, but a captured king loses the "
                    "game."),
            task=N_("The white pawn on c4 shows 4 and can reach your king. Capture it, or "
                    "move your king out of its reach."),
            passes=("e4-c4", "d1-g1", "d1-b2", "d1-f2", "d1-c3", "d1-e3", "d1-d4"),
            otherwise=N_("Your king is still in reach of the pawn on c4, which would take "
                         "it and win."),
            done=N_("Your king is safe for now."),
        ),
        Step(
            title=N_("Winning"),
            position="w......w/......../.w....../....W.r./......../......../..r...../r..R.... R 0",
            text=N_("You win by capturing your opponent's king, or by leaving them with "
                    "nothing but their king and one pawn."),
            task=N_("Your pawn on g5 shows 2. Win the game."),
            passes=("g5-e5",),
            otherwise=N_("The white king on e5 is two squares from your pawn on g5."),
            done=N_("King captured: you win."),
        ),
        Step(
            title=N_("Your first game"),
            kind="play",
            text=N_("You know the rules. The digits change as pieces move, so look one "
                    "move ahead: which of your pieces could be taken next?"),
            task=N_("Play a game against the computer."),
        ),
    ),
)  # fmt: skip
