"""The page itself: its elements, event listening, the notice box, the live region
and the static words. Every other room of the glue reaches the DOM through these."""

from __future__ import annotations

import json

from pyodide.ffi import create_once_callable, create_proxy
from pyscript import document, window

from ludeum import board_keys
from ludeum.i18n import N_, _

#: Static page text, set here so that it too goes through the translation function.
PAGE_TEXT = {
    "game-name": N_("Senet"),
    "lesson-steps-label": N_("Steps"),
    "lesson-throw": N_("Throw the sticks"),
    "lesson-retry": N_("Try again"),
    "lesson-next": N_("Next step"),
    "lesson-play": N_("Play the computer (Easy)"),
    "lesson-hint": N_("Show me"),
    "lesson-prev": N_("Previous step"),
    "lesson-exit": N_("Leave the lesson"),
    "lesson-compare": N_("How other scholars read this rule"),
    "rules-lesson": N_("Learn to play"),
    "attract-learn": N_("Learn to play"),
    "home-hint": N_("All games"),
    "pass": N_("Pass"),
    "hint-label": N_("Hint"),
    "take-back-label": N_("Take back"),
    "redo-label": N_("Redo"),
    "watch-title": N_("Watching the computer"),
    "watch-pause-label": N_("Pause"),
    "watch-step-label": N_("Step"),
    "watch-speed-label": N_("Speed"),
    "watch-speed-slow": N_("Slow"),
    "watch-speed-normal": N_("Normal"),
    "watch-speed-fast": N_("Fast"),
    "new-game-label": N_("New game"),
    "show-rules": N_("Rules"),
    "moves-title": N_("Moves"),
    "review-title": N_("Review"),
    "review-first-label": N_("First move"),
    "review-prev-label": N_("Previous move"),
    "review-next-label": N_("Next move"),
    "review-last-label": N_("Last move"),
    "review-back": N_("Back to the game"),
    "analysis-better": N_("Show the better move"),
    "review-continue": N_("Continue from here"),
    "review-open": N_("Review the game"),
    "review-graph-keys": N_(
        "Click the graph to view a move. Keys: Left and Right choose a move on the "
        "graph, Enter shows it."
    ),
    "game-over-new": N_("Rematch"),
    "game-over-review": N_("Review this game"),
    "game-over-fresh": N_("New game"),
    "game-over-share": N_("Share"),
    "game-over-show": N_("Result"),
    "settings-label": N_("Settings"),
    "open-full-label": N_("Open in a new tab"),
    # A frame whose browser blocks storage: the header's chip and what it opens.
    "not-kept-label": N_("Not saved here"),
    "not-kept-text": N_(
        "This browser does not let the page store anything: the game can be "
        "played but will not be kept after a reload."
    ),
    "new-game-title": N_("New game"),
    "start-game": N_("Start"),
    "cancel-new-game": N_("Cancel"),
    "close-rules": N_("Close"),
    "follow-other": N_("Follow the other tab"),
    "keep-apart": N_("Keep this game apart"),
    "records-title": N_("Saved games"),
    "saved-games-label": N_("Saved games"),
    "close-records": N_("Close"),
    "download-game": N_("Download this game"),
    "export-label": N_("Export"),
    "export-json": N_("Download the record (JSON)"),
    "export-text": N_("Download the move list (text)"),
    "export-record": N_("Download your record (Your games)"),
    "import-game": N_("Import a game…"),
    "your-games": N_("Your games"),
    "your-games-title": N_("Your games"),
    "your-games-x-text": N_("Close"),
    "your-games-about": N_(
        "Kept in this browser with your saved games: no account, nothing sent anywhere."
    ),
    "your-name-label": N_("Your name"),
    "your-name-save": N_("Save"),
    "your-name-hint": N_("Shown on your player card instead of “You”."),
    "your-games-download": N_("Download your record"),
    "close-your-games": N_("Close"),
    "drop-hint-text": N_("Drop a saved game (.json) or a move list (.txt) to open it."),
    "language-label": N_("Language"),
    "contrast": N_("High contrast"),
    "one-tap": N_("One-tap moves"),
    "reduce-motion": N_("Reduce motion"),
    "sound-label": N_("Sound"),
    "idle-title": N_("Are you still there?"),
    "idle-continue": N_("Continue playing"),
    "attract-label": N_("Touch the screen to play"),
    "update-text": N_("A new version of Ludeum is ready."),
    "update-reload": N_("Reload to update"),
    "shared-replay": N_("Replay from the start"),
    "shared-continue": N_("Continue this game"),
    "shared-back": N_("Back to my game"),
    "share-label": N_("Share"),
    "share-title": N_("Share this game"),
    "share-link-label": N_("Link"),
    "share-copy": N_("Copy"),
    "share-close": N_("Close"),
    # The × at the top of every dialog: its name, read by screen readers.
    "new-game-x-text": N_("Close"),
    "rules-x-text": N_("Close"),
    "share-x-text": N_("Close"),
    # A game by links (src/web/friends.py).
    "friend-send": N_("Send the link"),
    "friend-link-label": N_("Link"),
    "friend-copy": N_("Copy the link"),
    "friend-share-sheet": N_("Send with…"),
    "friend-close": N_("Close"),
    "friend-x-text": N_("Close"),
    "friend-proofs-label": N_("How the throws were made"),
    "invite-play": N_("Play"),
    "invite-rules": N_("Rules"),
    "invite-learn": N_("Learn to play"),
    "idle-x-text": N_("Close"),
    # Printing (src/web/printing.py): a game's sheet from the rules, its record from Export.
    "print-rules": N_("Print a sheet"),
    "print-record": N_("Print the record"),
    # The readings compared (src/web/compare.py).
    "compare-title": N_("Senet's readings compared"),
    "compare-intro": N_(
        "The same position and the same throw under each reading of Senet: the moves "
        "each allows, and why they differ."
    ),
    "compare-example-label": N_("Position to compare"),
    "compare-throw-label": N_("Throw"),
    "compare-link-label": N_("Link to this comparison, for a class page"),
    "close-compare": N_("Close"),
    "compare-x-text": N_("Close"),
    "keys-hint": N_(
        "Keys: Tab reaches the board, the arrow keys move between its squares; Enter or "
        "Space picks a piece, then where it goes; Escape drops the choice; T throws the "
        "sticks in Senet; H asks for a hint; Z takes back a move, Y plays it again; K "
        "pauses or plays the computer when it plays itself; the question mark (?) shows "
        "or hides this help."
    ),
}


