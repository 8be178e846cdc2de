"""What the app promises when storage misbehaves (docs/reliability.md): a record a boot
died on is set aside by the boot watchdog; a record too large to set aside is held,
never overwritten; full storage is said at once and told from blocked storage; two
tabs on one saved game never lose a move of either."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from harness import SiteServer, Watch, wait_ready
from playwright.sync_api import BrowserContext, Page, expect

from ludeum import saves
from ludeum.senet import JEQUIER, new_game, parse_action
from ludeum.senet.log import game_log
from ludeum.squadro import new_game as new_squadro

pytestmark = pytest.mark.e2e

SAVE_KEY = "ludeum:v1:current"
BOOT_KEY = "ludeum:v1:boot"
QUARANTINE_PREFIX = "ludeum:v1:quarantine:"
KEPT_PREFIX = "ludeum:v1:kept:"
NOTE_PREFIX = "ludeum:v1:note:"
FRESH_STATUS = re.compile(r"^Player [12] to throw\. The first to throw a 1 plays Black\.$")

# Fills localStorage to the last byte: the biggest power-of-two string that fits goes
# under `bigKey` (or a filler key), then ever smaller fillers. Chromium's quota is
# about 5 M characters per origin.
FILL_JS = """(bigKey) => {
  const write = (key, size) => {
    try { localStorage.setItem(key, 'x'.repeat(size)); return true; }
    catch (error) { return false; }
  };
  let size = 16 * 1024 * 1024, n = 0, key = bigKey || 'test:filler:0', last = null;
  while (size >= 1) {
    if (write(key, size)) { n += 1; last = key; key = 'test:filler:' + n; }
    else { size = Math.floor(size / 2); }
  }
  // A new key costs its name too: the last few characters go onto the last value.
  const grow = (extra) => {
    try { localStorage.setItem(last, localStorage.getItem(last) + 'x'.repeat(extra)); return true; }
    catch (error) { return false; }
  };
  for (let extra = 64; extra >= 1; extra = Math.floor(extra / 2)) { while (grow(extra)); }
  return n;
}"""
FREE_JS = """() => { for (const k of Object.keys(localStorage)) {
  if (k.startsWith('test:filler:')) localStorage.removeItem(k); } }"""
ENTRIES_JS = """(prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix)).sort()
  .map((k) => [k, localStorage.getItem(k)])"""


def senet_save() -> str:
    state = new_game(JEQUIER, first_seat=0)
    for text in ["T0110", "T1000", "10-11", "T1100", "8-10"]:
        state = state.apply(parse_action(text))
    return saves.dump(state)


def get(page: Page, key: str) -> str | None:
    return page.evaluate("(key) => localStorage.getItem(key)", key)


def entries(page: Page, prefix: str) -> list[tuple[str, str]]:
    return [tuple(pair) for pair in page.evaluate(ENTRIES_JS, prefix)]


def seed_once(page: Page, script: str) -> None:
    """Run `script` before the page's own scripts, on its first load only."""
    page.add_init_script(
        script="if (!sessionStorage.getItem('test:seeded')) {"
        f" {script}; sessionStorage.setItem('test:seeded', '1'); }}"
    )


def set_items(items: dict[str, str]) -> str:
    return ";".join(
        f"localStorage.setItem({json.dumps(k)}, {json.dumps(v)})" for k, v in items.items()
    )


@pytest.fixture
def open_page(
    context: BrowserContext,
    site_server: SiteServer,
    watch: Callable[[BrowserContext, str], Watch],
) -> Callable[..., Page]:
    """open_page(seed=None, query="") -> a watched page of the app, ready; `seed` is JS
    run before the page's scripts on its first load."""
    watch(context, site_server.origin)

    def start(seed: str | None = None, query: str = "") -> Page:
        page = context.new_page()
        if seed:
            seed_once(page, seed)
        page.goto(site_server.url + query, wait_until="commit")
        wait_ready(page)
        return page

    return start


def reload(page: Page) -> None:
    page.reload(wait_until="commit")
    wait_ready(page)


def download(page: Page, button) -> tuple[str, str]:
    """Click a download button: (suggested file name, content)."""
    with page.expect_download() as info:
        button.click()
    got = info.value
    return got.suggested_filename, Path(got.path()).read_text(encoding="utf-8")


def record_row(page: Page, index: int = 0):
    return page.locator("#records-list li").nth(index)


