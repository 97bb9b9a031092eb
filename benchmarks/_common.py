"""Helpers shared by the benchmark scripts: ASSET data, cache clearing, timing and tables."""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

#: Segments of ASSET test (some of its files lack a final newline).
ASSET_SEGMENTS = 359
N_REFERENCES = 10
#: Ten published systems whose outputs lie in shared/corpora/system_outputs/turkcorpus_test.
ASSET_SYSTEMS = ("ACCESS", "BTRLTS", "BTTS", "BTTS10", "Dress", "Dress-Ls", "EditNTS", "PBMT-R", "RM+EX", "RM+EX+LS+RO")
#: The shared data: ``$SIMPEVAL_TEST_DATA`` when set (where ``python -m tests.data download`` put it), else
#: ``../shared`` beside the repository.
DEFAULT_SHARED = Path(os.environ.get("SIMPEVAL_TEST_DATA") or Path(__file__).resolve().parents[1].parent / "shared")


def read_lines(path: Path, script: str) -> list[str]:
    """The first 359 lines of an ASSET-aligned file; exit with a message if it is shorter."""
    lines = open(path, encoding="utf-8").read().split("\n")[:ASSET_SEGMENTS]
    if len(lines) != ASSET_SEGMENTS:
        sys.exit(f"{script}: {path} has {len(lines)} lines, expected {ASSET_SEGMENTS}.")
    return lines


def clear_caches() -> None:
    """Empty sacrebleu's per-tokenizer ``lru_cache``s (shared between metric objects) and collect.

    So an in-process timing gets no help from tokenizations done by an earlier one.
    """
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith("sacrebleu.tokenizers"):
            continue
        for obj in list(vars(module).values()):
            if isinstance(obj, type):
                for attr in vars(obj).values():
                    clear = getattr(attr, "cache_clear", None)
                    if callable(clear):
                        clear()
    gc.collect()


def timed(run: Callable[[], Any]) -> tuple[float, Any]:
    """Wall time of one run (caches cleared first) and its result."""
    clear_caches()
    start = time.perf_counter()
    result = run()
    return time.perf_counter() - start, result


def fmt_time(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    if seconds < 1:
        return f"{seconds * 1000:.1f} ms"
    return f"{seconds:.2f} s"


def print_table(headers: Sequence[str], rows: Sequence[Sequence[Any]], left: int = 1) -> None:
    """Print an aligned table: the first ``left`` columns left-aligned, the others right-aligned."""
    cells = [[str(c) for c in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]

    def line(row: Sequence[str]) -> str:
        return "  ".join(c.ljust(w) if i < left else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))).rstrip()

    print(line(cells[0]))
    print("  ".join("-" * w for w in widths))
    for row in cells[1:]:
        print(line(row))
    print(flush=True)


def heading(text: str) -> None:
    print(text)
    print("=" * len(text), flush=True)


def require_files(paths: Sequence[Path], shared: Path, script: str) -> None:
    """Exit with the list of missing benchmark files and how to point at them."""
    missing = [p for p in paths if not p.is_file()]
    if missing:
        sys.exit(
            f"{script}: benchmark data not found under {shared}:\n"
            + "".join(f"  missing: {p}\n" for p in missing)
            + "Point --shared at the directory that holds corpora/asset/ and "
            "corpora/system_outputs/turkcorpus_test/ (default: <repo>/../shared)."
        )


#: What ``--smoke`` means, in every script's help and at the top of its output.
SMOKE_HELP = "the smallest sizes that still run every section: checks that the script runs; its figures mean nothing"
SMOKE_NOTE = "[--smoke: checks that the script runs; its figures mean nothing]"
#: The segments of ASSET test a ``--smoke`` run keeps (the first ones), where a script reads it.
SMOKE_SEGMENTS = 20


def add_smoke_option(parser: argparse.ArgumentParser) -> None:
    """``--smoke``: the smallest sizes that still run every section and print every table.

    The test suite runs every script so (``tests/packaging/test_benchmarks.py``). It checks that the
    script runs against the current API; the numbers themselves are guarded by the parity tests.
    ``--smoke`` wins over ``--quick``, which stays a user's quick run with its parity checks.
    """
    parser.add_argument("--smoke", action="store_true", help=SMOKE_HELP)


def write_head(paths: Sequence[Path], segments: int, folder: Path) -> list[Path]:
    """The first ``segments`` lines of each file, written to ``folder`` under the same names (the
    files of a ``--smoke`` run's commands); the names must be distinct."""
    folder.mkdir(parents=True, exist_ok=True)
    heads = []
    for path in paths:
        head = folder / path.name
        lines = path.read_text(encoding="utf-8").split("\n")[:segments]
        head.write_text("\n".join(lines) + "\n", encoding="utf-8")
        heads.append(head)
    return heads


def met(flag: bool) -> str:
    """A Summary row's status: ``met`` or ``NOT met`` (what ``bench_all.py`` counts)."""
    return "met" if flag else "NOT met"


def add_summary_option(parser: argparse.ArgumentParser) -> None:
    """``--summary-json PATH``: also write the Summary figures as JSON (``bench_all.py`` reads them)."""
    parser.add_argument(
        "--summary-json",
        type=Path,
        default=None,
        metavar="PATH",
        help="also write the summary figures to this JSON file",
    )


