"""Names that say their content, for the large files of dist/ (stdlib only).

A file whose URL changes whenever its bytes change can be cached for ever: a browser
never asks for it again, the service worker's precache takes it from the HTTP cache
the page has just filled instead of downloading it a second time (Workbox fetches
every entry that carries a revision past that cache), and a new deploy can never mix
an old file with a new page. scripts/build.py calls `address_content` once every file
is final, then rewrites the few places that name them.

What gets such a name:
  static/vendor/pyodide/        the Python runtime (Pyodide's wasm, its JavaScript,
                                our trimmed standard library): the folder moves to
                                static/vendor/pyodide/<10 hex digits>/, because
                                Pyodide finds its files by their own names in one
                                folder;
  src/ludeum.zip                the engine archive: src/ludeum.<10 hex digits>.zip.
Already content-addressed: PyScript's chunks (name-<8 characters>.js, made by its
bundler), the Python snapshot (python-<16 hex digits>.snapshot) and the translation
catalogs (static/locale/<code>.<10 hex digits>.mo, named when published).

`CONTENT_ADDRESSED` matches the URL path of every such file, under any sub-path; the
service worker, the Caddyfile, the tests' server and docs/deploying.md all follow it
(scripts/hosting.py): such files are served `Cache-Control: public, max-age=31536000,
immutable`, everything else `no-cache`.
"""

from __future__ import annotations

import hashlib
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

RUNTIME_DIR = "static/vendor/pyodide"
ENGINE_ARCHIVE = "src/ludeum.zip"
DIGEST_LENGTH = 10

#: URL paths whose name changes whenever their content does: the Pyodide runtime's
#: folder, the engine archive and the translation catalogs (a digest of their content
#: in the name), the Python snapshot (a digest of the engine and Pyodide it was made
#: from) and PyScript's bundler chunks (name-HASH.js). Matched at the end of the path,
#: so the site works under any sub-path. Written in the syntax that Python's `re`,
#: JavaScript's RegExp and Go's RE2 (Caddy's path_regexp) share: no look-around, no
#: back-references.
CONTENT_ADDRESSED = (
    r"(?:/static/vendor/pyodide/[0-9a-f]{10}/[^/]+"
    r"|/src/ludeum\.[0-9a-f]{10}\.zip"
    r"|/static/snapshot/python-[0-9a-f]{16}(?:-without-jspi)?\.snapshot"
    r"|/static/vendor/pyscript/[^/]+-[A-Za-z0-9_-]{8}\.js"
    r"|/static/locale/[a-z]{2,3}\.[0-9a-f]{10}\.mo)$"
)
_CONTENT_ADDRESSED = re.compile(CONTENT_ADDRESSED)


def names_its_content(path: str) -> bool:
    """Whether a URL path ("/static/...") or a path inside dist/ ("static/...") is
    one whose name says its content."""
    return _CONTENT_ADDRESSED.search("/" + path.lstrip("/")) is not None


class AddressingError(Exception):
    pass


@dataclass(frozen=True)
class Addressed:
    """Where the content-addressed files went, as paths relative to dist/."""

    runtime: str  # static/vendor/pyodide/<digest>
    engine: str  # src/ludeum.<digest>.zip


def digest(files: list[Path], root: Path) -> str:
    """The first DIGEST_LENGTH hex digits of a SHA-256 over the files' paths (relative
    to ``root``) and bytes, in path order."""
    hashed = hashlib.sha256()
    for path in sorted(files, key=lambda p: p.relative_to(root).as_posix()):
        name = path.relative_to(root).as_posix().encode()
        data = path.read_bytes()
        hashed.update(len(name).to_bytes(4, "big") + name)
        hashed.update(len(data).to_bytes(8, "big") + data)
    return hashed.hexdigest()[:DIGEST_LENGTH]


def address_content(dist: Path) -> Addressed:
    """Move the runtime folder and the engine archive under their content's names."""
    runtime = dist / RUNTIME_DIR
    files = [p for p in runtime.iterdir() if p.is_file()] if runtime.is_dir() else []
    if not files:
        raise AddressingError(f"{RUNTIME_DIR}/ holds no file to address")
    if any(p.is_dir() for p in runtime.iterdir()):
        raise AddressingError(f"{RUNTIME_DIR}/ holds a folder: already addressed?")
    runtime_name = f"{RUNTIME_DIR}/{digest(files, runtime)}"
    staging = runtime.with_name(runtime.name + ".addressing")
    runtime.rename(staging)
    (dist / runtime_name).parent.mkdir(parents=True, exist_ok=True)
    shutil.move(str(staging), str(dist / runtime_name))

    engine = dist / ENGINE_ARCHIVE
    if not engine.is_file():
        raise AddressingError(f"{ENGINE_ARCHIVE} is missing")
    engine_name = ENGINE_ARCHIVE.replace(".zip", f".{digest([engine], engine.parent)}.zip")
    engine.rename(dist / engine_name)
    return Addressed(runtime=runtime_name, engine=engine_name)


def rewrite(path: Path, replacements: dict[str, str]) -> None:
    """Replace each key of ``replacements`` in the file by its value; each must occur
    exactly once, so that a changed source fails the build instead of shipping a page
    that asks for a file that is not there."""
    text = path.read_text(encoding="utf-8")
    for old, new in replacements.items():
        found = text.count(old)
        if found != 1:
            raise AddressingError(f"{path.name}: expected {old!r} once, found it {found} times")
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
