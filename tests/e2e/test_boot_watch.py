"""The boot watch (static/boot-watch.js) and the boot progress (static/boot-progress.js):
a visitor never faces an endless "Loading", nor a false "could not start".

The rules checked: a boot that goes quiet (nothing arriving, nothing running) for the
stretch is said, in the page's language, with Try again, Start without the speed-up
(only when the boot used the snapshot, and then the next boot is plain) and the saved
game as a download, byte for byte; the cause goes to the console; a boot that finishes
after the verdict takes the panel away and is playable; a slow first visit shows its
download advancing and is never called a hang; Try again takes the download from the
HTTP cache; a browser without WebAssembly is told at once that it cannot run the game,
never "Loading".
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from harness import ONE_TAP_OFF, READY_SELECTOR, SiteServer, built, same_game, wait_ready
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page, Route, expect
from test_play import advance
from test_snapshot import BOOT, first_visits, saved

# The boot is this file's subject: cold. The tests that time it (a second to tell, a
# watch of 3 s on a throttled network) run alone; the hung boot's, whose stretch is 6 s
# and whose hangs are held by the test, runs beside the others, where its waits cost
# the run nothing.
pytestmark = [pytest.mark.cold_boot]

#: The quiet stretch a test asks for, read by the page before boot-watch.js runs: a
#: test waits seconds, not the 20 s a real visitor is given.
DEADLINE = """
const asked = sessionStorage.getItem('test:deadline');
if (asked) window.ludeumBootDeadlineMs = Number(asked);
"""


def entry() -> str:
    """src/web/main.py as the build named it (a glob for routes): fetched by PyScript
    once Python is up, held it hangs the boot after the interpreter (and its
    snapshot, if any) has started."""
    return "**/" + built("src/web/main.py")


def set_deadline(page: Page, ms: int | None) -> None:
    if ms is None:
        page.evaluate("() => sessionStorage.removeItem('test:deadline')")
    else:
        page.evaluate("(ms) => sessionStorage.setItem('test:deadline', String(ms))", ms)


@pytest.fixture
def quiet_context(browser: Browser) -> Iterator[BrowserContext]:
    """Service workers blocked, so that the test's routes see every request (a worker
    would answer main.py from its cache). Not watched: the hung boots log the console
    error they are meant to; the test checks those itself."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(DEADLINE)
    context.add_init_script(ONE_TAP_OFF)  # as a watched context has it: advance() taps twice
    yield context
    context.close()


def test_a_hung_boot_is_said_with_retry_a_plain_start_and_the_saved_game(
    quiet_context: BrowserContext, own_site_server: SiteServer, tmp_path: Path
) -> None:
    page = quiet_context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    first_visits(page, own_site_server.url)  # the third visit boots from the snapshot
    advance(page)
    record = saved(page)
    assert record

    # Held, never answered: Python starts, the app never does (the test answers the
    # last one when it wants the boot to finish).
    held: list[Route] = []
    page.route(entry(), lambda route: held.append(route))
    set_deadline(page, 6_000)
    page.reload(wait_until="commit")
    panel = page.locator("#boot-failed")
    expect(panel).to_be_visible(timeout=60_000)
    expect(page.locator("#app")).to_have_attribute("data-state", "failed")
    expect(page.locator("#status")).to_be_hidden()
    expect(page.locator("#boot-failed-title")).to_have_text("The game could not start")
    expect(page.locator("#boot-retry")).to_be_visible()
    expect(page.locator("#boot-plain")).to_be_visible()  # the boot was the snapshot's
    assert page.evaluate("() => window.ludeumSnapshotBooting") is True
    assert any("Ludeum: the game is not ready" in text for text in errors), errors

    # The saved game, byte for byte, as a file the app's Import reads.
    link = panel.locator("a[download]:visible")
    expect(link).to_have_count(1)
    expect(link).to_have_text("Download your saved game")
    with page.expect_download() as caught:
        link.click()
    target = tmp_path / caught.value.suggested_filename
    caught.value.save_as(target)
    assert caught.value.suggested_filename == "ludeum-saved-game.json"
    assert target.read_text(encoding="utf-8") == record

    # Without the speed-up: the next boot is plain (still hung here, so the panel
    # comes back, without that button now).
    with page.expect_navigation(wait_until="commit"):
        page.click("#boot-plain")
    expect(panel).to_be_visible(timeout=60_000)
    expect(page.locator("#boot-plain")).to_be_hidden()
    assert page.evaluate(BOOT) == "plain: the visitor asked to start without it"

    # Try again: a boot that ends after the verdict. The panel shows (once Python has
    # left the main thread to wait for main.py, and the stretch has passed in
    # silence), then goes when the game is ready after all.
    with page.expect_navigation(wait_until="commit"):
        page.click("#boot-retry")
    expect(panel).to_be_visible(timeout=60_000)
    held[-1].continue_()
    wait_ready(page)
    expect(panel).to_be_hidden()
    expect(page.locator("#status")).to_be_visible()
    assert same_game(saved(page), record)
    advance(page)  # playable


