#!/usr/bin/env python3
"""Build the deployable site into dist/ (stdlib only).

    python3 scripts/build.py

Steps:
  1. `npm ci` if node_modules is missing or older than package-lock.json.
  2. Recreate dist/ as a mirror of the site layout: index.html (with the start
     position prerendered into it), pyscript.toml, src/**/*.py and static/**
     (except static/vendor, which is generated, and the scripts in <head>, joined
     into static/head.js: HEAD_SCRIPTS).
  3. Vendor the runtime from node_modules:
       dist/static/vendor/pyscript/  PyScript's *.js / *.css chunks, without the
                                     codemirror*/xterm* chunks (editor/terminal
                                     only) and chunks only they import;
       dist/static/vendor/pyodide/   the files a stdlib-only Pyodide needs, and a
                                     lock file that lists no package.
  4. Check the result: every static import between kept chunks resolves, and
     every path pyscript.toml names exists in dist/.
  5. Bundle npm's fake-indexeddb into dist/static/vendor/fake-indexeddb.js, the
     in-memory IndexedDB that static/storage-guard.js loads only where a browser
     blocks storage (scripts/bundle-fake-indexeddb.mjs).
  6. Make the Python memory snapshot the page and the computer's worker boot from,
     in headless Chromium (scripts/make-snapshot.mjs), into
     dist/static/snapshot/python-<id>.snapshot, and write its name and header into
     dist/static/python-snapshot.mjs. Skipped, with a warning, where no Chromium is
     installed: every boot is then a plain one. Then the same for engines without
     JavaScript Promise Integration (Safari), made in WebKitGTK's MiniBrowser under
     Xvfb into python-<id>-without-jspi.snapshot; skipped, with a note, where they
     are not installed (scripts/serve.sh installs only Chromium; scripts/test.sh,
     which CI runs, installs them).
  7. Generate the precaching service worker dist/sw.js (scripts/service-worker.mjs).
  8. Pack dist/ into build/ludeum-site.zip, the deployable bundle: one folder,
     ludeum/, to unpack on any static server (docs/deploying.md).

Every URL in dist/ is relative, so dist/ can be served under any sub-path.
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
import zipfile
from pathlib import Path

# Beside this file; tests load this module by its path, without scripts/ on sys.path.
sys.path.insert(0, str(Path(__file__).resolve().parent))
from addressing import Addressed, AddressingError, address_content, rewrite  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
# Outside dist/, so the service worker never precaches the bundle of itself.
BUNDLE = ROOT / "build" / "ludeum-site.zip"
BUNDLE_FOLDER = "ludeum"
# The earliest time a zip entry can hold: every build of the same dist/ gives the
# same bytes, whatever the files' modification times.
BUNDLE_TIMESTAMP = (1980, 1, 1, 0, 0, 0)
NODE_MODULES = ROOT / "node_modules"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
PYODIDE_DIR = NODE_MODULES / "pyodide"

# Optional PyScript features we do not ship: the py-editor (codemirror) and the
# py-terminal (xterm). Core only reaches them through dynamic import() when a page
# uses those features. Names are content-hashed, so match by pattern.
DROPPED_PYSCRIPT = ("codemirror*", "xterm*")
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
)
# Pyodide's list of its packages (114 KB), which a stdlib-only app never reads: dist/
# gets one that lists none (empty_lock_file), for whatever loads Pyodide directly (the
# snapshot's maker, the boot benchmark's bare page), and our loader is given the same
# inline, so the page never fetches it.
PYODIDE_LOCK = "pyodide-lock.json"
# Documentation links inside Workbox's warning messages (text, never fetched).
SW_DOC_LINKS = {"https://bit.ly/wb-precache"}
# A bundler chunk: name-HASH.js (e.g. core-C9KDLldu.js). Other files are entry points.
HASHED_CHUNK = re.compile(r"^.+-[A-Za-z0-9_-]{8}\.js$")
STATIC_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*["'](\./[^"']+)["']""")
DYNAMIC_IMPORT = re.compile(r"""\bimport\(\s*["'](\./[^"']+)["']\s*\)""")


class BuildError(Exception):
    pass


def log(msg: str) -> None:
    print(f"build: {msg}", flush=True)


