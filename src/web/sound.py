"""Sound on the page: plays the recipes of ``ludeum.sounds`` through Web Audio.

One AudioContext, made at the visitor's first tap, click or key with sound on
(browsers refuse sound before the page has been touched, so nothing plays before it),
then woken again at any later one if the browser suspended it. Sound never gets in
the way of the game: where Web Audio is missing or fails, the page stays silent and
play goes on. Tests count the sounds played in ``window.ludeumSoundsPlayed`` (and
read the last one's name in ``window.ludeumLastSound``).
"""

from __future__ import annotations

from array import array

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import window

from ludeum import seats, sounds

#: Events that may be the visitor's first touch of the page. Browsers count a key or
#: a mouse button going down as one, but a finger only when it lifts (pointerup;
#: touchend in older Safari), and some only a click.
TOUCHES = ("pointerdown", "pointerup", "touchend", "click", "keydown")


class Sound:
    """The page's sound: on or off (``web.settings`` keeps the visitor's choice), and
    the AudioContext, made only once the visitor has touched the page."""

    def __init__(self) -> None:
        self.on = False
        self.touched = False  # the visitor has tapped, clicked or pressed a key
        self.context = None  # the AudioContext, once made
        self.volume = None  # its master gain, every voice's way out
        self.sounding = None  # the gain the last sound's voices go through, to fade it
        self.noise = None  # an AudioBuffer of white noise, for the noise voices
        self.missing = False  # no Web Audio here, or it failed: silent for good
        self._handler = create_proxy(self._on_touch)  # kept for the page's lifetime
        for kind in TOUCHES:
            # Capture: before the tap or key plays a move, so its sound can play.
            window.addEventListener(kind, self._handler, True)

    def _on_touch(self, event) -> None:
        if not event.isTrusted:
            return  # an event made by a script is nobody's touch
        self.touched = True
        if self.on:
            self.wake()

    def _activated(self) -> bool:
        """Whether this page may sound: this room saw the visitor tap, click or press
        a key, and the browser agrees that the page has been touched (where it says:
        ``navigator.userActivation``; a finger counts only once lifted)."""
        if not self.touched:
            return False
        activation = getattr(window.navigator, "userActivation", None)
        return bool(activation.hasBeenActive) if activation else True

    def wake(self):
        """The running AudioContext, made or resumed now if need be; None where there
        is none (no Web Audio, no tap yet, or the browser keeps it suspended)."""
        if self.missing or not self._activated():
            return None
        if self.context is None:
            try:
                self.context = self._make_context()
            except Exception:
                self.context = None
            if self.context is None:
                # No Web Audio, or it refused (too many contexts, say): silent for good,
                # rather than a new context tried at every tap.
                self.missing = True
                return None
        try:
            if str(self.context.state) != "running":
                # Resolved a moment later: this sound is skipped, the next one plays.
                promise = self.context.resume()
                promise.catch(create_once_callable(lambda error: None))
                return None
        except Exception:
            return None
        return self.context

    def _make_context(self):
        constructor = getattr(window, "AudioContext", None) or getattr(
            window, "webkitAudioContext", None
        )
        if not constructor:
            return None
        context = constructor.new()
        self.volume = context.createGain()
        self.volume.gain.value = sounds.VOLUME
        self.volume.connect(context.destination)
        rate = int(context.sampleRate)
        count = int(rate * sounds.MAX_LENGTH)
        self.noise = context.createBuffer(1, count, rate)
        samples = to_js(array("f", sounds.noise_samples(count)))
        self.noise.copyToChannel(samples, 0)
        return context

    def action(self, before, after, players) -> None:
        """The sound of the action that turned ``before`` into ``after``, heard by the
        people among ``players`` (``ludeum.seats``): a win and a loss differ."""
        if not self.on:
            return
        try:
            people = tuple(seat for seat in (0, 1) if not seats.is_computer(players, seat))
            name = sounds.sound_for(before, after, people)
        except Exception:
            return  # a sound is never worth stopping the game for
        if name is not None:
            self.play(name)

    def play(self, name: str) -> None:
        """Play a recipe now, if sound is on and the page may sound; else nothing."""
        if not self.on:
            return
        context = self.wake()
        if context is None:
            return
        try:
            self._schedule(context, sounds.RECIPES[name])
        except Exception:
            return
        window.ludeumSoundsPlayed = int(getattr(window, "ludeumSoundsPlayed", 0) or 0) + 1
        window.ludeumLastSound = name

    def _schedule(self, context, recipe: sounds.Recipe) -> None:
        now = float(context.currentTime)
        begin = now + sounds.LEAD
        # One sound at a time: the one before fades out as this one starts. Sounds
        # asked for together (a hurried turn plays its steps without pauses) would
        # otherwise add up past full scale (docs/sound.md).
        if self.sounding is not None:
            self.sounding.gain.setValueAtTime(1, now)
            self.sounding.gain.linearRampToValueAtTime(0, begin)
        self.sounding = context.createGain()
        self.sounding.connect(self.volume)
        for voice in recipe.voices:
            start = begin + voice.start
            peak = start + voice.attack
            end = peak + voice.decay
            envelope = context.createGain()
            envelope.gain.setValueAtTime(sounds.SILENCE, start)
            envelope.gain.exponentialRampToValueAtTime(voice.gain, peak)
            envelope.gain.exponentialRampToValueAtTime(sounds.SILENCE, end)
            envelope.connect(self.sounding)
            if voice.wave == sounds.NOISE:
                source = context.createBufferSource()
                source.buffer = self.noise
                band = context.createBiquadFilter()
                band.type = "bandpass"
                band.Q.value = voice.q
                _glide(band.frequency, voice, start, end)
                source.connect(band)
                band.connect(envelope)
            else:
                source = context.createOscillator()
                source.type = voice.wave
                _glide(source.frequency, voice, start, end)
                source.connect(envelope)
            source.start(start)
            source.stop(end + sounds.LEAD)


def _glide(frequency, voice: sounds.Voice, start: float, end: float) -> None:
    """A frequency (an AudioParam) from the voice's pitch, gliding to its end pitch."""
    # Set now as well: Chromium 156 plays an oscillator that starts inside a render
    # quantum at the frequency it had before (440 Hz) for its first frames, whatever
    # setValueAtTime says for its start (a 523 Hz note at 0.1 s came out 9 frames
    # late in phase; scripts/compare_sounds_chromium.py, docs/sound.md).
    frequency.value = voice.frequency
    frequency.setValueAtTime(voice.frequency, start)
    if voice.glide_to is not None:
        frequency.exponentialRampToValueAtTime(voice.glide_to, end)
