"""The Content-Security-Policy: index.html's <meta> and the header documented in
docs/deploying.md name the same directives (the header adds only what a meta cannot
carry), so they cannot drift apart; and the page needs no inline allowance."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "index.html"
DOC = ROOT / "docs" / "deploying.md"
#: Directives browsers ignore in a <meta> policy (CSP 3, "Policy delivery"), so only
#: the header can give them; the header the docs give must not add anything else.
HEADER_ONLY = {"frame-ancestors", "report-uri", "report-to", "sandbox"}
#: The header value in the documented nginx and Apache lines (the value is quoted).
DOC_HEADER = re.compile(r'Content-Security-Policy "([^"]+)"')

Policy = dict[str, tuple[str, ...]]


def parse(policy: str) -> Policy:
    """Directive name -> its source list, in order; a name may appear only once."""
    parsed: Policy = {}
    for part in policy.split(";"):
        words = part.split()
        if not words:
            continue
        name = words[0].lower()
        assert name not in parsed, f"{name} twice in {policy!r}"
        parsed[name] = tuple(words[1:])
    return parsed


class _Head(HTMLParser):
    """The CSP metas of a page, where each appears among the page's start tags, and
    what inline script or style the page holds."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.policies: list[tuple[int, str]] = []
        self.inline: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "meta" and (attributes.get("http-equiv") or "").lower() == (
            "content-security-policy"
        ):
            self.policies.append((len(self.tags), attributes.get("content") or ""))
        if "style" in attributes or tag == "style":
            self.inline.append(f"<{tag}> with a style")
        if any(name.startswith("on") for name in attributes):
            self.inline.append(f"<{tag}> with an event-handler attribute")
        self._in_script = tag == "script" and "src" not in attributes
        self.tags.append(tag)

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.inline.append("an inline <script>")


def page() -> _Head:
    parser = _Head()
    parser.feed(PAGE.read_text(encoding="utf-8"))
    return parser


def meta_policy() -> str:
    policies = page().policies
    assert len(policies) == 1, "index.html must carry exactly one CSP meta"
    return policies[0][1]


def documented_headers() -> list[str]:
    return DOC_HEADER.findall(DOC.read_text(encoding="utf-8"))


def test_the_meta_comes_before_anything_it_governs():
    parsed = page()
    position = parsed.policies[0][0]
    before = parsed.tags[:position]
    assert not {"script", "link", "style", "base"} & set(before), before


def test_the_meta_holds_no_directive_a_meta_cannot_carry():
    assert HEADER_ONLY.isdisjoint(parse(meta_policy()))


def test_the_documented_header_is_the_meta_plus_header_only_directives():
    meta = parse(meta_policy())
    headers = documented_headers()
    assert len(headers) >= 2, "docs/deploying.md gives the header for nginx and Apache"
    for header in headers:
        parsed = parse(header)
        page_part = {name: sources for name, sources in parsed.items()
                     if name not in HEADER_ONLY}  # fmt: skip
        assert page_part == meta, f"header and meta differ:\n{header}\n{meta_policy()}"
        # Embeddable anywhere by default (docs/embedding.md); the docs say how to narrow it.
        assert parsed["frame-ancestors"] == ("*",)


def test_the_docs_show_the_meta_policy_as_shipped():
    assert f"    {meta_policy()}\n" in DOC.read_text(encoding="utf-8")


def test_the_policy_allows_no_javascript_eval_and_no_inline_code():
    meta = parse(meta_policy())
    sources = {source for values in meta.values() for source in values}
    assert not {"'unsafe-eval'", "'unsafe-inline'", "*", "data:", "blob:"} & sources
    assert meta["default-src"] == ("'none'",)
    # So the page must hold nothing inline that the policy would refuse.
    assert page().inline == []


def test_the_policy_requires_trusted_types_and_allows_only_the_pages_own_policy():
    """Issue 41: markup sinks take only values made by the policy "ludeum"
    (static/markup-policy.js), and no other policy, a default one included, can be
    made: a third-party script on the page could not open a door of its own."""
    meta = parse(meta_policy())
    assert meta["require-trusted-types-for"] == ("'script'",)
    assert meta["trusted-types"] == ("ludeum",)
    made = re.findall(
        r"createPolicy\(\s*'([^']+)'", (ROOT / "static" / "markup-policy.js").read_text("utf-8")
    )
    assert made == ["ludeum"]
    # The policy script runs first of the head scripts, before any of them needs it.
    scripts = re.findall(r'<script[^>]*src="([^"]+)"', PAGE.read_text(encoding="utf-8"))
    assert scripts[0] == "static/markup-policy.js"
