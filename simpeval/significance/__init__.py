"""Significance tests over additive statistics: bootstrap intervals and paired tests.

Pure functions over ``(n_segments, n_stats)`` float64 statistics matrices (from
``metric.corpus_stats``) and a score function (``lambda v: metric.score_from_stats(v).score``),
with an explicit seed (or ``numpy.random.Generator``); no environment variables, no global
random state. :func:`metric_scorer` gives a metric's score function, which also adds a whole
corpus's rows as the metric's ``corpus_score`` does (``Metric.sum_rows``). The algorithms, random draws and formulas are sacrebleu's (``--confidence``,
``--paired-bs``, ``--paired-ar``), so the same seed gives sacrebleu's numbers:

* :func:`bootstrap_ci`: single-system bootstrap interval (``--confidence``);
* :func:`paired_bootstrap`: paired bootstrap resampling (``--paired-bs``, 1000 resamples);
* :func:`paired_approximate_randomization`: approximate randomization (``--paired-ar``, 10000 trials);
* :func:`holm_bonferroni`: Holm's step-down correction for several comparisons;
* :func:`compare_to_baseline` / :func:`compare_all_pairs`: the loops over systems, returning
  :class:`PairedResult` values (every paired test returns that one type);
* :func:`metric_agreement`: correlations between metrics across systems, with bootstrap intervals.

Examples:
    >>> import numpy as np
    >>> from simpeval.significance import paired_approximate_randomization
    >>> baseline = np.array([[0, 1]] * 6 + [[1, 1]] * 4)  # (correct, total) per segment
    >>> system = np.array([[1, 1]] * 9 + [[0, 1]])
    >>> result = paired_approximate_randomization(baseline, system, lambda v: 100 * v[0] / v[1], n_samples=500)
    >>> result.p_value < 0.05
    True
"""

from __future__ import annotations

from .agreement import Correlation, metric_agreement
from .bootstrap import bootstrap_ci, half_width
from .compare import compare_all_pairs, compare_to_baseline, metric_scorer
from .correction import holm_bonferroni
from .paired import paired_approximate_randomization, paired_bootstrap
from .results import ConfidenceInterval, PairedResult

__all__ = [
    "ConfidenceInterval",
    "Correlation",
    "PairedResult",
    "bootstrap_ci",
    "compare_all_pairs",
    "compare_to_baseline",
    "half_width",
    "holm_bonferroni",
    "metric_agreement",
    "metric_scorer",
    "paired_approximate_randomization",
    "paired_bootstrap",
]