VIEW_JS = """() => [document.querySelectorAll('#moves li').length,
  document.getElementById('status').textContent, document.getElementById('sticks').innerHTML,
  document.getElementById('board').innerHTML].join('|')"""


def act(page: Page, click) -> None:
    """Click, then wait until the game on screen has changed."""
    before = page.evaluate(VIEW_JS)
    click()
    page.wait_for_function(f"(before) => ({VIEW_JS})() !== before", arg=before)


def throw(page: Page) -> None:
    act(page, lambda: page.locator("#throw").click())


def advance(page: Page) -> None:
    """One Senet action by clicks: throw if a throw is due, else the first movable
    piece to its first destination, else pass."""
    # Wait until the page offers one of the three: under load it may still be drawing
    # the last action, and a look too early would see none and click a hidden Pass.
    page.wait_for_function(
        "() => !document.querySelector('#throw').disabled"
        " || document.querySelector('#board .piece.movable')"
        " || !document.querySelector('#pass').hidden"
    )
    if page.locator("#throw").is_enabled():
        throw(page)
        return
    movable = page.locator("#board g.piece-at:has(.piece.movable)")
    if movable.count():
        name = movable.first.get_attribute("data-square")
        page.locator(f'#board [role="button"][data-square="{name}"]').click()
        act(page, lambda: page.locator("#board [data-square].target").first.click())
    else:
        act(page, lambda: page.locator("#pass").click())


# -- 1. the boot watchdog ------------------------------------------------------------


def test_a_record_a_boot_died_on_is_set_aside_named_offered_and_a_new_game_starts(
    open_page: Callable[..., Page],
) -> None:
    # The page was closed (or Python died) after the app wrote its marker naming the
    # slot and before the app was ready: the last boot died on this record.
    record = senet_save()
    marker = json.dumps({"key": SAVE_KEY})
    page = open_page(set_items({SAVE_KEY: record, BOOT_KEY: marker}))

    expect(page.locator("#status")).to_have_text(FRESH_STATUS)
    expect(page.locator("#notice")).to_contain_text("stopped while opening your saved game")
    assert get(page, BOOT_KEY) is None  # cleared by the ready app
    assert get(page, SAVE_KEY) is None
    [(key, kept)] = entries(page, QUARANTINE_PREFIX)
    assert kept == record  # byte for byte
    assert re.fullmatch(re.escape(QUARANTINE_PREFIX) + r"\d{8}T\d{6}", key), key
    note = json.loads(get(page, NOTE_PREFIX + key))
    assert note["why"] == "boot" and note["from"] == SAVE_KEY and note["at"]

    # Listed, with why and how big; downloadable as a named file.
    expect(page.locator("#records")).to_be_visible()
    row = record_row(page)
    expect(row).to_contain_text("stopped while opening this saved game")
    expect(row).to_contain_text("KB")
    name, content = download(page, row.get_by_role("button", name="Download"))
    assert re.fullmatch(r"ludeum-set-aside-\d{4}-\d\d-\d\dT\d{4}\.json", name), name
    assert content == record

    # The new game plays and is saved as usual.
    throw(page)
    assert saves.load(get(page, SAVE_KEY)).actions()

    # Delete asks once more, then the record and its note are gone.
    row.get_by_role("button", name="Delete").click()
    expect(row.get_by_role("button", name="Confirm")).to_be_focused()
    assert entries(page, QUARANTINE_PREFIX)
    row.get_by_role("button", name="Confirm").click()
    expect(page.locator("#records")).to_be_hidden()
    assert entries(page, QUARANTINE_PREFIX) == [] and get(page, NOTE_PREFIX + key) is None


