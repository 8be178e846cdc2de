"""The built site as the engine tests serve it: dist/ unchanged but for index.html,
which gets tests/engines/recorder.js inline as the first script of <head>.

Why inline, before the policy's meta: WebKitGTK's WebDriver exposes no console, so
the page must record its own errors from the very first script on. A separate file
would pass the Content-Security-Policy, but the service worker precaches only what
the build listed, so after the offline reload that file would be missing and the
offline visit unwatched. Inline, it travels inside index.html: Workbox fetches the
precached index.html from this very server, so the offline copy carries it too.
Placed before the meta, it is outside the policy, which stays exactly the shipped
one for everything the app runs (a meta policy governs only what follows it).
"""

from __future__ import annotations

from pathlib import Path

RECORDER = Path(__file__).with_name("recorder.js")
CSP_META = '<meta http-equiv="Content-Security-Policy"'


def instrumented_site(dist: Path, into: Path) -> Path:
    """Fill ``into`` with links to every entry of ``dist`` and an index.html that
    carries the recorder; returns ``into``."""
    into.mkdir(parents=True, exist_ok=True)
    for entry in dist.iterdir():
        if entry.name != "index.html":
            (into / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    page = (dist / "index.html").read_text(encoding="utf-8")
    assert page.count(CSP_META) == 1, "index.html: no single CSP meta to put the recorder before"
    script = f"<script>\n{RECORDER.read_text(encoding='utf-8')}</script>\n  "
    (into / "index.html").write_text(page.replace(CSP_META, script + CSP_META), encoding="utf-8")
    return into
