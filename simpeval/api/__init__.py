"""The orchestration entry points used by the CLI and by notebooks.

* :mod:`.evaluate`: :func:`evaluate_systems`, :func:`evaluate_streams` (files of any size),
  :func:`sentence_level`;
* :mod:`.explanation`: :func:`explain` (one segment, n-gram by n-gram);
* :mod:`.comparison`: :func:`compare` (confidence intervals, paired tests, metric agreement),
  told what to compute by the specs :class:`Bootstrap`, :class:`PairedBootstrap`,
  :class:`Randomization` and :class:`Agreement` and how to run by :class:`RunOptions`.

:func:`evaluate_systems` scores every system with every metric and returns a
:class:`~simpeval.report.table.ResultTable`; :func:`sentence_level` returns the score of
every segment as a :class:`~simpeval.report.table.SegmentTable`. Render either with
:func:`simpeval.report.render`.

Examples:
    >>> table = evaluate_systems(
    ...     {"copy": ["The cat sat on the mat ."], "simple": ["The cat sat ."]},
    ...     references=[["The cat sat ."]],
    ...     sources=["The cat sat on the mat ."],
    ...     metrics=["sari", "bleu"],
    ... )
    >>> table.metric_names, table.best("SARI")
    (('SARI', 'BLEU'), 'simple')
"""

from __future__ import annotations

from ..defaults import DEFAULT_METRICS
from ..significance.specs import Agreement, Bootstrap, PairedBootstrap, PairedTestSpec, Randomization, paired_test
from .comparison import ProgressFn, RunOptions, compare
from .evaluate import evaluate_streams, evaluate_systems, sentence_level
from .explanation import explain

__all__ = [
    "DEFAULT_METRICS",
    "Agreement",
    "Bootstrap",
    "PairedBootstrap",
    "PairedTestSpec",
    "ProgressFn",
    "Randomization",
    "RunOptions",
    "compare",
    "evaluate_streams",
    "evaluate_systems",
    "explain",
    "paired_test",
    "sentence_level",
]