def test_a_good_record_is_resumed_and_the_marker_cleared_no_false_alarm(
    open_page: Callable[..., Page],
) -> None:
    record = senet_save()
    writes = (
        "window.__bootMarks = [];"
        "const set = Storage.prototype.setItem;"
        "Storage.prototype.setItem = function (k, v) {"
        f"  if (k === {json.dumps(BOOT_KEY)}) window.__bootMarks.push(v);"
        "  return set.call(this, k, v); };"
    )
    # A marker naming no save (the boot died before reading one) moves nothing.
    page = open_page(set_items({SAVE_KEY: record, BOOT_KEY: "{}"}) + ";" + writes)
    entries_shown = len(game_log(saves.load(record)))
    expect(page.locator("#moves li")).to_have_count(entries_shown)  # resumed
    assert get(page, SAVE_KEY) == record
    assert get(page, BOOT_KEY) is None
    assert entries(page, QUARANTINE_PREFIX) == []
    expect(page.locator("#notice")).to_be_hidden()
    expect(page.locator("#records")).to_be_hidden()
    # The app wrote the marker naming the slot before reading it.
    marks = [json.loads(mark) for mark in page.evaluate("window.__bootMarks")]
    assert [mark["key"] for mark in marks] == [SAVE_KEY]
    # ... naming this tab and the time, for a tab booting beside it (next test).
    assert marks[0]["tab"] == page.evaluate("window.ludeumTab") and marks[0]["tab"]
    assert abs(marks[0]["at"] - page.evaluate("Date.now()")) < 60_000

    reload(page)  # a good boot left no marker: the next one resumes too
    expect(page.locator("#moves li")).to_have_count(entries_shown)
    assert get(page, SAVE_KEY) == record and get(page, BOOT_KEY) is None


def fresh_marker(tab: str) -> str:
    """JS writing the watchdog's marker as a boot of ``tab`` would, just now."""
    fields = f"key: {json.dumps(SAVE_KEY)}, tab: {json.dumps(tab)}, at: Date.now()"
    mark = f"JSON.stringify({{{fields}}})"
    return f"localStorage.setItem({json.dumps(BOOT_KEY)}, {mark})"


def test_a_fresh_marker_of_another_tab_booting_now_sets_nothing_aside(
    open_page: Callable[..., Page],
) -> None:
    # Two tabs booting on one slot at once (a browser restoring its tabs): the other
    # tab's marker is no dead boot, and its record must not be set aside.
    record = senet_save()
    page = open_page(set_items({SAVE_KEY: record}) + ";" + fresh_marker("another-tab"))
    expect(page.locator("#moves li")).to_have_count(len(game_log(saves.load(record))))
    assert get(page, SAVE_KEY) == record
    assert entries(page, QUARANTINE_PREFIX) == []
    expect(page.locator("#notice")).to_be_hidden()


def test_a_fresh_marker_of_this_same_tab_is_a_boot_that_died(
    open_page: Callable[..., Page],
) -> None:
    # The tab was reloaded after its boot died (its name survives in sessionStorage).
    record = senet_save()
    seed = "sessionStorage.setItem('ludeum:tab', 'this-tab');" + set_items({SAVE_KEY: record})
    page = open_page(seed + ";" + fresh_marker("this-tab"))
    assert page.evaluate("window.ludeumTab") == "this-tab"
    expect(page.locator("#notice")).to_contain_text("stopped while opening your saved game")
    assert [kept for _key, kept in entries(page, QUARANTINE_PREFIX)] == [record]
    assert get(page, BOOT_KEY) is None


def test_a_boot_death_with_storage_full_keeps_the_record_in_place_and_offers_it(
    open_page: Callable[..., Page],
) -> None:
    record = senet_save()
    seed = set_items({SAVE_KEY: record, BOOT_KEY: json.dumps({"key": SAVE_KEY})})
    page = open_page(f"{seed}; ({FILL_JS})(null)")

    expect(page.locator("#status")).to_have_text(FRESH_STATUS)  # not the killing record
    notice = page.locator("#notice")
    expect(notice).to_contain_text("too full to set that record aside")
    assert get(page, SAVE_KEY) == record and entries(page, QUARANTINE_PREFIX) == []
    throw(page)
    assert get(page, SAVE_KEY) == record  # never written over

    name, content = download(page, record_row(page).get_by_role("button", name="Download"))
    assert content == record and name.startswith("ludeum-saved-game-")


def long_senet_game(actions: int):
    """A random Senet game of `actions` actions, not over (seed 6 plays 736)."""
    rng = random.Random(6)
    state = new_game(JEQUIER, first_seat=0)
    for _ in range(actions):
        choices = list(state.legal_moves()) or [a for a, _p in state.chance_outcomes()]
        state = state.apply(rng.choice(choices))
    assert state.outcome() is None
    return state


