"""First visits on a school's wifi (issue 35): today's build against the new one.

    .venv/bin/python benchmarks/first_visit.py --baseline /work/baseline-dist
        [--dist dist] [--runs 1] [--fast-runs 5] [--encodings br,gzip] [--timeout 240]

Serves each build through Debian's caddy (`apt-get install caddy`; `admin off`,
127.0.0.1, free ports), once per encoding:
  br    side files first (`file_server { precompressed br gzip }`: the build's
        .br/.gz files, when it writes them), else compressed on the fly by
        `encode zstd gzip` (caddy 2.6 has no brotli encoder): today's build gets zstd
  gzip  `precompressed gzip`, else `encode gzip`: a plain gzipping server
  none  no compression (python -m http.server, say)
The on-the-fly encoders compress what a web server's usual type list covers: text,
JavaScript, JSON, SVG, the web manifest and WebAssembly; never zip archives (their
members are deflated already) nor the snapshot. What each response really carried
is printed per file.

Chromium is Debian's (tests/e2e/harness.py's flags), in a fresh persistent profile
per visit sequence, so the HTTP cache behaves as a real browser's (an incognito-like
context may not keep the 9.6 MB wasm). The phone: 390x844, touch, mobile.

Throttled profile, Lighthouse's mobile one (devtools throttling): CDP
Network.emulateNetworkConditions (562.5 ms latency, 1,474.56 kbit/s down, 675 kbit/s
up) and Emulation.setCPUThrottlingRate 4 on the page, empty cache. Per build and
encoding, one sequence:
  first visit   ready (#app[data-state="ready"]), first contentful paint, whether
                the "could not start" panel (#boot-failed) ever showed, bytes until
                ready; then the service worker's precache install (until the worker
                is activated and nothing has been in flight for 3 s): bytes of the
                whole first visit
  second visit  a reload: ready, and its bytes once the snapshot is kept (fetched 3 s
                after ready) and the network is idle
Bytes are what the browser received: encoded body plus response headers, per
request, from Playwright's requestfinished events (CDP's encodedDataLength), which
cover the page, its workers and the service worker (their counts are printed);
caddy's access log (body bytes as sent) is printed beside as a check: a response a
browser takes from its HTTP cache crosses no wire, and the two columns would then
part. "Until ready" counts the page's and its workers' responses finished when
ready is seen (the service worker is registered only at ready). The throttle
applies to the page's own requests; the service worker's precache fetches run
unthrottled (they are counted all the same, and start only after ready), so no
figure here times them.

Fast profile (no throttling, br): per build, a cold first visit, and the third
visit, the first from the memory snapshot (`ludeumPythonBoot` says how it booted).

Builds are interleaved (today, new, then new, today next run) so the machine's
load falls on both alike. Cost: a throttled sequence of today's build takes about
3-4 min (the first visit 55-130 s, the precache install, the second visit), so the
default (1 throttled run, 2 encodings, 2 builds, 5 fast runs) takes about 20 min;
`--encodings br,gzip,none --fast-runs 3` took 23.5 min (2026-11-27, load 11-17).
The "could not start" panel's time is when it showed: the boot watch's 45 s timer
fires late while the 4x slower main thread is busy.
`--baseline DIR` alone measures nothing new: with --dist DIR the same build can be
measured against itself (a sanity check of the noise).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Page, Request, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "e2e"))
from boot import FCP_JS, MARK_READY_JS, fmt, median  # noqa: E402
from harness import CHROMIUM, CHROMIUM_ARGS, DIST  # noqa: E402

# Lighthouse 12's mobile profile (its constants.js, "mobileSlow4G" under devtools
# throttling): bytes per second and ms; CPU 4x slower.
MOBILE_NETWORK = {
    "offline": False,
    "latency": 562.5,
    "downloadThroughput": 1474.56 * 1024 / 8,
    "uploadThroughput": 675 * 1024 / 8,
}
MOBILE_CPU_RATE = 4
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
# The targets of issue 35, in bytes and ms.
TARGETS = {
    "ready": 25_000,
    "bytes_ready": 3.5e6,
    "bytes_first": 4.5e6,
    "bytes_both": 9e6,
}
ENCODINGS = ("br", "gzip", "none")
# What caddy's encoders compress: a usual server's list of compressible types.
COMPRESSIBLE = (
    "text/*",
    "application/javascript*",
    "application/json*",
    "application/manifest+json*",
    "application/wasm*",
    "image/svg+xml*",
)
# Before any page script: notes performance.now() when #boot-failed first shows.
MARK_BOOT_FAILED_JS = """(() => {
  const check = () => {
    const panel = document.getElementById('boot-failed');
    if (panel && !panel.hidden && window.__bootFailedAt === undefined) {
      window.__bootFailedAt = performance.now();
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ['hidden'],
  });
})();"""
SW_ACTIVE_JS = "() => navigator.serviceWorker.controller?.state === 'activated'"
IDLE_SECONDS = 3.0
VERSION: dict[str, str] = {}  # the browser's, noted when a profile opens


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def site_block(port: int, root: Path, encoding: str, log: Path) -> str:
    """One caddy site: ``root`` on 127.0.0.1:``port`` with ``encoding``'s compression."""
    side = {"br": "br gzip", "gzip": "gzip"}.get(encoding)
    encoders = {"br": "zstd gzip", "gzip": "gzip"}.get(encoding)
    lines = [f"http://127.0.0.1:{port} {{", f"\troot * {root}"]
    if encoders:
        matches = "".join(f"\t\t\theader Content-Type {t}\n" for t in COMPRESSIBLE)
        lines.append(f"\tencode {encoders} {{\n\t\tmatch {{\n{matches}\t\t}}\n\t}}")
    lines.append(f"\tfile_server {{\n\t\tprecompressed {side}\n\t}}" if side else "\tfile_server")
    lines.append(f"\tlog {{\n\t\toutput file {log}\n\t\tformat json\n\t}}")
    lines.append("}")
    return "\n".join(lines)


