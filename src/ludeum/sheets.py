"""Printable sheets (issue 27, item 4): a game's one-page sheet and a game's record,
as HTML fragments that the page prints (src/web/printing.py fills ``#print-sheet``;
the ``@media print`` rules of static/app.css lay them out for A4 or US Letter).

A game's sheet is for playing on paper: the game's name (and, for Senet, the
reading it follows), a large empty board to put counters on, the set-up drawn small
and in words, what to play with, and the rules in short. The board and the diagrams
are the games' own drawings (``<game>.svg.board_svg``, ``interactive=False``), made
into images with one name each; the print stylesheet draws them in black and white.
The rules summaries are the rules pages' own words (``senet.rules_pages``,
``squadro.rules_page``, ``lodestone.rules_page``): the "how to play" list, and
Senet's marked squares; the sources and the comparisons between readings stay on
the pages.

Lodestone's digits come from magnets hidden under the wooden board. Paper hides
nothing: its sheet prints each square's digit in the square's corner (the app's
learning aid), which is what a piece standing there moves.

A record is a game's title, players, result, a few diagrams (the start, two points on
the way, the last position) and its move list in the page's own words, numbered, in
columns. It runs over as many pages as the moves need.

At the foot of both, the app's address (issue 37: ``?game=`` for a game's sheet, the
share link for a record) and beside it its QR code, for a pupil's tablet. The code is
drawn here from the module matrix an encoder gives (npm's qrcode-generator, which the
page loads only when it prints: src/web/printing.py); a code too dense to scan at
print size (``qr_fits``: a long game's record) is left out, the written address kept.

Pure functions of their arguments: every word through ``_``, every text escaped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape
from typing import Any

from . import saves, seats
from .i18n import N_, _

#: What a teacher needs on the table besides the sheet, per game.
NEEDS = {
    "senet": N_(
        "You need: {pieces} counters a side in two colours (coins heads up and tails up "
        "will do), and four flat sticks with one side coloured, such as ice-lolly sticks."
    ),
    "squadro": N_(
        "You need: five counters a side in two colours, each marked with an arrow so that "
        "you can see which way it travels; turn it round at the far edge."
    ),
    "lodestone": N_(
        "You need: eight counters a side in two colours, one of them marked as the king."
    ),
}

#: The set-up in words, where the rules' first line does not say it all.
SETUP = {
    "squadro": N_(
        "Light's pieces stand on the start spaces down the left edge, pointing right; "
        "Dark's on the start spaces along the top, pointing down."
    ),
    "lodestone": N_(
        "Eight pawns a side on the rank nearest each player; then each player swaps the "
        "pawn on d or on e for the king (the diagram shows both kings on d)."
    ),
}

#: Tait's reading starts with the board empty: the big board shows the plinth as an
#: empty box to stand the counters in, the set-up diagram them standing there.
TAIT_SETUP = N_(
    "The board starts empty: each side's {pieces} counters wait on the plinth, the box "
    "left of square 1. A throw of 4 brings one onto square 4, a 6 onto square 6."
)
SENET_BOARD = N_("Senet board, empty: thirty squares in three rows, the marked squares named")
TAIT_BOARD = N_(
    "Senet board, empty: thirty squares in three rows, the marked squares named, and "
    "the plinth left of square 1, where the pieces wait to enter"
)

#: Lodestone on paper: the magnets are printed, not hidden.
LODESTONE_PAPER = N_(
    "On this sheet the digit in the corner of each square is the magnet under it: a "
    "piece moves exactly as many squares as the digit of the square it starts from."
)

#: Diagrams in a record: the start, this many positions on the way, the end.
RECORD_STEPS = 2

#: The outer element of every board drawing, and the names its parts carry: a
#: printed board is one image, named once (as ``records.thumbnail`` does).
_OUTER = re.compile(r'^<svg class="([a-z]+-board)"([^>]*?) role="group" aria-label="[^"]*">')
_INNER_NAMES = re.compile(r' role="img" aria-label="[^"]*"')
_SQUARE_VIEW = re.compile(r'viewBox="0 0 (\d+) (\d+)"')


def picture(drawing: str, label: str, *, board_only: bool = False) -> str:
    """A board drawing as one image named ``label``: its cells lose their own names.
    ``board_only`` crops Squadro's and Lodestone's trays, at the drawing's right (their
    boards are square, as high as they are wide)."""
    drawing, found = _OUTER.subn(
        lambda m: (
            f'<svg class="{m.group(1)} sheet-picture"{m.group(2)} role="img" '
            f'aria-label="{escape(label)}" focusable="false">'
        ),
        drawing,
        count=1,
    )
    if not found:
        raise ValueError("not a board drawing")
    head, rest = drawing.split(">", 1)
    if board_only:
        head = _SQUARE_VIEW.sub(r'viewBox="0 0 \2 \2"', head, count=1)
    return head + ">" + _INNER_NAMES.sub("", rest)


# -- a game's sheet -------------------------------------------------------------------


def _senet_parts(rules: Any) -> dict:
    from .senet.rules_pages import PAGES, page_key
    from .senet.rulesets import JEQUIER
    from .senet.state import new_game
    from .senet.svg import board_svg

    rules = rules if rules is not None else JEQUIER
    page = PAGES[page_key(rules)]
    title = page["title"]  # read first: a subscript inside _() looks like a message
    start = new_game(rules)
    key = page_key(rules)
    tait = rules.family == "tait"
    needs = NEEDS["senet"]  # read first, as the title is
    return {
        "title": _("Senet"),
        "reading": _(title),
        # No piece on the board to play on, not even on Tait's plinth (its box is drawn).
        "board": picture(
            board_svg(start, interactive=False, ident=f"sheet-{key}", bare=True),
            _(TAIT_BOARD if tait else SENET_BOARD),
        ),
        "setup": picture(
            board_svg(start, interactive=False, ident=f"sheet-setup-{key}"),
            _("The pieces at the start"),
        ),
        "setup_text": _(TAIT_SETUP, pieces=rules.pieces) if tait else "",
        "needs": _(needs, pieces=rules.pieces),
        "rules": [_(item) for item in page["play"]],
        "squares": [_(item) for item in page["squares"]],
        "landscape": True,
    }


def _squadro_parts(rules: Any) -> dict:
    from .squadro.rules import HOME
    from .squadro.rules_page import PLAY
    from .squadro.state import new_game
    from .squadro.svg import board_svg

    start = new_game()
    setup = SETUP["squadro"]
    home = (HOME,) * 6
    empty = start._replace(progress=(home, home))
    return {
        "title": _("Squadro"),
        "reading": _("A race game by Adrián Jiménez Pascual, published by Gigamic in 2018."),
        "board": picture(
            board_svg(empty, interactive=False),
            _("Squadro board, empty, with the speed dots beside each start and far edge"),
            board_only=True,
        ),
        "setup": picture(
            board_svg(start, interactive=False), _("The pieces at the start"), board_only=True
        ),
        "setup_text": _(setup),
        "rules": [_(item) for item in PLAY],
        "squares": [],
        "landscape": False,
    }


def _lodestone_parts(rules: Any) -> dict:
    from .lodestone.rules_page import PLAY
    from .lodestone.state import EMPTY, STANDARD, new_game
    from .lodestone.svg import board_svg

    rules = rules if rules is not None else STANDARD
    setup = SETUP["lodestone"]
    start = new_game(rules)
    start = start.apply(start.legal_moves()[0]).apply(start.legal_moves()[0])
    empty = start._replace(board=(EMPTY,) * 64)
    return {
        "title": _("Lodestone"),
        "reading": _("A king-and-pawns game whose pieces show a digit set by hidden magnets."),
        "board": picture(
            board_svg(empty, interactive=False, aid=True, narrow=True),
            _("Lodestone board, empty, each square with the digit of its magnet"),
        ),
        "setup": picture(
            board_svg(start, interactive=False, narrow=True), _("The pieces at the start")
        ),
        "setup_text": _(setup),
        "rules": [_(item) for item in PLAY] + [_(LODESTONE_PAPER)],
        "squares": [],
        "landscape": False,
    }


_PARTS = {"senet": _senet_parts, "squadro": _squadro_parts, "lodestone": _lodestone_parts}


def _element(tag: str, text: str, cls: str = "") -> str:
    """``text``, escaped, in a ``tag`` element (of class ``cls``). Words are given to
    it translated: the message extractor does not look inside f-strings."""
    attrs = f' class="{cls}"' if cls else ""
    return f"<{tag}{attrs}>{escape(text)}</{tag}>"


def _items(items: list[str]) -> str:
    return "<ul>" + "".join(f"<li>{escape(item)}</li>" for item in items) + "</ul>"


# -- the address as a QR code (issue 37) -----------------------------------------------

#: The code's printed side, its quiet zone included: about the size of a stamp, beside
#: the foot's line, where a pupil's tablet reads it from a hand's length.
QR_SIDE_MM = 30
#: The quiet zone, white all round: four modules, as ISO/IEC 18004 asks.
QR_QUIET = 4
#: The smallest module printed. A tablet's camera reads 0.35 mm modules at 15-20 cm;
#: a code that would need smaller ones (an address of more than about 400 characters,
#: a long game's record) is left out, and the written address stays.
QR_MIN_MODULE_MM = 0.35
#: The encoder's error correction: M (15% of the code may be lost to a crease or a
#: pencil mark), the usual choice for print; the glue hands it to the encoder.
QR_ERROR_CORRECTION = "M"

#: The code's accessible name, per sheet.
QR_LABELS = {
    "game": N_("QR code of the address: scan it to play this game in Ludeum"),
    "record": N_("QR code of the address: scan it to open this game in Ludeum"),
}


def qr_fits(size: int) -> bool:
    """Whether a code of ``size`` modules a side still scans at print size: each of
    its modules, quiet zone included, at least ``QR_MIN_MODULE_MM`` wide."""
    return QR_SIDE_MM / (size + 2 * QR_QUIET) >= QR_MIN_MODULE_MM


def qr_picture(modules: Sequence[Sequence[bool]], label: str) -> str:
    """The code whose module matrix is ``modules`` (a row a line, True for dark, as
    an encoder gives it) as one SVG image named ``label``: black modules on white,
    the quiet zone drawn, ``QR_SIDE_MM`` a side. Each row's dark runs are one path's
    rectangles, so the code stays crisp at any printer's resolution."""
    size = len(modules)
    if size < 21 or (size - 17) % 4 or any(len(row) != size for row in modules):
        raise ValueError(f"not a QR code's modules: {size} rows")
    side = size + 2 * QR_QUIET
    runs = []
    for y, row in enumerate(modules):
        x = 0
        while x < size:
            if not row[x]:
                x += 1
                continue
            start = x
            while x < size and row[x]:
                x += 1
            runs.append(f"M{start + QR_QUIET} {y + QR_QUIET}h{x - start}v1h-{x - start}z")
    return (
        f'<svg class="sheet-qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" '
        f'width="{QR_SIDE_MM}mm" height="{QR_SIDE_MM}mm" role="img" '
        f'aria-label="{escape(label)}" focusable="false" shape-rendering="crispEdges">'
        f'<rect width="{side}" height="{side}" fill="#ffffff"/>'
        f'<path fill="#000000" d="{"".join(runs)}"/></svg>'
    )


