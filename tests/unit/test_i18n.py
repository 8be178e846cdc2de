"""Translation (``ludeum.i18n``): ``_`` looks a message up in the current language's
catalog and fills its fields; unknown languages fall back to English; and every
message in the sources can be extracted into catalogs by a tool (checked with ast)."""

from __future__ import annotations

import ast
import gettext
import string
from pathlib import Path

import pytest

from ludeum import i18n
from ludeum.i18n import N_, _, language, set_language

SRC = Path(__file__).resolve().parents[2] / "src"


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


class Toy(gettext.NullTranslations):
    """A tiny catalog, so these tests do not depend on the real French wording."""

    TABLE = {
        "White": "Blanc",
        "Player {number}": "Joueur {number}",
        "{side} threw {value}: lost": "{side} a lancé {value} : perdu",
    }

    def gettext(self, message):
        return self.TABLE.get(message, message)


@pytest.fixture
def french(monkeypatch):
    monkeypatch.setitem(i18n._catalogs, "fr", Toy())


# -- the translation function ------------------------------------------------------------------


def test_english_is_the_default_and_needs_no_catalog():
    assert language() == "en" and i18n._catalog("en") is None
    assert _("White") == "White"


def test_fields_are_filled_by_name():
    assert _("Player {number}", number=2) == "Player 2"
    assert _("{side} threw {value}: lost", side="Black", value=6) == "Black threw 6: lost"


def test_a_message_without_fields_is_returned_as_written():
    assert _("Keys: {T} throws") == "Keys: {T} throws"  # no fields given: no formatting


def test_a_missing_field_is_an_error_not_a_silent_blank():
    with pytest.raises(KeyError):
        _("Player {number}", player=2)


@pytest.mark.parametrize("code", ["fr-CA", "es", "", "EN", "english", "xx"])
def test_set_language_falls_back_to_english_for_unknown_codes(code):
    assert set_language(code) == "en"
    assert language() == "en" and _("White") == "White"


def test_a_known_language_translates_and_fills_the_translation(french):
    assert set_language("fr") == "fr" and language() == "fr"
    assert _("White") == "Blanc"
    assert _("Player {number}", number=1) == "Joueur 1"
    assert _("{side} threw {value}: lost", side="Noir", value=4) == "Noir a lancé 4 : perdu"
    assert _("Black") == "Black"  # not in the catalog: English


def test_an_unknown_code_after_a_known_one_goes_back_to_english(french):
    set_language("fr")
    assert set_language("zz") == "en"
    assert _("White") == "White"


def test_n_marks_a_message_without_translating_it(french):
    set_language("fr")
    assert N_("White") == "White"


# -- messages in the sources can be extracted ------------------------------------------------------


def source_files() -> list[Path]:
    files = sorted(SRC.rglob("*.py"))
    assert files, f"no sources under {SRC}"
    return files


def calls_to(name: str):
    """(path, module tree, call) for every call of the function ``name`` in src/."""
    for path in source_files():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                if node.func.id == name:
                    yield path, tree, node


def is_literal(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def where(path: Path, node: ast.AST) -> str:
    return f"{path.relative_to(SRC)}:{node.lineno}"


def marked_tables(tree: ast.Module) -> set[str]:
    """Module-level tables (dict, list, tuple, set) whose every message is ``N_("...")``."""
    tables = set()
    for statement in tree.body:
        if isinstance(statement, ast.Assign):
            targets, value = statement.targets, statement.value
        elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
            targets, value = [statement.target], statement.value
        else:
            continue
        if isinstance(value, ast.Dict):
            items = value.values
        elif isinstance(value, ast.List | ast.Tuple | ast.Set):
            items = value.elts
        else:
            continue
        marked = all(
            isinstance(item, ast.Call)
            and isinstance(item.func, ast.Name)
            and item.func.id == "N_"
            and len(item.args) == 1
            and is_literal(item.args[0])
            for item in items
        )
        if items and marked:
            tables.update(t.id for t in targets if isinstance(t, ast.Name))
    return tables


def reads_marked_table(tree: ast.Module, argument: ast.AST) -> bool:
    """Whether a non-literal message comes from an N_-marked table: it indexes one
    (``_(TABLE[key])``), or is a loop variable over one (``for k, m in TABLE.items()``)."""
    tables = marked_tables(tree)
    names = {n.id for n in ast.walk(argument) if isinstance(n, ast.Name)}
    if names & tables:
        return True
    for loop in ast.walk(tree):
        if isinstance(loop, ast.For | ast.comprehension):
            bound = {n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name)}
            source = {n.id for n in ast.walk(loop.iter) if isinstance(n, ast.Name)}
            if names & bound and source & tables:
                return True
    return False


