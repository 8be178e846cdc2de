"""The app's sounds as data, and which one an action makes.

Every sound is synthesised in the browser (``web.sound`` plays a recipe through Web
Audio): no sound file is made, shipped or fetched. A recipe is a few *voices*, each an
oscillator or a band of noise shaped by an envelope (a quick rise to its peak, then
an exponential fall to silence), optionally gliding in pitch. Every recipe lasts at
most ``MAX_LENGTH`` seconds, so a sound never outlives the move it goes with.

Their levels are set from measurement (no person has judged them by ear yet):
``sound_render`` renders each recipe as the page plays it, and ``docs/sound.md``
gives the figures (every peak between -6 and -1 dBFS, no clipping, the seven within
5 dB of one another in loudness).

Which sound an action makes is read from the states before and after it, the same
``effects`` the move list reads (each game's ``log.py``): a throw of the sticks, a
move, a capture (Senet's bump or swap, Squadro's jump that sends pieces back,
Lodestone's capture), a Senet piece falling into the water, and the end of a game,
which sounds different to the person who won, lost or drew. A lesson's verdict has
a sound of its own, right or wrong.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass

from .protocol import CHANCE

#: The longest a sound may last, in seconds.
MAX_LENGTH = 0.6
#: The page's volume: every recipe is played at this fraction of its own gains (the
#: master gain in ``web.sound``; ``sound_render`` renders through it too). At 1, a
#: recipe's gains are the levels it sounds at; at 0.5, with the first gains, every
#: sound peaked 9 to 17 dB under full scale (docs/sound.md).
VOLUME = 1.0
#: Oscillator shapes Web Audio knows (OscillatorNode.type), and our band of noise.
WAVES = ("sine", "triangle", "square", "sawtooth")
NOISE = "noise"
#: The quietest level an envelope starts from and falls to: exponential ramps in Web
#: Audio cannot reach 0.
SILENCE = 0.0001
#: The highest gain a noise voice may have (``Voice``).
NOISE_GAIN = 2.0
#: Sounds start this long after they are asked for, so that the first voice's rise
#: is never cut by the time the call takes; meanwhile the sound before fades out.
#: Each voice's source stops this long after its end.
LEAD = 0.01

#: ``effects`` entries (each game's state) that send an opponent's piece back or take
#: it: Senet's bump (Kendall's and Tait's; Jéquier's swap is a "bumped" too), Squadro's
#: jump, Lodestone's capture.
CAPTURE_EFFECTS = frozenset({"bumped", "jumped", "captured"})
#: A Senet piece of the mover's own falling into the water (Jéquier's "water", Tait's
#: "to_plinth"; Kendall's "into_water" only parks it there, which sounds the same).
WATER_EFFECTS = frozenset({"water", "to_plinth", "into_water"})
#: Effects of an action that moves nothing on the board: a pass makes no sound.
PASS_EFFECTS = frozenset({"pass", "waits", "passes"})


@dataclass(frozen=True)
class Voice:
    """One sounding part of a recipe.

    ``wave`` is an oscillator shape (``WAVES``) or ``NOISE``, white noise through a
    band-pass filter centred on ``frequency`` (``q`` its sharpness). It starts
    ``start`` seconds into the sound, rises to ``gain`` (before the page's own
    volume) in ``attack`` seconds, then falls to silence in ``decay`` seconds, its
    pitch (or its band) gliding to ``glide_to`` meanwhile when that is set.

    An oscillator's gain is its peak (at most 1, full scale). A band of noise keeps
    only a share of the white noise's power (the narrower and the lower, the less): at
    a gain of 1 its peaks reach -3 dBFS (3.2 kHz, Q 1) to -14 dBFS (1 kHz, Q 3), so its
    gain may pass 1 (up to ``NOISE_GAIN``). What the voices sum to is measured, not
    assumed (``sound_render``; tests/unit/test_sound_render.py)."""

    wave: str
    frequency: float
    gain: float
    start: float = 0.0
    attack: float = 0.004
    decay: float = 0.1
    glide_to: float | None = None
    q: float = 1.0

    @property
    def end(self) -> float:
        return self.start + self.attack + self.decay


@dataclass(frozen=True)
class Recipe:
    name: str
    voices: tuple[Voice, ...]

    @property
    def length(self) -> float:
        """Seconds from the first voice's start to the last one's silence."""
        return max(voice.end for voice in self.voices)


def _knock(start: float, pitch: float, gain: float, body: float = 0.09) -> tuple[Voice, ...]:
    """A piece set down on a wooden board: a short low tone that drops a little in
    pitch, and the click of the contact (a brief band of noise)."""
    return (
        Voice("triangle", pitch, gain, start, decay=body, glide_to=pitch * 0.8),
        # At the tone's gain the click peaks 6 dB under the tone, as it was meant to
        # (at half its gain, as first written, it was 12 dB under: barely there).
        Voice(NOISE, 2200.0, gain, start, attack=0.002, decay=0.025, q=1.2),
    )


def _clatter() -> tuple[Voice, ...]:
    """Four sticks dropped on a table: light knocks at uneven moments, each a bright
    band of noise over a short wooden tone, the later ones softer."""
    # The narrow band (Q 3) keeps little of the noise: its gains pass 1 for it to be
    # heard over the tone, as meant (the tone at 0.45 of the band's gain had been as
    # loud as the band; at 0.3, the band is 2 dB over it, 4 dB at the peak). Knocks
    # of nearly even strength, each a little longer than first written, make a
    # clatter as loud as the other sounds without a higher peak.
    voices: list[Voice] = []
    for start, pitch, gain in ((0.0, 820.0, 1.1), (0.05, 1040.0, 1.05), (0.11, 700.0, 0.95),
                               (0.16, 930.0, 0.8), (0.24, 780.0, 0.55)):  # fmt: skip
        voices.append(Voice(NOISE, 3200.0, gain, start, attack=0.002, decay=0.05, q=3.0))
        voices.append(Voice("triangle", pitch, gain * 0.3, start, attack=0.002, decay=0.07))
    return tuple(voices)


def _notes(wave: str, pitches, step: float, gain: float, decay: float) -> tuple[Voice, ...]:
    """A short tune: one note every ``step`` seconds."""
    return tuple(
        Voice(wave, pitch, gain, n * step, attack=0.01, decay=decay)
        for n, pitch in enumerate(pitches)
    )


# Equal-tempered pitches in Hz.
C4, E_FLAT4, E4, G4, A4 = 261.63, 311.13, 329.63, 392.0, 440.0
C5, E5, G5, C6 = 523.25, 659.25, 783.99, 1046.5

RECIPES: dict[str, Recipe] = {
    recipe.name: recipe
    for recipe in (
        Recipe("throw", _clatter()),
        # The most frequent sound: a fuller body (140 ms, not 90) to be heard as well
        # as the others at the same peak.
        Recipe("move", _knock(0.0, 190.0, 0.8, body=0.14)),
        # A harder knock, then the piece sent back landing lower down.
        Recipe("capture", _knock(0.0, 240.0, 0.65, body=0.07) + _knock(0.1, 130.0, 0.7, 0.16)),
        # A splash: a broad band of noise sinking in pitch, and a bubble rising 5 dB
        # under it (with the band's first gain and Q, 0.55 and 1.5, the bubble had
        # been the louder of the two).
        Recipe(
            "water",
            (
                Voice(NOISE, 1400.0, 1.6, attack=0.01, decay=0.34, glide_to=300.0, q=0.8),
                Voice("sine", 380.0, 0.45, 0.05, attack=0.01, decay=0.12, glide_to=900.0),
            ),
        ),
        # The end of a game: a rising major arpeggio for a win, a falling minor one
        # for a loss, two level notes for a draw. Their notes ring a little shorter
        # than first written (0.2-0.24 s, not 0.25-0.3): sustained tones sound louder
        # than knocks of the same peak, and these already peak 3 dB under them.
        Recipe("win", _notes("triangle", (C5, E5, G5, C6), 0.1, 0.55, 0.2)),
        Recipe("loss", _notes("triangle", (G4, E_FLAT4, C4), 0.14, 0.55, 0.24)),
        Recipe("draw", _notes("triangle", (A4, A4), 0.16, 0.55, 0.22)),
        # A lesson's verdict (ludeum.lessons.attempt.VERDICT_SOUNDS): two bright
        # notes rising for a right answer; two soft ones falling for a wrong one, gentler
        # than a lost game's, since a child is meant to try again.
        Recipe("right", _notes("triangle", (G5, C6), 0.09, 0.55, 0.18)),
        Recipe("wrong", _notes("sine", (E4, C4), 0.13, 0.55, 0.18)),
    )
}


def sound_for(before, after, people: Collection[int] = (0, 1)) -> str | None:
    """The name of the recipe for the action that turned ``before`` into ``after``
    (any game's states), or None for an action that makes no sound (a pass).

    ``people`` are the seats played by a person at this device: the end of a game
    is a "win" when one of them won (or when nobody there plays: the computer
    against itself), a "loss" when they all lost, a "draw" when nobody won."""
    if before.outcome() is None and after.outcome() is not None:
        winner = after.outcome().winner
        if winner is None:
            return "draw"
        return "win" if winner in people or not people else "loss"
    if before.to_act() == CHANCE:
        return "throw"
    kinds = {effect[0] for effect in after.effects}
    if kinds & CAPTURE_EFFECTS:
        return "capture"
    if kinds & WATER_EFFECTS:
        return "water"
    if kinds & PASS_EFFECTS and "moved" not in kinds:
        return None
    return "move"


def sound_on(asked: bool | None, stored: str | None, framed: bool, site: bool = True) -> bool:
    """Whether sound is on at start: as the URL asks (``sound=on|off``, a kiosk's
    setting), else as the visitor last chose on this device, else as the site says
    (``ludeum.toml``'s ``[sound] on``: on unless it says off), except in another
    site's frame, which stays quiet until the visitor turns sound on."""
    if asked is not None:
        return asked
    if stored in ("on", "off"):
        return stored == "on"
    return site and not framed


def noise_samples(count: int, seed: int = 26) -> list[float]:
    """``count`` samples of white noise from -1 to 1, the same every time (the
    source of every ``NOISE`` voice)."""
    rng = random.Random(seed)
    return [rng.uniform(-1.0, 1.0) for _ in range(count)]