def run(cmd: list[str]) -> None:
    log("$ " + " ".join(cmd))
    try:
        subprocess.run(cmd, cwd=ROOT, check=True)
    except FileNotFoundError as exc:
        raise BuildError(f"{cmd[0]} not found: install Node.js 20+ with npm") from exc
    except subprocess.CalledProcessError as exc:
        raise BuildError(f"command failed with exit code {exc.returncode}") from exc


def ensure_node_modules() -> None:
    """Run `npm ci` unless node_modules matches package-lock.json already."""
    lock = ROOT / "package-lock.json"
    # npm writes node_modules/.package-lock.json at the end of every install.
    stamp = NODE_MODULES / ".package-lock.json"
    if stamp.exists() and stamp.stat().st_mtime >= lock.stat().st_mtime:
        return
    run(["npm", "ci", "--no-audit", "--no-fund"])
    stamp.touch()


def copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dst)


BOARD_MARKER = "<!-- prerendered-board -->"


def prerender_board() -> str:
    """The start position drawn by the same pure view the app uses, so a board is on
    screen at the first paint while Python boots in the browser."""
    sys.path.insert(0, str(ROOT / "src"))
    try:
        from ludeum.senet import new_game
        from ludeum.senet.svg import board_svg
    finally:
        sys.path.pop(0)
    return board_svg(new_game())


WELCOME_MARKER = "<!-- prerendered-welcome -->"


def prerender_welcome() -> str:
    """The welcome screen (ludeum/welcome.py) as the app draws it, in English: on
    screen at the first paint, before Python."""
    sys.path.insert(0, str(ROOT / "src"))
    try:
        from ludeum.welcome import welcome_html
    finally:
        sys.path.pop(0)
    return welcome_html()


def welcome_words() -> tuple[str, dict[str, str]]:
    """The welcome screen in the current language, for page_text.prerendered: its
    markup with empty picture slots, and the pictures by game."""
    sys.path.insert(0, str(ROOT / "src"))
    try:
        from ludeum.welcome import CARDS, start_picture, welcome_html
    finally:
        sys.path.pop(0)
    return welcome_html(pictures=False), {game: start_picture(game) for game, *_rest in CARDS}


PAGE_TEXT_MARKER = "<!-- prerendered-page-text -->"


