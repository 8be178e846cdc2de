"""Hash chains: a secret chosen once, committed to at once, and shown a step at a time.

A player draws a random secret ``x[N]`` (``secrets``) and hashes it down to
``x[N-1] = step(x[N])``, ..., ``x[0]``. The last value, the *anchor*, is what the player
commits to: it goes to the friend in the first link. Later the player *reveals*
``x[h]`` for a growing height ``h``; anyone holding the anchor checks it by hashing
``h`` times. Showing ``x[h]`` shows every value below it (hash again) and nothing above
it (that would need a preimage of SHA-256). So a link carries only the highest value
revealed, whatever the number of throws behind it.

A Senet throw at index ``i`` (``windows``) is four bits of a hash of both players'
values at height ``i``: neither player can steer it, since each value was fixed by its
anchor before the other's value at that height was seen.

Values are SHA-256 cut to 128 bits. The hash of a step names the seat, so the two
chains of a game never share a step even if a player copied the other's anchor.
Nothing here recurses: a chain is thousands of steps long.
"""

from __future__ import annotations

import hashlib
import secrets

#: Bytes of every chain value (128 bits).
VALUE_BYTES = 16
_STEP = b"ludeum chain step "
_THROW = b"ludeum throw "


class ChainError(ValueError):
    """A revealed value that does not lead to its anchor, or a height out of range."""


def new_secret() -> bytes:
    """A fresh secret for the top of a chain, from the system's secure source."""
    return secrets.token_bytes(VALUE_BYTES)


def step(value: bytes, seat: int) -> bytes:
    """One step down the chain of ``seat``."""
    return hashlib.sha256(_STEP + bytes((seat,)) + value).digest()[:VALUE_BYTES]


def value_at(secret: bytes, seat: int, length: int, height: int) -> bytes:
    """The value at ``height`` of the chain whose top (height ``length``) is ``secret``."""
    if not 0 <= height <= length:
        raise ChainError(f"height {height} outside the chain (0 to {length})")
    value = secret
    for _ in range(length - height):
        value = step(value, seat)
    return value


def values_below(value: bytes, seat: int, height: int) -> list[bytes]:
    """Every value from height 0 (the anchor) up to ``height``, given the value there:
    ``result[i]`` is the value at height ``i``."""
    if height < 0:
        raise ChainError(f"negative height {height}")
    values = [value] * (height + 1)
    for at in range(height, 0, -1):
        value = step(value, seat)
        values[at - 1] = value
    return values


def check(anchor: bytes, seat: int, height: int, value: bytes) -> list[bytes]:
    """``values_below`` after checking that the revealed ``value`` at ``height`` hashes
    down to ``anchor``; raises ChainError when it does not."""
    if len(value) != VALUE_BYTES or len(anchor) != VALUE_BYTES:
        raise ChainError("a chain value has the wrong length")
    values = values_below(value, seat, height)
    if values[0] != anchor:
        raise ChainError(f"the value revealed at height {height} does not lead to its anchor")
    return values


def sticks(index: int, first: bytes, second: bytes) -> tuple[int, int, int, int]:
    """The four sticks of the throw at ``index``: seat 0's value ``first`` and seat 1's
    value ``second`` at that height, hashed; the top four bits, 1 for a light side.
    Each bit is a fair coin as long as either value was unknown to the other side."""
    digest = hashlib.sha256(_THROW + index.to_bytes(4, "big") + first + second).digest()
    top = digest[0]
    return ((top >> 7) & 1, (top >> 6) & 1, (top >> 5) & 1, (top >> 4) & 1)
