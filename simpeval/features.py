"""EASSE's quality-estimation features: how an output differs from its source.

As EASSE's ``corpus_quality_estimation`` (after tseval's feature functions), both sides are
normalized first (tokenized, 13a by default; not lowercased), then, per segment:

* **compression ratio**: characters of the output / characters of the source (0 for an empty source);
* **sentence splits**: sentences of the output / sentences of the source (0 for an empty source);
* **Levenshtein similarity**: ``Levenshtein.ratio(source, output)`` (the ``levenshtein`` package);
* **exact copies**: 1 if the output equals the source, else 0;
* **additions proportion**: words of the output not in the source (as multisets) / the longer side's words;
* **deletions proportion**: words of the source not in the output / the longer side's words.

Every feature is averaged over segments. Sentences are counted as EASSE's Punkt counts them, by
the splitter FKGL uses (:func:`simpeval.metrics.readability.split_sentences`). Where simpeval
differs from EASSE: the word counts of the two proportions are the whitespace words of the tokenized text (tseval
re-tokenizes with NLTK's NIST tokenizer, another download); two empty sides give 0 where EASSE
divides by zero; and EASSE's lexical complexity score, which needs a word-frequency table
download, is left out. ``pip install "simplification-metrics[features]"`` brings ``levenshtein``.

Examples:
    >>> report = compute(["The big cat sat on the old mat ."], ["The cat sat on the mat ."])
    >>> {k: round(v, 3) for k, v in report.means.items()}["Exact copies"], round(report.means["Deletions proportion"], 3)
    (0.0, 0.222)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ._version import __version__
from .exceptions import InputLengthMismatchError, InvalidInputError, MissingDependencyError
from .metrics.readability import split_sentences
from .metrics.signature import Signature
from .report import render
from .report.document import Document
from .report.features import features_document
from .tokenizers import get_tokenizer

__all__ = ["FEATURES", "FeatureReport", "available_features", "compute", "document_of", "render_features_of"]

#: The features, in EASSE's order.
FEATURES = (
    "Compression ratio",
    "Sentence splits",
    "Levenshtein similarity",
    "Exact copies",
    "Additions proportion",
    "Deletions proportion",
)


@dataclass(frozen=True)
class FeatureReport:
    """Every feature per segment (``per_segment[name]``, one value per pair) and its mean."""

    means: Mapping[str, float]
    per_segment: Mapping[str, np.ndarray]


def available_features() -> list[str]:
    """The feature names, in EASSE's order."""
    return list(FEATURES)


def _ratio() -> Callable[[str, str], float]:
    try:
        import Levenshtein
    except ImportError as err:
        raise MissingDependencyError(
            'the Levenshtein similarity needs: pip install "simplification-metrics[features]"'
        ) from err
    ratio: Callable[[str, str], float] = Levenshtein.ratio
    return ratio


def _proportions(source: str, output: str) -> tuple[float, float]:
    src, out = Counter(source.split()), Counter(output.split())
    longest = max(sum(src.values()), sum(out.values()))
    if not longest:
        return 0.0, 0.0
    return sum((out - src).values()) / longest, sum((src - out).values()) / longest


def _features(source: str, output: str, ratio: Callable[[str, str], float]) -> tuple[float, ...]:
    n_src = len(split_sentences(source))
    additions, deletions = _proportions(source, output)
    return (
        len(output) / len(source) if source else 0.0,
        len(split_sentences(output)) / n_src if n_src else 0.0,
        float(ratio(source, output)),
        float(source == output),
        additions,
        deletions,
    )


def _check(sources: Any, outputs: Any) -> None:
    for name, values in (("sources", sources), ("outputs", outputs)):
        if isinstance(values, str) or not isinstance(values, Sequence) or not all(isinstance(v, str) for v in values):
            raise InvalidInputError(f"features: {name} must be a list of strings (got {type(values).__name__}).")
    if len(sources) != len(outputs) or not sources:
        raise InputLengthMismatchError(
            f"features: sources and outputs need one string per segment, at least one ({len(sources)} and {len(outputs)})."
        )


def compute(
    sources: Sequence[str], outputs: Sequence[str], *, tokenize: str = "13a", lowercase: bool = False
) -> FeatureReport:
    """The features of ``outputs`` against their ``sources`` (EASSE's normalization: ``tokenize``, ``lowercase``).

    Raises:
        InvalidInputError: not lists of strings.
        InputLengthMismatchError: not one output per source, or no segment.
        MissingDependencyError: ``levenshtein`` is not installed.
    """
    _check(sources, outputs)
    tokenizer, ratio = get_tokenizer(tokenize), _ratio()

    def normal(text: str) -> str:
        return tokenizer(text.lower() if lowercase else text)

    rows = np.array([_features(normal(s), normal(o), ratio) for s, o in zip(sources, outputs)], dtype=np.float64)
    per_segment = {name: rows[:, k] for k, name in enumerate(FEATURES)}
    return FeatureReport({name: float(values.mean()) for name, values in per_segment.items()}, per_segment)


def document_of(
    sources: Sequence[str],
    systems: Mapping[str, Sequence[str]],
    width: int = 3,
    *,
    tokenize: str = "13a",
    lowercase: bool = False,
) -> Document:
    """The mean features of every system as a document (:func:`simpeval.report.features.features_document`),
    ``width`` decimals in its grid; add it to another document to print both as one."""
    signature = Signature(
        "Features", (("case", "lc" if lowercase else "mixed"), ("tok", tokenize), ("version", __version__))
    )
    means = {
        name: compute(sources, outputs, tokenize=tokenize, lowercase=lowercase).means
        for name, outputs in systems.items()
    }
    return features_document(means, FEATURES, signature.format(), width)


def render_features_of(
    sources: Sequence[str],
    systems: Mapping[str, Sequence[str]],
    fmt: str = "text",
    width: int = 3,
    *,
    tokenize: str = "13a",
    lowercase: bool = False,
) -> str:
    """The mean features of every system, rendered in ``fmt`` (any format of :func:`simpeval.report.render`)."""
    return render(document_of(sources, systems, width, tokenize=tokenize, lowercase=lowercase), fmt)