def page_text_table() -> dict[str, str]:
    """src/web/page.py's PAGE_TEXT (element id -> English message), read without
    importing the browser module, which needs pyscript."""
    import ast

    tree = ast.parse((ROOT / "src" / "web" / "page.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "PAGE_TEXT":
            return {
                key.value: call.args[0].value
                for key, call in zip(node.value.keys, node.value.values, strict=True)
            }
    raise BuildError("src/web/page.py has no PAGE_TEXT table")


def page_text_json() -> str:
    """The page's words in every language (``ludeum.page_text.prerendered``), as JSON
    safe inside a <script> element: no "<" at all, so no "</script>" or "<!--"."""
    sys.path.insert(0, str(ROOT / "src"))
    try:
        from ludeum.page_text import PageTextError, prerendered
    finally:
        sys.path.pop(0)
    try:
        # The same start board as the page's (prerender_board), drawn per language.
        table = prerendered(page_text_table(), prerender_board, welcome_words)
    except PageTextError as exc:
        raise BuildError(str(exc)) from exc
    text = json.dumps(table, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return text.replace("<", "\\u003c")


def prerender_page_text(index: Path) -> None:
    """Put the page's words in every language into the built page, as a JSON data
    block (not run, so the CSP allows it) that static/page-language.js reads to show
    the visitor's language while Python loads (docs/translating.md)."""
    page = index.read_text(encoding="utf-8")
    if page.count(PAGE_TEXT_MARKER) != 1:
        raise BuildError(f"index.html must hold {PAGE_TEXT_MARKER} exactly once")
    block = f'<script type="application/json" id="page-text">{page_text_json()}</script>'
    index.write_text(page.replace(PAGE_TEXT_MARKER, block), "utf-8")


#: The page's classic scripts in <head>, in their order: each blocks the first paint
#: until it is fetched and run, so the build joins them into one file (one request
#: instead of four: about 35 ms of a cold first contentful paint here,
#: docs/performance.md). Each is a self-contained function expression.
HEAD_SCRIPTS = ("storage-guard", "welcome", "boot-watch", "boot")
HEAD_BUNDLE = "static/head.js"


def join_head_scripts(page: str) -> str:
    """``page`` with its head scripts' tags replaced by one tag for HEAD_BUNDLE, which
    is written into dist/ (the scripts themselves are not copied)."""
    parts = []
    for name in HEAD_SCRIPTS:
        tag = f'<script src="static/{name}.js"></script>'
        if page.count(tag) != 1:
            raise BuildError(f"index.html must hold {tag} exactly once")
        page = page.replace(tag, f'<script src="{HEAD_BUNDLE}"></script>' if not parts else "")
        text = (ROOT / "static" / f"{name}.js").read_text(encoding="utf-8")
        parts.append(f"// ---- static/{name}.js\n{text.rstrip()}\n;\n")
    sources = ", ".join(f"static/{name}.js" for name in HEAD_SCRIPTS)
    header = f"// Built by scripts/build.py from {sources}: edit those.\n"
    (DIST / HEAD_BUNDLE).parent.mkdir(parents=True, exist_ok=True)
    (DIST / HEAD_BUNDLE).write_text(header + "".join(parts), "utf-8")
    return page


def copy_site() -> None:
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    if page.count(BOARD_MARKER) != 1:
        raise BuildError(f"index.html must hold {BOARD_MARKER} exactly once")
    (DIST / "index.html").parent.mkdir(parents=True, exist_ok=True)
    if page.count(WELCOME_MARKER) != 1:
        raise BuildError(f"index.html must hold {WELCOME_MARKER} exactly once")
    page = page.replace(BOARD_MARKER, prerender_board())
    page = page.replace(WELCOME_MARKER, prerender_welcome())
    page = join_head_scripts(page)
    (DIST / "index.html").write_text(page, "utf-8")
    prerender_page_text(DIST / "index.html")
    copy(ROOT / "pyscript.toml", DIST / "pyscript.toml")
    copy(ROOT / "src" / "web" / "main.py", DIST / "src" / "web" / "main.py")
    pack_engine()
    static = ROOT / "static"
    for src in sorted(static.rglob("*")):
        rel = src.relative_to(ROOT)
        joined = rel.parent == Path("static") and rel.suffix == ".js" and rel.stem in HEAD_SCRIPTS
        if src.is_file() and rel.parts[:2] != ("static", "vendor") and not joined:
            copy(src, DIST / rel)


ENGINE_ARCHIVE = "src/ludeum.zip"


def pack_engine() -> None:
    """The whole ``ludeum`` package and the glue's ``web`` package (all but main.py,
    the page's entry point) as one zip, which PyScript unpacks into the interpreter's
    file system: one request instead of one per module, and bytecode
    compiled ahead of time by the shipped Pyodide (scripts/pack-engine.mjs). The
    compiled translation catalogs (locale/**/*.mo) travel in it too, never their
    .po/.pot sources."""
    archive = DIST / ENGINE_ARCHIVE
    archive.parent.mkdir(parents=True, exist_ok=True)
    run(["node", "scripts/pack-engine.mjs", str(ROOT / "src"), str(archive)])
    with zipfile.ZipFile(archive) as bundle:
        names = set(bundle.namelist())
    engine = ROOT / "src" / "ludeum"
    glue = [p for p in (ROOT / "src" / "web").glob("*.py") if p.name != "main.py"]
    # The command line (ludeum/cli, ludeum/__main__.py) is for terminals: left out.
    terminal = [*(engine / "cli").rglob("*.py"), engine / "__main__.py"]
    modules = [p for p in engine.rglob("*.py") if p not in terminal]
    expected = [*modules, *glue, *(engine / "locale").rglob("*.mo")]
    if not any(src.suffix == ".mo" for src in expected):
        raise BuildError(f"no translation catalog (*.mo) under {engine / 'locale'}")
    for src in expected:
        if src.relative_to(ROOT / "src").as_posix() not in names:
            raise BuildError(f"{src} is missing from {ENGINE_ARCHIVE}")
    sources = sorted(n for n in names if n.endswith((".po", ".pot")))
    if sources:
        raise BuildError(f"{ENGINE_ARCHIVE} holds catalog sources: {sources}")


def imports(path: Path) -> tuple[set[str], set[str]]:
    """Relative (static, dynamic) imports of a JS chunk, as sibling file names."""
    text = path.read_text(encoding="utf-8")

    def names(pattern: re.Pattern[str]) -> set[str]:
        return {m.group(1)[2:] for m in pattern.finditer(text)}

    return names(STATIC_IMPORT), names(DYNAMIC_IMPORT)


def vendor_pyscript() -> list[str]:
    """Copy PyScript's chunks; return notes on the optional features left out."""
    if not PYSCRIPT_DIST.is_dir():
        raise BuildError(f"{PYSCRIPT_DIST} missing: run npm ci")
    files = sorted(p.name for p in PYSCRIPT_DIST.iterdir() if p.suffix in (".js", ".css"))
    dropped = {n for n in files if any(fnmatch.fnmatch(n, pat) for pat in DROPPED_PYSCRIPT)}
    kept = [n for n in files if n not in dropped]
    graph = {n: imports(PYSCRIPT_DIST / n) for n in files if n.endswith(".js")}

    # Hashed chunks that no kept file imports any more (e.g. a codemirror helper
    # chunk) would only be dead weight in the precache: drop them too.
    changed = True
    while changed:
        changed = False
        for name in list(kept):
            if not HASHED_CHUNK.match(name):
                continue
            importers = [k for k in kept if name in set().union(*graph.get(k, (set(), set())))]
            if not importers:
                kept.remove(name)
                dropped.add(name)
                changed = True

    notes = []
    for name in kept:
        static, dynamic = graph.get(name, (set(), set()))
        missing_static = sorted(static - set(kept))
        if missing_static:
            raise BuildError(f"{name} statically imports dropped/missing {missing_static}")
        missing_dynamic = sorted((dynamic & dropped) | (dynamic - set(files)))
        if missing_dynamic:
            notes.append(f"{name} lazily imports dropped {', '.join(missing_dynamic)}")
    for name in ("core.js", "core.css"):
        if name not in kept:
            raise BuildError(f"@pyscript/core has no dist/{name}")

    out = DIST / "static" / "vendor" / "pyscript"
    for name in kept:
        copy(PYSCRIPT_DIST / name, out / name)
    log(f"pyscript: kept {len(kept)} files, dropped {len(dropped)}: {', '.join(sorted(dropped))}")
    return notes


def vendor_pyodide() -> None:
    out = DIST / "static" / "vendor" / "pyodide"
    for name in PYODIDE_FILES:
        src = PYODIDE_DIR / name
        if not src.is_file():
            raise BuildError(f"{src} missing: is npm pyodide pinned to the version PyScript uses?")
        copy(src, out / name)
    loader = DIST / SNAPSHOT_LOADER
    text = loader.read_text(encoding="utf-8")
    if text.count(LOCK_MARKER) != 1:
        raise BuildError(f"{SNAPSHOT_LOADER} must hold {LOCK_MARKER!r} exactly once")
    lock = json.dumps(empty_lock_file(), sort_keys=True)
    loader.write_text(text.replace(LOCK_MARKER, lock), "utf-8")
    (out / PYODIDE_LOCK).write_text(lock, "utf-8")


LOCK_MARKER = "/* build: lock */ null"


def empty_lock_file() -> dict:
    """Pyodide's lock file without its packages: what the loader is given as
    ``lockFileContents`` instead of fetching 114 KB it would never read (the app
    loads no package; pyscript.toml asks for none, tests/unit/test_site.py)."""
    lock = json.loads((PYODIDE_DIR / PYODIDE_LOCK).read_text(encoding="utf-8"))
    return {"info": lock["info"], "packages": {}}


STORAGE_STAND_IN = "static/vendor/fake-indexeddb.js"


def bundle_storage_stand_in() -> None:
    target = DIST / STORAGE_STAND_IN
    target.parent.mkdir(parents=True, exist_ok=True)
    run(["node", "scripts/bundle-fake-indexeddb.mjs", str(target)])
    if "indexedDB" not in target.read_text(encoding="utf-8"):
        raise BuildError(f"{STORAGE_STAND_IN} does not define indexedDB")


def check_config() -> None:
    """Every path pyscript.toml names must exist in dist/ (a 404 breaks boot)."""
    config = tomllib.loads((DIST / "pyscript.toml").read_text(encoding="utf-8"))
    # Both resolve against the page URL; index.html and pyscript.toml sit side by side.
    interpreter = config.get("interpreter")
    if interpreter and not (DIST / interpreter).is_file():
        raise BuildError(f"pyscript.toml interpreter {interpreter!r} is not in dist/")
    # The engine is unpacked by our loader (static/python-snapshot.mjs), which starts
    # its download early; [files] would fetch it only once Python has started.
    if config.get("files"):
        raise BuildError("pyscript.toml has [files]: the loader unpacks the engine")
    loader = (DIST / SNAPSHOT_LOADER).read_text(encoding="utf-8")
    named = re.findall(r"'\.\./(src/ludeum[^']*\.zip)'", loader)
    if len(named) != 1 or not ENGINE_NAME.match(named[0]):
        raise BuildError(f"{SNAPSHOT_LOADER} must name the engine archive once: {named}")
    if not (DIST / named[0]).is_file():
        raise BuildError(f"{SNAPSHOT_LOADER} names {named[0]}, which is not in dist/")


ENGINE_NAME = re.compile(r"^src/ludeum(\.[0-9a-f]{10})?\.zip$")


def generate_service_worker() -> None:
    run(["node", "scripts/service-worker.mjs", str(DIST)])
    text = (DIST / "sw.js").read_text(encoding="utf-8")
    if "importScripts" in text:
        raise BuildError("sw.js loads scripts (importScripts): the Workbox runtime must be inlined")
    # The only URL Workbox's runtime contains is a documentation link inside a
    # console warning text (for precache entries without a revision; ours all
    # have one). Anything else could be a fetch from another host: refuse it.
    urls = set(re.findall(r"https?://[^\s\"'`)]+", text)) - SW_DOC_LINKS
    if urls:
        raise BuildError(f"sw.js references other hosts: {sorted(urls)}")


SNAPSHOT_LOADER = "static/python-snapshot.mjs"
SNAPSHOT_MARKER = "/* build: snapshot */ null"
SNAPSHOT_DIR = "static/snapshot"
SNAPSHOT_MAGIC = b"ludeum-python-snapshot 1 "


def chromium() -> str | None:
    path = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    return path if os.access(path, os.X_OK) else None


def engine_id() -> str:
    """Names one engine on one Pyodide: a snapshot is only good for both together."""
    digest = hashlib.sha256((DIST / ENGINE_ARCHIVE).read_bytes())
    digest.update((PYODIDE_DIR / "package.json").read_bytes())
    return digest.hexdigest()[:16]


def boot_module_listing() -> Path:
    """build/boot-modules.json: the modules a snapshot imports (scripts/boot_modules.py)."""
    modules = subprocess.run(
        # -S: no site-packages, whose .pth files may import modules (random, say)
        # before the listing starts and so hide them from it.
        [sys.executable, "-S", "scripts/boot_modules.py", str(ROOT / "src")],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    listing = ROOT / "build" / "boot-modules.json"
    listing.parent.mkdir(parents=True, exist_ok=True)
    listing.write_text(modules, encoding="utf-8")
    return listing


def make_snapshot() -> None:
    """The interpreter, started and with the boot's imports done, as a gzipped file;
    static/python-snapshot.mjs learns its name and header."""
    loader = DIST / SNAPSHOT_LOADER
    text = loader.read_text(encoding="utf-8")
    if text.count(SNAPSHOT_MARKER) != 1:
        raise BuildError(f"{SNAPSHOT_LOADER} must hold {SNAPSHOT_MARKER!r} exactly once")
    if chromium() is None:
        log(
            "warning: no Chromium (/usr/bin/chromium or $CHROMIUM): "
            "no Python snapshot, every boot is plain"
        )
        return
    ident = engine_id()
    # Not ".gz": a server that sees that name may send Content-Encoding: gzip, and the
    # browser would then try to unpack the header line too. No server alters this name.
    target = DIST / SNAPSHOT_DIR / f"python-{ident}.snapshot"
    target.parent.mkdir(parents=True, exist_ok=True)
    listing = boot_module_listing()
    run(["node", "scripts/make-snapshot.mjs", str(DIST), str(listing), str(target), ident])
    with target.open("rb") as made:
        line = made.readline()
    if not line.startswith(SNAPSHOT_MAGIC):
        raise BuildError(f"{target} has no snapshot header")
    header = json.loads(line[len(SNAPSHOT_MAGIC) :])
    header["url"] = target.relative_to(DIST).as_posix()
    loader.write_text(text.replace(SNAPSHOT_MARKER, json.dumps(header, sort_keys=True)), "utf-8")


SNAPSHOT_WITHOUT_JSPI_MARKER = "/* build: snapshot without JSPI */ null"
XVFB = "/usr/bin/Xvfb"


def webkit_programs() -> tuple[str, str] | None:
    """WebKitGTK's MiniBrowser and its WebDriver, with Xvfb for a display (as
    tests/engines/webkit.py finds them), or None where one is missing."""
    found = sorted(Path("/usr/lib").glob("*/webkit2gtk-4.1/MiniBrowser"))
    browser = os.environ.get("LUDEUM_MINIBROWSER", str(found[0]) if found else "")
    driver = os.environ.get("LUDEUM_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
    if all(p and os.access(p, os.X_OK) for p in (browser, driver, XVFB)):
        return browser, driver
    return None


def make_snapshot_without_jspi() -> None:
    """The snapshot for engines without JavaScript Promise Integration (Safari), made
    in WebKitGTK: Pyodide's stack switching state and CPython's way of calling
    built-in functions, both kept in a snapshot's memory, must be the ones the
    visitor's engine picks (docs/performance.md). Optional: skipped, with a note,
    where WebKitGTK or Xvfb is missing (scripts/ensure-browsers.sh installs them)."""
    loader = DIST / SNAPSHOT_LOADER
    text = loader.read_text(encoding="utf-8")
    if text.count(SNAPSHOT_WITHOUT_JSPI_MARKER) != 1:
        raise BuildError(
            f"{SNAPSHOT_LOADER} must hold {SNAPSHOT_WITHOUT_JSPI_MARKER!r} exactly once"
        )
    programs = webkit_programs()
    if programs is None:
        log(
            "note: no WebKitGTK or Xvfb (scripts/ensure-browsers.sh): no snapshot for "
            "engines without JSPI, every boot in Safari is plain"
        )
        return
    ident = engine_id()
    target = DIST / SNAPSHOT_DIR / f"python-{ident}-without-jspi.snapshot"
    target.parent.mkdir(parents=True, exist_ok=True)
    browser, driver = programs
    os.environ["LUDEUM_WEBKIT_DRIVER"] = driver  # for make-snapshot.mjs
    run(["node", "scripts/make-snapshot.mjs", str(DIST), str(boot_module_listing()),
         str(target), ident, "webkit", browser])  # fmt: skip
    with target.open("rb") as made:
        line = made.readline()
    if not line.startswith(SNAPSHOT_MAGIC):
        raise BuildError(f"{target} has no snapshot header")
    header = json.loads(line[len(SNAPSHOT_MAGIC) :])
    # Made with JSPI, no engine without it could use it; with the wasm trampoline,
    # no iPhone or iPad (static/python-snapshot.mjs, trampolineDiffers).
    if header["jspi"] or header["trampoline"] != "js":
        raise BuildError(f"{target}: JSPI {header['jspi']}, {header['trampoline']} trampoline")
    header["url"] = target.relative_to(DIST).as_posix()
    loader.write_text(
        text.replace(SNAPSHOT_WITHOUT_JSPI_MARKER, json.dumps(header, sort_keys=True)), "utf-8"
    )


PRELOAD_MARKER = "<!-- preload-hints -->"


def address_files() -> None:
    """Give the runtime and the engine names that say their content
    (scripts/addressing.py), and rewrite the places that name them: the snapshot
    loader and the page's preload hints."""
    try:
        addressed = address_content(DIST)
        runtime = addressed.runtime.removeprefix("static/")  # as seen from static/
        rewrite(
            DIST / SNAPSHOT_LOADER,
            {
                "from './vendor/pyodide/pyodide.mjs'": f"from './{runtime}/pyodide.mjs'",
                "new URL('./vendor/pyodide/', import.meta.url)": (
                    f"new URL('./{runtime}/', import.meta.url)"
                ),
            },
        )
        rewrite(DIST / SNAPSHOT_LOADER, {f"'../{ENGINE_ARCHIVE}'": f"'../{addressed.engine}'"})
        rewrite(DIST / "index.html", {PRELOAD_MARKER: preload_hints(addressed)})
    except AddressingError as exc:
        raise BuildError(str(exc)) from exc
    check_config()
    log(f"content-addressed: {addressed.runtime}/, {addressed.engine}")


def preload_hints(addressed: Addressed) -> str:
    """<link> elements that start, while the page is parsed, every download the boot
    would otherwise find one step at a time (core.js, its chunk, pyscript.toml, our
    loader, Pyodide's loader, then the wasm: six round trips, over 3 s on a phone's
    network). Each is asked for exactly as the boot will ask (module scripts as
    modules; fetch() with its default CORS mode), so the boot takes the preloaded
    response and nothing downloads twice (tests/e2e/test_preload.py). The small
    files of the chain come first, the large ones after."""
    pyscript = DIST / "static" / "vendor" / "pyscript"
    core_chunks = sorted(imports(pyscript / "core.js")[0])
    modules = [
        *(f"static/vendor/pyscript/{name}" for name in core_chunks),
        SNAPSHOT_LOADER,
        "static/pyscript-without-eval.mjs",
        f"{addressed.runtime}/pyodide.mjs",
    ]
    # Not src/web/main.py: PyScript asks for it only once Python has started, which on
    # a slow device comes long after the page's load event, and a preload unused by
    # then is warned about in the console. The engine archive is fetched by our loader
    # as soon as it runs.
    fetched = [
        "pyscript.toml",
        f"{addressed.runtime}/pyodide.asm.wasm",
        f"{addressed.runtime}/python_stdlib.zip",
    ]
    large_modules = [f"{addressed.runtime}/pyodide.asm.mjs"]
    for path in [*modules, *fetched, *large_modules]:
        if not (DIST / path).is_file():
            raise BuildError(f"preload hint for {path}, which is not in dist/")
    links = [f'<link rel="modulepreload" href="{path}">' for path in modules]
    links += [f'<link rel="preload" href="{path}" as="fetch" crossorigin>' for path in fetched]
    links += [f'<link rel="modulepreload" href="{path}">' for path in large_modules]
    return "\n  ".join(links)


def write_bundle() -> None:
    """dist/ as one zip with a single top folder, entries sorted, times and
    permissions fixed, so the same site always gives the same bytes (the Python
    snapshot's content alone differs from build to build: docs/deploying.md)."""
    BUNDLE.parent.mkdir(parents=True, exist_ok=True)
    partial = BUNDLE.with_name(BUNDLE.name + ".part")
    files = sorted(p.relative_to(DIST).as_posix() for p in DIST.rglob("*") if p.is_file())
    with zipfile.ZipFile(partial, "w") as bundle:
        for name in files:
            entry = zipfile.ZipInfo(f"{BUNDLE_FOLDER}/{name}", BUNDLE_TIMESTAMP)
            entry.create_system = 3  # Unix, so the permission bits below are read
            entry.external_attr = 0o100644 << 16  # a regular file, rw-r--r--
            entry.compress_type = zipfile.ZIP_DEFLATED
            bundle.writestr(entry, (DIST / name).read_bytes(), compresslevel=9)
    # Replaced only when complete: a failed build never leaves a truncated zip.
    partial.replace(BUNDLE)
    size = BUNDLE.stat().st_size
    log(
        f"{BUNDLE.relative_to(ROOT)}: {len(files)} files in {BUNDLE_FOLDER}/, "
        f"{size:,} bytes ({size / 1e6:.1f} MB)"
    )


def summary(started: float, notes: list[str]) -> None:
    files = [p for p in DIST.rglob("*") if p.is_file()]
    total = sum(p.stat().st_size for p in files)
    for note in notes:
        log(f"note: {note} (unused feature)")
    log(
        f"dist/: {len(files)} files, {total:,} bytes ({total / 1e6:.1f} MB) "
        f"in {time.monotonic() - started:.1f} s"
    )


def main() -> int:
    started = time.monotonic()
    try:
        ensure_node_modules()
        if DIST.exists():
            shutil.rmtree(DIST)
        # A bundle left from an earlier build must not outlive a failed one.
        BUNDLE.unlink(missing_ok=True)
        copy_site()
        notes = vendor_pyscript()
        vendor_pyodide()
        bundle_storage_stand_in()
        check_config()
        make_snapshot()
        make_snapshot_without_jspi()
        address_files()
        generate_service_worker()
        write_bundle()
    except BuildError as exc:
        print(f"build: error: {exc}", file=sys.stderr)
        return 1
    summary(started, notes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
