"""The version (issue 40): written once, in ludeum.__version__; the build reads that
line, and CHANGELOG.md has a dated section for it, so that no release goes out
without saying what it changed."""

from __future__ import annotations

import re
from pathlib import Path

from build_script import load_build

import ludeum

ROOT = Path(__file__).resolve().parents[2]


def test_the_version_is_major_minor_patch() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+", ludeum.__version__)


def test_the_build_reads_the_same_version() -> None:
    build = load_build()
    assert build.VERSION == ludeum.__version__
    assert build.BUNDLE.name == f"ludeum-{ludeum.__version__}.zip"


def test_the_changelog_has_a_dated_section_for_this_version_first() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    released = re.findall(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$", changelog, re.M)
    assert released, "CHANGELOG.md has no released version"
    assert released[0][0] == ludeum.__version__, "the newest section is not this version"
    assert changelog.index("## [Unreleased]") < changelog.index(f"## [{ludeum.__version__}]")


def test_the_version_is_written_nowhere_else_in_the_page_or_the_code() -> None:
    # The page gets it from the build (its marker), never as a copy.
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    assert "<!-- build: version -->" in page and ludeum.__version__ not in page