def test_a_long_game_shows_only_the_latest_moves_and_says_how_many_are_not_shown(
    open_page: Callable[..., Page],
) -> None:
    # 650 actions: over 300 entries, and far from the end (one piece borne off). At
    # 720 both sides had three of five off, and the page's own throws sometimes ended
    # the game within the eight actions played below, which then waited for a ninth.
    state = long_senet_game(650)
    entries_all = game_log(state)
    assert len(entries_all) > 300
    page = open_page(set_items({SAVE_KEY: saves.dump(state)}))
    items = page.locator("#moves li")
    expect(items).to_have_count(300)
    assert items.all_text_contents() == entries_all[-300:]
    earlier = len(entries_all) - 300
    expect(page.locator("#moves-earlier")).to_have_text(f"{earlier} earlier moves are not shown.")
    # The list keeps each entry's number.
    assert page.evaluate("document.getElementById('moves').start") == earlier + 1

    for _ in range(8):  # play on: the list stays as long, the count grows
        advance(page)
    total = len(game_log(saves.load(get(page, SAVE_KEY))))
    assert total > len(entries_all)
    expect(items).to_have_count(300)
    expect(page.locator("#moves-earlier")).to_have_text(
        f"{total - 300} earlier moves are not shown."
    )


# -- 3. a record too large to set aside ---------------------------------------------------


def test_an_unreadable_record_too_large_to_set_aside_is_said_held_and_never_overwritten(
    open_page: Callable[..., Page],
) -> None:
    data = json.loads(senet_save())
    data["record"]["position"] = "W" * 4_000_000
    record = json.dumps(data)
    # The record, then storage filled but for a little room: the 4 MB copy cannot fit.
    seed = (
        f"{set_items({SAVE_KEY: record, 'test:reserve': 'r' * 65536})};"
        f"({FILL_JS})(null); localStorage.removeItem('test:reserve')"
    )
    page = open_page(seed)

    notice = page.locator("#notice")
    expect(notice).to_contain_text("could not be read")
    expect(notice).to_contain_text("could not be kept aside because storage is full")
    expect(notice).not_to_contain_text("was kept aside")
    assert entries(page, QUARANTINE_PREFIX) == []
    row = record_row(page)
    expect(row).to_contain_text("not saved over until you download or dismiss it")

    advance(page)
    advance(page)
    assert get(page, SAVE_KEY) == record  # the next moves did not overwrite it

    name, content = download(page, row.get_by_role("button", name="Download"))
    assert content == record and name.endswith(".json")
    # Downloaded: the slot is the new game's from now on.
    page.wait_for_function(f"() => localStorage.getItem({json.dumps(SAVE_KEY)}).length < 100000")
    assert saves.load(get(page, SAVE_KEY)).actions()


# -- 4. full storage ------------------------------------------------------------------------


def test_full_storage_is_said_at_once_play_goes_on_and_saving_resumes_when_space_is_freed(
    open_page: Callable[..., Page],
) -> None:
    page = open_page()
    throw(page)
    saved = get(page, SAVE_KEY)
    big = QUARANTINE_PREFIX + "20200101T000000"  # a big set-aside record to delete later
    page.evaluate(FILL_JS, big)

    advance(page)  # a throw, or the move a thrown 1 left to make
    notice = page.locator("#notice")
    expect(notice).to_contain_text("Storage is full: this game is no longer being saved")
    expect(page.locator("#announcer")).to_contain_text("Storage is full")
    for _ in range(6):
        advance(page)
    assert get(page, SAVE_KEY) == saved  # nothing saved, but play went on
    shown = page.locator("#moves li").count()

    # The game on screen can be downloaded as it stands.
    name, content = download(page, page.locator("#download-game"))
    assert name.startswith("ludeum-game-")
    on_screen = saves.load(content)

    # Free space by deleting the set-aside record: saving works again at once.
    row = page.locator("#records-list li", has_text="Set aside")
    row.get_by_role("button", name="Delete").click()
    row.get_by_role("button", name="Confirm").click()
    expect(notice).to_contain_text("Saving works again")
    expect(notice).not_to_contain_text("Storage is full")
    assert saves.load(get(page, SAVE_KEY)).actions() == on_screen.actions()
    expect(page.locator("#download-game")).to_be_hidden()

    # Full again, then reloaded: the real storage is kept, the saved game resumes, and
    # the page says full, not blocked.
    page.evaluate(FREE_JS)
    page.evaluate(FILL_JS)
    reload(page)
    assert page.evaluate("window.ludeumStorage") == "full"
    expect(page.locator("#moves li")).to_have_count(shown)
    expect(notice).to_contain_text("storage for this site is full")
    expect(notice).not_to_contain_text("does not let the page store anything")


