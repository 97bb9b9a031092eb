"""SARI from statistics: operation scores and per-order precision, recall and F1, vectorized.

Rows of raw counts (12 per n-gram order, see :data:`~.reference.RAW_FIELDS`) become scores
with the operations of the original implementations in their order (``sum(list) / n``, then
the three operations added in the order each implementation adds them), so one row and a batch
of rows give the same bits.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .config import SARIConfig
from .reference import N_RAW

__all__ = ["KINDS", "OPERATIONS", "n_stats", "score_parts", "sentence_rows"]

#: The three operations, in the order every output shows them.
OPERATIONS = ("add", "keep", "delete")
#: Per-order figures of each operation.
KINDS = ("precision", "recall", "f1")
# Column of each operation's first raw statistic within an order (keep P/R, delete P/R, add P/R).
_RAW_BASE = {"keep": 0, "delete": 4, "add": 8}


def n_stats(config: SARIConfig) -> int:
    """Width of a statistics row: raw counts (corpus aggregation) or finished sentence figures."""
    n = config.max_order
    return N_RAW * n if config.aggregate == "corpus" else 4 + len(OPERATIONS) * len(KINDS) * n + 1


def f1(precision: np.ndarray, recall: np.ndarray) -> np.ndarray:
    """Element-wise F1, 0 where precision + recall is 0."""
    total = precision + recall
    positive = total > 0
    return np.where(positive, 2 * precision * recall / np.where(positive, total, 1.0), 0.0)


def _in_order_mean(values: list[np.ndarray], n: int) -> np.ndarray:
    total = values[0]
    for value in values[1:]:
        total = total + value  # left to right, as Python's sum()
    return total / n


def score_parts(counts: np.ndarray, config: SARIConfig) -> dict[str, Any]:
    """Operation scores (0-1) and per-order P/R/F1 lists of each row of raw counts."""
    c = config
    raw = counts.reshape(counts.shape[0], c.max_order, N_RAW)
    zero = float(c.zero_division)

    def ratio(num: np.ndarray, den: np.ndarray) -> np.ndarray:
        positive = den > 0
        return np.where(positive, num / np.where(positive, den, 1.0), zero)

    parts: dict[str, Any] = {}
    for op in ("keep", "delete", "add"):  # the original implementations' order of evaluation
        base = _RAW_BASE[op]
        p = [ratio(raw[:, k, base], raw[:, k, base + 1]) for k in range(c.max_order)]
        r = [ratio(raw[:, k, base + 2], raw[:, k, base + 3]) for k in range(c.max_order)]
        f = [f1(pk, rk) for pk, rk in zip(p, r)]
        use_precision = op == "delete" and c.deletion == "precision"
        if c.average == "f1" and c.aggregate == "corpus":  # EASSE's macro SARI: += score / 4 per order
            value = _in_order_mean([x / c.max_order for x in (p if use_precision else f)], 1)
        elif c.average == "f1":
            value = _in_order_mean(p if use_precision else f, c.max_order)
        else:
            mean_p, mean_r = _in_order_mean(p, c.max_order), _in_order_mean(r, c.max_order)
            value = mean_p if use_precision else f1(mean_p, mean_r)
        parts[op] = value
        parts[f"{op}_precision"], parts[f"{op}_recall"], parts[f"{op}_f1"] = p, r, f
    first, second, third = (parts[op] for op in _sum_order(c))
    parts["score"] = (first + second + third) / 3
    # EASSE scales each operation to 0-100 first, then takes their mean: the corpus score on 0-100
    parts["score_100"] = (100.0 * parts["add"] + 100.0 * parts["keep"] + 100.0 * parts["delete"]) / 3
    return parts


def _sum_order(config: SARIConfig) -> tuple[str, str, str]:
    """The order in which the original implementations add the three operations, so that the
    last bit agrees: tensor2tensor (binary n-grams) keep + add + delete; SARI.py and its ports
    (sentence scores: Hugging Face, modified-sari.py, D_SARI.py) keep + delete + add; EASSE
    (corpus) add + keep + delete."""
    if config.ngrams == "binary":
        return ("keep", "add", "delete")
    if config.aggregate == "sentence":
        return ("keep", "delete", "add")
    return ("add", "keep", "delete")


def sentence_rows(counts: np.ndarray, config: SARIConfig) -> np.ndarray:
    """Sentence-aggregation rows: ``[score, add, keep, delete, P/R/F1 per op and order..., 1]``."""
    parts = score_parts(counts, config)
    columns = [parts["score"], parts["add"], parts["keep"], parts["delete"]]
    for op in OPERATIONS:
        for kind in KINDS:
            columns.extend(parts[f"{op}_{kind}"])
    columns.append(np.ones(counts.shape[0]))
    return np.column_stack(columns)
