"""Share links (``ludeum.records.link``): every game round-trips through its code, and
any other text gives ``LinkError`` or a legal game, never a crash or a huge number."""

from __future__ import annotations

import math
import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from long_games import squadro_record
from senet_games import play, setup

from ludeum import saves
from ludeum.chance import random_play
from ludeum.history import replay
from ludeum.i18n import set_language
from ludeum.lodestone import new_game as new_lodestone
from ludeum.lodestone.rules import LodestoneRules
from ludeum.protocol import CHANCE
from ludeum.records import link
from ludeum.records.link import LinkError, decode, encode
from ludeum.senet import JEQUIER, PRESETS, Throw
from ludeum.senet import new_game as new_senet
from ludeum.squadro import new_game as new_squadro

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def same_game(a, b) -> bool:
    """Same game, rules, start and actions: the saved records are equal."""
    return saves.dump(a) == saves.dump(b)


def cut(seed: int) -> int | None:
    """Where a seeded game stops: most games run to their end, some stop midway, so
    that unfinished games (throw pending, move pending) are covered too."""
    source = random.Random(seed * 7919)
    return None if source.random() < 0.6 else source.randrange(0, 400)


def round_trips(state) -> str:
    code = encode(state)
    back = decode(code)
    assert same_game(back, state)
    assert encode(back) == code  # one code per game
    return code


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_seeded_random_senet_game_of_every_preset_round_trips(preset) -> None:
    # Ludii's reading mostly runs to the 3,000-throw limit, so fewer of its games.
    games = 12 if preset == "jequier_ludii" else 50
    for seed in range(games):
        round_trips(play(PRESETS[preset], seed, limit=cut(seed)))


@pytest.mark.parametrize("game", ["squadro", "lodestone"])
def test_every_seeded_random_squadro_and_lodestone_game_round_trips(game) -> None:
    for seed in range(400 if game == "squadro" else 200):
        source = random.Random(seed)
        if game == "squadro":
            start = new_squadro(first_seat=seed % 2)
        else:
            rules = LodestoneRules(seed % 3 == 0, seed % 4, 1 + seed % 120)
            start = new_lodestone(rules, first_seat=seed % 2)
        round_trips(random_play(start, source, cut(seed) or 100_000))


def test_custom_senet_rules_round_trip_setting_by_setting() -> None:
    for seed, changes in enumerate([
        {"safe_squares": frozenset({1, 15, 30}), "throw_limit": 7},
        {"extra_throw_values": frozenset(), "pieces": 3, "zero_light_value": 5},
        {"starting_lock": "literal", "backward_priority": "per_piece", "throw_limit": 0},
        {"bump_to_first_empty": True, "rows_turn_corners": False, "throw_limit": 1_000_000},
    ]):  # fmt: skip
        rules = JEQUIER.with_options(**changes)
        assert rules.preset == "custom"
        state = play(rules, seed, limit=200)
        assert decode(round_trips(state)).rules == rules
    kendall = PRESETS["kendall"].with_options(trap=True, home_row=True, pieces=6)
    assert decode(round_trips(play(kendall, 3, limit=300))).rules == kendall


def test_the_stick_pattern_of_each_throw_is_kept() -> None:
    # The app throws real sticks: all 16 patterns, not one per value.
    state = new_senet(JEQUIER)
    for bits in range(16):
        throw = Throw(((bits >> 3) & 1, (bits >> 2) & 1, (bits >> 1) & 1, bits & 1))
        while state.to_act() != CHANCE:
            state = state.apply(state.legal_moves()[0])
        state = state.apply(throw)
    assert decode(round_trips(state)).actions() == state.actions()


def test_a_new_game_is_a_few_characters() -> None:
    assert len(encode(new_senet())) <= 2
    assert len(encode(new_squadro(first_seat=1))) <= 3


def test_a_code_is_as_short_as_its_choices_allow_and_forced_actions_cost_nothing() -> None:
    for seed in range(20):
        state = play(JEQUIER, seed)
        digits = link.header_digits(state) + link.action_digits(state)
        forced = [radix for _digit, radix in digits if radix == 1]
        assert forced, "Jéquier's games have forced passes"
        bits = math.log2(math.prod(radix for _digit, radix in digits))
        # Whole bytes, then 4 characters per 3 bytes, plus the version character.
        assert len(encode(state)) <= 1 + math.ceil(math.ceil(bits / 8) * 4 / 3)


