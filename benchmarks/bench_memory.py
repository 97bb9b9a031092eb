#!/usr/bin/env python
"""Streaming memory: corpus SARI and BLEU over 10 million segments read from files.

Writes a generated corpus (distinct sentences, one source, one reference and one system output
per segment; ASSET-like lengths) to a temporary folder, then runs, each in a fresh subprocess,

  1. ``simpeval score -s SRC -r REF -i SYS -m sari bleu -f json`` (the files are streamed in
     chunks: memory must not grow with the corpus), and
  2. the baseline in the same run: ``python -c "read the three files into lists"``, the memory a
     reader that holds the corpus needs before scoring anything,

and prints each one's wall time and peak resident memory (the child's ``ru_maxrss``). Target:
simpeval's peak RSS under 1 GB for 10M segments.

Usage:
    python benchmarks/bench_memory.py                 # 10,000,000 segments (several minutes)
    python benchmarks/bench_memory.py --quick         # 200,000 segments
    python benchmarks/bench_memory.py --segments N
    python benchmarks/bench_memory.py --smoke         # 3,000 segments: checks that the script runs; its figures mean nothing
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import SMOKE_NOTE, add_smoke_option, add_summary_option, fmt_time, met, print_table, write_summary

WORDS = (
    "the a of to and in is was for on that with as by at from his her it an were are which this be or has had "
    "not but one their its they new first after he also been two who time years more other when all some into "
    "city river school music team film people world war state group area system season name known part life"
).split()


def write_corpus(folder: Path, n: int, seed: int = 20261123) -> tuple[Path, Path, Path]:
    """Sources, references and outputs of ``n`` distinct generated segments, written in blocks."""
    rng = np.random.default_rng(seed)
    paths = (folder / "src.txt", folder / "ref.txt", folder / "sys.txt")
    handles = [path.open("w", encoding="utf-8") for path in paths]
    vocab = np.array(WORDS)
    try:
        for start in range(0, n, 100_000):
            size = min(100_000, n - start)
            lengths = rng.integers(8, 30, size)
            for k in range(size):
                words = vocab[rng.integers(0, len(vocab), lengths[k])].tolist()
                source = " ".join(words) + f" {start + k} ."  # the index makes every segment distinct
                reference = " ".join(words[: max(4, lengths[k] * 2 // 3)]) + f" {start + k} ."
                output = " ".join(words[1:]) + f" {start + k} ."
                for handle, line in zip(handles, (source, reference, output)):
                    handle.write(line + "\n")
    finally:
        for handle in handles:
            handle.close()
    return paths


def measure(command: Sequence[str]) -> tuple[float, int, str]:
    """Wall time, peak RSS (bytes) and stdout of ``command`` run in a fresh child process."""
    wrapper = (
        "import resource, subprocess, sys, json\n"
        "p = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
        "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024\n"
        "print(json.dumps({'rc': p.returncode, 'peak': peak, 'out': p.stdout, 'err': p.stderr[-2000:]}))\n"
    )
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-c", wrapper, *command], capture_output=True, text=True, check=True)
    elapsed = time.perf_counter() - start
    report = json.loads(result.stdout)
    if report["rc"] != 0:
        sys.exit(f"bench_memory: {' '.join(command[:3])}... failed:\n{report['err']}")
    return elapsed, int(report["peak"]), str(report["out"])


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--segments", type=int, default=10_000_000)
    parser.add_argument("--quick", action="store_true", help="200,000 segments")
    add_smoke_option(parser)
    parser.add_argument(
        "--shared", type=Path, help="accepted for symmetry with the other scripts: the corpus is generated"
    )
    add_summary_option(parser)
    args = parser.parse_args(argv)
    n = 3_000 if args.smoke else 200_000 if args.quick else args.segments
    simpeval = shutil.which("simpeval", path=str(Path(sys.executable).parent)) or "simpeval"
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        src, ref, hyp = write_corpus(Path(tmp), n)
        written = time.perf_counter() - start
        size = sum(path.stat().st_size for path in (src, ref, hyp))
        print(f"{n:,} generated segments, 3 files, {size / 2**20:,.0f} MiB written in {fmt_time(written)}")
        print(f"{SMOKE_NOTE}\n" if args.smoke else "")
        env = dict(os.environ)
        command = [
            simpeval,
            "score",
            "-s",
            str(src),
            "-r",
            str(ref),
            "-i",
            str(hyp),
            "-m",
            "sari",
            "bleu",
            "-f",
            "json",
            "-q",
        ]
        t_ours, rss_ours, out = measure(command)
        baseline = [
            sys.executable,
            "-c",
            "import sys\nfor p in sys.argv[1:]:\n    globals()[p] = open(p).read().split('\\n')",
            str(src),
            str(ref),
            str(hyp),
        ]
        t_base, rss_base, _ = measure(baseline)
        del env
    scores = {record["metric"]: record["score"] for record in json.loads(out)}
    print_table(
        ["job", "wall time", "segments / s", "peak RSS"],
        [
            [
                "simpeval score SARI + BLEU (streamed)",
                fmt_time(t_ours),
                f"{n / t_ours:,.0f}",
                f"{rss_ours / 2**20:,.0f} MiB",
            ],
            ["baseline: read the 3 files into lists", fmt_time(t_base), "-", f"{rss_base / 2**20:,.0f} MiB"],
        ],
    )
    print(f"\nscores: SARI {scores['SARI']:.4f}, BLEU {scores['BLEU']:.4f}")
    print(f"peak RSS under 1 GB: {'yes' if rss_ours < 2**30 else 'NO'}")
    print(f"peak RSS, simpeval / holding the corpus: {rss_ours / rss_base:.2f}x")
    write_summary(
        args.summary_json,
        "bench_memory.py",
        [
            [
                f"peak RSS, score SARI + BLEU, {n:,} segments streamed",
                f"{rss_ours / 2**20:,.0f} MiB",
                "< 1 GB",
                met(rss_ours < 2**30),
            ],
            ["wall time (throughput)", f"{fmt_time(t_ours)} ({n / t_ours:,.0f} seg/s)", "(info)", ""],
        ],
    )


if __name__ == "__main__":
    main()