class Caddy:
    """One caddy process serving every (build, encoding) on its own port."""

    def __init__(self, sites: dict[tuple[str, str], Path], workdir: Path) -> None:
        if shutil.which("caddy") is None:
            raise SystemExit("caddy is missing: apt-get install caddy (Debian's 2.6)")
        self.urls: dict[tuple[str, str], str] = {}
        self.logs: dict[tuple[str, str], Path] = {}
        blocks = ["{\n\tadmin off\n\tauto_https off\n}"]
        for (build, encoding), root in sites.items():
            port = free_port()
            self.urls[(build, encoding)] = f"http://127.0.0.1:{port}/"
            self.logs[(build, encoding)] = workdir / f"access-{build}-{encoding}.log"
            blocks.append(site_block(port, root, encoding, self.logs[(build, encoding)]))
        config = workdir / "Caddyfile"
        config.write_text("\n".join(blocks) + "\n", encoding="utf-8")
        # Its own home, so that no other caddy's storage or autosave is touched.
        env = {**os.environ, "HOME": str(workdir), "XDG_DATA_HOME": str(workdir),
               "XDG_CONFIG_HOME": str(workdir)}  # fmt: skip
        self._out = open(workdir / "caddy.out", "w")  # noqa: SIM115 (closed in stop)
        self.process = subprocess.Popen(
            ["caddy", "run", "--config", str(config), "--adapter", "caddyfile"],
            stdout=self._out, stderr=subprocess.STDOUT, env=env,
        )  # fmt: skip
        for url in self.urls.values():
            self._wait_listening(url, workdir)

    def _wait_listening(self, url: str, workdir: Path) -> None:
        port = urlsplit(url).port
        for _ in range(100):
            if self.process.poll() is not None:
                raise SystemExit(f"caddy stopped: {(workdir / 'caddy.out').read_text()}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.1)
        raise SystemExit(f"caddy is not listening on {url}")

    def body_bytes(self, key: tuple[str, str]) -> int:
        """Response body bytes caddy has logged for one site so far (as sent)."""
        path = self.logs[key]
        if not path.exists():
            return 0
        lines = path.read_text(encoding="utf-8").splitlines()
        return sum(json.loads(line).get("size", 0) for line in lines if line.strip())

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self._out.close()


@dataclass
class Transfer:
    """One finished response as the browser received it."""

    path: str
    by: str  # "page", "worker" or "service worker"
    encoding: str
    body: int
    headers: int
    at: float  # time.monotonic() when it finished


@dataclass
class Ledger:
    """Every request of one browser context: what arrived, what is in flight."""

    transfers: list[Transfer] = field(default_factory=list)
    in_flight: set = field(default_factory=set)
    last_change: float = field(default_factory=time.monotonic)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def watch(self, context: BrowserContext) -> None:
        context.on("request", self._started)
        context.on("requestfinished", self._finished)
        context.on("requestfailed", self._failed)

    def _started(self, request: Request) -> None:
        with self.lock:
            self.in_flight.add(request)
            self.last_change = time.monotonic()

    def _failed(self, request: Request) -> None:
        with self.lock:
            self.in_flight.discard(request)
            self.last_change = time.monotonic()

    def _finished(self, request: Request) -> None:
        response = request.response()
        sizes = request.sizes()
        if request.service_worker is not None:
            by = "service worker"
        elif request.frame is None:
            by = "worker"
        else:
            by = "page"
        served_by_worker = response is not None and response.from_service_worker
        encoding = (response.headers.get("content-encoding", "") if response else "") or "-"
        with self.lock:
            self.in_flight.discard(request)
            self.last_change = time.monotonic()
            if not served_by_worker and not request.url.startswith(("data:", "blob:")):
                self.transfers.append(Transfer(
                    urlsplit(request.url).path, by, encoding,
                    max(sizes["responseBodySize"], 0), max(sizes["responseHeadersSize"], 0),
                    time.monotonic(),
                ))  # fmt: skip

    def received(self, since: float = 0.0, *, service_worker: bool = True) -> int:
        with self.lock:
            return sum(
                t.body + t.headers
                for t in self.transfers
                if t.at >= since and (service_worker or t.by != "service worker")
            )

    def wait_idle(self, page: Page, timeout_s: float) -> None:
        """Until nothing has been in flight for IDLE_SECONDS."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            page.wait_for_timeout(250)  # lets Playwright deliver the events
            with self.lock:
                quiet = not self.in_flight and time.monotonic() - self.last_change > IDLE_SECONDS
            if quiet:
                return
        raise TimeoutError(f"network not idle after {timeout_s:.0f} s")


def open_profile(playwright, profile: Path, throttle: bool) -> tuple[BrowserContext, Page]:
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, **PHONE
    )
    context.add_init_script(MARK_READY_JS)
    context.add_init_script(MARK_BOOT_FAILED_JS)
    page = context.pages[0] if context.pages else context.new_page()
    VERSION["chromium"] = context.browser.version if context.browser else "?"
    if throttle:
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        session.send("Network.emulateNetworkConditions", MOBILE_NETWORK)
        session.send("Emulation.setCPUThrottlingRate", {"rate": MOBILE_CPU_RATE})
    return context, page


def visit(page: Page, url: str, timeout_ms: float, ledger: Ledger | None = None) -> dict:
    """Navigate (a new navigation each time, as a visitor's reload) and wait for ready;
    with ``ledger``, the bytes the page had received when ready was seen."""
    page.goto(url, wait_until="commit", timeout=timeout_ms)
    # A function, not an expression: the page's Content-Security-Policy refuses eval.
    page.wait_for_function("() => window.__readyAt !== undefined", timeout=timeout_ms,
                           polling=100)  # fmt: skip
    # The service worker is registered at ready and its fetches are not throttled:
    # by the time ready is seen here it may have fetched megabytes. Nothing it
    # fetches can be before ready, so until ready counts the page's own requests.
    bytes_ready = ledger.received(service_worker=False) if ledger else None
    return {
        "bytes_ready": bytes_ready,
        "ready": page.evaluate("() => window.__readyAt"),
        "fcp": page.evaluate(FCP_JS),
        "boot_failed": page.evaluate("() => window.__bootFailedAt ?? null"),
        "python": page.evaluate("() => window.ludeumPythonBoot ?? null"),
    }


def throttled_sequence(playwright, caddy: Caddy, key: tuple[str, str], timeout_s: float,
                       tmp: Path) -> dict:  # fmt: skip
    """The first and second visits of one empty profile on the mobile profile."""
    profile = Path(tempfile.mkdtemp(prefix="profile-", dir=tmp))
    context, page = open_profile(playwright, profile, throttle=True)
    ledger = Ledger()
    ledger.watch(context)
    url, timeout_ms = caddy.urls[key], timeout_s * 1000
    try:
        start, served = time.monotonic(), caddy.body_bytes(key)
        first = visit(page, url, timeout_ms, ledger)
        page.wait_for_function(SW_ACTIVE_JS, timeout=timeout_ms)
        ledger.wait_idle(page, timeout_s)
        first["bytes_all"] = ledger.received()
        first["seconds_all"] = time.monotonic() - start
        first["server_body"] = caddy.body_bytes(key) - served
        first["transfers"] = list(ledger.transfers)
        second_start, served = time.monotonic(), caddy.body_bytes(key)
        second = visit(page, url, timeout_ms)
        page.wait_for_function("() => window.ludeumSnapshotKept === true", timeout=timeout_ms)
        ledger.wait_idle(page, timeout_s)
        second["bytes_all"] = ledger.received(since=second_start)
        second["server_body"] = caddy.body_bytes(key) - served
        second["transfers"] = [t for t in ledger.transfers if t.at >= second_start]
        return {"first": first, "second": second}
    finally:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)


def fast_sequence(playwright, caddy: Caddy, key: tuple[str, str], timeout_s: float,
                  tmp: Path) -> dict:  # fmt: skip
    """Unthrottled: the cold first visit and the third (from the snapshot)."""
    profile = Path(tempfile.mkdtemp(prefix="profile-", dir=tmp))
    context, page = open_profile(playwright, profile, throttle=False)
    ledger = Ledger()
    ledger.watch(context)
    url, timeout_ms = caddy.urls[key], timeout_s * 1000
    try:
        cold = visit(page, url, timeout_ms)
        page.wait_for_function(SW_ACTIVE_JS, timeout=timeout_ms)
        ledger.wait_idle(page, timeout_s)
        visit(page, url, timeout_ms)
        page.wait_for_function("() => window.ludeumSnapshotKept === true", timeout=timeout_ms)
        ledger.wait_idle(page, timeout_s)
        third = visit(page, url, timeout_ms)
        return {"cold": cold, "third": third}
    finally:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)


def mb(value: float | None) -> str:
    return "n/a" if value is None else f"{value / 1e6:.2f} MB"


def secs(value: float | None) -> str:
    return "n/a" if value is None else f"{value / 1000:.1f} s"


def throttled_table(encoding: str, builds: list[str], results: dict, names: dict) -> None:
    def med(build: str, get) -> float | None:
        return median([get(r) for r in results[(build, encoding)]])

    rows = [
        ("ready", lambda r: r["first"]["ready"], secs, TARGETS["ready"]),
        ("first contentful paint", lambda r: r["first"]["fcp"], secs, None),
        ("bytes until ready", lambda r: r["first"]["bytes_ready"], mb, TARGETS["bytes_ready"]),
        ("whole first visit (with the precache)", lambda r: r["first"]["bytes_all"], mb,
         TARGETS["bytes_first"]),
        ("second visit: ready", lambda r: r["second"]["ready"], secs, None),
        ("second visit: bytes (with the snapshot)", lambda r: r["second"]["bytes_all"], mb, None),
        ("first + second visits", lambda r: r["first"]["bytes_all"] + r["second"]["bytes_all"],
         mb, TARGETS["bytes_both"]),
        ("caddy's log: body bytes, first visit", lambda r: r["first"]["server_body"], mb, None),
        ("caddy's log: body bytes, second visit", lambda r: r["second"]["server_body"], mb, None),
    ]  # fmt: skip
    runs = len(results[(builds[0], encoding)])
    print(f"\nMobile profile (Lighthouse's, devtools throttling), served `{encoding}`: "
          f"medians of {runs} run(s)\n")  # fmt: skip
    print("| measure | " + " | ".join(names[b] for b in builds) + " | target |")
    print("| --- |" + " ---: |" * len(builds) + " ---: |")
    for label, get, show, target in rows:
        cells = " | ".join(show(med(b, get)) for b in builds)
        print(f"| {label} | {cells} | {show(target) if target else ''} |")
    cells = " | ".join(
        f"{sum(r['first']['boot_failed'] is not None for r in results[(b, encoding)])} of {runs}"
        for b in builds
    )
    print(f'| "could not start" shown | {cells} | never |')
    cells = " | ".join(
        secs(median([r["first"]["boot_failed"] for r in results[(b, encoding)]])) for b in builds
    )
    print(f"| ... shown at | {cells} | |")


def transfers_table(encoding: str, build: str, name: str, result: dict) -> None:
    """Where the bytes of one run's visits go, per file, largest first."""
    print(f"\nWhere the bytes go: {name}, served `{encoding}` (one run; bytes received, "
          "headers included)\n")  # fmt: skip
    print("| file | encoding | first visit, by the page | by the service worker | "
          "second visit |")  # fmt: skip
    print("| --- | --- | ---: | ---: | ---: |")
    table: dict[str, list] = {}
    for phase, column in (("first", None), ("second", 3)):
        for t in result[phase]["transfers"]:
            row = table.setdefault(t.path, [t.encoding, 0, 0, 0])
            col = column or (2 if t.by == "service worker" else 1)
            row[col] += t.body + t.headers
            if t.encoding != "-":
                row[0] = t.encoding
    for path, (enc, page, worker, second) in sorted(
        table.items(), key=lambda kv: -(kv[1][1] + kv[1][2] + kv[1][3])
    ):
        if page + worker + second >= 20_000:
            print(f"| {path} | {enc} | {fmt(page)} | {fmt(worker)} | {fmt(second)} |")
    small = [v for v in table.values() if sum(v[1:]) < 20_000]
    print(f"| {len(small)} smaller files | | {fmt(sum(v[1] for v in small))} | "
          f"{fmt(sum(v[2] for v in small))} | {fmt(sum(v[3] for v in small))} |")  # fmt: skip
    counts = {}
    for phase in ("first", "second"):
        for t in result[phase]["transfers"]:
            counts[t.by] = counts.get(t.by, 0) + 1
    print("\nResponses counted, by who fetched them: "
          + ", ".join(f"{by} {n}" for by, n in sorted(counts.items())))  # fmt: skip


def fast_table(builds: list[str], results: dict, names: dict, encoding: str) -> None:
    runs = len(results[builds[0]])
    print(f"\nFast profile (no throttling, served `{encoding}`): median ms to ready of "
          f"{runs} runs\n")  # fmt: skip
    print("| visit | " + " | ".join(names[b] for b in builds) + " |")
    print("| --- |" + " ---: |" * len(builds))
    for label, phase, key in (("cold first visit", "cold", "ready"),
                              ("first contentful paint (cold)", "cold", "fcp"),
                              ("third visit (the snapshot)", "third", "ready")):  # fmt: skip
        cells = " | ".join(fmt(median([r[phase][key] for r in results[b]])) for b in builds)
        print(f"| {label} | {cells} |")
    cells = " | ".join(
        ", ".join(sorted({str(r["third"]["python"]) for r in results[b]})) for b in builds
    )
    print(f"| third visit booted | {cells} |")


def encodings_arg(text: str) -> tuple[str, ...]:
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    if not names or any(n not in ENCODINGS for n in names):
        raise argparse.ArgumentTypeError(f"encodings are {', '.join(ENCODINGS)}")
    return names


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True,
                        help="today's build (e.g. /work/baseline-dist)")  # fmt: skip
    parser.add_argument("--dist", type=Path, default=DIST, help="the new build (dist/)")
    parser.add_argument("--runs", type=int, default=1,
                        help="throttled runs per build and encoding (default 1)")  # fmt: skip
    parser.add_argument("--fast-runs", type=int, default=5,
                        help="unthrottled runs per build (default 5; 0 for none)")  # fmt: skip
    parser.add_argument(
        "--encodings",
        type=encodings_arg,
        default=("br", "gzip"),
        help="throttled: comma-separated, of br, gzip, none (default br,gzip)",
    )
    parser.add_argument("--fast-encoding", choices=ENCODINGS, default="br")
    parser.add_argument("--timeout", type=float, default=240,
                        help="seconds per wait (a throttled boot, the precache)")  # fmt: skip
    args = parser.parse_args()
    for build in (args.baseline, args.dist):
        if not (build / "index.html").is_file():
            print(f"{build}: no index.html (python3 scripts/build.py)", file=sys.stderr)
            return 1
    names = {"today": f"today ({args.baseline})", "new": f"new ({args.dist})"}
    roots = {"today": args.baseline.resolve(), "new": args.dist.resolve()}
    encodings = sorted(set(args.encodings) | ({args.fast_encoding} if args.fast_runs else set()))
    builds = ["today", "new"]
    throttled: dict[tuple[str, str], list] = {(b, e): [] for b in builds for e in args.encodings}
    fast: dict[str, list] = {b: [] for b in builds}
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="ludeum-first-visit-") as tmp_name:
        tmp = Path(tmp_name)
        caddy = Caddy({(b, e): roots[b] for b in builds for e in encodings}, tmp)
        try:
            with sync_playwright() as playwright:
                for i in range(args.runs):
                    order = builds if i % 2 == 0 else builds[::-1]
                    for encoding in args.encodings:
                        for build in order:
                            t0 = time.monotonic()
                            got = throttled_sequence(playwright, caddy, (build, encoding),
                                                     args.timeout, tmp)  # fmt: skip
                            throttled[(build, encoding)].append(got)
                            f, s = got["first"], got["second"]
                            print(f"throttled run {i + 1} {encoding:4} {build:5} ready "
                                  f"{secs(f['ready'])}, {mb(f['bytes_ready'])} until ready, "
                                  f"{mb(f['bytes_all'])} first visit, {mb(s['bytes_all'])} "
                                  f"second; could not start: {secs(f['boot_failed'])} "
                                  f"({time.monotonic() - t0:.0f} s)", file=sys.stderr)  # fmt: skip
                for i in range(args.fast_runs):
                    for build in builds if i % 2 == 0 else builds[::-1]:
                        got = fast_sequence(playwright, caddy, (build, args.fast_encoding),
                                            args.timeout, tmp)  # fmt: skip
                        fast[build].append(got)
                        print(f"fast run {i + 1} {build:5} cold {fmt(got['cold']['ready'])} ms, "
                              f"third {fmt(got['third']['ready'])} ms "
                              f"({got['third']['python']})", file=sys.stderr)  # fmt: skip
        finally:
            caddy.stop()
    load = os.getloadavg()
    print(
        f"\nChromium ({CHROMIUM}, {VERSION.get('chromium')}), caddy {caddy_version()}; "
        f"{time.monotonic() - started:.0f} s in all; load {load[0]:.1f} (5 min {load[1]:.1f})"
    )
    for encoding in args.encodings:
        if args.runs:
            throttled_table(encoding, builds, throttled, names)
    for encoding in args.encodings:
        for build in builds:
            if throttled[(build, encoding)]:
                transfers_table(encoding, build, names[build], throttled[(build, encoding)][0])
    if args.fast_runs:
        fast_table(builds, fast, names, args.fast_encoding)
    return 0


def caddy_version() -> str:
    said = subprocess.run(["caddy", "version"], capture_output=True, text=True)
    return said.stdout.split()[0] if said.stdout else "(version unknown)"


if __name__ == "__main__":
    sys.exit(main())
