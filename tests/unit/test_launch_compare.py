"""The ``compare`` URL parameter: a comparison of Senet's readings opened at once
(docs/embedding.md), checked like the other parameters."""

from __future__ import annotations

import pytest

from ludeum import launch
from ludeum.i18n import set_language
from ludeum.senet import compare


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def test_the_launch_list_is_the_examples_list() -> None:
    assert launch.COMPARE_EXAMPLES == compare.EXAMPLE_IDS
    assert "compare" in launch.PARAMETERS


@pytest.mark.parametrize("example_id", compare.EXAMPLE_IDS)
def test_every_example_can_be_opened_by_a_link(example_id: str) -> None:
    result = launch.parse(f"?compare={example_id}")
    assert result.compare == example_id
    assert result.problems == ()
    # It opens a dialog over the game: no game is preselected, no save slot of its own.
    assert result.slot() == "" and not result.preselects_game


def test_the_value_is_trimmed_and_case_insensitive() -> None:
    assert launch.parse("compare=%20Protection%20").compare == "protection"


def test_an_unknown_example_is_reported_and_nothing_opens() -> None:
    result = launch.parse("compare=castling")
    assert result.compare is None
    (problem,) = result.problems
    text = problem.text()
    assert "castling" in text and "protection" in text and "No comparison is opened" in text


def test_an_empty_value_is_reported_too() -> None:
    result = launch.parse("compare=")
    assert result.compare is None and len(result.problems) == 1


def test_a_comparison_link_keeps_the_welcome_screen_under_its_dialog() -> None:
    from ludeum import welcome

    assert welcome.opens_on_welcome("?compare=protection&lang=fr")
    assert not welcome.opens_on_welcome("?compare=protection&game=senet")
