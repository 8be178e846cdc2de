"""Independent jobs spread over a machine's cores, results in the jobs' order.

A study (``ludeum simulate``, the benchmarks' studies) plays many games, each seeded
by its own number, so that no game depends on another: the same seed gives the same
results whichever worker played which game, and in whatever order they finished.
``spread`` runs ``job(item)`` for every item, in this process (``workers=1``) or in
a pool of worker processes, and yields the results in the items' order. A job must
be a module-level function (or a ``functools.partial`` of one) with picklable
arguments and result: it is sent to another process.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any


def spread(job: Callable[[Any], Any], items: Iterable[Any], workers: int = 1) -> Iterator[Any]:
    """``job(item)`` for each item, in order; on ``workers`` processes when more than 1."""
    if workers < 1:
        raise ValueError("workers must be 1 or more")
    if workers == 1:
        yield from map(job, items)
        return
    from multiprocessing import get_context

    # "spawn": a fresh interpreter per worker, the same on every system (a fork of a
    # process with threads, such as a test runner's, can deadlock).
    with get_context("spawn").Pool(workers) as pool:
        yield from pool.imap(job, items, chunksize=1)
