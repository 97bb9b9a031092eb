#!/usr/bin/env python
"""SARI speed benchmarks: the fast engine (``engine="fast"``: compiled with Numba when installed,
else vectorized NumPy; ``--engine`` picks one) against the reference path.

The baseline of every ratio is ``SARI(variant, engine="reference")``, the readable
Counter-based implementation that scores one segment at a time. Both engines are timed in
the same run, on the same machine, with fresh ``SARI`` objects and cleared tokenizer caches,
so tokenization is part of every timing.

Sections (see benchmarks/README.md):

  a. corpus SARI per preset on ASSET test (359 segments x 10 references, system ACCESS);
  b. corpus SARI on ASSET test replicated 56 times (20,104 segments, every string distinct);
  c. batch sentence-level SARI (``hf`` preset): one ``sentence_scores`` call against a loop
     of reference-engine ``sentence_score`` calls;
  d. a 1,000,000-segment corpus streamed through ``corpus_score_iter`` in a subprocess:
     wall time, throughput and peak resident memory;
  e. corpus SARI (preset ``easse``) on the corpus of section b against EASSE's own
     ``corpus_sari`` (``--easse PATH``, a checkout of feralvam/easse; see _peers.py);
  f. batch sentence-level SARI (``hf``) on the same corpus against HF ``evaluate``'s SARI
     functions (``--hf-sari PATH``, evaluate's metrics/sari/sari.py).

Sections e and f print "not measured: ..." and how to get the peer when its path is not given.

Usage:
    python benchmarks/bench_sari.py            # full run (several minutes)
    python benchmarks/bench_sari.py --quick    # a quick run, well under 30 s
    python benchmarks/bench_sari.py --smoke    # checks that the script runs; its figures mean nothing
    python benchmarks/bench_sari.py --sections ef --easse ~/easse --hf-sari /tmp/hf_sari.py  # the peers

``--smoke``: every section on the first segments of ASSET test (``SMOKE_SEGMENTS`` of _common.py),
replicated twice, one run each, and a stream of 400 segments in chunks of 100.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import math
import os
import platform
import resource
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

import simpeval
from simpeval import SARI
from simpeval.engines.jit import NUMBA_AVAILABLE, num_threads
from simpeval.metrics.sari import VARIANTS

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import (
    ASSET_SEGMENTS,
    DEFAULT_SHARED,
    N_REFERENCES,
    PEER_GOALS,
    SMOKE_NOTE,
    SMOKE_SEGMENTS,
    add_smoke_option,
    add_summary_option,
    clear_caches,
    equal_numbers,
    fmt_time,
    heading,
    met,
    not_measured,
    peer_lines,
    print_table,
    read_lines,
    require_files,
    write_summary,
)
from _peers import EASSE_HOW, HF_HOW, hf_corpus_score, hf_sentence_scores, load_easse_corpus_sari, load_hf_sari

SYSTEM = "ACCESS"
# The engine timed against the reference path: "fast" (Numba when installed, else NumPy), or
# "numba" / "numpy" (--engine).
FAST_ENGINE = "fast"
# Presets measured with the (slow) reference engine in section b unless --all-reference.
DEFAULT_REFERENCE_PRESETS = ("easse", "hf")
STREAM_PRESETS = ("easse", "hf")

# Targets (they refer to the full sizes, not to --quick).
TARGET_CORPUS_RATIO = 20.0
TARGET_BATCH_RATIO = 50.0
TARGET_STREAM_RSS_BYTES = 2 * 1024**3
TARGET_EASSE_RATIO = 100.0  # a peer ratio: corpus SARI against EASSE's corpus_sari
TARGET_HF_RATIO = 50.0  # a peer ratio: batch sentence SARI against HF evaluate's functions

Corpus = tuple[list[str], list[list[str]], list[str]]  # hypotheses, reference streams, sources


# ----------------------------------------------------------------------------- data
def data_paths(shared: Path) -> tuple[Path, list[Path], Path]:
    """The ASSET test source, its references and the system output; exit if any is missing."""
    asset = shared / "corpora" / "asset"
    source = asset / "asset.test.orig"
    references = [asset / f"asset.test.simp.{j}" for j in range(N_REFERENCES)]
    system = shared / "corpora" / "system_outputs" / "turkcorpus_test" / SYSTEM
    require_files([source, *references, system], shared, "bench_sari.py")
    return source, references, system


def load_asset(shared: Path, segments: int = ASSET_SEGMENTS) -> Corpus:
    """The output, references and sources of ASSET test, its first ``segments`` (``--smoke``: fewer)."""
    source, references, system = data_paths(shared)
    return (
        read_lines(system, "bench_sari.py")[:segments],
        [read_lines(p, "bench_sari.py")[:segments] for p in references],
        read_lines(source, "bench_sari.py")[:segments],
    )


def replicate(corpus: Corpus, replicas: int) -> Corpus:
    """``replicas`` copies of the corpus; copy ``k`` appends `` r{k}`` to EVERY sentence.

    All strings are therefore distinct, so no de-duplication can skip tokenization.
    """
    hyps, refs, srcs = corpus

    def rep(lines: list[str]) -> list[str]:
        return [f"{line} r{k}" for k in range(replicas) for line in lines]

    return rep(hyps), [rep(stream) for stream in refs], rep(srcs)


def lazy_stream(lines: Sequence[str], n: int) -> Iterator[str]:
    """Segment ``i`` of an ``n``-segment stream: ``lines[i % len]`` + replica token ``i // len``."""
    m = len(lines)
    return (f"{lines[i % m]} r{i // m}" for i in range(n))


