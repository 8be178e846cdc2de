"""The offline renderer of the sounds (ludeum.sound_render), checked against signals
whose figures are known: a sine's peak and period, an exponential ramp's ends, the
band-pass at and off its centre, ITU-R BS.1770's K-weighting and its 997 Hz tone."""

from __future__ import annotations

import cmath
import math
from array import array

import pytest

from ludeum import sound_render, sounds
from ludeum.sounds import NOISE, Recipe, Voice

RATE = sound_render.RATE


def sine_voice(gain: float = 0.5, **kwargs) -> Recipe:
    return Recipe("test", (Voice("sine", 440.0, gain, attack=0.004, decay=0.2, **kwargs),))


def test_a_sine_of_amplitude_half_peaks_at_minus_6_dbfs() -> None:
    sine = [0.5 * sound_render.waveform("sine", 440 * n / RATE % 1.0) for n in range(RATE)]
    figures = sound_render.measure(sine)
    assert figures.peak == pytest.approx(-6.02, abs=0.01)
    assert figures.rms == pytest.approx(-9.03, abs=0.01)  # 3 dB under its peak
    assert abs(figures.dc) < 1e-4 and figures.clipped == 0
    assert figures.length == pytest.approx(1.0, abs=0.001)


def test_a_voice_goes_through_its_gain_and_the_page_volume() -> None:
    # Its envelope peaks at 0.5, 4 ms in, between two crests of the sine: a little less.
    alone = sound_render.measure(sound_render.render(sine_voice(), volume=1.0)).peak
    assert alone == pytest.approx(-6.02, abs=0.1)
    # The page's master gain multiplies every sample: half of it is 6.02 dB less.
    halved = sound_render.measure(sound_render.render(sine_voice(), volume=0.5)).peak
    assert halved == pytest.approx(alone - 6.0206, abs=1e-3)


def upward_crossings(samples) -> list[float]:
    """Where the signal crosses 0 going up, in frames, between frames by a straight line."""
    return [
        i - 1 + samples[i - 1] / (samples[i - 1] - samples[i])
        for i in range(1, len(samples))
        if samples[i - 1] < 0 <= samples[i]
    ]


@pytest.mark.parametrize("wave", ["sine", "triangle", "square", "sawtooth"])
def test_every_oscillator_keeps_its_period(wave: str) -> None:
    voice = Voice(wave, 440.0, 0.5, attack=0.004, decay=0.2)
    crossings = upward_crossings(sound_render.render_voice(voice)[1])
    periods = [b - a for a, b in zip(crossings, crossings[1:], strict=False)]
    assert len(periods) > 50
    assert sum(periods) / len(periods) == pytest.approx(RATE / 440.0, abs=0.02)


def test_the_basic_waveforms_start_at_zero_and_reach_one() -> None:
    for wave in ("sine", "triangle", "sawtooth"):
        assert sound_render.waveform(wave, 0.0) == pytest.approx(0.0)
        assert sound_render.waveform(wave, 0.25) > 0  # rising from 0
    assert sound_render.waveform("triangle", 0.25) == 1.0
    assert sound_render.waveform("triangle", 0.75) == -1.0
    assert sound_render.waveform("sine", 0.25) == 1.0
    assert (sound_render.waveform("square", 0.1), sound_render.waveform("square", 0.6)) == (1, -1)
    with pytest.raises(ValueError):
        sound_render.waveform("organ", 0.1)