def _foot(address: str | None, qr: Sequence[Sequence[bool]] | None, kind: str) -> str:
    """The sheet's last line: where it came from, and the address that leads back to
    the app (issue 37: a printed sheet in a classroom should say where to play), with
    ``qr``, that address's code (None: the encoder was not at hand), beside it when it
    scans at print size."""
    if not address:
        line = _element("p", _("Printed from Ludeum."))
    else:
        line = _element("p", _("Printed from Ludeum. Play it at {address}", address=address))
    code = ""
    if address and qr is not None and qr_fits(len(qr)):
        code = qr_picture(qr, _(QR_LABELS[kind]))
    return f'<footer class="sheet-foot">{line}{code}</footer>'


def game_sheet(
    game: str,
    rules: Any = None,
    *,
    address: str | None = None,
    qr: Sequence[Sequence[bool]] | None = None,
) -> str:
    """The one-page sheet of ``game`` ("senet", "squadro", "lodestone") under
    ``rules`` (Senet's reading or Lodestone's rules; None: the default); ``address``,
    the app's, is printed at its foot, beside ``qr``, its QR code's modules, if they
    fit (``qr_fits``)."""
    if game not in _PARTS:
        raise KeyError(f"unknown game {game!r}")
    parts = _PARTS[game](rules)
    layout = "landscape" if parts["landscape"] else "portrait"
    out = [
        f'<article class="sheet game-sheet" data-game="{game}" data-layout="{layout}">',
        '<header class="sheet-head">',
        f"<h1>{escape(parts['title'])}</h1>",
        f'<p class="sheet-reading">{escape(parts["reading"])}</p>',
        "</header>",
        f'<div class="sheet-board">{parts["board"]}</div>',
        '<div class="sheet-text">',
        '<section class="sheet-setup">',
        _element("h2", _("Set-up")),
        f'<div class="sheet-diagram">{parts["setup"]}</div>',
    ]
    if parts["setup_text"]:
        out.append(f"<p>{escape(parts['setup_text'])}</p>")
    needs = parts.get("needs") or _(NEEDS[game])
    out.append(_element("p", needs, "sheet-needs"))
    out.append("</section>")
    out.append('<section class="sheet-rules">')
    out.append(_element("h2", _("How to play")))
    out.append(_items(parts["rules"]))
    if parts["squares"]:
        out.append(_element("h2", _("The marked squares")))
        out.append(_items(parts["squares"]))
    out.append("</section></div>")
    out.append(_foot(address, qr, "game"))
    out.append("</article>")
    return "".join(out)


