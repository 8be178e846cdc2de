"""The one door through which every user-facing string passes.

Messages are written in English in the code, gettext style: ``_("White to throw")``.
``_`` looks the message up in the current language's catalog and fills in named
fields with ``str.format``. English needs no catalog. Every other language has a
compiled gettext catalog in this package, ``locale/<code>/LC_MESSAGES/ludeum.mo``,
read with the standard library (no dependency in the browser) the first time the
language is chosen. The ``.po`` source beside it is what translators edit;
``scripts/translations.py`` extracts, merges and compiles (see docs/translating.md).
"""

from __future__ import annotations

from pathlib import Path

#: The languages the app speaks, each named in its own language (for a language switch).
LANGUAGES = {"en": "English", "fr": "Français"}
DEFAULT = "en"
DOMAIN = "ludeum"
LOCALE_DIR = Path(__file__).parent / "locale"

#: Catalogs already read, by language code; English has none (messages are English).
_catalogs: dict[str, object] = {}
_current = {"language": DEFAULT, "catalog": None}


def catalog_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


def _catalog(code: str):
    """The language's translations, read on first use; None when it needs none or its
    catalog cannot be read (then the app speaks English rather than fail)."""
    if code == DEFAULT:
        return None
    if code not in _catalogs:
        import gettext  # only once a language other than English is chosen

        try:
            with catalog_path(code).open("rb") as file:
                _catalogs[code] = gettext.GNUTranslations(file)
        except OSError:
            _catalogs[code] = None
    return _catalogs[code]


def set_language(code: str) -> str:
    """Switch language; an unknown code, or one whose catalog is missing, gives
    English. Returns the language used."""
    code = code if code in LANGUAGES else DEFAULT
    catalog = _catalog(code)
    if code != DEFAULT and catalog is None:
        code = DEFAULT
    _current["language"], _current["catalog"] = code, catalog
    return code


def language() -> str:
    return _current["language"]


def choose_language(asked: str | None, stored: str | None, preferred) -> str:
    """The page's language: the link's ``lang`` (already checked by ``ludeum.launch``),
    else the visitor's stored choice, else the first of the browser's preferred
    languages (``navigator.languages``) that we speak, by its primary subtag (fr-CA is
    fr), else English. A stored value we do not speak (a language since removed) is
    passed over, not shown as English. static/page-language.js makes the same choice
    before Python starts, so the page does not change language when Python is up."""
    for code in (asked, stored):
        if code in LANGUAGES:
            return code
    for tag in preferred:
        code = str(tag).split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT


def _(message: str, **fields: object) -> str:
    """The message in the current language, with its ``{named}`` fields filled in.
    A message given no fields is returned as written (braces and all)."""
    catalog = _current["catalog"]
    text = catalog.gettext(message) if catalog is not None and message else message
    return text.format(**fields) if fields else text


def N_(message: str) -> str:
    """Mark a message for translation where it is defined; translate where shown."""
    return message