@pytest.mark.alone
@pytest.mark.parametrize(("lang", "sentence"), [
    ("en", "This browser cannot run the game: it needs WebAssembly"),
    ("fr", "Ce navigateur ne peut pas faire tourner le jeu\u00a0: il lui faut WebAssembly"),
])  # fmt: skip
def test_a_browser_without_webassembly_is_told_at_once_in_its_language(
    quiet_context: BrowserContext, own_site_server: SiteServer, lang: str, sentence: str
) -> None:
    # What a browser whose WebAssembly is turned off (Safari's Lockdown Mode, a
    # Firefox preference) shows a page: no WebAssembly global at all.
    quiet_context.add_init_script("delete globalThis.WebAssembly;")
    page = quiet_context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{own_site_server.url}?lang={lang}", wait_until="domcontentloaded")
    assert page.evaluate("() => typeof WebAssembly") == "undefined"
    expect(page.locator("#boot-unsupported-text")).to_be_visible(timeout=2_000)
    expect(page.locator("#boot-unsupported-text")).to_contain_text(sentence)
    expect(page.locator("#boot-advice")).to_be_visible()
    expect(page.locator("#app")).to_have_attribute("data-state", "unsupported")
    expect(page.locator("#status")).to_be_hidden()  # never "Loading"
    expect(page.locator("#boot-retry")).to_be_hidden()  # a retry cannot help
    assert any("cannot run the game (no usable WebAssembly)" in text for text in errors)
    page.wait_for_timeout(2_000)
    expect(page.locator(READY_SELECTOR)).to_have_count(0)
    expect(page.locator("#boot-unsupported-text")).to_be_visible()


#: Every value the progress bar takes while shown ("none": no measure, past the
#: download), with its words, and whether the failure panel ever showed: recorded in
#: the page, by a MutationObserver, so that no value escapes a polling test.
PROGRESS_LOG = """
window.testProgress = [];
window.testPanelSeen = false;
document.addEventListener('DOMContentLoaded', () => {
  const box = document.getElementById('boot-progress');
  const bar = document.getElementById('boot-progress-bar');
  const panel = document.getElementById('boot-failed');
  const note = () => {
    if (!panel.hidden) window.testPanelSeen = true;
    if (box.hidden) return;
    const seen = [bar.getAttribute('aria-valuenow') ?? 'none',
      document.getElementById('boot-progress-text').textContent,
      document.getElementById('boot-progress-amount').textContent,
      bar.getAttribute('aria-valuetext')];
    const last = window.testProgress[window.testProgress.length - 1];
    if (!last || last[0] !== seen[0] || last[1] !== seen[1]) window.testProgress.push(seen);
  };
  new MutationObserver(note).observe(document.getElementById('app'), {
    subtree: true, childList: true, characterData: true, attributes: true,
    attributeFilter: ['aria-valuenow', 'hidden'],
  });
});
"""
#: The quiet stretch these tests ask for (ms): short, so that a download that lasts
#: several of them proves that arriving bytes keep the watch quiet.
STRETCH_MS = 3_000
#: Bytes a second for the throttled first visit: its 4.1 MB (served as hosts do, the
#: build's brotli side files) take about 10 s, three stretches, before Python starts.
SLOW_RATE = 400_000


def throttle(context: BrowserContext, page: Page, rate: float) -> None:
    """The page's network at ``rate`` bytes a second down (DevTools' throttling)."""
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 40, "downloadThroughput": rate, "uploadThroughput": rate},
    )


