"""Scoring on one learned metric object from several threads at once (the tests of BERTScore and LENS)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import pytest


def rows_in_threads(
    metric: Any, calls: list[Callable[[Any], np.ndarray]], monkeypatch: pytest.MonkeyPatch
) -> tuple[list[np.ndarray], int]:
    """``(rows of each call, the most calls inside extract_stats at once)``: every call run on
    ``metric`` in its own thread, all started together; each extract_stats waits a little inside,
    so that calls not kept apart would overlap."""
    inside, most = 0, 0
    count = threading.Lock()
    extract = metric.extract_stats

    def spied(*args: Any) -> np.ndarray:
        nonlocal inside, most
        with count:
            inside += 1
            most = max(most, inside)
        try:
            time.sleep(0.05)
            return extract(*args)  # type: ignore[no-any-return]
        finally:
            with count:
                inside -= 1

    monkeypatch.setattr(metric, "extract_stats", spied)
    start = threading.Barrier(len(calls))

    def run(call: Callable[[Any], np.ndarray]) -> np.ndarray:
        start.wait()
        return call(metric)

    with ThreadPoolExecutor(len(calls)) as pool:
        rows = list(pool.map(run, calls))
    return rows, most
