"""Embedding (docs/embedding.md): URL parameters preselect the game, and the app runs
inside a museum's or a school's page, in a same-site frame (with storage) and in a
cross-site frame where the browser blocks storage (in memory, and says so)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from axe import check_accessibility
from harness import READY_SELECTOR, READY_TIMEOUT_MS, SiteServer, Watch, enter_game, wait_ready
from playwright.sync_api import BrowserContext, FrameLocator, Page, expect

NOT_KEPT = "will not be kept"


def host_page(directory: Path, app_url: str) -> None:
    """A museum's page with the documented iframe snippet (docs/embedding.md)."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "index.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<link rel="icon" href="data:,"><title>Museum</title></head><body>'
        "<h1>Play Senet</h1>"
        f'<iframe src="{app_url}" title="Ludeum: ancient board games" '
        'width="1000" height="760" allow="fullscreen" loading="lazy"></iframe>'
        "</body></html>",
        encoding="utf-8",
    )


def open_host_page(
    context: BrowserContext,
    serve: Callable[[Path], SiteServer],
    watch: Callable[..., Watch],
    directory: Path,
    app: SiteServer,
    query: str = "",
    host_name: str = "127.0.0.1",
) -> tuple[Page, FrameLocator]:
    """Serve a host page framing the app (with ``query``), open it as
    ``http://host_name:port/`` ("localhost" makes it another site than the app's
    127.0.0.1) and wait for the framed app to be ready."""
    host_page(directory, app.url + query)
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
    """The person to move plays the first piece that can move (a second tap on the
    selected piece moves it)."""
    lane = scope.locator('#board [data-square^="L"]').first
    lane.click()
    lane.click()


def test_parameters_preselect_game_opponent_and_language(app_page: Page, site_server) -> None:
    app_page.goto(site_server.url + "?game=lodestone&opponent=computer&level=easy&lang=fr",
                  wait_until="commit")  # fmt: skip
    wait_ready(app_page)
    assert app_page.locator("#board .lodestone-board").count() == 1
    assert app_page.evaluate("document.documentElement.lang") == "fr"
    assert app_page.locator("#language").input_value() == "fr"
    expect(app_page.locator("#show-rules")).to_have_text("Règles")
    expect(app_page.locator("#player-cards")).to_contain_text("Ordinateur · Facile")
    assert app_page.locator("#notice").is_hidden()


def test_the_language_switch_translates_the_page_and_is_remembered(
    app_page: Page, site_server
) -> None:
    app_page.goto(site_server.url + "?game=squadro", wait_until="commit")
    wait_ready(app_page)
    squadro_move(app_page)
    expect(app_page.locator("#moves li")).to_have_count(1)
    english_move = app_page.locator("#moves li").first.inner_text()
    app_page.select_option("#language", "fr")
    assert app_page.evaluate("document.documentElement.lang") == "fr"
    expect(app_page.locator("#new-game")).to_have_text("Nouvelle partie")
    expect(app_page.locator("#show-rules")).to_have_text("Règles")
    # The move list is written again in French, not left half in English.
    expect(app_page.locator("#moves li")).to_have_count(1)
    assert app_page.locator("#moves li").first.inner_text() != english_move
    assert app_page.title().startswith("Ludeum\u00a0: ")
    check_accessibility(app_page, "in French")
    app_page.click("#show-rules")
    expect(app_page.locator("#rules-content h2").first).to_contain_text("Squadro")
    expect(app_page.locator("#rules-content")).to_contain_text("couloir")
    check_accessibility(app_page, "rules in French")
    app_page.click("#close-rules")
    app_page.reload(wait_until="commit")
    wait_ready(app_page)
    assert app_page.evaluate("document.documentElement.lang") == "fr"
    expect(app_page.locator("#show-rules")).to_have_text("Règles")
    app_page.select_option("#language", "en")
    assert app_page.evaluate("document.documentElement.lang") == "en"
    expect(app_page.locator("#show-rules")).to_have_text("Rules")
    assert app_page.locator("#moves li").first.inner_text() == english_move


def test_a_kendall_ruleset_from_the_url_is_played(app_page: Page, site_server) -> None:
    app_page.goto(site_server.url + "?ruleset=kendall_trap_home_row", wait_until="commit")
    wait_ready(app_page)
    expect(app_page.locator("#ruleset-name")).to_have_text("Kendall, with Trap, Home Row")


def test_bad_parameters_are_reported_as_text_and_defaults_used(
    app_page: Page, site_server
) -> None:
    hostile = "%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E"
    app_page.goto(site_server.url + f"?game={hostile}&ruleset=nope&idle=soon&kiosk=perhaps",
                  wait_until="commit")  # fmt: skip
    wait_ready(app_page)
    notice = app_page.locator("#notice")
    expect(notice).to_be_visible()
    # The value is quoted as text: no element was made from it.
    expect(notice).to_contain_text("“<img src=x onerror=alert(1)>” for “game”")
    assert notice.locator("img").count() == 0
    expect(notice).to_contain_text("“nope” for “ruleset”")
    expect(notice).to_contain_text("“idle” must be a whole number")
    expect(notice).to_contain_text("“perhaps” for “kiosk”")
    # Defaults: Senet under Jéquier, not a kiosk; the game is still playable.
    expect(app_page.locator("#ruleset-name")).to_have_text("Jéquier (Botermans)")
    assert "kiosk" not in (app_page.evaluate("document.documentElement.className") or "")
    throw_once(app_page)


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
    expect(app.locator("#notice")).to_contain_text(NOT_KEPT)
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
    expect(app.locator("#notice")).to_contain_text(NOT_KEPT)
    expect(app.locator("#app")).to_have_attribute("data-turn", "person", timeout=120_000)
    assert app.locator("#moves li").count() < played + 2


# Playwright 1.65's --disable-features list (chromiumSwitches.ts) without
# ThirdPartyStoragePartitioning. Chromium honours the last --disable-features switch,
# and ours comes after Playwright's, so this launch partitions third-party storage
# the way shipped Chrome (since 115), Firefox and Safari do.
PARTITIONING_CHROMIUM = (
    "--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,"
    "HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,"
    "AvoidCorsURLLoaderRestartOnRedirect,TcpPortRandomizationWin,OptimizationHints,"
    "NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch"
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


def test_high_contrast_from_the_url_and_from_the_switch(app_page: Page, site_server) -> None:
    app_page.goto(site_server.url + "?theme=contrast", wait_until="commit")
    wait_ready(app_page)
    assert app_page.evaluate("document.documentElement.dataset.theme") == "contrast"
    expect(app_page.locator("#contrast")).to_have_attribute("aria-pressed", "true")
    ink = app_page.evaluate("getComputedStyle(document.body).color")
    app_page.goto(site_server.url, wait_until="commit")
    wait_ready(app_page)
    expect(app_page.locator("#contrast")).to_have_attribute("aria-pressed", "false")
    assert app_page.evaluate("getComputedStyle(document.body).color") != ink
    app_page.click("#contrast")
    expect(app_page.locator("#contrast")).to_have_attribute("aria-pressed", "true")
    assert app_page.evaluate("getComputedStyle(document.body).color") == ink
    app_page.reload(wait_until="commit")
    wait_ready(app_page)  # the visitor's choice is remembered
    assert app_page.evaluate("document.documentElement.dataset.theme") == "contrast"
    app_page.click("#contrast")
    assert app_page.evaluate("document.documentElement.dataset.theme") == "standard"
