"""The rules pages' answer to "how much does skill matter?", from measured games.

The figures come from ``benchmarks/luck_vs_skill.py``, stored in ``skill_study``:
per ruleset, how long games last, how much throwing first helps, and how often the
app's Hard player beats a player who moves at random. A game of pure luck would let
the random player win half the time, so the further Hard's rate is above one half,
the more that ruleset rewards good play.
"""

from __future__ import annotations

from html import escape

from ..i18n import N_, _
from .rulesets import PRESETS, SenetRules
from .setup_form import kendall_options, ruleset_name

#: The readings every page compares (Kendall without options stands for his family).
COMPARED = ("jequier", "jequier_ludii", "kendall", "tait")

HEADERS = (
    N_("Rules"),
    N_("Throws in a game"),
    N_("Games won by the first to throw"),
    N_("Games won by Hard against random moves"),
)
#: The figures' column heads as a phone shows them, where the table stacks each row
#: under its ruleset's name (static/app.css); the full heads stay there for screen
#: readers, and the note under the table says what each figure counts.
SHORT_HEADERS = (
    N_("Throws"),
    N_("First to throw wins"),
    N_("Hard against random"),
)


def _percent(value: float) -> str:
    return _("{percent}%", percent=round(100 * value))


def skill_section(rules: SenetRules) -> str:
    """An HTML fragment: the measured figures for ``rules`` and the main readings."""
    from .skill_study import RESULTS  # the measured table, only when a page is opened

    name = ruleset_name(rules)
    # Messages stay outside f-strings: the extractor does not look inside them.
    title = _("How much does skill matter under {rules}?", rules=name)
    out = [f"<h3>{escape(title)}</h3>"]
    row = RESULTS.get(rules.preset) if rules.preset in PRESETS else None
    if row is not None:
        low, high = row["stronger_wins_interval"]
        out.append(
            "<p>"
            + escape(
                _(
                    "In {games} games against a player who moves at random, the app's Hard "
                    "player won {rate} (95% confidence: {low} to {high}). If these rules were "
                    "pure luck, it would win about half of them.",
                    games=row["games"],
                    rate=_percent(row["stronger_wins"]),
                    low=_percent(low),
                    high=_percent(high),
                )
            )  # fmt: skip
            + "</p>"
        )
    else:
        out.append(
            "<p>"
            + escape(_("Custom rules have not been measured; here are the main readings."))
            + "</p>"
        )
    shown = list(COMPARED)
    if rules.preset in RESULTS and rules.preset not in shown:
        shown.append(rules.preset)
    caption = escape(_("Measured by the app's computer players"))
    out.append(f'<table class="skill-table"><caption>{caption}</caption><thead><tr>')
    out.append(f'<th scope="col">{escape(_(HEADERS[0]))}</th>')
    out.extend(
        f'<th scope="col"><span class="head-long">{escape(_(long))}</span>'
        f'<span class="head-short" aria-hidden="true">{escape(_(short))}</span></th>'
        for long, short in zip(HEADERS[1:], SHORT_HEADERS, strict=True)
    )
    out.append("</tr></thead><tbody>")
    for preset in shown:
        figures = RESULTS.get(preset)
        if figures is None:
            continue
        current = ' class="current"' if preset == rules.preset else ""
        first = 0.5 + figures["first_player_edge"]
        out.append(
            f'<tr{current}><th scope="row">{escape(ruleset_name(PRESETS[preset]))}</th>'
            f"<td>{round(figures['throws'])}</td><td>{escape(_percent(first))}</td>"
            f"<td>{escape(_percent(figures['stronger_wins']))}</td></tr>"
        )
    out.append("</tbody></table>")
    out.append(
        '<p class="note">'
        + escape(
            _(
                "Games won by the first to throw: between two computer players of equal "
                "strength ({games} games a ruleset). Hard against random: {strong} games a "
                "ruleset, each side starting half the time.",
                games=RESULTS[COMPARED[0]]["self_play_games"],
                strong=RESULTS[COMPARED[0]]["games"],
            )
        )  # fmt: skip
        + "</p>"
    )
    depth = _depth(RESULTS[COMPARED[0]].get("hard", ""))
    if depth:
        out.append(
            '<p class="note">'
            + escape(_("In these games Hard searched {depth} plies deep without a clock, "
                       "so that the figures can be measured again exactly; in play it "
                       "searches for up to a second a move.", depth=depth))
            + "</p>"
        )  # fmt: skip
    return "".join(out)