def lazy_corpus(corpus: Corpus, n: int) -> tuple[Iterator[str], list[Iterator[str]], Iterator[str]]:
    hyps, refs, srcs = corpus
    return lazy_stream(hyps, n), [lazy_stream(stream, n) for stream in refs], lazy_stream(srcs, n)


# ----------------------------------------------------------------------------- timing


def best_of(run: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """Best wall time of ``repeat`` runs (caches cleared before each) and the last result."""
    best, result = math.inf, None
    for _ in range(repeat):
        clear_caches()
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    return best, result


def same_score(a: Any, b: Any) -> bool:
    return bool(a.score == b.score and a.components == b.components)


# ----------------------------------------------------------------------------- output


def fmt_ratio(ratio: float | None) -> str:
    return "-" if ratio is None else f"{ratio:.1f}x"


def fmt_mib(n_bytes: float | None) -> str:
    return "-" if n_bytes is None else f"{n_bytes / 1024**2:,.0f} MiB"


def yes_no(flag: bool | None) -> str:
    return "-" if flag is None else ("yes" if flag else "no")


def peak_rss_bytes(usage: resource.struct_rusage) -> int:
    # ru_maxrss is in KiB on Linux and in bytes on macOS.
    return int(usage.ru_maxrss) if sys.platform == "darwin" else int(usage.ru_maxrss) * 1024


def own_peak_rss() -> tuple[int, str]:
    """This process's peak resident memory in bytes, and how it was measured.

    On Linux, ``ru_maxrss`` survives ``execve``: a child started by ``subprocess`` reports at
    least the RSS its parent had when it forked, which would credit the parent's corpora to
    the child. ``VmHWM`` in ``/proc/self/status`` is the high-water mark of the process's
    own address space since ``exec``, so it is used when available.
    """
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024, "VmHWM"
    except OSError:
        pass
    return peak_rss_bytes(resource.getrusage(resource.RUSAGE_SELF)), "ru_maxrss"


def source_fingerprint() -> dict[str, str]:
    """Content hash of the simpeval sources SARI runs on, to detect edits made during the run."""
    root = Path(simpeval.__file__).resolve().parent
    files = [p for p in root.rglob("*.py") if "__pycache__" not in p.parts]
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(files)}


# ----------------------------------------------------------------------------- sections
def section_asset(corpus: Corpus, repeat_reference: int, repeat_fast: int) -> list[tuple[str, float, float, bool]]:
    heading(
        f"a. Corpus SARI per preset, ASSET test ({len(corpus[0]):,} segments x {len(corpus[1])} refs, system {SYSTEM})"
    )
    print(f"best of {repeat_reference} (reference) / {repeat_fast} (fast) runs; fresh SARI objects\n")
    hyps, refs, srcs = corpus
    rows, results = [], []
    for preset in VARIANTS:
        t_ref, s_ref = best_of(
            lambda: SARI(preset, engine="reference").corpus_score(hyps, refs, sources=srcs), repeat_reference
        )
        t_fast, s_fast = best_of(
            lambda: SARI(preset, engine=FAST_ENGINE).corpus_score(hyps, refs, sources=srcs), repeat_fast
        )
        same = same_score(s_ref, s_fast)
        results.append((preset, t_ref, t_fast, same))
        rows.append(
            [preset, f"{s_fast.score:.6f}", fmt_time(t_ref), fmt_time(t_fast), fmt_ratio(t_ref / t_fast), yes_no(same)]
        )
    print_table(["preset", "SARI", "reference", "fast", "ratio", "identical"], rows)
    return results


