#!/usr/bin/env python3
"""Check a live deployment of Ludeum from outside, as a browser meets it (stdlib only;
it reads scripts/hosting.py beside it for the rules):

    python3 scripts/check_site.py https://museum.example/games/ludeum/

It asks the server for the page and for every file the page names (the scripts, the
style sheet, the manifest, Python's runtime, the engine, the languages, the snapshot,
the service worker, version.json) and checks, for each: that it is there; its type,
where browsers insist on one; that large files travel compressed; that files whose
names say their content may be kept and the others are revalidated; the
Content-Security-Policy on every response, sw.js included; that the address without
its slash is sent to the one with it; that the service worker's scope is the site's
folder; and which version is served. Each fault is one plain line; the exit status
is 1 when there is any, 0 when there is none (notes, which only advise, do not count).
`--version 1.0.0` also fails when another version is served.
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
import hosting  # noqa: E402

#: Files that travel compressed on any sensible host: a raw one costs a visitor on a
#: school's wifi megabytes (the wasm: 9.6 MB raw, 2.6 MB with brotli).
MUST_COMPRESS = (".wasm", ".zip", ".mjs", ".js", ".css", ".html", ".snapshot")
#: Below this a response fits in a few packets whatever its encoding.
SMALL = 4096
#: A cache lifetime under a day for a file whose name says its content is a note:
#: correct, but every visit asks again.
A_DAY = 86_400


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes


@dataclass
class Report:
    faults: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: Files named by their content but kept less than a day: said once, in a note.
    short_lived: list[str] = field(default_factory=list)

    def fault(self, text: str) -> None:
        self.faults.append(text)

    def note(self, text: str) -> None:
        self.notes.append(text)


def ask(url: str, accept_encoding: str = "br, gzip", timeout: float = 60) -> Reply:
    """One GET, no redirect followed, the body as sent (never decompressed)."""
    parts = urlsplit(url)
    kind = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    connection = kind(parts.hostname, parts.port, timeout=timeout)
    try:
        path = parts.path or "/"
        connection.putrequest(
            "GET", path + (f"?{parts.query}" if parts.query else ""), skip_accept_encoding=True
        )
        connection.putheader("Accept-Encoding", accept_encoding)
        connection.putheader("User-Agent", "ludeum-check-site")
        connection.endheaders()
        response = connection.getresponse()
        headers = {name.lower(): value for name, value in response.getheaders()}
        return Reply(response.status, headers, response.read())
    finally:
        connection.close()


def decoded(reply: Reply) -> bytes:
    encoding = reply.headers.get("content-encoding", "")
    if encoding == "gzip":
        import gzip

        return gzip.decompress(reply.body)
    if encoding == "br":
        raise ValueError("brotli")  # the standard library has no brotli: ask again
    return reply.body


class _Names(HTMLParser):
    """The files a page names: src and href of its scripts and links, and its
    script type=py's config."""

    def __init__(self) -> None:
        super().__init__()
        self.files: list[str] = []
        self.site_files: str = ""
        self._in_site_files = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag in ("script", "link"):
            for key in ("src", "href", "config"):
                value = named.get(key)
                if value and not value.startswith(("data:", "#", "http:", "https:")):
                    if tag == "link" and key == "href" and value in ("./", "."):
                        continue
                    self.files.append(value)
        self._in_site_files = tag == "script" and named.get("id") == "site-files"

    def handle_data(self, data: str) -> None:
        if self._in_site_files:
            self.site_files += data

    def handle_endtag(self, tag: str) -> None:
        self._in_site_files = False


def page_files(page: str) -> list[str]:
    names = _Names()
    names.feed(page)
    files = list(names.files)
    if names.site_files.strip():
        files += json.loads(names.site_files).values()
    return list(dict.fromkeys(files))


def loader_files(loader: str) -> list[str]:
    """The files the snapshot loader names: the engine, the languages, the snapshots."""
    files = re.findall(r"'\.\./(src/ludeum\.[0-9a-f]{10}\.zip)'", loader)
    found = re.search(r"const CATALOGS = (\{.*?\});", loader)
    if found:
        files += json.loads(found.group(1)).values()
    for name in ("SNAPSHOT_WITH_JSPI", "SNAPSHOT_WITHOUT_JSPI"):
        found = re.search(rf"const {name} = (\{{.*?\}});", loader)
        if found:
            files.append(json.loads(found.group(1))["url"])
    return files