def element(id_: str):
    return document.getElementById(id_)


# Markup reaches the page only through these two and through the page's one Trusted
# Types policy, "ludeum" (static/markup-policy.js), which the page's
# Content-Security-Policy requires. What they are given is drawn by ludeum's pure
# renderers, every text from outside (a stored name, an imported record, a link, the
# address) escaped by html.escape on the way (docs/reliability.md lists every caller
# and where its text comes from). Nothing here ever passes stored markup.


def show_markup(node, markup: str) -> None:
    """Replace ``node``'s children with ``markup`` (ludeum's own drawing)."""
    node.innerHTML = window.ludeumMarkup.createHTML(markup)


def add_markup(node, markup: str) -> None:
    """Add ``markup`` (ludeum's own drawing) after ``node``'s last child."""
    node.insertAdjacentHTML("beforeend", window.ludeumMarkup.createHTML(markup))


def script_address(path: str):
    """The site's own script at ``path``, as a worker's constructor takes it under
    Trusted Types (the policy refuses another origin)."""
    return window.ludeumMarkup.createScriptURL(path)


def site_file(path: str) -> str:
    """The address, relative to the page, of a file of the site asked for by its
    source path ("static/computer-worker.mjs"): the build names every file by its
    content (scripts/addressing.py) and writes the names Python needs into the page
    (#site-files). Without that table (the page as written, unbuilt), the path."""
    written = document.getElementById("site-files")
    if written is None:
        return path
    try:
        return str(json.loads(str(written.textContent)).get(path, path))
    except ValueError:
        return path