def section_corpus(corpus: Corpus, reference_presets: Sequence[str]) -> dict[str, float | None]:
    hyps, refs, srcs = corpus
    heading(f"b. Corpus SARI per preset, ASSET test replicated ({len(hyps):,} segments x {len(refs)} refs)")
    print(
        "single runs; every string made distinct by a replica token; fresh SARI objects, "
        "tokenization included\n"
        f"reference engine measured for: {', '.join(reference_presets)}"
        + ("" if set(reference_presets) >= set(VARIANTS) else " (use --all-reference for every preset)")
        + "\n",
        flush=True,
    )
    rows, ratios = [], {}
    for preset in VARIANTS:
        t_fast, s_fast = best_of(lambda: SARI(preset, engine=FAST_ENGINE).corpus_score(hyps, refs, sources=srcs), 1)
        t_ref = s_ref = None
        if preset in reference_presets:
            t_ref, s_ref = best_of(lambda: SARI(preset, engine="reference").corpus_score(hyps, refs, sources=srcs), 1)
        ratio = None if t_ref is None else t_ref / t_fast
        if ratio is not None:
            ratios[preset] = ratio
        rows.append(
            [
                preset,
                f"{s_fast.score:.6f}",
                fmt_time(t_ref),
                fmt_time(t_fast),
                f"{len(hyps) / t_fast:,.0f}",
                fmt_ratio(ratio),
                yes_no(None if s_ref is None else same_score(s_ref, s_fast)),
            ]
        )
    print_table(["preset", "SARI", "reference", "fast", "fast seg/s", "ratio", "identical"], rows)
    return ratios


def section_batch(corpus: Corpus, loop_segments: int) -> tuple[float, bool, int]:
    hyps, refs, srcs = corpus
    n = len(hyps)
    heading(f"c. Batch sentence-level SARI, preset hf ({n:,} segments x {len(refs)} refs)")
    per_segment = [list(r) for r in zip(*refs)]

    clear_caches()
    start = time.perf_counter()
    fast = SARI("hf", engine=FAST_ENGINE).sentence_scores(hyps, refs, sources=srcs)
    t_fast = time.perf_counter() - start

    m = min(n, loop_segments)
    metric = SARI("hf", engine="reference")
    clear_caches()
    start = time.perf_counter()
    loop = [metric.sentence_score(hyps[i], per_segment[i], source=srcs[i]).score for i in range(m)]
    t_loop = time.perf_counter() - start
    t_loop_total = t_loop * n / m

    baseline = np.asarray(loop, dtype=np.float64)
    identical = bool(np.array_equal(fast[:m].view(np.uint64), baseline.view(np.uint64)))
    extrapolated = m < n
    loop_label = "reference loop" + (" (extrapolated)" if extrapolated else "")
    rows = [
        ['fast: SARI("hf").sentence_scores(...), one call', n, fmt_time(t_fast), f"{n / t_fast:,.0f}"],
        ['reference: SARI("hf", engine="reference").sentence_score() loop', m, fmt_time(t_loop), f"{m / t_loop:,.0f}"],
    ]
    if extrapolated:
        rows.append([f"{loop_label}, linear to {n:,} segments", n, fmt_time(t_loop_total), ""])
    print_table(["method", "segments", "time", "seg/s"], rows)
    ratio = t_loop_total / t_fast
    print(f"ratio ({loop_label} / fast): {fmt_ratio(ratio)}")
    if extrapolated:
        print(f"(the loop was timed on the first {m:,} segments and extrapolated linearly to {n:,})")
    print(f"bit-identical sentence scores on the {m:,} common segments: {yes_no(identical)}")
    if not identical:
        print(f"  max |difference| = {np.max(np.abs(fast[:m] - baseline)):.3e}")
    print(flush=True)
    return ratio, identical, m


