#!/usr/bin/env python
"""Every benchmark in one run, and one table of their figures against their targets.

Runs, one after the other and each in its own process (so each measures its baseline in the
same run as simpeval, on the same machine state):

  bench_ter.py --n-systems 4     native TER vs sacrebleu's (ASSET x 4 systems), equality
  bench_cli.py                   first-run and warm-run CLI vs sacrebleu's; 4-metric score/compare, 11 systems
  bench_compare.py --with-ter    paired bootstrap of 10 systems vs sacrebleu --paired-bs (BLEU + chrF,
                                 1,000 resamples, then with TER added), p-value parity
  bench_sari.py                  corpus and batch sentence-level SARI vs the reference engine, and vs
                                 EASSE's corpus_sari (--easse PATH) and HF evaluate's functions (--hf-sari PATH)
  bench_memory.py                peak RSS of 10M streamed segments (SARI + BLEU)
  bench_jobs.py                  simpeval score --jobs N vs --jobs 1 (400,000 segments), n_jobs per metric
  bench_distributed.py           one process, --jobs, Dask and Spark with 1 and 2 workers (400,000 segments)

Each script's whole output goes to ``LOG_DIR/<script>.txt`` (``--log-dir``, default a new
temporary folder, printed first); its Summary rows come back through ``--summary-json``, and
this script prints them together, then the peer ratios: every ratio against the tool a user
comes from (EASSE, HF evaluate, sacrebleu's CLI; Dask and Spark against one process), its goal,
and whether the numbers are identical. A peer that is not given ("not measured: ...") or a
script skipped leaves its row marked so. A script that fails is reported with its log, and the
others still run; the exit code is then 1.

``--smoke`` runs every script of benchmarks/ with ``--smoke``: the seven above, then the ones
that otherwise run alone (bench_engines.py, bench_resample.py, bench_learned.py,
compare_fkgl.py, compare_torchmetrics.py). It checks that each script runs and prints its
tables; its figures mean nothing. The test suite runs it (tests/packaging/test_benchmarks.py).

Usage:
    python benchmarks/bench_all.py            # the full run: about 20 minutes on 2 cores
    python benchmarks/bench_all.py --quick    # every script's --quick: about 2 minutes
    python benchmarks/bench_all.py --smoke    # every script of benchmarks/ at its smallest: checks that they run
    python benchmarks/bench_all.py --easse ~/easse --hf-sari /tmp/hf_sari.py --skip distributed
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import DEFAULT_SHARED, PEER_GOALS, SMOKE_NOTE, fmt_time, heading, print_table

HERE = Path(__file__).resolve().parent

#: (script, extra arguments of the full run): the order of the combined table.
SCRIPTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("bench_ter.py", ("--n-systems", "4")),
    ("bench_cli.py", ()),
    ("bench_compare.py", ("--with-ter", "--repeat", "3")),  # best of 3 whole jobs, each side: a 2-core machine is noisy
    ("bench_sari.py", ()),
    ("bench_memory.py", ()),
    ("bench_jobs.py", ()),
    ("bench_distributed.py", ("--workers", "1,2", "--segments", "400000", "--repeat", "2")),
)
#: The scripts that otherwise run alone, which ``--smoke`` runs too (after :data:`SCRIPTS`): one
#: command then checks every script of benchmarks/.
SMOKE_ALSO = ("bench_engines.py", "bench_resample.py", "bench_learned.py", "compare_fkgl.py", "compare_torchmetrics.py")
#: The scripts that write no Summary (no ``--summary-json``): their tables are in their logs.
NO_SUMMARY = frozenset({"bench_learned.py", "compare_fkgl.py", "compare_torchmetrics.py"})
Figures = list[dict[str, str]]


def script_name(name: str) -> str:
    """``distributed``, ``bench_distributed`` or ``bench_distributed.py``: the script's file name
    (``compare_fkgl`` stays ``compare_fkgl.py``)."""
    stem = name.removesuffix(".py")
    return f"{stem if stem.startswith(('bench_', 'compare_')) else 'bench_' + stem}.py"


def run_script(script: str, extra: Sequence[str], args: argparse.Namespace, log_dir: Path) -> Figures | None:
    """Run one benchmark, its output to its log; its Summary figures (none for a script of
    :data:`NO_SUMMARY`), or ``None`` if it failed."""
    summary = log_dir / f"{Path(script).stem}.json"
    peers = (
        []
        if script != "bench_sari.py"
        else [*peer_option("--easse", args.easse), *peer_option("--hf-sari", args.hf_sari)]
    )
    size = ("--smoke",) if args.smoke else ("--quick",) if args.quick else extra
    command = [
        sys.executable,
        str(HERE / script),
        "--shared",
        str(args.shared),
        *(() if script in NO_SUMMARY else ("--summary-json", str(summary))),
        *size,
        *peers,
    ]
    log = log_dir / f"{Path(script).stem}.txt"
    print(f"$ {' '.join(command[1:])}", flush=True)
    start = time.perf_counter()
    with open(log, "w", encoding="utf-8") as out:
        code = subprocess.run(command, stdout=out, stderr=subprocess.STDOUT, check=False).returncode
    print(f"  {fmt_time(time.perf_counter() - start)}, exit code {code}, output in {log}", flush=True)
    if code != 0 or not (script in NO_SUMMARY or summary.is_file()):
        tail = log.read_text(encoding="utf-8", errors="replace").splitlines()[-15:]
        print("  FAILED; the end of its output:\n    " + "\n    ".join(tail), flush=True)
        return None
    if script in NO_SUMMARY:
        return []
    figures: Figures = json.loads(summary.read_text(encoding="utf-8"))["figures"]
    return figures


def peer_option(option: str, path: Path | None) -> list[str]:
    return [] if path is None else [option, str(path.resolve())]


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED, help="directory holding corpora/")
    parser.add_argument("--quick", action="store_true", help="every script's --quick (the marks then mean little)")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="every script of benchmarks/ with --smoke: checks that they run; the figures mean nothing",
    )
    parser.add_argument(
        "--log-dir", type=Path, default=None, help="where each script's output goes (default: a new temporary folder)"
    )
    names = [s for s, _ in SCRIPTS] + list(SMOKE_ALSO)
    parser.add_argument(
        "--only", nargs="+", type=script_name, choices=names, metavar="SCRIPT", help="run only these scripts"
    )
    parser.add_argument(
        "--skip", nargs="+", type=script_name, choices=names, metavar="SCRIPT", help="e.g. --skip distributed"
    )
    parser.add_argument("--easse", type=Path, default=None, metavar="PATH", help="bench_sari.py: EASSE checkout")
    parser.add_argument(
        "--hf-sari", type=Path, default=None, metavar="PATH", help="bench_sari.py: evaluate's metrics/sari/sari.py"
    )
    args = parser.parse_args(argv)
    alone = sorted(set(args.only or ()) & set(SMOKE_ALSO))
    if alone and not args.smoke:
        parser.error(f"{', '.join(alone)}: not part of the full or --quick run (run it directly, or add --smoke)")
    args.shared = args.shared.resolve()
    return args


def selected(args: argparse.Namespace) -> list[tuple[str, tuple[str, ...]]]:
    """The scripts to run, in order, with the extra arguments of their full run."""
    scripts = [*SCRIPTS, *((script, ()) for script in SMOKE_ALSO)] if args.smoke else list(SCRIPTS)
    return [
        (script, extra)
        for script, extra in scripts
        if not (args.only and script not in args.only) and not (args.skip and script in args.skip)
    ]


def run_all(args: argparse.Namespace, log_dir: Path) -> tuple[list[list[str]], dict[str, Figures | None]]:
    """Run the selected scripts; the combined table's rows and each script's figures (``None``: failed)."""
    rows: list[list[str]] = []
    results: dict[str, Figures | None] = {}
    for script, extra in selected(args):
        figures = results[script] = run_script(script, extra, args, log_dir)
        if figures is None:
            rows.append([script, "FAILED", "", "", ""])
            continue
        if not figures:
            rows.append([script, "(no Summary: its tables are in its log)", "", "", ""])
        for k, figure in enumerate(figures):
            rows.append(
                [script if k == 0 else "", figure["figure"], figure["value"], figure["target"], figure["status"]]
            )
    return rows, results


def peer_ratio_rows(results: dict[str, Figures | None]) -> list[list[str]]:
    """One row per peer ratio (several where a script measures it per metric), in the order of
    :data:`PEER_GOALS`."""
    rows = []
    for key, (label, goal, script) in PEER_GOALS.items():
        figures = results.get(script)
        if figures is None:
            why = "not run: skipped" if script not in results else f"not run: {script} failed"
            rows.append([label, "-", goal, why, "-"])
            continue
        found = [f for f in figures if f.get("key") == key]
        if not found:
            rows.append([label, f"not measured by this {script}", goal, "not measured", "-"])
        for f in found:
            metric = f" [{f['figure'].split(':')[0]}]" if len(found) > 1 else ""
            value = f["value"].split("; identical:")[0]  # the identical-numbers column says it
            rows.append([label + metric, value, goal, f["status"], f.get("identical", "-")])
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    log_dir = args.log_dir or Path(tempfile.mkdtemp(prefix="simpeval-bench-"))
    log_dir.mkdir(parents=True, exist_ok=True)
    print(f"logs: {log_dir}\n", flush=True)
    start = time.perf_counter()
    rows, results = run_all(args, log_dir)
    print()
    quick = " (--quick: reduced sizes; the targets refer to the full run)" if args.quick else ""
    if args.smoke:
        quick = f" {SMOKE_NOTE}"
    heading("All figures" + quick)
    print_table(["script", "figure", "value", "target", "status"], rows, left=3)
    missed = [f"{row[1]} ({row[2]})" for row in rows if row[4] == "NOT met"]
    print(
        f"targets met: {sum(row[4] == 'met' for row in rows)}; not met: {len(missed)}"
        + "".join(f"\n  - {m}" for m in missed)
    )
    print()
    heading("The peer ratios: every ratio against the tool a user comes from, and its goal" + quick)
    print_table(["ratio", "measured", "goal", "status", "identical numbers"], peer_ratio_rows(results), left=2)
    print(f"total wall time: {fmt_time(time.perf_counter() - start)}; logs in {log_dir}")
    failed = [script for script, figures in results.items() if figures is None]
    if failed:
        sys.exit(f"bench_all.py: {', '.join(failed)} failed; see the logs above.")


if __name__ == "__main__":
    main()