#: Event-handler proxies, kept alive for the page's lifetime (Pyodide frees a proxy
#: only when told to, and the page never removes these listeners).
_HANDLERS: list = []


def listen(target, kind: str, handler) -> None:
    proxy = create_proxy(handler)
    _HANDLERS.append(proxy)
    target.addEventListener(kind, proxy)


def watch_only(board) -> None:
    """On the computer's turn the board is for watching: its cells keep their names
    and the arrow keys still move between them, so a keyboard player keeps their
    place, but they are marked as not usable now and nothing is outlined as movable."""
    for node in board.querySelectorAll('[role="button"]'):
        node.setAttribute("aria-disabled", "true")
    for node in board.querySelectorAll(".movable"):
        node.classList.remove("movable")


def focus_cell(board, name: str) -> bool:
    """Focus the board cell called ``name`` and make it the board's one tab stop
    (roving tabindex); False when there is no such cell."""
    target = board.querySelector(f'[data-square="{name}"][data-row]')
    if not target:  # JS null arrives as the falsy jsnull
        return False
    for node in board.querySelectorAll('[data-row][tabindex="0"]'):
        node.setAttribute("tabindex", "-1")
    target.setAttribute("tabindex", "0")
    target.focus()
    return True


def arrow_on_board(board, event) -> None:
    """The board is one tab stop; the arrows, Home and End move the focus inside it
    (``ludeum.board_keys``), without scrolling the page. Any other key: nothing."""
    if event.key not in board_keys.KEYS or event.ctrlKey or event.metaKey or event.altKey:
        return
    here = event.target.closest("[data-square]")
    cells = [
        (str(node.dataset.square), int(node.dataset.row), int(node.dataset.col))
        for node in board.querySelectorAll("[data-square][data-row]")
    ]
    name = board_keys.next_cell(cells, str(here.dataset.square) if here else None, event.key)
    if name is not None:
        event.preventDefault()  # no page scroll
        focus_cell(board, name)


def copy_link(text: str, field, said) -> None:
    """Copy ``text`` (the link shown in the input ``field``) and say so in ``said``;
    without a clipboard (an insecure page, a refusal) the field's text is selected for
    the visitor to copy by hand, and ``said`` tells how."""

    def copied(_result=None) -> None:
        said.textContent = _("The link is copied.")

    def refused(_error=None) -> None:
        field.focus()
        field.select()
        said.textContent = _("The link is selected: copy it with Ctrl+C (⌘C on a Mac).")

    clipboard = getattr(window.navigator, "clipboard", None)
    if not clipboard:
        refused()
        return
    try:
        clipboard.writeText(text).then(create_once_callable(copied),
                                       create_once_callable(refused))  # fmt: skip
    except Exception:
        refused()


def announce(text: str) -> None:
    """Say what an action did in the polite live region. The region is emptied first
    and filled a moment later: screen readers skip a change they cannot see, such as
    the same words twice in a row (two throws of 3)."""
    box = element("announcer")
    box.textContent = ""

    def fill() -> None:
        box.textContent = text

    window.setTimeout(create_once_callable(fill), 60)


def translate_page() -> None:
    for id_, message in PAGE_TEXT.items():
        node = element(id_)
        if node:
            node.textContent = _(message)
    element("throw").setAttribute("aria-keyshortcuts", "T")
    element("game-over-close").setAttribute("aria-label", _("Hide the result"))
    element("player-cards").setAttribute("aria-label", _("Players"))
    element("analysis").setAttribute("aria-label", _("Analysis"))
    for node in document.querySelectorAll('[role="group"].toolbar'):
        node.setAttribute("aria-label", _("Game tools"))
