"""The built site's trimmed standard library holds every module the app imports, and
what those import when loaded; the rest waits in its own zip, never precached."""

from __future__ import annotations

import ast
import codecs
import re
import zipfile
from pathlib import Path

import pytest
from harness import READY_TIMEOUT_MS, STDLIB_ESCAPE, SiteServer, built
from playwright.sync_api import BrowserContext

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
PYSCRIPT = ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib" / "pyscript"
WHOLE = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"


def runtime(dist_dir: Path) -> Path:
    """static/vendor/pyodide/<digest>/: the build names the folder by its content."""
    (folder,) = (p for p in (dist_dir / "static" / "vendor" / "pyodide").iterdir() if p.is_dir())
    return folder


#: The command line is for terminals, the research adapters and the studies' workers
#: for researchers' Pythons (issue 54): their imports are not the page's
#: (scripts/pack-engine.mjs and scripts/trace-stdlib.mjs leave them out alike).
TERMINAL_ONLY = (SRC / "ludeum" / "cli", SRC / "ludeum" / "__main__.py",
                 SRC / "ludeum" / "adapters", SRC / "ludeum" / "spread.py")  # fmt: skip


def module_files(names: set[str]) -> dict[str, str]:
    """Dotted module name -> its file in a stdlib zip."""
    found = {}
    for name in names:
        if name.endswith("/__init__.py"):
            found[name.removesuffix("/__init__.py").replace("/", ".")] = name
        elif name.endswith(".py"):
            found[name.removesuffix(".py").replace("/", ".")] = name
    return found


