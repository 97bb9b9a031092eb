"""Fixtures of the distributed tests: a Dask client of two worker processes and a local Spark
session (the Python API's tests), and for the command-line tests on both engines a Dask LocalCluster
(one worker process, named by its address) and a local Spark master.

The Dask clusters are started once per test session (per xdist worker): no test changes a cluster
(a test that needs a cluster of its own, or another client, makes it); the client the Python API's
tests compute on is the module's, so that it is current in that module only. The Spark session is the
module's, where isolation is the point: ``getOrCreate`` hands a running session to whoever asks next,
whatever master it asks for, so a session left running would make the command-line tests'
``local[1]`` another module's ``local[2]``."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from ..needs import import_module, java


@pytest.fixture(scope="session")
def two_workers() -> Iterator[Any]:
    """A LocalCluster of two single-threaded worker processes, for the session."""
    distributed = import_module("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    yield cluster
    cluster.close()


@pytest.fixture(scope="module")
def client(two_workers: Any) -> Iterator[Any]:
    """A client of :func:`two_workers`, the module's current client (closed after it, so that no
    other module's computations find it current)."""
    distributed = import_module("distributed")
    with distributed.Client(two_workers) as c:
        yield c


@pytest.fixture(scope="session")
def dask_address() -> Iterator[str]:
    """The address of a LocalCluster of one single-threaded worker process, for the session."""
    distributed = import_module("distributed")
    cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None)
    yield cluster.scheduler_address
    cluster.close()


@pytest.fixture(scope="module")
def spark_master() -> str:
    import_module("pyspark")
    java()
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)  # for sessions the tests start themselves
    return "local[1]"


@pytest.fixture(params=["dask", "spark"])
def engine(request: pytest.FixtureRequest) -> list[str]:
    """``--engine NAME --scheduler ADDRESS -q`` for each engine."""
    where = request.getfixturevalue("dask_address" if request.param == "dask" else "spark_master")
    return ["--engine", request.param, "--scheduler", where, "-q"]


@pytest.fixture(scope="module")
def spark() -> Iterator[Any]:
    """A local-mode SparkSession of two cores for the module (the Python API's tests), stopped after it
    (see the module's docstring)."""
    import_module("pyspark")
    java()
    from pyspark.sql import SparkSession

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    session = (
        SparkSession.builder.master("local[2]")
        .appName("simpeval-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()
