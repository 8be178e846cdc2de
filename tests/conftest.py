"""What every test folder shares: the long pure tests are collected first.

`pytest -n 2` (scripts/test.sh) hands tests to its two workers in the order they
are collected, a batch at first and then as each worker comes free. A test of many
seconds (a thousand random games, a fuzzer) collected late can then be the last one
running while the other worker has nothing left: collected first, the long tests are
shared out while plenty of short ones remain to even the two workers up."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # A stable sort: each group keeps its order, so files still run together.
    items.sort(key=lambda item: item.get_closest_marker("long") is None)
