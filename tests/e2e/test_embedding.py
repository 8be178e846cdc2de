"""Embedding (docs/embedding.md): URL parameters preselect the game, and the app runs
inside a museum's or a school's page, in a same-site frame (with storage) and in a
cross-site frame where the browser blocks storage (in memory, and says so)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from axe import check_accessibility
from harness import (
    CONTINUE_BUTTON,
    DOCUMENTED_FRAMES,
    PLAYWRIGHT_DISABLED_FEATURES,
    READY_SELECTOR,
    READY_TIMEOUT_MS,
    SENET_FRIEND_BUTTON,
    UNUSED_BROWSER_UI,
    SiteServer,
    Watch,
    enter_game,
    host_page,
    play_lane,
    resize_frame,
    wait_ready,
)
from playwright.sync_api import BrowserContext, FrameLocator, Page, expect

NOT_KEPT = "will not be kept"


def open_host_page(
    context: BrowserContext,
    serve: Callable[[Path], SiteServer],
    watch: Callable[..., Watch],
    directory: Path,
    app: SiteServer,
    query: str = "",
    host_name: str = "127.0.0.1",
    size: tuple[int, int] = (1000, 760),
) -> tuple[Page, FrameLocator]:
    """Serve a host page framing the app (with ``query``), open it as
    ``http://host_name:port/`` ("localhost" makes it another site than the app's
    127.0.0.1) and wait for the framed app to be ready."""
    host_page(directory, app.url + query, size)
    host = serve(directory)
    origin = f"http://{host_name}:{host.port}"
    watch(context, origin, app.origin)
    page = context.new_page()
    page.goto(origin + "/", wait_until="commit")
    return page, framed_app(page)


def framed_app(page: Page) -> FrameLocator:
    app = page.frame_locator("iframe")
    app.locator(READY_SELECTOR).wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    # A frame with no launch parameters opens on the welcome screen: go to the game.
    enter_game(page.locator("iframe").element_handle().content_frame())
    return app


def throw_once(scope: Page | FrameLocator) -> str:
    """Throw the sticks once in a new Senet game; returns the status it leads to. (A
    first throw of 1 adds no line to the move list until its move is made, so the
    status, not the list, tells that the throw happened.)"""
    status = scope.locator("#status")
    before = status.inner_text()
    scope.locator("#throw").click()
    # Generous: a frame's first action can be slow on a loaded machine.
    expect(status).not_to_have_text(before, timeout=60_000)
    return status.inner_text()


def squadro_move(scope: Page | FrameLocator) -> None:
    """The person to move plays the first piece that can move (harness.play_lane)."""
    play_lane(scope)


def test_parameters_preselect_game_opponent_and_language(fresh_page: Page, site_server) -> None:
    fresh_page.goto(site_server.url + "?game=lodestone&opponent=computer&level=easy&lang=fr",
                  wait_until="commit")  # fmt: skip
    wait_ready(fresh_page)
    assert fresh_page.locator("#board .lodestone-board").count() == 1
    assert fresh_page.evaluate("document.documentElement.lang") == "fr"
    assert fresh_page.locator("#language").input_value() == "fr"
    expect(fresh_page.locator("#show-rules")).to_have_text("Règles")
    expect(fresh_page.locator("#player-cards")).to_contain_text("Ordinateur · Facile")
    assert fresh_page.locator("#notice").is_hidden()


def test_the_language_switch_translates_the_page_and_is_remembered(
    fresh_page: Page, site_server
) -> None:
    fresh_page.goto(site_server.url + "?game=squadro", wait_until="commit")
    wait_ready(fresh_page)
    squadro_move(fresh_page)
    expect(fresh_page.locator("#moves li")).to_have_count(1)
    english_move = fresh_page.locator("#moves li").first.inner_text()
    fresh_page.select_option("#language", "fr")
    # The French words are fetched then (a visitor downloads only their language's).
    expect(fresh_page.locator("html")).to_have_attribute("lang", "fr")
    expect(fresh_page.locator("#new-game")).to_have_text("Nouvelle partie")
    expect(fresh_page.locator("#show-rules")).to_have_text("Règles")
    # The move list is written again in French, not left half in English.
    expect(fresh_page.locator("#moves li")).to_have_count(1)
    assert fresh_page.locator("#moves li").first.inner_text() != english_move
    assert fresh_page.title().startswith("Ludeum\u00a0: ")
    check_accessibility(fresh_page, "in French")
    fresh_page.click("#show-rules")
    expect(fresh_page.locator("#rules-content h2").first).to_contain_text("Squadro")
    expect(fresh_page.locator("#rules-content")).to_contain_text("couloir")
    check_accessibility(fresh_page, "rules in French")
    fresh_page.click("#close-rules")
    fresh_page.reload(wait_until="commit")
    wait_ready(fresh_page)
    assert fresh_page.evaluate("document.documentElement.lang") == "fr"
    expect(fresh_page.locator("#show-rules")).to_have_text("Règles")
    fresh_page.select_option("#language", "en")
    assert fresh_page.evaluate("document.documentElement.lang") == "en"
    expect(fresh_page.locator("#show-rules")).to_have_text("Rules")
    assert fresh_page.locator("#moves li").first.inner_text() == english_move


def test_a_kendall_ruleset_from_the_url_is_played(fresh_page: Page, site_server) -> None:
    fresh_page.goto(site_server.url + "?ruleset=kendall_trap_home_row", wait_until="commit")
    wait_ready(fresh_page)
    expect(fresh_page.locator("#ruleset-name")).to_have_text("Kendall, with Trap, Home Row")


def test_bad_parameters_are_reported_as_text_and_defaults_used(
    fresh_page: Page, site_server
) -> None:
    hostile = "%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E"
    fresh_page.goto(site_server.url + f"?game={hostile}&ruleset=nope&idle=soon&kiosk=perhaps",
                  wait_until="commit")  # fmt: skip
    wait_ready(fresh_page)
    notice = fresh_page.locator("#notice")
    expect(notice).to_be_visible()
    # The value is quoted as text: no element was made from it.
    expect(notice).to_contain_text("“<img src=x onerror=alert(1)>” for “game”")
    assert notice.locator("img").count() == 0
    expect(notice).to_contain_text("“nope” for “ruleset”")
    expect(notice).to_contain_text("“idle” must be a whole number")
    expect(notice).to_contain_text("“perhaps” for “kiosk”")
    # Defaults: Senet under Jéquier, not a kiosk; the game is still playable.
    expect(fresh_page.locator("#ruleset-name")).to_have_text("Jéquier (Botermans)")
    assert "kiosk" not in (fresh_page.evaluate("document.documentElement.className") or "")
    throw_once(fresh_page)


def test_a_link_with_parameters_keeps_its_own_game_beside_the_plain_app(
    app_page: Page, site_server
) -> None:
    wait_ready(app_page)
    status = throw_once(app_page)
    app_page.goto(site_server.url + "?game=squadro", wait_until="commit")
    wait_ready(app_page)
    assert app_page.locator("#board .squadro-board").count() == 1
    app_page.goto(site_server.url, wait_until="commit")
    wait_ready(app_page)
    # The plain app's Senet game was not replaced by the linked Squadro game.
    assert app_page.locator("#board .senet-board").count() == 1
    expect(app_page.locator("#status")).to_have_text(status)


def test_same_site_frame_boots_plays_and_keeps_the_game(
    context: BrowserContext,
    site_server: SiteServer,
    tmp_path: Path,
    serve: Callable[[Path], SiteServer],
    watch: Callable[..., Watch],
) -> None:
    # 127.0.0.1 on another port: the same site.
    page, app = open_host_page(context, serve, watch, tmp_path / "host", site_server)
    expect(app.locator("#notice")).to_be_hidden()
    status = throw_once(app)
    page.reload(wait_until="commit")
    app = framed_app(page)
    expect(app.locator("#status")).to_have_text(status)  # resumed from storage


#: What the embed layout is measured on, inside the frame: the header bar's height,
#: the board's drawing, the page's overflow, and the targets under 44 CSS px.
EMBED_LAYOUT = """() => {
  const svg = document.querySelector('#board svg');
  const box = svg.getBoundingClientRect();
  const [, , w, h] = svg.getAttribute('viewBox').split(' ').map(Number);
  const scale = Math.min(box.width / w, box.height / h);
  const drawn = { width: w * scale, height: h * scale,
    left: box.left + (box.width - w * scale) / 2, top: box.top + (box.height - h * scale) / 2 };
  const small = [...document.querySelectorAll(
      '#board [role="button"], .toolbar button, #throw, .topbar button, .topbar a')]
    .filter((e) => e.getClientRects().length)
    .map((e) => [e.dataset.square || e.id || e.className, e.getBoundingClientRect()])
    .filter(([, r]) => r.width < 43.99 || r.height < 43.99)
    .map(([name, r]) => `${name} ${r.width.toFixed(1)}x${r.height.toFixed(1)}`);
  return { bar: document.querySelector('.topbar').getBoundingClientRect().height, drawn, small,
           framed: document.documentElement.hasAttribute('data-framed'),
           wide: document.documentElement.scrollWidth - innerWidth,
           trays: document.querySelectorAll('#board .tray-cell').length,
           width: innerWidth, height: innerHeight };
}"""


def test_a_small_frame_gets_the_embed_layout(
    context: BrowserContext,
    site_server: SiteServer,
    tmp_path: Path,
    serve: Callable[[Path], SiteServer],
    watch: Callable[..., Watch],
) -> None:
    """Issue 25, item 2: in a 600x450 frame there is no page header, only a 44 px bar
    (with a link to the app in a tab of its own); each game's board is fitted to the
    frame, whole and as large as the panel beside or under it allows, and it plays."""
    page, app = open_host_page(context, serve, watch, tmp_path / "host", site_server,
                               "?game=senet", size=(600, 450))  # fmt: skip
    for game in ("senet", "squadro", "lodestone"):
        if game != "senet":
            # The frame's own navigation, awaited: the old document is gone after it.
            page.frames[1].goto(f"{site_server.url}?game={game}", wait_until="commit")
            app = framed_app(page)
        frame = page.frames[1]
        layout = frame.evaluate(EMBED_LAYOUT)
        assert layout["framed"] and (layout["width"], layout["height"]) == (600, 450), layout
        assert layout["bar"] <= 48, layout
        expect(app.locator("#open-full")).to_be_visible()
        # It opens this frame's address: the same game, in a tab of its own.
        address = f"{site_server.url}?game={game}"
        expect(app.locator("#open-full")).to_have_attribute("href", address)
        assert layout["small"] == [], f"{game}: targets under 44 CSS px: {layout['small']}"
        assert layout["wide"] <= 0, f"{game}: the page is wider than the frame"
        drawn = layout["drawn"]
        # The whole board is in the frame, under the bar.
        assert drawn["top"] >= layout["bar"] and drawn["top"] + drawn["height"] <= 450, layout
        assert drawn["left"] >= 0 and drawn["left"] + drawn["width"] <= 600, layout
        if game == "senet":  # lying along the frame's width, the throw under it
            assert drawn["width"] >= 600 * 0.9, layout
            assert app.locator("#throw").bounding_box()["y"] + 44 <= 450
            throw_once(app)
        else:  # the trays left out (the cards count), the panel beside the board
            assert layout["trays"] == 0 and drawn["width"] >= 340, layout
            cards = app.locator("#player-cards").bounding_box()
            assert cards["x"] >= drawn["left"] + drawn["width"], (cards, layout)
            if game == "squadro":
                squadro_move(app)
                expect(app.locator("#moves li")).to_have_count(1)
    # A portrait frame as narrow as a phone keeps the phone's layout.
    page.set_viewport_size({"width": 460, "height": 700})
    page.evaluate("const f = document.querySelector('iframe'); f.width = 400; f.height = 640;")
    expect(app.locator("#board svg.lodestone-board")).to_be_visible()
    cards, board = app.locator("#player-cards"), app.locator("#board svg")
    assert cards.bounding_box()["y"] < board.bounding_box()["y"]


#: The welcome screen in a frame: the games' cards and their buttons, and whether each
#: is wholly in the frame's view (nothing scrolled).
WELCOME_IN_VIEW = """() => {
  const inView = (e) => { const r = e.getBoundingClientRect();
    return r.width > 0 && r.top >= 0 && r.left >= 0
      && r.bottom <= innerHeight && r.right <= innerWidth; };
  const cards = [...document.querySelectorAll('.welcome-card')];
  const buttons = cards.flatMap((c) => [...c.querySelectorAll('.welcome-actions button')])
    .filter((b) => b.getClientRects().length);
  return { screen: document.documentElement.dataset.screen,
           state: document.getElementById('app').dataset.state,
           cards: cards.map((c) => [c.dataset.game, inView(c)]),
           hidden: buttons.filter((b) => !inView(b)).map((b) => b.className),
           small: buttons.map((b) => b.getBoundingClientRect())
             .filter((r) => r.width < 43.99 || r.height < 43.99).length,
           scroll: document.documentElement.scrollHeight - innerHeight };
}"""


def test_a_small_frame_shows_the_three_games_and_their_buttons_at_once(
    context: BrowserContext,
    site_server: SiteServer,
    tmp_path: Path,
    serve: Callable[[Path], SiteServer],
    watch: Callable[..., Watch],
) -> None:
    """An 800x500 frame (a museum page's) opens on a compact welcome screen: a strip a
    game, so that the three games and all their buttons are in view without scrolling,
    at the first paint (before Python) and once Python is up. (The full-size cards
    showed one and a half games; the game screen under them showed too.)"""
    host_page(tmp_path / "host", site_server.url + "?embed=1", (800, 500))
    host = serve(tmp_path / "host")
    watch(context, host.origin, site_server.origin)
    page = context.new_page()
    page.goto(host.url, wait_until="commit")
    app = page.frame_locator("iframe")
    app.locator(".welcome-card").last.wait_for(state="attached")
    frame = page.locator("iframe").element_handle().content_frame()
    frame.wait_for_load_state("load")  # the style sheet applied
    for moment in ("first paint", "ready"):
        if moment == "ready":
            app.locator(READY_SELECTOR).wait_for(state="attached", timeout=READY_TIMEOUT_MS)
        seen = frame.evaluate(WELCOME_IN_VIEW)
        if moment == "first paint" and seen["state"] == "ready":
            continue  # Python was quicker than the check: the second one counts
        assert seen["screen"] == "welcome", seen
        assert seen["cards"] == [["senet", True], ["squadro", True], ["lodestone", True]], seen
        assert seen["hidden"] == [] and seen["small"] == 0, (moment, seen)
        assert seen["scroll"] <= 0, (moment, seen)
    # The short words show; the full ones still name the button.
    friend = app.locator('.welcome-card[data-game="squadro"] .welcome-friend')
    expect(friend).to_have_accessible_name("Play a friend on this device")
    expect(friend.locator(".welcome-short")).to_have_text("Play a friend")
    expect(friend.locator(".welcome-short")).to_be_visible()
    assert friend.locator(".welcome-words").bounding_box()["width"] <= 1
    # With a game to continue and a lesson begun: the Continue bar and the three games
    # still fit; the lesson's button says "Lesson 3/9" (its full words name it); Tab
    # goes on from the lesson's button to Senet's readings, after it on screen too.
    frame.evaluate("() => localStorage.setItem('ludeum:v1:lessons', '{\"senet\":3}')")
    app.locator(SENET_FRIEND_BUTTON).click()
    throw_once(app)
    app.locator("#home").click()
    expect(app.locator(CONTINUE_BUTTON)).to_be_visible()
    learn = app.locator('.welcome-card[data-game="senet"] .welcome-learn')
    expect(learn).to_have_accessible_name(re.compile(r"^Continue the lesson \(3 of \d+ steps\)$"))
    expect(learn.locator(".welcome-short")).to_have_text(re.compile(r"^Lesson 3/\d+$"))
    seen = frame.evaluate(WELCOME_IN_VIEW)
    assert seen["hidden"] == [] and seen["scroll"] <= 0, seen
    assert app.locator(CONTINUE_BUTTON).bounding_box()["y"] >= 0
    summary = app.locator("#welcome-readings summary")
    learn_box, summary_box = learn.bounding_box(), summary.bounding_box()
    assert summary_box["x"] >= learn_box["x"] + learn_box["width"], (learn_box, summary_box)
    assert summary_box["height"] >= 43.99 and summary_box["y"] + summary_box["height"] <= 500
    learn.focus()
    page.keyboard.press("Tab")
    expect(summary).to_be_focused()


#: What a frame must show without scrolling (issue 37): the welcome's games and all their
#: buttons; a game's whole board, its throw or pass, its tools, the cards and the move
#: list; and the "Not saved here" chip, in the header line. Each must be in the frame's
#: view and on top where it is (not under another part, nor clipped by a panel's
#: scrolling); the document must not scroll. Returns what is not, [] when all is.
IN_VIEW = """() => {
  const W = innerWidth, H = innerHeight, root = document.documentElement;
  const shown = (e) => e && e.getClientRects().length > 0;
  const named = (e) => e.id || e.dataset.game || String(e.className.baseVal ?? e.className);
  const cut = [];
  const inView = (r) => r.top >= -0.5 && r.left >= -0.5
    && r.bottom <= H + 0.5 && r.right <= W + 0.5;
  const check = (e) => {
    const r = e.getBoundingClientRect();
    if (!inView(r)) { cut.push(`${named(e)} at ${r.top | 0}..${r.bottom | 0}`); return; }
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!top || !e.contains(top)) cut.push(`${named(e)} under ${top && named(top)}`);
  };
  if (root.scrollHeight > H || root.scrollWidth > W)
    cut.push(`the page scrolls: ${root.scrollWidth}x${root.scrollHeight}`);
  const chip = document.querySelector('#not-kept summary');
  if (shown(chip)) {
    check(chip);
    const bar = document.querySelector('.topbar').getBoundingClientRect();
    const r = chip.getBoundingClientRect();
    if (r.top < bar.top || r.bottom > bar.bottom || bar.height > 52 || r.height < 43.99)
      cut.push(`chip ${r.top | 0}..${r.bottom | 0} in a bar ${bar.top | 0}..${bar.bottom | 0}`);
  }
  if (shown(document.getElementById('notice'))) cut.push('the notice box');
  if (root.dataset.screen === 'welcome') {
    document.querySelectorAll('.welcome-card, .welcome-actions button, .welcome-readings > summary,'
        + ' #welcome-continue-button')
      .forEach((e) => { if (shown(e)) check(e); });
    return cut;
  }
  const svg = document.querySelector('#board svg');
  const box = svg.getBoundingClientRect();
  const [, , w, h] = svg.getAttribute('viewBox').split(' ').map(Number);
  const scale = Math.min(box.width / w, box.height / h);
  const left = box.left + (box.width - w * scale) / 2, top = box.top + (box.height - h * scale) / 2;
  if (!inView({ left, top, right: left + w * scale, bottom: top + h * scale }))
    cut.push(`the board at ${top | 0}..${(top + h * scale) | 0}`);
  document.querySelectorAll('#throw, #pass, .toolbar button, .player-cards, .moves')
    .forEach((e) => { if (shown(e)) check(e); });
  const moves = document.querySelector('.moves');
  if (moves.getBoundingClientRect().height < 32) cut.push('the move list is squeezed');
  // What to do now is read whole (Senet's 100 px column cut "choose a piece to").
  const status = document.getElementById('status');
  if (status.scrollHeight > status.clientHeight + 1) cut.push(`status cut: ${status.textContent}`);
  return cut;
}"""


# The whole browser blocks a cross-site frame's storage; its headless shell does not.
@pytest.mark.parametrize(
    "storage", [pytest.param("blocked", marks=pytest.mark.full_chromium), "kept"]
)
def test_every_documented_frame_shows_the_whole_board_and_its_buttons(
    storage: str,
    context: BrowserContext,
    site_server: SiteServer,
    tmp_path: Path,
    serve: Callable[[Path], SiteServer],
    watch: Callable[..., Watch],
) -> None:
    """Issue 37: at every frame size docs/embedding.md names, the welcome screen and
    each game show everything to play with, without scrolling, in English and in
    French, where the browser blocks storage (the game not kept: a chip in the header
    line says so, its explanation a tap away) and where it keeps the game. The notice
    box it replaces took two lines: a 600x450 Squadro showed 4.5 of its 7 rows. One
    boot a case: the frame is resized, the language switched, the games chosen."""
    host_page(tmp_path / "host", site_server.url, DOCUMENTED_FRAMES[0])
    host = serve(tmp_path / "host")
    # localhost frames 127.0.0.1: another site, whose storage Chromium blocks.
    origin = f"http://{'localhost' if storage == 'blocked' else '127.0.0.1'}:{host.port}"
    watch(context, origin, site_server.origin)
    page = context.new_page()
    page.set_viewport_size({"width": 1100, "height": 900})
    page.goto(origin + "/", wait_until="commit")
    app = page.frame_locator("iframe")
    app.locator(READY_SELECTOR).wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    frame = page.frames[1]
    kept_in = frame.evaluate("window.ludeumStorage")
    assert kept_in == ("memory" if storage == "blocked" else "browser"), kept_in
    chip = app.locator("#not-kept summary")
    if storage == "blocked":
        # The chip opens its explanation, by keyboard too, and Escape closes it.
        expect(chip).to_have_accessible_name("Not saved here")
        explanation = app.locator("#not-kept p")
        expect(explanation).to_be_hidden()
        chip.focus()
        page.keyboard.press("Enter")
        expect(explanation).to_be_visible()
        expect(explanation).to_contain_text(NOT_KEPT)
        check_accessibility(frame, "a frame with storage blocked, the chip open")
        page.keyboard.press("Escape")
        expect(explanation).to_be_hidden()
        expect(chip).to_be_focused()
    else:
        expect(chip).to_be_hidden()
    cut = []

    def measure(where: str, sizes: tuple[tuple[int, int], ...] = DOCUMENTED_FRAMES) -> None:
        for width, height in sizes:
            resize_frame(page, frame, (width, height))
            cut.extend(f"{where} {width}x{height}: {what}" for what in frame.evaluate(IN_VIEW))

    def language(code: str) -> None:
        app.locator("#settings-toggle").click()
        app.locator("#language").select_option(code)
        app.locator("#settings-toggle").click()
        expect(app.locator("html")).to_have_attribute("lang", code)

    def play(game: str) -> None:
        if not app.locator("#welcome").is_visible():
            app.locator("#home").click()  # "Ludeum": back to all games
        app.locator(f'#welcome button.welcome-friend[data-game="{game}"]').click()
        expect(app.locator("#app")).to_have_attribute("data-game", game)
        expect(app.locator(":root")).to_have_attribute("data-screen", "game")

    measure("welcome, en")
    language("fr")
    measure("welcome, fr")
    for game in ("squadro", "lodestone", "senet"):
        play(game)
        measure(f"{game}, fr")
    language("en")
    measure("senet, en")
    # In the snippet's frame Senet has a full window's layout: its board across the
    # top (beside the panel it was 631 px of the frame's 1000, the lower left empty).
    resize_frame(page, frame, (1000, 760))
    drawn = frame.evaluate("() => document.querySelector('#board svg').clientWidth")
    assert drawn >= 900, f"Senet's board is {drawn:.0f} px wide in a 1000x760 frame"
    for game in ("squadro", "lodestone"):
        play(game)
        measure(f"{game}, en")
    # A frame as narrow as a phone has the phone's layout, which scrolls down; the
    # chip, its icon there, keeps the page within the frame's width.
    page.evaluate(
        "() => { const f = document.querySelector('iframe'); f.width = 360; f.height = 640; }"
    )
    frame.wait_for_function("() => innerWidth === 360")
    wide = frame.evaluate("() => document.documentElement.scrollWidth - innerWidth")
    assert wide <= 0, f"Lodestone at 360x640: the page is {wide} px wider than the frame"
    if storage == "blocked":
        expect(chip).to_be_in_viewport()
        assert chip.bounding_box()["width"] >= 43.99
    # A game to continue: its card over the three games, which still fit, at 600x450
    # too (its bar pushed the last game's buttons 19 px under the frame there, before
    # "Play the computer" stood beside its levels), in both languages.
    app.locator("#home").click()
    expect(app.locator(CONTINUE_BUTTON)).to_be_visible()
    measure("welcome with a game to continue, en")
    language("fr")
    measure("welcome with a game to continue, fr")
    assert cut == [], "\n".join(cut)


@pytest.mark.full_chromium  # the whole browser blocks the frame's storage
def test_cross_site_frame_with_blocked_storage_boots_and_plays_in_memory(
    context: BrowserContext,
    site_server: SiteServer,
    tmp_path: Path,
    serve: Callable[[Path], SiteServer],
    watch: Callable[..., Watch],
) -> None:
    """Host on localhost, app on 127.0.0.1: another site. Under Playwright's Chromium
    third-party storage is blocked, not partitioned (platform notes): without
    static/storage-guard.js PyScript's loader fails on IndexedDB and nothing boots."""
    query = "?game=squadro&opponent=computer&level=easy&computer=1"
    page, app = open_host_page(
        context, serve, watch, tmp_path / "host", site_server, query, "localhost"
    )
    frame = page.frames[1]
    assert frame.evaluate("window.ludeumStorage") == "memory"
    # The browser really refuses storage to this frame: the guard is what made it boot.
    assert frame.evaluate(
        "() => { try { Storage.prototype.getItem.call(window.sessionStorage, 'x');"
        " return Object.getPrototypeOf(window.localStorage) === Storage.prototype; }"
        " catch (e) { return 'blocked'; } }"
    ) in ("blocked", False)
    # In a frame the header's chip says it (issue 37), the notice box left for errors.
    expect(app.locator("#not-kept")).to_contain_text(NOT_KEPT)
    expect(app.locator("#notice")).to_be_hidden()
    # Whoever starts (at random), a person's tap and the computer's reply both work:
    # the computer thinks in its worker (or on the page where no worker can run).
    turn = app.locator("#app")
    expect(turn).to_have_attribute("data-turn", "person", timeout=120_000)
    played = app.locator("#moves li").count()
    squadro_move(app)
    expect(app.locator("#moves li")).to_have_count(played + 2, timeout=120_000)
    # Nothing was kept: the host page reloads to a new game.
    page.reload(wait_until="commit")
    app = framed_app(page)
    expect(app.locator("#not-kept summary")).to_be_visible()
    expect(app.locator("#app")).to_have_attribute("data-turn", "person", timeout=120_000)
    assert app.locator("#moves li").count() < played + 2