# -- a game's record ------------------------------------------------------------------


def _side_names(state: Any, ui: Any) -> list[str]:
    """Each seat's side ("White", "Light", "Red"), or "Player 1"/"Player 2" where
    the game has not said yet (Senet before its opening)."""
    names = []
    for seat in (0, 1):
        side = ui.side_card(state, seat).side
        names.append(side or (_("Player 1") if seat == 0 else _("Player 2")))
    return names


def _diagram_points(ends: list[int]) -> list[tuple[int, int]]:
    """(entry number, actions played) of the positions drawn: the start (entry 0),
    ``RECORD_STEPS`` evenly spaced entries, the last one; each once."""
    count = len(ends)
    chosen = [0]
    for k in range(1, RECORD_STEPS + 1):
        chosen.append(round(count * k / (RECORD_STEPS + 1)))
    chosen.append(count)
    points = []
    for entry in chosen:
        if entry not in (p[0] for p in points):
            points.append((entry, 0 if entry == 0 else ends[entry - 1]))
    return points


def record_sheet(
    state: Any,
    players: tuple[str, str] = seats.HUMANS,
    log: list[str] | None = None,
    *,
    when: str | None = None,
    address: str | None = None,
    qr: Sequence[Sequence[bool]] | None = None,
) -> str:
    """The printable record of the game of ``state`` (finished or not): its title,
    who played, the result, a few diagrams and the move list. ``log`` is the move
    list (``ui.game_log(state)``) when the caller has it; ``when`` (free text) says
    when it was printed; ``address`` (the game's share link) is printed at its foot,
    beside ``qr``, its QR code's modules, if they fit (``qr_fits``)."""
    from .games import ui_for
    from .records.positions import Positions, entries
    from .records.thumbnail import position_picture

    ui = ui_for(state)
    game = saves.game_name(state)
    log = ui.game_log(state) if log is None else log
    ends, _movers = entries(state, ui)
    positions = Positions(state)
    outcome = state.outcome()
    result = ui.ending(state) if outcome is not None else _("Not finished.")
    sides = _side_names(state, ui)
    out = [
        f'<article class="sheet record-sheet" data-game="{game}" data-layout="portrait">',
        '<header class="sheet-head">',
        _element("h1", _("{game}: the record of a game", game=ui.title())),
        f'<p class="sheet-reading">{escape(ui.ruleset_name(state))}</p>',
        '<dl class="sheet-facts">',
        _element("dt", _("Players")),
        _element("dd", seats.players_text(players, sides)),
        _element("dt", _("Result")),
        _element("dd", result),
        _element("dt", _("Moves")),
        _element("dd", str(len(log))),
    ]
    if when:
        out.append(_element("dt", _("Printed")) + _element("dd", when))
    out.append("</dl></header>")
    out.append('<ol class="sheet-diagrams">')
    last = len(ends)
    for number, (entry, actions) in enumerate(_diagram_points(ends)):
        if entry == 0:
            caption = _("The start")
        elif entry == last:
            caption = _("After the last move ({number})", number=entry)
        else:
            caption = _("After move {number}", number=entry)
        drawing = position_picture(
            positions.at(actions), ident=f"record-{number}", label=caption, board_only=True
        )
        out.append(f"<li><figure>{drawing}<figcaption>{escape(caption)}</figcaption></figure></li>")
    out.append("</ol>")
    out.append(_element("h2", _("Moves")))
    out.append('<ol class="sheet-moves">')
    out.extend(f"<li>{escape(line)}</li>" for line in log)
    out.append("</ol>")
    out.append(_foot(address, qr, "record"))
    out.append("</article>")
    return "".join(out)
