"""Meta-evaluation: how well metrics agree with human judgments (``simpeval meta-eval``).

* :mod:`.ratings`: human ratings as (system, segment, output, rating) rows, from the registry
  (``simplicity-da``, ``asset-human-ratings``) or a CSV file;
* :mod:`.stats`: Pearson, Spearman, Kendall, the Williams test, pair orders;
* :mod:`.run`: :func:`meta_evaluate`, with bootstrap intervals, ranking accuracy and agreement.

The result is a :class:`~simpeval.report.metaeval.MetaEvaluation`, rendered by
:func:`~simpeval.report.metaeval.render_metaeval`. SciPy is the optional extra ``simpeval[metaeval]``.

Examples:
    >>> from simpeval.metaeval import HumanRatings, meta_evaluate
    >>> ratings = HumanRatings("toy", "simplicity", (0, 1, 2, 0, 1, 2), ("a", "a", "a", "b", "b", "b"),
    ...                        ("a cat sat", "the dog ran", "it is big", "cat", "dog", "big"), (80, 70, 60, 20, 30, 10))
    >>> refs = [["a cat sat", "the dog ran", "it is big"]]
    >>> result = meta_evaluate(ratings, refs, metrics=["chrf"], n_samples=0)
    >>> round(result.correlation("chrF2", "segment", "pearson").value, 2), result.ranking[0].accuracy
    (0.93, 1.0)
"""

from __future__ import annotations

from .ratings import ASPECTS, HumanRatings, from_csv, from_registry
from .run import PAPER_SETTINGS, REFERENCE_SETS, meta_evaluate, reference_corpus

__all__ = [
    "ASPECTS",
    "PAPER_SETTINGS",
    "REFERENCE_SETS",
    "HumanRatings",
    "from_csv",
    "from_registry",
    "meta_evaluate",
    "reference_corpus",
]