def section_easse(corpus: Corpus, path: Path | None, repeat: int) -> dict[str, Any]:
    """e. Corpus SARI against EASSE's own ``corpus_sari`` (its defaults = preset ``easse``)."""
    hyps, refs, srcs = corpus
    heading(f"e. Corpus SARI vs EASSE's corpus_sari ({len(hyps):,} segments x {len(refs)} refs)")
    corpus_sari, note = load_easse_corpus_sari(path)
    if corpus_sari is None:
        return {"skipped": not_measured("EASSE's corpus_sari", f"{note}; {EASSE_HOW}")}
    from simpeval.compat.easse.sari import corpus_sari as compat_corpus_sari

    print(f"  {note}; EASSE once, simpeval best of {repeat} (fresh objects, tokenization included)\n", flush=True)
    t_peer, theirs = best_of(lambda: corpus_sari(orig_sents=srcs, sys_sents=hyps, refs_sents=refs), 1)
    t_ours, ours = best_of(lambda: SARI("easse", engine=FAST_ENGINE).corpus_score(hyps, refs, sources=srcs), repeat)
    t_compat, compat = best_of(lambda: compat_corpus_sari(srcs, hyps, refs), repeat)
    identical = equal_numbers([ours.score], [theirs])
    ratio = peer_lines("EASSE corpus_sari(...)", t_peer, 'SARI("easse").corpus_score(...)', t_ours, identical)
    compat_same = equal_numbers([compat], [theirs])
    print(f"  simpeval.compat.easse.corpus_sari (the drop-in): {fmt_time(t_compat)}, {t_peer / t_compat:.1f}x;")
    print(f"  identical numbers: {compat_same}\n", flush=True)
    return {"peer": t_peer, "ours": t_ours, "ratio": ratio, "identical": identical, "n": len(hyps)}


def section_hf(corpus: Corpus, path: Path | None, max_segments: int, repeat: int) -> dict[str, Any]:
    """f. Batch sentence SARI against HF evaluate's functions (``SARIsent`` of ``normalize``d text)."""
    hyps, refs, srcs = corpus
    n = len(hyps)
    heading(f"f. Batch sentence SARI vs HF evaluate's SARI functions ({n:,} segments x {len(refs)} refs)")
    hf, note = load_hf_sari(path)
    if hf is None:
        return {"skipped": not_measured("HF evaluate's sari.py", f"{note}; {HF_HOW}")}
    m = min(n, max_segments)
    head = (hyps[:m], [r[:m] for r in refs], srcs[:m])
    print(
        f"  {note}\n  HF: 100 * SARIsent(normalize(src), normalize(pred), [normalize(r) ...]) per segment", flush=True
    )
    t_peer, theirs = best_of(lambda: hf_sentence_scores(hf, *head), 1)
    t_peer_total = t_peer * n / m
    if m < n:
        print(f"  (HF timed on the first {m:,} segments, {fmt_time(t_peer)}, and extrapolated linearly to {n:,})")
    t_ours, ours = best_of(lambda: SARI("hf", engine=FAST_ENGINE).sentence_scores(hyps, refs, sources=srcs), repeat)
    identical = equal_numbers(list(ours[:m]), theirs)
    ratio = peer_lines("HF SARIsent loop", t_peer_total, 'SARI("hf").sentence_scores(...)', t_ours, identical)
    k = min(m, 2_000)
    corpus_theirs = hf_corpus_score(hf, hyps[:k], [r[:k] for r in refs], srcs[:k])
    corpus_ours = SARI("hf").corpus_score(hyps[:k], [r[:k] for r in refs], sources=srcs[:k]).score
    print(f"  corpus SARI of the first {k:,} segments, Sari._compute vs SARI('hf').corpus_score: ", end="")
    print(equal_numbers([corpus_ours], [corpus_theirs]) + "\n", flush=True)
    return {"peer": t_peer_total, "ours": t_ours, "ratio": ratio, "identical": identical, "n": n, "m": m}


