"""The one door through which every user-facing string passes.

Messages are written in English in the code, gettext style: ``_("White to throw")``.
``_`` looks the message up in the catalog of the current language and fills in
named fields with ``str.format``. English needs no catalog; other languages add one
(a dict from English message to translation) to ``CATALOGS``.
"""

from __future__ import annotations

CATALOGS: dict[str, dict[str, str]] = {"en": {}}
#: The languages offered, each named in its own language (for the language switch).
LANGUAGES = {"en": "English", "fr": "Français"}

_current = {"language": "en"}


def set_language(code: str) -> str:
    """Switch language; an unknown code keeps English. Returns the language used."""
    _current["language"] = code if code in CATALOGS else "en"
    return _current["language"]


def language() -> str:
    return _current["language"]


def _(message: str, **fields: object) -> str:
    text = CATALOGS[_current["language"]].get(message, message)
    return text.format(**fields) if fields else text


def N_(message: str) -> str:
    """Mark a message for translation where it is defined; translate where shown."""
    return message
