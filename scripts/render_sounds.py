#!/usr/bin/env python3
"""Render the app's sounds to WAV files, to listen to, and print what they measure.

    .venv/bin/python scripts/render_sounds.py [--out build/sounds] [--rate 44100]

Each recipe of ``ludeum.sounds`` is rendered by ``ludeum.sound_render`` as the page's
Web Audio plays it (through the page's volume), at 44100 Hz unless asked (many devices
run at 48000), and written as a 16-bit mono WAV (build/ is never committed). The table
gives, per sound: its length up to its last sample above -60 dBFS, its peak and RMS
(over that length) in dBFS, its loudness in LUFS (its loudest 400 ms, K-weighted:
ITU-R BS.1770's momentary loudness), the samples that would clip (at or past full
scale) and its DC offset. ``docs/sound.md`` keeps the figures and what they led to.
"""

from __future__ import annotations

import argparse
import sys
import wave
from array import array
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from ludeum import sound_render, sounds  # noqa: E402


def write_wav(path: Path, samples, rate: int) -> None:
    """16-bit mono; samples past full scale are clipped, as the speakers would."""
    pcm = array("h", (round(max(-1.0, min(1.0, s)) * 32767) for s in samples))
    if sys.byteorder == "big":
        pcm.byteswap()  # WAV is little-endian
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(pcm.tobytes())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "sounds")
    parser.add_argument("--rate", type=int, default=sound_render.RATE)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    rate = args.rate
    print(f"{'sound':<8} {'length s':>8} {'peak dB':>8} {'RMS dB':>7} {'LUFS':>6} "
          f"{'clipped':>7} {'DC':>8}")  # fmt: skip
    for name, recipe in sounds.RECIPES.items():
        samples = sound_render.render(recipe, rate)
        write_wav(args.out / f"{name}.wav", samples, rate)
        f = sound_render.measure(samples, rate)
        print(f"{name:<8} {f.length:8.3f} {f.peak:8.1f} {f.rms:7.1f} {f.loudness:6.1f} "
              f"{f.clipped:7d} {f.dc:8.5f}")  # fmt: skip
    print(f"({rate} Hz; limit {sounds.MAX_LENGTH} s; WAV files in {args.out})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
