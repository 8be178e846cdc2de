"""Issue 41: nothing read from storage, a file, a link or the address reaches the page
as markup, even where the page's Content-Security-Policy is missing.

Every field a visitor's data or a stranger can fill carries the same kinds of attack
(an event-handler attribute, an HTML image inside an SVG <foreignObject>, a
javascript: link, a <script>, a CSS url()): the Continue card's stored picture (read
before Python starts), a saved game's name, a kept game's note (its summary's words
and the picture notes used to keep), the visitor's name, an imported JSON record's
name, an imported move list's header and both files' names, a friend's name in a
link, and the address's parameters. Each attack, if it ever ran or loaded, would push
to ``window.__ran`` or ask the server for a path starting /ran-.

Run twice: with the page's policy removed (Playwright's bypass_csp, as a host whose
CMS dropped the meta would serve it), where only the page's own care stands between
the data and script; and with it, where no violation may be reported at all (nothing
even tried). Either way the visitor's data is kept and shown as text.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

import pytest
from harness import SiteServer, Watch, wait_ready, warm
from playwright.sync_api import Browser, BrowserContext, Page, expect

from ludeum import games, saves, seats
from ludeum.records import library
from ludeum.records import text as move_list
from ludeum.records.thumbnail import position_picture
from ludeum.squadro import new_game as new_squadro

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "unit"))
from by_links import exchange  # noqa: E402  (tests/unit's in-memory devices)
from test_transfer import choose_file  # noqa: E402  (the import button's file picker)

SAVE_KEY = "ludeum:v1:current"
CONTINUE_KEY = "ludeum:v1:continue"
KEPT_KEY = "ludeum:v1:kept:20261120T100000"
NOTE_KEY = "ludeum:v1:note:" + KEPT_KEY
NAME_KEY = "ludeum:v1:name"


def attacks(tag: str) -> str:
    """Markup that would run or load something five ways; ``tag`` says which field."""
    return (
        f'<img src="/ran-img-{tag}" onerror="__ran.push(\'{tag} img\')">'
        f'<svg onload="__ran.push(\'{tag} svg\')"><foreignObject><img src="/ran-fo-{tag}" '
        f"onerror=\"__ran.push('{tag} foreignObject')\"></foreignObject></svg>"
        f"<a href=\"javascript:__ran.push('{tag} link')\">link</a>"
        f"<script>__ran.push('{tag} script')</script>"
        f'<b style="background:url(/ran-css-{tag})">css</b>'
    )


#: A name field is short (24 characters for a player, 60 for a saved game): the
#: shortest attack that runs.
SHORT = "<svg onload=__ran[0]=1>"

#: The Continue card's picture as a stranger would store it: an SVG drawing (one shape
#: worth keeping) around everything an SVG can carry that runs or fetches.
PICTURE = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" role="img" '
    'aria-label="A stranger\'s picture" onload="__ran.push(\'picture svg\')">'
    '<rect class="kept-shape" width="5" height="5"/>'
    '<image href="/ran-image" onerror="__ran.push(\'picture image\')"/>'
    '<foreignObject><img xmlns="http://www.w3.org/1999/xhtml" src="/ran-fo" '
    "onerror=\"__ran.push('picture foreignObject')\"/></foreignObject>"
    '<a href="javascript:__ran.push(\'picture link\')"><rect width="1" height="1"/></a>'
    "<style>rect { fill: url(/ran-css) }</style>"
    "<script>__ran.push('picture script')</script>"
    '<rect width="2" height="2" fill="url(/ran-fill#p)"/>'
    '<use href="/ran-use#shape"/>'
    '<animate attributeName="href" to="javascript:__ran.push(\'picture animate\')"/>'
    "</svg>"
)

WATCH_JS = """
window.__ran = [];
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`);
});
"""

#: Whatever in the page could still run: an on* attribute anywhere, a javascript:
#: address, a <foreignObject>, or a <script> that is not the page's own.
LEFT_JS = """() => [...document.querySelectorAll('*')].flatMap((node) => {
  const found = [];
  for (const a of node.attributes) {
    if (a.name.toLowerCase().startsWith('on')) found.push(`${node.localName}[${a.name}]`);
    if (/^\\s*javascript:/i.test(a.value)) found.push(`${node.localName}[${a.name}=${a.value}]`);
    if (/url\\(\\s*['"]?\\/ran-/i.test(a.value)) found.push(`${node.localName}[${a.name}]: url`);
  }
  if (node.localName === 'foreignObject') found.push('foreignObject');
  if (node.localName === 'script' && node.textContent.includes('__ran')) found.push('script');
  return found;
})"""


def senet_text(actions: int, name: str | None = None) -> str:
    """A Senet game between two people here, ``actions`` actions in (throws taken
    as their first outcome, moves as the first legal one), saved under ``name``."""
    state = games.ui("senet").start({}, 0)
    for _n in range(actions):
        chance = state.chance_outcomes()
        state = state.apply(chance[0][0] if chance else state.legal_moves()[0])
    return saves.dump(state, seats.HUMANS, name=name)


def js_length(text: str) -> int:
    """What JavaScript's String.length says of ``text`` (UTF-16 code units)."""
    return len(text.encode("utf-16-le")) // 2


def check_inert(page: Page, site: SiteServer, csp: bool, where: str) -> None:
    ran = page.evaluate("() => window.__ran")
    assert ran == [], f"{where}: attacks ran: {ran}"
    left = page.evaluate(LEFT_JS)
    assert left == [], f"{where}: in the page: {left}"
    fetched = sorted(path for path in site.requests if path.startswith("/ran-"))
    assert fetched == [], f"{where}: fetched: {fetched}"
    if csp:
        violations = page.evaluate("() => window.__violations")
        assert violations == [], f"{where}: the policy was put to work: {violations}"


def new_context(browser: Browser, site: SiteServer, watch, csp: bool) -> BrowserContext:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=not csp)
    # A returning visitor's (the boot is not this file's subject): its pages boot from
    # the Python snapshot, as the stored games' owner's would.
    warm(context, site.origin)
    context.add_init_script(script=WATCH_JS)
    watch(context, site.origin)  # and no console error, no page error, nothing foreign
    return context


def seed(page: Page, site: SiteServer, values: dict[str, str]) -> None:
    """Write ``values`` to localStorage from another page of the same origin (a
    museum's own page, say, served beside Ludeum)."""
    other = site.url + "museum-page.html"
    # Its icon named, so that the browser does not ask the test server for /favicon.ico.
    body = '<link rel="icon" href="data:,"><p>A museum page</p>'
    page.route(other, lambda route: route.fulfill(body=body, content_type="text/html"))
    page.goto(other)
    page.evaluate(
        "(values) => { for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v); }",
        values,
    )
    page.unroute(other)


def open_saved_games(page: Page) -> None:
    """The panel, opened unless it opened by itself (a game there needs the visitor)."""
    button = page.locator("#saved-games")
    if button.get_attribute("aria-expanded") != "true":
        button.click()
    expect(button).to_have_attribute("aria-expanded", "true")


@pytest.fixture
def site(serve: Callable[..., SiteServer], dist_dir: Path) -> SiteServer:
    return serve(dist_dir)  # an origin of its own: its storage starts empty


@pytest.mark.parametrize("csp", [False, True], ids=["policy-removed", "policy-in-place"])
def test_stored_and_imported_markup_never_runs(
    browser: Browser, site: SiteServer, watch: Callable[..., Watch], csp: bool
) -> None:
    current = senet_text(6, name=SHORT)
    kept = senet_text(9, name=attacks("kept name")[:60])
    words = library.to_note(library.summarize(kept), kept)
    note = {
        "summary": {**words, "players": attacks("note words"), "result": attacks("result")},
        # What notes kept before issue 41, which the page read back as markup.
        "picture": {"crc": library.checksum(kept), "lang": "en", "svg": PICTURE},
        "name": attacks("note name"),
    }
    continued = {"key": SAVE_KEY, "size": js_length(current), "game": "senet",
                 "over": False, "picture": PICTURE}  # fmt: skip
    stored = {
        SAVE_KEY: current,
        CONTINUE_KEY: json.dumps(continued),
        KEPT_KEY: kept,
        NOTE_KEY: json.dumps(note),
        NAME_KEY: SHORT,
    }
    context = new_context(browser, site, watch, csp)
    page = context.new_page()
    seed(page, site, stored)

    # Before Python: a stored picture holding what ludeum never draws is not even
    # parsed; the card waits for Python, which draws the saved game itself.
    release = site.hold(".zip")  # the engine and the standard library: no Python yet
    try:
        page.goto(site.url, wait_until="domcontentloaded")
        page.wait_for_timeout(300)  # time enough for a card that would come
        assert page.evaluate("() => document.getElementById('app').dataset.state") == "loading"
        check_inert(page, site, csp, "the Continue card before Python")
        expect(page.locator("#welcome-continue")).to_be_hidden()
        assert page.locator("#welcome-continue-picture").inner_html() == ""
    finally:
        release.set()
    wait_ready(page, enter=False)
    expect(page.locator("#welcome-continue-picture svg.senet-board")).to_be_visible()
    assert "kept-shape" not in page.locator("#welcome-continue-picture").inner_html()
    check_inert(page, site, csp, "the welcome screen")

    # The game with its stranger's name, and Saved games with the kept game's note.
    page.click("#welcome-continue-button")
    open_saved_games(page)
    listing = page.locator("#records-list")
    expect(listing).to_contain_text("Senet")
    expect(listing.locator(".record-picture svg")).to_have_count(1)  # drawn from the record
    assert "kept-shape" not in listing.inner_html()
    expect(page.locator("#library-current")).to_contain_text(SHORT)  # a name is text
    check_inert(page, site, csp, "Saved games")

    # Imports: a JSON record named by the file and by itself, then a move list whose
    # header and file name attack, which is refused and said.
    record = saves.renamed(senet_text(4), attacks("record name")[:60])
    choose_file(page, attacks("json file")[:80] + ".json", record, "application/json")
    expect(page.locator("#announcer")).to_contain_text("Opened: Senet")
    listed = move_list.write(saves.load(senet_text(4)))
    listed = listed.replace("game: senet", "game: " + attacks("header"), 1)
    choose_file(page, attacks("text file")[:80] + ".txt", listed, "text/plain")
    expect(page.locator("#notice")).to_contain_text("was not imported")
    expect(page.locator("#notice")).to_contain_text("<img src=")  # the file's name, as text
    check_inert(page, site, csp, "the imports")

    # Nothing was lost: the kept game is there as it was written, the other one kept.
    kept_now = page.evaluate("(key) => localStorage.getItem(key)", KEPT_KEY)
    assert kept_now == kept
    games = page.evaluate(
        "() => Object.keys(localStorage).filter((k) => k.startsWith('ludeum:v1:kept:'))"
        ".map((k) => localStorage.getItem(k))"
    )
    assert any(saves.load(text).actions() == saves.load(current).actions() for text in games)
    page.close()

    # A friend's invitation whose name attacks, with every setting of the address too.
    invitation = exchange(new_squadro(0), seed=5, names=(SHORT[:24], "Bo")).links[0].code
    wild = quote(attacks("address"))
    friend = context.new_page()
    friend.goto(f"{site.url}?friend={invitation}&lang={wild}&theme={wild}&sound={wild}")
    wait_ready(friend, enter=False)
    expect(friend.locator("#app")).to_contain_text(SHORT[:24])
    check_inert(friend, site, csp, "a friend's link")
    friend.close()

    # A launch whose every parameter attacks: refused, and said in words.
    launch = context.new_page()
    names = ("game", "ruleset", "opponent", "level", "record", "at", "lesson", "step", "idle")
    launch.goto(site.url + "?" + "&".join(f"{name}={wild}" for name in names))
    wait_ready(launch, enter=False)
    check_inert(launch, site, csp, "a launch link")
    assert "/favicon.ico" not in site.requests  # the museum page named its icon
    context.close()


def test_a_real_picture_comes_through_the_sanitizer_whole(
    browser: Browser, site: SiteServer, watch: Callable[..., Watch]
) -> None:
    """What DOMPurify keeps of a picture ludeum drew is that picture: every element,
    every attribute (the card before Python looks as it did)."""
    current = senet_text(12)
    picture = position_picture(saves.load(current), ident="welcome-continue")
    continued = {"key": SAVE_KEY, "size": js_length(current), "game": "senet",
                 "over": False, "picture": picture}  # fmt: skip
    context = new_context(browser, site, watch, csp=True)
    page = context.new_page()
    seed(page, site, {SAVE_KEY: current, CONTINUE_KEY: json.dumps(continued)})
    release = site.hold(".zip")  # the engine and the standard library: no Python
    try:
        page.goto(site.url, wait_until="domcontentloaded")
        expect(page.locator("#welcome-continue")).to_be_visible()
        same = page.evaluate(
            """(picture) => {
              const shape = (root) => [root, ...root.querySelectorAll('*')].map((e) =>
                e.localName + ' ' + [...e.attributes].map((a) =>
                  `${a.name}=${a.value.trim().replace(/\\s+/g, ' ')}`).sort().join(' '));
              const drawn = new DOMParser().parseFromString(
                window.ludeumMarkup.createHTML(picture), 'image/svg+xml');
              const shown = document.querySelector('#welcome-continue-picture svg');
              const a = shape(drawn.documentElement), b = shape(shown);
              return a.length === b.length && a.every((x, i) => x === b[i])
                ? 'same' : a.filter((x, i) => x !== b[i]).slice(0, 3);
            }""",
            picture,
        )
        assert same == "same"
        check_inert(page, site, True, "a real picture")
    finally:
        release.set()
    context.close()
