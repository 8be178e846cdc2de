"""The rules pages shown in the app, one per reading of Senet, in the project's own
words: how to play, the marked squares on a board diagram, the source, and how the
reading differs from the others. Pure functions returning escaped HTML."""

from __future__ import annotations

from html import escape

from ..i18n import N_, _
from .rulesets import SenetRules
from .skill_page import luck_section, skill_section
from .state import new_game
from .svg import board_svg

#: How both readings of Jéquier begin: the pieces, the sticks, the opening.
JEQUIER_START = (
    N_(
        "Each side has five pieces. They start on the first ten squares, alternating: "
        "White on the odd squares, Black on the even ones."
    ),
    N_(
        "Four sticks, each light on one side, are thrown together. Count the light "
        "sides: 1 to 4 move that many squares; no light side at all moves 6."
    ),
    N_(
        "To begin, the players take turns throwing until one throws a 1. That player "
        "takes Black, moves Black's front piece from 10 to 11 and throws again."
    ),
)

#: One page per reading family; Ludii's reading of Jéquier has its own page.
PAGES: dict[str, dict] = {
    "jequier": {
        "title": N_("Senet after Gustave Jéquier"),
        "source": N_(
            "Gustave Jéquier, a Swiss Egyptologist, proposed these rules in 1930. The app "
            "follows the version printed in Jack Botermans and others, The World of Games; "
            "a second reading follows the Ludii games database."
        ),
        "play": [
            *JEQUIER_START,
            N_(
                "After moving with a 1, 4 or 6 you throw again; after a 2 or 3 your turn ends. "
                "If no piece can use a throw, the throw is lost and the turn ends."
            ),
            N_(
                "Pieces travel along the track in a reversed S: left to right on the top row, "
                "right to left on the middle row, left to right on the bottom row."
            ),
            N_(
                "You may land on a lone enemy piece: it is bumped back to the square you came "
                "from. Two enemy pieces side by side protect each other, and three in a row "
                "form a wall that no piece may jump."
            ),
            N_("If no piece can go forward, one must go backward, onto an empty square."),
            N_(
                "Once all your pieces are on the bottom row, a move that reaches or passes the "
                "last square takes the piece off the board. The first to clear the board wins."
            ),
        ],
        "squares": [
            N_("26, the House of Beauty: a piece there cannot be bumped."),
            N_(
                "27, the water: a piece that lands there sinks and starts again on the first "
                "free square of the board."
            ),
            N_("28, 29 and 30: safe squares, marked III, II and I."),
        ],
        "differs": [
            N_(
                "Unlike Kendall and Tait, every piece starts on the board and the water sends "
                "a piece back to the start, not to a waiting place."
            ),
            N_("Only Jéquier uses walls of three pieces."),
            N_(
                "The Ludii reading changes several details: a bumped piece goes to the first "
                "free square; 15, 26, 28 and 29 are the safe squares; a piece on the first "
                "row may only move once the square ahead is free; each piece may step back "
                "when it alone is stuck, and may bump while doing so; a piece leaves the board "
                "only by passing 30; an unusable 1, 4 or 6 still earns a throw; rows stop at "
                "the corners of the board."
            ),
        ],
    },
    "jequier_ludii": {
        "title": N_("Senet after Gustave Jéquier, as read by Ludii"),
        "source": N_(
            "The Ludii games database describes and codes Jéquier's 1930 rules in its own "
            "way; where its reading parts from the Botermans printing, the app follows "
            "Ludii's intent (not the slips of its code)."
        ),
        "play": [
            *JEQUIER_START,
            N_(
                "After a 1, 4 or 6 you throw again, even if no piece could use it; after a 2 "
                "or 3 your turn ends."
            ),
            N_("A piece on the first row may only move when the square just ahead of it is free."),
            N_(
                "Landing on a lone enemy piece sends it back to the first free square of the "
                "board. Two enemy pieces side by side on one row protect each other, and any "
                "three pieces in a row, of either side, form a wall. Rows stop at the corners "
                "of the board."
            ),
            N_(
                "A piece that cannot go forward may step back instead, even when others could "
                "go forward, and it may bump a lone enemy piece as it does."
            ),
            N_(
                "Once all your pieces are on the bottom row, a move that passes the last "
                "square takes the piece off. The first to clear the board wins."
            ),
        ],
        "squares": [
            N_("15, the House of Rebirth, and 26, the House of Beauty: safe squares."),
            N_("27, the water: a piece that lands there starts again on the first free square."),
            N_("28 and 29: safe squares. 30 is not safe in this reading."),
        ],
        "differs": [
            N_(
                "Against the Botermans printing, six points change: where a bumped piece goes, "
                "which squares are safe, the start of the first row, backward moves, how a "
                "piece leaves the board, and the throws that cannot be used."
            ),
            N_(
                "Pieces step back far more often, so games run much longer: in random play "
                "most of them reach the app's throw limit."
            ),
        ],
    },
    "kendall": {
        "title": N_("Senet after Timothy Kendall"),
        "source": N_(
            "Timothy Kendall, an American Egyptologist, published these rules in 1979 in the "
            "booklet of a boxed Senet set, Passing Through the Netherworld. The app follows "
            "them as coded in the Ludii games database, with four optional rules."
        ),
        "play": [
            N_(
                "Each side has seven pieces on the first fourteen squares, alternating (five "
                "on the first ten with the Five Pieces option)."
            ),
            N_(
                "Count the light sides of the four sticks; no light side at all moves 5. A 1, "
                "4 or 5 earns another throw, even when it cannot be used."
            ),
            N_(
                "The first to throw a 1 takes the pieces on the even squares, moves the front "
                "one a square and throws again."
            ),
            N_(
                "A piece must stop exactly on 26, the House of Beauty: it can never jump past "
                "it. From 26, a 1 enters the water, 2, 3 and 4 go to 28, 29 and 30, and a 5 "
                "takes the piece off."
            ),
            N_(
                "From 28 only a 3 takes a piece off, from 29 only a 2, from 30 any throw. You "
                "never have to take a piece off if you would rather not."
            ),
            N_(
                "Landing on a lone enemy piece swaps the two. Two enemy pieces side by side "
                "cannot be touched. There are no walls."
            ),
            N_(
                "If no piece can go forward, one must go back, onto an empty square or a lone "
                "enemy piece."
            ),
            N_(
                "A piece in the water holds up all its side's other pieces. A 4 takes it off; "
                "another throw may bring it back to 15 if that square is free, and then the "
                "piece must move with its side's next throw. Or it can wait."
            ),
        ],
        "squares": [
            N_("15, the ankh: where a piece comes back from the water."),
            N_("26, the House of Beauty: every piece must stop here exactly."),
            N_("27, the water: a piece waits here until it gets out."),
            N_("28, 29 and 30: the last steps, each with its own way out."),
        ],
        "options": [
            N_("Five Pieces: five pieces each instead of seven."),
            N_(
                "Starting Throw: the second player may not move anything before throwing a "
                "1, which can then be used at once."
            ),
            N_(
                "Trap: a piece whose throw would carry it past 26 may drop into the water "
                "instead, if the water is free."
            ),
            N_(
                "Home Row: nobody may take a piece off while one of their pieces is still on "
                "the first row."
            ),
        ],
        "differs": [
            N_("Seven pieces and a 5 in place of the 6 of the other readings."),
            N_("The water keeps a piece instead of sending it away, and freezes its side."),
            N_("A bumped piece swaps places, as in Jéquier, but there are no walls."),
        ],
    },
    "tait": {
        "title": N_("Senet after John Tait"),
        "source": N_(
            "John Tait, a professor at University College London, proposed these rules. "
            "The app follows the help text of an older Senet program, the only source found."
        ),
        "play": [
            N_(
                "Each side has five pieces, which all start off the board, on a plinth. "
                "Whoever throws first plays Black (Tait's Player 1)."
            ),
            N_("Count the light sides of the four sticks; no light side at all moves 6."),
            N_(
                "Each throw allows one action, and you must take one if you can: bring a piece "
                "onto square 4 with a 4 or onto square 6 with a 6; move a piece forward; or take "
                "a piece off with the exact throw (1 from 30, 2 from 29, up to 6 from 25)."
            ),
            N_(
                "Landing on an enemy piece sends it back to its plinth, unless it stands on 15. "
                "Pieces jump over anything."
            ),
            N_(
                "You throw again after a 6, after landing on 26, or after taking a piece off; "
                "only once, whatever the reasons."
            ),
            N_("The first to take all five pieces off wins."),
        ],
        "squares": [
            N_("15, the House of Rebirth: a piece there is safe."),
            N_("26, the House of Beauty: landing here earns another throw."),
            N_(
                "27, the water: a piece that falls in goes back to its plinth. You may only "
                "move into it when nothing else is possible."
            ),
        ],
        "differs": [
            N_("No piece starts on the board, and bumped pieces leave it altogether."),
            N_(
                "No protection, no walls, no backward moves: most throws leave little choice, "
                "so luck weighs more than in the other readings."
            ),
        ],
    },
}

