#!/usr/bin/env python
"""Every engine of every metric against the one it replaces on a user's path, same run, same data.

On ASSET test (359 segments, 10 references, the sources for SARI) and the outputs of the first
``--systems`` systems, each engine extracts the statistics rows of every system
(``metric.corpus_stats``) in this process, warm (each engine runs once, untimed, before the
timings, so the compiled kernels are loaded from Numba's cache and not counted; their load is
what ``SIMPEVAL_COMPILED_MIN_TEXTS`` repays and is measured by ``bench_sari.py`` and
``bench_ter.py``). Every engine must give the same rows, bit for bit. Three jobs:

  1. **one system**, a fresh metric object (references prepared in the call): what
     ``simpeval score`` of one output does;
  2. **a comparison**: every system on one metric object (the NumPy engines of BLEU and chrF
     prepare the references once for all of them), what ``simpeval compare`` does;
  3. **one large call**: ASSET repeated ``--repeat-corpus`` times in one call (above the
     20,000-text threshold from which ``engine="fast"`` runs compiled).

The engines and the one each replaces (the reference implementation is the specification):

  SARI   numpy vs reference; numba vs numpy
  BLEU   numpy vs sacrebleu; numba vs numpy
  chrF   numpy vs sacrebleu; numba vs numpy
  TER    python vs reference (sacrebleu's code); numba vs python

Times are the best of ``--repeat`` wall-clock runs; CPU seconds are printed too (on a shared
machine they are what to compare, except that Numba's parallel kernels count every thread's).
The load average is printed first. A ratio's target (faster than the engine replaced) is marked
only for the jobs where ``engine="fast"`` runs that engine: the fallback for the one system and
the comparison (below the 20,000-text threshold, and at any size without Numba), the compiled
engine for the large call.

Usage:
    python benchmarks/bench_engines.py            # 10 systems, ASSET x 60 for the large call
    python benchmarks/bench_engines.py --quick    # 3 systems, 120 segments, ASSET x 5, TER's reference on 1 system
    python benchmarks/bench_engines.py --smoke    # checks that the script runs; its figures mean nothing

``--smoke``: 2 systems, the first segments of ASSET test (``SMOKE_SEGMENTS`` of _common.py), ASSET
x 2 for the large call, one run each, TER's reference on 1 system.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from simpeval import get_metric
from simpeval.engines.jit import NUMBA_AVAILABLE

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import (
    ASSET_SYSTEMS,
    DEFAULT_SHARED,
    N_REFERENCES,
    SMOKE_NOTE,
    SMOKE_SEGMENTS,
    add_smoke_option,
    add_summary_option,
    clear_caches,
    fmt_time,
    heading,
    met,
    print_table,
    read_lines,
    require_files,
    write_summary,
)

SYSTEMS = ASSET_SYSTEMS
#: metric -> (reference engine, fallback engine): numba replaces the fallback, the fallback the reference.
ENGINES = {"sari": ("reference", "numpy"), "bleu": ("sacrebleu", "numpy"), "chrf": ("sacrebleu", "numpy")}
ENGINES["ter"] = ("reference", "python")

Data = tuple[dict[str, list[str]], list[list[str]], list[str]]  # outputs, reference streams, sources


def load(shared: Path, n_systems: int, n_segments: int) -> Data:
    asset = shared / "corpora" / "asset"
    outputs = shared / "corpora" / "system_outputs" / "turkcorpus_test"
    refs = [asset / f"asset.test.simp.{j}" for j in range(N_REFERENCES)]
    paths = {name: outputs / name for name in SYSTEMS[:n_systems]}
    require_files([*refs, asset / "asset.test.orig", *paths.values()], shared, "bench_engines.py")
    cut = lambda path: read_lines(path, "bench_engines.py")[:n_segments]  # noqa: E731
    return {name: cut(p) for name, p in paths.items()}, [cut(p) for p in refs], cut(asset / "asset.test.orig")


def best(run: Callable[[], Any], repeat: int) -> tuple[float, float, Any]:
    """Best wall time, the CPU time of that run, and the result of ``run``."""
    timings = []
    result = None
    for _ in range(repeat):
        clear_caches()
        wall, cpu = time.perf_counter(), time.process_time()
        result = run()
        timings.append((time.perf_counter() - wall, time.process_time() - cpu))
    wall_s, cpu_s = min(timings)
    return wall_s, cpu_s, result


def jobs(metric: str, engine: str, data: Data, times: int) -> dict[str, Callable[[], list[np.ndarray]]]:
    """The three jobs of one engine, each returning the rows it extracted."""
    systems, refs, sources = data
    first = next(iter(systems))
    kwargs = {"sources": sources} if metric == "sari" else {}

    def one() -> list[np.ndarray]:
        return [get_metric(metric, engine=engine).corpus_stats(systems[first], refs, **kwargs)]

    def comparison() -> list[np.ndarray]:
        shared = get_metric(metric, engine=engine)
        return [shared.corpus_stats(hyps, refs, **kwargs) for hyps in systems.values()]

    def large() -> list[np.ndarray]:
        big = {"sources": sources * times} if metric == "sari" else {}
        return [
            get_metric(metric, engine=engine).corpus_stats(systems[first] * times, [r * times for r in refs], **big)
        ]

    return {"one system": one, "comparison": comparison, "large call": large}


def bench_metric(metric: str, data: Data, times: int, repeat: int, skip: set[str]) -> list[list[str]]:
    """One table of a metric's engines; the summary rows of its ratios."""
    reference, fallback = ENGINES[metric]
    engines = [reference, fallback] + (["numba"] if NUMBA_AVAILABLE else [])
    heading(f"{metric}: engines {', '.join(engines)}")
    results: dict[tuple[str, str], tuple[float, float]] = {}
    expected: dict[str, list[np.ndarray]] = {}
    rows, same = [], True
    for engine in engines:
        for job, run in jobs(metric, engine, data, times).items():
            if (engine, job) in skip:
                continue
            if engine != reference:
                run()  # warm: kernels loaded, not timed
            wall, cpu, out = best(run, 1 if engine == reference else repeat)
            if job in expected:
                same &= all(np.array_equal(a, b) for a, b in zip(out, expected[job]))
            else:
                expected[job] = out
            results[engine, job] = (wall, cpu)
            rows.append([engine, job, fmt_time(wall), fmt_time(cpu)])
            print(f"  {engine:9} {job:11} {fmt_time(wall):>9} (CPU {fmt_time(cpu)})", flush=True)
    print_table(["engine", "job", "wall", "CPU"], rows, left=2)
    print(f"identical rows: {'yes' if same else 'NO'}\n")
    summary = []
    for engine, baseline in ((fallback, reference), ("numba", fallback)):
        for job in ("one system", "comparison", "large call"):
            if (engine, job) in results and (baseline, job) in results:
                wall, cpu = (results[baseline, job][k] / results[engine, job][k] for k in (0, 1))
                # the target holds where engine="fast" runs this engine: the fallback below the
                # threshold (and without Numba), the compiled engine above it
                default = (job == "large call") == (engine == "numba")
                status = met(wall > 1) if default else "(info)"
                summary.append(
                    [f"{metric} {engine} vs {baseline}, {job}", f"{wall:.1f}x (CPU {cpu:.1f}x)", "> 1x", status]
                )
    summary.append([f"{metric}: every engine the same rows", "yes" if same else "no", "identical", met(same)])
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED, help="the shared data directory")
    parser.add_argument("--quick", action="store_true", help="3 systems, 120 segments, ASSET x 5")
    add_smoke_option(parser)
    parser.add_argument("--metrics", default="sari,bleu,chrf,ter", help="comma-separated, e.g. 'ter'")
    parser.add_argument("--repeat", type=int, default=3, help="timings are the best of this many runs")
    add_summary_option(parser)
    args = parser.parse_args()
    n_systems, n_segments, times = (3, 120, 5) if args.quick else (len(SYSTEMS), 359, 60)
    if args.smoke:
        n_systems, n_segments, times, args.repeat = 2, SMOKE_SEGMENTS, 2, 1
    data = load(args.shared, n_systems, n_segments)
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; Numba: {NUMBA_AVAILABLE}")
    if args.smoke:
        print(SMOKE_NOTE)
    # sacrebleu's TER takes seconds a system: its large call and, quick, its comparison are left out
    skip = {("reference", "large call")} | ({("reference", "comparison")} if args.quick or args.smoke else set())
    summary = []
    for metric in args.metrics.split(","):
        summary += bench_metric(metric, data, times, args.repeat, skip if metric == "ter" else set())
    heading("Summary")
    print_table(["figure", "value", "target", "status"], summary)
    write_summary(args.summary_json, "bench_engines.py", summary)


if __name__ == "__main__":
    main()
