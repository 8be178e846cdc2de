"""The Content-Security-Policy (docs/deploying.md): the app boots and the computer plays
under the documented header and under index.html's meta alone, with no violation on
any screen; and a page that needs what the policy refuses is caught (control)."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from harness import DIST, ROOT, SiteServer, Watch, built, new_game, play_lane, wait_ready
from playwright.sync_api import BrowserContext, Page, expect

#: Every violation the page (or a frame) sees, recorded before any of its scripts runs.
#: Violations also log a console error, which the `watch` fixture fails the test on;
#: this list says which directive refused what, and where.
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.__violations.push(`${event.effectiveDirective} refused ${event.blockedURI || '?'}`
    + ` at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`);
});
"""
#: The computer's worker gave up and the page searched on its own (src/web/main.py).
WORKER_FAILED = "the computer's worker could not run"
#: A module only a policy refuses: the page's policy reaches the computer's worker when
#: importing it fails there (a worker's policy comes from its own script's response).
DATA_MODULE_IN_WORKER = (
    "() => import('data:text/javascript,export default 7')"
    ".then((module) => String(module.default), (error) => 'refused')"
)


def documented_header() -> str:
    """The header value in docs/deploying.md's nginx line (tests/unit/test_csp_policy.py checks
    that it matches the page's meta and the Apache line)."""
    text = (ROOT / "docs" / "deploying.md").read_text(encoding="utf-8")
    match = re.search(r'add_header Content-Security-Policy "([^"]+)" always;', text)
    assert match, "docs/deploying.md gives no nginx Content-Security-Policy header"
    return match.group(1)


def violations(scope) -> list[str]:  # a Page or a Frame
    return scope.evaluate("window.__violations")


def warnings_of(page: Page) -> list[str]:
    seen: list[str] = []
    page.on("console", lambda message: seen.append(message.text))
    return seen


def open_app(context: BrowserContext, watch: Callable[..., Watch], server: SiteServer,
             query: str = "") -> Page:  # fmt: skip
    watch(context, server.origin)
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    page.goto(server.url + query, wait_until="commit")
    return page


def computer_answers_from_its_worker(page: Page, messages: list[str]) -> str:
    """A Squadro game against the computer: the person moves, the computer answers from
    its worker; returns what the worker says about a data: module."""
    with page.expect_worker() as started:
        new_game(page, "squadro", "computer", level="easy", seat="1", first="0")
        page.click('#board [data-square="L1"]')
        page.click('#board [data-square="end"]')
    worker = started.value
    assert worker.url.endswith("/" + built("static/computer-worker.mjs"))
    expect(page.locator("#moves li")).to_have_count(2, timeout=60_000)
    expect(page.locator("#moves li").nth(1)).to_contain_text("The computer: lane ")
    assert not [text for text in messages if WORKER_FAILED in text]
    return worker.evaluate(DATA_MODULE_IN_WORKER)


def test_under_the_documented_header_the_app_boots_and_the_computer_plays(
    context: BrowserContext, dist_dir: Path, serve: Callable[..., SiteServer],
    watch: Callable[..., Watch],
) -> None:  # fmt: skip
    header = documented_header()
    server = serve(dist_dir, {"Content-Security-Policy": header})
    page = open_app(context, watch, server)
    messages = warnings_of(page)
    wait_ready(page)
    response = page.request.get(server.url + built("static/computer-worker.mjs"))
    assert response.headers["content-security-policy"] == header
    # The worker runs under the header too: it refuses what the policy refuses.
    assert computer_answers_from_its_worker(page, messages) == "refused"
    # The rules, the other language and high contrast: nothing refused either.
    page.click("#show-rules")
    expect(page.locator("#rules-dialog")).to_be_visible()
    page.click("#close-rules")
    page.select_option("#language", "fr")
    expect(page.locator("#new-game")).to_have_text("Nouvelle partie")
    page.click("#contrast")
    expect(page.locator("#contrast")).to_have_attribute("aria-pressed", "true")
    assert violations(page) == []


def test_under_the_header_the_kiosk_plays_itself(
    context: BrowserContext, dist_dir: Path, serve: Callable[..., SiteServer],
    watch: Callable[..., Watch],
) -> None:  # fmt: skip
    server = serve(dist_dir, {"Content-Security-Policy": documented_header()})
    page = open_app(context, watch, server, "?kiosk=1&game=squadro")
    wait_ready(page)
    expect(page.locator("#attract")).to_be_visible()
    expect(page.locator("#moves li").first).to_be_attached(timeout=30_000)  # attract mode
    page.click("#attract")
    expect(page.locator("#attract")).to_be_hidden()
    assert violations(page) == []


