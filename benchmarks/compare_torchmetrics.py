"""TorchMetrics' BLEU, chrF and TER next to sacrebleu's (simpeval's), measured on the same cases.

Prints one table per case: TorchMetrics' value (x 100, its scale is 0-1), simpeval with its
defaults (sacrebleu's numbers), and simpeval with the options closest to TorchMetrics' defaults.
The figures of docs/migration/torchmetrics.md ("TorchMetrics users") come from this script:

    python -m venv /tmp/tm && /tmp/tm/bin/pip install torch torchmetrics==1.9.0 -e .
    /tmp/tm/bin/python benchmarks/compare_torchmetrics.py [--shared ../shared]
    python benchmarks/compare_torchmetrics.py --smoke   # checks that the script runs; its figures mean nothing

It needs ``torchmetrics`` (and PyTorch), which simpeval does not depend on.
Data: ASSET test (359 segments, 10 references) and the ACCESS and Dress outputs on its sources
(``corpora/`` of the shared data directory), and three cases written here.

``--smoke``: the first segments of ASSET test (``SMOKE_SEGMENTS`` of _common.py). Without
torchmetrics, it says "not measured: ..." and prints simpeval's columns alone (a full run exits
with the install hint).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from _common import (
    ASSET_SEGMENTS,
    DEFAULT_SHARED,
    N_REFERENCES,
    SMOKE_NOTE,
    SMOKE_SEGMENTS,
    add_smoke_option,
    not_measured,
    print_table,
    read_lines,
    require_files,
)

import simpeval

SCRIPT = "compare_torchmetrics.py"
SYSTEMS = ("ACCESS", "Dress")
INSTALL = "pip install torch torchmetrics"

Streams = list[list[str]]


def _torchmetrics(smoke: bool) -> Any:
    """TorchMetrics' ``text`` module; without it, ``None`` under ``--smoke`` (said: simpeval's
    columns are still computed), else exit."""
    try:
        from torchmetrics import text
    except ImportError as err:
        if smoke:
            not_measured(f"torchmetrics ({err})", INSTALL)
            return None
        sys.exit(f"{SCRIPT}: needs torchmetrics and PyTorch ({INSTALL}): {err}")
    return text


def _asset(shared: Path, segments: int = ASSET_SEGMENTS) -> tuple[Streams, dict[str, list[str]]]:
    asset = shared / "corpora" / "asset"
    outputs = shared / "corpora" / "system_outputs" / "turkcorpus_test"
    paths = [asset / f"asset.test.simp.{j}" for j in range(N_REFERENCES)] + [outputs / s for s in SYSTEMS]
    require_files(paths, shared, SCRIPT)
    refs = [read_lines(path, SCRIPT)[:segments] for path in paths[:N_REFERENCES]]
    return refs, {name: read_lines(outputs / name, SCRIPT)[:segments] for name in SYSTEMS}


def _per_segment(refs: Streams) -> list[list[str]]:
    """TorchMetrics' layout: the references of each output (simpeval's is streams, ``refs[j][i]``)."""
    return [list(segment) for segment in zip(*refs)]


def _tm(text: Any, make: Callable[[Any], Any], hyps: Sequence[str], refs: Streams) -> float | None:
    """TorchMetrics' value x 100 of the metric ``make(text)``; ``None`` without torchmetrics (``--smoke``)."""
    if text is None:
        return None
    return 100 * float(make(text)(list(hyps), _per_segment(refs)))


def _ours(metric: simpeval.Metric, hyps: Sequence[str], refs: Streams) -> float:
    return float(metric.corpus_score(list(hyps), refs).score)


def _row(label: str, tm: float | None, default: float, closest: float) -> list[str]:
    if tm is None:
        return [label, "-", f"{default:.6f}", f"{closest:.6f}", "-"]
    return [label, f"{tm:.6f}", f"{default:.6f}", f"{closest:.6f}", f"{abs(tm - closest):.1e}"]


HEADERS = ["case", "TorchMetrics x100", "simpeval default", "simpeval, options below", "|TM - options|"]


def corpus_cases(text: Any, refs: Streams, systems: dict[str, list[str]]) -> None:
    """Corpus scores on ASSET test: each of TorchMetrics' classes with its defaults."""
    pairs: list[tuple[str, Callable[[Any], Any], simpeval.Metric, simpeval.Metric]] = [
        (
            "BLEUScore()",
            lambda t: t.BLEUScore(),
            simpeval.BLEU(),
            simpeval.BLEU(tokenize="none", smooth_method="none"),
        ),
        (
            "SacreBLEUScore()",
            lambda t: t.SacreBLEUScore(),
            simpeval.BLEU(),
            simpeval.BLEU(smooth_method="none"),
        ),
        (
            "CHRFScore()",
            lambda t: t.CHRFScore(),
            simpeval.CHRF(),
            simpeval.CHRF(word_order=2, eps_smoothing=True),
        ),
        (
            "TranslationEditRate()",
            lambda t: t.TranslationEditRate(),
            simpeval.TER(),
            simpeval.TER(),
        ),
    ]
    rows = []
    for system, hyps in systems.items():
        for label, make, default, closest in pairs:
            tm = _tm(text, make, hyps, refs)
            rows.append(_row(f"{system}: {label}", tm, _ours(default, hyps, refs), _ours(closest, hyps, refs)))
    print(f"\n## Corpus scores, ASSET test ({len(refs[0])} segments, {N_REFERENCES} references)\n")
    print("options: BLEU(tokenize='none', smooth_method='none'); BLEU(smooth_method='none');")
    print("         CHRF(word_order=2, eps_smoothing=True); TER() (sacrebleu's defaults)\n")
    print_table(HEADERS, rows)


