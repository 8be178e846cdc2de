"""Games as files (src/web/transfer.py, docs/save-format.md): a game exported as its
JSON record or as its text move list opens, the same game, in another browser, by the
file picker or by dropping the file on the page; a tampered file is refused with its
first bad line named, and the visitor's game and storage stay as they were."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from harness import SiteServer, Watch, same_game, wait_ready
from playwright.sync_api import Browser, BrowserContext, Page, expect

from ludeum import saves
from ludeum.records import text as move_list
from ludeum.senet import JEQUIER, new_game, parse_action

pytestmark = pytest.mark.e2e

SAVE_KEY = "ludeum:v1:current"
BOOT_KEY = "ludeum:v1:boot"
KEPT_PREFIX = "ludeum:v1:kept:"
NOTE_PREFIX = "ludeum:v1:note:"
FILE_NAME = re.compile(r"^ludeum-senet-\d{4}-\d\d-\d\dT\d{4}\.(json|txt)$")
# The status, the move list and the board: what "the same game" looks like.
VIEW_JS = """() => [document.getElementById('status').textContent,
  [...document.querySelectorAll('#moves li')].map((li) => li.textContent).join('\\n'),
  document.getElementById('board').innerHTML].join('|')"""
STORE_JS = """() => Object.fromEntries(Object.keys(localStorage)
  .filter((k) => k !== 'ludeum:v1:boot').map((k) => [k, localStorage.getItem(k)]))"""
# A drag and drop as the browser sends it, with a DataTransfer holding one file.
DROP_JS = """([text, name, type]) => {
  const transfer = new DataTransfer();
  transfer.items.add(new File([text], name, { type }));
  const fire = (kind, target) => target.dispatchEvent(new DragEvent(kind,
    { dataTransfer: transfer, bubbles: true, cancelable: true }));
  fire('dragenter', document.body);
  fire('dragover', document.body);
  const hint = !document.getElementById('drop-hint').hidden;
  const stopped = !fire('drop', document.body);  // the browser would not open the file
  return [hint, stopped];
}"""


def senet_save() -> str:
    """A Senet game past its opening: Black has moved twice."""
    state = new_game(JEQUIER, first_seat=0)
    for action in ["T0110", "T1000", "10-11", "T1100", "8-10"]:
        state = state.apply(parse_action(action))
    return saves.dump(state, ("human", "human"))


@pytest.fixture
def open_fresh(
    browser: Browser, site_server: SiteServer, watch: Callable[[BrowserContext, str], Watch]
) -> Iterator[Callable[..., Page]]:
    """open_fresh(seed=None) -> a ready page of the app in a browser context of its own
    (its own storage: another browser, as far as the app can tell); ``seed`` is a
    saved game put in its storage first."""
    contexts: list[BrowserContext] = []

    def start(seed: str | None = None) -> Page:
        context = browser.new_context(accept_downloads=True)
        contexts.append(context)
        watch(context, site_server.origin)
        page = context.new_page()
        if seed is not None:
            page.add_init_script(
                script=f"if (!localStorage.getItem({json.dumps(SAVE_KEY)})) "
                f"localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(seed)});"
            )
        page.goto(site_server.url, wait_until="commit")
        wait_ready(page)
        return page

    yield start
    for context in contexts:
        context.close()


def view(page: Page) -> str:
    return page.evaluate(VIEW_JS)


def throw(page: Page) -> None:
    before = view(page)
    page.locator("#throw").click()
    page.wait_for_function(f"(before) => ({VIEW_JS})() !== before", arg=before)


def export(page: Page, button: str) -> tuple[str, str]:
    """Open the Export control, unless a download left it open, and click one of its
    downloads: (file name, content)."""
    if not page.evaluate("() => document.getElementById('export').open"):
        page.locator("#export-label").click()
    with page.expect_download() as info:
        page.locator(button).click()
    got = info.value
    return got.suggested_filename, Path(got.path()).read_text(encoding="utf-8")


def choose_file(page: Page, name: str, content: str, mime: str) -> None:
    with page.expect_file_chooser() as chooser:
        page.locator("#import-game").click()
    chooser.value.set_files(files=[{"name": name, "mimeType": mime,
                                    "buffer": content.encode("utf-8")}])  # fmt: skip


def test_a_game_exported_both_ways_opens_the_same_in_another_browser(
    open_fresh: Callable[..., Page],
) -> None:
    page = open_fresh(senet_save())
    throw(page)  # play on: White throws (and again, when the throw earns another)
    if page.locator("#throw").is_enabled():
        throw(page)
    shown = view(page)
    json_name, record = export(page, "#export-json")
    # The menu stays open for the other download (issue 37: it closed after each).
    assert page.evaluate("() => document.getElementById('export').open")
    text_name, listing = export(page, "#export-text")
    assert FILE_NAME.match(json_name) and json_name.endswith(".json")
    assert FILE_NAME.match(text_name) and text_name.endswith(".txt")
    assert same_game(record, page.evaluate("(key) => localStorage.getItem(key)", SAVE_KEY))
    # Both files hold the very game on screen, and the move list is one a person reads.
    assert saves.dump(move_list.read(listing)[0]) == saves.dump(saves.load(record))
    assert "Ludeum move list 1" in listing and "\ngame: senet\n" in listing

    # The JSON record, through the file picker, in a browser that never saw the game.
    other = open_fresh()
    assert view(other) != shown
    choose_file(other, json_name, record, "application/json")
    other.wait_for_function(f"(shown) => ({VIEW_JS})() === shown", arg=shown)
    opened = other.evaluate("(key) => localStorage.getItem(key)", SAVE_KEY)
    assert same_game(opened, record)
    assert json.loads(opened)["name"] == json_name.removesuffix(".json")  # named after its file
    expect(other.locator("#announcer")).to_contain_text("Opened: Senet, ")  # what it opened

    # The move list, dropped on the page, in a third browser.
    third = open_fresh()
    hint_shown, stopped = third.evaluate(DROP_JS, [listing, text_name, "text/plain"])
    assert hint_shown and stopped  # the page said where to drop, and took the file
    third.wait_for_function(f"(shown) => ({VIEW_JS})() === shown", arg=shown)
    expect(third.locator("#drop-hint")).to_be_hidden()
    stored = saves.load(third.evaluate("(key) => localStorage.getItem(key)", SAVE_KEY))
    assert saves.dump(stored) == saves.dump(saves.load(record))


def test_an_imported_game_keeps_the_game_in_progress_in_the_list(
    open_fresh: Callable[..., Page],
) -> None:
    """The game on screen is not lost to an import: it is kept under a name of its
    own, and the imported one's note says where it came from while it waits."""
    page = open_fresh(senet_save())
    mine = page.evaluate("(key) => localStorage.getItem(key)", SAVE_KEY)
    squadro = "Ludeum move list 1\ngame: squadro\n1. 1\n2. 3\nend\n"
    choose_file(page, "my game.txt", squadro, "text/plain")
    expect(page.locator("#game-name")).to_have_text("Squadro")
    kept = page.evaluate(STORE_JS)
    kept_games = [v for k, v in kept.items() if k.startswith(KEPT_PREFIX)]
    assert len(kept_games) == 1 and same_game(kept_games[0], mine)
    page.locator("#saved-games").click()  # the list waits to be asked for
    expect(page.locator("#records-list")).to_contain_text("Senet")


