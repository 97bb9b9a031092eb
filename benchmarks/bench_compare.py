#!/usr/bin/env python
"""Multi-system comparison benchmark: statistics extraction, paired bootstrap, and sacrebleu's --paired-bs.

On ASSET test (359 segments, 10 references) with the outputs of 10 systems (baseline ACCESS):

  1. per metric (SARI, BLEU, chrF, TER): the time to extract the per-segment statistics of
     all 10 systems (``metric.corpus_stats``), and the time of the 1000-resample (``--resamples``) paired
     bootstrap of the 9 other systems against the baseline
     (``simpeval.significance.compare_to_baseline``), timed separately;
  2. the whole job for BLEU and chrF (extraction + resampling), against sacrebleu's own
     command line ``sacrebleu REFS -i SYSTEMS -m bleu chrf --paired-bs --paired-bs-n 1000``
     run in a subprocess in the same run, as ``simpeval compare ... --paired bs`` is:
     ratio = sacrebleu wall time / simpeval wall time. The in-process library time
     (``simpeval.compare``) is reported too, and simpeval's first run after install (an empty
     Numba cache: ``NUMBA_CACHE_DIR`` pointing at a new folder), at most 3x sacrebleu's CLI;
  3. parity: the paired p-values (and scores, bootstrap means and 95% CIs) parsed from
     sacrebleu's text output against simpeval's;
  4. with ``--with-ter``: the whole job with TER added (``-m bleu chrf ter``), both command
     lines once, and the p-values of all three metrics compared (sacrebleu's TER makes this
     section take about a minute).

Usage:
    python benchmarks/bench_compare.py            # full run (about ten seconds)
    python benchmarks/bench_compare.py --quick    # a quick run: 3 systems, 200 resamples, < 30 s
    python benchmarks/bench_compare.py --with-ter # also the whole job with TER (about a minute more)
    python benchmarks/bench_compare.py --smoke    # checks that the script runs; its figures mean nothing

``--smoke``: every section (section 4 included) on the first segments of ASSET test
(``SMOKE_SEGMENTS`` of _common.py), 2 systems and 20 resamples.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

import simpeval
from simpeval import PairedBootstrap, compare, get_metric
from simpeval.significance import compare_to_baseline, half_width

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import (
    DEFAULT_SHARED,
    N_REFERENCES,
    SMOKE_NOTE,
    SMOKE_SEGMENTS,
    add_smoke_option,
    add_summary_option,
    byte_compile_simpeval,
    fmt_time,
    heading,
    met,
    peer_lines,
    print_table,
    read_lines,
    require_files,
    timed,
    write_head,
    write_summary,
)

SYSTEMS = (
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
)
BASELINE = "ACCESS"
METRICS = ("sari", "bleu", "chrf", "ter")
SACREBLEU_METRICS = ("bleu", "chrf")
SEED = 12345  # sacrebleu's default seed for --paired-bs

# Targets (they refer to the full run: 10 systems, 1000 resamples, sacrebleu's default).
TARGET_RESAMPLING_SECONDS = 5.0
TARGET_RATIO = 10.0  # the paired bootstrap of 10 systems (BLEU + chrF) at least 10x faster than sacrebleu's CLI
TARGET_TER_RATIO = 10.0  # the same with TER added to the paired test
TARGET_FIRST_RUN = 3.0  # the first compare after install (empty Numba cache): at most 3x sacrebleu's CLI

Data = tuple[dict[str, list[str]], list[list[str]], list[str]]  # systems, reference streams, sources
Paths = tuple[Path, list[Path], dict[str, Path]]  # source, references, systems


# ----------------------------------------------------------------------------- data
def data_paths(shared: Path, n_systems: int) -> Paths:
    """ASSET test source and references and the system outputs; exit with a clear message if any is missing."""
    asset = shared / "corpora" / "asset"
    source = asset / "asset.test.orig"
    references = [asset / f"asset.test.simp.{j}" for j in range(N_REFERENCES)]
    outputs = shared / "corpora" / "system_outputs" / "turkcorpus_test"
    systems = {name: outputs / name for name in SYSTEMS[:n_systems]}
    require_files([source, *references, *systems.values()], shared, "bench_compare.py")
    return source, references, systems


def load(source: Path, references: list[Path], systems: dict[str, Path]) -> Data:
    return (
        {name: read_lines(path, "bench_compare.py") for name, path in systems.items()},
        [read_lines(p, "bench_compare.py") for p in references],
        read_lines(source, "bench_compare.py"),
    )


def smoke_data(paths: Paths, data: Data, folder: Path) -> tuple[Paths, Data]:
    """``--smoke``: the first segments of every file, in memory and in ``folder`` (for the command lines)."""
    source, references, systems = paths
    heads = write_head([source, *references, *systems.values()], SMOKE_SEGMENTS, folder)
    outputs, refs, srcs = data
    cut = (
        {name: hyps[:SMOKE_SEGMENTS] for name, hyps in outputs.items()},
        [r[:SMOKE_SEGMENTS] for r in refs],
        srcs[:SMOKE_SEGMENTS],
    )
    return (heads[0], heads[1 : 1 + len(references)], dict(zip(systems, heads[1 + len(references) :]))), cut


def find_executable(name: str) -> str:
    """The console script ``name`` next to this interpreter (the venv's), else on PATH; exit if absent."""
    candidate = Path(sys.executable).parent / name
    if candidate.is_file() and os.access(candidate, os.X_OK):
        return str(candidate)
    found = shutil.which(name)
    if found is None:
        sys.exit(f"bench_compare.py: the `{name}` command was not found next to {sys.executable} nor on PATH.")
    return found


def commands(
    ref_paths: Sequence[Path],
    names: Sequence[str],
    metrics: Sequence[str],
    n_samples: int,
    sacrebleu_jobs: int | None,
) -> tuple[list[str], list[str]]:
    """The sacrebleu and simpeval command lines of one paired-bootstrap job (systems by file name)."""
    sb_cmd = [
        find_executable("sacrebleu"),
        *map(str, ref_paths),
        "-i",
        *names,
        "-m",
        *metrics,
        "--paired-bs",
        "--paired-bs-n",
        str(n_samples),
        "-f",
        "text",
        "--no-color",
    ]
    if sacrebleu_jobs is not None:
        sb_cmd += ["--paired-jobs", str(sacrebleu_jobs)]
    se_cmd = [
        find_executable("simpeval"),
        "compare",
        "-r",
        *map(str, ref_paths),
        "-i",
        *names,
        "-m",
        *metrics,
        "--paired",
        "bs",
        "--paired-n",
        str(n_samples),
        "--seed",
        str(SEED),
        "-f",
        "text",
        "--quiet",
    ]
    return sb_cmd, se_cmd


# ----------------------------------------------------------------------------- timing


def run_process(cmd: Sequence[str], cwd: Path, **extra_env: str) -> tuple[float, str]:
    """Wall time of a subprocess (start-up included) and its stdout; exit with its stderr if it fails."""
    env = {k: v for k, v in os.environ.items() if k != "SIMPEVAL_COMPILED_MIN_TEXTS"}  # the default policy
    env.update(extra_env)
    start = time.perf_counter()
    proc = subprocess.run(list(cmd), cwd=cwd, capture_output=True, text=True, encoding="utf-8", env=env)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(
            f"bench_compare.py: command failed (exit code {proc.returncode}):\n  {' '.join(cmd)}\n"
            + proc.stderr[-3000:]
        )
    return elapsed, proc.stdout


# ----------------------------------------------------------------------------- parsing
_SB_CELL = re.compile(r"^(-?\d+(?:\.\d+)?) \((-?\d+(?:\.\d+)?) ± (\d+(?:\.\d+)?)\)$")
_P_VALUE = re.compile(r"\(p = (\d+(?:\.\d+)?)\)")


def parse_sacrebleu_text(text: str) -> dict[str, dict[str, dict[str, str]]]:
    """``{system: {metric: {"score", "mean", "ci", "p"}}}`` from sacrebleu's ``--paired-bs -f text`` table.

    The values are the printed strings (score/mean/CI with 1 decimal, p with 4); the baseline
    has no ``p``. Raises ``ValueError`` if the table is not found.
    """
    metrics: list[str] = []
    table: dict[str, dict[str, dict[str, str]]] = {}
    current: str | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line.startswith("│"):
            continue
        cells = [c.strip() for c in line.strip("│").split("│")]
        name, values = cells[0], cells[1:]
        if name == "System":
            metrics = [v.split(" (")[0] for v in values]
        elif name:
            current = name.removeprefix("Baseline:").strip()
            table[current] = {}
            for metric, value in zip(metrics, values):
                match = _SB_CELL.match(value)
                if match is None:
                    raise ValueError(f"unexpected sacrebleu cell {value!r}")
                table[current][metric] = dict(zip(("score", "mean", "ci"), match.groups()))
        elif current is not None:
            for metric, value in zip(metrics, values):
                match = _P_VALUE.search(value)
                if match is not None:
                    table[current][metric]["p"] = match.group(1)
    if not metrics or not table:
        raise ValueError("no result table found in sacrebleu's output")
    return table


def parse_simpeval_text(text: str, systems: Sequence[str]) -> dict[str, dict[str, str]]:
    """``{system: {metric: p}}`` (printed strings, 4 decimals) from ``simpeval compare -f text``."""
    metrics: list[str] = []
    table: dict[str, dict[str, str]] = {}
    for line in text.splitlines():
        tokens = line.split()
        if not tokens:
            continue
        if tokens[0] == "System" and not metrics:
            metrics = tokens[1:]
        elif tokens[0] in systems and metrics:
            p_values = _P_VALUE.findall(line)
            if p_values:
                table[tokens[0]] = dict(zip(metrics, p_values))
    if not metrics:
        raise ValueError("no result table found in simpeval's output")
    return table


# ----------------------------------------------------------------------------- sections
def section_metrics(data: Data, n_samples: int) -> list[tuple[str, float, float, int]]:
    """Per metric: (name, extraction seconds, resampling seconds, statistics per segment)."""
    systems, refs, srcs = data
    n_pairs = len(systems) - 1
    heading(
        f"1. Statistics extraction and paired bootstrap, per metric "
        f"({len(systems)} systems, {n_pairs} comparisons vs {BASELINE}, {n_samples} resamples)"
    )
    rows = []
    out = []
    for name in METRICS:
        metric = get_metric(name)  # a fresh object: no reference cache from an earlier measurement
        t_extract, stats = timed(lambda: {s: metric.corpus_stats(h, refs, sources=srcs) for s, h in systems.items()})
        t_resample, results = timed(
            lambda: compare_to_baseline(metric, stats, baseline=BASELINE, test="bs", n_samples=n_samples, seed=SEED)
        )
        label = results[0].metric
        n_stats = next(iter(stats.values())).shape[1]
        out.append((label, t_extract, t_resample, n_stats))
        rows.append(
            [
                label,
                n_stats,
                fmt_time(t_extract),
                fmt_time(t_resample),
                fmt_time(t_resample / n_pairs),
                fmt_time(t_extract + t_resample),
            ]
        )
        print(f"  {label}: extraction {fmt_time(t_extract)}, resampling {fmt_time(t_resample)}", flush=True)
    total_extract = sum(r[1] for r in out)
    total_resample = sum(r[2] for r in out)
    rows.append(
        ["total", "", fmt_time(total_extract), fmt_time(total_resample), "", fmt_time(total_extract + total_resample)]
    )
    print()
    print_table(
        [
            "metric",
            "stats/seg",
            f"extraction ({len(systems)} sys)",
            f"resampling ({n_pairs} vs base)",
            "resampling/comparison",
            "extraction + resampling",
        ],
        rows,
    )
    return out


def section_sacrebleu(
    data: Data,
    metric_rows: list[tuple[str, float, float, int]],
    paths: Paths,
    n_samples: int,
    repeat: int,
    sacrebleu_jobs: int | None,
) -> dict[str, Any]:
    systems, refs, _ = data
    _, ref_paths, sys_paths = paths
    names = list(systems)
    cwd = next(iter(sys_paths.values())).parent  # system files passed by bare name: names = file names
    sacrebleu_exe, simpeval_exe = find_executable("sacrebleu"), find_executable("simpeval")
    byte_compile_simpeval()  # as a wheel install has it: no module compiled from source at each start
    sb_cmd, se_cmd = commands(ref_paths, names, SACREBLEU_METRICS, n_samples, sacrebleu_jobs)

    heading(
        f"2. Whole job, BLEU + chrF: sacrebleu --paired-bs vs simpeval "
        f"({len(names)} systems, {n_samples} resamples, best of {repeat})"
    )
    asset_dir = str(ref_paths[0].parent) + os.sep

    def show(cmd: list[str]) -> str:
        return " ".join([Path(cmd[0]).name] + [c.replace(asset_dir, "$ASSET/") for c in cmd[1:]])

    print(f"sacrebleu: {show(sb_cmd)}")
    print(f"simpeval:  {show(se_cmd)}")
    print(f"(ASSET={ref_paths[0].parent}; working directory {cwd})\n")

    # The first run after install: an empty Numba cache, as ``pip install`` leaves it (whatever
    # the job loads from it is compiled, and what it does not load costs nothing).
    with tempfile.TemporaryDirectory(prefix="simpeval-numba-") as cache:
        t_first, _ = run_process(se_cmd, cwd, NUMBA_CACHE_DIR=cache)
    print(f"  simpeval CLI, first run (empty Numba cache): {fmt_time(t_first)}", flush=True)
    t_sb, t_se, t_lib = math.inf, math.inf, math.inf
    sb_out = se_out = ""
    table = None
    for _ in range(repeat):
        t, sb_out = run_process(sb_cmd, cwd)
        t_sb = min(t_sb, t)
        t, se_out = run_process(se_cmd, cwd)
        t_se = min(t_se, t)
        t, table = timed(
            lambda: compare(
                systems,
                refs,
                sources=None,
                metrics=list(SACREBLEU_METRICS),
                test=PairedBootstrap(n=n_samples),
                seed=SEED,
            )
        )
        t_lib = min(t_lib, t)
        print(
            f"  sacrebleu CLI {fmt_time(t_sb)}, simpeval CLI {fmt_time(t_se)}, simpeval library {fmt_time(t_lib)}",
            flush=True,
        )

    # Process start-up alone (interpreter + imports), to read the CLI times.
    t_sb_start, _ = run_process([sacrebleu_exe, "--version"], cwd)
    t_se_start, _ = run_process([simpeval_exe, "--version"], cwd)

    # Diagnostic: sacrebleu's own statistics extraction for the same job, in-process, as its CLI
    # does it (references cached once, then every system). Private API: skipped if it changed.
    t_sb_stats: float | None = None
    try:
        from sacrebleu.metrics import BLEU as SbBLEU
        from sacrebleu.metrics import CHRF as SbCHRF

        def sacrebleu_stats() -> None:
            for cls in (SbBLEU, SbCHRF):
                scorer = cls(references=refs)
                for hyps in systems.values():
                    scorer._extract_corpus_statistics(hyps, None)

        t_sb_stats, _ = timed(sacrebleu_stats)
    except Exception as err:
        print(f"(sacrebleu statistics-only timing skipped: {type(err).__name__}: {err})")

    print()
    rows = [
        ["sacrebleu CLI --paired-bs (subprocess)", fmt_time(t_sb), "1.0x (baseline)"],
        ["simpeval compare CLI (subprocess)", fmt_time(t_se), f"{t_sb / t_se:.2f}x"],
        ["simpeval compare CLI, first run (empty Numba cache)", fmt_time(t_first), f"{t_sb / t_first:.2f}x"],
        ["simpeval.compare() library (in-process)", fmt_time(t_lib), f"{t_sb / t_lib:.2f}x"],
    ]
    print_table(["whole job, BLEU + chrF", "wall time", "speed-up = sacrebleu / this"], rows)
    ours = [row for row in metric_rows if row[0] in ("BLEU", "chrF2")]
    se_stats, se_resample = sum(r[1] for r in ours), sum(r[2] for r in ours)
    sb_rest = None if t_sb_stats is None else t_sb - t_sb_start - t_sb_stats
    print("Where the time goes (BLEU + chrF; simpeval's extraction and resampling from section 1):")
    rows = [
        ["process start-up (`--version`)", fmt_time(t_sb_start), fmt_time(t_se_start), ""],
        [
            "statistics extraction (in-process)",
            fmt_time(t_sb_stats),
            fmt_time(se_stats),
            "-" if t_sb_stats is None else f"{t_sb_stats / se_stats:.2f}x",
        ],
        [
            "paired bootstrap (sacrebleu: CLI - start-up - extraction)",
            fmt_time(sb_rest),
            fmt_time(se_resample),
            "-" if sb_rest is None else f"{sb_rest / se_resample:.2f}x",
        ],
    ]
    print_table(["", "sacrebleu", "simpeval", "sacrebleu / simpeval"], rows)
    return {
        "sb": t_sb,
        "se": t_se,
        "first": t_first,
        "lib": t_lib,
        "sb_out": sb_out,
        "se_out": se_out,
        "table": table,
        "names": names,
    }


def section_parity(result: dict[str, Any]) -> bool | None:
    heading("3. Parity of the paired bootstrap with sacrebleu (BLEU, chrF)")
    names, table = result["names"], result["table"]
    try:
        sb = parse_sacrebleu_text(result["sb_out"])
        se_cli = parse_simpeval_text(result["se_out"], names)
    except ValueError as err:
        print(f"Could not parse the text output ({err}); p-value parity is covered by tests/significance.\n")
        return None
    checked, mismatches = 0, []
    for system in names[1:]:
        for label in table.metric_names:
            res = table.paired_result(system, label)
            cell = table.cell(system, label)
            expected = sb.get(system, {}).get(label)
            if res is None or expected is None:
                mismatches.append(f"{system} {label}: missing in {'simpeval' if res is None else 'sacrebleu'} output")
                continue
            ours = {
                "score": f"{cell.score:.1f}",
                "mean": f"{res.mean:.1f}",
                "ci": f"{half_width(res.ci):.1f}",
                "p": f"{res.p_value:.4f}",
            }
            cli_p = se_cli.get(system, {}).get(label)
            for key, value in ours.items():
                checked += 1
                if expected.get(key) != value:
                    mismatches.append(f"{system} {label} {key}: sacrebleu {expected.get(key)} vs simpeval {value}")
            checked += 1
            if cli_p != expected.get("p"):
                mismatches.append(f"{system} {label} p: sacrebleu {expected.get('p')} vs simpeval CLI {cli_p}")
    p_values = sorted({v["p"] for s in sb.values() for v in s.values() if "p" in v})
    print(
        f"Compared {checked} printed values for {len(names) - 1} systems x {len(table.metric_names)} metrics: "
        "p-value (4 decimals; sacrebleu's text output, simpeval library and simpeval CLI), "
        "score, bootstrap mean and 95% CI (1 decimal)."
    )
    print(f"Distinct p-values printed by sacrebleu: {', '.join(p_values)}")
    if mismatches:
        print(f"MISMATCHES ({len(mismatches)}):")
        for line in mismatches:
            print(f"  {line}")
    else:
        print("All identical: simpeval's BLEU/chrF paired p-values equal sacrebleu's.")
    print(flush=True)
    return not mismatches


def parity_text(parity: bool | None) -> str:
    """The identical-numbers line of the paired bootstrap against sacrebleu's (section 3's verdict)."""
    if parity is None:
        return "not checked (sacrebleu's text output could not be parsed; tests/significance covers it)"
    if not parity:
        return "NO (see the mismatches of section 3)"
    return "yes: every p-value (4 decimals), score, bootstrap mean and 95% CI (1 decimal) that sacrebleu prints"


def section_peer(whole: dict[str, Any], parity: bool | None, args: argparse.Namespace) -> None:
    """The peer's time, simpeval's, the ratio and the identical-numbers line (a peer ratio of bench_all.py)."""
    heading(f"Against the peer: sacrebleu's CLI, {args.n_systems} systems, BLEU + chrF, {args.resamples} resamples")
    whole["ratio"] = peer_lines(
        f"sacrebleu REFS -i SYSTEMS -m bleu chrf --paired-bs --paired-bs-n {args.resamples}",
        whole["sb"],
        f"simpeval compare -r REFS -i SYSTEMS -m bleu chrf --paired bs --paired-n {args.resamples}",
        whole["se"],
        parity_text(parity),
    )


def section_with_ter(paths: Paths, n_samples: int, sacrebleu_jobs: int | None) -> dict[str, Any]:
    """The whole job with TER added to the paired test: both command lines once, p-values compared."""
    _, ref_paths, sys_paths = paths
    names = list(sys_paths)
    cwd = next(iter(sys_paths.values())).parent
    heading(
        f"4. Whole job, BLEU + chrF + TER: sacrebleu --paired-bs vs simpeval ({len(names)} systems, {n_samples} resamples)"
    )
    sb_cmd, se_cmd = commands(ref_paths, names, (*SACREBLEU_METRICS, "ter"), n_samples, sacrebleu_jobs)
    t_sb, sb_out = run_process(sb_cmd, cwd)
    t_se, se_out = run_process(se_cmd, cwd)
    identical: bool | None = None
    try:
        sb = parse_sacrebleu_text(sb_out)
        se = parse_simpeval_text(se_out, names)
        pairs = [(sb[name][metric].get("p"), se.get(name, {}).get(metric)) for name in names[1:] for metric in sb[name]]
        identical = bool(pairs) and all(a is not None and a == b for a, b in pairs)
        print(f"compared {len(pairs)} p-values (4 decimals) of {len(names) - 1} systems x BLEU, chrF, TER")
    except (KeyError, ValueError) as err:
        print(f"could not parse the text output ({err}); parity is covered by tests/significance")
    print()
    print_table(
        ["whole job, BLEU + chrF + TER", "wall time", "speed-up = sacrebleu / this"],
        [
            ["sacrebleu CLI --paired-bs (subprocess)", fmt_time(t_sb), "1.0x (baseline)"],
            ["simpeval compare CLI (subprocess)", fmt_time(t_se), f"{t_sb / t_se:.2f}x"],
        ],
    )
    return {"sb": t_sb, "se": t_se, "identical": identical}


def ter_rows(with_ter: dict[str, Any]) -> list[list[str]]:
    """The Summary rows of section 4: the ratio with TER and the parity of its p-values."""
    ter_ratio, same = with_ter["sb"] / with_ter["se"], with_ter["identical"]
    return [
        [
            "whole job BLEU + chrF + TER: sacrebleu CLI / simpeval CLI",
            f"{ter_ratio:.2f}x",
            f">= {TARGET_TER_RATIO:.0f}x",
            met(ter_ratio >= TARGET_TER_RATIO),
        ],
        [
            "paired p-values with TER equal sacrebleu's",
            "-" if same is None else ("yes" if same else "NO"),
            "identical",
            "-" if same is None else met(same),
        ],
    ]


def print_summary(
    metric_rows: list[tuple[str, float, float, int]],
    whole: dict[str, Any],
    parity: bool | None,
    with_ter: dict[str, Any] | None,
    args: argparse.Namespace,
    elapsed: float,
) -> None:
    heading("Summary")
    if args.smoke:
        print(f"{SMOKE_NOTE}\n")
    elif args.quick:
        print("(--quick: 3 systems and fewer resamples; the targets refer to the full run, so the marks mean little)\n")
    total_resample = sum(r[2] for r in metric_rows)
    total_extract = sum(r[1] for r in metric_rows)
    ratio = whole["sb"] / whole["se"]
    rows = [
        [f"statistics extraction, 4 metrics x {args.n_systems} systems", fmt_time(total_extract), "(none)", ""],
        [
            f"paired bootstrap, 4 metrics x {args.n_systems - 1} comparisons x {args.resamples}",
            fmt_time(total_resample),
            f"< {TARGET_RESAMPLING_SECONDS:.0f} s",
            met(total_resample < TARGET_RESAMPLING_SECONDS),
        ],
        [
            "whole job BLEU + chrF: sacrebleu CLI / simpeval CLI",
            f"{ratio:.2f}x ({fmt_time(whole['sb'])} vs {fmt_time(whole['se'])})",
            f">= {TARGET_RATIO:.0f}x",
            met(ratio >= TARGET_RATIO),
            "compare",
            parity_text(parity).split(":")[0],
        ],
        [
            "first run after install (empty Numba cache): simpeval CLI / sacrebleu CLI",
            f"{whole['first'] / whole['sb']:.2f}x ({fmt_time(whole['first'])})",
            f"<= {TARGET_FIRST_RUN:.0f}x",
            met(whole["first"] <= TARGET_FIRST_RUN * whole["sb"]),
        ],
        ["whole job BLEU + chrF: sacrebleu CLI / simpeval library", f"{whole['sb'] / whole['lib']:.2f}x", "(info)", ""],
        [
            "paired p-values equal sacrebleu's",
            "-" if parity is None else ("yes" if parity else "NO"),
            "identical",
            "-" if parity is None else met(parity),
        ],
    ]
    if with_ter is not None:
        rows += ter_rows(with_ter)
    print_table(["figure", "value", "target", "status"], [row[:4] for row in rows])
    write_summary(args.summary_json, "bench_compare.py", rows)
    print(f"resampling total < {TARGET_RESAMPLING_SECONDS:.0f} s: {met(total_resample < TARGET_RESAMPLING_SECONDS)}")
    print(
        f"whole job vs sacrebleu --paired-bs, target >= {TARGET_RATIO:.0f}x: {met(ratio >= TARGET_RATIO)} ({ratio:.2f}x)"
    )
    print(f"\nbenchmark wall time: {elapsed:.1f} s")


# ----------------------------------------------------------------------------- main
def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Multi-system comparison benchmark: extraction vs resampling, and sacrebleu --paired-bs.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED, help="directory holding corpora/")
    parser.add_argument("--quick", action="store_true", help="a quick run: 3 systems, 200 resamples, < 30 s")
    add_smoke_option(parser)
    parser.add_argument(
        "--resamples", type=int, default=None, help="paired bootstrap resamples (default 1000; --quick: 200)"
    )
    parser.add_argument(
        "--n-systems",
        type=int,
        default=None,
        help=f"first N of the systems, 2..{len(SYSTEMS)} (default 10; --quick: 3)",
    )
    parser.add_argument("--repeat", type=int, default=1, help="section 2: best of N runs of each whole job")
    parser.add_argument(
        "--sacrebleu-jobs",
        type=int,
        default=None,
        help="pass --paired-jobs N to sacrebleu (default: not passed, i.e. sacrebleu's default of 1)",
    )
    parser.add_argument(
        "--with-ter", action="store_true", help="section 4: the whole job with TER added (about a minute)"
    )
    add_summary_option(parser)
    args = parser.parse_args(argv)
    if args.smoke:  # every section, section 4 included, at the smallest sizes
        args.resamples, args.n_systems, args.repeat, args.with_ter = args.resamples or 20, args.n_systems or 2, 1, True
    if args.resamples is None:
        args.resamples = 200 if args.quick else 1000
    if args.n_systems is None:
        args.n_systems = 3 if args.quick else 10
    if not 2 <= args.n_systems <= len(SYSTEMS):
        parser.error(f"--n-systems must be between 2 and {len(SYSTEMS)}")
    if args.resamples < 1 or args.repeat < 1:
        parser.error("--resamples and --repeat must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    shared = args.shared.resolve()
    paths = data_paths(shared, args.n_systems)
    data = load(*paths)
    with tempfile.TemporaryDirectory(prefix="simpeval-smoke-") as folder:
        if args.smoke:
            paths, data = smoke_data(paths, data, Path(folder))
        run(args, shared, paths, data)


def run(args: argparse.Namespace, shared: Path, paths: Paths, data: Data) -> None:
    """The header, the warm-up, the sections and the Summary."""
    import sacrebleu

    print(
        f"simpeval {simpeval.__version__} | sacrebleu {sacrebleu.__version__} | Python {platform.python_version()} | "
        f"NumPy {np.__version__} | {platform.platform()} | CPUs: {os.cpu_count()}"
    )
    note = f"\n{SMOKE_NOTE}" if args.smoke else "\n[--quick: reduced sizes]" if args.quick else ""
    print(
        f"data: {shared} | ASSET test, {len(data[2])} segments x {N_REFERENCES} references | "
        f"systems: {', '.join(data[0])} (baseline {BASELINE}) | seed {SEED}" + note
    )
    print()

    # Warm-up (untimed): imports and first-call costs of every metric and of the resampler. The
    # threshold is set to 0 first, so that the small warm-up loads (or compiles) the kernels the
    # timed sections use, instead of the first timed call past the threshold.
    os.environ["SIMPEVAL_COMPILED_MIN_TEXTS"] = "0"  # every later call of this process runs compiled
    tiny_sys = {name: hyps[:5] for name, hyps in list(data[0].items())[:2]}
    tiny_refs, tiny_srcs = [r[:5] for r in data[1]], data[2][:5]
    for name in METRICS:
        metric = get_metric(name)
        stats = {s: metric.corpus_stats(h, tiny_refs, sources=tiny_srcs) for s, h in tiny_sys.items()}
        compare_to_baseline(metric, stats, baseline=BASELINE, test="bs", n_samples=10, seed=SEED)

    start = time.perf_counter()
    metric_rows = section_metrics(data, args.resamples)
    whole = section_sacrebleu(data, metric_rows, paths, args.resamples, args.repeat, args.sacrebleu_jobs)
    parity = section_parity(whole)
    section_peer(whole, parity, args)
    with_ter = section_with_ter(paths, args.resamples, args.sacrebleu_jobs) if args.with_ter else None
    print_summary(metric_rows, whole, parity, with_ter, args, time.perf_counter() - start)


if __name__ == "__main__":
    main()
