"""A board drawing as a standalone SVG document, for ``show --svg``: the markup the app
puts in its page (``ui.board_svg``), with the styling it gets there from
``static/app.css`` carried inside, so the file shows the same board in any browser
or drawing program, outside the app.

``BOARD_RULES`` are the app stylesheet's board rules, copied line for line (not the
ones for focus, hover or animation, which a picture has no use for), and
``COLOURS`` the standard theme's values of the custom properties they use. Programs
other than browsers often ignore CSS custom properties, so ``document`` writes the
values in. ``tests/unit/test_cli_show.py`` checks both against ``static/app.css``,
so a change of the app's look that is not copied here fails a test.
"""

# ruff: noqa: E501 (BOARD_RULES keeps app.css lines as they are, long ones too)

from __future__ import annotations

import re
from html import escape

BOARD_RULES = """\
.senet-board .cell { fill: var(--wood); stroke: var(--line); stroke-width: var(--cell-stroke); }
.senet-board .square.safe .cell { fill: var(--cell-safe); }
.senet-board .square.water .cell { fill: var(--cell-water); }
.senet-board .number { font-size: 11px; fill: var(--board-ink); }
.senet-board .mark { fill: none; stroke: var(--mark); stroke-width: 3; stroke-linecap: round; }
.senet-board .water-line { stroke: var(--water-line); }
.senet-board .track { pointer-events: none; fill: none; stroke: var(--track); stroke-width: 1.5; stroke-dasharray: 4 5; opacity: 0.55; }
.senet-board .track-arrow { fill: var(--track); }
.senet-board .square:is(.last-from, .last-to, .touched) .cell { fill: var(--cell-last); }
.senet-board .square.target .cell { fill: var(--cell-target); }
.senet-board .target-ring { fill: none; stroke: var(--target); stroke-width: 3; stroke-dasharray: 6 4; }
.senet-board .piece-at { pointer-events: none; }
.senet-board .piece { stroke-width: 2.5; }
.senet-board .piece.white { fill: var(--white-piece); stroke: var(--white-piece-line); }
.senet-board .piece.black { fill: var(--black-piece); stroke: var(--black-piece-line); }
.senet-board .piece.movable { stroke: var(--target); stroke-width: 4; }
.senet-board .piece.chosen { stroke: var(--selected); stroke-width: 5; }
.senet-board .tray-cell { fill: var(--panel); stroke: var(--line); stroke-width: var(--cell-stroke); }
.senet-board .tray.target .tray-cell { fill: var(--cell-target); stroke: var(--target); stroke-width: 3; stroke-dasharray: 6 4; }
.senet-board .tray-title { font-size: 12px; fill: var(--board-ink); }
.senet-board .tray.plinth.movable .tray-cell { stroke: var(--target); stroke-width: 4; }
.senet-board .tray.plinth.selected .tray-cell { stroke: var(--selected); stroke-width: 5; }
.squadro-board .cell.crossing { fill: var(--wood); stroke: var(--line); stroke-width: var(--cell-stroke); }
.squadro-board .cell.edge { fill: var(--cell-edge); stroke: var(--line); stroke-width: var(--cell-stroke); }
.squadro-board .speed-dot { fill: var(--board-ink); }
.squadro-board .sq-piece polygon { stroke-width: 2.5; }
.squadro-board .sq-piece.light polygon, .squadro-board .sq-home.light { fill: var(--white-piece); stroke: var(--white-piece-line); stroke-width: 2; }
.squadro-board .sq-piece.dark polygon, .squadro-board .sq-home.dark { fill: var(--black-piece); stroke: var(--black-piece-line); stroke-width: 2; }
.squadro-board .sq-piece.movable polygon { stroke: var(--target); stroke-width: 4; }
.squadro-board .sq-piece.chosen polygon { stroke: var(--selected); stroke-width: 5; }
.squadro-board .sq-piece.last-moved polygon { stroke-width: 3.5; stroke-linejoin: round; }
.squadro-board .sq-cell.last-path .cell { fill: var(--cell-last); }
.squadro-board .path { visibility: hidden; pointer-events: none; }
.squadro-board .path.shown { visibility: visible; }
.squadro-board .path-step { fill: none; stroke: var(--target); stroke-width: 2; stroke-dasharray: 4 4; }
.squadro-board .path-end { fill: var(--path-end); stroke: var(--target); stroke-width: 3; }
.squadro-board .tray-cell { fill: var(--panel); stroke: var(--line); stroke-width: var(--cell-stroke); }
.squadro-board .tray-title { font-size: 14px; fill: var(--board-ink); }
.lodestone-board .cell rect { stroke: var(--line); stroke-width: var(--cell-stroke); }
.lodestone-board .cell.light rect { fill: var(--cell-light); }
.lodestone-board .cell.dark rect { fill: var(--cell-dark); }
.lodestone-board .cell.target rect { fill: var(--cell-target); stroke: var(--target); stroke-width: 3; }
.lodestone-board .cell.last rect { fill: var(--cell-last); }
.lodestone-board .magnet { font-size: 12px; fill: var(--magnet); font-weight: 700; pointer-events: none; }
.lodestone-board .coord { font-size: 13px; fill: var(--board-ink); }
.lodestone-board .ls-piece circle, .lodestone-board .ls-piece path { stroke-width: 2.5; }
.lodestone-board .ls-piece.red circle, .lodestone-board .ls-piece.red path, .lodestone-board .ls-taken.red { fill: var(--red-piece); stroke: var(--red-piece-line); stroke-dasharray: var(--red-dash); }
.lodestone-board .ls-piece.white circle, .lodestone-board .ls-piece.white path, .lodestone-board .ls-taken.white { fill: var(--white-piece); stroke: var(--white-piece-line); }
.lodestone-board .ls-piece .digit { font-size: 18px; font-weight: 700; pointer-events: none; }
.lodestone-board .ls-piece.red .digit { fill: var(--red-digit); }
.lodestone-board .ls-piece.white .digit { fill: var(--white-digit); }
.lodestone-board .ls-piece.movable circle, .lodestone-board .ls-piece.movable path { stroke: var(--target); stroke-width: 4; }
.lodestone-board .ls-piece.chosen circle, .lodestone-board .ls-piece.chosen path { stroke: var(--selected); stroke-width: 5; }
.lodestone-board .ls-piece.in-check circle, .lodestone-board .ls-piece.in-check path { stroke: var(--check); stroke-width: 5; filter: drop-shadow(0 0 4px var(--check)) drop-shadow(0 0 8px var(--check)); animation: check-glow 1.2s ease-in-out infinite alternate; }
.lodestone-board .tray-cell { fill: var(--panel); stroke: var(--line); stroke-width: var(--cell-stroke); }
.lodestone-board .tray-title { font-size: 14px; fill: var(--board-ink); }
.lodestone-board .ls-piece { pointer-events: none; }
"""

