#!/usr/bin/env python
"""Scale-out: corpus SARI and BLEU of a generated corpus on a 2-worker Dask LocalCluster vs one process.

The corpus (distinct generated segments, one reference each) is written as Parquet shards; the
baseline reads the same shards in this process and scores them with ``metric.corpus_score``
(in chunks of ``--chunk`` segments, summing the statistics, as ``corpus_score_iter`` does); the
Dask run scores them with :func:`simpeval.distributed.score_dask` on a ``LocalCluster`` of 2
worker processes. Printed: wall times, throughput, each worker's peak resident memory, and
whether the scores are equal (bit for bit for these integer statistics).

Usage:
    python benchmarks/bench_distributed.py                  # 10,000,000 segments (long)
    python benchmarks/bench_distributed.py --quick          # 100,000 segments
    python benchmarks/bench_distributed.py --segments N
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Optional

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import fmt_time, print_table

WORDS = np.array(
    "the a of to and in is was for on that with as by at from it an were are this be city river school".split()
)


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


def local(paths: list[Path], metric: Any) -> tuple[float, Any]:
    import pandas as pd

    start, total = time.perf_counter(), None
    for path in paths:
        frame = pd.read_parquet(path)
        stats = metric.corpus_stats(list(frame["hypothesis"]), [list(frame["ref0"])], sources=list(frame["source"]))
        part = stats.sum(axis=0)
        total = part if total is None else total + part
    return time.perf_counter() - start, metric.score_from_stats(total).score


def _peak_rss() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--segments", type=int, default=10_000_000)
    parser.add_argument("--shard", type=int, default=250_000)
    parser.add_argument("--quick", action="store_true", help="100,000 segments")
    parser.add_argument(
        "--shared", type=Path, help="accepted for symmetry with the other scripts: the corpus is generated"
    )
    args = parser.parse_args(argv)
    n = 100_000 if args.quick else args.segments
    shard = min(args.shard, max(n // 8, 1))
    import dask.dataframe as dd
    import distributed

    from simpeval import get_metric
    from simpeval.distributed import score_dask

    with tempfile.TemporaryDirectory() as tmp:
        paths = write_shards(Path(tmp), n, shard)
        rows = []
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
        with distributed.Client(cluster) as client:
            for name in ("sari", "bleu"):
                metric = get_metric(name)
                t_local, s_local = local(paths, metric)
                frame = dd.read_parquet(str(Path(tmp) / "*.parquet"))
                start = time.perf_counter()
                s_dask = score_dask(frame, metric, refs=["ref0"], src="source").score
                t_dask = time.perf_counter() - start
                peaks = client.run(_peak_rss)
                rows.append(
                    [
                        name.upper(),
                        fmt_time(t_local),
                        fmt_time(t_dask),
                        f"{t_local / t_dask:.2f}x",
                        f"{n / t_dask:,.0f}",
                        f"{max(peaks.values()) / 2**20:,.0f} MiB",
                        "yes" if s_dask == s_local else "NO",
                    ]
                )
        cluster.close()
    print(f"{n:,} generated segments in {len(paths)} Parquet shards; LocalCluster: 2 worker processes\n")
    print_table(
        ["metric", "one process", "Dask, 2 workers", "speed-up", "segments / s (Dask)", "peak RSS per worker", "equal"],
        rows,
    )
    print(f"\nscores equal to the single process: {'yes' if all(r[-1] == 'yes' for r in rows) else 'NO'}")


if __name__ == "__main__":
    main()
