#!/usr/bin/env python
"""Command-line wall times against sacrebleu's command line, measured in the same run.

Every command runs in a fresh subprocess, as a user would type it, on ASSET test (359
segments, 10 references) and the published system outputs:

  1. **first run**: ``simpeval score`` with SARI and BLEU on one system, with an empty Numba
     cache (``NUMBA_CACHE_DIR`` pointing at a new folder: the state right after ``pip install``),
     against ``sacrebleu REFS -i SYS -m bleu``; target: at most 3x;
  2. **warm runs**: the same command again (median of ``--repeat`` runs); target: at most 2x;
  3. **four metrics, 11 systems**: ``simpeval score`` and ``simpeval compare`` with SARI, BLEU,
     chrF and TER on all 11 systems, against ``sacrebleu REFS -i SYS... -m bleu chrf ter``
     (which computes three of the four); the first such run, which compiles every kernel into
     the empty cache, is reported on its own.

Ratios are sacrebleu's wall time / simpeval's (higher is better for simpeval) or simpeval's /
sacrebleu's where the target is a bound ("x of sacrebleu").

Usage:
    python benchmarks/bench_cli.py              # full run
    python benchmarks/bench_cli.py --quick      # a quick run: sections 1 and 2 only, 1 warm run
    python benchmarks/bench_cli.py --smoke      # checks that the script runs; its figures mean nothing

``--smoke``: every section on the first segments of ASSET test (``SMOKE_SEGMENTS`` of _common.py)
and 2 systems, each command once, on this process's Numba cache (no compilation).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import (
    DEFAULT_SHARED,
    SMOKE_NOTE,
    SMOKE_SEGMENTS,
    add_smoke_option,
    add_summary_option,
    byte_compile_simpeval,
    equal_numbers,
    fmt_time,
    met,
    peer_lines,
    print_table,
    write_head,
    write_summary,
)

TARGET_PEER = 1.0  # the peer ratios: the first and the repeated simpeval score at most sacrebleu's time

SYSTEMS = [
    "ACCESS",
    "BTRLTS",
    "BTTS",
    "BTTS10",
    "Dress",
    "Dress-Ls",
    "EditNTS",
    "PBMT-R",
    "RM+EX",
    "RM+EX+LS+RO",
    "UNTS",
]


def run(command: Sequence[str], env: dict[str, str] | None = None) -> float:
    """Wall time of ``command`` in a subprocess; exits with its stderr if it fails."""
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, env=env)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"bench_cli: {' '.join(command[:3])}... failed:\n{result.stderr[-2000:]}")
    return elapsed


def tool(name: str) -> list[str]:
    """The console script ``name`` of this interpreter's environment."""
    path = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if path is None:
        sys.exit(f"bench_cli: the {name} command is not installed.")
    return [path]


def bleu_parity(simpeval: list[str], sacrebleu: list[str], refs: list[str], system: str, env: dict[str, str]) -> str:
    """Whether ``simpeval score -m bleu`` prints sacrebleu's BLEU (sacrebleu asked for 16 decimals,
    which give back its float exactly); untimed."""
    try:
        ours = subprocess.run(
            [*simpeval, "score", "-r", *refs, "-i", system, "-m", "bleu", "-f", "json"],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        ).stdout
        theirs = subprocess.run(
            [*sacrebleu, *refs, "-i", system, "-m", "bleu", "-w", "16"],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        ).stdout
        return "BLEU " + equal_numbers([json.loads(ours)[0]["score"]], [json.loads(theirs)["score"]])
    except (subprocess.CalledProcessError, ValueError, KeyError, IndexError) as err:
        return f"not checked ({type(err).__name__}: {err})"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED, help="the ../shared folder")
    parser.add_argument("--repeat", type=int, default=5, help="warm runs (median)")
    parser.add_argument("--quick", action="store_true", help="2 systems, 1 warm run")
    add_smoke_option(parser)
    add_summary_option(parser)
    args = parser.parse_args(argv)
    asset = args.shared / "corpora" / "asset"
    outputs = args.shared / "corpora" / "system_outputs" / "turkcorpus_test"
    if not asset.is_dir():
        sys.exit(f"bench_cli: {asset} not found (pass --shared).")
    refs = [str(asset / f"asset.test.simp.{j}") for j in range(10)]
    source = str(asset / "asset.test.orig")
    systems = [str(outputs / name) for name in (SYSTEMS[:2] if args.quick or args.smoke else SYSTEMS)]
    repeat = 1 if args.quick or args.smoke else args.repeat
    simpeval, sacrebleu = tool("simpeval"), tool("sacrebleu")
    byte_compile_simpeval()  # as a wheel install has it: no module compiled from source at each start

    with tempfile.TemporaryDirectory() as numba_cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": numba_cache}
        if args.smoke:  # the first segments only, and the kernels loaded from this process's cache
            heads = write_head(list(map(Path, [*refs, source, *systems])), SMOKE_SEGMENTS, Path(numba_cache) / "head")
            refs, source, systems = [str(p) for p in heads[:10]], str(heads[10]), [str(p) for p in heads[11:]]
            env = dict(os.environ)
            print(SMOKE_NOTE)
        env.pop("SIMPEVAL_COMPILED_MIN_TEXTS", None)  # the default policy, as a user has it
        one = [*simpeval, "score", "-s", source, "-r", *refs, "-i", systems[0], "-m", "sari", "bleu"]
        base = [*sacrebleu, *refs, "-i", systems[0], "-m", "bleu"]
        base_runs = 1 if args.smoke else max(repeat, 3)
        t_base = statistics.median(run(base, env) for _ in range(base_runs))
        t_first = run(one, env)
        t_warm = statistics.median(run(one, env) for _ in range(repeat))
        same = bleu_parity(simpeval, sacrebleu, refs, systems[0], env)
        segments = SMOKE_SEGMENTS if args.smoke else 359
        if args.quick and not args.smoke:  # sections 1 and 2 only: section 3 compiles every kernel (about 15 s)
            write_summary(
                args.summary_json,
                "bench_cli.py",
                _print_first_runs(len(systems), segments, t_first, t_warm, (t_base, base_runs), repeat, same),
            )
            return
        four = ["-m", "sari", "bleu", "chrf", "ter"]
        score4 = [*simpeval, "score", "-s", source, "-r", *refs, "-i", *systems, *four]
        t_compile = run(score4, env)  # the first run of a 4-metric job compiles every kernel it uses
        t_score4 = run(score4, env)
        t_compare4 = run([*simpeval, "compare", "-s", source, "-r", *refs, "-i", *systems, *four, "-q"], env)
        t_sacre3 = run([*sacrebleu, *refs, "-i", *systems, "-m", "bleu", "chrf", "ter"], env)

    rows = _print_first_runs(len(systems), segments, t_first, t_warm, (t_base, base_runs), repeat, same)
    rows += _print_four_metrics(len(systems), t_score4, t_compare4, t_sacre3, t_compile)
    write_summary(args.summary_json, "bench_cli.py", rows)