def max_age(cache_control: str) -> int | None:
    found = re.search(r"max-age=(\d+)", cache_control)
    return int(found.group(1)) if found else None


def revalidated(cache_control: str) -> bool:
    """Whether a browser checks with the server before each use of its copy."""
    words = cache_control.lower()
    return "no-cache" in words or "no-store" in words or max_age(words) == 0


def check_file(report: Report, url: str, name: str, reply: Reply, policy: str | None) -> None:
    headers = reply.headers
    if reply.status != 200:
        report.fault(f"{name}: the server answered {reply.status}, not 200 (is it deployed?)")
        return
    suffix = Path(urlsplit(url).path).suffix
    kind = headers.get("content-type", "").split(";")[0].strip().lower()
    wanted = hosting.media_type(f"x{suffix}")
    if suffix in (".js", ".mjs") and "javascript" not in kind:
        report.fault(
            f"{name}: served as {kind or 'no type'}; browsers run modules only "
            "when served as text/javascript"
        )
    elif suffix == ".wasm" and kind != "application/wasm":
        report.fault(
            f"{name}: served as {kind or 'no type'}, not application/wasm: Python cannot start"
        )
    elif suffix == ".webmanifest" and kind != "application/manifest+json":
        report.note(f"{name}: served as {kind or 'no type'}, not {wanted}")
    elif suffix == ".css" and kind != "text/css":
        report.fault(f"{name}: served as {kind or 'no type'}, not text/css: the page is unstyled")
    elif suffix == ".html" and kind != "text/html":
        report.fault(f"{name}: served as {kind or 'no type'}, not text/html")
    encoding = headers.get("content-encoding")
    raw = suffix in MUST_COMPRESS and len(reply.body) > SMALL and encoding not in ("br", "gzip")
    if raw and suffix == ".snapshot":
        # The page drops a raw snapshot and asks for its .gz side file by name.
        if ask(url + ".gz").status != 200:
            report.fault(f"{name}: sent raw and its .gz side file is missing: deploy it")
    elif raw:
        report.fault(
            f"{name}: sent uncompressed ({len(reply.body):,} bytes); serve the "
            ".br and .gz side files (docs/deploying.md, deploy/)"
        )
    if encoding and "accept-encoding" not in headers.get("vary", "").lower():
        report.fault(
            f"{name}: compressed without Vary: Accept-Encoding; a shared cache "
            "may hand the brotli copy to a browser that cannot read it"
        )
    cache = headers.get("cache-control", "")
    path = urlsplit(url).path
    if hosting.cache_control(path) == hosting.IMMUTABLE:
        age = max_age(cache)
        if "no-store" in cache or age is None or age < A_DAY:
            report.short_lived.append(f"{name} ({cache or 'no Cache-Control'})")
    elif not revalidated(cache):
        report.fault(
            f"{name}: Cache-Control {cache or 'none'}: its name stays when a "
            "new version comes, so browsers must revalidate it (no-cache)"
        )
    if policy is not None and headers.get("content-security-policy") != policy:
        report.fault(
            f"{name}: its Content-Security-Policy header is missing or differs "
            "from the page's; send it on every response"
        )


