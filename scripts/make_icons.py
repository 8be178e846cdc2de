#!/usr/bin/env python3
"""Render the app icon (static/icons/icon.svg) into the PNGs the web app manifest
and iOS need. Run by hand after changing the SVG, then commit the PNGs; the build
never runs it, so it stays stdlib-only.

    .venv/bin/python scripts/make_icons.py

Writes to static/icons/:
  icon-192.png, icon-512.png   the icon as drawn ("any" purpose: transparent corners)
  icon-maskable-512.png        full-bleed tile colour, the art shrunk into the safe
                               zone (the central circle of radius 40 %), because the
                               platform may crop it to any shape
  apple-touch-icon.png         180 x 180, full bleed: iOS rounds the corners itself
                               and would fill transparent ones with black

Chromium (Debian's, as for the e2e tests) draws the SVG, so the PNGs look exactly
as the SVG does in the browser.
"""

from __future__ import annotations

import math
import os
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "static" / "icons"
SOURCE = ICONS / "icon.svg"
CHROMIUM = os.environ.get("LUDEUM_CHROMIUM", "/usr/bin/chromium")
SVG_NS = "http://www.w3.org/2000/svg"
VIEW = 512  # the SVG's viewBox is 0 0 512 512
# Maskable icons: content must stay inside a centred circle of radius 0.4 x size.
SAFE_RADIUS = 0.4 * VIEW
# Room kept inside the safe circle for strokes and anti-aliasing.
SAFE_MARGIN = 0.95


def svg_text(full_bleed: bool, art_scale: float = 1.0) -> str:
    """icon.svg as is, or with its tile filling the square and its art scaled
    about the centre."""
    ET.register_namespace("", SVG_NS)
    tree = ET.parse(SOURCE)
    root = tree.getroot()
    tile = root.find(f".//{{{SVG_NS}}}rect[@id='tile']")
    art = root.find(f".//{{{SVG_NS}}}g[@id='art']")
    if tile is None or art is None:
        raise SystemExit(f"{SOURCE} needs a rect id='tile' and a g id='art'")
    if full_bleed:
        tile.attrib.update({"x": "0", "y": "0", "width": str(VIEW), "height": str(VIEW)})
        tile.attrib.pop("rx", None)
    if art_scale != 1.0:
        c = VIEW / 2
        art.set("transform", f"translate({c} {c}) scale({art_scale:.4f}) translate({-c} {-c})")
    return ET.tostring(root, encoding="unicode")


def render(page: Page, svg: str, size: int, out: Path) -> None:
    page.set_viewport_size({"width": size, "height": size})
    svg = svg.replace('width="512" height="512"', f'width="{size}" height="{size}"', 1)
    page.set_content(f'<!doctype html><body style="margin:0">{svg}</body>')
    page.screenshot(path=str(out), omit_background=True)
    print(f"make_icons: {out.relative_to(ROOT)} ({size} x {size}, {out.stat().st_size:,} bytes)")


def maskable_scale(page: Page) -> float:
    """The largest scale (less a margin) at which the art's box fits the safe circle."""
    page.set_viewport_size({"width": VIEW, "height": VIEW})
    page.set_content(f'<!doctype html><body style="margin:0">{svg_text(False)}</body>')
    box = page.evaluate(
        "(() => { const b = document.getElementById('art').getBBox();"
        " return [b.x, b.y, b.width, b.height]; })()"
    )
    x, y, w, h = box
    c = VIEW / 2
    # The farthest corner of the box from the centre decides.
    reach = max(math.hypot(px - c, py - c) for px in (x, x + w) for py in (y, y + h))
    return SAFE_MARGIN * SAFE_RADIUS / reach


def main() -> int:
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(device_scale_factor=1)
        render(page, svg_text(False), 192, ICONS / "icon-192.png")
        render(page, svg_text(False), 512, ICONS / "icon-512.png")
        scale = maskable_scale(page)
        print(f"make_icons: maskable art scale {scale:.3f}")
        render(page, svg_text(True, scale), 512, ICONS / "icon-maskable-512.png")
        render(page, svg_text(True), 180, ICONS / "apple-touch-icon.png")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
