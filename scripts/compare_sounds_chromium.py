#!/usr/bin/env python3
"""Check ``ludeum.sound_render`` against a browser: render every recipe in Chromium's
OfflineAudioContext with the calls ``web.sound`` makes, and compare the figures.

    .venv/bin/python scripts/compare_sounds_chromium.py

The page's glue is Python under PyScript and cannot run here, so its scheduling
(``Sound._schedule`` and ``_glide`` in src/web/sound.py) is transcribed below, in
JavaScript: keep the two in step. It prints, per sound, the peak, loudness and length
from each side, and how far the samples differ (the RMS of the difference, in dB under
the sound's own RMS). Needs Debian's chromium (as the end-to-end tests do) and the
dev requirements' playwright.
"""

from __future__ import annotations

import math
import os
import sys
from dataclasses import asdict
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from ludeum import sound_render, sounds  # noqa: E402

CHROMIUM = os.environ.get("LUDEUM_CHROMIUM", "/usr/bin/chromium")
RATE = sound_render.RATE

# web.sound's _schedule, with its begin at 0 (sound_render's frame 0), offline.
SCHEDULE = """async ({voices, noise, volume, length, rate, silence, lead}) => {
  const context = new OfflineAudioContext(1, length, rate);
  const master = context.createGain();
  master.gain.value = volume;
  master.connect(context.destination);
  const buffer = context.createBuffer(1, noise.length, rate);
  buffer.copyToChannel(Float32Array.from(noise), 0);
  const sounding = context.createGain();
  sounding.connect(master);
  const glide = (frequency, voice, start, end) => {
    frequency.value = voice.frequency;
    frequency.setValueAtTime(voice.frequency, start);
    if (voice.glide_to !== null) frequency.exponentialRampToValueAtTime(voice.glide_to, end);
  };
  for (const voice of voices) {
    const start = voice.start, peak = start + voice.attack, end = peak + voice.decay;
    const envelope = context.createGain();
    envelope.gain.setValueAtTime(silence, start);
    envelope.gain.exponentialRampToValueAtTime(voice.gain, peak);
    envelope.gain.exponentialRampToValueAtTime(silence, end);
    envelope.connect(sounding);
    let source;
    if (voice.wave === "noise") {
      source = context.createBufferSource();
      source.buffer = buffer;
      const band = context.createBiquadFilter();
      band.type = "bandpass";
      band.Q.value = voice.q;
      glide(band.frequency, voice, start, end);
      source.connect(band);
      band.connect(envelope);
    } else {
      source = context.createOscillator();
      source.type = voice.wave;
      glide(source.frequency, voice, start, end);
      source.connect(envelope);
    }
    source.start(start);
    source.stop(end + lead);
  }
  return Array.from((await context.startRendering()).getChannelData(0));
}"""


def main() -> int:
    noise = sounds.noise_samples(int(RATE * sounds.MAX_LENGTH))
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page()
        print(page.evaluate("navigator.userAgent"))
        print(f"{'sound':<8} {'peak dB':>15} {'LUFS':>15} {'length s':>13} {'difference':>10}")
        for name, recipe in sounds.RECIPES.items():
            ours = sound_render.render(recipe)
            theirs = page.evaluate(
                SCHEDULE,
                {
                    "voices": [asdict(voice) for voice in recipe.voices],
                    "noise": noise,
                    "volume": sounds.VOLUME,
                    "length": len(ours),
                    "rate": RATE,
                    "silence": sounds.SILENCE,
                    "lead": sounds.LEAD,
                },
            )
            a, b = sound_render.measure(ours), sound_render.measure(theirs)
            error = sum((x - y) ** 2 for x, y in zip(ours, theirs, strict=True))
            apart = 10 * math.log10(error / sum(x * x for x in ours)) if error else -math.inf
            print(f"{name:<8} {a.peak:7.2f} {b.peak:7.2f} {a.loudness:7.2f} {b.loudness:7.2f} "
                  f"{a.length:6.3f} {b.length:6.3f} {apart:7.1f} dB")  # fmt: skip
        browser.close()
    print("(each pair: sound_render, then Chromium)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