@pytest.mark.full_chromium  # the whole browser blocks the frame's storage
def test_in_a_cross_site_frame_with_blocked_storage_under_the_header(
    context: BrowserContext, dist_dir: Path, tmp_path: Path,
    serve: Callable[..., SiteServer], watch: Callable[..., Watch],
) -> None:  # fmt: skip
    """The storage guard's document.write of the in-memory IndexedDB (a same-origin
    script) passes the policy, and frame-ancestors * lets a museum's page frame it."""
    app = serve(dist_dir, {"Content-Security-Policy": documented_header()})
    host = tmp_path / "host"
    host.mkdir()
    (host / "index.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<link rel="icon" href="data:,"><title>Museum</title></head><body>'
        f'<iframe src="{app.url}?game=squadro" title="Ludeum" width="1000" height="760">'
        "</iframe></body></html>",
        encoding="utf-8",
    )
    origin = f"http://localhost:{serve(host).port}"  # another site than 127.0.0.1
    watch(context, origin, app.origin)
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    page.goto(origin + "/", wait_until="commit")
    framed = page.frame_locator("iframe")
    wait_ready_in = framed.locator('#app[data-state="ready"]')
    wait_ready_in.wait_for(state="attached", timeout=60_000)
    frame = page.frames[1]
    assert frame.evaluate("window.ludeumStorage") == "memory"  # the guard's path
    play_lane(framed)  # one tap: the blocked storage keeps no one-tap "off"
    expect(framed.locator("#moves li")).to_have_count(1)
    assert violations(frame) == []
    assert violations(page) == []


def test_under_the_meta_alone_squadro_lodestone_and_the_computer_run(
    context: BrowserContext, site_server: SiteServer, watch: Callable[..., Watch],
) -> None:  # fmt: skip
    page = open_app(context, watch, site_server)
    messages = warnings_of(page)
    wait_ready(page)
    assert "content-security-policy" not in page.request.get(site_server.url).headers
    # A meta does not reach workers (docs/deploying.md): the worker runs unrestricted.
    assert computer_answers_from_its_worker(page, messages) == "7"
    page.click("#show-rules")
    expect(page.locator("#rules-dialog")).to_be_visible()
    page.click("#close-rules")
    page.click("#new-game")
    page.check('input[name="game"][value="lodestone"]')
    page.check('input[name="opponent"][value="human"]')
    page.check('input[name="first"][value="0"]')
    page.click("#start-game")
    expect(page.locator("#game-name")).to_have_text("Lodestone")
    page.click('#board [data-square="Ke"]')
    page.click('#board [data-square="Kd"]')
    expect(page.locator("#board .cell.movable").first).to_be_visible()
    assert violations(page) == []


def without_the_eval_fix(directory: Path) -> Path:
    """dist/ as links, but static/pyscript-without-eval.mjs empties no hook."""
    fix = built("static/pyscript-without-eval.mjs")
    directory.mkdir()
    for entry in DIST.iterdir():
        if entry.name != "static":
            os.symlink(entry, directory / entry.name)
    (directory / "static").mkdir()
    for entry in (DIST / "static").iterdir():
        if f"static/{entry.name}" != fix:
            os.symlink(entry, directory / "static" / entry.name)
    assert "export function emptyWorkerHooks()" in (DIST / fix).read_text(encoding="utf-8")
    (directory / fix).write_text(
        "export function emptyWorkerHooks() { return false; }\n", encoding="utf-8"
    )
    return directory


@pytest.mark.usefixtures("dist_dir")
def test_control_without_the_eval_fix_the_policy_stops_the_boot(
    context: BrowserContext, tmp_path: Path, serve: Callable[..., SiteServer]
) -> None:
    """Shows that these tests can fail: PyScript compiles its worker hooks with
    Function(), which the policy refuses, unless the app empties them first. Not
    watched: the refusal logs the console errors it is expected to."""
    server = serve(without_the_eval_fix(tmp_path / "site"))
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    page.goto(server.url, wait_until="commit")
    expect(page.locator("#app")).to_have_attribute("data-state", "loading")
    page.wait_for_function("() => window.__violations.length > 0", timeout=60_000)
    found = violations(page)
    # Trusted Types (issue 41) refuse the Function() text first, script-src after.
    refused = [
        v
        for v in found
        if v.startswith(("script-src refused eval at ",
                         "require-trusted-types-for refused trusted-types-sink at "))
    ]  # fmt: skip
    assert any("/vendor/pyscript/" in v and "/core-" in v for v in refused), found
    page.wait_for_timeout(3_000)  # long after the refusal, Python still has not started
    expect(page.locator("#app")).to_have_attribute("data-state", "loading")
