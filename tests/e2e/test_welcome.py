"""The welcome screen (issue 25, item 1), on a desktop and a phone screen: one test per
viewport walks a visitor through it, sharing boots.

At the first paint, before Python: the three game cards with their pictures, nothing of
the game screen; a choice clicked then is kept and played once Python is up (Lodestone
with a friend: its own board, not the prerendered Senet one). The header's "Ludeum"
link leads back; the Continue card shows the unfinished game with its picture, at the
first paint of the next visit too (here in French, from ?lang=fr), and continues it. A
reload stays on the game; the address names the game (Back and Forward, a bookmark);
a launch parameter skips the welcome screen, and its game is offered again there. Senet's fold
starts another reading. axe finds nothing serious; the phone page never scrolls
sideways and every welcome button is at least 44x44 px.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from axe import check_accessibility
from harness import SiteServer, Watch, wait_ready
from playwright.sync_api import Browser, BrowserContext, Page

from ludeum import saves

SAVE_KEY = "ludeum:v1:current"
VIEWPORTS = {"desktop": (1280, 800), "phone": (390, 844)}
SCREEN_JS = "() => document.documentElement.dataset.screen"
STATE_JS = "() => document.getElementById('app').dataset.state"


def stored(page: Page):
    text = page.evaluate(f"() => localStorage.getItem({json.dumps(SAVE_KEY)})")
    assert text is not None, "no game saved"
    return text


def visible(page: Page, selector: str) -> bool:
    return page.locator(selector).is_visible()


def check_layout(page: Page, width: int) -> None:
    """No sideways scrolling; every welcome button a finger can hit (44x44 px)."""
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= width
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('#welcome button, #welcome summary')]
            .filter((b) => b.offsetParent !== null)
            .map((b) => [b.textContent.trim(), b.getBoundingClientRect().width,
                         b.getBoundingClientRect().height])"""
    )
    small = [s for s in sizes if s[1] < 44 or s[2] < 44]
    assert sizes and not small, f"buttons under 44x44 px: {small}"


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_welcome_screen(
    viewport: str,
    browser: Browser,
    site_server: SiteServer,
    watch: Callable[[BrowserContext, str], Watch],
) -> None:
    width, height = VIEWPORTS[viewport]
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-GB")
    watch(context, site_server.origin)
    page = context.new_page()
    # Python cannot finish booting until the engine archive is let through, so that
    # the first click below surely comes before Python is up.
    held = []
    page.route("**/src/ludeum.*.zip", lambda route: held.append(route))

    # First paint, before Python: the welcome screen, not the game.
    page.goto(site_server.url, wait_until="domcontentloaded")
    assert page.evaluate(STATE_JS) == "loading"
    assert page.evaluate(SCREEN_JS) == "welcome"
    assert not visible(page, ".play") and visible(page, "#welcome-title")
    cards = page.locator("#welcome .welcome-card")
    assert cards.count() == 3
    for game in ("senet", "squadro", "lodestone"):
        picture = page.locator(f'.welcome-card[data-game="{game}"] svg[role="img"]')
        assert picture.is_visible() and picture.bounding_box()["height"] > 60
    assert not visible(page, "#welcome-continue")  # a first visit has no game
    fcp = page.evaluate(
        """() => new Promise((done) => new PerformanceObserver((list, observer) => {
             observer.disconnect(); done(list.getEntries()[0].startTime);
           }).observe({ type: 'paint', buffered: true }))"""
    )
    print(f"{viewport}: first contentful paint {fcp:.0f} ms")

    # A choice clicked before Python is up is kept, then played.
    page.click('.welcome-card[data-game="lodestone"] .welcome-friend')
    assert page.evaluate(STATE_JS) == "loading"
    assert page.evaluate(SCREEN_JS) == "game"
    assert page.locator("#game-name").text_content() == "Lodestone"
    assert visible(page, "#status")  # "Loading the game…"
    # The prerendered board is Senet's: it gives way to Lodestone's when Python is up.
    assert not page.locator("#board > svg.senet-board").is_visible()
    page.wait_for_function("() => document.getElementById('app').dataset.queued")
    for _wait in range(600):  # the archive is asked for once Pyodide has started
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the engine archive was never asked for"
    for route in held:
        route.continue_()
    page.unroute("**/src/ludeum.*.zip")
    wait_ready(page, enter=False)
    page.locator("#board svg.lodestone-board").wait_for()
    lodestone = saves.load(stored(page))
    assert saves.game_name(lodestone) == "lodestone"
    assert saves.load_players(stored(page)) == ("human", "human")

    # A reload in the same tab comes back to the game, not the welcome screen.
    page.reload(wait_until="domcontentloaded")
    assert page.evaluate(SCREEN_JS) == "game"
    wait_ready(page, enter=False)
    assert page.evaluate(SCREEN_JS) == "game"
    page.locator("#board svg.lodestone-board").wait_for()

    # The address names the game on screen (issue 37: bookmarkable), and the welcome
    # screen's does not; Back and Forward move between the two screens.
    assert page.url == site_server.url + "#lodestone"
    # "Ludeum" leads back to all games; a Lodestone game chosen is one to continue.
    page.click("#home")
    assert page.evaluate(SCREEN_JS) == "welcome"
    assert page.url == site_server.url
    screen_is = "(name) => document.documentElement.dataset.screen === name"
    page.go_back()
    page.wait_for_function(screen_is, arg="game")
    assert page.url.endswith("#lodestone")
    page.go_forward()
    page.wait_for_function(screen_is, arg="welcome")
    assert page.url == site_server.url
    assert page.evaluate("() => document.activeElement.id") == "welcome-title"
    assert visible(page, "#welcome-continue")
    assert page.locator("#welcome-continue-game").text_content() == "Lodestone"
    check_layout(page, width)
    page.click("#welcome-readings summary")
    check_accessibility(page, f"the welcome screen ({viewport}, Continue card, fold open)")

    # Senet under Tait, from the fold, with a friend: one throw makes it a game.
    page.check('input[name="welcome-reading"][value="tait"]')
    page.click('.welcome-card[data-game="senet"] .welcome-friend')
    assert page.evaluate(SCREEN_JS) == "game"
    assert "Tait" in page.locator("#ruleset-name").text_content()
    page.click("#throw")
    page.wait_for_function(
        f"() => JSON.parse(localStorage.getItem({json.dumps(SAVE_KEY)})).record.actions.length"
    )
    senet = saves.load(stored(page))
    assert senet.rules.preset == "tait" and len(senet.actions()) >= 1
    page.click("#home")  # stores the Continue card's picture for the next visit
    assert page.locator("#welcome-continue-game").text_content() == "Senet"
    assert "Tait" in page.locator("#welcome-continue-about").text_content()

    # A new visit (a new tab), in French: the Continue card and its picture are there
    # at the first paint, before Python; Continue resumes the game.
    other = context.new_page()
    other.goto(site_server.url + "?lang=fr", wait_until="domcontentloaded")
    assert other.evaluate(STATE_JS) == "loading"
    assert other.evaluate(SCREEN_JS) == "welcome"
    assert other.locator("#welcome-title").text_content() == "Choisir un jeu"
    assert other.locator("#welcome-continue").is_visible()
    assert other.locator("#welcome-continue-game").text_content() == "Senet"
    assert other.locator('#welcome-continue-picture svg[role="img"]').is_visible()
    assert other.locator(".welcome-card .welcome-friend .welcome-words").first.text_content() == (
        "Jouer avec un ami sur cet appareil"
    )
    wait_ready(other, enter=False)
    assert other.locator("#welcome-continue-about").text_content()
    other.click("#welcome-continue-button")
    assert other.evaluate(SCREEN_JS) == "game"
    # The same game (one throw need not make a move-list entry: a move may be due).
    assert "Tait" in other.locator("#ruleset-name").text_content()
    assert saves.load(stored(other)).actions() == senet.actions()
    assert saves.load(stored(other)).actions() == senet.actions()
    other.close()

    # A bookmark of the game kept here opens it at the first paint (a new tab: no
    # screen remembered); one of another game opens the welcome screen, unnamed.
    for named, screen in (("senet", "game"), ("squadro", "welcome")):
        tab = context.new_page()
        tab.goto(f"{site_server.url}#{named}", wait_until="domcontentloaded")
        assert tab.evaluate(SCREEN_JS) == screen, named
        if screen == "welcome":
            wait_ready(tab, enter=False)
            assert tab.evaluate(SCREEN_JS) == "welcome" and tab.url == site_server.url
        tab.close()
    # Without the stored picture the first paint cannot know the game kept here:
    # Python does, and opens it.
    tab = context.new_page()
    tab.add_init_script("localStorage.removeItem('ludeum:v1:continue')")
    tab.goto(f"{site_server.url}#senet", wait_until="domcontentloaded")
    assert tab.evaluate(SCREEN_JS) == "welcome"
    wait_ready(tab, enter=False)
    assert tab.evaluate(SCREEN_JS) == "game" and tab.url.endswith("#senet")
    assert "Tait" in tab.locator("#ruleset-name").text_content()
    tab.close()

    # A link that names a game skips the welcome screen, from the first paint, and
    # keeps its game in a slot of its own...
    link = "?game=senet&ruleset=tait&opponent=computer&level=easy"
    page.goto(site_server.url + link, wait_until="domcontentloaded")
    assert page.evaluate(SCREEN_JS) == "game"
    assert visible(page, ".play") and not visible(page, "#welcome")
    wait_ready(page, enter=False)
    page.click("#throw")
    slot = f"{SAVE_KEY}?game=senet&ruleset=tait&players=human,easy"
    page.wait_for_function("(key) => localStorage.getItem(key)", arg=slot)
    # ...which the plain app's welcome screen offers again, by its link (issue 37).
    tab = context.new_page()
    tab.goto(site_server.url, wait_until="domcontentloaded")
    wait_ready(tab, enter=False)
    row = tab.locator("#welcome-links a")
    assert row.count() == 1 and row.is_visible()
    assert "Senet" in row.text_content() and "Tait" in row.text_content()
    # Listed again on the way back from the game kept here (not at a game's boot).
    tab.click("#welcome-continue-button")
    tab.click("#home")
    assert row.count() == 1 and row.is_visible()
    row.click()
    tab.wait_for_url(site_server.url + link)
    wait_ready(tab, enter=False)
    assert saves.load(tab.evaluate("(key) => localStorage.getItem(key)", slot)).actions()
    context.close()