COMMON_NOTE = N_(
    "In every reading the app stops a game after {limit} throws, the opening's "
    "included, which only a game going round in circles ever reaches: the side further "
    "along then wins; if nobody is ahead, or nobody has thrown the opening 1 yet, it is "
    "a draw."
)


def page_key(rules: SenetRules) -> str:
    """Ludii's reading has its own page; custom rules use Jéquier's."""
    return "jequier_ludii" if rules.preset == "jequier_ludii" else rules.family


def rules_page(rules: SenetRules) -> str:
    """The rules page for a ruleset's reading, as an HTML fragment."""
    page = PAGES[page_key(rules)]
    # Messages stay outside f-strings: the extractor does not look inside them.
    # (and a subscript inside _() would be taken for a message: read the table first).
    title, source = page["title"], page["source"]
    out = ["<h2>" + escape(_(title)) + "</h2>"]
    out.append('<p class="source">' + escape(_(source)) + "</p>")
    out.append(
        '<div class="diagram">'
        + board_svg(
            new_game(rules),
            label=_("Board diagram: the track and its marked squares"),
            ident=f"diagram-{rules.family}",
            interactive=False,
        )
        + "</div>"
    )
    out.append(_heading(_("How to play")))
    out.append(_list(page["play"]))
    out.append(_heading(_("The marked squares")))
    out.append(_list(page["squares"]))
    if "options" in page:
        out.append(_heading(_("The four options")))
        out.append(_list(page["options"]))
    out.append(_heading(_("How this reading differs")))
    out.append(_list(page["differs"]))
    out.append(compare_section())
    out.append(skill_section(rules))
    out.append(luck_section(rules))
    out.append('<p class="note">' + escape(_(COMMON_NOTE, limit=rules.throw_limit)) + "</p>")
    return "".join(out)


def compare_section() -> str:
    """Buttons that open the readings compared (src/web/compare.py reads their
    ``data-compare``): each chosen position, and the game on screen."""
    from .compare import EXAMPLES  # it draws boards with svg, as this module does

    out = [_heading(_("Compare the readings"))]
    out.append(
        "<p>"
        + escape(
            _(
                "See one position played under every reading, side by side, with "
                "what each allows and why."
            )
        )  # fmt: skip
        + "</p>"
    )
    out.append('<div class="compare-links">')
    for example in EXAMPLES:
        out.append(
            f'<button type="button" class="link-button" data-compare="{escape(example.id)}">'
            + escape(_(example.title))
            + "</button>"
        )
    out.append(
        '<button type="button" class="link-button" data-compare="current">'
        + escape(_("The game on screen"))
        + "</button>"
    )
    out.append("</div>")
    return "".join(out)


def _heading(text: str) -> str:
    return f"<h3>{escape(text)}</h3>"


def _list(items: list[str]) -> str:
    return "<ul>" + "".join("<li>" + escape(_(item)) + "</li>" for item in items) + "</ul>"