def check(site: str, version: str | None = None) -> Report:
    report = Report()
    if not site.endswith("/"):
        site += "/"
    parts = urlsplit(site)
    if parts.scheme == "http" and parts.hostname not in ("localhost", "127.0.0.1", "::1"):
        report.fault(
            f"{site}: plain HTTP: browsers allow offline play and installing only over HTTPS"
        )
    try:
        page_reply = ask(site)
    except OSError as error:
        report.fault(f"{site}: no answer ({error})")
        return report
    if page_reply.status != 200:
        report.fault(f"{site}: the server answered {page_reply.status}, not 200")
        return report
    policy = page_reply.headers.get("content-security-policy")
    if policy is None:
        report.fault(
            "index.html: no Content-Security-Policy header (the page's meta "
            "cannot give frame-ancestors or cover the workers)"
        )
    elif "frame-ancestors" not in policy:
        report.note("index.html: the policy has no frame-ancestors: any site may frame it")
    check_file(report, site + "index.html", "index.html", page_reply, policy)
    try:
        page = decoded(page_reply).decode("utf-8")
    except ValueError:
        page = decoded(ask(site, "gzip")).decode("utf-8")
    # Without its slash, the address must lead to the one with it.
    if parts.path not in ("", "/"):
        bare = site.rstrip("/")
        reply = ask(bare)
        target = urljoin(bare, reply.headers.get("location", ""))
        if reply.status not in (301, 302, 307, 308) or target.rstrip("?") != site:
            report.fault(
                f"{bare}: answered {reply.status} instead of a redirect to {site} "
                "(relative URLs would resolve one folder up)"
            )
    files = page_files(page)
    for name in files:
        url = urljoin(site, name)
        reply = ask(url)
        check_file(report, url, name, reply, policy)
        if name.endswith(".mjs") and "python-snapshot" in name and reply.status == 200:
            try:
                loader = decoded(reply).decode("utf-8")
            except ValueError:
                loader = decoded(ask(url, "gzip")).decode("utf-8")
            for more in loader_files(loader):
                check_file(report, urljoin(site, more), more, ask(urljoin(site, more)), policy)
    # The service worker, beside the page: its scope is the site's folder.
    worker = ask(site + "sw.js")
    check_file(report, site + "sw.js", "sw.js", worker, policy)
    if worker.status == 200 and "service-worker-allowed" in worker.headers:
        report.note(
            f"sw.js: Service-Worker-Allowed {worker.headers['service-worker-allowed']}"
            " widens what the worker may control; the app needs none"
        )
    if not REGISTRATION.search(page + _head_script(site, files)):
        report.note("the page's service worker registration was not found: an old build?")
    if report.short_lived:
        report.note(
            f"{len(report.short_lived)} files whose names say their content may be kept a "
            f"year ({hosting.IMMUTABLE}); these are kept less than a day, so returning "
            f"visitors ask for them again: {', '.join(report.short_lived[:3])}"
            + (", ..." if len(report.short_lived) > 3 else "")
        )
    # The version served.
    about = ask(site + "version.json")
    if about.status != 200:
        report.fault(f"version.json: the server answered {about.status}: deploy the whole build")
    else:
        try:
            if about.headers.get("content-encoding") == "br":
                about = ask(site + "version.json", "gzip")
            served = json.loads(decoded(about))["version"]
        except (ValueError, KeyError):
            report.fault("version.json: not the build's (no version in it)")
        else:
            if f"Ludeum {served}" not in page:
                report.fault(
                    f"version.json says {served}, the page another: a mix of two deployments"
                )
            if version is not None and served != version:
                report.fault(f"version {served} is served, not {version}")
            report.note(f"version {served} is served")
        if not revalidated(about.headers.get("cache-control", "")):
            report.fault("version.json: must be revalidated (no-cache), like index.html")
    return report


#: How the page registers its service worker: since issue 41 through the page's one
#: Trusted Types policy (static/boot.js), before that with the bare name.
REGISTRATION = re.compile(
    r"register\((?:window\.ludeumMarkup\.createScriptURL\()?'sw\.js'\)?,\s*\{\s*scope:\s*'\./'"
)


def _head_script(site: str, files: list[str]) -> str:
    """The head script's text, where the service worker is registered."""
    for name in files:
        if re.search(r"static/head\.[0-9a-f]{10}\.js$", name):
            reply = ask(urljoin(site, name), "gzip")
            if reply.status == 200:
                return decoded(reply).decode("utf-8", "replace")
    return ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Check a live deployment of Ludeum.")
    parser.add_argument("url", help="the site's address, e.g. https://museum.example/games/ludeum/")
    parser.add_argument("--version", help="fail unless this version is served")
    args = parser.parse_args(argv)
    report = check(args.url, args.version)
    for note in report.notes:
        print(f"note: {note}")
    for fault in report.faults:
        print(f"FAULT: {fault}")
    if report.faults:
        print(f'{len(report.faults)} fault(s): see docs/deploying.md, "Checking a deployment"')
        return 1
    print("no fault found")
    return 0


if __name__ == "__main__":
    sys.exit(main())
