"""The luck-versus-skill figures on the Senet rules pages (issue 6, item 6): every
ruleset has a measured row, the figures are coherent, and each page shows its own
ruleset's figures beside the main readings."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from ludeum.senet import JEQUIER, PRESETS
from ludeum.senet.rules_pages import rules_page
from ludeum.senet.setup_form import ruleset_name
from ludeum.senet.skill_page import COMPARED, luck_comparison, luck_section, skill_section
from ludeum.senet.skill_study import RESULTS


class Cells(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.rows.append([])

    def handle_data(self, data):
        self.text.append(data)
        if self.rows and self.lasttag in ("td", "th"):
            self.rows[-1].append(data)


def test_every_preset_was_measured_with_enough_games():
    assert set(RESULTS) == set(PRESETS)
    for name, row in RESULTS.items():
        assert row["games"] >= 200 and row["self_play_games"] >= 200, name
        assert row["throws"] > 0, name
        low, high = row["stronger_wins_interval"]
        assert 0 <= low <= row["stronger_wins"] <= high <= 1, name
        edge_low, edge_high = row["first_player_edge_interval"]
        assert -0.5 <= edge_low <= row["first_player_edge"] <= edge_high <= 0.5, name


@pytest.mark.parametrize("preset", ["tait", "kendall_trap", "jequier"])
def test_a_page_shows_its_own_ruleset_and_the_main_readings(preset):
    rules = PRESETS[preset]
    html = skill_section(rules)
    cells = Cells()
    cells.feed(html)
    text = "".join(cells.text)
    assert f"How much does skill matter under {ruleset_name(rules)}?" in text
    rate = round(100 * RESULTS[preset]["stronger_wins"])
    assert f"the app's Hard player won {rate}%" in text
    names = [row[0] for row in cells.rows[1:]]
    expected = [ruleset_name(PRESETS[p]) for p in COMPARED]
    if preset not in COMPARED:
        expected.append(ruleset_name(rules))
    assert names == expected
    # The current ruleset's row carries its own figures.
    row = cells.rows[1 + names.index(ruleset_name(rules))]
    assert row[1] == str(round(RESULTS[preset]["throws"]))
    assert row[3] == f"{rate}%"


def test_custom_rules_say_they_were_not_measured():
    custom = JEQUIER.with_options(bump_to_first_empty=True)
    assert custom.preset == "custom"
    html = skill_section(custom)
    assert "Custom rules have not been measured" in html
    assert html.count("<tr") == 1 + len(COMPARED)


def test_every_rules_page_carries_the_section():
    for preset in ("jequier", "jequier_ludii", "kendall_home_row", "tait"):
        assert "How much does skill matter under" in rules_page(PRESETS[preset])


def test_the_page_says_how_deep_the_measured_hard_searched():
    from ludeum.senet.rulesets import JEQUIER
    from ludeum.senet.skill_page import _depth, skill_section

    assert _depth("3 plies") == 3 and _depth("") is None and _depth("1.0 s") is None
    assert "searched 3 plies deep" in skill_section(JEQUIER)


def test_each_figure_head_has_its_full_wording_and_a_short_one_for_phones():
    """A phone shows the short heads (static/app.css stacks the rows there); the full
    wording stays in the head for screen readers, the short one is hidden from them."""
    from ludeum.senet.skill_page import HEADERS, SHORT_HEADERS

    html = skill_section(PRESETS["jequier"])
    head = html[html.index("<thead>") : html.index("</thead>")]
    assert head.count("<th ") == len(HEADERS)
    assert f'<th scope="col">{HEADERS[0]}</th>' in head
    for full, short in zip(HEADERS[1:], SHORT_HEADERS, strict=True):
        assert len(short) < len(full)
        assert (
            f'<th scope="col"><span class="head-long">{full}</span>'
            f'<span class="head-short" aria-hidden="true">{short}</span></th>'
        ) in head


def test_the_luck_share_of_every_ruleset_is_measured_with_its_interval():
    """Issue 53: the analysis's study (benchmarks/luck_share.py) for every reading,
    and every one of Kendall's options."""
    from ludeum.senet.luck_share import LUCK_SHARE

    assert set(LUCK_SHARE) == set(PRESETS)
    for preset in PRESETS:
        for kind in ("equal", "unequal"):
            row = LUCK_SHARE[preset][kind]
            assert row["games"] >= 150, (preset, kind)
            low, high = row["luck_share_interval"]
            assert 0 <= low <= row["luck_share"] <= high <= 1, (preset, kind)
            won_low, won_high = row["luckier_won_interval"]
            assert 0 <= won_low <= row["luckier_won"] <= won_high <= 1
        # Hard beats Easy, so less of the result is luck between them.
        assert LUCK_SHARE[preset]["unequal"]["stronger_won"] > 0.5


@pytest.mark.parametrize("preset", ["tait", "jequier"])
def test_a_rules_page_says_how_much_of_a_result_is_luck(preset):
    from ludeum.senet.luck_share import LUCK_SHARE

    html = luck_section(PRESETS[preset])
    cells = Cells()
    cells.feed(html)
    names = [row[0] for row in cells.rows[1:]]
    assert names == [ruleset_name(PRESETS[p]) for p in COMPARED]
    row = cells.rows[1 + COMPARED.index(preset)]
    share = round(100 * LUCK_SHARE[preset]["equal"]["luck_share"])
    assert row[1].startswith(f"{share}% (")
    assert "luck-table" in html and 'class="current"' in html
    assert "How much of a result is luck?" in rules_page(PRESETS[preset])


def test_the_readings_compared_show_luck_in_every_reading_and_kendalls_options_folded():
    """Issue 53: the readings-compared dialog's table: the main readings, then each of
    Kendall's fifteen options in a folded table, every figure from the study."""
    from ludeum.senet.luck_share import LUCK_SHARE

    html = luck_comparison()
    main, folded = html.split('<details class="luck-options">')
    cells = Cells()
    cells.feed(main)
    assert [row[0] for row in cells.rows[1:]] == [ruleset_name(PRESETS[p]) for p in COMPARED]
    options = [p for p in PRESETS if p not in COMPARED]
    assert len(options) == 15 and all(p.startswith("kendall_") for p in options)
    cells = Cells()
    cells.feed(folded)
    rows = cells.rows[1:]
    # Named by their options alone, under the caption that says whose they are.
    names = [ruleset_name(PRESETS[p]).removeprefix("Kendall, with ") for p in options]
    assert [row[0] for row in rows] == names
    for preset, row in zip(options, rows, strict=True):
        figures = LUCK_SHARE[preset]
        assert row[1].startswith(f"{round(100 * figures['equal']['luck_share'])}% (")
        assert row[2].startswith(f"{round(100 * figures['unequal']['luck_share'])}% (")
        assert row[3] == f"{round(100 * figures['equal']['luckier_won'])}%"
    assert 'class="current"' not in html  # no ruleset is this dialog's own
    assert "How much of a result is luck, in each reading?" in html