COLOURS = {
    "black-piece": "#2b2118",
    "black-piece-line": "#000000",
    "board-ink": "#4a3720",
    "cell-dark": "#d4b88a",
    "cell-edge": "#efe2c6",
    "cell-last": "#dccb5a",
    "cell-light": "#ecdcbc",
    "cell-safe": "#e6cc9f",
    "cell-stroke": "1.5px",
    "cell-target": "#cfe5e2",
    "cell-water": "#b9d3dc",
    "check": "#d21f1f",
    "line": "#8a6d45",
    "magnet": "#5a3a1c",
    "mark": "#5a4120",
    "panel": "#fffaf0",
    "path-end": "rgba(13, 92, 99, 0.18)",
    "red-dash": "none",
    "red-digit": "#ffffff",
    "red-piece": "#a3241b",
    "red-piece-line": "#4d0f0a",
    "selected": "#8f4f00",
    "target": "#0d5c63",
    "track": "#8a6d45",
    "water-line": "#1d5670",
    "white-digit": "#1f1a14",
    "white-piece": "#fbf7ee",
    "white-piece-line": "#5a4120",
    "wood": "#d9b98a",
}
#: The page's font and the board area's background (``:root`` and ``.board-area``).
FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'
BACKGROUND = COLOURS["panel"]

_VAR = re.compile(r"var\(--([a-z-]+)\)")


def stylesheet() -> str:
    """The board rules with every custom property replaced by its value."""
    rules = _VAR.sub(lambda match: COLOURS[match.group(1)], BOARD_RULES)
    return f"svg {{ font-family: {FONT}; }}\n{rules}"


def document(markup: str, title: str) -> str:
    """``markup`` (one ``<svg>`` element, as the game's ``board_svg`` returns it) as a
    standalone document: an XML declaration, a title, the stylesheet, a background,
    and a size in pixels taken from its viewBox so that viewers do not scale it to
    nothing."""
    head, sep, rest = markup.partition(">")
    if not sep or not head.startswith("<svg"):
        raise ValueError("not an <svg> element")
    size = re.search(r'viewBox="0 0 ([0-9.]+) ([0-9.]+)"', head)
    if size and " width=" not in head:
        head += f' width="{size.group(1)}" height="{size.group(2)}"'
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f"{head}>"
        f"<title>{escape(title)}</title>"
        f"<style>\n{stylesheet()}</style>"
        f'<rect width="100%" height="100%" fill="{BACKGROUND}"/>'
        f"{rest}\n"
    )