def run_stream_worker(shared: Path, n: int, preset: str, chunk_size: int, engine: str, segments: int) -> None:
    """Child process of section d: score a lazily generated ``n``-segment stream (of the first
    ``segments`` of ASSET test), print JSON."""
    corpus = load_asset(shared, segments)
    metric = SARI(preset, engine=engine)
    if not hasattr(metric, "corpus_score_iter"):
        sys.exit("bench_sari.py: this simpeval has no Metric.corpus_score_iter(); cannot run the streaming benchmark.")
    hyps, refs, srcs = lazy_corpus(corpus, n)
    del corpus
    start = time.perf_counter()
    score = metric.corpus_score_iter(hyps, refs, sources=srcs, chunk_size=chunk_size)
    seconds = time.perf_counter() - start
    result = {
        "preset": preset,
        "segments": n,
        "seconds": seconds,
        "score": score.score,
    }
    result["peak_rss_bytes"], result["peak_rss_source"] = own_peak_rss()
    print(json.dumps(result), flush=True)


def section_stream(
    shared: Path, corpus: Corpus, n: int, reference_n: int, chunk_size: int
) -> dict[str, dict[str, Any]]:
    heading(f"d. Streamed corpus SARI, corpus_score_iter, {n:,} segments x {len(corpus[1])} refs")
    reference_n = min(reference_n, n)
    print(
        f"segments generated lazily (ASSET test cycled, replica token = index // {len(corpus[0])}); "
        f"chunk_size={chunk_size:,}\n"
        "fast engine in a subprocess: wall time includes interpreter start-up; peak RSS is the "
        "child's own high-water mark (VmHWM on Linux, else ru_maxrss)\n"
        f"reference engine timed in this process on the first {reference_n:,} segments of the same "
        f"stream" + (f" and extrapolated linearly to {n:,}" if reference_n < n else "") + "\n",
        flush=True,
    )
    results: dict[str, dict[str, Any]] = {}
    for preset in STREAM_PRESETS:
        command = [
            sys.executable,
            str(Path(__file__).resolve()),
            "--stream-worker",
            str(n),
            preset,
            "--shared",
            str(shared),
            "--chunk-size",
            str(chunk_size),
            "--engine",
            FAST_ENGINE,
            *(["--smoke"] if len(corpus[0]) < ASSET_SEGMENTS else []),
        ]
        env = {k: v for k, v in os.environ.items() if k != "SIMPEVAL_COMPILED_MIN_TEXTS"}  # the default policy
        start = time.perf_counter()
        proc = subprocess.run(command, stdout=subprocess.PIPE, text=True, env=env)
        wall = time.perf_counter() - start
        if proc.returncode != 0:
            sys.exit(f"bench_sari.py: streaming worker for {preset} failed (exit status {proc.returncode}).")
        child = json.loads(proc.stdout.strip().splitlines()[-1])

        # Baseline: the reference engine on the first reference_n segments of the same stream.
        clear_caches()
        start = time.perf_counter()
        hyps, refs, srcs = lazy_corpus(corpus, reference_n)
        ref_score = SARI(preset, engine="reference").corpus_score_iter(hyps, refs, sources=srcs, chunk_size=chunk_size)
        t_ref = time.perf_counter() - start
        # Same prefix with the fast engine, only to check that the scores agree.
        clear_caches()
        hyps, refs, srcs = lazy_corpus(corpus, reference_n)
        fast_prefix = SARI(preset).corpus_score_iter(hyps, refs, sources=srcs, chunk_size=chunk_size)
        results[preset] = {
            "wall": wall,
            "inner": child["seconds"],
            "score": child["score"],
            "rss": child["peak_rss_bytes"],
            "rss_source": child["peak_rss_source"],
            "t_ref_prefix": t_ref,
            "t_ref_total": t_ref * n / reference_n,
            "ratio": t_ref * n / reference_n / wall,
            "identical_prefix": same_score(ref_score, fast_prefix),
        }
    rows = [
        [
            preset,
            f"{r['score']:.6f}",
            fmt_time(r["wall"]),
            fmt_time(r["inner"]),
            f"{n / r['wall']:,.0f}",
            fmt_mib(r["rss"]),
            fmt_time(r["t_ref_prefix"]),
            fmt_time(r["t_ref_total"]),
            fmt_ratio(r["ratio"]),
            yes_no(r["identical_prefix"]),
        ]
        for preset, r in results.items()
    ]
    ref_total = "reference" + (" (extrap.)" if reference_n < n else "")
    print_table(
        [
            "preset",
            "SARI",
            "fast wall",
            "fast scoring",
            "seg/s",
            "peak RSS",
            f"reference {reference_n:,}",
            ref_total,
            "ratio",
            f"identical {reference_n:,}",
        ],
        rows,
    )
    print(
        "ratio = reference time ("
        + ("extrapolated " if reference_n < n else "")
        + f"to {n:,} segments) / fast wall time; identical = reference and fast scores agree on the "
        f"first {reference_n:,} segments",
        flush=True,
    )
    print()
    return results


