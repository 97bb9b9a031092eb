#!/usr/bin/env python
"""One process, every core: ``simpeval score --jobs N`` and ``metric.corpus_stats(n_jobs=N)`` against ``--jobs 1``.

A generated corpus (distinct segments, one reference each, with sources) is written to text
files; then, in the same run:

  1. **the command line**: ``simpeval score -s SRC -r REF -i SYS -m sari bleu --jobs N`` for each
     N of ``--jobs`` (default: 1 and the cores available), each in a fresh subprocess as a user
     types it, the median of ``--repeat`` runs; the outputs must be byte-identical;
  2. **the Python API**: ``metric.corpus_stats(hyps, [refs], sources=srcs, n_jobs=N)`` of SARI,
     BLEU, chrF and TER in this process (TER on a tenth of the corpus: its search costs more a
     segment), and ``n_jobs=None`` (this process, its kernels on every thread) beside them; the
     rows must be bit-identical (``np.array_equal``).

``--jobs N`` is N cores in all: N worker processes whose compiled kernels run on one thread
each, and ``--jobs 1`` this process with its kernels on ONE thread (like ``make -j1``). Each row
prints the CPU time (``resource.getrusage`` of this process and of its waited-for children:
the command's process and its workers) and the cores it kept busy (CPU time over wall time), so
that a figure taken while other jobs share the machine can be judged: CPU time is less
sensitive to the load than wall time. Speed-up is the time of ``--jobs 1`` over the time of
``--jobs N``; efficiency is the speed-up over N. Target: at least 1.7x with 2 workers on a
2-core machine (10x with 16 on 16 cores).

Usage:
    python benchmarks/bench_jobs.py                        # 400,000 segments, --jobs 1 and every core
    python benchmarks/bench_jobs.py --jobs 1,2,4,8,16      # a scaling curve
    python benchmarks/bench_jobs.py --quick                # 30,000 segments, one run each
    python benchmarks/bench_jobs.py --smoke                # checks that the script runs; its figures mean nothing

``--smoke``: 2,000 segments, one run each, and ``--jobs 1`` only (unless ``--jobs`` is given).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import (
    SMOKE_NOTE,
    add_smoke_option,
    add_summary_option,
    byte_compile_simpeval,
    fmt_time,
    heading,
    met,
    print_table,
    write_summary,
)

WORDS = np.array(
    "the a of to and in is was for on that with as by at from it an were are this be city river school".split()
)


def write_corpus(folder: Path, n: int, seed: int = 16) -> tuple[Path, Path, Path]:
    """``n`` distinct segments: sources, simplified outputs (a word dropped) and shorter references."""
    rng = np.random.default_rng(seed)
    lines: dict[str, list[str]] = {"src": [], "sys": [], "ref": []}
    for i, k in enumerate(rng.integers(8, 24, n)):
        words = WORDS[rng.integers(0, len(WORDS), k)]
        lines["src"].append(" ".join(words) + f" {i}.")
        lines["sys"].append(" ".join(words[1:]) + f" {i}.")
        lines["ref"].append(" ".join(words[: max(4, len(words) * 2 // 3)]) + f" {i}.")
    paths = {}
    for name, content in lines.items():
        paths[name] = folder / f"{name}.txt"
        paths[name].write_text("\n".join(content) + "\n", encoding="utf-8")
    return paths["src"], paths["ref"], paths["sys"]


def _cpu() -> float:
    """CPU seconds of this process and of its waited-for children (and theirs), so far."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def cli_run(files: tuple[Path, Path, Path], jobs: int) -> tuple[float, str, float]:
    """Wall time, output and CPU time (the command's process and its workers) of one run."""
    src, ref, hyp = files
    command = ["simpeval", "score", "-s", src, "-r", ref, "-i", hyp, "-m", "sari", "bleu", "--jobs", str(jobs)]
    cpu, start = _cpu(), time.perf_counter()
    run = subprocess.run(
        [sys.executable, "-m", "simpeval", *map(str, command[1:])], capture_output=True, text=True, check=False
    )
    elapsed, cpu = time.perf_counter() - start, _cpu() - cpu
    if run.returncode != 0:
        sys.exit(f"bench_jobs.py: {' '.join(map(str, command))} failed:\n{run.stderr[-2000:]}")
    return elapsed, run.stdout, cpu


def api_run(files: tuple[Path, Path, Path], name: str, jobs: int | None, share: int) -> tuple[float, np.ndarray, float]:
    """Wall time, rows and CPU time (this process and its workers) of one ``corpus_stats`` call."""
    from simpeval import get_metric

    src, ref, hyp = (p.read_text(encoding="utf-8").splitlines() for p in files)
    n = len(hyp) // share
    metric = get_metric(name)
    cpu, start = _cpu(), time.perf_counter()
    rows = metric.corpus_stats(hyp[:n], [ref[:n]], sources=src[:n], n_jobs=jobs)
    return time.perf_counter() - start, rows, _cpu() - cpu


