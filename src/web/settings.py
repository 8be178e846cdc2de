"""The visitor's settings: the language, the high-contrast theme, one-tap moves and
sound."""

from __future__ import annotations

import asyncio

from pyscript import document, window

from ludeum import launch as launching
from ludeum import sounds
from ludeum.i18n import (
    LANGUAGES,
    _,
    choose_language,
    direction,
    has_catalog,
    install_catalog,
    language,
    set_language,
)
from ludeum.site import current as current_site

from .page import element, listen, translate_page
from .screen import GameScreen
from .sound import Sound
from .storage import (
    LANGUAGE_KEY,
    MOTION_KEY,
    ONE_TAP_KEY,
    SOUND_KEY,
    THEME_KEY,
    Storage,
    Written,
)


class Settings:
    """The language, the high-contrast theme and sound: as the URL asks, else as the
    visitor last chose on this device, else (for the language) as the browser
    prefers (for sound: on, but off in another site's frame)."""

    def __init__(self, storage: Storage, launch: launching.Launch) -> None:
        self.storage = storage
        self.screen: GameScreen | None = None
        # The language asked for; shown once its catalog is here (fetched if not).
        site = current_site()
        self.wanted = choose_language(
            launch.language,
            storage.get(LANGUAGE_KEY),
            _browser_languages(),
            site.languages,
            site.default_language,
        )
        self.apply_language(self.wanted)
        if not has_catalog(self.wanted):  # its download with the engine failed
            self._fetch_catalog(self.wanted)
        self.apply_theme(launch.theme or storage.get(THEME_KEY))
        # On unless the visitor turned it off on this device.
        self.one_tap = storage.get(ONE_TAP_KEY) != "off"
        element("one-tap").setAttribute("aria-pressed", "true" if self.one_tap else "false")
        self.apply_motion(storage.get(MOTION_KEY) == "reduced")
        self.sound = Sound()
        framed = bool(document.documentElement.hasAttribute("data-framed"))
        self.apply_sound(
            sounds.sound_on(launch.sound, storage.get(SOUND_KEY), framed, current_site().sound)
        )

    def apply_language(self, code: str) -> None:
        code = set_language(code)
        document.documentElement.lang = code
        # Arabic's page reads from right to left; the boards keep their own
        # orientation (static/app.css, docs/translating.md).
        document.documentElement.dir = direction(code)
        translate_page()
        element("language").value = code
        element("sound").title = _("Sound")  # the switch is an icon in the header line

    def apply_theme(self, theme: str | None) -> None:
        """``"contrast"`` or ``"standard"`` as chosen; None follows the system setting
        (prefers-contrast, in static/app.css)."""
        root = document.documentElement
        if theme in ("contrast", "standard"):
            root.dataset.theme = theme
        else:
            root.removeAttribute("data-theme")
        element("contrast").setAttribute("aria-pressed", "true" if self.contrast() else "false")

    def apply_sound(self, on: bool) -> None:
        self.sound.on = on
        element("sound").setAttribute("aria-pressed", "true" if on else "false")

    def contrast(self) -> bool:
        # getAttribute: reading a missing dataset entry raises AttributeError in Pyodide.
        theme = document.documentElement.getAttribute("data-theme")
        if theme in ("contrast", "standard"):
            return theme == "contrast"
        return bool(window.matchMedia("(prefers-contrast: more)").matches)

    def wire(self, screen: GameScreen) -> None:
        self.screen = screen

        def on_language(event) -> None:
            self.choose_language(str(element("language").value), screen)

        listen(element("language"), "change", on_language)
        listen(element("contrast"), "click", lambda event: self.toggle_contrast())
        listen(element("one-tap"), "click", lambda event: self.toggle_one_tap())
        listen(element("reduce-motion"), "click", lambda event: self.toggle_motion())
        listen(element("sound"), "click", lambda event: self.toggle_sound())
        listen(element("settings-toggle"), "click", lambda event: self.toggle_menu())

    def toggle_menu(self) -> None:
        """The phone's settings button shows or hides the language and contrast
        switches (a wide screen shows them in the header and hides the button)."""
        toggle = element("settings-toggle")
        opening = toggle.getAttribute("aria-expanded") != "true"
        toggle.setAttribute("aria-expanded", "true" if opening else "false")
        element("settings").classList.toggle("open", opening)

    def choose_language(self, code: str, screen: GameScreen) -> None:
        self.wanted = code
        if has_catalog(code):
            self._show_chosen(code)
        else:  # the page goes on in its language until this one's words arrive
            self._fetch_catalog(code, chosen=True)

    def _show_chosen(self, code: str) -> None:
        """The visitor's choice, shown and remembered (only once it can be shown: a
        choice that could not load is never the one the next visit starts in)."""
        written = self.storage.set(LANGUAGE_KEY, code)
        self.apply_language(code)
        if self.screen is not None:
            self.screen.relabel()
        self._said(written)

    def _fetch_catalog(self, code: str, *, chosen: bool = False) -> None:
        """Download a language's words (the site sends only the visitor's with the
        engine), then show it if it is still the one wanted (and remember it if the
        visitor ``chosen`` it); a failed download is said, and the page stays in the
        language it shows."""
        catalogs = getattr(window, "ludeumCatalogs", None)
        url = getattr(catalogs, code, None) if catalogs is not None else None
        if not url:
            self._language_failed(code)
            return

        async def fetch() -> None:
            try:
                response = await window.fetch(str(url))
                if not response.ok:
                    raise OSError(f"HTTP {response.status}")
                data = (await response.arrayBuffer()).to_bytes()
            except Exception:  # noqa: BLE001 (offline, or the server failed: said below)
                self._language_failed(code)
                return
            if not install_catalog(code, data):
                self._language_failed(code)
            elif self.wanted == code and chosen:
                self._show_chosen(code)
            elif self.wanted == code:
                self.apply_language(code)
                if self.screen is not None:
                    self.screen.relabel()

        asyncio.ensure_future(fetch())

    def _language_failed(self, code: str) -> None:
        element("language").value = language()
        if self.screen is not None:
            self.screen.notice(
                _(
                    "{language} could not be loaded (is this device offline?): the page "
                    "stays as it is. Try again once connected.",
                    language=LANGUAGES.get(code, code),
                )  # fmt: skip
            )

    def toggle_contrast(self) -> None:
        theme = "standard" if self.contrast() else "contrast"
        written = self.storage.set(THEME_KEY, theme)
        self.apply_theme(theme)
        self._said(written)

    def apply_motion(self, reduced: bool) -> None:
        """<html data-motion="reduced"> stops the pieces' travel (src/web/motion.py)
        and every CSS animation (static/app.css), as the system setting does."""
        root = document.documentElement
        if reduced:
            root.dataset.motion = "reduced"
        else:
            root.removeAttribute("data-motion")
        element("reduce-motion").setAttribute("aria-pressed", "true" if reduced else "false")

    def toggle_motion(self) -> None:
        reduced = not document.documentElement.hasAttribute("data-motion")
        written = self.storage.set(MOTION_KEY, "reduced" if reduced else "full")
        self.apply_motion(reduced)
        self._said(written)

    def toggle_one_tap(self) -> None:
        self.one_tap = not self.one_tap
        written = self.storage.set(ONE_TAP_KEY, "on" if self.one_tap else "off")
        element("one-tap").setAttribute("aria-pressed", "true" if self.one_tap else "false")
        self._said(written)

    def toggle_sound(self) -> None:
        on = not self.sound.on
        written = self.storage.set(SOUND_KEY, "on" if on else "off")
        self.apply_sound(on)
        if on:
            self.sound.wake()  # within the click: a browser may allow sound only then
        self._said(written)

    def _said(self, written: Written) -> None:
        if not written:
            self.screen.notice(_("This choice applies now, but could not be remembered for "
                                 "next time: the browser's storage refused it."))  # fmt: skip


def _browser_languages() -> list[str]:
    """The browser's preferred languages, most wanted first."""
    return [str(tag) for tag in window.navigator.languages or [window.navigator.language or "en"]]