def test_a_tampered_move_list_names_its_line_and_changes_nothing(
    open_fresh: Callable[..., Page],
) -> None:
    page = open_fresh(senet_save())
    shown, stored = view(page), page.evaluate(STORE_JS)
    listing = move_list.write(saves.load(senet_save()))
    lines = listing.split("\n")
    k = next(n for n, line in enumerate(lines, 1) if line.startswith("3. "))
    lines[k - 1] = "3. 10-30"  # Black's piece cannot fly to the end of the track
    choose_file(page, "tampered.txt", "\n".join(lines), "text/plain")
    notice = page.locator("#notice")
    expect(notice).to_contain_text(f"“tampered.txt” was not imported: line {k}: Action 3")
    assert view(page) == shown and page.evaluate(STORE_JS) == stored

    # A file that is not a game at all, dropped: line 1, and still nothing changed.
    page.evaluate(DROP_JS, ["\u0000\u0001PNG junk", "picture.png", "image/png"])
    expect(notice).to_contain_text("“picture.png” was not imported: line 1")
    assert view(page) == shown and page.evaluate(STORE_JS) == stored


def test_the_import_speaks_french(open_fresh: Callable[..., Page]) -> None:
    page = open_fresh()
    page.select_option("#language", "fr")
    expect(page.locator("#import-game")).to_have_text("Importer une partie…")
    choose_file(page, "vide.txt", "", "text/plain")
    expect(page.locator("#notice")).to_contain_text("« vide.txt » n’a pas été importé : ligne 1")


def test_an_import_into_full_storage_is_said_and_changes_nothing(
    open_fresh: Callable[..., Page],
) -> None:
    from test_reliability import FILL_JS, FREE_JS  # fills localStorage to the last byte

    page = open_fresh(senet_save())
    shown = view(page)
    page.evaluate(FILL_JS, None)
    stored = page.evaluate(STORE_JS)
    choose_file(page, "full.txt", "Ludeum move list 1\ngame: squadro\n1. 1\nend\n", "text/plain")
    expect(page.locator("#notice")).to_contain_text("“full.txt” was not imported: storage is full.")
    assert view(page) == shown and page.evaluate(STORE_JS) == stored
    page.evaluate(FREE_JS)


def test_a_kiosk_offers_no_files_and_keeps_a_dropped_one_out(
    browser: Browser, site_server: SiteServer, watch: Callable[[BrowserContext, str], Watch]
) -> None:
    context = browser.new_context()
    watch(context, site_server.origin)
    page = context.new_page()
    page.goto(site_server.url + "?kiosk=1", wait_until="commit")
    wait_ready(page)
    expect(page.locator("#transfer")).to_be_hidden()
    listing = "Ludeum move list 1\ngame: squadro\n1. 1\nend\n"
    hint, stopped = page.evaluate(DROP_JS, [listing, "game.txt", "text/plain"])
    assert stopped and not hint  # the browser does not leave the kiosk to show the file
    page.wait_for_timeout(1000)
    expect(page.locator("#game-name")).to_have_text("Senet")
    expect(page.locator("#notice")).to_be_hidden()
    context.close()