# Playwright's --disable-features list (harness.CHROMIUM_ARGS keeps it) without
# ThirdPartyStoragePartitioning. Chromium honours the last --disable-features switch,
# and this one comes after the harness's, so this launch partitions third-party
# storage the way shipped Chrome (since 115), Firefox and Safari do.
PARTITIONING_CHROMIUM = "--disable-features=" + ",".join(
    feature
    for feature in (*PLAYWRIGHT_DISABLED_FEATURES, *UNUSED_BROWSER_UI)
    if feature != "ThirdPartyStoragePartitioning"
)


def test_cross_site_frame_with_partitioned_storage_keeps_its_own_game(
    browser_type,
    browser_type_launch_args: dict,
    site_server: SiteServer,
    tmp_path: Path,
    serve: Callable[[Path], SiteServer],
    watch: Callable[..., Watch],
) -> None:
    """Where the browser partitions storage instead of blocking it, the framed app
    keeps its game across reloads of the host page, apart from the app's own site."""
    args = [*browser_type_launch_args["args"], PARTITIONING_CHROMIUM]
    browser = browser_type.launch(**{**browser_type_launch_args, "args": args})
    try:
        context = browser.new_context()
        page, app = open_host_page(
            context, serve, watch, tmp_path / "host", site_server, "", "localhost"
        )
        assert page.frames[1].evaluate("window.ludeumStorage") == "browser"
        expect(app.locator("#notice")).to_be_hidden()
        status = throw_once(app)
        page.reload(wait_until="commit")
        app = framed_app(page)
        expect(app.locator("#status")).to_have_text(status)  # kept, in the host's partition
        # The same app opened top-level has its own, separate storage: a new game.
        page.goto(site_server.url, wait_until="commit")
        wait_ready(page)
        expect(page.locator("#throw")).to_be_enabled()
        assert page.locator("#status").inner_text() != status
        context.close()
    finally:
        browser.close()


