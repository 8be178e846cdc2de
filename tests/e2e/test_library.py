"""Saved games (issue 13, item 3; src/web/library.py): every game started is kept in a
list with its summary, can be renamed, opened and deleted; a corrupt record is listed
as unreadable and can be downloaded; the list survives a reload, offline too; a new
game never starts over a game that could not be kept."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from axe import check_accessibility
from harness import SiteServer, Watch, new_game, precache_size, wait_ready
from playwright.sync_api import BrowserContext, Page, expect

from ludeum import saves
from ludeum.chance import random_play
from ludeum.records import library
from ludeum.squadro import new_game as new_squadro

pytestmark = pytest.mark.e2e

SAVE_KEY = "ludeum:v1:current"
QUARANTINE_PREFIX = "ludeum:v1:quarantine:"
KEPT_PREFIX = "ludeum:v1:kept:"
NOTE_PREFIX = "ludeum:v1:note:"
ENTRIES_JS = """(prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix)).sort()
  .map((k) => [k, localStorage.getItem(k)])"""
SW_TIMEOUT_MS = 120_000
PRECACHED_JS = """async () => {
  let count = 0;
  for (const name of await caches.keys()) {
    if (name.includes('precache')) count += (await (await caches.open(name)).keys()).length;
  }
  return count;
}"""


def get(page: Page, key: str) -> str | None:
    return page.evaluate("(key) => localStorage.getItem(key)", key)


def entries(page: Page, prefix: str) -> list[tuple[str, str]]:
    return [tuple(pair) for pair in page.evaluate(ENTRIES_JS, prefix)]


def note(page: Page, key: str) -> dict:
    return json.loads(get(page, NOTE_PREFIX + key) or "{}")


def open_app(context: BrowserContext, server: SiteServer, seed: str | None = None) -> Page:
    page = context.new_page()
    if seed:  # before the page's own scripts, on the first load only
        page.add_init_script(
            script="if (!sessionStorage.getItem('test:seeded')) {"
            f" {seed}; sessionStorage.setItem('test:seeded', '1'); }}"
        )
    page.goto(server.url, wait_until="commit")
    wait_ready(page)
    return page


def squadro_move(page: Page) -> None:
    """One Squadro move by clicks (two taps on the first piece that can go)."""
    before = page.locator("#moves li").count()
    for lane in (1, 2, 3, 4, 5):
        piece = page.locator(f'#board [data-square="L{lane}"]')
        if not piece.count():
            continue
        piece.click()
        piece.click()
        try:
            expect(page.locator("#moves li")).to_have_count(before + 1, timeout=2000)
            return
        except AssertionError:
            page.keyboard.press("Escape")
    raise AssertionError("no Squadro piece could move")


def open_list(page: Page) -> None:
    button = page.locator("#saved-games")
    if button.get_attribute("aria-expanded") != "true":
        button.click()
    expect(page.locator("#records")).to_be_visible()
    expect(button).to_have_attribute("aria-expanded", "true")


def current_row(page: Page):
    return page.locator("#library-current li")


def kept_row(page: Page, text: str):
    return page.locator("#records-list li", has_text=text)


def sentence(text: str, stored_note: dict | None = None) -> str:
    """What the list says of a stored game, worked out here from its text."""
    return library.summarize(text, stored_note).sentence()


def start_squadro_then_senet(page: Page) -> tuple[str, str]:
    """A Squadro game of two moves, then a new Senet game of a throw or two: returns
    (the kept Squadro's key, its text)."""
    new_game(page, "squadro", "human")
    squadro_move(page)
    squadro_move(page)
    page.click("#new-game")
    # The dialog says the game in progress is kept, not replaced.
    expect(page.locator("#replace-warning")).to_have_text(
        "Starting a new game keeps this one in Saved games, where you can open it again."
    )
    page.click("#cancel-new-game")
    new_game(page, "senet", "human")
    expect(page.locator("#announcer")).to_have_text(
        "New game. The last game was kept in Saved games."
    )
    expect(page.locator("#moves li")).to_have_count(0)
    [(key, text)] = entries(page, KEPT_PREFIX)
    assert len(json.loads(text)["record"]["actions"]) == 2
    assert note(page, key)["why"] == "new-game"
    assert note(page, key)["summary"]["moves"] == 2  # kept with its summary: no replay
    page.locator("#throw").click()
    page.wait_for_function(
        f"() => (localStorage.getItem({json.dumps(SAVE_KEY)}) || '').includes('\"T')"
    )
    return key, text


def test_two_games_are_listed_renamed_opened_and_deleted(
    context: BrowserContext,
    site_server: SiteServer,
    watch: Callable[[BrowserContext, str], Watch],
) -> None:
    watch(context, site_server.origin)  # no console error, no page error
    page = open_app(context, site_server)
    key, squadro = start_squadro_then_senet(page)

    # Both games listed, the current one first and marked, each with its summary.
    open_list(page)
    expect(page.locator("#records-title")).to_be_focused()
    senet = get(page, SAVE_KEY)
    expect(current_row(page)).to_have_text(f"This game: {sentence(senet)}RenameDownload")
    assert "Senet, Jéquier" in sentence(senet) and "two people" in sentence(senet)
    row = kept_row(page, "Squadro")
    expect(row).to_contain_text(sentence(squadro))
    expect(row).to_contain_text("2 moves; unfinished")
    expect(row).to_contain_text("put away when a new game started")
    expect(current_row(page).get_by_role("button", name="Delete")).to_have_count(0)
    check_accessibility(page, "the saved-games list")

    # Rename the kept game (keyboard: Enter saves), then the current one.
    row.get_by_role("button", name="Rename").click()
    field = page.get_by_role("textbox", name="Name")
    expect(field).to_be_focused()
    check_accessibility(page, "the saved-games list, renaming")
    field.fill("  Squadro\twith Ana ")
    field.press("Enter")
    expect(page.locator("#announcer")).to_have_text("Renamed: Squadro with Ana.")
    row = kept_row(page, "Squadro with Ana: Squadro")
    expect(row.get_by_role("button", name="Rename")).to_be_focused()
    renamed = get(page, key)
    assert saves.load_label(renamed)[0] == "Squadro with Ana"
    assert json.loads(renamed)["record"] == json.loads(squadro)["record"]  # nothing else
    current_row(page).get_by_role("button", name="Rename").click()
    page.get_by_role("textbox", name="Name").fill("Evening Senet")
    page.get_by_role("textbox", name="Name").press("Escape")  # cancelled
    expect(current_row(page)).not_to_contain_text("Evening Senet")
    current_row(page).get_by_role("button", name="Rename").click()
    page.get_by_role("textbox", name="Name").fill("Evening Senet")
    current_row(page).get_by_role("button", name="Save", exact=True).click()
    expect(current_row(page)).to_contain_text("This game: Evening Senet: Senet")
    assert saves.load_label(get(page, SAVE_KEY))[0] == "Evening Senet"

    # Open the other game: the current one is kept first, under its name.
    row.get_by_role("button", name="Open").click()
    expect(page.locator("#moves li")).to_have_count(2)
    expect(page.locator("#game-name")).to_have_text("Squadro")
    expect(current_row(page)).to_contain_text("This game: Squadro with Ana: Squadro")
    [(senet_key, senet_kept)] = entries(page, KEPT_PREFIX)
    assert saves.load_label(senet_kept)[0] == "Evening Senet"
    senet_row = kept_row(page, "Evening Senet")
    expect(senet_row).to_contain_text("a game put away to open another")
    # The name stays with the game it was given to, saved after every move.
    squadro_move(page)
    assert saves.load_label(get(page, SAVE_KEY))[0] == "Squadro with Ana"
    expect(current_row(page)).to_contain_text("3 moves")

    # Delete asks once more; the entry and its note go.
    senet_row.get_by_role("button", name="Delete").click()
    expect(senet_row.get_by_role("button", name="Confirm")).to_be_focused()
    expect(page.locator("#announcer")).to_have_text("Press Confirm to delete it for good.")
    assert entries(page, KEPT_PREFIX)
    senet_row.get_by_role("button", name="Confirm").click()
    expect(page.locator("#announcer")).to_have_text("Deleted.")
    assert entries(page, KEPT_PREFIX) == [] and get(page, NOTE_PREFIX + senet_key) is None
    expect(page.locator("#records-list")).to_have_text("No other saved games.")

    # Closed from inside, focus back on the button that opened it.
    page.click("#close-records")
    expect(page.locator("#records")).to_be_hidden()
    expect(page.locator("#saved-games")).to_be_focused()
    expect(page.locator("#saved-games")).to_have_attribute("aria-expanded", "false")


def test_a_corrupt_record_is_listed_as_unreadable_downloadable_and_never_read(
    context: BrowserContext,
    site_server: SiteServer,
    watch: Callable[[BrowserContext, str], Watch],
) -> None:
    watch(context, site_server.origin)
    junk_kept = '{"format": "ludeum-save", "version": 1, "game": "senet", "record": 7'
    # A record a boot died on is never read by the list, readable or not.
    aside = saves.dump(new_squadro(first_seat=0))
    items = {
        KEPT_PREFIX + "20261120T100000": junk_kept,
        NOTE_PREFIX + KEPT_PREFIX + "20261120T100000": json.dumps(
            {"why": "put-away", "at": "2026-11-20T10:00:00", "name": "Old one"}
        ),
        QUARANTINE_PREFIX + "20261121T100000": aside,
        NOTE_PREFIX + QUARANTINE_PREFIX + "20261121T100000": json.dumps(
            {"why": "boot", "at": "2026-11-21T10:00:00"}
        ),
    }
    seed = ";".join(
        f"localStorage.setItem({json.dumps(k)}, {json.dumps(v)})" for k, v in items.items()
    )
    page = open_app(context, site_server, seed)

    # A set-aside record needs the visitor: the list is open by itself.
    expect(page.locator("#records")).to_be_visible()
    rows = page.locator("#records-list li")
    expect(rows).to_have_count(2)
    # Newest first: the record set aside on the 21st, then the game kept on the 20th.
    expect(rows.nth(0)).to_contain_text("the app stopped while opening this saved game")
    expect(rows.nth(1)).to_contain_text(
        "Old one: A saved game that could not be read; saved 2026-11-20 10:00."
    )
    for n in (0, 1):
        names = rows.nth(n).get_by_role("button").all_text_contents()
        assert names == ["Download", "Delete"], names
    with page.expect_download() as info:
        rows.nth(1).get_by_role("button", name="Download").click()
    got = info.value
    assert Path(got.path()).read_text(encoding="utf-8") == junk_kept  # byte for byte
    assert re.fullmatch(r"ludeum-kept-2026-11-20T1000\.json", got.suggested_filename)
    assert get(page, KEPT_PREFIX + "20261120T100000") == junk_kept  # never lost
    # No summary was kept for what could not be read.
    assert "summary" not in note(page, KEPT_PREFIX + "20261120T100000")
    assert "summary" not in note(page, QUARANTINE_PREFIX + "20261121T100000")

    # Closed by the visitor, it stays closed for the same records after a move...
    page.click("#saved-games")
    expect(page.locator("#records")).to_be_hidden()
    page.locator("#throw").click()
    expect(page.locator("#records")).to_be_hidden()


def wait_offline_ready(page: Page, dist: Path) -> None:
    """The service worker controls the page and has precached all of dist/ (as in
    test_offline.py)."""
    page.wait_for_function(
        "() => navigator.serviceWorker.controller?.state === 'activated'",
        timeout=SW_TIMEOUT_MS,
    )
    expected = precache_size(dist)
    page.wait_for_function(
        f"async () => ({PRECACHED_JS})().then((n) => n >= {expected})", timeout=SW_TIMEOUT_MS
    )


def listed(page: Page) -> list[str]:
    open_list(page)
    return [
        *current_row(page).all_text_contents(),
        *page.locator("#records-list li").all_text_contents(),
    ]


@pytest.mark.service_worker  # it goes offline
def test_the_list_survives_a_reload_and_an_offline_reload(
    context: BrowserContext,
    own_site_server: SiteServer,
    dist_dir: Path,
    watch: Callable[[BrowserContext, str], Watch],
) -> None:
    watch(context, own_site_server.origin)
    page = open_app(context, own_site_server)
    key, squadro = start_squadro_then_senet(page)
    before = listed(page)
    assert len(before) == 2 and "Squadro" in before[1] and before[0].startswith("This game: ")

    page.reload(wait_until="commit")
    wait_ready(page)
    # Nothing needs the visitor: the list waits to be opened.
    expect(page.locator("#records")).to_be_hidden()
    assert listed(page) == before

    wait_offline_ready(page, dist_dir)
    own_site_server.stop()
    context.set_offline(True)
    response = page.reload(wait_until="commit")
    assert response is not None and response.from_service_worker
    wait_ready(page)
    assert listed(page) == before
    assert get(page, key) == squadro


FILL_JS = """() => {
  const write = (key, size) => {
    try { localStorage.setItem(key, 'x'.repeat(size)); return true; }
    catch (error) { return false; }
  };
  let size = 16 * 1024 * 1024, n = 0;
  while (size >= 1) {
    if (write('test:filler:' + n, size)) n += 1; else size = Math.floor(size / 2);
  }
  return n;
}"""


def test_a_new_game_never_starts_over_a_game_that_could_not_be_kept(
    context: BrowserContext,
    site_server: SiteServer,
    watch: Callable[[BrowserContext, str], Watch],
) -> None:
    watch(context, site_server.origin)
    page = open_app(context, site_server)
    new_game(page, "squadro", "human")
    squadro_move(page)
    saved = get(page, SAVE_KEY)
    page.evaluate(FILL_JS)

    new_game(page, "senet", "human")
    expect(page.locator("#notice")).to_contain_text("The new game was not started")
    expect(page.locator("#game-name")).to_have_text("Squadro")  # the game is still there
    expect(page.locator("#moves li")).to_have_count(1)
    assert get(page, SAVE_KEY) == saved and entries(page, KEPT_PREFIX) == []
    # ... and can be downloaded from the list, which opened by itself.
    expect(page.locator("#records")).to_be_visible()
    with page.expect_download() as info:
        page.click("#download-game")
    assert saves.load(Path(info.value.path()).read_text(encoding="utf-8")).actions() == (
        saves.load(saved).actions()
    )


def test_play_again_keeps_the_finished_game_with_its_result(
    context: BrowserContext,
    site_server: SiteServer,
    watch: Callable[[BrowserContext, str], Watch],
) -> None:
    watch(context, site_server.origin)
    # A Squadro game one move from its end (Light, Player 1, wins with lane 2).
    over = random_play(new_squadro(first_seat=0), random.Random(3), 5000)
    *first, last = over.actions()
    state = over.start()
    for action in first:
        state = state.apply(action)
    seed = f"localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(saves.dump(state))})"
    page = open_app(context, site_server, seed)
    piece = page.locator(f'#board [data-square="L{last.lane}"]')
    piece.click()
    piece.click()
    expect(page.locator("#game-over")).to_be_visible()

    page.click("#game-over-new")  # Play again
    expect(page.locator("#moves li")).to_have_count(0)
    [(key, kept)] = entries(page, KEPT_PREFIX)
    assert saves.load(kept).outcome().winner == 0
    open_list(page)
    row = kept_row(page, "Squadro")
    expect(row).to_contain_text("; won by Light (Player 1); saved ")
    expect(row).to_contain_text(f"{len(over.actions())} moves")
    assert note(page, key)["summary"]["over"] is True
