"""Clusters, shards and standard output, C116 onwards.

The cases of the catalogue (``docs/catalogue.md``) for ``simpeval score --engine dask|spark``
and ``--shards``: shards read by the local path's rules (a lone carriage return, rows without
every field, 0-byte shards, missing or differing columns, a null in Parquet), the options a
cluster engine honours or refuses, bad and unreachable schedulers, row numbers over a whole Dask
frame and Spark from a virtual environment that is not activated; then a standard output that
fails (a full disk, a closed pipe), and the worker processes of ``--jobs`` (a bad count, a worker
killed by the system, a metric that cannot be copied to them, a parent killed mid-job), and ``fork``
after the compiled kernels. The dedicated tests named in each check's docstring go
further (both engines, every option, every command); these stay small.

The Dask cases share one LocalCluster (one worker process, one thread), started by the first case
that needs it and closed after the module; usage errors refuse to start any cluster (a regression
fails at once instead of starting one, or, for ``local[0]``, waiting forever for a worker). One
case starts Spark, in a subprocess. The cases have the shape of ``tests/catalogue/test_encodings_and_outputs.py``'s
(:class:`Case`), which lists them after those of ``tests/catalogue/test_processes_and_reports.py``
(:func:`later_cases`).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from click.testing import Result

from simpeval import BLEU, SARI
from simpeval.engines.jit import NUMBA_AVAILABLE
from simpeval.exceptions import InvalidInputError, SimpevalWarning, WorkerError

from ..cli.test_stdout import _run
from ..engines.test_orphans import kill_mid_job
from ..engines.test_pool import _DiesInWorkers
from ..engines.test_threading_layer import fork_after_kernels
from ..needs import import_module, java
from .test_encodings_and_outputs import API, CLI, Case, _param
from .test_files_and_options import BASE, REF, SYS, cli, error, scores

pytestmark = pytest.mark.cluster

HEADER = "hypothesis\tref0\tsource\n"
BLEU_ARGS = ["score", "-r", "{ref.txt}", "-i", "{sys.txt}", "-m", "bleu"]
ROW = "the cat sat\tthe cat sat down\tthe old cat sat\n"
_CLUSTER: list[Any] = []  # the module's Dask LocalCluster, once a case has started it


# ------------------------------------------------------------------ helpers
def _dask_address() -> str:
    """The address of the module's Dask LocalCluster (as ``tests/distributed/conftest.py``'s), started on first use."""
    if not _CLUSTER:
        distributed = import_module("distributed")
        cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None)
        _CLUSTER.append(cluster)
    address: str = _CLUSTER[0].scheduler_address
    return address


@pytest.fixture(scope="module", autouse=True)
def _close_the_cluster() -> Iterator[None]:
    yield
    while _CLUSTER:
        _CLUSTER.pop().close()


def _no_cluster(mp: pytest.MonkeyPatch) -> None:
    """A usage error comes before any work: starting a Dask cluster or client fails the case at once."""
    try:
        import distributed
    except ImportError:
        return

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a Dask cluster or client was started: the usage error came too late")

    mp.setattr(distributed, "LocalCluster", refuse)
    mp.setattr(distributed, "Client", refuse)


def _shards(folder: Path, *texts: str) -> Path:
    """``part-0.tsv``, ``part-1.tsv``...: each text written as is (UTF-8)."""
    folder.mkdir(parents=True)
    for k, text in enumerate(texts):
        (folder / f"part-{k}.tsv").write_bytes(text.encode("utf-8"))
    return folder


def _on_dask(tmp: Path, folder: Path, *args: str) -> Result:
    """``simpeval score --shards FOLDER ARGS`` on the module's Dask cluster."""
    on_dask = ["--engine", "dask", "--scheduler", _dask_address(), "-q"]
    result: Result = cli(tmp, ["score", "--shards", str(folder), *args, *on_dask], {})
    return result


def _last_line(result: Result) -> str:
    lines = result.stderr.strip().splitlines()
    assert lines, result.output
    return lines[-1]


