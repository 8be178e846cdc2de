"""Lighthouse on a first visit of a build served by caddy (issue 35).

    .venv/bin/python benchmarks/lighthouse.py [--dist dist] [--baseline DIR]
        [--presets mobile,desktop] [--encoding br] [--throttling simulate]

Runs npm's lighthouse (pinned in package.json: 12.2.3; 13.x needs Node 22) with
Debian's chromium (CHROME_PATH=/usr/bin/chromium, --headless=new --no-sandbox),
against each build served by caddy as benchmarks/first_visit.py serves it (`br`:
side files, else zstd/gzip on the fly; `gzip`; `none`). Presets:
  mobile   Lighthouse's default: a Moto G Power sized screen, the slow 4G network
           (150 ms RTT, 1.6 Mbit/s down) and CPU 4x, by --throttling: `simulate`
           (its default: the page loads unthrottled and the times are modelled from
           the trace) or `devtools` (applied in the browser, as first_visit.py does,
           but at Lighthouse's 562.5 ms RTT / 1.47 Mbit/s)
  desktop  `--preset=desktop` (40 ms RTT, 10 Mbit/s, no CPU slow-down, simulated)
Each run is a first visit with an empty cache (Lighthouse's own fresh profile).
Writes benchmarks/out/lighthouse-<build>-<preset>.json (gitignored) and prints, per
run: performance and best-practices scores, total blocking time, total byte weight,
and every best-practices audit that failed, with its details. A mobile run takes
about 1-2 min here, desktop less (devtools throttling: several minutes).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "e2e"))
from first_visit import ENCODINGS, Caddy  # noqa: E402
from harness import CHROMIUM, DIST, ROOT  # noqa: E402

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
OUT = ROOT / "benchmarks" / "out"
PRESETS = ("mobile", "desktop")


def run_lighthouse(url: str, preset: str, throttling: str, out: Path) -> dict | None:
    """Lighthouse's report (None, said, when it could not run: a busy machine can make
    it give up on a page that "stopped responding")."""
    command = [
        str(LIGHTHOUSE),
        url,
        "--quiet",
        "--output=json",
        f"--output-path={out}",
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
        "--only-categories=performance,best-practices,accessibility,seo",
    ]
    if preset == "desktop":
        command.append("--preset=desktop")
    else:
        command.append(f"--throttling-method={throttling}")
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    if done.returncode != 0 or not out.exists():
        print(f"\nlighthouse failed ({done.returncode}): {done.stderr[-2000:]}")
        return None
    return json.loads(out.read_text(encoding="utf-8"))


def describe_items(details: dict | None) -> list[str]:
    """An audit's details as short lines (its table or list items)."""
    if not details:
        return []
    lines = []
    for item in details.get("items", []):
        if isinstance(item, dict):
            parts = []
            for key, value in item.items():
                if isinstance(value, dict):
                    value = value.get("url") or value.get("text") or value.get("value") or value
                    if isinstance(value, dict):
                        value = json.dumps(value)[:200]
                parts.append(f"{key}: {str(value)[:300]}")
            lines.append("; ".join(parts))
        else:
            lines.append(str(item)[:300])
    return lines


def report(lhr: dict, name: str, preset: str, throttling: str) -> None:
    categories, audits = lhr["categories"], lhr["audits"]

    def score(category: str) -> str:
        value = categories.get(category, {}).get("score")
        return "n/a" if value is None else f"{value * 100:.0f}"

    how = "simulated" if preset == "desktop" else throttling
    print(f"\n### {name}, {preset} ({how} throttling), Lighthouse {lhr['lighthouseVersion']}\n")
    print(
        f"performance {score('performance')}, best practices {score('best-practices')}, "
        f"accessibility {score('accessibility')}, SEO {score('seo')}"
    )
    for audit in ("first-contentful-paint", "largest-contentful-paint", "interactive",
                  "total-blocking-time", "total-byte-weight"):  # fmt: skip
        found = audits.get(audit, {})
        print(f"- {found.get('title', audit)}: {found.get('displayValue', 'n/a')}")
    if lhr.get("runWarnings"):
        print("- run warnings: " + " / ".join(lhr["runWarnings"]))
    failed = [
        ref["id"]
        for ref in categories["best-practices"]["auditRefs"]
        if audits[ref["id"]].get("score") is not None and audits[ref["id"]]["score"] < 1
    ]
    print(f"- failed best-practices audits: {', '.join(failed) if failed else 'none'}")
    for audit_id in failed:
        audit = audits[audit_id]
        print(f"  - {audit_id} ({audit['title']}): {audit.get('displayValue', '')}")
        for line in describe_items(audit.get("details")):
            print(f"    - {line}")


def presets_arg(text: str) -> tuple[str, ...]:
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    if not names or any(n not in PRESETS for n in names):
        raise argparse.ArgumentTypeError(f"presets are {', '.join(PRESETS)}")
    return names


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=DIST, help="the build (dist/)")
    parser.add_argument("--baseline", type=Path, help="another build, e.g. today's")
    parser.add_argument("--presets", type=presets_arg, default=PRESETS)
    parser.add_argument("--encoding", choices=ENCODINGS, default="br")
    parser.add_argument("--throttling", choices=("simulate", "devtools"), default="simulate",
                        help="mobile: how Lighthouse throttles (default simulate)")  # fmt: skip
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        print("lighthouse is missing: npm ci", file=sys.stderr)
        return 1
    builds = {"new": args.dist.resolve()}
    if args.baseline:
        builds["today"] = args.baseline.resolve()
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="ludeum-lighthouse-") as tmp:
        caddy = Caddy({(b, args.encoding): root for b, root in builds.items()}, Path(tmp))
        try:
            for build, root in builds.items():
                for preset in args.presets:
                    out = OUT / f"lighthouse-{build}-{preset}.json"
                    out.unlink(missing_ok=True)
                    lhr = run_lighthouse(caddy.urls[(build, args.encoding)], preset,
                                         args.throttling, out)  # fmt: skip
                    if lhr is None:
                        continue
                    report(lhr, f"{build} ({root})", preset, args.throttling)
                    print(f"- JSON: {out.relative_to(ROOT)}")
                    sys.stdout.flush()
        finally:
            caddy.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
