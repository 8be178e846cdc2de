"""The share-link parameters of a URL (docs/embedding.md): ``record`` holds a share
code and ``at`` a position in its game; both are checked like every parameter, and
a share link never gets a save slot of its own."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludeum import launch
from ludeum.i18n import set_language
from ludeum.records import link
from ludeum.senet import JEQUIER, new_game


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def texts(result: launch.Launch) -> list[str]:
    return [problem.text() for problem in result.problems]


CODE = link.encode(new_game(JEQUIER).apply(new_game(JEQUIER).chance_outcomes()[1][0]))


def test_a_share_code_and_a_position_are_read() -> None:
    result = launch.parse(f"?record={CODE}&at=1")
    assert (result.record, result.at, result.problems) == (CODE, 1, ())
    assert launch.parse(f"record={CODE}").at is None


def test_a_share_link_keeps_no_save_slot_of_its_own() -> None:
    assert launch.parse(f"record={CODE}&at=0").slot() == ""
    assert launch.parse(f"game=squadro&record={CODE}").slot() == "game=squadro"


def test_the_launch_bound_on_a_code_is_the_link_modules_own() -> None:
    assert launch.RECORD_LIMIT == link.MAX_CODE_LENGTH
    assert launch.AT_LIMIT == link.MAX_ACTIONS
    assert launch.RECORD_CHARACTERS == link.ALPHABET | {link.VERSION}


@pytest.mark.parametrize("value", ["", "1AQ=", "1A Q", "<b>1</b>", "1" + "A" * 4000, "1AQ%00"])
def test_a_record_that_is_not_a_share_code_is_reported_and_nothing_is_shown(value) -> None:
    result = launch.parse(urlencode({"record": value}))
    assert result.record is None
    assert texts(result) == ["“record” is not a Ludeum share link, so no shared game is shown."]


@pytest.mark.parametrize("value", ["-1", "1.5", "x", "٣", "20001", "9" * 50, ""])
def test_a_bad_position_is_reported_and_the_whole_game_is_shown(value) -> None:
    result = launch.parse(urlencode({"record": CODE, "at": value}))
    assert (result.record, result.at) == (CODE, None)
    quoted = value if len(value) <= launch.QUOTE_LIMIT else value[:39] + "…"
    assert texts(result) == [
        f"“at” must be a number of moves from 0 to 20000, not “{quoted}”. The whole game is shown."
    ]


def test_a_position_without_a_shared_game_is_ignored_with_a_message() -> None:
    result = launch.parse("at=3&game=squadro")
    assert (result.at, result.game) == (None, "squadro")
    assert texts(result) == ["“at” needs a shared game (“record”), so it is ignored."]


def test_a_repeated_record_keeps_the_first_and_says_so() -> None:
    result = launch.parse(f"record={CODE}&record=1AAAA")
    assert result.record == CODE
    assert texts(result) == ["The parameter “record” is given 2 times; the first value is used."]


def test_the_messages_are_put_into_french() -> None:
    set_language("fr")
    result = launch.parse("record=%3Cx%3E&at=z")
    assert len(result.problems) == 2
    assert all(text and "record" in text or "at" in text for text in texts(result))
    assert texts(result)[0] != "“record” is not a Ludeum share link, so no shared game is shown."


@given(st.text(max_size=60), st.text(max_size=12))
def test_any_values_give_a_checked_launch(record, at) -> None:
    result = launch.parse(urlencode({"record": record, "at": at}))
    if result.record is not None:
        assert set(result.record) <= launch.RECORD_CHARACTERS
    if result.at is not None:
        assert 0 <= result.at <= launch.AT_LIMIT and result.record is not None
    assert len(result.problems) <= 2


def test_a_kiosk_does_not_show_a_shared_game_and_says_so() -> None:
    result = launch.parse(f"kiosk=1&record={CODE}&at=1")
    assert (result.kiosk, result.record, result.at) == (True, None, None)
    assert texts(result) == ["A kiosk does not show shared games, so “record” is ignored."]
