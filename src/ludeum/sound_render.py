"""The app's sounds rendered offline, sample by sample, as the page's Web Audio plays them.

Nobody had heard the sounds when they were written, and a test cannot listen in a
browser; so this computes, on CPython, the samples that ``web.sound`` asks Web Audio
for, to measure their level, length and clipping (``scripts/render_sounds.py`` writes
them to WAV files to listen to; ``docs/sound.md`` has the figures).

The page plays each voice of a recipe as: a source (an OscillatorNode, or an
AudioBufferSourceNode of ``sounds.noise_samples`` through a BiquadFilterNode of type
"bandpass"), into a GainNode whose gain is the envelope, into the page's master gain
(``sounds.VOLUME``), into the speakers, which clip past 1. Each step below follows the
Web Audio specification (W3C, Web Audio API 1.0): the envelope and the glide are its
``setValueAtTime`` and ``exponentialRampToValueAtTime`` read at every sample frame
(gain and frequency are a-rate), the oscillator shapes are its basic waveforms, the
band-pass filter is its biquad, whose coefficients are the Audio EQ Cookbook's.

Where a browser differs, and why it does not matter here:

- Browsers build "square", "sawtooth" and "triangle" from harmonics below half the
  sample rate; these are the ideal shapes, so a square or a sawtooth here aliases
  (its harmonics past 22 kHz fold back down). The recipes use sine, triangle (whose
  harmonics fall 12 dB an octave: what folds back is 40 dB down or more) and noise.
- The page's context runs at the device's rate (often 48000 Hz) and starts a sound
  ``sounds.LEAD`` seconds after it is asked for, between two frames; this renders at
  ``RATE`` from frame 0. A source starts on the first frame at or after its start.

The page plays one sound at a time: a sound asked for fades out the one before
(``together``), so that sounds asked for at once never add up.

Chromium's OfflineAudioContext, given the page's calls, renders every recipe within
0.06 dB of this in peak and 0.01 dB in loudness (scripts/compare_sounds_chromium.py).
"""

from __future__ import annotations

import math
from array import array
from dataclasses import dataclass
from itertools import repeat

from . import sounds

RATE = 44100
#: Quieter than this (in dBFS) counts as silence: the end of a sound's length.
SILENT_DB = -60.0


def exponential_ramp(v0: float, t0: float, v1: float, t1: float, t: float) -> float:
    """An AudioParam's value at ``t`` during ``exponentialRampToValueAtTime(v1, t1)``
    that follows an event setting ``v0`` at ``t0``: v0 * (v1 / v0) ** ((t - t0) /
    (t1 - t0)) until ``t1``, then ``v1`` (the specification's formula)."""
    if t >= t1:
        return v1
    return v0 * (v1 / v0) ** ((t - t0) / (t1 - t0))


def envelope(voice: sounds.Voice, t: float) -> float:
    """The voice's envelope gain at ``t`` seconds into the sound, as web.sound
    schedules it: ``sounds.SILENCE`` at the start, a ramp up to the voice's gain at
    its peak, a ramp down to ``SILENCE`` at its end, held there after."""
    peak = voice.start + voice.attack
    if t < peak:
        return exponential_ramp(sounds.SILENCE, voice.start, voice.gain, peak, t)
    return exponential_ramp(voice.gain, peak, sounds.SILENCE, voice.end, t)


def frequency(voice: sounds.Voice, t: float) -> float:
    """The voice's pitch (or its band's centre) at ``t``: its frequency from its
    start, gliding exponentially to ``glide_to`` at its end when that is set."""
    if voice.glide_to is None:
        return voice.frequency
    return exponential_ramp(voice.frequency, voice.start, voice.glide_to, voice.end, t)


def waveform(wave: str, phase: float) -> float:
    """Web Audio's basic waveform ``wave`` at ``phase`` (in cycles, 0 to 1): each
    starts at 0 (the square at +1) and rises, with a peak of 1."""
    if wave == "sine":
        return math.sin(2 * math.pi * phase)
    if wave == "square":
        return 1.0 if phase < 0.5 else -1.0
    if wave == "sawtooth":
        return 2 * phase if phase <= 0.5 else 2 * phase - 2
    if wave == "triangle":
        if phase <= 0.25:
            return 4 * phase
        return 2 - 4 * phase if phase <= 0.75 else 4 * phase - 4
    raise ValueError(f"not an oscillator shape: {wave!r}")


