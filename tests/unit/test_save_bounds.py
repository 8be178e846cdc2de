"""Every number a save holds is bounded by what the rules can reach (issue 12, item
8): anything beyond is refused with a ``SaveError`` saying why, and no number or
string can make loading slow. One test per bound, named after the rule."""

from __future__ import annotations

import json
import time

import pytest

from ludeum import saves
from ludeum.lodestone import new_game as new_lodestone
from ludeum.senet import JEQUIER, PRESETS, new_game
from ludeum.squadro import new_game as new_squadro

KENDALL = PRESETS["kendall_starting_throw"]


def envelope(state) -> dict:
    return json.loads(saves.dump(state))


def refused(data: dict, reason: str) -> None:
    with pytest.raises(saves.SaveError, match=reason):
        saves.load(json.dumps(data))


def test_senet_throw_limit_is_at_most_a_million():
    data = envelope(new_game())
    data["record"]["rules"]["throw_limit"] = 10**6 + 1
    refused(data, "throw_limit must be 0")


def test_senet_throws_cannot_pass_the_throw_limit():
    data = envelope(new_game())
    data["record"]["start"]["throws"] = JEQUIER.throw_limit + 1
    refused(data, "throw limit")
    data["record"]["rules"]["throw_limit"] = 0  # no limit: bounded all the same
    data["record"]["start"]["throws"] = 2**63
    refused(data, "throw limit")


@pytest.mark.parametrize("throws", [-1, True, 1.0, "3"])
def test_senet_throws_is_a_count(throws):
    data = envelope(new_game())
    data["record"]["start"]["throws"] = throws
    refused(data, "throws must be a count")


@pytest.mark.parametrize("waiting", [1, 3, 5, 7, -2, True, 2**63])
def test_senet_waiting_holds_only_the_colour_bits(waiting):
    data = envelope(new_game(KENDALL))
    data["record"]["start"]["waiting"] = waiting
    refused(data, "waiting must be a colour mask")


def test_senet_only_the_starting_throw_makes_a_side_wait():
    data = envelope(new_game())
    data["record"]["start"]["waiting"] = 2
    refused(data, "Starting Throw")


@pytest.mark.parametrize("forced", [[True, 1], [1.0, 1], [1, 31], [3, 1], [1, 2**63]])
def test_senet_forced_is_a_colour_and_a_square(forced):
    data = envelope(new_game(KENDALL))
    data["record"]["start"]["forced"] = forced
    refused(data, "forced must be null")


def test_senet_only_kendalls_water_forces_a_piece():
    data = envelope(new_game())
    data["record"]["start"]["forced"] = [1, 1]
    refused(data, "Kendall's water")


def test_senet_the_forced_piece_stands_on_its_square():
    data = envelope(new_game(KENDALL))
    data["record"]["start"]["forced"] = [2, 1]  # square 1 holds a White piece
    refused(data, "without a piece of that colour")


def test_senet_preset_names_a_preset_or_custom():
    data = envelope(new_game())
    data["record"]["rules"]["preset"] = "x" * 100_000
    refused(data, "preset must be custom")


@pytest.mark.parametrize("off", ["10-0", "00-0", "0-" + "9" * 5000])
def test_senet_borne_off_counts_are_one_digit(off):
    data = envelope(new_game())
    board, _, to_act, throw = data["record"]["start"]["position"].split()
    data["record"]["start"]["position"] = f"{board} {off} {to_act} {throw}"
    refused(data, "borne off reads like")


def test_senet_squares_are_1_to_30():
    data = envelope(new_game())
    data["record"]["actions"] = ["0" * 5000 + "10-11"]
    refused(data, "not a square")


def test_lodestone_moves_without_capture_is_at_most_1000():
    data = envelope(new_lodestone())
    data["record"]["rules"]["moves_without_capture"] = 2**63
    refused(data, "moves_without_capture must be 1 to 1,000")
    data["record"]["rules"]["moves_without_capture"] = 0
    refused(data, "moves_without_capture must be 1 to 1,000")


def test_lodestone_quiet_moves_stop_at_the_limit():
    data = envelope(new_lodestone().apply(new_lodestone().legal_moves()[0]))
    ranks, to_act, _ = data["record"]["start"]["position"].split()
    for quiet, reason in (("100", "drawn after 100"), ("99999", "a number up to 1000")):
        data["record"]["start"]["position"] = f"{ranks} W {quiet}"
        refused(data, reason)


def test_lodestone_no_move_is_made_during_the_set_up():
    data = envelope(new_lodestone())
    ranks, to_act, _ = data["record"]["start"]["position"].split()
    data["record"]["start"]["position"] = f"{ranks} {to_act} 5"
    refused(data, "set-up")


def test_squadro_progress_is_one_digit_per_piece():
    data = envelope(new_squadro())
    data["record"]["start"]["position"] = "0000d/00000 H"
    refused(data, "progress is written 0-9")


def test_a_save_longer_than_local_storage_holds_is_refused_at_once():
    began = time.perf_counter()
    refused({"format": "ludeum-save", "junk": "x" * 5_000_001}, "too long")
    assert time.perf_counter() - began < 1
    assert saves.load_players("[" * 10 + " " * 5_000_001) == ("human", "human")


@pytest.mark.parametrize("field", ["version", "game"])
def test_error_messages_quote_at_most_a_few_dozen_characters_of_junk(field):
    data = envelope(new_game())
    data[field] = "x" * 1_000_000
    with pytest.raises(saves.SaveError) as error:
        saves.load(json.dumps(data))
    assert len(str(error.value)) < 200


def test_an_action_of_a_million_characters_is_refused_quickly_and_briefly():
    data = envelope(new_game())
    data["record"]["actions"] = ["T" + "0" * 1_000_000]
    began = time.perf_counter()
    with pytest.raises(saves.SaveError) as error:
        saves.load(json.dumps(data))
    assert time.perf_counter() - began < 1 and len(str(error.value)) < 400
