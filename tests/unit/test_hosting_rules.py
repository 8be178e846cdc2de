"""scripts/hosting.py, the one statement of how a host serves dist/: which URLs are
content-addressed (kept a year), which files get precompressed side files, and the
Caddyfile made from it (tests/e2e/test_hosting.py runs that Caddyfile in Caddy)."""

from __future__ import annotations

import importlib.util
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def hosting():
    spec = importlib.util.spec_from_file_location("ludeum_hosting", ROOT / "scripts" / "hosting.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# Names whose content is in the name, at the root and under a sub-path.
CONTENT_ADDRESSED = [
    "/static/vendor/pyodide/0123456789/pyodide.asm.wasm",
    "/static/vendor/pyodide/abcdef0123/python_stdlib.zip",
    "/src/ludeum.0a1b2c3d4e.zip",
    "/static/snapshot/python-eb6970ef64fec494.snapshot",
    "/static/vendor/pyscript/0123456789/core-C9KDLldu.js",
    "/static/vendor/pyscript/0123456789/core.js",
    "/static/vendor/pyscript/0123456789/core.css",
    "/static/app.0123456789.css",
    "/static/head.0123456789.js",
    "/static/manifest.0123456789.webmanifest",
    "/static/icons/icon-192.0123456789.png",
    "/pyscript.0123456789.toml",
    "/src/web/main.0123456789.py",
    "/static/locale/de.0123456789.mo",
    "/exhibits/senet/static/vendor/pyodide/0123456789/pyodide.mjs",
    "/exhibits/senet/src/ludeum.0a1b2c3d4e.zip",
]
# Names that stay while their content changes, and near misses of the patterns.
REVALIDATED = [
    "/",
    "/index.html",
    "/sw.js",
    "/pyscript.toml",
    "/src/web/main.py",
    "/src/ludeum.zip",
    "/static/vendor/pyodide/pyodide.asm.wasm",
    "/static/vendor/pyodide/ABCDEF0123/pyodide.asm.wasm",
    "/static/vendor/pyodide/012345678/pyodide.asm.wasm",
    "/src/ludeum.0a1b2c3d4e.zip.bak",
    "/static/snapshot/python-eb6970ef64fec49.snapshot",
    "/static/vendor/pyscript/core.js",
    "/static/vendor/pyscript/core-C9KDLldu.js",
    "/static/vendor/pyscript/core.css",
    "/static/app.0123456789.css.map",
    "/static/app.012345678.css",
    "/static/vendor/pyscript/storage.js",
    "/static/vendor/pyscript/service-worker.js",
    "/static/python-snapshot.mjs",
    "/static/app.css",
    "/static/manifest.webmanifest",
    "/static/head.js",
]


def test_content_addressed_urls_are_kept_a_year_and_the_rest_revalidated(hosting) -> None:
    for path in CONTENT_ADDRESSED:
        assert hosting.cache_control(path) == "public, max-age=31536000, immutable", path
    for path in REVALIDATED:
        assert hosting.cache_control(path) == "no-cache", path


def test_the_committed_caddyfile_is_the_one_hosting_py_writes(hosting) -> None:
    text = hosting.caddyfile()
    assert (ROOT / "scripts" / "Caddyfile").read_text(encoding="utf-8") == text
    # Both rules come from the one pattern, and nothing opens an admin port.
    assert text.count(hosting.CONTENT_ADDRESSED) == 2
    assert "admin off" in text
    assert "precompressed br gzip" in text


def test_the_deploying_guide_gives_the_same_expression_to_every_server(hosting) -> None:
    guide = (ROOT / "docs" / "deploying.md").read_text(encoding="utf-8")
    # Stated once, then in the Caddy and nginx snippets; Apache's also allows a side
    # file's suffix, its path being rewritten before the header is set.
    assert guide.count(hosting.CONTENT_ADDRESSED) >= 4
    assert hosting.CONTENT_ADDRESSED.removesuffix("$") + r"(?:\.br|\.gz)?$#" in guide
    assert guide.count(hosting.IMMUTABLE) >= 5


def test_side_files_go_to_text_and_wasm_and_to_zips_of_stored_members(
    hosting, tmp_path: Path
) -> None:
    def write(name: str, data: bytes) -> Path:
        path = tmp_path / name
        path.write_bytes(data)
        return path

    text = b"const board = [];\n" * 200
    assert hosting.compressible(write("core.js", text))
    assert hosting.compressible(write("pyodide.asm.wasm", text))
    assert not hosting.compressible(write("tiny.js", text[:500]))
    assert not hosting.compressible(write("icon.png", text))
    # Python's memory snapshot is stored raw and travels as its side files.
    assert hosting.compressible(write("python-0123456789abcdef.snapshot", text))
    assert not hosting.compressible(write("core.js.br", text))
    for method, expected in ((zipfile.ZIP_STORED, True), (zipfile.ZIP_DEFLATED, False)):
        archive = tmp_path / f"lib-{method}.zip"
        with zipfile.ZipFile(archive, "w", compression=method) as packed:
            packed.writestr("os.py", text * 4)
        assert hosting.compressible(archive) is expected, method
    assert not hosting.compressible(write("broken.zip", text))


def test_the_server_configurations_of_deploy_are_the_ones_hosting_py_writes(hosting) -> None:
    # A hand edit of a generated file, or a rule changed without `python3
    # scripts/hosting.py`, would leave IT a configuration the tests never served.
    for path, text in hosting.generated().items():
        assert path.read_text(encoding="utf-8") == text, f"{path}: run python3 scripts/hosting.py"
    for path in (ROOT / "deploy").rglob("*"):
        if path.is_file():
            assert path in hosting.generated(), f"{path} is not generated by scripts/hosting.py"


def test_every_server_configuration_caches_names_and_sends_the_policy(hosting) -> None:
    policy = hosting.header_policy()
    assert policy.endswith("; frame-ancestors *")
    for path, text in hosting.generated().items():
        if path.parent.name == "scripts":
            continue  # scripts/Caddyfile: the local server, with no policy header
        assert hosting.CONTENT_ADDRESSED.removesuffix("$") in text, path
        assert hosting.IMMUTABLE in text and f'"{hosting.REVALIDATE}"' in text, path
        assert f'Content-Security-Policy "{policy}"' in text, path
        assert "nosniff" in text, path
