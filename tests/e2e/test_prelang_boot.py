"""While Python loads, the page is in the visitor's language (issue 14, item 5): the
link's ``lang``, else the stored choice, else the browser's language, as Python
picks it (ludeum.i18n.choose_language); with Python kept from starting the words are
already there, and a full boot changes none of them."""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Callable, Iterator

import pytest
from harness import ROOT, SiteServer, Watch, wait_ready
from playwright.sync_api import Browser, BrowserContext, Page

from ludeum.i18n import _, set_language
from ludeum.page_text import BOOT_TEXT

# The boot is this file's subject: every context starts empty, as on a first visit.
pytestmark = [pytest.mark.e2e, pytest.mark.cold_boot]

LANGUAGE_KEY = "ludeum:v1:language"
WASM = "**/static/vendor/pyodide/*/pyodide.asm.wasm"
TEXTS_JS = """(ids) => Object.fromEntries(ids.map((id) => [id,
  document.getElementById(id) ? document.getElementById(id).textContent : null]))"""


def _page_text() -> dict[str, str]:
    spec = importlib.util.spec_from_file_location("ludeum_build_e2e", ROOT / "scripts" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.page_text_table()


PAGE_TEXT = _page_text()


def words(code: str) -> dict[str, str]:
    set_language(code)
    try:
        return {id_: _(message) for id_, message in {**PAGE_TEXT, **BOOT_TEXT}.items()}
    finally:
        set_language("en")


FRENCH = words("fr")


@pytest.fixture
def contexts(browser: Browser) -> Iterator[Callable[..., BrowserContext]]:
    made: list[BrowserContext] = []

    def make(**options) -> BrowserContext:
        context = browser.new_context(**options)
        made.append(context)
        return context

    yield make
    for context in made:
        context.close()


def without_python(context: BrowserContext, url: str) -> tuple[Page, list[str]]:
    """The page with Pyodide's wasm refused, so Python never starts: what it shows is
    the build's and the pre-boot script's doing alone. Returns the page and its
    console messages (the refused wasm logs errors of its own)."""
    context.route(WASM, lambda route: route.abort())
    page = context.new_page()
    said: list[str] = []
    page.on("console", lambda message: said.append(message.text))
    page.goto(url, wait_until="domcontentloaded")  # deferred scripts have run
    return page, said


def shown(page: Page) -> dict[str, str]:
    return page.evaluate(TEXTS_JS, list(FRENCH))


def square_one(page: Page) -> str:
    return page.get_attribute('#board [data-square="1"]', "aria-label")


def seed_language(context: BrowserContext, code: str) -> None:
    context.add_init_script(
        script=f"localStorage.setItem({json.dumps(LANGUAGE_KEY)}, {json.dumps(code)});"
    )


@pytest.mark.parametrize(
    ("query", "stored", "locale", "expected"),
    [
        ("?lang=fr", None, "en-US", "fr"),  # (a) the link asks
        ("", "fr", "en-US", "fr"),  # (b) the visitor chose French before
        ("", None, "fr-FR", "fr"),  # (c) the browser prefers French
        ("?lang=xx", None, "en-US", "en"),  # unknown: not ours, English browser
        ("?lang=en", "fr", "fr-FR", "en"),  # the link beats the stored choice
        ("", "en", "fr-FR", "en"),  # the stored choice beats the browser
        ("?lang=FR%20", None, "en-US", "fr"),  # read as launch.py reads it
    ],
)
def test_the_page_is_in_the_visitors_language_before_python_starts(
    contexts, site_server: SiteServer, query, stored, locale, expected
) -> None:
    context = contexts(locale=locale)
    if stored is not None:
        seed_language(context, stored)
    page, said = without_python(context, site_server.url + query)
    assert page.get_attribute("#app", "data-state") == "loading", "Python must not be up"
    assert page.evaluate("() => document.documentElement.lang") == expected
    assert page.locator("#language").input_value() == expected
    if expected == "fr":
        assert shown(page) == FRENCH
        assert page.title() == "Ludeum\u00a0: Senet"
        assert square_one(page) == "Pièce blanche sur la case 1"
    else:
        texts = shown(page)
        assert texts["throw"] == "Decide who starts"  # the start is in the opening
        assert texts["status"] == "Loading the game…"
        assert page.title() == "Ludeum: Senet"
        assert square_one(page) == "White piece on square 1"
    assert not [text for text in said if "Content Security Policy" in text], said


def test_blocked_storage_does_not_stop_the_browsers_language(
    contexts, site_server: SiteServer
) -> None:
    # A frame whose browser blocks storage: reading localStorage throws, the storage
    # guard puts a stand-in in place, and the browser's language still applies.
    context = contexts(locale="fr-CA")
    context.add_init_script(
        script="Object.defineProperty(window, 'localStorage', {configurable: true,"
        " get() { throw new DOMException('blocked', 'SecurityError'); }});"
    )
    page, said = without_python(context, site_server.url)
    assert page.evaluate("() => window.ludeumStorage") == "memory"
    assert shown(page) == FRENCH
    assert not [text for text in said if "page language" in text.lower()], said


def test_a_full_boot_in_french_changes_no_word(
    contexts, site_server: SiteServer, watch: Callable[[BrowserContext, str], Watch]
) -> None:
    """Every value the page's words take from the pre-boot script on, through Python's
    own translation, is the French one: nothing flickers back to English."""
    context = contexts(locale="en-US")
    watch(context, site_server.origin)  # no console error, no CSP report
    page = context.new_page()
    page.goto(site_server.url + "?lang=fr", wait_until="domcontentloaded")
    assert page.get_attribute("#app", "data-state") == "loading"
    before = shown(page)
    title_before = page.title()
    page.evaluate(
        """(ids) => {
      window.__seen = [];
      const watched = new Set(ids);
      new MutationObserver((records) => {
        for (const record of records) {
          let node = record.target;
          while (node && !(node.id && watched.has(node.id))) node = node.parentNode;
          if (node) window.__seen.push([node.id, node.textContent]);
        }
      }).observe(document.body, {subtree: true, childList: true, characterData: true});
    }""",
        [id_ for id_ in FRENCH if id_ not in BOOT_TEXT],  # the app replaces the status
    )
    wait_ready(page)
    after = shown(page)
    seen = page.evaluate("() => window.__seen")
    # The progress card's words follow the boot's phase (static/boot-progress.js): on
    # this fast line the download may be over already. Whichever phase, in French.
    phases = [FRENCH[f"boot-progress-{phase}"] for phase in ("download", "python", "opening")]
    assert before.pop("boot-progress-text") in phases
    assert before == {id_: text for id_, text in FRENCH.items() if id_ != "boot-progress-text"}
    assert seen, "Python's translation was not observed"
    assert [(id_, text) for id_, text in seen if FRENCH[id_] != text] == []
    assert {id_: after[id_] for id_ in PAGE_TEXT} == {id_: FRENCH[id_] for id_ in PAGE_TEXT}
    assert page.title() == title_before == "Ludeum\u00a0: Senet"
    assert page.evaluate("() => document.documentElement.lang") == "fr"
