"""Meta-evaluation: how well metrics agree with human judgments (``simpeval meta-eval``).

* :mod:`.ratings`: :class:`HumanRatings`, one rating per (system, segment), from the registry
  (``simplicity-da``, ``asset-human-ratings``, LENS's SimpEval sets of :mod:`.lens_sets`:
  :func:`from_registry`); :mod:`.csvfile`: from a
  CSV file of one's own (:func:`from_csv`);
* :mod:`.presets`: the documented metric settings of each ratings set (the paper's for
  Simplicity-DA, :data:`PAPER_SETTINGS`);
* :mod:`.scoring`: each rated output scored against its segment's references, from statistics;
* :func:`~simpeval.metaeval.correlation.correlation` (Pearson, Spearman, Kendall tau-b), :func:`~simpeval.metaeval.williams.williams` (the Williams test),
  :mod:`.ranking` (pairwise system-ranking accuracy, agreement), :mod:`.bootstrap` (resampling
  segments, percentile intervals), :mod:`.taulike` (LENS's WMT-style Kendall tau-like per
  simplification type);
* :mod:`.run`: :func:`meta_evaluate`; :mod:`.registered`: :func:`meta_evaluate_registered`,
  the reference sets ``asset`` and ``turk``.

The result is a :class:`~simpeval.report.metaeval.MetaEvaluation`, rendered by
:func:`~simpeval.report.metaeval.render_metaeval`. SciPy is the optional extra
``simplification-metrics[metaeval]``, imported when a coefficient is first computed.

Examples:
    >>> from simpeval.metaeval import HumanRatings, meta_evaluate
    >>> ratings = HumanRatings("toy", "simplicity", (0, 1, 2, 0, 1, 2), ("a", "a", "a", "b", "b", "b"),
    ...                        ("a cat sat", "the dog ran", "it is big", "cat", "dog", "big"), (80, 70, 60, 20, 30, 10))
    >>> result = meta_evaluate(ratings, [["a cat sat", "the dog ran", "it is big"]], metrics=["chrf", "ter"], n_samples=100)
    >>> c = result.correlation("TER", "segment", "pearson")
    >>> round(c.value, 2), c.n, [(r.metric, r.accuracy) for r in result.ranking]
    (-0.95, 6, [('chrF2', 1.0), ('TER', 1.0)])
"""

from __future__ import annotations

from .correlation import METHODS, correlation
from .csvfile import from_csv
from .presets import PAPER_SETTINGS, PRESETS, Preset, preset_for
from .ratings import ASPECTS, HumanRatings, from_registry
from .registered import REFERENCE_SETS, default_references, load_references, meta_evaluate_registered, reference_corpus
from .run import meta_evaluate
from .williams import williams

__all__ = [
    "ASPECTS",
    "METHODS",
    "PAPER_SETTINGS",
    "PRESETS",
    "REFERENCE_SETS",
    "HumanRatings",
    "Preset",
    "correlation",
    "default_references",
    "from_csv",
    "from_registry",
    "load_references",
    "meta_evaluate",
    "meta_evaluate_registered",
    "preset_for",
    "reference_corpus",
    "williams",
]
