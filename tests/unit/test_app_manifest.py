"""The web app manifest (static/manifest.webmanifest) and its icons: what a browser
needs to offer to install Ludeum, with URLs that work under any sub-path, colours
taken from app.css, and icons whose pixels are what the manifest declares."""

from __future__ import annotations

import json
import math
import re
import struct
import zlib
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from urllib.parse import urljoin, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]

MANIFEST_PATH = "static/manifest.webmanifest"
# Where the site is deployed does not matter: URLs are resolved under a sub-path
# to show that none of them escapes it.
SITE = "https://museum.example/exhibits/senet/"
MANIFEST_URL = urljoin(SITE, MANIFEST_PATH)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# Maskable icons are cropped to any shape that contains this centred circle.
SAFE_ZONE_RADIUS = 0.4


def manifest() -> dict:
    return json.loads((ROOT / MANIFEST_PATH).read_text(encoding="utf-8"))


def site_file(url: str) -> Path:
    """The source file a URL under SITE names."""
    assert url.startswith(SITE), f"{url} is outside the site {SITE}"
    return ROOT / url[len(SITE) :]


def css_colours() -> dict[str, str]:
    """The standard theme's colours: the stylesheet's first ``:root`` block (the
    high-contrast theme redefines them further down)."""
    css = (ROOT / "static" / "app.css").read_text(encoding="utf-8")
    block = re.search(r":root\s*\{(.*?)\}", css, re.S).group(1)
    return {
        name: value.lower() for name, value in re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]+)", block)
    }


# -- a PNG reader (stdlib only), enough for the icons --------------------------------------------


def png_header(data: bytes) -> tuple[int, int, int, int]:
    """(width, height, bit depth, colour type) from the IHDR chunk."""
    assert data[:8] == PNG_SIGNATURE, "not a PNG"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert kind == b"IHDR" and length == 13
    width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
    return width, height, depth, colour


def png_pixels(data: bytes) -> list[list[tuple[int, ...]]]:
    """Rows of RGBA pixels, for 8-bit RGB (colour type 2) or RGBA (6) PNGs."""
    width, height, depth, colour = png_header(data)
    assert depth == 8 and colour in (2, 6), f"unsupported PNG: depth {depth}, colour {colour}"
    channels = 4 if colour == 6 else 3
    idat, pos = b"", 8
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        if kind == b"IDAT":
            idat += data[pos + 8 : pos + 8 + length]
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytearray] = []
    prev = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + b) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 0xFF
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pred) & 0xFF
        rows.append(line)
        prev = line
    return [
        [
            tuple(row[x * channels : x * channels + channels]) + ((255,) if channels == 3 else ())
            for x in range(width)
        ]
        for row in rows
    ]


def hex_rgba(colour: str) -> tuple[int, int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16), 255)


# -- the manifest --------------------------------------------------------------------------------


def test_the_manifest_names_and_describes_the_app():
    data = manifest()
    assert data["name"] == "Ludeum"
    # Home screens cut names longer than about 12 characters.
    assert 0 < len(data["short_name"]) <= 12
    assert len(data["description"]) > 20
    assert data["lang"] == "en"
    assert data["display"] == "standalone"
    assert data["categories"] == ["games", "education"]


def test_start_url_and_scope_are_relative_and_open_the_page_that_links_the_manifest():
    data = manifest()
    for key in ("start_url", "scope"):
        parts = urlsplit(data[key])
        assert not parts.scheme and not parts.netloc and not parts.path.startswith("/"), (
            f"{key} {data[key]!r} is not relative: the site could not move to a sub-path"
        )
    # A manifest's URLs resolve against the manifest's own URL.
    start = urljoin(MANIFEST_URL, data["start_url"])
    scope = urljoin(MANIFEST_URL, data["scope"])
    assert start == SITE and scope == SITE
    assert (site_file(start) / "index.html").is_file()
    # No "id": it would resolve against the origin alone, so two deployments on
    # one host (say /exhibits/senet/ and /classroom/) would count as one app.
    assert "id" not in data


def test_the_colours_are_the_stylesheets():
    data, colours = manifest(), css_colours()
    assert data["theme_color"].lower() == colours["accent"]
    assert data["background_color"].lower() == colours["paper"]


@pytest.mark.parametrize("index", range(len(manifest()["icons"])))
def test_every_icon_exists_with_the_declared_type_and_size(index):
    icon = manifest()["icons"][index]
    path = site_file(urljoin(MANIFEST_URL, icon["src"]))
    assert path.is_file(), f"{icon['src']} missing"
    data = path.read_bytes()
    if icon["type"] == "image/svg+xml":
        assert icon["sizes"] == "any" and data.lstrip().startswith(b"<svg")
        return
    assert icon["type"] == "image/png"
    width, height, _, _ = png_header(data)
    assert icon["sizes"] == f"{width}x{height}", f"{icon['src']} is {width}x{height}"


def test_the_icons_cover_what_browsers_ask_for():
    icons = {(i["sizes"], i.get("purpose", "any"), i["type"]) for i in manifest()["icons"]}
    # Chromium wants a 192 and a 512 "any" PNG to offer install; Android masks icons.
    assert {
        ("192x192", "any", "image/png"),
        ("512x512", "any", "image/png"),
        ("512x512", "maskable", "image/png"),
    } <= icons


def maskable_icon() -> list[list[tuple[int, ...]]]:
    [icon] = [i for i in manifest()["icons"] if i.get("purpose") == "maskable"]
    return png_pixels(site_file(urljoin(MANIFEST_URL, icon["src"])).read_bytes())


def test_the_maskable_icon_keeps_its_drawing_inside_the_safe_zone():
    pixels = maskable_icon()
    size = len(pixels)
    tile = hex_rgba(manifest()["theme_color"])
    centre, radius = (size - 1) / 2, SAFE_ZONE_RADIUS * size
    outside = [
        (x, y)
        for y, row in enumerate(pixels)
        for x, pixel in enumerate(row)
        if math.hypot(x - centre, y - centre) > radius and pixel != tile
    ]
    assert outside == [], f"{len(outside)} drawn pixels outside the safe zone, e.g. {outside[:5]}"
    # And there is a drawing at all: the centre is not the bare tile.
    assert pixels[size // 2][size // 2] != tile


def test_the_maskable_icon_fills_its_square():
    pixels = maskable_icon()
    corners = {pixels[0][0], pixels[0][-1], pixels[-1][0], pixels[-1][-1]}
    assert corners == {hex_rgba(manifest()["theme_color"])}


# -- the page's links ----------------------------------------------------------------------------


class HeadLinks(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: dict[str, str] = {}
        self.metas: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "link" and a.get("rel") and a.get("href"):
            self.links[a["rel"]] = a["href"]
        if tag == "meta" and a.get("name") and a.get("content"):
            self.metas[a["name"]] = a["content"]


def head_links() -> HeadLinks:
    parser = HeadLinks()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return parser


def test_the_page_links_the_manifest_and_its_theme_colour():
    head = head_links()
    assert urljoin(SITE, head.links["manifest"]) == MANIFEST_URL
    assert head.metas["theme-color"].lower() == manifest()["theme_color"].lower()


def test_the_apple_touch_icon_is_an_opaque_180_square():
    href = head_links().links["apple-touch-icon"]
    assert not PurePosixPath(href).is_absolute()
    data = site_file(urljoin(SITE, href)).read_bytes()
    assert png_header(data)[:2] == (180, 180)
    # iOS fills transparent pixels with black: the icon must have none.
    assert all(pixel[3] == 255 for row in png_pixels(data) for pixel in row)