def sentence_cases(text: Any, refs: Streams, hyps: list[str]) -> None:
    """Mean sentence BLEU over ASSET test (ACCESS): TorchMetrics' has no smoothing; sacrebleu's
    sentence_bleu has exp smoothing and the effective order."""
    per_segment = _per_segment(refs)
    tm = None if text is None else [100 * float(text.SacreBLEUScore()([h], [s])) for h, s in zip(hyps, per_segment)]
    ours = simpeval.BLEU(effective_order=True)
    plain = simpeval.BLEU(smooth_method="none")
    default = [ours.sentence_score(hyp, segment).score for hyp, segment in zip(hyps, per_segment)]
    closest = [plain.sentence_score(hyp, segment).score for hyp, segment in zip(hyps, per_segment)]
    n = len(hyps)
    print(f"\n## Mean sentence BLEU, ASSET test, ACCESS ({n} segments)\n")
    print("default: BLEU(effective_order=True) (sacrebleu's sentence_bleu); options: BLEU(smooth_method='none')\n")
    mean = None if tm is None else sum(tm) / n
    print_table(HEADERS, [_row("SacreBLEUScore() per segment", mean, sum(default) / n, sum(closest) / n)])
    print(
        f"\nsegments at 0 under TorchMetrics: {'-' if tm is None else sum(value == 0 for value in tm)} of {n}; "
        f"under sacrebleu's sentence_bleu: {sum(value == 0 for value in default)}"
    )
    worst = "-" if tm is None else f"{max(abs(a - b) for a, b in zip(tm, closest)):.1e}"
    print(f"largest per-segment |TorchMetrics - BLEU(smooth_method='none')|: {worst}")


def written_cases(text: Any) -> None:
    """Three cases written here: equally close references, an empty output, float32."""
    hyps, refs = ["a b c d e"], [["a b c d e f"], ["a b c d"]]  # references of 6 and 4 words: both 1 away
    bleu = simpeval.BLEU(tokenize="none", smooth_method="none")
    tie = [
        _row(
            "tie: refs of 6 then 4 words, output of 5",
            _tm(text, lambda t: t.BLEUScore(), hyps, refs),
            _ours(simpeval.BLEU(), hyps, refs),
            _ours(bleu, hyps, refs),
        ),
        _row(
            "tie: the same references, 4 words first",
            _tm(text, lambda t: t.BLEUScore(), hyps, refs[::-1]),
            _ours(simpeval.BLEU(), hyps, refs[::-1]),
            _ours(bleu, hyps, refs[::-1]),
        ),
    ]
    smooth_hyps, smooth_refs = ["a cat sat on mat"], [["the cat sat on the mat"]]  # no 4-gram in common
    smooth = _row(
        "BLEUScore(smooth=True), no 4-gram match",
        _tm(text, lambda t: t.BLEUScore(smooth=True), smooth_hyps, smooth_refs),
        _ours(simpeval.BLEU(), smooth_hyps, smooth_refs),
        _ours(simpeval.BLEU(tokenize="none", smooth_method="add-k", smooth_value=1), smooth_hyps, smooth_refs),
    )
    empty_hyps, empty_refs = ["", "the cat sat on the mat"], [["a dog ran in the park", "the cat sat on the mat"]]
    empty = _row(
        "TER, an empty output and a perfect one",
        _tm(text, lambda t: t.TranslationEditRate(), empty_hyps, empty_refs),
        _ours(simpeval.TER(), empty_hyps, empty_refs),
        _ours(simpeval.TER(), empty_hyps[1:], [empty_refs[0][1:]]),
    )
    print("\n## Written cases\n")
    print("options: BLEU(tokenize='none', smooth_method='none'); BLEU(tokenize='none', smooth_method='add-k',")
    print("smooth_value=1) for smooth=True; for TER, simpeval's TER() on the")
    print("non-empty output alone (TorchMetrics counts 0 edits for an empty output)\n")
    print_table(HEADERS, [*tie, smooth, empty])


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED, help="data directory (holds corpora/)")
    add_smoke_option(parser)
    args = parser.parse_args(argv)
    if args.smoke:
        print(SMOKE_NOTE)
    text = _torchmetrics(args.smoke)
    if text is not None:
        import torch
        import torchmetrics

        print(f"torchmetrics {torchmetrics.__version__}, torch {torch.__version__}, simpeval {simpeval.__version__}")
    refs, systems = _asset(args.shared, SMOKE_SEGMENTS if args.smoke else ASSET_SEGMENTS)
    corpus_cases(text, refs, systems)
    sentence_cases(text, refs, systems["ACCESS"])
    written_cases(text)


if __name__ == "__main__":
    main()
