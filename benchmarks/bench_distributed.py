#!/usr/bin/env python
"""Scale-out: one process, ``--jobs W``, Dask and Spark on W workers, over the same generated Parquet shards.

The corpus (distinct generated segments, one reference each) is written as Parquet shards; every
engine reads them with simpeval's shard reader (:func:`simpeval.distributed.shards.read_shard`,
the rules of ``simpeval score --shards``) and scores each metric:

* **one process, one core**: ``metric.corpus_stats`` shard after shard, the rows summed in order
  (the local path's sum, bit for bit), in a fresh process whose compiled kernels run on one
  thread (``jit.one_thread()``): one core, as one single-threaded Dask worker or Spark task has,
  so "one Dask worker within 1.2x of one process" compares one core with one core;
* **one process, every core**: the same with the kernels on every core (Numba's threads: SARI's
  chunks and BLEU's counting run threaded), the library's default, for information;
* **--jobs W**: the whole corpus in one process, ``metric.corpus_stats(..., n_jobs=W)`` (W worker
  processes; "n/a" where ``Metric.corpus_stats`` has no ``n_jobs``);
* **Dask**: :func:`simpeval.distributed.score_dask` on a ``LocalCluster`` of W single-threaded worker
  processes, one partition per shard read on the workers (``shards_frame_dask``); each worker's
  kernels run on its one thread;
* **Spark**: :func:`simpeval.distributed.score_spark` on ``local[W]`` (``SparkShards``, read by the tasks that score them); each
  task's kernels on its one core (``spark.task.cpus``).

Per metric, one table: seconds (reading and scoring; the engines are started and warmed up
first; with ``--repeat R`` the best of R runs), segments per second, speed-up over W=1 of the same engine, efficiency (speed-up / W),
peak resident memory per worker process, the CPU time each worker got per second of the run
(below 100%: the machine did not give it a whole core; Spark's counts the JVM and every Python
worker it started), the CPU seconds of the run over every worker (on a shared machine, what to
compare), and whether the score equals the one-process score bit for bit. The load average of the machine is printed with the numbers: on a shared machine
they are only as good as it is idle.

Usage:
    python benchmarks/bench_distributed.py --workers 1,2                       # 1,000,000 segments
    python benchmarks/bench_distributed.py --workers 1,2,4,8,16 --segments 3000000
    python benchmarks/bench_distributed.py --workers 1,2 --segments 400000 --metrics sari,bleu
    python benchmarks/bench_distributed.py --quick                             # 30,000 segments
    python benchmarks/bench_distributed.py --engines one,dask --summary-json figures.json
    python benchmarks/bench_distributed.py --smoke    # checks that the script runs; its figures mean nothing

``--smoke``: 2,000 segments in 4 shards, one worker, BLEU, one run each, and the engines one,
jobs and dask: Spark's JVM alone starts in longer than the rest of the run, and tests/distributed
runs ``score_spark`` (``--smoke --engines one,jobs,dask,spark`` adds it). ``--workers``,
``--metrics`` and ``--engines`` still choose.
"""

from __future__ import annotations

import argparse
import inspect
import logging
import os
import resource
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import SMOKE_NOTE, add_smoke_option, add_summary_option, fmt_time, met, print_table, write_summary

WORDS = np.array(
    "the a of to and in is was for on that with as by at from it an were are this be city river school".split()
)
COLUMNS = ["hypothesis", "ref0", "source"]
ENGINES = ("one", "jobs", "dask", "spark")
#: The rows of the one-process baseline: kernels on one thread (one core), and on every core (information).
ONE_CORE, EVERY_CORE = "one", "every"
#: The goals: Dask W=1 within 1.2x of one process; speed-up from 1 to W workers.
ONE_WORKER_RATIO = 1.2
SPEED_UP_TARGETS = {2: 1.7, 16: 12.0}
#: The rows of bench_all.py's peer ratios: (engine, workers) -> key of _common.PEER_GOALS.
PEER_KEYS = {("dask", 2): "dask-two", ("spark", 2): "spark-two"}
JOBS_TARGETS = {2: 1.7, 16: 10.0}

