"""scripts/screenshots.py, the README's pictures, runs on the built site: every shot
of its table is a PNG of its screen's size (1280x800, 390x844, a kiosk's, or a
museum's page framing the app) showing a page, not a blank one; a shot it skips (the
build lacks the part it shows) is one that says what it needs, and the script says
so. It boots the app once per game at most, in one browser; the framed shots resize
one frame from size to size."""

from __future__ import annotations

import base64
import importlib.util
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest
from harness import DIST, DOCUMENTED_FRAMES, ROOT
from playwright.sync_api import Page

SCRIPT = ROOT / "scripts" / "screenshots.py"
# Distinct colours and the share of the commonest one, counted by the browser.
COLOURS_JS = """async (data) => {
  const image = new Image();
  image.src = 'data:image/png;base64,' + data;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.width; canvas.height = image.height;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const pixels = context.getImageData(0, 0, image.width, image.height).data;
  const counts = new Map();
  for (let i = 0; i < pixels.length; i += 4) {
    const colour = (pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2];
    counts.set(colour, (counts.get(colour) || 0) + 1);
  }
  return [counts.size, Math.max(...counts.values()) / (pixels.length / 4)];
}"""


def load_script():
    spec = importlib.util.spec_from_file_location("screenshots", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


#: One shot of each kind of screen (a desktop's welcome and review, a phone, a kiosk
#: stood on end, a frame on the app's own site and one on another): the whole table
#: takes a minute, and each kind is what can break. Shot in Arabic, right to left.
KINDS = ("welcome", "review", "phone", "kiosk-1080x1920", "embed-600x450",
         "embed-600x450-not-saved")  # fmt: skip


@pytest.mark.usefixtures("dist_dir")
def test_the_screenshot_script_shoots_each_kind_of_screen_in_a_language(
    tmp_path: Path, page: Page
) -> None:
    shots = [shot for shot in load_script().SHOTS if shot.name in KINDS]
    assert len(shots) == len(KINDS)
    started = time.monotonic()
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--out", str(tmp_path), "--dist", str(DIST),
         "--lang", "ar", *KINDS],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    seconds = time.monotonic() - started
    print(f"scripts/screenshots.py: {seconds:.1f} s\n{run.stdout}{run.stderr}")
    assert run.returncode == 0, run.stdout + run.stderr
    skipped = {
        line.split()[1].rstrip(":")
        for line in run.stdout.splitlines()
        if line.startswith("  skipped ")
    }
    for name in skipped:  # never silently: only a shot that needs a part, said why
        shot = next(shot for shot in shots if shot.name == name)
        assert shot.needs and f"SKIPPED {name}: this build has no {shot.needs}" in run.stderr
    expected = {f"{shot.name}.png" for shot in shots if shot.name not in skipped}
    assert {path.name for path in tmp_path.iterdir()} == expected
    # One boot per game and screen at most: a shot of the game on screen boots nothing.
    boots = int(run.stdout.split(" boots;")[0].rsplit(" ", 1)[1])
    assert boots <= len(shots), run.stdout
    for shot in shots:
        if shot.name in skipped:
            continue
        data = (tmp_path / f"{shot.name}.png").read_bytes()
        viewport = shot.device["viewport"]
        assert png_size(data) == (viewport["width"], viewport["height"]), shot.name
        assert shot.device.get("device_scale_factor") == 1
        colours, commonest = page.evaluate(COLOURS_JS, base64.b64encode(data).decode())
        assert colours >= 64 and commonest < 0.9, (shot.name, colours, commonest)


def test_the_table_frames_the_app_at_every_documented_size() -> None:
    """The README shows the app embedded at every frame size docs/embedding.md names:
    the welcome screen and a game at each, and a frame whose browser blocks storage
    (the shots themselves are taken by the test above)."""
    script = load_script()
    framed = [shot for shot in script.SHOTS if shot.host]
    names = {shot.name for shot in framed}
    for width, height in DOCUMENTED_FRAMES:
        assert f"embed-{width}x{height}" in names, (width, height)
        games = {f"embed-{width}x{height}-{game}" for game in ("senet", "squadro", "lodestone")}
        assert games & names, f"no game shot in a {width}x{height} frame"
    assert {shot.host for shot in framed} == {script.SAME_SITE, script.CROSS_SITE}
    assert all(shot.device == script.MUSEUM_PAGE for shot in framed)