def test_a_typical_senet_game_fits_a_url_and_the_longest_stays_under_the_bound() -> None:
    lengths = [len(encode(play(JEQUIER, seed))) for seed in range(100)]
    assert sorted(lengths)[50] < 400
    ludii = [len(encode(play(PRESETS["jequier_ludii"], seed))) for seed in range(5)]
    assert max(ludii) < link.MAX_CODE_LENGTH


def test_a_game_too_long_for_a_link_is_refused_with_a_reason() -> None:
    state = saves.load(squadro_record(25_000))
    with pytest.raises(LinkError) as caught:
        encode(state)
    assert caught.value.text() == "This game is too long to be shared as a link."
    # A longer game is refused as soon as its choices alone pass the bound, without
    # replaying the rest of it.
    longer = saves.load(squadro_record(100_000))
    began = time.perf_counter()
    with pytest.raises(LinkError, match="too long"):
        encode(longer)
    refused = time.perf_counter() - began
    began = time.perf_counter()
    for _step in replay(longer):
        pass
    assert refused < 0.5 * (time.perf_counter() - began)


def test_a_game_not_begun_at_the_usual_start_cannot_be_shared() -> None:
    start = setup([1, 3, 5, 7, 12], [2, 4, 6, 8, 10])
    with pytest.raises(LinkError, match="usual start"):
        encode(start.apply(Throw((1, 0, 0, 0))))


def test_a_code_longer_than_the_bound_is_refused_before_any_arithmetic() -> None:
    code = "1" + "_" * 10_000_000
    began = time.perf_counter()
    with pytest.raises(LinkError, match="too long"):
        decode(code)
    assert time.perf_counter() - began < 0.05


@pytest.mark.parametrize(
    "code, reason",
    [
        ("", "not a Ludeum link"),
        (None, "not a Ludeum link"),
        (12, "not a Ludeum link"),
        ("2AQ", "another version"),
        ("1A=Q", "characters a link never has"),
        ("1A+Q", "characters a link never has"),
        ("1 AQ", "characters a link never has"),
        ("1ABCDE", "characters a link never has"),  # 5 digits: no byte count gives that
        ("1AAQ", "not written the way"),  # a leading zero byte
        ("1AR", "not written the way"),  # padding bits set
    ],
)
def test_garbage_gives_a_link_error_naming_the_reason(code, reason) -> None:
    with pytest.raises(LinkError, match=reason):
        decode(code)


