"""Sealed links (issue 52, ``correspondence.seals``): a link changed on its way is
refused when it is opened, not one link later; only the two first links carry a
share; a game begun before seals goes on unsealed; a device that never had the key
can only watch."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from by_links import SeededSecrets, exchange

from ludeum.correspondence import friend, letters
from ludeum.i18n import set_language
from ludeum.lodestone import new_game as new_lodestone
from ludeum.records.link import ALPHABET, LinkError
from ludeum.senet import PRESETS
from ludeum.senet import new_game as new_senet
from ludeum.squadro import new_game as new_squadro

STARTS = {
    "senet": lambda: new_senet(PRESETS["kendall"], 0),
    "squadro": lambda: new_squadro(0),
    "lodestone": lambda: new_lodestone(),
}
#: Kinds of arrival that take nothing from the link.
NOTHING_TAKEN = (friend.OLDER, friend.SAME, friend.OPENED, friend.OWN)


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def a_turn(game: str, number: int = 4):
    """A link of a game by links played in memory, the ``number``-th or the first
    after it that holds a choice of the sender's (a turn well after the answer)."""
    result = exchange(STARTS[game](), seed=7, stop_after=number + 12)
    for sent in result.links[number:]:
        state = letters.read(sent.code)[0]
        try:
            changed(state, len(sent.before[0].actions()))
        except AssertionError:
            continue
        return sent
    raise AssertionError("no turn with a choice")


def changed(state, since: int):
    """``state`` with its last choice among several, after action ``since``, made
    otherwise (and the actions after it dropped)."""
    actions = state.actions()
    for number in range(len(actions) - 1, since - 1, -1):
        current = state.start()
        for action in actions[:number]:
            current = current.apply(action)
        if current.to_act() in (0, 1):
            others = [m for m in current.legal_moves() if m != actions[number]]
            if others:
                return current.apply(others[0])
    raise AssertionError("no choice to change in this turn")


@pytest.mark.parametrize("game", sorted(STARTS))
def test_seals_every_link_after_the_answer_is_sealed_and_carries_no_share_once_proven(game):
    result = exchange(STARTS[game](), seed=3, stop_after=8)
    read = [letters.read(sent.code)[1] for sent in result.links]
    assert read[0].seal is None  # the invitation: the inviter has no key yet
    assert read[0].shares[0] is not None  # ... but gives its share
    assert read[1].seal is not None and read[1].shares[1] is not None  # the answer
    for later in read[2:]:
        assert later.seal is not None
    # Once each device took a sealed link of the other's, no share travels again.
    assert all(game.shares == (None, None) for game in read[3:])


@pytest.mark.parametrize("game", sorted(STARTS))
def test_seals_a_move_changed_and_sealed_again_by_an_outsider_is_refused_at_once(game):
    sent = a_turn(game)
    state, sender = letters.read(sent.code)
    kept_state, _kept = sent.before
    # Someone who saw this link, not both first links, changes the friend's last
    # choice: they can write it only unsealed, or sealed with shares they guess.
    state = changed(state, len(kept_state.actions()))
    forged = replace(sender, shares=(bytes(12), bytes(12)))
    with pytest.raises(LinkError, match="changed on its way"):
        friend.receive(state, letters.read(letters.write(state, forged))[1], sent.before)
    unsealed = replace(sender, shares=(None, None))
    with pytest.raises(LinkError, match="not sealed with this game's key"):
        friend.receive(state, letters.read(letters.write(state, unsealed))[1], sent.before)
    # The link itself, as sent, is taken.
    original, sender = letters.read(sent.code)
    assert friend.receive(original, sender, sent.before).kind == friend.TURN


@pytest.mark.parametrize("game", sorted(STARTS))
def test_seals_any_one_character_changed_in_a_link_is_never_taken(game):
    sent = a_turn(game)
    kept_state, kept = sent.before
    rng = random.Random(52)
    alphabet = sorted(ALPHABET)
    taken = 0
    for place in range(1, len(sent.code)):
        other = rng.choice([c for c in alphabet if c != sent.code[place]])
        code = sent.code[:place] + other + sent.code[place + 1 :]
        try:
            state, game_sent = letters.read(code)
            if game_sent.id != kept.id:
                continue  # another game's link: the page finds no game kept by that id
            arrival = friend.receive(state, game_sent, sent.before)
        except LinkError:
            continue
        assert arrival.kind in NOTHING_TAKEN, (place, arrival.kind)
        assert arrival.state.actions() == kept_state.actions() and arrival.game == kept
        taken += 1
    assert taken <= 2  # nearly every change is refused outright, and none is taken


def test_seals_a_fresh_device_opening_a_sealed_link_can_only_watch():
    sent = a_turn("squadro")
    state, sender = letters.read(sent.code)
    arrival = friend.receive(state, sender, None, "Cy")
    assert arrival.kind == friend.WATCH
    # The invitation itself is joined, with a share of its own.
    invitation = exchange(STARTS["squadro"](), seed=7, stop_after=1).links[0].code
    state, sender = letters.read(invitation)
    joined = friend.receive(state, sender, None, "Bo", SeededSecrets(random.Random(1)))
    assert joined.kind == friend.INVITATION and joined.game.shares[1] is not None


def test_seals_a_game_begun_before_seals_goes_on_unsealed():
    sent = a_turn("squadro")
    state, sender = letters.read(sent.code)
    kept_state, kept = sent.before
    # The kept game as a version before seals saved it: no share, so nothing to check.
    old = friend.from_json({k: v for k, v in friend.to_json(kept).items()
                            if k not in ("shares", "proven")})  # fmt: skip
    assert old is not None and old.shares == (None, None)
    unsealed = replace(sender, shares=(None, None))
    again = letters.read(letters.write(state, unsealed))[1]
    assert again.seal is None
    assert friend.receive(state, again, (kept_state, old)).kind == friend.TURN


def test_seals_shares_and_proof_are_kept_with_the_saved_game():
    sent = a_turn("lodestone")
    _state, kept = sent.before
    assert kept.shares[0] is not None and kept.shares[1] is not None and kept.proven
    assert friend.from_json(friend.to_json(kept)) == kept
    broken = friend.to_json(kept) | {"shares": ["zz", 3]}
    assert friend.from_json(broken).shares == (None, None)  # goes on unsealed, not lost
