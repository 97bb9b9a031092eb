"""The readable SARI reference path: one segment at a time with ``collections.Counter``.

This is the specification: the compiled and NumPy engines (:mod:`simpeval.engines`) are
tested against it and give bit-identical arrays.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple

import numpy as np

from ..._types import StatsArray
from .config import SARIConfig

__all__ = [
    "N_RAW",
    "RAW_FIELDS",
    "OrderCounters",
    "order_counters",
    "order_stats",
    "reference_counts",
    "sari_segment_counts",
    "sequential_sum",
    "tokenize_line",
]

# Layout of the per-order raw statistics (corpus aggregation).
RAW_FIELDS = (
    "keep_p_num",
    "keep_p_den",
    "keep_r_num",
    "keep_r_den",
    "del_p_num",
    "del_p_den",
    "del_r_num",
    "del_r_den",
    "add_p_num",
    "add_p_den",
    "add_r_num",
    "add_r_den",
)
N_RAW = len(RAW_FIELDS)


def _positive(counter: Mapping[Any, float]) -> Counter[Any]:
    return Counter({g: c for g, c in counter.items() if c > 0})


def sari_segment_counts(
    source: Sequence[str],
    hypothesis: Sequence[str],
    references: Sequence[Sequence[str]],
    config: SARIConfig,
    raw_source: str | None = None,
) -> list[float]:
    """The 12 x ``max_order`` raw statistics of one tokenized segment (readable reference path).

    For each order n the values are, in order: keep precision numerator and denominator,
    keep recall numerator and denominator, then the same four for deletion and for addition.

    Args:
        source: source tokens.
        hypothesis: output tokens.
        references: the token lists of the segment's references.
        config: the SARI settings (only the counting options matter here).
        raw_source: the source as given (``add_filter="deleted"`` tests subsequences against its
            whitespace-split words, in their original case, as modified-sari.py does); default:
            the source tokens joined by spaces.

    Examples:
        >>> from simpeval.metrics.sari import VARIANTS
        >>> counts = sari_segment_counts("a b".split(), "b".split(), [["a", "b"], ["a"]],
        ...                              VARIANTS["easse"])
        >>> counts[:4]  # unigram keep P = 1/2, keep R = 1/3 (source and output counts x 2 references)
        [1.0, 2.0, 1.0, 3.0]
    """
    out: list[float] = []
    for n in range(1, config.max_order + 1):
        out.extend(order_stats(order_counters(source, hypothesis, references, config, n, raw_source), config))
    return out


class OrderCounters(NamedTuple):
    """Every multiset SARI compares at one n-gram order (the reference path's intermediate values).

    ``source``, ``hypothesis`` and ``references`` hold the n-gram counts (0/1 with binary
    n-grams); ``weighted_*`` the counts as SARI compares them (source and output counts times the
    number of references, or reference counts divided by the non-empty references); the others
    are the selected and correct n-grams of each operation's precision and recall.
    """

    source: Counter[Any]
    hypothesis: Counter[Any]
    references: list[Counter[Any]]
    weighted_source: Counter[Any]
    weighted_hypothesis: Counter[Any]
    weighted_references: Mapping[Any, float]
    keep: Counter[Any]
    keep_good: Counter[Any]
    keep_all: Counter[Any]
    delete: Counter[Any]
    del_good: Counter[Any]
    del_all: Counter[Any]
    add: set[Any]
    add_good: set[Any]
    add_all: set[Any]


def order_counters(
    source: Sequence[str],
    hypothesis: Sequence[str],
    references: Sequence[Sequence[str]],
    config: SARIConfig,
    n: int,
    raw_source: str | None = None,
) -> OrderCounters:
    """The multisets of order ``n`` of one tokenized segment (see :class:`OrderCounters`;
    ``raw_source``: see :func:`sari_segment_counts`)."""
    src = _ngrams(source, n)
    hyp = _ngrams(hypothesis, n)
    refs = [_ngrams(ref, n) for ref in references]
    if config.ngrams == "binary":
        src, hyp = Counter(dict.fromkeys(src, 1)), Counter(dict.fromkeys(hyp, 1))
        refs = [Counter(dict.fromkeys(ref, 1)) for ref in refs]
    ref_total: Counter[Any] = Counter()
    for ref in refs:
        ref_total.update(ref)
    if config.ref_weight == "all":
        k = len(refs)
        s_w: Counter[Any] = _positive({g: c * k for g, c in src.items()})
        h_w: Counter[Any] = _positive({g: c * k for g, c in hyp.items()})
        r_w: Mapping[Any, float] = ref_total
    else:
        k = sum(1 for ref in refs if ref)
        s_w, h_w = src, hyp
        r_w = {g: c / k for g, c in ref_total.items()} if k else {}

    keep = s_w & h_w
    keep_good = _positive({g: min(c, r_w.get(g, 0)) for g, c in keep.items()})
    keep_all = _positive({g: min(c, r_w.get(g, 0)) for g, c in s_w.items()})
    delete = s_w - h_w
    del_all = _positive({g: c - r_w.get(g, 0) for g, c in s_w.items()})
    if config.del_match == "min":
        del_good = _positive({g: min(c, del_all.get(g, 0)) for g, c in delete.items()})
    else:
        del_good = _positive({g: c - r_w.get(g, 0) for g, c in delete.items()})
    add = set(hyp) - set(src)
    add_all = set(r_w) - set(src)
    add_good = add & set(r_w)
    if config.add_filter == "deleted":
        add_good = _not_from_deletions(add_good, src, " ".join(source) if raw_source is None else raw_source)
    return OrderCounters(
        src, hyp, refs, s_w, h_w, r_w, keep, keep_good, keep_all, delete, del_good, del_all, add, add_good, add_all
    )


def order_stats(c: OrderCounters, config: SARIConfig) -> tuple[float, ...]:
    """The 12 raw statistics of one order (:data:`RAW_FIELDS`) from its multisets."""
    per_ngram_p = config.precision == "per-ngram"
    per_ngram_r = config.keep_recall == "per-ngram"
    return (
        *_ratio_terms(c.keep_good, c.keep, per_ngram_p),
        *_ratio_terms(c.keep_good, c.keep_all, per_ngram_r),
        *_ratio_terms(c.del_good, c.delete, per_ngram_p),
        *_ratio_terms(c.del_good, c.del_all, per_ngram_r),
        float(len(c.add_good)),
        float(len(c.add)),
        float(len(c.add_good)),
        float(len(c.add_all)),
    )


def _not_from_deletions(grams: set[Any], source_ngrams: Mapping[Any, Any], raw_source: str) -> set[Any]:
    """``grams`` less those that deleting source words makes (modified-sari.py, 2023): every word a
    word of the source's n-grams of that order, and the n-gram a subsequence of the source's words
    as given (whitespace-split, original case: a capitalised source word never matches). Words are
    an n-gram's tokens joined by spaces and split at any whitespace, as the script's n-gram strings
    are: an empty token (two spaces in a row) is no word, and a unigram of it is always dropped."""
    words = {word for gram in source_ngrams for word in " ".join(gram).split()}
    given = raw_source.split()
    kept = set()
    for gram in grams:
        mine = " ".join(gram).split()
        if not (all(word in words for word in mine) and _is_subsequence(mine, given)):
            kept.add(gram)
    return kept


def _is_subsequence(gram: Sequence[str], words: Sequence[str]) -> bool:
    """Whether ``gram``'s words occur in ``words`` in order (not necessarily adjacent)."""
    found = iter(words)
    return all(any(word == other for other in found) for word in gram)


def _ngrams(tokens: Sequence[str], n: int) -> Counter[tuple[str, ...]]:
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def sequential_sum(values: Iterable[float]) -> float:
    """``values`` added left to right in plain float arithmetic.

    Python >= 3.12's ``sum()`` compensates float rounding (Neumaier), so it can differ from
    this in the last bits; the engines and the original implementations (on Python < 3.12)
    add left to right, and so does the reference path, on every Python version.

    Examples:
        >>> sequential_sum([0.1] * 10) == 0.9999999999999999
        True
    """
    total = 0.0
    for value in values:
        total += value
    return total


def _ratio_terms(good: Mapping[Any, float], selected: Mapping[Any, float], per_ngram: bool) -> tuple[float, float]:
    """(numerator, denominator) of a precision or recall: pooled sums or per-n-gram mean."""
    if per_ngram:
        # Summed in the selected counter's order (source first-occurrence order), as SARI.py does.
        return sequential_sum(good.get(g, 0) / c for g, c in selected.items()), float(len(selected))
    return sequential_sum(good.values()), sequential_sum(selected.values())


def tokenize_line(line: str, config: SARIConfig, tokenizer: Callable[[str], str], normalize: bool = True) -> list[str]:
    """The tokens of ``line`` as SARI sees them: lowercased and tokenized (``normalize``), then split."""
    text = tokenizer(line.lower() if config.lowercase else line) if normalize else line
    return text.split(" ") if config.split == "space" else text.split()


def reference_counts(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    sources: Sequence[str],
    config: SARIConfig,
    tokenizer: Callable[[str], str],
) -> StatsArray:
    """Raw per-segment counts, ``(n_segments, 12 * max_order)``, one segment at a time.

    Args:
        hypotheses: one output per segment.
        references: the references of each segment (per-segment lists).
        sources: one source per segment.
        config: the SARI settings.
        tokenizer: the tokenizer named by ``config.tokenize``.
    """
    cache: dict[str, list[str]] = {}

    def tokens(line: str, normalize: bool = True) -> list[str]:
        key = line if normalize else "\x00raw\x00" + line
        found = cache.get(key)
        if found is None:
            found = cache[key] = tokenize_line(line, config, tokenizer, normalize)
        return found

    rows = [
        sari_segment_counts(
            tokens(src, config.normalize_source), tokens(hyp), [tokens(ref) for ref in refs], config, src
        )
        for hyp, refs, src in zip(hypotheses, references, sources)
    ]
    return np.asarray(rows, dtype=np.float64).reshape(len(hypotheses), N_RAW * config.max_order)
