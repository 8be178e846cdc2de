"""Seals: every link of a game by links authenticated when it arrives (issue 52).

Each device draws a random *share* when it begins or joins a game. The invitation
carries the inviter's share and the first answer the friend's; from then on each
device seals every link it sends, and no link carries a share again once the
friend has shown, by a sealed link, that they hold the key. The key is a hash of
the game's id and both shares; the seal is an HMAC-SHA-256 of the link's whole
content under it, cut to ``SEAL_BYTES``.

So a link changed on its way (by accident, by a chat app, by someone passing it
on) is refused when it is opened, not one link later: making a seal needs both
shares, which only the two first links carried. What a seal cannot do, and why
it does not need to (docs/save-format.md, "Sealed links"): someone who saw both
first links can seal, and so can either player; but a player's forged link fools
only the device it is opened on, since the other device refuses any game that is
not the one it sent (one continuation per position).
"""

from __future__ import annotations

import hashlib
import hmac

#: Bytes of a device's share (96 bits: never guessed, 16 characters in a link).
SHARE_BYTES = 12
#: Bytes of a seal (64 bits: a forged seal is found at once, 11 characters).
SEAL_BYTES = 8
_KEY_LABEL = b"ludeum seal 1"


def key(game_id: bytes, shares: tuple[bytes | None, bytes | None]) -> bytes | None:
    """The game's key, or None while a share is missing (a game begun by a version
    without seals, or an invitation not yet answered)."""
    if shares[0] is None or shares[1] is None:
        return None
    return hashlib.sha256(_KEY_LABEL + game_id + shares[0] + shares[1]).digest()


def seal(game_key: bytes, content: int) -> int:
    """The seal of a link's content (the link's number without its seal)."""
    data = content.to_bytes((content.bit_length() + 7) // 8, "big")
    digest = hmac.new(game_key, data, hashlib.sha256).digest()
    return int.from_bytes(digest[:SEAL_BYTES], "big")


def holds(game_key: bytes, content: int, found: int) -> bool:
    """Whether ``found`` is the seal of ``content`` under ``game_key``."""
    return hmac.compare_digest(
        seal(game_key, content).to_bytes(SEAL_BYTES, "big"), found.to_bytes(SEAL_BYTES, "big")
    )
