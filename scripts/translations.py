#!/usr/bin/env python3
"""The translation catalogs: extract, update, compile and check (uses Babel; run it
with the project's venv, e.g. ``.venv/bin/python scripts/translations.py check``).

    extract        scan src/ludeum/**/*.py and src/web/*.py for _("...") and
                   N_("...") and write the template src/ludeum/locale/ludeum.pot
    update         merge the template into every language's ludeum.po: translations
                   are kept, new messages are added untranslated, removed ones dropped
                   (--fuzzy: let Babel guess from similar old messages, marked fuzzy)
    compile        write each ludeum.mo beside its ludeum.po (the app reads only .mo)
    check          exit 1, listing them, if any message of the sources is missing,
                   untranslated or fuzzy in a language, if a translation's {fields}
                   differ from its message's, or if a .mo is not the compiled .po
    init LANG      start a new language's ludeum.po from the template
    all            extract, update, compile, then check

The .po files are the source of truth that translators edit; the .mo files are
committed too, so that building the site needs nothing but the standard library.
See docs/translating.md.
"""

from __future__ import annotations

import argparse
import gettext
import io
import string
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
LOCALE = SRC / "ludeum" / "locale"
TEMPLATE = LOCALE / "ludeum.pot"
DOMAIN = "ludeum"
KEYWORDS = {"_": None, "N_": None}
#: _n(singular, plural, count): a message with plural forms (ludeum.i18n._n).
PLURAL_KEYWORDS = {"_n": (1, 2)}
#: A comment starting with this, just above a message, is shown to translators.
COMMENT_TAGS = ("Translators:",)
CATALOG_FIELDS = {
    "project": "Ludeum",
    "version": "1",
    "copyright_holder": "the Ludeum authors",
    "msgid_bugs_address": "the Ludeum issue tracker",
    "charset": "utf-8",
}
TEMPLATE_HEADER = """\
# The messages of Ludeum: the template every language's catalog is updated from.
# Written by scripts/translations.py extract; never edit it by hand
# (docs/translating.md)."""
LANGUAGE_HEADER = """\
# LANGUAGE translations of Ludeum's messages.
# Kept in step with ludeum.pot by scripts/translations.py update; edit the msgstr
# lines, then run scripts/translations.py compile (docs/translating.md)."""
WIDTH = 79  # where GNU gettext wraps too, so other .po tools rewrap nothing


def sources() -> list[Path]:
    files = sorted(p for p in (SRC / "ludeum").rglob("*.py") if "__pycache__" not in p.parts)
    glue = sorted((SRC / "web").glob("*.py"))
    return [*files, *glue]


def extract() -> Catalog:
    """Every message of the sources, in file order, located by file (no line numbers,
    so that editing code does not touch the catalogs)."""
    catalog = Catalog(header_comment=TEMPLATE_HEADER, fuzzy=False, **CATALOG_FIELDS)
    for path in sources():
        where = path.relative_to(SRC).as_posix()
        found = extract_from_file(
            "python", path, keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True
        )
        plural = extract_from_file(
            "python",
            path,
            keywords=PLURAL_KEYWORDS,
            comment_tags=COMMENT_TAGS,
            strip_comment_tags=True,
        )
        for lineno, message, comments, _context in sorted([*found, *plural], key=lambda m: m[0]):
            if isinstance(message, tuple) and len(message) == 2 and all(message):
                pass  # _n(singular, plural, count): kept as a pair
            elif isinstance(message, tuple):  # _() with several literal arguments
                message = message[0]
            if message:
                catalog.add(message, None, [(where, lineno)], auto_comments=comments)
    return catalog


def languages() -> list[str]:
    return sorted(p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES").is_dir())


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(code: str) -> Path:
    return po_path(code).with_suffix(".mo")


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=locale, domain=DOMAIN)


def write(path: Path, catalog: Catalog, **options) -> bool:
    """Write a .po/.pot; returns whether the file changed."""
    for message in catalog:
        # Babel takes "95% confidence" for a printf format; no message here uses %.
        message.flags.discard("python-format")
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=WIDTH, include_lineno=False, ignore_obsolete=True, **options)
    data = buffer.getvalue()
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def cmd_extract() -> int:
    catalog = extract()
    if TEMPLATE.exists():
        # Keep the old date when nothing else changed: no churn in the catalogs.
        now, catalog.creation_date = catalog.creation_date, read(TEMPLATE).creation_date
        if not write(TEMPLATE, catalog):
            print(f"{TEMPLATE.relative_to(ROOT)}: unchanged, {len(catalog)} messages")
            return 0
        catalog.creation_date = now
    write(TEMPLATE, catalog)
    print(f"{TEMPLATE.relative_to(ROOT)}: {len(catalog)} messages")
    return 0


def cmd_update(fuzzy: bool) -> int:
    template = read(TEMPLATE)
    for code in languages():
        path = po_path(code)
        catalog = read(path, locale=code)
        before = {m.id: m.string for m in catalog if m.id}
        catalog.update(template, no_fuzzy_matching=not fuzzy, update_header_comment=False)
        catalog.creation_date = template.creation_date
        write(path, catalog)
        ids = {m.id for m in catalog if m.id}
        new = sorted(ids - before.keys(), key=str)  # a plural message's id is a tuple
        untranslated = [m.id for m in catalog if m.id and not m.string]
        print(
            f"{path.relative_to(ROOT)}: {len(ids)} messages, {len(new)} new, "
            f"{len(before.keys() - ids)} removed, {len(untranslated)} untranslated"
        )
    return 0


def compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def cmd_compile() -> int:
    for code in languages():
        catalog = read(po_path(code), locale=code)
        data = compiled(catalog)
        path = mo_path(code)
        changed = not path.exists() or path.read_bytes() != data
        if changed:
            path.write_bytes(data)
        state = "written" if changed else "unchanged"
        print(f"{path.relative_to(ROOT)}: {state}, {sum(1 for m in catalog if m.id)} messages")
    return 0


def fields(text: str) -> set[str]:
    """The names of the ``{fields}`` str.format fills in a message."""
    return {name for _text, name, _spec, _conv in string.Formatter().parse(text) if name}


def translation_problems(source: Catalog, catalog: Catalog) -> list[str]:
    """What keeps a language from showing every message of ``source`` translated."""
    problems = []
    for message in source:
        if not message.id:
            continue
        where = ", ".join(dict.fromkeys(f for f, _line in message.locations))
        entry = catalog.get(message.id)
        if entry is None:
            problems.append(f"missing ({where}): {message.id!r}")
        elif not all(forms(entry)):
            problems.append(f"untranslated ({where}): {message.id!r}")
        elif entry.fuzzy:
            problems.append(f"fuzzy ({where}): {message.id!r}")
        elif message.pluralizable and len(forms(entry)) != catalog.num_plurals:
            problems.append(
                f"{len(forms(entry))} plural forms instead of {catalog.num_plurals}: {message.id!r}"
            )
        else:
            problems.extend(field_problems(message, entry))
    return problems


def forms(message) -> tuple[str, ...]:
    """A message's text, or its plural forms, as a tuple."""
    text = message.string
    return tuple(text) if isinstance(text, (tuple, list)) else (text,)


def field_problems(message, entry) -> list[str]:
    """A translation must fill the message's {fields}, no more and no fewer. A plural
    form may leave out {count} (Arabic says "one move", "two moves" in words)."""
    source = message.id[-1] if message.pluralizable else message.id
    wanted = fields(source)
    problems = []
    for text in forms(entry):
        try:
            found = fields(text)
        except ValueError as error:  # a stray brace: str.format would raise
            problems.append(f"broken braces ({error}): {text!r}")
            continue
        if message.pluralizable:
            found, wanted_here = found - {"count"}, wanted - {"count"}
        else:
            wanted_here = wanted
        if found != wanted_here:
            problems.append(
                f"fields {sorted(found)} instead of {sorted(wanted_here)}: {message.id!r}"
            )
    return problems


def mo_catalog(path: Path) -> dict[str, str]:
    with path.open("rb") as file:
        return dict(gettext.GNUTranslations(file)._catalog)


def po_catalog(catalog: Catalog) -> dict[str, str]:
    """What a correct .mo holds for a .po: its header and its translated messages."""
    return mo_catalog_from_bytes(compiled(catalog))


def mo_catalog_from_bytes(data: bytes) -> dict[str, str]:
    return dict(gettext.GNUTranslations(io.BytesIO(data))._catalog)


def cmd_check() -> int:
    source = extract()
    failed = False
    for code in languages():
        catalog = read(po_path(code), locale=code)
        problems = translation_problems(source, catalog)
        if not mo_path(code).exists() or mo_catalog(mo_path(code)) != po_catalog(catalog):
            problems.append(f"{mo_path(code).name} is not the compiled {po_path(code).name}")
        name = po_path(code).relative_to(ROOT)
        if problems:
            failed = True
            print(f"{name}: {len(problems)} problems")
            for problem in problems:
                print(f"  {problem}")
        else:
            print(f"{name}: all {len(source)} messages translated")
    return 1 if failed else 0


def cmd_init(code: str) -> int:
    path = po_path(code)
    if path.exists():
        print(f"{path.relative_to(ROOT)} exists already: use update", file=sys.stderr)
        return 1
    template = read(TEMPLATE)
    catalog = Catalog(
        locale=code,
        domain=DOMAIN,
        header_comment=LANGUAGE_HEADER,
        creation_date=template.creation_date,
        revision_date=datetime.now(UTC),
        last_translator="Ludeum translators",
        fuzzy=False,
        **CATALOG_FIELDS,
    )
    catalog.language_team = catalog.locale.english_name
    catalog.header_comment = LANGUAGE_HEADER.replace("LANGUAGE", catalog.locale.english_name)
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    write(path, catalog)
    print(f"{path.relative_to(ROOT)}: {len(template)} messages to translate")
    print("Add the language to LANGUAGES in src/ludeum/i18n.py, translate, then compile.")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("extract", help="write the template from the sources")
    update = commands.add_parser("update", help="merge the template into every .po")
    update.add_argument("--fuzzy", action="store_true", help="guess from similar old messages")
    commands.add_parser("compile", help="write every .mo")
    commands.add_parser("check", help="exit 1 if anything is untranslated or stale")
    init = commands.add_parser("init", help="start a new language")
    init.add_argument("code", help="language code, e.g. de")
    commands.add_parser("all", help="extract, update, compile, check")
    args = parser.parse_args(argv)
    if args.command == "extract":
        return cmd_extract()
    if args.command == "update":
        return cmd_update(args.fuzzy)
    if args.command == "compile":
        return cmd_compile()
    if args.command == "check":
        return cmd_check()
    if args.command == "init":
        return cmd_init(args.code)
    return cmd_extract() or cmd_update(False) or cmd_compile() or cmd_check()


if __name__ == "__main__":
    sys.exit(main())