#: The peer ratios: every ratio against the tool a user comes from, and its goal, in the order of
#: ``bench_all.py``'s table: key -> (the ratio, its goal, the script that measures it). A Summary
#: row that measures one carries the key as its fifth field, and "identical numbers" as its sixth.
PEER_GOALS: dict[str, tuple[str, str, str]] = {
    "sari-easse": ("corpus SARI vs EASSE's corpus_sari, 20,104 segments x 10 refs", ">= 100x", "bench_sari.py"),
    "sari-hf": ("batch sentence SARI vs HF evaluate's SARI functions, 20,104 segments", ">= 50x", "bench_sari.py"),
    "compare": (
        "compare 10 systems, BLEU + chrF, paired bootstrap 1,000, vs the sacrebleu CLI",
        ">= 10x",
        "bench_compare.py",
    ),
    "ter": ("TER, ASSET x 4 systems, vs sacrebleu", ">= 100x", "bench_ter.py"),
    "dask-one": ("Dask: one worker / one process (one core), 400,000 segments", "<= 1.2x", "bench_distributed.py"),
    "dask-two": ("Dask: 2 workers vs 1, 400,000 segments", ">= 1.7x", "bench_distributed.py"),
    "spark-two": ("Spark local[2] vs local[1], 400,000 segments", ">= 1.7x", "bench_distributed.py"),
    "cli-first": ("first simpeval score / sacrebleu's CLI", "<= 1.0x", "bench_cli.py"),
    "cli-repeated": ("repeated simpeval score / sacrebleu's CLI", "<= 1.0x", "bench_cli.py"),
}
SUMMARY_FIELDS = ("figure", "value", "target", "status", "key", "identical")


def peer_lines(peer: str, t_peer: float, ours: str, t_ours: float, identical: str, bound: bool = False) -> float:
    """Print a peer's time, simpeval's, the ratio and the identical-numbers line; return the ratio.

    The ratio is peer / simpeval (a speed-up), or simpeval / peer where ``bound`` (a goal such as
    "at most 1.0x the peer's time"). ``identical`` says whether simpeval's figures equal the peer's
    and how they were compared (:func:`equal_numbers`).
    """
    ratio = t_ours / t_peer if bound else t_peer / t_ours
    print(f"  peer:     {peer}: {fmt_time(t_peer)}")
    print(f"  simpeval: {ours}: {fmt_time(t_ours)}")
    print(f"  ratio ({'simpeval / peer' if bound else 'peer / simpeval'}): {ratio:.2f}x")
    print(f"  identical numbers: {identical}\n", flush=True)
    return ratio


def equal_numbers(ours: Sequence[float], theirs: Sequence[float], tolerance: float = 1e-12) -> str:
    """Whether simpeval's figures equal a peer's: ``"yes, bit for bit"``, ``"yes, to 1e-12 (...)"``
    with the largest difference and how many values differ, or ``"NO (...)"``."""
    if len(ours) != len(theirs):
        return f"NO ({len(ours):,} values against {len(theirs):,})"
    pairs = [(float(a), float(b)) for a, b in zip(ours, theirs)]
    differ = [abs(a - b) for a, b in pairs if a != b]
    if not differ:
        return f"yes, bit for bit (== on {len(pairs):,} value{'s' if len(pairs) > 1 else ''})"
    largest = max(differ)
    verdict = f"yes, to {tolerance:g}" if largest <= tolerance else "NO"
    if len(pairs) == 1:
        return f"{verdict} (|difference| {largest:.1e}: not bit for bit)"
    return f"{verdict} (largest |difference| {largest:.1e}; {len(differ):,} of {len(pairs):,} values differ)"


def not_measured(peer: str, how: str) -> str:
    """Print and return the line of a peer that is not available: what is missing and how to get it."""
    line = f"not measured: {peer} is not available; {how}"
    print(f"  {line}\n", flush=True)
    return line


def write_summary(path: Path | None, script: str, rows: Sequence[Sequence[Any]]) -> None:
    """Write the Summary rows ``[figure, value, target, status(, key, identical)]`` of ``script``
    to ``path`` (if given); ``key`` names a ratio of :data:`PEER_GOALS`."""
    if path is None:
        return
    figures = [dict(zip(SUMMARY_FIELDS, map(str, row))) for row in rows]
    path.write_text(
        json.dumps({"script": script, "figures": figures}, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )


def byte_compile_simpeval() -> None:
    """Byte-compile simpeval's modules into their ``__pycache__`` folders, as ``pip install``
    does for a wheel (and as sacrebleu's already are), so that command-line timings measure
    what a user runs. Without it, an editable install under ``PYTHONDONTWRITEBYTECODE=1``
    recompiles every module in every process (about 0.1 s of each command)."""
    import compileall
    import importlib.util

    spec = importlib.util.find_spec("simpeval")
    if spec is None or spec.origin is None:
        sys.exit("simpeval is not installed in this interpreter.")
    if not compileall.compile_dir(str(Path(spec.origin).parent), quiet=1):
        sys.exit("could not byte-compile simpeval's modules.")