def _print_four_metrics(
    n_systems: int, t_score4: float, t_compare4: float, t_sacre3: float, t_compile: float
) -> list[list[str]]:
    """Print the 4-metric score and compare against sacrebleu's 3 metrics; return their Summary rows."""
    print()
    print_table(
        ["command", "simpeval", "sacrebleu bleu chrf ter", "sacrebleu / simpeval"],
        [
            [
                f"score SARI BLEU chrF TER, {n_systems} systems",
                fmt_time(t_score4),
                fmt_time(t_sacre3),
                f"{t_sacre3 / t_score4:.1f}x",
            ],
            [
                f"compare SARI BLEU chrF TER, {n_systems} systems",
                fmt_time(t_compare4),
                fmt_time(t_sacre3),
                f"{t_sacre3 / t_compare4:.1f}x",
            ],
        ],
    )
    print(f"(the first 4-metric run, which compiles every kernel into the empty Numba cache: {fmt_time(t_compile)})")
    return [
        [
            f"score SARI BLEU chrF TER, {n_systems} systems: sacrebleu bleu chrf ter / simpeval",
            f"{t_sacre3 / t_score4:.1f}x ({fmt_time(t_score4)} vs {fmt_time(t_sacre3)})",
            "(info)",
            "",
        ],
        [
            f"compare SARI BLEU chrF TER, {n_systems} systems: sacrebleu bleu chrf ter / simpeval",
            f"{t_sacre3 / t_compare4:.1f}x ({fmt_time(t_compare4)} vs {fmt_time(t_sacre3)})",
            "(info)",
            "",
        ],
    ]


def _print_first_runs(
    n_systems: int,
    segments: int,
    t_first: float,
    t_warm: float,
    base: tuple[float, int],
    repeat: int,
    same: str,
) -> list[list[str]]:
    """Print the first-run and warm-run table, verdicts and peer lines; return them as Summary rows.
    ``base`` is sacrebleu's time (the median) and its number of runs."""
    t_base, base_runs = base
    print(f"ASSET test, {segments} segments x 10 references; {n_systems} systems; Python {sys.version.split()[0]}\n")
    print_table(
        ["command", "simpeval", "sacrebleu", "simpeval / sacrebleu", "target"],
        [
            [
                "score SARI+BLEU, first run (empty Numba cache)",
                fmt_time(t_first),
                fmt_time(t_base),
                f"{t_first / t_base:.2f}x",
                "<= 3x",
            ],
            [
                f"score SARI+BLEU, warm (median of {repeat})",
                fmt_time(t_warm),
                fmt_time(t_base),
                f"{t_warm / t_base:.2f}x",
                "<= 2x",
            ],
        ],
    )
    print(f"\nfirst run within 3x: {'yes' if t_first <= 3 * t_base else 'NO'}")
    print(f"warm run within 2x: {'yes' if t_warm <= 2 * t_base else 'NO'}\n")
    peer = f"sacrebleu REFS -i SYS -m bleu (median of {base_runs})"
    ours = "simpeval score -s SRC -r REFS -i SYS -m sari bleu"
    first = peer_lines(peer, t_base, f"{ours}, first run", t_first, same, bound=True)
    warm = peer_lines(peer, t_base, f"{ours}, repeated (median of {repeat})", t_warm, same, bound=True)
    peer_rows = [
        [
            f"peer ratio: {label} simpeval score SARI+BLEU / sacrebleu BLEU",
            f"{ratio:.2f}x ({fmt_time(t)} vs {fmt_time(t_base)})",
            f"<= {TARGET_PEER:.1f}x",
            met(ratio <= TARGET_PEER),
            key,
            same,
        ]
        for label, ratio, t, key in (("first", first, t_first, "cli-first"), ("repeated", warm, t_warm, "cli-repeated"))
    ]
    return peer_rows + [
        [
            "first run (empty Numba cache), score SARI+BLEU: simpeval / sacrebleu BLEU",
            f"{t_first / t_base:.2f}x",
            "<= 3x",
            met(t_first <= 3 * t_base),
        ],
        [
            "warm run, score SARI+BLEU: simpeval / sacrebleu BLEU",
            f"{t_warm / t_base:.2f}x",
            "<= 2x",
            met(t_warm <= 2 * t_base),
        ],
    ]


if __name__ == "__main__":
    main()