# ----------------------------------------------------------------------------- main
def add_peer_options(parser: argparse.ArgumentParser) -> None:
    """Sections e and f: where the peers' code is (benchmarks/_peers.py), and HF's timed prefix."""
    parser.add_argument("--easse", type=Path, metavar="PATH", help="section e: a checkout of feralvam/easse")
    parser.add_argument("--hf-sari", type=Path, metavar="PATH", help="section f: evaluate's metrics/sari/sari.py")
    parser.add_argument(
        "--hf-segments", type=int, help="section f: segments HF's loop is timed on, then extrapolated (default: all)"
    )


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="SARI benchmarks: fast (vectorized) engine vs the reference engine.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED, help="directory holding corpora/")
    parser.add_argument("--quick", action="store_true", help="small sizes: a quick run finishing in < 30 s")
    add_smoke_option(parser)
    parser.add_argument(
        "--all-reference", action="store_true", help="section b: time the reference engine for every preset"
    )
    parser.add_argument("--sections", default="abcdef", help="which sections to run, e.g. 'ab'")
    add_peer_options(parser)
    parser.add_argument(
        "--engine",
        default="fast",
        choices=["fast", "numba", "numpy"],
        help="the engine timed against the reference path (default: fast = numba if installed)",
    )
    parser.add_argument(
        "--replicas", type=int, default=None, help="section b/c: ASSET replicas (default 56; --quick: 4)"
    )
    parser.add_argument(
        "--repeat-fast", type=int, default=None, help="section a: best of N fast runs (default 5; --quick: 3)"
    )
    parser.add_argument(
        "--repeat-reference", type=int, default=None, help="section a: best of N reference runs (default 3; --quick: 1)"
    )
    parser.add_argument(
        "--loop-segments", type=int, default=2000, help="section c: segments of the timed reference loop"
    )
    parser.add_argument(
        "--stream-segments", type=int, default=None, help="section d: stream length (default 1,000,000; --quick: 5,000)"
    )
    parser.add_argument(
        "--stream-reference-segments",
        type=int,
        default=None,
        help="section d: reference prefix (default 20,000; --quick: 1,000)",
    )
    parser.add_argument("--chunk-size", type=int, default=10_000, help="section d: corpus_score_iter chunk_size")
    add_summary_option(parser)
    parser.add_argument("--stream-worker", nargs=2, metavar=("N", "PRESET"), help="internal: run the section d child")
    args = parser.parse_args(argv)
    defaults = {
        "replicas": (56, 4),
        "repeat_fast": (5, 3),
        "repeat_reference": (3, 1),
        "stream_segments": (1_000_000, 5_000),
        "stream_reference_segments": (20_000, 1_000),
    }
    smoke = {"replicas": 2, "repeat_fast": 1, "repeat_reference": 1, "stream_segments": 400}
    smoke |= {"stream_reference_segments": 100}
    for name, (full, quick) in defaults.items():
        if getattr(args, name) is None:
            setattr(args, name, smoke[name] if args.smoke else quick if args.quick else full)
    if args.smoke:
        args.loop_segments, args.chunk_size = min(args.loop_segments, SMOKE_SEGMENTS), min(args.chunk_size, 100)
    return args


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    shared = args.shared.resolve()
    segments = SMOKE_SEGMENTS if args.smoke else ASSET_SEGMENTS
    if args.stream_worker:
        n, preset = args.stream_worker
        run_stream_worker(shared, int(n), preset, args.chunk_size, args.engine, segments)
        return

    global FAST_ENGINE
    FAST_ENGINE = args.engine
    asset = load_asset(shared, segments)
    fingerprint = source_fingerprint()
    print_header(shared, args.quick, args.smoke)
    warm_up(asset)
    run_sections(args, shared, asset)
    warn_if_changed(fingerprint)