@pytest.mark.alone
def test_a_slow_first_visit_shows_its_progress_and_is_never_called_a_hang(
    browser: Browser, own_site_server: SiteServer, watch
) -> None:
    # The welcome screen, as a first visit sees it, on a network that makes the
    # download outlast the watch's quiet stretch several times over.
    context = browser.new_context(viewport={"width": 390, "height": 844})
    watched = watch(context, own_site_server.origin)
    context.add_init_script(f"window.ludeumBootDeadlineMs = {STRETCH_MS};")
    context.add_init_script(PROGRESS_LOG)
    page = context.new_page()
    throttle(context, page, SLOW_RATE)
    page.goto(own_site_server.url, wait_until="commit")
    expect(page.locator("#boot-progress")).to_be_visible(timeout=10_000)
    expect(page.locator("#boot-progress-text")).to_have_text("Downloading the game")
    wait_ready(page, enter=False)
    expect(page.locator("#boot-progress")).to_be_hidden()
    seen = page.evaluate("() => window.testProgress")
    quietest = page.evaluate("() => window.ludeumBootQuietest")
    print(f"progress seen: {seen}; longest quiet moment {quietest:.0f} ms")
    assert page.evaluate("() => window.testPanelSeen") is False, "said it could not start"
    values = [int(value) for value, *_said in seen if value != "none"]
    assert len(set(values)) >= 5, seen  # it moves while bytes arrive...
    assert values == sorted(values), seen  # ...and never back
    # The amount is written out as the page's language writes a percentage, on the
    # screen and to a screen reader alike.
    amounts = [(value, amount, spoken) for value, _w, amount, spoken in seen if value != "none"]
    assert all(amount == spoken == f"{value}%" for value, amount, spoken in amounts), seen
    words = [words for _value, words, *_amounts in seen]
    assert words[0] == "Downloading the game", seen
    assert quietest < STRETCH_MS
    assert page.evaluate("() => performance.now()") > 3 * STRETCH_MS  # the point made
    assert watched.errors == []
    context.close()


@pytest.mark.alone
def test_a_hang_is_said_and_try_again_takes_the_download_from_the_cache(
    browser_type: BrowserType,
    browser_type_launch_args: dict,
    own_site_server: SiteServer,
    tmp_path: Path,
) -> None:
    # A profile on disk: Playwright's usual contexts are incognito-like and keep no
    # 9.6 MB file in their memory cache. The entry script is held by the server,
    # not by page.route, which would switch the HTTP cache off.
    context = browser_type.launch_persistent_context(
        tmp_path / "profile", service_workers="block", **browser_type_launch_args
    )
    context.add_init_script(f"window.ludeumBootDeadlineMs = {STRETCH_MS};")
    context.add_init_script(PROGRESS_LOG)
    page = context.pages[0] if context.pages else context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    release = own_site_server.hold(entry().removeprefix("**"))

    # Everything arrives but the app's entry script: then nothing does, a hang.
    page.goto(own_site_server.url, wait_until="commit")
    panel = page.locator("#boot-failed")
    expect(panel).to_be_visible(timeout=60_000)
    progress = page.evaluate("() => window.ludeumBootProgress")
    # All in, and Python started: a bar with no measure now.
    assert progress["phase"] == "python" and progress["fraction"] == 1, progress
    assert page.evaluate("() => window.testProgress")[-1][:2] == ["none", "Starting Python…"]
    assert any("with no sign of progress for 3 s" in text for text in errors), errors
    first_visit = own_site_server.bytes_sent

    # Try again: the files come from the HTTP cache, and the watch judges afresh.
    with page.expect_navigation(wait_until="commit"):
        page.click("#boot-retry")
    expect(panel).to_be_hidden()
    expect(panel).to_be_visible(timeout=60_000)
    again = own_site_server.bytes_sent - first_visit
    print(f"first visit {first_visit:,} bytes; try again {again:,} bytes")
    assert again < first_visit / 20, (first_visit, again)
    seen = page.evaluate("() => window.testProgress")
    assert seen[-1][:2] == ["none", "Starting Python…"], seen  # as far as the first try got

    # Let the entry script through: the boot ends after all, the panel goes.
    release.set()
    wait_ready(page, enter=False)
    expect(panel).to_be_hidden()
    expect(page.locator("#boot-progress")).to_be_hidden()
    context.close()
