"""The built site served as a host serves it: Debian's caddy with the repository's
Caddyfile (scripts/Caddyfile, from scripts/hosting.py) sends each file's brotli or
gzip side file to a browser that accepts it, with the right types and Cache-Control;
and every side file the build wrote (scripts/precompress.mjs) unpacks to its
original. No browser: plain HTTP requests, each Accept-Encoding in turn."""

from __future__ import annotations

import gzip
import http.client
import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from harness import HOSTING, CaddyServer

# The boot is this file's subject: every context starts empty, as on a first visit.
pytestmark = [pytest.mark.e2e, pytest.mark.cold_boot]

SIDE_SUFFIXES = (".br", ".gz")


@pytest.fixture
def caddy_origin(dist_dir: Path) -> Iterator[str]:
    try:
        server = CaddyServer(dist_dir, count_bytes=False)  # scripts/Caddyfile as it is
    except RuntimeError as exc:
        pytest.fail(str(exc))
    try:
        yield server.origin
    finally:
        server.stop()


def fetch(origin: str, path: str, accept_encoding: str | None) -> tuple[int, dict[str, str], bytes]:
    """GET with exactly this Accept-Encoding (None: no such header at all)."""
    host, port = origin.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    try:
        connection.putrequest("GET", path, skip_accept_encoding=True)
        if accept_encoding is not None:
            connection.putheader("Accept-Encoding", accept_encoding)
        connection.endheaders()
        response = connection.getresponse()
        headers = {k.lower(): v for k, v in response.getheaders()}
        return response.status, headers, response.read()
    finally:
        connection.close()


def site_files(dist: Path) -> list[str]:
    return sorted(
        p.relative_to(dist).as_posix()
        for p in dist.rglob("*")
        if p.is_file() and p.suffix not in SIDE_SUFFIXES
    )


def test_caddy_sends_side_files_with_their_encoding_type_vary_and_cache_control(
    caddy_origin: str, dist_dir: Path
) -> None:
    names = site_files(dist_dir)
    encoded = {"br": 0, "gzip": 0}
    immutable = 0
    for name in names:
        original = dist_dir / name
        for accept, encoding in (("br", "br"), ("gzip", "gzip"), ("gzip, br", "br"), (None, None)):
            side = (
                original.with_name(original.name + HOSTING.ENCODINGS[encoding])
                if encoding
                else None
            )
            if side is not None and not side.is_file():
                side = None
            # "/" is index.html, as a visitor first asks for it.
            path = "/" if name == "index.html" else f"/{name}"
            status, headers, body = fetch(caddy_origin, path, accept)
            assert status == 200, name
            where = f"{name} with Accept-Encoding {accept!r}"
            if side is None:
                assert "content-encoding" not in headers, where
                assert body == original.read_bytes(), where
            else:
                assert headers.get("content-encoding") == encoding, where
                assert body == side.read_bytes(), where
                assert "Accept-Encoding" in headers.get("vary", ""), where
                encoded[encoding] += accept == encoding
            kind = HOSTING.media_type(name)
            if kind is not None:
                assert headers["content-type"] == kind, where
            cache = HOSTING.cache_control(f"/{name}")
            assert headers["cache-control"] == cache, where
            immutable += cache == HOSTING.IMMUTABLE
    # What the loop must have met, or it proved little: Pyodide's wasm and the page
    # compressed both ways, more files too, and PyScript's hashed chunks kept a year.
    for big in [*dist_dir.rglob("pyodide.asm.wasm"), dist_dir / "index.html"]:
        assert (big.parent / f"{big.name}.br").is_file() and (
            big.parent / f"{big.name}.gz"
        ).is_file()
    assert encoded["br"] >= 10 and encoded["gzip"] >= 10, encoded
    assert immutable > 0
    # A folder is a 404, not a listing of the files.
    assert fetch(caddy_origin, "/static/", "br")[0] == 404


UNPACK_BROTLI = """
const { readFileSync } = require('node:fs');
const { brotliDecompressSync } = require('node:zlib');
const bad = JSON.parse(readFileSync(0, 'utf8')).filter(
  ([side, original]) => !brotliDecompressSync(readFileSync(side)).equals(readFileSync(original)),
);
process.stdout.write(JSON.stringify(bad));
"""


def test_every_side_file_unpacks_to_its_original_and_none_is_useless(dist_dir: Path) -> None:
    sides = sorted(p for p in dist_dir.rglob("*") if p.suffix in SIDE_SUFFIXES)
    assert sides, "no side file in dist/: scripts/build.py writes them"
    pairs = [(side, side.with_suffix("")) for side in sides]
    for side, original in pairs:
        assert original.is_file(), f"{side} has no original"
        assert side.stat().st_size < original.stat().st_size, f"{side} is not smaller"
        assert HOSTING.compressible(original), f"{side}: its original is not to be compressed"
    for side, original in pairs:
        if side.suffix == ".gz":
            assert gzip.decompress(side.read_bytes()) == original.read_bytes(), side
    # Python has no brotli: Node's zlib, the build's own, unpacks them.
    brotli = [[str(s), str(o)] for s, o in pairs if s.suffix == ".br"]
    unpacked = subprocess.run(
        ["node", "-e", UNPACK_BROTLI], input=json.dumps(brotli), capture_output=True, text=True
    )
    assert unpacked.returncode == 0, unpacked.stderr
    assert json.loads(unpacked.stdout) == []
    # Every file worth it has both, the Python snapshots too (their memory is raw:
    # the page never downloads it as it is, static/python-snapshot.mjs).
    for name in site_files(dist_dir):
        path = dist_dir / name
        if HOSTING.compressible(path) and path.stat().st_size > 8192:
            assert (dist_dir / f"{name}.br").is_file() and (dist_dir / f"{name}.gz").is_file(), name
    snapshots = list((dist_dir / "static" / "snapshot").glob("*.snapshot"))
    assert snapshots and all(p.with_name(p.name + ".br").exists() for p in snapshots)
    # The service worker never precaches them: they are the server's, not URLs.
    precached = re.findall(r'url:"([^"]+)"', (dist_dir / "sw.js").read_text(encoding="utf-8"))
    assert "index.html" in precached
    assert not [url for url in precached if url.endswith(SIDE_SUFFIXES)]