def print_header(shared: Path, quick: bool, smoke: bool) -> None:
    """The versions, the machine, the data and the engine timed."""
    print(
        f"simpeval {simpeval.__version__} | Python {platform.python_version()} | NumPy {np.__version__} | "
        f"{platform.platform()} | {platform.processor() or platform.machine()} | CPUs: {len_cpus()}"
    )
    print(f"data: {shared}" + (f"   {SMOKE_NOTE}" if smoke else "   [--quick: reduced sizes]" if quick else ""))
    engine = SARI(engine=FAST_ENGINE).engine
    numba_version = "not installed"
    if NUMBA_AVAILABLE:
        import numba

        numba_version = numba.__version__
    print(f"fast engine: {engine} (--engine {FAST_ENGINE}; Numba {numba_version}, {num_threads()} threads)")
    print('baseline of every ratio: SARI(..., engine="reference"); ratio = reference time / fast time\n', flush=True)


def warm_up(asset: Corpus) -> None:
    """Load both engines before any timing; the one-time kernel load is printed, not timed."""
    engine = SARI(engine=FAST_ENGINE).engine
    # Warm-up: imports and first-call costs of both engines. The compiled engine's kernels are
    # loaded from Numba's on-disk cache (compiled on the very first run): a one-time cost per
    # process, reported here and excluded from the timings below.
    tiny = (asset[0][:5], [r[:5] for r in asset[1]], asset[2][:5])
    start = time.perf_counter()
    # The warm-up is small: without this, engine="fast" would run NumPy for it (the job-size
    # policy of simpeval.engines.jit) and the first large timed call would load the kernels.
    os.environ["SIMPEVAL_COMPILED_MIN_TEXTS"] = "0"  # every later call of this process runs compiled
    SARI(engine=FAST_ENGINE).corpus_score(tiny[0], tiny[1], sources=tiny[2])
    SARI("hf", engine=FAST_ENGINE).corpus_score(asset[0], asset[1], sources=asset[2])  # + the threaded kernel
    print(
        f"one-time kernel load (first calls of the {engine} engine in this process): "
        f"{time.perf_counter() - start:.2f} s\n",
        flush=True,
    )
    for preset in VARIANTS:
        for engine_name in ("reference", FAST_ENGINE):
            SARI(preset, engine=engine_name).corpus_score(tiny[0], tiny[1], sources=tiny[2])


def run_sections(args: argparse.Namespace, shared: Path, asset: Corpus) -> None:
    """Sections ``args.sections`` in order, then the Summary."""
    sections = set(args.sections)
    total_start = time.perf_counter()
    summary: dict[str, Any] = {}
    if "a" in sections:
        summary["a"] = section_asset(asset, args.repeat_reference, args.repeat_fast)
    replicated = replicate(asset, args.replicas) if sections & {"b", "c", "e", "f"} else None
    if "b" in sections:
        presets = tuple(VARIANTS) if args.all_reference else DEFAULT_REFERENCE_PRESETS
        summary["b"] = (section_corpus(replicated, presets), len(replicated[0]))
    if "c" in sections:
        batch_corpus = asset if args.quick or args.smoke else replicated
        summary["c"] = (section_batch(batch_corpus, args.loop_segments), len(batch_corpus[0]))
    if "e" in sections:
        summary["e"] = section_easse(replicated, args.easse, args.repeat_fast)
    if "f" in sections:
        summary["f"] = section_hf(replicated, args.hf_sari, args.hf_segments or len(replicated[0]), args.repeat_fast)
    del replicated
    gc.collect()
    if "d" in sections:
        summary["d"] = section_stream(
            shared, asset, args.stream_segments, args.stream_reference_segments, args.chunk_size
        )
    print_summary(summary, args, time.perf_counter() - total_start)


def warn_if_changed(fingerprint: dict[str, str]) -> None:
    """Warn if simpeval's sources changed during the run (the children may have run other code)."""
    after = source_fingerprint()
    changed = sorted(name for name in set(fingerprint) | set(after) if fingerprint.get(name) != after.get(name))
    if changed:
        print(
            "WARNING: simpeval source files used by SARI changed while the benchmark ran "
            f"({', '.join(changed)}); the streaming subprocesses may have run newer code than "
            "this process. Re-run for consistent figures."
        )