# ------------------------------------------------------------------ shards
def _carriage_return_in_a_field(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/distributed/test_shards.py::test_cli_a_carriage_return_in_a_field_scores_as_locally."""
    folder = _shards(tmp / "s", HEADER + "a b\rc d\ta b\rc d\tx\n")
    got = scores(_on_dask(tmp, folder, "-m", "bleu", "-f", "json"))
    assert got == [BLEU().corpus_score(["a b\rc d"], [["a b\rc d"]]).score] == [100.00000000000004]  # not 0.0


def _row_without_every_field(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/distributed/test_shards.py::test_cli_a_row_without_every_field_is_one_error."""
    for name, row, found in (("missing", "a cat\tthe cat\n", 2), ("extra", "a cat\tthe cat\tcat\tdog\n", 4)):
        folder = _shards(tmp / name, HEADER + ROW, HEADER + row)
        result = _on_dask(tmp, folder, "-m", "sari")
        error(result, 1)
        assert _last_line(result).startswith(
            f"Error: shard {folder / 'part-1.tsv'}, line 2: expected 3 tab-separated fields (hypothesis, ref0, source) "
            f"but found {found}."
        ), result.output


def _zero_byte_shards(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/distributed/test_shards.py::test_cli_a_zero_byte_shard_is_skipped and
    ::test_a_zero_byte_shard_is_skipped_and_all_empty_is_an_error."""
    got = scores(_on_dask(tmp, _shards(tmp / "some", "", HEADER + ROW, ""), "-m", "sari", "-f", "json"))
    assert got == [SARI().corpus_score(["the cat sat"], [["the cat sat down"]], sources=["the old cat sat"]).score]
    folder = _shards(tmp / "all", "", "")
    names = [str(folder / "part-0.tsv"), str(folder / "part-1.tsv")]
    error(_on_dask(tmp, folder, "-m", "bleu"), 1, "every shard is empty", *names)


def _no_reference_column(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/distributed/test_shards.py::test_cli_no_reference_column_is_one_error."""
    for kind in ("tsv", "parquet"):
        folder = tmp / kind
        folder.mkdir()
        if kind == "tsv":
            (folder / "part-0.tsv").write_text("hypothesis\tsource\na\tb\n", encoding="utf-8")
        else:
            pd.DataFrame({"hypothesis": ["a"], "source": ["b"]}).to_parquet(folder / "part-0.parquet")
        result = _on_dask(tmp, folder, "-m", "bleu")
        error(result, 1)
        assert result.stderr.startswith(
            f"Error: shard {folder / f'part-0.{kind}'} has no reference (ref0, ref1, ...) column (columns: hypothesis, source)"
        ), result.output


def _different_columns(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/distributed/test_shards.py::test_shards_with_different_columns_are_an_error."""
    folder = _shards(tmp / "s", HEADER + ROW, "hypothesis\tref0\na\tb\n")
    error(
        _on_dask(tmp, folder, "-m", "bleu"),
        1,
        f"shard {folder / 'part-1.tsv'} has the columns hypothesis, ref0",
        f"but {folder / 'part-0.tsv'} has hypothesis, ref0, source",
        "every shard needs the same columns",
    )


def _null_hypothesis_in_parquet(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/distributed/test_shards.py::test_a_null_hypothesis_in_parquet_names_the_file_and_row."""
    folder = tmp / "s"
    folder.mkdir()
    pd.DataFrame({"hypothesis": ["a"], "ref0": ["a"]}).to_parquet(folder / "part-0.parquet")
    pd.DataFrame({"hypothesis": ["a", None], "ref0": ["a", "b"]}).to_parquet(folder / "part-1.parquet")
    result = _on_dask(tmp, folder, "-m", "bleu")
    error(result, 1)
    expected = f"Error: shard {folder / 'part-1.parquet'}, row 2: the hypothesis must be text"
    assert _last_line(result).startswith(expected), result.output


# ------------------------------------------------------------------ options and schedulers
def _confidence_and_sentence_level(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/distributed/test_cli_engines.py::test_confidence_and_sentence_level_print_the_local_output."""
    args = ["score", "-s", "{src.txt}", "-r", "{ref.txt}", "-i", "{sys.txt}", "-m", "sari", "bleu", "chrf", "ter"]
    for options in (["--confidence", "--confidence-n", "50", "-f", "json"], ["--sentence-level", "-f", "jsonl"]):
        local = cli(tmp, [*args, *options])
        on_dask = cli(tmp, [*args, *options, "--engine", "dask", "--scheduler", _dask_address(), "-q"])
        assert local.exit_code == 0 and on_dask.exit_code == 0, on_dask.output
        assert on_dask.stdout == local.stdout  # byte for byte
        if "--confidence" in options:
            assert all(record["ci"] is not None for record in json.loads(on_dask.stdout)), on_dask.stdout
    records = [json.loads(line) for line in on_dask.stdout.splitlines()]
    assert [len(r["scores"]) for r in records] == [4] * len(SYS), records  # one record a segment, every metric


def _bad_dask_scheduler(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/distributed/test_cli_engines.py::test_a_bad_scheduler_is_a_usage_error. With
    local[0], a cluster of no worker waited forever: here no cluster may start at all."""
    _no_cluster(mp)
    for scheduler in ("local[abc]", "local[0]"):
        result = cli(tmp, [*BLEU_ARGS, "--engine", "dask", "--scheduler", scheduler])
        error(result, 2, f"--scheduler {scheduler!r}: --engine dask takes local[N] with N >= 1 worker processes")


def _unreachable_scheduler(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """The only test of an unreachable scheduler (it waits the client's 10 s connect timeout once)."""
    import_module("distributed")
    with socket.socket() as probe:  # a port nothing listens on: bound, then closed
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = cli(tmp, [*BLEU_ARGS, "--engine", "dask", "--scheduler", f"tcp://127.0.0.1:{port}"])
    error(result, 1)
    expected = f"Error: --scheduler tcp://127.0.0.1:{port}: no Dask scheduler answered within 10 s"
    assert result.stderr.startswith(expected), result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def _scheduler_without_engine(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/distributed/test_cli_engines.py::test_scheduler_without_a_cluster_engine_is_a_usage_error."""
    result = cli(tmp, [*BLEU_ARGS, "--scheduler", "local[2]"])
    error(result, 2, "--scheduler names where --engine dask or --engine spark computes")


def _shards_refuse_options(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/distributed/test_cli_engines.py::test_shards_refuse_the_options_they_would_ignore."""
    _no_cluster(mp)
    folder = _shards(tmp / "s", HEADER + ROW)
    for extra, flag in (
        (["-i", "{sys.txt}"], "--input"),
        (["-s", "{src.txt}"], "--sources"),
        (["-r", "{ref.txt}"], "--references"),
        (["--confidence"], "--confidence"),
    ):
        result = cli(tmp, ["score", "--shards", str(folder), "-m", "sari", "--engine", "dask", *extra])
        error(result, 2)
        assert flag in _last_line(result), (flag, result.output)


def _dask_row_over_the_frame(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/distributed/test_cli_engines.py::test_a_dask_error_names_the_row_of_the_frame_not_of_its_partition."""
    dd = import_module("dask.dataframe")
    from simpeval.distributed import score_dask

    hypotheses: list[Any] = ["a b c"] * 10
    hypotheses[7] = None  # the 8th row: the 4th of the second of three partitions
    frame = dd.from_pandas(pd.DataFrame({"hypothesis": hypotheses, "ref0": ["a b c"] * 10}), npartitions=3)
    with pytest.raises(InvalidInputError, match=r"^score_dask: row 8 of the frame \(1-based, in partition order\)"):
        score_dask(frame, "bleu", refs=["ref0"])


def _spark_from_a_venv(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """The only test of this (a Spark start from a fresh process: 20 to 60 s on 2 cores). The venv's python by absolute path, with a PATH without the venv: the workers must not run
    whichever ``python3`` comes first on PATH."""
    import_module("pyspark")
    java()
    tmp.mkdir(parents=True, exist_ok=True)
    files = {name: str(tmp / name) for name in BASE}
    for name, text in BASE.items():
        Path(files[name]).write_text(str(text), encoding="utf-8")
    venv = os.path.dirname(sys.executable)
    path = os.pathsep.join(d for d in os.environ.get("PATH", "").split(os.pathsep) if d and os.path.abspath(d) != venv)
    env = {k: v for k, v in os.environ.items() if k not in ("PYSPARK_PYTHON", "PYSPARK_DRIVER_PYTHON", "VIRTUAL_ENV")}
    env.update(PATH=path, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    args = ["score", "-r", files["ref.txt"], "-i", files["sys.txt"], "-m", "bleu", "-f", "json"]
    argv = [sys.executable, "-m", "simpeval", *args, "--engine", "spark", "--scheduler", "local[1]", "-q"]
    result = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=tmp, timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    local = cli(tmp, args, {})
    assert local.exit_code == 0 and result.stdout == local.stdout, (result.stdout, local.output)
    assert scores(local) == [BLEU().corpus_score(SYS, [REF]).score]


# ------------------------------------------------------------------ standard output
SCORE = ["score", "-s", "{src.txt}", "-r", "{ref.txt}", "-i", "{sys.txt}", "-m", "bleu", "sari"]


def _score_argv(tmp: Path) -> list[str]:
    tmp.mkdir(parents=True, exist_ok=True)
    for name, text in BASE.items():
        (tmp / name).write_text(str(text), encoding="utf-8")
    return [str(tmp / a[1:-1]) if a.startswith("{") else a for a in SCORE]


def _full_disk(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/cli/test_stdout.py::test_a_full_disk_is_one_error_line (every command)."""
    if not os.path.exists("/dev/full"):
        pytest.skip("needs /dev/full (Linux)")
    with open("/dev/full", "w") as full:
        result = _run(_score_argv(tmp), full, tmp)
    assert result.returncode == 1, result.stderr
    assert result.stderr.splitlines() == [
        "Error: could not write to standard output (No space left on device), so the output is incomplete. "
        "Free space on its device, or redirect it to another file."
    ]


def _negative_jobs(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/cli/test_jobs.py::test_every_scoring_command_takes_jobs (every command)."""
    for jobs in ("-1", "two"):
        result = cli(tmp, [*BLEU_ARGS, "--jobs", jobs])
        error(result, 2, "Invalid value for '--jobs' / '-j'")


def _killed_worker(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/engines/test_pool.py::test_a_worker_killed_by_the_system_is_one_clear_error."""
    mp.setenv("SIMPEVAL_PARALLEL_MIN_SEGMENTS", "10")
    with pytest.raises(WorkerError, match=r"^a worker process stopped before it finished .* \(--jobs 1\)\.$"):
        _DiesInWorkers(os.getpid()).corpus_stats(["a b c"] * 40, [["a b d"] * 40], n_jobs=2)


def _unpicklable_metric(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/engines/test_pool.py::test_a_metric_that_cannot_be_copied_runs_here_with_a_warning."""
    mp.setenv("SIMPEVAL_PARALLEL_MIN_SEGMENTS", "10")
    metric = BLEU()
    metric.hook = lambda: None  # type: ignore[attr-defined]
    with pytest.warns(SimpevalWarning, match="BLEU: cannot be copied to worker processes"):
        score = metric.corpus_score(["a b c"] * 40, [["a b d"] * 40], n_jobs=2)
    assert score == BLEU().corpus_score(["a b c"] * 40, [["a b d"] * 40])


def _closed_pipe(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/cli/test_stdout.py::test_a_closed_pipe_exits_quietly (every command)."""
    read, write = os.pipe()
    os.close(read)  # the reader has gone before the first write (as `| head -c1` after its byte)
    try:
        result = _run(_score_argv(tmp), write, tmp)
    finally:
        os.close(write)
    assert result.returncode == 1 and result.stderr == ""


def _fork_after_kernels(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/engines/test_threading_layer.py::test_fork_children_run_the_kernels_after_the_parent."""
    if not NUMBA_AVAILABLE or sys.platform != "linux":
        pytest.skip("the compiled kernels (Numba) and fork on Linux")
    fork_after_kernels(tmp, "executor", "0", 600)


def _killed_parent(tmp: Path, mp: pytest.MonkeyPatch) -> None:
    """In short: tests/engines/test_orphans.py::test_workers_end_with_their_killed_parent (every start method)."""
    if not sys.platform.startswith("linux"):
        pytest.skip("reads /proc and /dev/shm")
    kill_mid_job(tmp, "fork", signal.SIGKILL)


# fmt: off
CASES: list[Case] = [
    Case("C116", "a TSV shard with the field a b\\rc d (a lone carriage return) and --engine dask", CLI,
         "read as one field (only \\n ends a row, as in a local file): scored as locally (BLEU 100.00000000000004, "
         "not 0)", _carriage_return_in_a_field),
    Case("C117", "a TSV shard row missing its source, or with an extra field (score --shards)", CLI,
         "error (exit 1) naming the shard file and its line: expected 3 tab-separated fields, found 2 (or 4)",
         _row_without_every_field),
    Case("C118", "a 0-byte shard among others; every shard 0 bytes", CLI,
         "skipped: the score of the other shards, unchanged; every shard 0 bytes: error (exit 1) `every shard is empty`, "
         "naming them",
         _zero_byte_shards),
    Case("C119", "a shard without a reference column (TSV or Parquet)", CLI,
         "error (exit 1) naming the shard: has no reference (ref0, ref1, ...) column, with the columns found",
         _no_reference_column),
    Case("C120", "shards with different columns", CLI,
         "error (exit 1) naming both shards and their columns: every shard needs the same columns",
         _different_columns),
    Case("C121", "a Parquet shard with a null hypothesis", CLI,
         "error (exit 1) naming the shard and the row (from 1): the hypothesis must be text", _null_hypothesis_in_parquet),
    Case("C122", "score --confidence or --sentence-level with --engine dask", CLI,
         "the local output, byte for byte (statistics rows computed on the cluster, resampled or scored on the client)",
         _confidence_and_sentence_level),
    Case("C123", "--engine dask --scheduler local[abc] or local[0]", CLI,
         "usage error (exit 2): local[N] with N >= 1 worker processes (local[0] waited forever for a worker)",
         _bad_dask_scheduler),
    Case("C124", "--engine dask --scheduler tcp://127.0.0.1:PORT where nothing listens", CLI,
         "error (exit 1), one line, after the 10 s connect timeout: no Dask scheduler answered", _unreachable_scheduler),
    Case("C125", "--scheduler without --engine dask or spark", CLI,
         "usage error (exit 2): `--scheduler names where --engine dask or --engine spark computes`",
         _scheduler_without_engine),
    Case("C126", "--shards with -i, -s, -r or --confidence", CLI,
         "usage error (exit 2) naming the option (the shards give the data; the client never reads their segments)",
         _shards_refuse_options),
    Case("C127", "a Dask frame (score_dask) with a bad row in a later partition", API,
         "`InvalidInputError` naming the row over the whole frame (1-based, in partition order), not within its "
         "partition", _dask_row_over_the_frame),
    Case("C128", "--engine spark (a local master) run by a virtual environment's python by absolute path, the "
         "environment not on PATH", CLI,
         "works: the workers run the driver's python; the local JSON", _spark_from_a_venv),
    Case("C129", "standard output on a full disk (score > /dev/full)", CLI,
         "error (exit 1), one line: could not write to standard output (No space left on device)", _full_disk),
    Case("C130", "standard output into a pipe whose reader has gone (head -c1 after its byte)", CLI,
         "a quiet exit 1: nothing on stderr (no traceback, no `Exception ignored`)", _closed_pipe),
    Case("C131", "--jobs -1 or --jobs two", CLI,
         "usage error (exit 2): `Invalid value for '--jobs' / '-j'`, the range x>=0 (0: one per available core)",
         _negative_jobs),
    Case("C132", "a worker process of n_jobs / --jobs killed by the system (out of memory)", API,
         "`WorkerError`, one line: run with fewer workers or --jobs 1 (not a BrokenProcessPool traceback)",
         _killed_worker),
    Case("C133", "n_jobs with a metric of the user's own that cannot be pickled (it holds a lambda)", API,
         "a `SimpevalWarning` naming the metric, which runs in this process: the same score", _unpicklable_metric),
    Case("C134", "a fork Pool or ProcessPoolExecutor whose children run the compiled kernels after the parent did "
         "(default threshold, or SIMPEVAL_COMPILED_MIN_TEXTS=0)", API,
         "the parent's numbers, on Numba's TBB or workqueue layer (never GNU OpenMP unless NUMBA_THREADING_LAYER asks): "
         "no hang, no `fork() called from a process already using GNU OpenMP`", _fork_after_kernels),
    Case("C135", "the main process killed (SIGTERM, SIGKILL, out of memory) during n_jobs=2 / --jobs 2", API,
         "its workers end too, on every start method (a watchdog on the parent's sentinel), and leave nothing in "
         "/dev/shm (not re-parented to PID 1 and blocked for ever)", _killed_parent),
]
# fmt: on


@pytest.mark.parametrize("case", [_param(case) for case in CASES])
def test_case(case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SIMPEVAL_CACHE", str(tmp_path / "default-cache"))
    monkeypatch.setenv("SIMPEVAL_MIRROR", "http://127.0.0.1:9")  # nothing listens: no case reaches the network
    case.check(tmp_path, monkeypatch)
