#!/usr/bin/env python
"""Bootstrap scoring of BLEU and chrF: sacrebleu row by row against simpeval's NumPy replay.

On the statistics of ASSET test (359 segments, 10 references) for the outputs of 10 systems:

  1. rows a second of sacrebleu's own scoring of each float32 resampled sum
     (``_compute_score_from_stats(row).score``, what ``--paired-bs`` runs), of simpeval's
     whole-array NumPy replay (``simpeval.engines.resample_numpy``), with a check that both
     give the same bits and types;
  2. ``simpeval.compare`` of the systems (BLEU + chrF, paired bootstrap) in a fresh process on
     statistics extracted beforehand: its wall time, and whether it imported Numba.

Usage:
    python benchmarks/bench_resample.py            # full run (about ten seconds)
    python benchmarks/bench_resample.py --quick    # a quick run: 3 systems, 200 resamples
    python benchmarks/bench_resample.py --smoke    # 2 systems, 20 resamples, one run: checks that the script runs; its figures mean nothing
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from simpeval import get_metric
from simpeval.engines import resample_numpy as replay

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import (
    ASSET_SEGMENTS,
    ASSET_SYSTEMS,
    DEFAULT_SHARED,
    N_REFERENCES,
    SMOKE_NOTE,
    add_smoke_option,
    add_summary_option,
    fmt_time,
    heading,
    met,
    print_table,
    read_lines,
    require_files,
    write_summary,
)

SYSTEMS = ASSET_SYSTEMS
SEED = 12345

FRESH = """
import sys, time
import numpy as np
start = time.perf_counter()
from simpeval import compare
from simpeval.api.common import RunOptions
from simpeval.significance.specs import PairedBootstrap
stats = dict(np.load(sys.argv[1]))
systems = {name: [""] * %(segments)d for name in %(systems)r}
references = [[""] * %(segments)d] * %(references)d
run = RunOptions(statistics=lambda metric, system, hyps: stats[metric.name + "/" + system])
compare(systems, references, metrics=["bleu", "chrf"], test=PairedBootstrap(n=%(samples)d), seed=%(seed)d, run=run)
print(time.perf_counter() - start, "numba" in sys.modules)
"""


def statistics(shared: Path, n_systems: int) -> dict[str, np.ndarray]:
    """``{"BLEU/system": rows, "chrF/system": rows}`` of ASSET test."""
    asset = shared / "corpora" / "asset"
    outputs = shared / "corpora" / "system_outputs" / "turkcorpus_test"
    paths = [asset / f"asset.test.simp.{j}" for j in range(N_REFERENCES)] + [outputs / s for s in SYSTEMS[:n_systems]]
    require_files(paths, shared, "bench_resample.py")
    references = [read_lines(p, "bench_resample.py") for p in paths[:N_REFERENCES]]
    metrics = [get_metric("bleu"), get_metric("chrf")]
    return {
        f"{m.name}/{name}": m.corpus_stats(read_lines(outputs / name, "bench_resample.py"), references)
        for m in metrics
        for name in SYSTEMS[:n_systems]
    }


def best(run: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return min(times), result


def same(a: Any, b: Any) -> bool:
    """The same values (bits) and element types."""
    a, b = list(a), list(b)
    bits = np.array(a, dtype=np.float64).tobytes() == np.array(b, dtype=np.float64).tobytes()
    return bits and [type(x) for x in a] == [type(x) for x in b]


def section_rows(stats: dict[str, np.ndarray], samples: int, repeat: int) -> tuple[float, bool]:
    """Rows a second of each scorer on the float32 resampled sums of every system; the NumPy
    replay's speed-up over sacrebleu and whether every scorer gave the same scores."""
    heading(f"1. Scoring float32 resampled sums ({samples} resamples x {len(stats) // 2} systems a metric)")
    rng = np.random.default_rng(SEED)
    rows, identical, speedups = [], True, []
    for kind in ("BLEU", "chrF"):
        impl = get_metric(kind.lower())._impl  # sacrebleu's metric object, as simpeval holds it
        idx = rng.integers(0, ASSET_SEGMENTS, size=(samples, ASSET_SEGMENTS))
        sums = np.concatenate([v.astype(np.float32)[idx].sum(axis=1) for k, v in stats.items() if k.startswith(kind)])
        results = time_scorers(kind, impl, sums, repeat)
        base, expected = results["sacrebleu, row by row"]
        for name, (seconds, scores) in results.items():
            identical &= same(scores, expected)
            rows.append(
                [kind, name, f"{seconds * 1e3:.2f} ms", f"{len(sums) / seconds:,.0f}", f"{base / seconds:.1f}x"]
            )
        speedups.append(base / results["NumPy replay"][0])
    print_table(["metric", "scorer", f"{len(sums)} rows", "rows/s", "vs sacrebleu"], rows, left=2)
    print(f"identical scores and types: {'yes' if identical else 'NO'}\n")
    return min(speedups), identical