def luck_section(rules: SenetRules) -> str:
    """An HTML fragment: how much of a result is luck under the main readings (and
    ``rules``, when measured), from the analysis's study (``luck_share``, issue 53)."""
    from .luck_share import LUCK_SHARE  # the measured table, only when a page is opened

    shown = [p for p in COMPARED if p in LUCK_SHARE]
    if rules.preset in LUCK_SHARE and rules.preset not in shown:
        shown.append(rules.preset)
    if not shown:
        return ""
    title = _("How much of a result is luck?")
    caption = _("Share of the results explained by the difference in luck")
    return (f"<h3>{escape(title)}</h3>" + luck_table(shown, caption, rules.preset)
            + luck_note(LUCK_SHARE[shown[0]]["equal"]["games"]))  # fmt: skip


def luck_comparison() -> str:
    """An HTML fragment for the readings compared (``web.compare``): luck's share under
    every reading measured, the main ones in a table and Kendall's options (when the
    study measured them) in a second one, folded, for whoever compares them."""
    from .luck_share import LUCK_SHARE

    main = [p for p in COMPARED if p in LUCK_SHARE]
    options = [p for p in PRESETS if p in LUCK_SHARE and p not in COMPARED]
    if not main:
        return ""
    title = _("How much of a result is luck, in each reading?")
    caption = _("Share of the results explained by the difference in luck")
    out = [f'<section class="compare-luck"><h3>{escape(title)}</h3>',
           luck_table(main, caption)]  # fmt: skip
    if options:
        folded = _("Kendall's options")
        out.append(f'<details class="luck-options"><summary>{escape(folded)}</summary>')
        out.append(luck_table(options, _("Luck's share under each of Kendall's options"),
                              named=lambda rules: ", ".join(kendall_options(rules))))  # fmt: skip
        out.append("</details>")
    out.append(luck_note(LUCK_SHARE[main[0]]["equal"]["games"]))
    out.append("</section>")
    return "".join(out)


def luck_table(presets: list[str], caption: str, current: str = "", named=ruleset_name) -> str:
    """The study's table for ``presets`` (each measured), ``current`` marked, each
    row's rules ``named`` (by default their full name)."""
    from .luck_share import LUCK_SHARE

    heads = (_("Rules"), _("Equal players"), _("Easy against Hard"),
             _("Luckier side won"))  # fmt: skip
    out = [f'<table class="skill-table luck-table"><caption>{escape(caption)}</caption>'
           "<thead><tr>"]  # fmt: skip
    out.extend(f'<th scope="col">{escape(head)}</th>' for head in heads)
    out.append("</tr></thead><tbody>")
    for preset in presets:
        row = LUCK_SHARE[preset]
        marked = ' class="current"' if preset == current else ""
        luckier = _percent(row["equal"]["luckier_won"])
        cells = [_share(row["equal"]), _share(row["unequal"]), luckier]
        tds = "".join(f"<td>{escape(cell)}</td>" for cell in cells)
        out.append(f'<tr{marked}><th scope="row">{escape(named(PRESETS[preset]))}</th>'
                   f"{tds}</tr>")  # fmt: skip
    out.append("</tbody></table>")
    return "".join(out)


def luck_note(games: int) -> str:
    """What the luck tables count, and how far to trust them."""
    note = _("{games} games a reading and a pairing, each analysed: a throw's luck is how "
             "much better or worse it was than the average throw, with the computer's best "
             "play. The figure is the share of the results' spread that the two sides' "
             "difference in luck explains, with its 95% interval; the last column, how often "
             "the luckier side won between equal players. The more a stronger "
             "player wins, the less of the result is luck. The computer's search sees only "
             "so far: the luck it measures is approximate, which tends to make these shares "
             "smaller than the truth.", games=games)  # fmt: skip
    return f'<p class="note">{escape(note)}</p>'


def _share(row: dict) -> str:
    low, high = row["luck_share_interval"]
    # "28% (14–44%)": short enough for a third of a phone's column.
    return _("{share} ({low}\u2013{high})", share=_percent(row["luck_share"]),
             low=round(100 * low), high=_percent(high))  # fmt: skip


def _depth(hard: str) -> int | None:
    """The search depth a study's Hard used ("3 plies"), or None (on the clock)."""
    first = hard.split()[0] if hard else ""
    return int(first) if first.isdigit() else None