def test_a_link_cut_short_or_run_on_is_reported_or_is_another_legal_game() -> None:
    refused = 0
    for seed in range(30):
        state = play(JEQUIER, seed)
        code = encode(state)
        for variant in (code[: len(code) // 2], code[:-1], code + "A", code + "Ag"):
            try:
                other = decode(variant)
            except LinkError:
                refused += 1
            else:
                assert encode(other) == variant and not same_game(other, state)
    assert refused > 60  # most damage is caught, not just turned into another game


def test_a_count_past_the_end_and_a_leftover_value_are_named() -> None:
    finished = play(PRESETS["tait"], 4)
    assert finished.outcome() is not None
    header = link.header_digits(finished)
    actions = link.action_digits(finished)
    count = len(actions)
    assert 64 <= count < 64 * 64 and header[-3:] == [(2, 4), (count % 64, 64), (count // 64, 64)]
    longer = header[:-2] + [((count + 1) % 64, 64), ((count + 1) // 64, 64)]
    with pytest.raises(LinkError, match="after the end"):
        decode(link.pack(longer + actions))
    with pytest.raises(LinkError, match="more than a game"):
        decode(link.pack(header + actions + [(5, 7)]))
    assert same_game(decode(link.pack(header + actions)), finished)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=120))
def test_any_text_of_link_characters_is_a_legal_game_or_a_link_error(body) -> None:
    try:
        state = decode("1" + body)
    except LinkError as error:
        assert error.text()
    else:
        assert encode(state) == "1" + body
        assert state.actions() == list(state.actions())


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 200), st.integers(0, 63), st.data())
def test_one_tampered_character_gives_a_legal_game_or_a_link_error(seed, value, data) -> None:
    state = play(JEQUIER, seed, limit=cut(seed))
    code = encode(state)
    place = data.draw(st.integers(1, len(code) - 1)) if len(code) > 1 else 1
    tampered = code[:place] + ALPHABET[value] + code[place + 1 :]
    try:
        other = decode(tampered)
    except LinkError:
        return
    assert encode(other) == tampered
    assert same_game(other, state) == (tampered == code)


def test_position_gives_the_state_after_n_actions_and_refuses_past_the_end() -> None:
    state = play(JEQUIER, 2)
    n = len(state.actions())
    assert link.position(state, None) is state
    assert link.position(state, 0).actions() == []
    assert link.position(state, 10).actions() == state.actions()[:10]
    assert same_game(link.position(state, n), state)
    with pytest.raises(LinkError) as caught:
        link.position(state, n + 1)
    assert caught.value.text() == (
        f"This link shows move {n + 1}, but its game has only {n} actions."
    )


def test_a_link_error_is_put_into_french() -> None:
    set_language("fr")
    try:
        decode("2AQ")
    except LinkError as error:
        assert error.text() != str(error)
        assert "Ludeum" in error.text()


def test_a_short_code_cannot_ask_for_more_than_max_actions_to_be_replayed() -> None:
    # Trailing actions of index 0 cost nothing: five characters once asked for a
    # 29,969-action Kendall game (found by the property test above).
    rules = link.SENET_PRESETS.index("kendall_five_pieces_trap")
    for count in (link.MAX_ACTIONS + 1, 64**3 - 1):
        digits = [(0, 3), (1, 2), (rules, link.PRESET_RADIX), (3, 4)]
        digits += [((count >> (6 * place)) & 63, 64) for place in range(3)]
        began = time.perf_counter()
        with pytest.raises(LinkError, match="not written the way"):
            decode(link.pack(digits))
        assert time.perf_counter() - began < 0.1
    # The same game cut at the bound is read, and written back alike.
    digits[-3:] = [((link.MAX_ACTIONS >> (6 * p)) & 63, 64) for p in range(3)]
    state = decode(link.pack(digits))
    assert len(state.actions()) == link.MAX_ACTIONS
    assert encode(state) == link.pack(digits)


def test_every_senet_preset_has_a_fixed_digit_with_room_for_more() -> None:
    # Old links keep their rules only if no preset's digit ever changes: a new
    # preset is appended to SENET_PRESETS, never inserted.
    assert set(link.SENET_PRESETS) == set(PRESETS)
    assert len(link.SENET_PRESETS) < link.CUSTOM
    assert link.SENET_PRESETS[:2] == ("jequier", "jequier_ludii")
    assert link.SENET_PRESETS[-1] == "tait"
    assert encode(new_senet(PRESETS["tait"])) == link.pack([(0, 3), (0, 2), (18, 32), (0, 4)])


def test_a_preset_digit_no_preset_has_yet_is_a_newer_version() -> None:
    with pytest.raises(LinkError, match="another version"):
        decode(link.pack([(0, 3), (0, 2), (25, 32), (0, 4)]))


def test_the_example_code_of_the_save_format_document_reads_as_it_says() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "save-format.md").read_text()
    assert "`1FHXynm5kww`" in text
    state = decode("1FHXynm5kww")
    assert state.rules == JEQUIER and state.start().seat == 1
    assert " ".join(a.notation() for a in state.actions()) == (
        "T0011 T1001 T1000 10-11 T0010 4-5 T1001 8-10 T1001 T0001 11-12 T1110"
    )


def test_a_kendall_presets_digit_is_two_plus_the_bits_of_its_options():
    # Links already given out hold these digits: they must never move.
    from ludeum.senet.rulesets import PRESETS

    assert link.SENET_PRESETS[:2] == ("jequier", "jequier_ludii")
    assert link.SENET_PRESETS[18] == "tait" and len(link.SENET_PRESETS) == 19
    for bits in range(16):
        rules = PRESETS[link.SENET_PRESETS[2 + bits]]
        options = (rules.pieces == 5, rules.starting_throw, rules.trap, rules.home_row)
        assert rules.family == "kendall"
        assert options == tuple(bool(bits >> bit & 1) for bit in range(4)), bits
