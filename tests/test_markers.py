"""The markers of long tests (``tests/conftest.py``): each of browser, cluster, install and notebook implies slow."""

from __future__ import annotations

import pytest

from .conftest import LONG_MARKERS


def test_every_long_marker_is_registered(pytestconfig: pytest.Config) -> None:
    registered = {line.split(":")[0].strip() for line in pytestconfig.getini("markers")}
    assert {"slow", *LONG_MARKERS} <= registered


def test_a_test_of_a_long_marker_is_slow(request: pytest.FixtureRequest) -> None:
    """``-m "not slow"`` leaves out every browser, cluster, install and notebook test the run collected."""
    long = [item for item in request.session.items if any(item.get_closest_marker(m) for m in LONG_MARKERS)]
    not_slow = [item.nodeid for item in long if item.get_closest_marker("slow") is None]
    assert not not_slow, f"marked browser/cluster/install/notebook but not slow: {not_slow[:5]}"
    if request.config.getoption("markexpr") == "not slow":
        assert not long, [item.nodeid for item in long]
