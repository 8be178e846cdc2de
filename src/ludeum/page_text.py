"""The page's words while Python loads, in every language the app speaks.

index.html is written in English, and Python translates it once it is up
(``web.page.translate_page``), a few seconds after the first paint. So that a
French visitor reads French from the start, scripts/build.py asks this module for
the same words in every other language, through the same catalogs, and writes them
into the page as a JSON block; static/page-language.js picks the language
(``ludeum.i18n.choose_language``) and puts them in place before PyScript starts.

Run at build time on CPython only: the browser never imports this module.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from html import unescape

from .i18n import DEFAULT, N_, _, catalog_path, direction, language, set_language
from .site import current as current_site

#: Words shown only until the app is ready, which then replaces them (so they are not
#: in the page's PAGE_TEXT, which a change of language sets again).
BOOT_TEXT = {
    "status": N_("Loading the game…"),
    "lesson-title": N_("Loading the lesson…"),
    # The primary button's words for the prerendered start position, in the opening;
    # src/web/opening.py names it for each position on screen.
    "throw": N_("Decide who starts"),
    # static/boot-watch.js: the game cannot start, or has not started in time.
    "boot-failed-title": N_("The game could not start"),
    "boot-hung-text": N_("Something stopped it loading in this browser. Your saved game is safe."),
    "boot-unsupported-text": N_(
        "This browser cannot run the game: it needs WebAssembly, which is missing or "
        "turned off here (Lockdown Mode on an iPhone or iPad turns it off)."
    ),
    "boot-old-text": N_("This browser is too old to run the game."),
    "boot-advice": N_("Open this page in an up-to-date Safari, Chrome, Edge or Firefox."),
    "boot-retry": N_("Try again"),
    "boot-plain": N_("Start without the speed-up"),
    "boot-download": N_("Download your saved game"),
    # static/boot-progress.js: the phases of a boot, the first said at once.
    "boot-progress-text": N_("Downloading the game"),
    "boot-progress-download": N_("Downloading the game"),
    "boot-progress-python": N_("Starting Python…"),
    "boot-progress-opening": N_("Opening the game…"),
}
#: The page's <title> before the app names the game it shows: the start game's.
TITLE = N_("{site}: {game}")
START_GAME = N_("Senet")

_LABEL = re.compile(r'aria-label="([^"]*)"')
_TEXT = re.compile(r"(<text\b[^>]*>)([^<]*)(</text>)")
_TIP = re.compile(r'data-tip="([^"]*)"')
_TITLE = re.compile(r"(<title>)([^<]*)(</title>)")


class PageTextError(ValueError):
    """The prerendered words cannot be made (a catalog missing, a board that is not
    the same drawing in every language)."""


def board_labels(svg: str) -> list[str]:
    """The accessible names of a drawing's elements, in document order (the order of
    ``querySelectorAll('[aria-label]')``), as text."""
    return [unescape(value) for value in _LABEL.findall(svg)]


def board_words(svg: str) -> list[str]:
    """The text of a drawing's <text> elements (square numbers, the tray's name), in
    document order (that of ``querySelectorAll('text')``)."""
    return [unescape(match.group(2)) for match in _TEXT.finditer(svg)]


def board_tips(svg: str) -> list[str]:
    """The names a drawing shows on hover and long press (``data-tip``, which its
    ``<title>`` repeats), in document order."""
    return [unescape(value) for value in _TIP.findall(svg)]


def _wordless(svg: str) -> str:
    svg = _TITLE.sub(r"\1\3", _TIP.sub('data-tip=""', svg))
    return _TEXT.sub(r"\1\3", _LABEL.sub('aria-label=""', svg))


def prerendered(
    page_text: Mapping[str, str],
    board: Callable[[], str],
    welcome: Callable[[], tuple[str, Mapping[str, str]]] | None = None,
) -> dict[str, dict]:
    """For each language the app speaks: ``{"dir" (its writing direction), "title",
    "text": {element id: words}, "board": [the start board's accessible names],
    "board_text": [the text of its <text> elements], "board_tips": [its special
    squares' names]}``, in document
    order, and with ``welcome`` (which returns the welcome screen's markup without its
    pictures, and the pictures by game, in the current language; ``ludeum.welcome``)
    ``"welcome"``: that markup, and ``"welcome_pictures"``: ``{game: {"label",
    "text"}}``, each picture's name and the text of its <text> elements
    (page-language.js keeps the drawings already on the page and puts these words in
    them). English is ``{}``:
    the page is written in English already. ``board`` draws the start board in the
    current language. Raises PageTextError when a language's catalog is missing or
    its board differs from the English one by more than its words (then words given
    by position would land on the wrong squares)."""
    before = language()
    try:
        set_language(DEFAULT)
        english_board = _wordless(board())
        english_pictures = (
            {game: _wordless(svg) for game, svg in welcome()[1].items()} if welcome else {}
        )
        offered = current_site().languages
        table: dict[str, dict] = {DEFAULT: {}} if DEFAULT in offered else {}
        for code in offered:
            if code == DEFAULT:
                continue
            if set_language(code) != code:
                raise PageTextError(f"no catalog for {code!r}: {catalog_path(code)}")
            drawn = board()
            if _wordless(drawn) != english_board:
                raise PageTextError(f"the start board in {code!r} is not the English drawing")
            words = {**page_text, **BOOT_TEXT}
            table[code] = {
                "dir": direction(code),
                "title": _(TITLE, site=current_site().title, game=_(START_GAME)),
                "text": {id_: _(message) for id_, message in words.items()},
                "board": board_labels(drawn),
                "board_text": board_words(drawn),
                "board_tips": board_tips(drawn),
            }
            if welcome is not None:
                markup, pictures = welcome()
                for game, svg in pictures.items():
                    if _wordless(svg) != english_pictures.get(game):
                        raise PageTextError(
                            f"the {game} welcome picture in {code!r} is not the English drawing"
                        )
                table[code]["welcome"] = markup
                table[code]["welcome_pictures"] = {
                    game: {"label": board_labels(svg)[0], "text": board_words(svg)}
                    for game, svg in pictures.items()
                }
        return table
    finally:
        set_language(before)