def test_the_sources_do_translate_their_messages():
    files = {path.relative_to(SRC).as_posix() for path, _tree, _call in calls_to("_")}
    assert {"ludeum/senet/log.py", "ludeum/senet/svg.py", "web/page.py"} <= files
    assert sum(1 for _call in calls_to("_")) > 30


def extractable_messages() -> set[str]:
    """What a catalog extractor finds: the literal messages of _("...") and N_("...")."""
    return {
        call.args[0].value
        for name in ("_", "N_")
        for _path, _tree, call in calls_to(name)
        if call.args and is_literal(call.args[0])
    }


@pytest.mark.long
def test_every_message_shown_can_be_extracted_for_a_catalog(monkeypatch):
    # Record every message that reaches _ while the views render many states of every
    # reading, the rules pages and the new-game form; each must be one a catalog
    # extractor finds in the sources (written literally in _("...") or N_("...")).
    import random

    from ludeum import i18n
    from ludeum.chance import random_choice
    from ludeum.protocol import CHANCE
    from ludeum.senet import PRESETS, log, new_game, rules_pages, setup_form, svg, throw_sticks

    shown: set[str] = set()
    real = i18n._

    def recording(message, **fields):
        shown.add(message)
        return real(message, **fields)

    for module in (log, svg, rules_pages, setup_form):
        monkeypatch.setattr(module, "_", recording)
    for name, rules in PRESETS.items():
        setup_form.form_html(rules)
        setup_form.ruleset_name(rules)
        rules_pages.rules_page(rules)
        source = random.Random(name)
        state = new_game(rules, first_seat=1)
        while state.to_act() is not None and state.throws < 300:
            before = state
            action = (
                throw_sticks(source)
                if state.to_act() == CHANCE
                else random_choice(state.legal_moves(), source)
            )
            state = state.apply(action)
            log.status(state)
            log.log_entry(before, action, state)
            selected = state.legal_moves()[0].src if state.legal_moves() else None
            svg.board_svg(state, selected=selected)
            svg.sticks_svg(state)
    assert len(shown) > 60
    assert shown - extractable_messages() == set()


def test_every_n_call_marks_a_string_literal():
    bad = [where(p, c) for p, _t, c in calls_to("N_") if not (c.args and is_literal(c.args[0]))]
    assert bad == []


def test_translation_calls_pass_one_message_and_exactly_the_fields_it_names():
    problems = []
    for path, _tree, call in calls_to("_"):
        if len(call.args) != 1:
            problems.append(f"{where(path, call)}: {len(call.args)} positional arguments")
        if not (call.args and is_literal(call.args[0])):
            continue
        message = call.args[0].value
        named = {field for _text, field, _spec, _conv in string.Formatter().parse(message)}
        named.discard(None)
        given = {keyword.arg for keyword in call.keywords}
        if None in given:
            problems.append(f"{where(path, call)}: fields passed with **")
        elif given and named != given:
            problems.append(f"{where(path, call)}: names {sorted(named)}, given {sorted(given)}")
        elif not given and ("{" in message or "}" in message):
            problems.append(f"{where(path, call)}: braces but no fields: {message!r}")
    assert problems == []


def test_the_extraction_check_catches_a_message_in_a_variable():
    tree = ast.parse(
        'NAMES = {1: "one"}\nMARKED = {1: N_("one")}\n'
        "def f(k, m):\n    return _(NAMES[k]) + _(MARKED[k]) + _(m)\n"
    )
    calls = sorted(
        (n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "_"),
        key=lambda call: call.col_offset,
    )
    verdicts = [reads_marked_table(tree, call.args[0]) for call in calls]
    assert verdicts == [False, True, False]
    assert marked_tables(tree) == {"MARKED"}
