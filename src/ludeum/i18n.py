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
LANGUAGES = {"en": "English", "fr": "Français", "de": "Deutsch", "ar": "العربية"}
#: The languages written from right to left: the page takes dir="rtl" (its layout
#: mirrors; the boards keep their physical orientation, docs/translating.md).
RIGHT_TO_LEFT = frozenset({"ar"})
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
    catalog cannot be read (then the app speaks English rather than fail). A catalog
    not found is looked for again next time: in the browser it arrives after the
    engine (``has_catalog``, ``install_catalog``)."""
    if code == DEFAULT:
        return None
    if code not in _catalogs:
        import gettext  # only once a language other than English is chosen

        try:
            with catalog_path(code).open("rb") as file:
                _catalogs[code] = gettext.GNUTranslations(file)
        except Exception:  # noqa: BLE001 (missing, or damaged: not a catalog)
            return None
    return _catalogs[code]


def has_catalog(code: str) -> bool:
    """Whether the language can be shown now: English always, another once its
    catalog is on this file system (the site fetches only the visitor's language;
    src/web/settings.py fetches another when it is chosen)."""
    return code == DEFAULT or _catalog(code) is not None


def install_catalog(code: str, data: bytes) -> bool:
    """Keep a language's compiled catalog that was downloaded (the bytes of its
    ``.mo``) where ``set_language`` reads it; False, and nothing kept, if the bytes
    are not a catalog."""
    import gettext
    import io

    try:
        gettext.GNUTranslations(io.BytesIO(data))
    except Exception:  # noqa: BLE001 (any damage in a download: not a catalog)
        return False
    path = catalog_path(code)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    _catalogs.pop(code, None)
    return True


def direction(code: str) -> str:
    """The page's writing direction in a language: "rtl" or "ltr"."""
    return "rtl" if code in RIGHT_TO_LEFT else "ltr"


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


def choose_language(
    asked: str | None, stored: str | None, preferred, offered=None, default: str = DEFAULT
) -> str:
    """The page's language: the link's ``lang`` (already checked by ``ludeum.launch``),
    else the visitor's stored choice, else the first of the browser's preferred
    languages (``navigator.languages``) that we speak, by its primary subtag (fr-CA is
    fr), else the site's default (English unless its ``ludeum.toml`` says otherwise).
    ``offered``: the site's languages (all of ``LANGUAGES`` unless it says otherwise).
    A stored value we do not offer (a language since removed) is passed over, not
    shown as the default. static/page-language.js makes the same choice before Python
    starts, so the page does not change language when Python is up."""
    offered = tuple(LANGUAGES) if offered is None else tuple(offered)
    for code in (asked, stored):
        if code in offered:
            return code
    for tag in preferred:
        code = str(tag).split("-")[0].lower()
        if code in offered:
            return code
    return default if default in offered else offered[0]


def _(message: str, **fields: object) -> str:
    """The message in the current language, with its ``{named}`` fields filled in.
    A message given no fields is returned as written (braces and all)."""
    catalog = _current["catalog"]
    text = catalog.gettext(message) if catalog is not None and message else message
    return text.format(**fields) if fields else text


def _n(singular: str, plural: str, count: int, **fields: object) -> str:
    """A message about a number of things, in the form the current language uses for
    ``count`` (English has two forms; French puts 0 and 1 in the first; Arabic has
    six, chosen by the catalog's own plural rule). ``{count}`` is filled in with the
    number, and any other ``{named}`` field as in ``_``."""
    catalog = _current["catalog"]
    if catalog is not None:
        text = catalog.ngettext(singular, plural, count)
    else:
        text = singular if count == 1 else plural
    return text.format(count=count, **fields)


#: Unicode's left-to-right isolate and the mark that ends it (UAX #9, "isolates").
LEFT_TO_RIGHT_ISOLATE, POP_ISOLATE = "\u2066", "\u2069"


def left_to_right(text: str) -> str:
    """``text`` kept left to right inside a sentence of a right-to-left language: a
    move's notation ("10 → 11"), whose arrow must point the way the piece goes on
    the board, which is never mirrored. Unchanged in a left-to-right language. (In
    Arabic text, "10 → 11" alone is laid out "11 → 10": numbers beside a neutral
    arrow take the sentence's direction.)"""
    if _current["language"] in RIGHT_TO_LEFT:
        return f"{LEFT_TO_RIGHT_ISOLATE}{text}{POP_ISOLATE}"
    return text


def listed(items) -> str:
    """``items`` as a list in a sentence of the current language, with its own comma
    (Arabic's "،")."""
    return ("، " if _current["language"] == "ar" else ", ").join(items)


def N_(message: str) -> str:
    """Mark a message for translation where it is defined; translate where shown."""
    return message