@pytest.mark.parametrize("wave", ["sine", "triangle", "square", "sawtooth"])
def test_every_waveform_is_odd_and_centred_on_zero(wave: str) -> None:
    # Each is odd about its start, as the specification defines them on -pi to pi:
    # x(-t) = -x(t), so its mean over a cycle is 0 (no offset).
    steps = 1000
    for n in range(1, steps // 2):
        phase = n / steps
        assert sound_render.waveform(wave, 1 - phase) == pytest.approx(
            -sound_render.waveform(wave, phase), abs=1e-9
        )
    # Sampled between the points where the square and the sawtooth jump.
    cycle = [sound_render.waveform(wave, (n + 0.5) / steps) for n in range(steps)]
    assert sum(cycle) / steps == pytest.approx(0.0, abs=1e-9)


def test_an_exponential_ramp_reaches_its_target_at_its_end_time() -> None:
    ramp = sound_render.exponential_ramp
    assert ramp(0.0001, 0.0, 0.5, 0.01, 0.0) == 0.0001
    assert ramp(0.0001, 0.0, 0.5, 0.01, 0.01) == 0.5
    assert ramp(0.0001, 0.0, 0.5, 0.01, 0.02) == 0.5  # held after
    # Exponential, not linear: halfway in time is the geometric mean.
    assert ramp(0.0001, 0.0, 0.5, 0.01, 0.005) == pytest.approx(math.sqrt(0.0001 * 0.5))


def test_the_envelope_and_the_glide_are_scheduled_as_the_page_schedules_them() -> None:
    voice = Voice("sine", 400.0, 0.6, start=0.1, attack=0.01, decay=0.2, glide_to=800.0)
    assert sound_render.envelope(voice, 0.1) == pytest.approx(sounds.SILENCE)
    assert sound_render.envelope(voice, 0.11) == pytest.approx(0.6)  # the peak
    assert sound_render.envelope(voice, voice.end) == pytest.approx(sounds.SILENCE)
    assert sound_render.envelope(voice, voice.end + 1) == pytest.approx(sounds.SILENCE)
    assert sound_render.frequency(voice, 0.1) == 400.0
    assert sound_render.frequency(voice, voice.end) == 800.0
    assert sound_render.frequency(voice, 0.1 + 0.105) == pytest.approx(400.0 * math.sqrt(2))


def test_a_voice_is_silent_before_its_start_and_after_its_source_stops() -> None:
    voice = Voice("sine", 440.0, 0.5, start=0.1, attack=0.01, decay=0.1)
    samples = sound_render.render(Recipe("test", (voice,)), volume=1.0)
    start = sound_render.first_frame(0.1)
    stop = sound_render.first_frame(voice.end + sounds.LEAD)
    assert not any(samples[:start]) and not any(samples[stop:])
    assert len(samples) > stop  # the tail was kept, to show it is silent
    # It falls from 0.5 to SILENCE over its decay: it is down to -60 dBFS this far in.
    down = math.log(0.001 / 0.5) / math.log(sounds.SILENCE / 0.5)
    assert sound_render.measure(samples).length == pytest.approx(0.11 + 0.1 * down, abs=0.001)


def steady_amplitude(centre: float, q: float, tone: float) -> float:
    """A sine at ``tone`` Hz through the band-pass: its amplitude once it has settled."""
    count = RATE // 5
    sine = [math.sin(2 * math.pi * tone * n / RATE) for n in range(count)]
    out = sound_render.band_pass(sine, [centre] * count, q)
    return max(abs(s) for s in out[count // 2 :])


def response(centre: float, q: float, tone: float) -> float:
    """The magnitude of the biquad's transfer function at ``tone`` Hz."""
    b0, b1, b2, a1, a2 = sound_render.band_pass_coefficients(centre, q)
    z = cmath.exp(-1j * 2 * math.pi * tone / RATE)  # z^-1
    return abs((b0 + b1 * z + b2 * z * z) / (1 + a1 * z + a2 * z * z))


@pytest.mark.parametrize("q", [0.8, 3.0])
def test_the_band_pass_passes_its_centre_whole_and_cuts_either_side(q: float) -> None:
    assert response(2000.0, q, 2000.0) == pytest.approx(1.0)  # 0 dB at the centre
    assert steady_amplitude(2000.0, q, 2000.0) == pytest.approx(1.0, abs=0.002)
    for tone in (250.0, 500.0, 8000.0):
        expected = response(2000.0, q, tone)
        assert steady_amplitude(2000.0, q, tone) == pytest.approx(expected, abs=0.002)
        assert expected < 0.6  # an octave or more away: cut
    assert response(2000.0, 3.0, 8000.0) < response(2000.0, 0.8, 8000.0)  # sharper


def test_k_weighting_at_48_khz_is_the_standards_table() -> None:
    # ITU-R BS.1770-4, tables 1 and 2.
    shelf, high_pass = sound_render.k_weighting(48000)
    assert shelf == pytest.approx(
        (1.53512485958697, -2.69169618940638, 1.19839281085285, -1.69065929318241,
         0.73248077421585), abs=1e-12)  # fmt: skip
    assert high_pass == pytest.approx((1.0, -2.0, 1.0, -1.99004745483398, 0.99007225036621))


def test_a_full_scale_997_hz_tone_is_minus_3_lufs() -> None:
    # BS.1770's check: a 0 dBFS sine at 997 Hz in one channel reads -3.01 LUFS.
    tone = [math.sin(2 * math.pi * 997 * n / RATE) for n in range(RATE // 2)]
    assert sound_render.loudness(tone) == pytest.approx(-3.01, abs=0.05)
    # A shorter sound is counted with the silence around it in the 400 ms window.
    assert sound_render.loudness(tone[: RATE // 10]) == pytest.approx(-3.01 - 6.02, abs=0.1)


def test_band_passed_noise_has_no_offset_and_is_the_same_every_time() -> None:
    recipe = Recipe("test", (Voice(NOISE, 1000.0, 1.0, decay=0.3, q=1.0),))
    samples = sound_render.render(recipe)
    assert samples == sound_render.render(recipe)
    figures = sound_render.measure(samples)
    assert abs(figures.dc) < 1e-3 and figures.clipped == 0
    assert -20 < figures.peak < 0  # the band keeps a share of the noise's power


# -- the app's recipes, rendered --------------------------------------------------------

#: Where every sound's peak lies, in dBFS: loud enough to be heard at a sensible
#: device volume, with room under full scale for a 48 kHz device's other noise.
PEAK_BAND = (-6.0, -1.0)
#: How far apart in loudness (LUFS) the loudest and the quietest sound may be.
LOUDNESS_SPREAD = 6.0


@pytest.fixture(scope="module")
def rendered() -> dict[str, tuple[object, sound_render.Figures]]:
    out = {}
    for name, recipe in sounds.RECIPES.items():
        samples = sound_render.render(recipe)
        out[name] = (samples, sound_render.measure(samples))
    return out


@pytest.mark.parametrize("name", sorted(sounds.RECIPES))
def test_every_sound_peaks_in_the_band_without_clipping(name: str, rendered) -> None:
    figures = rendered[name][1]
    assert figures.clipped == 0
    assert PEAK_BAND[0] <= figures.peak <= PEAK_BAND[1]
    assert abs(figures.dc) < 0.005  # no offset to thump the speaker


@pytest.mark.parametrize("name", sorted(sounds.RECIPES))
def test_every_sound_is_short_and_ends_in_silence(name: str, rendered) -> None:
    samples, figures = rendered[name]
    recipe = sounds.RECIPES[name]
    assert figures.length <= recipe.length <= sounds.MAX_LENGTH
    # Its last 5 ms and all after (when the sources stop) are under -60 dBFS: the
    # envelope has reached silence before the sound is cut, so the end cannot click.
    silent = 10 ** (sound_render.SILENT_DB / 20)
    assert max(abs(s) for s in samples[sound_render.first_frame(recipe.length - 0.005) :]) < silent


def test_the_sounds_are_about_as_loud_as_one_another(rendered) -> None:
    loudness = {name: figures.loudness for name, (_, figures) in rendered.items()}
    assert max(loudness.values()) - min(loudness.values()) <= LOUDNESS_SPREAD, loudness


def test_a_sound_asked_for_fades_out_the_one_before() -> None:
    long = sound_render.render(Recipe("long", (Voice("sine", 440.0, 0.5, decay=0.5),)))
    short = sound_render.render(Recipe("short", (Voice("sine", 880.0, 0.5, decay=0.05),)))
    mixed = sound_render.together([(0.0, long), (0.1, short)])
    lead = sound_render.first_frame(sounds.LEAD)  # each starts LEAD after it is asked for
    asked = sound_render.first_frame(0.1)  # when the short one is asked for
    assert mixed[:lead] == array("d", bytes(8 * lead))
    assert mixed[lead:asked] == long[: asked - lead]  # untouched until then
    # Then the long one fades out, a straight line from 1 to 0 over LEAD...
    for n in range(asked, asked + lead):
        left = (0.1 + sounds.LEAD - n / RATE) / sounds.LEAD
        assert mixed[n] == pytest.approx(long[n - lead] * left, abs=1e-12)
    # ...and from the short one's start on, only the short one sounds.
    start = sound_render.first_frame(0.1 + sounds.LEAD)
    assert mixed[start + 1 : start + len(short)] == short[1:]


def test_sounds_asked_for_at_once_never_add_up_past_full_scale(rendered) -> None:
    # A hurried Senet turn: its throws and moves asked for a few milliseconds apart
    # (piled up, they would peak at +1.5 dBFS). Then the same sound twice at once.
    turn = ["throw", "move", "throw", "move", "throw", "capture"]
    for names in (turn, ["move", "move"], ["throw", "throw", "throw"]):
        played = [(0.003 * n, rendered[name][0]) for n, name in enumerate(names)]
        loudest = max(rendered[name][1].peak for name in names)
        mixed = sound_render.measure(sound_render.together(played))
        assert mixed.clipped == 0 and mixed.peak <= loudest + 1e-9
