#!/usr/bin/env python3
"""What a built Python snapshot's memory holds, coarsely: its heap size, its zero pages,
how much each 2 MiB band weighs gzipped, where the last non-zero byte is.

    python3 benchmarks/snapshot_contents.py [dist dir...]     (default: dist)

docs/performance.md, "A trimmed standard library and a smaller engine archive".
"""

from __future__ import annotations

import gzip
import sys
import zlib
from pathlib import Path

PAGE = 4096
BAND = 2 << 20


def describe(dist: Path) -> str:
    snapshot = next((dist / "static" / "snapshot").glob("*.snapshot"))
    with snapshot.open("rb") as made:
        made.readline()  # the build's header line
        memory = gzip.decompress(made.read())
    header = int.from_bytes(memory[4:8], "little")  # Pyodide's header, then the heap
    heap = memory[header:]
    pages = [heap[i : i + PAGE] for i in range(0, len(heap), PAGE)]
    zero = sum(1 for page in pages if not any(page))
    bands = [len(zlib.compress(heap[i : i + BAND], 9)) // 1024 for i in range(0, len(heap), BAND)]
    last = len(heap.rstrip(b"\0"))
    return (
        f"{dist}: header {header} B, heap {len(heap):,} B; zero pages {zero:,} of "
        f"{len(pages):,} ({zero * PAGE / 2**20:.1f} MiB); last non-zero byte at "
        f"{last / 2**20:.2f} MiB; gzip KiB per 2 MiB band: {bands}"
    )


if __name__ == "__main__":
    for folder in sys.argv[1:] or ["dist"]:
        print(describe(Path(folder)))