def meaning(jobs: int | None) -> str:
    """What ``--jobs N`` / ``n_jobs=N`` runs on."""
    if jobs is None:
        return "this process, every thread"
    return "one core: this process, one thread" if jobs == 1 else f"{jobs} workers, one thread each"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--segments", type=int, default=400_000)
    parser.add_argument("--jobs", default=None, help="worker counts, comma-separated (default: 1 and every core)")
    parser.add_argument("--repeat", type=int, default=3, help="command-line runs per worker count (median)")
    parser.add_argument("--quick", action="store_true", help="30,000 segments, one run each")
    add_smoke_option(parser)
    parser.add_argument(
        "--shared", type=Path, help="accepted for symmetry with the other scripts: the corpus is generated"
    )
    add_summary_option(parser)
    args = parser.parse_args(argv)
    from simpeval.engines.pool import available_cores

    cores = available_cores()
    counts = [int(j) for j in args.jobs.split(",")] if args.jobs else [1] if args.smoke else sorted({1, max(2, cores)})
    n, repeat = (2_000, 1) if args.smoke else (30_000, 1) if args.quick else (args.segments, args.repeat)
    byte_compile_simpeval()
    print(f"{n:,} generated segments; {cores} cores available to this process; load: {os.getloadavg()[0]:.2f}")
    print(f"{SMOKE_NOTE}\n" if args.smoke else "")
    with tempfile.TemporaryDirectory() as tmp:
        files = write_corpus(Path(tmp), n)
        cli_run(files, 1)  # compiles the kernels into the cache once, outside the timings
        heading("1. simpeval score -m sari bleu --jobs N (a fresh process each, median)")
        cli: dict[int, tuple[float, str, float]] = {}
        for jobs in counts:
            runs = sorted(cli_run(files, jobs) for _ in range(repeat))
            cli[jobs] = runs[len(runs) // 2]  # the median run, with its CPU time
        base = cli[counts[0]][0]
        equal = all(out == cli[counts[0]][1] for _, out, _ in cli.values())
        rows = [
            [f"--jobs {j} ({meaning(j)})", fmt_time(t), fmt_time(cpu), f"{cpu / t:.2f}"]
            + [f"{n / t:,.0f}", f"{base / t:.2f}x", f"{base / t / j:.0%}"]
            for j, (t, _, cpu) in cli.items()
        ]
        headers = ["run", "wall time", "CPU time", "cores used", "segments / s", "speed-up", "efficiency"]
        print_table(headers, rows)
        print(f"outputs byte-identical: {'yes' if equal else 'NO'}; load: {os.getloadavg()[0]:.2f}\n")
        heading("2. metric.corpus_stats(..., n_jobs=N) in this process (wall time (speed-up), CPU time, cores used)")
        api_rows, api_equal = [], True
        settings: list[int | None] = [*counts, None]
        for name in ("sari", "bleu", "chrf", "ter"):
            share = 10 if name == "ter" else 1
            api_run(files, name, 1, share * 10)  # loads the kernels
            runs = {jobs: api_run(files, name, jobs, share) for jobs in settings}
            api_equal &= all(np.array_equal(rows_, runs[counts[0]][1]) for _, rows_, _ in runs.values())
            one = runs[counts[0]][0]
            api_rows.append(
                [name.upper(), f"{n // share:,}"]
                + [
                    f"{fmt_time(t)} ({one / t:.2f}x), CPU {fmt_time(cpu)}, {cpu / t:.2f} cores"
                    for t, _, cpu in runs.values()
                ]
            )
        print_table(["metric", "segments", *(f"n_jobs={j} ({meaning(j)})" for j in settings)], api_rows)
        print(f"rows bit-identical: {'yes' if api_equal else 'NO'}; load: {os.getloadavg()[0]:.2f}\n")
    top = counts[-1]
    speedup = base / cli[top][0]
    goal = 1.7 if top <= 2 else 10.0 if top >= 16 else None
    summary = [
        [
            f"score --jobs {top} vs --jobs 1 (one core; {n:,} segments, SARI + BLEU)",
            f"{speedup:.2f}x",
            f">= {goal}x" if goal else "-",
            met(speedup >= goal) if goal else "reported",
        ],
        [
            "--jobs outputs and n_jobs rows identical",
            "yes" if equal and api_equal else "NO",
            "identical",
            met(equal and api_equal),
        ],
    ]
    heading("Summary")
    print_table(["figure", "value", "target", "status"], summary)
    print(f"identical with any --jobs: {'yes' if equal and api_equal else 'NO'}")
    write_summary(args.summary_json, "bench_jobs.py", summary)


if __name__ == "__main__":
    main()
