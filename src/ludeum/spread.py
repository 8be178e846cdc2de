"""Independent jobs spread over a machine's cores or a Ray cluster, results in order.

A study (``ludeum simulate``, ``benchmarks/luck_share.py``) plays many games, each
seeded by its own number, so that no game depends on another: the same seed gives
the same results whichever worker played which game, and in whatever order they
finished. ``spread`` runs ``job(item)`` for every item and yields the results in the
items' order:

* ``workers=1``: in this process;
* ``workers=N``: on N worker processes of this machine (``multiprocessing``);
* ``cluster=...``: on a Ray cluster (``ray`` on PyPI, not a dependency of the
  engine): ``"auto"`` joins the cluster ``ray start`` made on this machine, an
  address (``"ray://head:10001"``) a remote one, and ``"local"`` starts a Ray
  instance on this machine with ``workers`` CPUs (Ray 2.60 dropped its in-process
  "local mode"; this is the nearest, and what the tests use). The package itself
  travels with the jobs (Ray's ``runtime_env`` ``py_modules``), so the cluster's
  machines need only Python and Ray.

A job must be a module-level function (or a ``functools.partial`` of one) with
picklable arguments and result: it is sent to another process or machine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any


def spread(job: Callable[[Any], Any], items: Iterable[Any], workers: int = 1,
           cluster: str | None = None) -> Iterator[Any]:  # fmt: skip
    """``job(item)`` for each item, in order (see the module's docstring)."""
    if workers < 1:
        raise ValueError("workers must be 1 or more")
    if cluster is not None:
        yield from _on_ray(job, items, workers, cluster)
    elif workers == 1:
        yield from map(job, items)
    else:
        from multiprocessing import get_context

        # "spawn": a fresh interpreter per worker, the same on every system (a fork
        # of a process with threads, such as a test runner's, can deadlock).
        with get_context("spawn").Pool(workers) as pool:
            # Eight jobs a message: one game a message spent a third of the second
            # core on the messages (2,000 games: 1.3 times one worker's speed, 1.9 now).
            yield from pool.imap(job, items, chunksize=8)


def _call(job: Callable[[Any], Any], item: Any) -> Any:
    return job(item)


def _on_ray(job: Callable[[Any], Any], items: Iterable[Any], workers: int,
            cluster: str) -> Iterator[Any]:  # fmt: skip
    import logging

    import ray

    package = str(Path(__file__).resolve().parent)  # this ludeum, shipped to the workers
    runtime = {"py_modules": [package]}
    started = not ray.is_initialized()
    if started:
        if cluster == "local":
            ray.init(num_cpus=workers, runtime_env=runtime, include_dashboard=False,
                     log_to_driver=False, logging_level=logging.WARNING)  # fmt: skip
        else:
            ray.init(address=cluster, runtime_env=runtime, log_to_driver=False,
                     logging_level=logging.WARNING)  # fmt: skip
    try:
        remote = ray.remote(_call)
        shared = ray.put(job)  # sent once, not with every item
        pending = [remote.remote(shared, item) for item in items]
        for ref in pending:  # in the items' order, each as soon as it is done
            yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()