#: (seconds, score, peak RSS in bytes per worker process, CPU seconds per worker per second or None)
#: of one run, or None when it cannot run.
Run = tuple[float, float, int, float | None] | None
Measured = tuple[float, float, int, float | None]


def write_shards(folder: Path, n: int, shard: int, seed: int = 16) -> list[Path]:
    """``n`` distinct segments in Parquet shards of ``shard`` rows: hypothesis, ref0, source."""
    import pandas as pd

    rng = np.random.default_rng(seed)
    paths = []
    for start in range(0, n, shard):
        size = min(shard, n - start)
        lengths = rng.integers(8, 24, size)
        words = [WORDS[rng.integers(0, len(WORDS), k)] for k in lengths]
        source = [" ".join(w) + f" {start + i} ." for i, w in enumerate(words)]
        frame = pd.DataFrame(
            {
                "source": source,
                "hypothesis": [" ".join(w[1:]) + f" {start + i} ." for i, w in enumerate(words)],
                "ref0": [" ".join(w[: max(4, len(w) * 2 // 3)]) + f" {start + i} ." for i, w in enumerate(words)],
            }
        )
        paths.append(folder / f"part-{start // shard:05d}.parquet")
        frame.to_parquet(paths[-1])
    return paths


def _peak_rss() -> int:
    """This process's peak resident memory, in bytes."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _cpu_seconds(who: int = resource.RUSAGE_SELF) -> float:
    """CPU seconds (user and system) used so far by this process (or its waited-for children)."""
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def _quiet() -> None:
    """No per-call warnings in the output (the generated text ends in a tokenized period)."""
    import warnings

    warnings.simplefilter("ignore")
    logging.disable(logging.WARNING)


def _warm(name: str, path: str) -> Any:
    """A fresh metric, once the process has read a shard and scored 2,000 of its segments (imports,
    tokenizers and compiled kernels loaded: first-call costs are not throughput)."""
    _quiet()
    from simpeval import get_metric
    from simpeval.distributed.shards import read_shard

    frame = read_shard(path, "parquet", COLUMNS).iloc[:2000]
    metric = get_metric(name)
    metric.corpus_stats(list(frame["hypothesis"]), [list(frame["ref0"])], sources=list(frame["source"]))
    return get_metric(name)


def one_process(paths: list[str], name: str, repeat: int, one_core: bool) -> Measured:
    """(In a fresh process.) ``corpus_stats`` shard after shard, summed in order as the local path
    sums; ``one_core``: its compiled kernels on one thread."""
    from simpeval.engines import jit

    if one_core:
        jit.limit_threads(1)  # this process is the child's own: kept for its life
    return _one_process(paths, name, repeat)


def _one_process(paths: list[str], name: str, repeat: int) -> Measured:
    from simpeval.distributed.rows import running_sum
    from simpeval.distributed.shards import read_shard

    times = []
    for _ in range(repeat):
        metric = _warm(name, paths[0])
        start, cpu, total = time.perf_counter(), _cpu_seconds(), None
        for path in paths:
            frame = read_shard(path, "parquet", COLUMNS)
            hyps, refs, srcs = list(frame["hypothesis"]), [list(frame["ref0"])], list(frame["source"])
            total = running_sum(metric, total, metric.corpus_stats(hyps, refs, sources=srcs))
        score = metric.score_from_stats(total).score
        times.append((time.perf_counter() - start, _cpu_seconds() - cpu))
    seconds, cpu = min(times)
    return seconds, score, _peak_rss(), cpu / seconds


def with_jobs(paths: list[str], name: str, workers: int, repeat: int) -> Measured:
    """(In a fresh process.) The whole corpus in one call of ``corpus_stats(..., n_jobs=workers)``."""
    from simpeval.distributed.shards import read_shard

    times = []
    for _ in range(repeat):
        metric = _warm(name, paths[0])
        start, cpu = time.perf_counter(), _cpu_seconds() + _cpu_seconds(resource.RUSAGE_CHILDREN)
        hyps: list[str] = []
        refs: list[str] = []
        srcs: list[str] = []
        for path in paths:
            frame = read_shard(path, "parquet", COLUMNS)
            hyps += list(frame["hypothesis"])
            refs += list(frame["ref0"])
            srcs += list(frame["source"])
        stats = metric.corpus_stats(hyps, [refs], sources=srcs, n_jobs=workers)
        score = metric.score_from_stats(metric.sum_rows(stats)).score
        used = _cpu_seconds() + _cpu_seconds(resource.RUSAGE_CHILDREN) - cpu  # children: once they have ended
        times.append((time.perf_counter() - start, used))
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
    seconds, cpu = min(times)
    return seconds, score, max(_peak_rss(), children), cpu / seconds / workers


def has_jobs() -> bool:
    """Whether ``Metric.corpus_stats`` takes ``n_jobs=`` (the one-process pool)."""
    from simpeval.metrics import Metric

    return "n_jobs" in inspect.signature(Metric.corpus_stats).parameters


def in_child(function: Callable[..., Measured], *args: Any) -> Measured:
    """``function(*args)`` in a fresh process: its caches, imports and peak memory its own."""
    with ProcessPoolExecutor(1, mp_context=get_context("spawn")) as pool:
        return pool.submit(function, *args).result()


def with_dask(paths: list[str], name: str, workers: int, repeat: int) -> Measured:
    """``score_dask`` on a fresh LocalCluster of ``workers`` single-threaded worker processes."""
    import distributed

    from simpeval.distributed import score_dask, shards_frame_dask

    _quiet()
    with (
        distributed.LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.CRITICAL,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        client.run(_warm, name, paths[0])
        # and one pass of the Dask machinery over a shard per worker (dataframe modules, conversions)
        score_dask(
            shards_frame_dask(paths[:workers], "parquet", COLUMNS), _warm(name, paths[0]), refs=["ref0"], src="source"
        )
        times = []
        for _ in range(repeat):
            metric = _warm(name, paths[0])
            cpu, start = client.run(_cpu_seconds), time.perf_counter()
            frame = shards_frame_dask(paths, "parquet", COLUMNS)
            score = score_dask(frame, metric, refs=["ref0"], src="source").score
            seconds, after = time.perf_counter() - start, client.run(_cpu_seconds)
            times.append((seconds, sum(after[w] - cpu[w] for w in cpu) / len(cpu)))
        peak = max(client.run(_peak_rss).values())
    seconds, used = min(times)
    return seconds, score, peak, used / seconds


def _tree_cpu_seconds() -> float:
    """CPU seconds of this process's descendants (Spark's JVM, its Python daemon and workers),
    with the children they have waited for."""
    import psutil

    total = 0.0
    for child in psutil.Process().children(recursive=True):
        try:
            t = child.cpu_times()
        except psutil.Error:  # ended meanwhile
            continue
        total += t.user + t.system + t.children_user + t.children_system
    return total


def _python_peaks() -> list[int]:
    """The peak resident memory (``VmHWM``) of every Python process below this one: Spark's Python
    daemon and the workers it forked (the reader's and the scorer's of each task), in bytes."""
    import psutil

    peaks = [0]
    for child in psutil.Process().children(recursive=True):
        try:
            if "python" not in child.name():
                continue
            with open(f"/proc/{child.pid}/status") as status:
                peaks += [int(line.split()[1]) * 1024 for line in status if line.startswith("VmHWM:")]
        except (psutil.Error, OSError):  # ended meanwhile, or no /proc
            continue
    return peaks


def with_spark(paths: list[str], name: str, workers: int, repeat: int) -> Run:
    """``score_spark`` of the shards (``SparkShards``: read by the tasks that score them, as
    ``simpeval score --shards`` reads them) on ``local[workers]`` (``None`` without pyspark or Java)."""
    try:
        from pyspark.sql import SparkSession
    except ImportError:
        return None
    from simpeval.distributed import SparkShards, score_spark

    os.environ["PYSPARK_PYTHON"] = sys.executable
    spark = (
        SparkSession.builder.master(f"local[{workers}]")
        .appName("bench_distributed")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.pyspark.python", sys.executable)
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("FATAL")
    try:
        # every worker's Python processes started and their kernels loaded: a shard per worker
        warm = SparkShards(spark, tuple(paths[:workers]), "parquet", tuple(COLUMNS))
        score_spark(warm, _warm(name, paths[0]), refs=["ref0"], src="source")
        times = []
        for _ in range(repeat):
            metric = _warm(name, paths[0])
            cpu, start = _tree_cpu_seconds(), time.perf_counter()
            shards = SparkShards(spark, tuple(paths), "parquet", tuple(COLUMNS))
            score = score_spark(shards, metric, refs=["ref0"], src="source")
            times.append((time.perf_counter() - start, _tree_cpu_seconds() - cpu))
        peaks = _python_peaks()
    finally:
        spark.stop()
    seconds, used = min(times)
    return seconds, score.score, max(peaks), used / seconds / workers


def table_rows(label: str, runs: dict[int, Run], n: int, reference: float) -> list[list[str]]:
    """One engine's rows: seconds, segments/s, speed-up over W=1, efficiency, peak RSS, equal."""
    rows = []
    base = runs.get(1)
    for workers, run in runs.items():
        if run is None:
            rows.append([label, str(workers), "n/a", "", "", "", "", "", "", ""])
            continue
        seconds, score, peak, cpu = run
        speed_up = base[0] / seconds if base is not None else None
        rows.append(
            [
                label,
                str(workers),
                fmt_time(seconds),
                f"{n / seconds:,.0f}",
                "-" if speed_up is None else f"{speed_up:.2f}x",
                "-" if speed_up is None else f"{speed_up / workers:.0%}",
                f"{peak / 2**20:,.0f} MiB",
                "-" if cpu is None else f"{cpu:.0%}",
                "-" if cpu is None else f"{cpu * seconds * workers:.1f}",
                "yes" if score == reference else "NO",
            ]
        )
    return rows


def measure(
    paths: list[str], name: str, workers: Sequence[int], engines: Sequence[str], repeat: int
) -> dict[str, dict[int, Run]]:
    """Every engine's runs of one metric (the best of ``repeat``): ``{"one": {1: run}, "jobs": {W: run}, ...}``."""
    runs: dict[str, dict[int, Run]] = {
        ONE_CORE: {1: in_child(one_process, paths, name, repeat, True)},
        EVERY_CORE: {1: in_child(one_process, paths, name, repeat, False)},
    }
    jobs = has_jobs()
    for engine in engines:
        if engine == ONE_CORE:
            continue
        runs[engine] = {}
        for w in workers:
            if engine == "jobs":
                runs[engine][w] = in_child(with_jobs, paths, name, w, repeat) if jobs else None
            elif engine == "dask":
                runs[engine][w] = with_dask(paths, name, w, repeat)
            else:
                runs[engine][w] = with_spark(paths, name, w, repeat)
    return runs


def summary(name: str, runs: dict[str, dict[int, Run]]) -> list[list[str]]:
    """The Summary rows of one metric: Dask W=1 against one process (one core; every core for
    information), and each engine's speed-ups."""
    one, every = runs[ONE_CORE][1], runs[EVERY_CORE][1]
    assert one is not None and every is not None
    rows = []
    dask = runs.get("dask", {})
    first = dask.get(1)
    if first is not None:
        ratio = first[0] / one[0]
        rows.append(
            [
                f"{name}: Dask 1 worker / one process on one core",
                f"{ratio:.2f}x",
                f"<= {ONE_WORKER_RATIO}x",
                met(ratio <= ONE_WORKER_RATIO),
                "dask-one",
                "yes" if first[1] == one[1] else "NO",
            ]
        )
        rows.append([f"{name}: Dask 1 worker / one process on every core", f"{first[0] / every[0]:.2f}x", "(info)", ""])
    for engine, targets in (("dask", SPEED_UP_TARGETS), ("spark", SPEED_UP_TARGETS), ("jobs", JOBS_TARGETS)):
        base = runs.get(engine, {}).get(1)
        for workers, run in runs.get(engine, {}).items():
            if workers == 1 or run is None or base is None:
                continue
            speed_up, target = base[0] / run[0], targets.get(workers)
            rows.append(
                [
                    f"{name}: {engine} speed-up, 1 -> {workers} workers",
                    f"{speed_up:.2f}x",
                    "(info)" if target is None else f">= {target}x",
                    "" if target is None else met(speed_up >= target),
                    PEER_KEYS.get((engine, workers), ""),
                    "yes" if run[1] == one[1] else "NO",
                ]
            )
    equal = all(run is None or run[1] == one[1] for by_w in runs.values() for run in by_w.values())
    rows.append([f"{name}: every score equal to one process", "yes" if equal else "NO", "yes", met(equal)])
    return rows


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--workers", default=None, help="worker counts, comma-separated (default: 1,2)")
    parser.add_argument("--segments", type=int, default=1_000_000)
    parser.add_argument("--metrics", default=None, help="comma-separated (default: sari,bleu)")
    parser.add_argument(
        "--engines", default=None, help=f"comma-separated of {', '.join(ENGINES)} (default: all; --smoke: not spark)"
    )
    parser.add_argument("--shard", type=int, default=None, help="rows per shard (default: 4 shards per worker)")
    parser.add_argument("--repeat", type=int, default=1, help="time each run this many times, keep the best")
    parser.add_argument("--quick", action="store_true", help="30,000 segments")
    add_smoke_option(parser)
    parser.add_argument(
        "--shared", type=Path, help="accepted for symmetry with the other scripts: the corpus is generated"
    )
    add_summary_option(parser)
    args = parser.parse_args(argv)
    args.workers = args.workers or ("1" if args.smoke else "1,2")
    args.metrics = args.metrics or ("bleu" if args.smoke else "sari,bleu")
    args.engines = args.engines or ",".join(e for e in ENGINES if not (args.smoke and e == "spark"))
    return args


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    n = 2_000 if args.smoke else 30_000 if args.quick else args.segments
    workers = sorted({int(w) for w in args.workers.split(",")})
    engines = [e for e in args.engines.split(",") if e]
    unknown = sorted(set(engines) - set(ENGINES))
    if unknown:
        sys.exit(f"bench_distributed.py: unknown engine(s) {', '.join(unknown)} (choose from {', '.join(ENGINES)}).")
    shard = args.shard or (-(-n // 4) if args.smoke else min(100_000, max(10_000, -(-n // (4 * max(workers))))))
    figures: list[list[str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        paths = [str(p) for p in write_shards(Path(tmp), n, shard)]
        print(
            f"{n:,} generated segments in {len(paths)} Parquet shards; {os.cpu_count()} CPUs; load average "
            f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} at the start\n"
            + (f"{SMOKE_NOTE}\n" if args.smoke else ""),
            flush=True,
        )
        for name in [m for m in args.metrics.split(",") if m]:
            runs = measure(paths, name, workers, engines, max(1, args.repeat))
            one = runs[ONE_CORE][1]
            assert one is not None
            rows = table_rows("one process, one core", runs[ONE_CORE], n, one[1])
            rows += table_rows("one process, every core", runs[EVERY_CORE], n, one[1])
            labels = {"jobs": "--jobs W", "dask": "Dask LocalCluster", "spark": "Spark local[W]"}
            for engine in engines:
                if engine != ONE_CORE:
                    rows += table_rows(labels[engine], runs[engine], n, one[1])
            print(f"{name.upper()} (score {one[1]:.4f})")
            print_table(
                [
                    "engine",
                    "W",
                    "seconds",
                    "segments / s",
                    "speed-up",
                    "efficiency",
                    "peak RSS / worker",
                    "CPU / worker",
                    "CPU s",
                    "equal",
                ],
                rows,
                left=2,
            )
            figures += summary(name.upper(), runs)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the end\n")
    print("Summary")
    print_table(["figure", "value", "target", "status"], [row[:4] for row in figures])
    equal = all(row[1] == "yes" for row in figures if row[0].endswith("every score equal to one process"))
    print(f"scores equal to the single process: {'yes' if equal else 'NO'}")
    write_summary(args.summary_json, "bench_distributed.py", figures)


if __name__ == "__main__":
    main()