def biquad(samples, coefficients) -> list[float]:
    """``samples`` through a biquad filter, its coefficients given sample by sample as
    (b0, b1, b2, a1, a2), already divided by a0 (direct form I); as many samples come
    out as go in."""
    out = []
    x1 = x2 = y1 = y2 = 0.0
    for x, (b0, b1, b2, a1, a2) in zip(samples, coefficients, strict=False):
        y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        out.append(y)
        x2, x1 = x1, x
        y2, y1 = y1, y
    return out


def band_pass_coefficients(centre: float, q: float, rate: int = RATE) -> tuple[float, ...]:
    """Web Audio's "bandpass" BiquadFilterNode: the Audio EQ Cookbook's band-pass with
    a peak gain of 0 dB at ``centre``, its Q read as it is (not in dB)."""
    w0 = 2 * math.pi * centre / rate
    alpha = math.sin(w0) / (2 * q)
    a0 = 1 + alpha
    return (alpha / a0, 0.0, -alpha / a0, -2 * math.cos(w0) / a0, (1 - alpha) / a0)


def band_pass(samples, centres, q: float, rate: int = RATE) -> list[float]:
    """``samples`` through the band-pass, its centre given sample by sample (``centres``,
    as a gliding band's a-rate frequency is)."""
    return biquad(samples, (band_pass_coefficients(c, q, rate) for c in centres))


def first_frame(seconds: float, rate: int = RATE) -> int:
    """The first sample frame at or after ``seconds``. No slack for rounding: Chromium
    starts a note asked for at 0.1 + 0.2 s (0.30000000000000004) a frame after 0.3 s."""
    return math.ceil(seconds * rate)


def render_voice(voice: sounds.Voice, rate: int = RATE, noise=None) -> tuple[int, list[float]]:
    """One voice as it leaves its envelope: (its first frame, its samples until its
    source stops, ``sounds.LEAD`` after its end; the envelope holds at
    ``sounds.SILENCE`` meanwhile). A noise voice plays ``noise`` (the page's
    one buffer of ``sounds.noise_samples``, from its beginning every time)."""
    begin = first_frame(voice.start, rate)
    stop = first_frame(voice.end + sounds.LEAD, rate)
    times = [n / rate for n in range(begin, stop)]
    if voice.wave == sounds.NOISE:
        if noise is None:
            noise = sounds.noise_samples(int(rate * sounds.MAX_LENGTH))
        # The buffer does not loop: past its end, the source is silent.
        source = [noise[i] if i < len(noise) else 0.0 for i in range(len(times))]
        source = band_pass(source, [frequency(voice, t) for t in times], voice.q, rate)
    else:
        source, phase = [], 0.0
        for t in times:
            source.append(waveform(voice.wave, phase))
            phase = (phase + frequency(voice, t) / rate) % 1.0
    return begin, [s * envelope(voice, t) for s, t in zip(source, times, strict=True)]


def render(
    recipe: sounds.Recipe, rate: int = RATE, volume: float = sounds.VOLUME, tail: float = 0.05
) -> array:
    """The recipe as the speakers get it, before they clip: every voice through the
    page's master gain ``volume``, summed; ``tail`` seconds of what follows the last
    source's stop are kept, to show that it is silence."""
    samples = array("d", bytes(8 * first_frame(recipe.length + sounds.LEAD + tail, rate)))
    noise = sounds.noise_samples(int(rate * sounds.MAX_LENGTH))
    for voice in recipe.voices:
        begin, voiced = render_voice(voice, rate, noise)
        for i, s in enumerate(voiced, begin):
            samples[i] += volume * s
    return samples