def len_cpus() -> int:
    return os.cpu_count() or 0


def peer_rows(summary: dict[str, Any]) -> list[list[str]]:
    """The Summary rows of sections e and f: the peer ratios against EASSE and HF evaluate."""
    rows = []
    for section, key, target in (("e", "sari-easse", TARGET_EASSE_RATIO), ("f", "sari-hf", TARGET_HF_RATIO)):
        if section not in summary:
            continue
        result, label = summary[section], f"{section}. {PEER_GOALS[key][0].split(',')[0]}"
        if "skipped" in result:
            rows.append([label, result["skipped"], f">= {target:.0f}x", "not measured", key, "-"])
            continue
        extrapolated = " (peer extrapolated)" if result.get("m", result["n"]) < result["n"] else ""
        value = (
            f"{result['ratio']:.1f}x ({fmt_time(result['peer'])} vs {fmt_time(result['ours'])}, "
            f"{result['n']:,} segments{extrapolated}); identical: {result['identical']}"
        )
        rows.append([label, value, f">= {target:.0f}x", met(result["ratio"] >= target), key, result["identical"]])
    return rows


def print_summary(summary: dict[str, Any], args: argparse.Namespace, elapsed: float) -> None:
    heading("Summary")
    if args.smoke:
        print(f"{SMOKE_NOTE}\n")
    elif args.quick:
        print(
            "(--quick: sizes are reduced, so the targets below, which refer to the full sizes, are only indicative)\n"
        )
    rows = []

    if "a" in summary:
        ratios = [t_ref / t_fast for _, t_ref, t_fast, _ in summary["a"]]
        all_same = all(same for *_, same in summary["a"])
        rows.append(
            [
                f"a. corpus, ASSET test ({SMOKE_SEGMENTS if args.smoke else ASSET_SEGMENTS} seg), all presets",
                f"ratio {min(ratios):.1f}x - {max(ratios):.1f}x; identical: {yes_no(all_same)}",
                "(none)",
                "",
            ]
        )
    if "b" in summary:
        ratios, n = summary["b"]
        if ratios:
            text = ", ".join(f"{p} {fmt_ratio(r)}" for p, r in ratios.items())
            rows.append(
                [
                    f"b. corpus, {n:,} segments vs reference",
                    text,
                    f">= {TARGET_CORPUS_RATIO:.0f}x",
                    met(min(ratios.values()) >= TARGET_CORPUS_RATIO),
                ]
            )
    if "c" in summary:
        (ratio, identical, m), n = summary["c"]
        note = " (loop extrapolated)" if m < n else ""
        rows.append(
            [
                f"c. batch sentence hf, {n:,} segments vs the reference loop",
                f"ratio {fmt_ratio(ratio)}{note}; identical: {yes_no(identical)}",
                f">= {TARGET_BATCH_RATIO:.0f}x",
                met(ratio >= TARGET_BATCH_RATIO),
            ]
        )
    if "d" in summary:
        n = args.stream_segments
        results = summary["d"]
        rss = ", ".join(f"{p} {fmt_mib(r['rss'])}" for p, r in results.items())
        worst = max(r["rss"] for r in results.values())
        rows.append(
            [
                f"d. streamed {n:,} segments, peak RSS",
                rss,
                f"< {TARGET_STREAM_RSS_BYTES / 1024**3:.0f} GB",
                met(worst < TARGET_STREAM_RSS_BYTES),
            ]
        )
        ratio_text = ", ".join(f"{p} {fmt_ratio(r['ratio'])}, {n / r['wall']:,.0f} seg/s" for p, r in results.items())
        extrap = " (reference extrapolated)" if args.stream_reference_segments < n else ""
        rows.append([f"d. streamed {n:,} segments, ratio{extrap}", ratio_text, "(none)", ""])
    rows += peer_rows(summary)
    print_table(["figure", "measured", "target", "status"], [row[:4] for row in rows], left=4)
    write_summary(args.summary_json, "bench_sari.py", rows)
    print(f"total benchmark time: {elapsed:.1f} s (results depend on the machine)")


if __name__ == "__main__":
    main()
