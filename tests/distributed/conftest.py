"""Fixtures of the distributed tests: a Dask client of two worker processes and a local Spark
session (the Python API's tests), and for the command-line tests on both engines a Dask LocalCluster (one worker process, shared by
the module, named by its address) and a local Spark master."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from ..needs import import_module, java


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """A client of a LocalCluster of two single-threaded worker processes, for the module."""
    distributed = import_module("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


@pytest.fixture(scope="module")
def dask_address() -> Iterator[str]:
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
    """A local-mode SparkSession of two cores for the module (the Python API's tests)."""
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