def time_scorers(kind: str, impl: Any, sums: np.ndarray, repeat: int) -> dict[str, tuple[float, Any]]:
    """The best time and the scores of each scorer of ``sums``."""
    scorers = {
        "sacrebleu, row by row": lambda: [impl._compute_score_from_stats(r).score for r in sums],
        "NumPy replay": lambda: numpy_scores(impl, sums),
    }
    return {name: best(run, repeat) for name, run in scorers.items()}


def numpy_scores(impl: Any, sums: np.ndarray) -> list[Any]:
    """The replay's scores of ``sums`` as simpeval hands them on (Python floats, chrF's float32 scalars)."""
    if impl.__class__.__name__ == "BLEU":
        smooth = replay.SMOOTH_CODES[impl.smooth_method]
        return replay.bleu_scores(sums, impl.max_ngram_order, smooth, 0.0, bool(impl.effective_order), True).tolist()
    values = replay.chrf_result(*replay.chrf_scores(sums, impl.beta**2, bool(impl.eps_smoothing), True))
    return values.tolist() if isinstance(values, np.ndarray) and values.dtype == np.float64 else list(values)


def section_fresh(stats: dict[str, np.ndarray], samples: int, repeat: int) -> tuple[float, bool]:
    """Wall time of ``simpeval.compare`` in a fresh process (imports included) and whether it imported Numba."""
    names = sorted({key.split("/", 1)[1] for key in stats}, key=SYSTEMS.index)
    heading(f"2. simpeval.compare in a fresh process ({len(names)} systems, BLEU + chrF, {samples} resamples)")
    fill = {"segments": ASSET_SEGMENTS, "systems": names, "references": N_REFERENCES, "samples": samples, "seed": SEED}
    env = {k: v for k, v in os.environ.items() if k != "SIMPEVAL_COMPILED_MIN_TEXTS"}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "stats.npz"
        np.savez(path, **stats)
        runs = []
        for _ in range(repeat):
            out = subprocess.run(
                [sys.executable, "-c", FRESH % fill, str(path)], capture_output=True, text=True, env=env
            )
            if out.returncode:
                sys.exit(f"bench_resample.py: the fresh process failed:\n{out.stderr[-3000:]}")
            seconds, numba = out.stdout.split()
            runs.append((float(seconds), numba == "True"))
    seconds, numba = min(runs)
    print(f"import simpeval + compare(): {fmt_time(seconds)} (best of {repeat}); Numba imported: {numba}\n")
    return seconds, numba


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED, help="the shared data directory")
    parser.add_argument("--quick", action="store_true", help="3 systems, 200 resamples")
    add_smoke_option(parser)
    parser.add_argument("--repeat", type=int, default=3, help="timings are the best of this many runs")
    add_summary_option(parser)
    args = parser.parse_args()
    n_systems, samples = (3, 200) if args.quick else (len(SYSTEMS), 2000)
    if args.smoke:
        n_systems, samples, args.repeat = 2, 20, 1
        print(f"{SMOKE_NOTE}\n")
    stats = statistics(args.shared, n_systems)
    speedup, identical = section_rows(stats, samples, args.repeat)
    seconds, numba = section_fresh(stats, samples, args.repeat)
    summary = [
        ["NumPy replay / sacrebleu row by row", f"{speedup:.1f}x", "(info)", ""],
        ["fresh-process compare(), statistics given", fmt_time(seconds), "(info)", ""],
        ["scores and types equal sacrebleu's", "yes" if identical else "no", "identical", met(identical)],
        ["the scoring imports Numba", "yes" if numba else "no", "no", met(not numba)],
    ]
    heading("Summary")
    print_table(["figure", "value", "target", "status"], summary)
    write_summary(args.summary_json, "bench_resample.py", summary)


if __name__ == "__main__":
    main()
