"""Names that say their content, for every file of dist/ but the page and the
service worker (stdlib only).

A file whose URL changes whenever its bytes change can be cached for ever: a browser
never asks for it again, the service worker's precache takes it from the HTTP cache
the page has just filled instead of downloading it a second time (Workbox fetches
every entry that carries a revision past that cache), and a new deploy can never mix
an old file with a new page, even for a visitor whom no service worker serves (plain
HTTP, a frame whose storage is blocked): the new index.html names only new files.
scripts/build.py names each file once it is final, leaves first (a file is named only
after every file it names), and rewrites the places that name it.

What gets such a name:
  static/vendor/pyodide/, static/vendor/pyscript/
                                the Python runtime (Pyodide's wasm, its JavaScript,
                                our trimmed standard library) and PyScript: each
                                folder moves to <folder>/<10 hex digits>/, because
                                their files find each other by their own names;
  every other file              name.<10 hex digits>.ext beside where it was: the
                                engine archive, the stylesheet, the scripts, the
                                icons, the manifest, pyscript.toml, main.py, the
                                translation catalogs, a site's logo;
  not index.html and sw.js      the two addresses a visitor and a browser know.
Named by the build's other steps: the Python snapshot (python-<16 hex digits>.snapshot,
a digest of the engine and Pyodide it was made from).

`CONTENT_ADDRESSED` matches the URL path of every such file, under any sub-path; the
service worker, the Caddyfile, deploy/nginx, the tests' server and docs/deploying.md
all follow it (scripts/hosting.py): such files are served `Cache-Control: public,
max-age=31536000, immutable`, everything else `no-cache`.
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

#: URL paths whose name changes whenever their content does: the two runtime folders,
#: every name.<digest>.ext, the Python snapshot. Matched at the end of the path, so
#: the site works under any sub-path. Written in the syntax that Python's `re`,
#: JavaScript's RegExp, Go's RE2 (Caddy's path_regexp) and PCRE (nginx) share: no
#: look-around, no back-references.
CONTENT_ADDRESSED = (
    r"(?:/static/vendor/(?:pyodide|pyscript)/[0-9a-f]{10}/[^/]+"
    r"|/[^/]+\.[0-9a-f]{10}\.[A-Za-z0-9]+"
    r"|/static/snapshot/python-[0-9a-f]{16}(?:-without-jspi)?\.snapshot)$"
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


def name_folder(dist: Path, folder: str) -> str:
    """Move ``folder`` (a path under dist/ holding files only) to
    ``folder/<digest of its files>``; the new path, relative to dist/."""
    place = dist / folder
    files = [p for p in place.iterdir() if p.is_file()] if place.is_dir() else []
    if not files:
        raise AddressingError(f"{folder}/ holds no file to address")
    if any(p.is_dir() for p in place.iterdir()):
        raise AddressingError(f"{folder}/ holds a folder: already addressed?")
    named = f"{folder}/{digest(files, place)}"
    staging = place.with_name(place.name + ".addressing")
    place.rename(staging)
    (dist / named).parent.mkdir(parents=True, exist_ok=True)
    shutil.move(str(staging), str(dist / named))
    return named


def name_file(dist: Path, path: str) -> str:
    """Rename dist/``path`` to ``stem.<digest>.suffix`` beside it; the new path,
    relative to dist/."""
    source = dist / path
    if not source.is_file():
        raise AddressingError(f"{path} is missing")
    if names_its_content(path):
        raise AddressingError(f"{path} already names its content")
    named = source.with_name(f"{source.stem}.{digest([source], source.parent)}{source.suffix}")
    source.rename(named)
    return named.relative_to(dist).as_posix()


def built(dist: Path, path: str) -> str:
    """Where the build put the source path ``path`` in ``dist``: a file's named copy
    (static/app.css: static/app.<digest>.css), a folder's one named folder
    (static/vendor/pyscript: static/vendor/pyscript/<digest>), or the path itself
    when it kept its name (index.html, sw.js). For the tests and the benchmarks."""
    place = dist / path
    if place.is_dir():
        inside = [p for p in place.iterdir() if re.fullmatch(r"[0-9a-f]{10}", p.name)]
        if len(inside) == 1 and inside[0].is_dir():
            return inside[0].relative_to(dist).as_posix()
        raise AddressingError(f"{path}/ holds no one folder named by its content")
    if place.is_file():
        return path
    stem, suffix = re.escape(place.stem), re.escape(place.suffix)
    named = re.compile(rf"{stem}\.[0-9a-f]{{{DIGEST_LENGTH}}}{suffix}")
    found = [p for p in place.parent.glob("*") if named.fullmatch(p.name) and p.is_file()]
    if len(found) != 1:
        raise AddressingError(f"{path}: {len(found)} named copies in {dist}")
    return found[0].relative_to(dist).as_posix()


def address_content(dist: Path) -> Addressed:
    """Move the runtime folder and the engine archive under their content's names."""
    runtime_name = name_folder(dist, RUNTIME_DIR)
    if not (dist / ENGINE_ARCHIVE).is_file():
        raise AddressingError(f"{ENGINE_ARCHIVE} is missing")
    return Addressed(runtime=runtime_name, engine=name_file(dist, ENGINE_ARCHIVE))


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
