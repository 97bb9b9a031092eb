#!/usr/bin/env python
"""TER benchmark: simpeval's native TER against sacrebleu's, corpus level, on ASSET x 10 systems.

On ASSET test (359 segments, 10 references) with the outputs of 10 published systems:

  1. the first call of the compiled engine in a fresh process: once with an empty Numba cache
     (compilation, as on the first run after installing), once with the cache filled (loading);
  2. the warm corpus-level TER of the 10 systems, in this process: sacrebleu's ``TER`` (its
     reference cache filled once, as its command line does) is the baseline;
     ratio = sacrebleu's time / simpeval's time, for the compiled engine (``engine="numba"``,
     what ``"fast"`` runs with Numba) and the interpreted one (``engine="python"``, what it runs
     without). Every system's score and edit count must equal sacrebleu's (``==``);
  3. one long line (10 MB by default) scored by the compiled engine in a child process: wall
     time and peak memory. sacrebleu is not run on it: its edit-distance matrix holds
     (words + 1) x (words + 1) Python references (about 20 TB for 10 MB of text).

Usage:
    python benchmarks/bench_ter.py            # full run: about a minute, mostly sacrebleu
    python benchmarks/bench_ter.py --quick    # a quick run: 3 systems, 120 segments, a 1 MB line, < 30 s
    python benchmarks/bench_ter.py --smoke    # checks that the script runs; its figures mean nothing

``--smoke``: 2 systems, the first segments of ASSET test (``SMOKE_SEGMENTS`` of _common.py), one
run, the shortest line (ASSET's reference 0 once), and section 1 on this process's Numba cache
(loading twice, no compilation).
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

import simpeval
from simpeval.engines.jit import NUMBA_AVAILABLE
from simpeval.metrics.ter import TER

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import (
    ASSET_SEGMENTS,
    ASSET_SYSTEMS,
    DEFAULT_SHARED,
    N_REFERENCES,
    SMOKE_NOTE,
    SMOKE_SEGMENTS,
    add_smoke_option,
    add_summary_option,
    fmt_time,
    heading,
    met,
    peer_lines,
    print_table,
    read_lines,
    require_files,
    timed,
    write_summary,
)

SYSTEMS = ASSET_SYSTEMS
TARGET_RATIO = 20.0
TARGET_PEER_RATIO = 100.0  # the peer ratio of bench_all.py: ASSET x 4 systems (it runs --n-systems 4)
Data = tuple[dict[str, list[str]], list[list[str]]]  # system outputs, reference streams


# ----------------------------------------------------------------------------- data
def load(shared: Path, n_systems: int, n_segments: int) -> Data:
    asset = shared / "corpora" / "asset"
    outputs = shared / "corpora" / "system_outputs" / "turkcorpus_test"
    ref_paths = [asset / f"asset.test.simp.{j}" for j in range(N_REFERENCES)]
    sys_paths = {name: outputs / name for name in SYSTEMS[:n_systems]}
    require_files([*ref_paths, *sys_paths.values()], shared, "bench_ter.py")
    refs = [read_lines(p, "bench_ter.py")[:n_segments] for p in ref_paths]
    return {name: read_lines(p, "bench_ter.py")[:n_segments] for name, p in sys_paths.items()}, refs


# ----------------------------------------------------------------------------- child processes
_FIRST_CALL = textwrap.dedent(
    """
    import time
    start = time.perf_counter()
    from simpeval.metrics.ter import TER
    metric = TER(engine="numba")
    imported = time.perf_counter()
    metric.corpus_stats(["the cat sat on the mat"] * 20, [["on the mat the cat sat"] * 20])
    print(imported - start, time.perf_counter() - imported)
    """
)

_LONG_LINE = textwrap.dedent(
    """
    import random, sys, time
    from simpeval.metrics.ter import TER
    words = open(sys.argv[1], encoding="utf-8").read().split()
    target = int(sys.argv[2])
    reference = []
    while sum(map(len, reference)) + len(reference) < target:
        reference.extend(words)
    hypothesis = list(reference)
    rng = random.Random(1)
    for pos in sorted(rng.sample(range(0, len(reference) - 20, 40), 10)):  # 10 blocks of 4 words moved on
        hypothesis[pos:pos + 12] = hypothesis[pos + 4:pos + 12] + hypothesis[pos:pos + 4]
    hyp, ref = " ".join(hypothesis), " ".join(reference)
    TER(engine="numba").corpus_stats(["a b"], [["b a"]])  # load the kernel: not part of the timing
    start = time.perf_counter()
    score = TER(engine="numba").corpus_score([hyp], [[ref]])
    elapsed = time.perf_counter() - start
    peak = 0
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                peak = int(line.split()[1]) // 1024
    print(len(ref.encode()), len(reference), elapsed, peak, score.details["num_edits"])
    """
)


def child(code: str, args: Sequence[str], env: dict[str, str]) -> list[str]:
    proc = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        sys.exit(f"bench_ter.py: child process failed:\n{proc.stderr[-3000:]}")
    return proc.stdout.split()


# ----------------------------------------------------------------------------- sections
def section_first_call(smoke: bool) -> tuple[float, float] | None:
    heading("1. First call of the compiled engine, in a fresh process")
    if not NUMBA_AVAILABLE:
        print("Numba is not installed (pip install 'simplification-metrics[fast]'): nothing to compile.\n")
        return None
    if smoke:
        print("(--smoke: this process's Numba cache, so both calls load the kernel: no compilation)\n")
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ) if smoke else {**os.environ, "NUMBA_CACHE_DIR": cache}
        imported, compiled = map(float, child(_FIRST_CALL, [], env))
        _, loaded = map(float, child(_FIRST_CALL, [], env))
    rows = [
        ["import simpeval.metrics.ter", fmt_time(imported)],
        ["first call, empty Numba cache (compilation)", fmt_time(compiled)],
        ["first call, cache filled (loading)", fmt_time(loaded)],
    ]
    print_table(["", "wall time"], rows)
    return compiled, loaded


def section_warm(data: Data, repeat: int) -> dict[str, Any]:
    import sacrebleu

    systems, refs = data
    heading(
        f"2. Corpus TER of {len(systems)} systems, warm: sacrebleu vs simpeval "
        f"({len(refs[0])} segments x {len(refs)} references)"
    )

    def sacrebleu_run() -> dict[str, Any]:
        scorer = sacrebleu.TER(references=refs)
        return {name: scorer.corpus_score(hyps, None) for name, hyps in systems.items()}

    def simpeval_run(engine: str) -> Callable[[], dict[str, Any]]:
        def run() -> dict[str, Any]:
            metric = TER(engine=engine)  # a fresh object: references encoded in the timing
            return {name: metric.corpus_score(hyps, refs) for name, hyps in systems.items()}

        return run

    TER(engine="numba" if NUMBA_AVAILABLE else "python").corpus_score(["a b"], [["b a"]])  # warm-up (untimed)
    t_sb, theirs = timed(sacrebleu_run)
    print(f"  sacrebleu: {fmt_time(t_sb)}", flush=True)
    engines = (["numba"] if NUMBA_AVAILABLE else []) + ["python"]
    times: dict[str, float] = {}
    identical = True
    for engine in engines:
        best = float("inf")
        for _ in range(repeat if engine == "numba" else 1):
            elapsed, ours = timed(simpeval_run(engine))
            best = min(best, elapsed)
            for name, score in ours.items():
                same = score.score == theirs[name].score and score.details["num_edits"] == theirs[name].num_edits
                identical = identical and same
        times[engine] = best
        print(f"  simpeval engine={engine}: {fmt_time(best)}", flush=True)
    print()
    rows = [[name, theirs[name].num_edits, f"{theirs[name].score:.4f}"] for name in systems]
    print_table(["system", "edits (sacrebleu = simpeval)", "TER"], rows)
    rows = [["sacrebleu TER (baseline)", fmt_time(t_sb), "1.0x"]]
    rows += [[f"simpeval TER engine={e}", fmt_time(t), f"{t_sb / t:.1f}x"] for e, t in times.items()]
    print_table([f"{len(systems)} systems, corpus level", "wall time", "speed-up = sacrebleu / this"], rows)
    print(f"scores and edit counts equal sacrebleu's (==): {'yes' if identical else 'NO'}\n")
    engine = "numba" if NUMBA_AVAILABLE else "python"
    same = f"yes, bit for bit (== on {len(systems)} scores and edit counts)" if identical else "NO (see above)"
    peer_lines("sacrebleu TER", t_sb, f'TER(engine="{engine}")', times[engine], same)
    return {"sacrebleu": t_sb, "times": times, "identical": identical, "same": same}


def section_long_line(shared: Path, megabytes: float) -> tuple[float, int, float, int, float] | None:
    heading(f"3. One long line ({megabytes:g} MB), compiled engine, in a child process")
    if not NUMBA_AVAILABLE:
        print("Numba is not installed: skipped (the interpreted engine needs minutes for a line this long).\n")
        return None
    words = shared / "corpora" / "asset" / "asset.test.simp.0"
    size, n_words, elapsed, peak, edits = child(_LONG_LINE, [str(words), str(int(megabytes * 1e6))], dict(os.environ))
    result = (float(size) / 1e6, int(n_words), float(elapsed), int(peak), float(edits))
    print("Reference: ASSET test reference 0 repeated on one line; hypothesis: the same with 10 blocks of 4")
    print("words moved 8 words on (10 shifts pay off, so the search runs 10 rounds over the whole line).\n")
    rows = [[f"{result[0]:.1f} MB", result[1], fmt_time(result[2]), f"{result[3]} MiB", f"{result[4]:g}"]]
    print_table(["line", "words", "wall time", "peak RSS", "edits"], rows)
    return result


def print_summary(
    first: tuple[float, float] | None,
    warm: dict[str, Any],
    long_line: tuple[float, int, float, int, float] | None,
    args: argparse.Namespace,
) -> None:
    heading("Summary")
    if args.smoke:
        print(f"{SMOKE_NOTE}\n")
    elif args.quick:
        print("(--quick: fewer systems and segments and a shorter line; the target refers to the full run)\n")
    engine = "numba" if NUMBA_AVAILABLE else "python"
    ratio = warm["sacrebleu"] / warm["times"][engine]
    rows = [
        [
            f"corpus TER, {args.n_systems} systems: sacrebleu / simpeval ({engine})",
            f"{ratio:.1f}x",
            f">= {TARGET_RATIO:.0f}x",
            met(ratio >= TARGET_RATIO),
        ],
        [
            "scores and edit counts equal sacrebleu's",
            "yes" if warm["identical"] else "NO",
            "identical",
            met(warm["identical"]),
        ],
    ]
    rows.append(
        [
            f"peer ratio: corpus TER, ASSET x {args.n_systems} systems, vs sacrebleu",
            f"{ratio:.1f}x ({fmt_time(warm['sacrebleu'])} vs {fmt_time(warm['times'][engine])})",
            f">= {TARGET_PEER_RATIO:.0f}x",
            met(ratio >= TARGET_PEER_RATIO),
            "ter",
            warm["same"],
        ]
    )
    if first is not None:
        rows.append(
            [
                "first call: compilation / loading from the cache",
                f"{fmt_time(first[0])} / {fmt_time(first[1])}",
                "(info)",
                "",
            ]
        )
    if long_line is not None:
        rows.append(
            [
                f"one {long_line[0]:.1f} MB line ({long_line[1]} words)",
                f"{fmt_time(long_line[2])}, {long_line[3]} MiB",
                "(info)",
                "",
            ]
        )
    print_table(["figure", "value", "target", "status"], [row[:4] for row in rows])
    write_summary(args.summary_json, "bench_ter.py", rows)
    print(f"identical: {'yes' if warm['identical'] else 'NO'}")
    print(f"TER vs sacrebleu, target >= {TARGET_RATIO:.0f}x: {met(ratio >= TARGET_RATIO)} ({ratio:.1f}x)")


# ----------------------------------------------------------------------------- main
def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="TER: simpeval's native engine vs sacrebleu, corpus level, ASSET x 10 systems.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED, help="directory holding corpora/")
    parser.add_argument("--quick", action="store_true", help="a quick run: 3 systems, 120 segments, a 1 MB line")
    add_smoke_option(parser)
    parser.add_argument("--n-systems", type=int, default=None, help=f"first N systems, 1..{len(SYSTEMS)} (default 10)")
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs of the compiled engine")
    parser.add_argument(
        "--line-mb", type=float, default=None, help="section 3 line size in MB (default 10; --quick: 1)"
    )
    add_summary_option(parser)
    args = parser.parse_args(argv)
    if args.smoke:
        args.n_systems, args.repeat, args.line_mb = args.n_systems or 2, 1, args.line_mb or 0.01
    if args.n_systems is None:
        args.n_systems = 3 if args.quick else len(SYSTEMS)
    if args.line_mb is None:
        args.line_mb = 1.0 if args.quick else 10.0
    if not 1 <= args.n_systems <= len(SYSTEMS) or args.repeat < 1 or args.line_mb <= 0:
        parser.error(f"--n-systems must be 1..{len(SYSTEMS)}, --repeat >= 1 and --line-mb > 0")
    return args


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    shared = args.shared.resolve()
    n_segments = SMOKE_SEGMENTS if args.smoke else 120 if args.quick else ASSET_SEGMENTS
    data = load(shared, args.n_systems, n_segments)
    import sacrebleu

    print(
        f"simpeval {simpeval.__version__} | sacrebleu {sacrebleu.__version__} | Python {platform.python_version()} | "
        f"NumPy {np.__version__} | Numba {'yes' if NUMBA_AVAILABLE else 'no'} | {platform.platform()} | "
        f"CPUs: {os.cpu_count()}"
    )
    print(
        f"data: {shared} | ASSET test, {n_segments} segments x {N_REFERENCES} references | "
        f"systems: {', '.join(data[0])}"
        + (f"\n{SMOKE_NOTE}" if args.smoke else "\n[--quick: reduced sizes]" if args.quick else "")
        + "\n"
    )
    start = time.perf_counter()
    first = section_first_call(args.smoke)
    warm = section_warm(data, args.repeat)
    long_line = section_long_line(shared, args.line_mb)
    print_summary(first, warm, long_line, args)
    print(f"\nbenchmark wall time: {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