# -- 5. two tabs -------------------------------------------------------------------------


def squadro_move(page: Page, lanes: tuple[int, ...] = (1, 2, 3, 4, 5)) -> None:
    """One Squadro move by clicks (two taps on a piece): the first of `lanes` that
    can go (the two tabs try them in opposite orders, so that their games differ)."""
    before = page.locator("#moves li").count()
    for lane in lanes:
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


B_LANES = (5, 4, 3, 2, 1)


def log(page: Page) -> list[str]:
    return page.locator("#moves li").all_text_contents()


def stored_games(page: Page) -> list[list]:
    """The action lists of the current game and of every kept game."""
    texts = [get(page, SAVE_KEY)] + [text for _key, text in entries(page, KEPT_PREFIX)]
    return [json.loads(text)["record"]["actions"] for text in texts if text]


@pytest.mark.parametrize("choice", ["keep", "follow"])
def test_two_tabs_on_one_game_never_lose_a_move(
    open_page: Callable[..., Page], choice: str
) -> None:
    a = open_page(set_items({SAVE_KEY: saves.dump(new_squadro(first_seat=0))}))
    squadro_move(a)
    b = open_page()
    assert log(b) == log(a)  # B resumed A's game
    squadro_move(a)
    conflict = b.locator("#conflict")
    expect(conflict).to_be_visible()  # B heard A's save
    expect(b.locator("#announcer")).to_contain_text("Another tab changed this saved game")
    squadro_move(b, B_LANES)  # played on in B, not saved over A's
    squadro_move(a)
    game_a = json.loads(get(a, SAVE_KEY))["record"]["actions"]
    assert len(game_a) == 3

    if choice == "keep":
        b.click("#keep-apart")
        expect(conflict).to_be_hidden()
        squadro_move(b, B_LANES)  # now saved under its own key
        [(_key, kept)] = entries(b, KEPT_PREFIX)
        game_b = json.loads(kept)["record"]["actions"]
        assert len(game_b) == 3 and game_b[:1] == game_a[:1] and game_b != game_a
        assert json.loads(get(a, SAVE_KEY))["record"]["actions"] == game_a
        expect(a.locator("#conflict")).to_be_hidden()  # B never wrote A's slot
    else:
        b.click("#follow-other")
        expect(conflict).to_be_hidden()
        assert log(b) == log(a)
        [(_key, kept)] = entries(b, KEPT_PREFIX)  # B's own moves, kept first
        game_b = json.loads(kept)["record"]["actions"]
        assert len(game_b) == 2 and game_b != game_a[:2]
        squadro_move(b, B_LANES)  # B plays on A's game: now A is the tab that must choose
        expect(a.locator("#conflict")).to_be_visible()
        a.click("#follow-other")  # B's game continues A's: nothing to keep this time
        assert log(a) == log(b)
        assert len(entries(a, KEPT_PREFIX)) == 1
        game_a = json.loads(get(a, SAVE_KEY))["record"]["actions"]

    reload(a)
    reload(b)
    games = stored_games(a)
    assert game_a in games and game_b in games, games
    assert log(a) == log(b)  # both resume the current game

    # The kept game can be opened: the current one, in progress, is kept first.
    row = b.locator("#records-list li", has_text="Kept on")
    expect(row).to_have_count(1)
    row.get_by_role("button", name="Open").click()
    expect(b.locator("#moves li")).to_have_count(len(game_b))
    assert json.loads(get(b, SAVE_KEY))["record"]["actions"] == game_b
    assert [json.loads(t)["record"]["actions"] for _k, t in entries(b, KEPT_PREFIX)] == [game_a]


def test_a_tab_that_missed_the_storage_event_still_never_writes_over_the_other_game(
    open_page: Callable[..., Page],
) -> None:
    page = open_page(set_items({SAVE_KEY: saves.dump(new_squadro(first_seat=0))}))
    squadro_move(page)
    other = saves.dump(new_squadro(first_seat=1))
    # A write from this very tab's JS fires no storage event here: as if missed.
    page.evaluate(f"localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(other)})")
    squadro_move(page)
    expect(page.locator("#conflict")).to_be_visible()
    assert get(page, SAVE_KEY) == other
