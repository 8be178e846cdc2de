"""Studies spread over processes and a Ray cluster (issue 54, ``ludeum.spread``): the
same seed gives the same study on one worker, two processes and a Ray instance."""

from __future__ import annotations

import pytest

from ludeum.cli.simulate import simulate
from ludeum.spread import spread


def square(n: int) -> int:
    return n * n


def test_results_come_back_in_the_items_order_on_one_or_more_workers():
    items = list(range(12))
    assert list(spread(square, items)) == [n * n for n in items]
    assert list(spread(square, items, workers=2)) == [n * n for n in items]
    with pytest.raises(ValueError):
        list(spread(square, items, workers=0))


@pytest.mark.long
def test_a_study_is_the_same_on_one_worker_two_processes_and_ray():
    """``ludeum simulate``'s games, Senet with throws: Ray's local instance (Ray 2.60
    has no in-process local mode) runs the jobs as a cluster would, the package
    shipped to its workers."""
    pytest.importorskip("ray")  # requirements-dev.txt installs it: CI runs this
    study = ("senet", "tait", ("easy", "random"), 6, 21)
    one = simulate(*study)
    two = simulate(*study, workers=2)
    ray = simulate(*study, workers=2, cluster="local")
    assert one == two == ray
    assert one.games == 6 and one.throws > 0