def together(played, rate: int = RATE) -> array:
    """Sounds asked for one after another, as the speakers get them: ``played`` holds
    (seconds, samples) pairs in the order asked, each ``samples`` a sound from
    ``render`` asked for at that time. As ``web.sound`` plays them, each starts
    ``sounds.LEAD`` after it is asked for, and meanwhile the one before fades out, a
    linear ramp of its gain from 1 to 0, so that two never sound at once."""
    lead = sounds.LEAD
    out = array("d", bytes(8 * max(first_frame(at + lead, rate) + len(s) for at, s in played)))
    for n, (at, samples) in enumerate(played):
        begin = first_frame(at + lead, rate)
        # When the next sound is asked for, from this one's first frame.
        fade = played[n + 1][0] - at - lead if n + 1 < len(played) else math.inf
        for i, s in enumerate(samples):
            t = i / rate
            if t >= fade + lead:
                break
            out[begin + i] += s if t <= fade else s * (fade + lead - t) / lead
    return out


def decibels(level: float) -> float:
    """A level (1 = full scale) in dBFS; silence is -inf."""
    return 20 * math.log10(level) if level > 0 else -math.inf


def k_weighting(rate: int = RATE) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The two biquads of ITU-R BS.1770's K-weighting (a shelf of +4 dB above about
    1.5 kHz, for the head, then a high-pass below about 40 Hz) at ``rate``: made by
    the bilinear transform from the analogue filters the standard's 48 kHz
    coefficients come from, so that any rate gets the same curve."""
    k = math.tan(math.pi * 1681.974450955533 / rate)
    q = 0.7071752369554196
    high = 10 ** (3.999843853973347 / 20)
    band = high**0.4996667741545416
    a0 = 1 + k / q + k * k
    shelf = (
        (high + band * k / q + k * k) / a0,
        2 * (k * k - high) / a0,
        (high - band * k / q + k * k) / a0,
        2 * (k * k - 1) / a0,
        (1 - k / q + k * k) / a0,
    )
    k = math.tan(math.pi * 38.13547087602444 / rate)
    q = 0.5003270373238773
    a0 = 1 + k / q + k * k
    # The standard's table keeps the high-pass's numerator at 1, -2, 1.
    high_pass = (1.0, -2.0, 1.0, 2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0)
    return shelf, high_pass


def loudness(samples, rate: int = RATE, window: float = 0.4) -> float:
    """The sound's loudest momentary loudness, in LUFS (ITU-R BS.1770, EBU Tech 3341):
    the K-weighted mean square over ``window`` seconds, silence counted around a
    shorter sound, at its loudest. Sounds are compared by it, not by their peaks: a
    click of noise peaks high but sounds small, and the ear favours 2-5 kHz."""
    shelf, high_pass = k_weighting(rate)
    weighted = biquad(biquad(samples, repeat(shelf)), repeat(high_pass))
    squares = [s * s for s in weighted]
    width = int(window * rate)
    running = best = sum(squares[:width])
    for i in range(width, len(squares)):
        running += squares[i] - squares[i - width]
        best = max(best, running)
    return -0.691 + 10 * math.log10(best / width) if best > 0 else -math.inf


@dataclass(frozen=True)
class Figures:
    """What a rendered sound measures: ``length`` in seconds, up to its last sample
    louder than ``SILENT_DB``; ``peak`` and ``rms`` in dBFS, the RMS over that length;
    ``loudness`` in LUFS (``loudness``); ``clipped`` the samples at or past full scale;
    ``dc`` the mean over the length."""

    length: float
    peak: float
    rms: float
    loudness: float
    clipped: int
    dc: float


def measure(samples, rate: int = RATE) -> Figures:
    threshold = 10 ** (SILENT_DB / 20)
    last = max((i for i, s in enumerate(samples) if abs(s) > threshold), default=-1)
    sounding = samples[: last + 1]
    count = max(len(sounding), 1)
    return Figures(
        length=(last + 1) / rate,
        peak=decibels(max((abs(s) for s in samples), default=0.0)),
        rms=decibels(math.sqrt(sum(s * s for s in sounding) / count)),
        loudness=loudness(samples, rate),
        clipped=sum(1 for s in samples if abs(s) >= 1.0),
        dc=sum(sounding) / count,
    )