def imported(tree: ast.AST) -> set[str]:
    """Absolute imports named anywhere in ``tree``, inside functions too."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


#: An import a module runs as it loads: a statement at the start of a line (column 0).
#: Read as text, because CPython 3.11 cannot parse the browser's 3.14 sources.
LOAD_IMPORT = re.compile(
    r"^(?:import ([\w.]+(?:\s*,\s*[\w.]+)*)|from ([\w.]+) import\b)", re.MULTILINE
)


def imported_on_load(source: str) -> set[str]:
    names = set()
    for plain, origin in LOAD_IMPORT.findall(source):
        names.update(n.strip() for n in plain.split(",") if n.strip())
        if origin:
            names.add(origin)
    return names


def codecs_named(tree: ast.AST) -> set[str]:
    """Modules of the codecs named in text.encode("utf-16-le"), encoding="...": a codec
    is imported (encodings.utf_16_le) when it is first looked up."""
    names = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        texts = [k.value for k in node.keywords if k.arg == "encoding"]
        if isinstance(node.func, ast.Attribute) and node.func.attr in ("encode", "decode"):
            texts += node.args[:1]
        for text in texts:
            if isinstance(text, ast.Constant) and isinstance(text.value, str):
                try:
                    names.add(codecs.lookup(text.value).incrementalencoder.__module__)
                except LookupError:
                    pass
    return names


def app_sources() -> list[Path]:
    files = [*SRC.rglob("*.py"), *PYSCRIPT.rglob("*.py")]
    return [p for p in files if not any(p.is_relative_to(t) for t in TERMINAL_ONLY)]


def test_every_stdlib_module_the_app_imports_is_in_the_trimmed_zip(dist_dir: Path) -> None:
    with (
        zipfile.ZipFile(WHOLE) as whole,
        zipfile.ZipFile(runtime(dist_dir) / "python_stdlib.zip") as trimmed,
    ):
        stdlib = module_files(set(whole.namelist()))
        kept = module_files(set(trimmed.namelist()))
        # Stored: the server compresses the whole file (docs/performance.md).
        assert {info.compress_type for info in trimmed.infolist()} == {zipfile.ZIP_STORED}
        wanted = set()
        for path in app_sources():
            tree = ast.parse(path.read_text(encoding="utf-8"))
            wanted |= imported(tree) | codecs_named(tree)
        # gettext (French only, imported inside a function) and json are the app's own;
        # UTF-16 counts a text's length as JavaScript does (src/web/welcome.py).
        assert {"gettext", "json", "encodings.utf_16_le"} <= wanted
        missing = sorted(n for n in wanted if n in stdlib and n not in kept)
        assert not missing, f"imported by the app, not in the trimmed stdlib: {missing}"
        # The import-time closure: what each kept module imports as it loads.
        for name, file in sorted(kept.items()):
            if name == "_ludeum_stdlib_rest":
                continue
            source = trimmed.read(file).decode("utf-8")
            needs = sorted(n for n in imported_on_load(source) if n in stdlib and n not in kept)
            assert not needs, f"{name} imports {needs} when loaded: not in the trimmed stdlib"


def test_the_rest_of_the_stdlib_is_beside_it_and_never_precached(dist_dir: Path) -> None:
    with zipfile.ZipFile(WHOLE) as whole:
        everything = set(whole.namelist())
    with zipfile.ZipFile(runtime(dist_dir) / "python_stdlib.zip") as trimmed:
        kept = set(trimmed.namelist())
        finder = trimmed.read("_ludeum_stdlib_rest.py").decode()
    with zipfile.ZipFile(runtime(dist_dir) / "python_stdlib_rest.zip") as rest:
        others = set(rest.namelist())
    assert "email/__init__.py" in others and "email/__init__.py" not in kept
    assert (kept - {"_ludeum_stdlib_rest.py"}) | others == everything
    assert not kept & others
    # The finder knows the rest's modules by name, so only those are ever fetched for.
    rest_modules = set(module_files(others))
    listed = re.search(r"^REST_MODULES = frozenset\((\[.*\])\)$", finder, re.MULTILINE)
    assert listed and set(ast.literal_eval(listed.group(1))) == rest_modules
    service_worker = (dist_dir / "sw.js").read_text(encoding="utf-8")
    assert "python_stdlib.zip" in service_worker
    assert not [u for u in re.findall(r'url:"([^"]+)"', service_worker) if "stdlib_rest" in u]


# A page of the site's origin that starts Python as the app does (the page's
# loadPyodide, static/python-snapshot.mjs) and imports what the trimmed zip lacks.
PROBE_PAGE = """<!doctype html><meta charset="utf-8"><script type="module">
import { loadPyodide } from './LOADER';
const pyodide = await loadPyodide();
window.probe = pyodide.runPython(`
try:
    import no_such_module_anywhere
except ModuleNotFoundError:
    pass
import email.message
import email.utils
message = email.message.Message()
message["Subject"] = "Senet"
message["Subject"]
`);
</script>"""


# A plain interpreter's imports are the subject: no snapshot.
@pytest.mark.cold_boot
def test_a_module_outside_the_trace_is_fetched_once_and_named(
    context: BrowserContext, site_server: SiteServer
) -> None:
    probe_url = site_server.url.rstrip("/") + "/stdlib-probe.html"
    context.route(
        probe_url,
        lambda route: route.fulfill(
            body=PROBE_PAGE.replace("LOADER", built("static/python-snapshot.mjs")),
            content_type="text/html",
        ),
    )
    warnings: list[str] = []
    fetched: list[str] = []
    context.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    context.on("request", lambda r: fetched.append(r.url) if "python_stdlib" in r.url else None)
    page = context.new_page()
    page.goto(probe_url)
    page.wait_for_function("() => window.probe !== undefined", timeout=READY_TIMEOUT_MS)
    assert page.evaluate("window.probe") == "Senet"
    escaped = [
        w.split(STDLIB_ESCAPE)[1].lstrip(": ").split()[0].rstrip(",")
        for w in warnings
        if STDLIB_ESCAPE in w
    ]
    # email is named; its own submodules came with it (what they import from the rest
    # is named too); the name nowhere to be found cost nothing.
    assert "email" in escaped and not [n for n in escaped if n.startswith("email.")], warnings
    rest = [url for url in fetched if "python_stdlib_rest.zip?v=" in url]
    assert len(rest) == 1, fetched
