"""Games by links with the links delivered as people and networks do (issue 52):
late, twice, out of order, from a stale tab or an older copy of the game, and edited
on the way. Two devices in memory (tests/unit/by_links.py's way of playing), driven
by hypothesis; the rules of docs/save-format.md, "Games by links", checked after
every delivery:

- one continuation per position: no device ever takes two different actions after
  the same position (what it took is final), whatever reaches it;
- nothing taken disagrees with what the device kept: its kept game only grows;
- no throw is known early: after every link a device reads, it knows both values
  of a throw still to come only for its own current turn's window (Senet);
- with late, duplicated and reordered links only, both devices end with the same
  game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest
from by_links import SeededSecrets, play_turns
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludeum.correspondence import friend, letters, windows
from ludeum.lodestone import new_game as new_lodestone
from ludeum.protocol import CHANCE
from ludeum.records.link import LinkError
from ludeum.senet import PRESETS
from ludeum.senet import new_game as new_senet
from ludeum.squadro import new_game as new_squadro

STARTS = {
    "senet-kendall": lambda: new_senet(PRESETS["kendall"], 0),
    "senet-jequier": lambda: new_senet(PRESETS["jequier"], 0),
    "senet-tait": lambda: new_senet(PRESETS["tait"], 0),
    "squadro": lambda: new_squadro(0),
    "lodestone": lambda: new_lodestone(),
}
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


@dataclass
class Device:
    seat: int
    kept: tuple[Any, friend.FriendGame] | None = None
    #: (position's action count, the action taken after it), everything ever kept.
    taken: dict[int, Any] = field(default_factory=dict)
    #: An older copy of this device's game (a stale tab, a restored backup).
    stale: tuple[Any, friend.FriendGame] | None = None

    def keep(self, state: Any, game: friend.FriendGame) -> None:
        actions = state.actions()
        for number, action in enumerate(actions):
            assert self.taken.setdefault(number, action) == action, (
                f"seat {self.seat} took a second continuation after action {number}"
            )
        if self.kept is not None:  # the kept game only grows
            assert actions[: len(self.kept[0].actions())] == self.kept[0].actions()
        self.kept = (state, game)


def foresight_ok(device: Device) -> None:
    """The device knows both values of a throw to come only in its current window."""
    state, game = device.kept
    if not game.length or None in game.anchors:
        return
    placed, _ = windows.replay(state)
    pending = windows.next_throw(state, placed)
    own_end = pending[2] if pending and pending[0] == device.seat else 0
    known = game.heights[game.friend]
    # the next index any throw can take is past every index used so far
    assert known <= max(own_end, placed.end, placed.used), (device.seat, known, placed)


def send(device: Device, rng: random.Random, links: list, stale: bool = False) -> None:
    """The device plays what it can and sends the game. Its position before that is
    kept as its stale copy (a second tab left behind); ``stale``: that copy plays
    instead, another move where there is one (a second answer to the same
    position), and sends it."""
    kept = device.stale if stale else device.kept
    if kept is None:
        return
    state, game = kept
    if game.secret is None and game.length:  # a Senet game watched, not played
        return
    if stale:
        state = play_other(game, state, device.taken.get(len(state.actions())), rng)
    else:
        device.stale = kept
    state = play_turns(game, state, rng)
    placed, _ = windows.replay(state)
    game = friend.outgoing(game, state, placed)
    if not stale:
        device.keep(state, game)
    links.append((device.seat, letters.write(state, game)))


def play_other(game: friend.FriendGame, state: Any, taken: Any, rng: random.Random) -> Any:
    """The device's throws up to its next move, then a move other than ``taken``
    (the one its first tab played) where there is another."""
    placed, _ = windows.replay(state)
    while friend.can_act(game, state, placed) and state.to_act() == CHANCE:
        state = state.apply(friend.throw_here(game, state, placed))
        placed, _ = windows.replay(state)
    if not friend.can_act(game, state, placed):
        return state
    others = [move for move in state.legal_moves() if move != taken]
    return state.apply(rng.choice(others or state.legal_moves()))


def deliver(device: Device, code: str, rng: random.Random) -> None:
    try:
        sent_state, sent = letters.read(code)
    except LinkError:
        return
    if device.kept is not None and sent.id != device.kept[1].id:
        return  # another game: the page looks games up by id
    try:
        arrival = friend.receive(sent_state, sent, device.kept, "Bo",
                                 SeededSecrets(rng))  # fmt: skip
    except LinkError:
        return
    if arrival.kind in (friend.INVITATION, friend.TURN, friend.ANSWER):
        device.keep(arrival.state, arrival.game)
        foresight_ok(device)


def play_out(start_name: str, data, adversarial: bool) -> tuple[Device, Device]:
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="seed"))
    start = STARTS[start_name]()
    inviter, joiner = Device(0), Device(1)
    game = friend.begin(start, 0, "Ana", SeededSecrets(rng))
    inviter.keep(start, game)
    links: list[tuple[int, str]] = []
    send(inviter, rng, links)
    devices = {0: inviter, 1: joiner}
    for _ in range(data.draw(st.integers(5, 40), label="steps")):
        kinds = ["latest", "latest", "any", "send"]
        if adversarial:
            kinds += ["stale-send", "stale-send", "edit"]
        kind = data.draw(st.sampled_from(kinds), label="kind")
        seat = data.draw(st.integers(0, 1), label="device")
        device = devices[seat]
        theirs = [code for sender, code in links if sender != seat]
        if kind == "send":
            send(device, rng, links)
        elif kind == "stale-send":
            send(device, rng, links, stale=True)
        elif theirs:
            if kind == "latest":
                code = theirs[-1]
            else:
                code = theirs[data.draw(st.integers(0, len(theirs) - 1), label="which")]
            if kind == "edit":
                at = data.draw(st.integers(1, len(code) - 1), label="at")
                new = data.draw(st.sampled_from(ALPHABET.replace(code[at], "")), label="to")
                code = code[:at] + new + code[at + 1 :]
            deliver(device, code, rng)
    return inviter, joiner


@pytest.mark.long
@pytest.mark.parametrize("start_name", sorted(STARTS))
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_interleaved_no_position_has_two_continuations_and_nothing_is_foreseen(
    start_name, data
) -> None:
    # Device.keep and foresight_ok check the rules on every link taken.
    play_out(start_name, data, adversarial=True)


#: Rounds of play after the interleaved part: far enough to show that both devices
#: agree and play on. Squadro is played to its end; a whole Senet game by links
#: (about 400 links) or Lodestone's (about 150 actions) costs seconds a game, each
#: link holding the whole game, and test_correspondence.py plays those to the end.
ROUNDS = 30


@pytest.mark.long
@pytest.mark.parametrize("start_name", sorted(STARTS))
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_interleaved_late_twice_or_out_of_order_both_devices_end_alike(start_name, data) -> None:
    inviter, joiner = play_out(start_name, data, adversarial=False)
    rng = random.Random(7)
    links: list[tuple[int, str]] = []
    devices = (inviter, joiner)

    def exchange_newest() -> None:
        for device in devices:
            other = devices[1 - device.seat]
            if other.kept is not None:
                state, game = other.kept
                placed, _ = windows.replay(state)
                deliver(device, letters.write(state, friend.outgoing(game, state, placed)), rng)

    # Then the friends play on, each opening the other's newest link.
    whole = start_name == "squadro"
    for _ in range(2_000 if whole else ROUNDS):
        if all(d.kept is not None and d.kept[0].to_act() is None for d in devices):
            break
        exchange_newest()
        for device in devices:
            send(device, rng, links)
    exchange_newest()
    assert inviter.kept[0].actions() == joiner.kept[0].actions()
    if whole:
        assert inviter.kept[0].to_act() is None  # to the end
