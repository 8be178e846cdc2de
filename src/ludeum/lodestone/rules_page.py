"""The Lodestone rules page, in the project's own words, with why the digits work the
way they do."""

from __future__ import annotations

from html import escape

from ..i18n import N_, _
from .state import new_game
from .svg import board_svg

PLAY = [
    N_(
        "Red and White each have a king and seven pawns on the rank nearest them. Before "
        "play, each puts its king on the fourth square from the left or from the right."
    ),
    N_(
        "Every piece shows a digit from 1 to 4: it must move exactly that many squares, "
        "along ranks and files, in a straight line or with one right-angle turn. It never "
        "moves diagonally, never turns back, never jumps over a piece."
    ),
    N_("Landing on an enemy piece takes it off the board. Taking is never compulsory."),
    N_(
        "When a king could be taken on the next move, the app shows Check; nothing forces "
        "an answer."
    ),
    N_("Take the enemy king, or leave the enemy a king and a single pawn, to win."),
    N_(
        "A side with no legal move passes. If neither side can move, or a hundred moves go "
        "by without a capture, the game is drawn: two rules the app adds."
    ),
]

WHY = [
    N_(
        "The original game's pieces held a dial turned by magnets hidden under the board, "
        "so a piece's digit depends on the square it stands on, and changes as it moves."
    ),
    N_(
        "The digit shown when a move begins decides the move; where the piece stops decides "
        "its next one. Plan with the squares, not only with the pieces."
    ),
    N_(
        "The map of magnets is hidden, as under the wooden board. The learning aid shows "
        "it; rotating the board between games turns the map a quarter."
    ),
    N_(
        "Our map is our own invention: the original's is lost. Both sides see the same "
        "pattern from their seats, and each digit appears twice in every rank and file."
    ),
]


def rules_page() -> str:
    # Messages stay outside f-strings: the extractor does not look inside them.
    out = ["<h2>" + escape(_("Lodestone")) + "</h2>"]
    source = _(
        "A king-and-pawns game sold with a bilingual English and French rule sheet, probably "
        "in Canada in the late 1970s; its name is lost, so the app calls it Lodestone, a "
        "natural magnet."
    )
    out.append(f'<p class="source">{escape(source)}</p>')
    start = new_game()
    start = start.apply(start.legal_moves()[0]).apply(start.legal_moves()[0])
    out.append(
        '<div class="diagram">'
        + board_svg(start, label=_("Lodestone board"), interactive=False)
        + "</div>"
    )
    out.append("<h3>" + escape(_("How to play")) + "</h3><ul>")
    out.extend(f"<li>{escape(_(item))}</li>" for item in PLAY)
    out.append("</ul><h3>" + escape(_("Why the digits change")) + "</h3><ul>")
    out.extend(f"<li>{escape(_(item))}</li>" for item in WHY)
    out.append("</ul>")
    return "".join(out)