def test_high_contrast_from_the_url_and_from_the_switch(fresh_page: Page, site_server) -> None:
    fresh_page.goto(site_server.url + "?theme=contrast", wait_until="commit")
    wait_ready(fresh_page)
    assert fresh_page.evaluate("document.documentElement.dataset.theme") == "contrast"
    expect(fresh_page.locator("#contrast")).to_have_attribute("aria-pressed", "true")
    ink = fresh_page.evaluate("getComputedStyle(document.body).color")
    fresh_page.goto(site_server.url, wait_until="commit")
    wait_ready(fresh_page)
    expect(fresh_page.locator("#contrast")).to_have_attribute("aria-pressed", "false")
    assert fresh_page.evaluate("getComputedStyle(document.body).color") != ink
    fresh_page.click("#contrast")
    expect(fresh_page.locator("#contrast")).to_have_attribute("aria-pressed", "true")
    assert fresh_page.evaluate("getComputedStyle(document.body).color") == ink
    fresh_page.reload(wait_until="commit")
    wait_ready(fresh_page)  # the visitor's choice is remembered
    assert fresh_page.evaluate("document.documentElement.dataset.theme") == "contrast"
    fresh_page.click("#contrast")
    assert fresh_page.evaluate("document.documentElement.dataset.theme") == "standard"
