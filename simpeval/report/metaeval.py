"""The result of a meta-evaluation (:func:`simpeval.metaeval.meta_evaluate`) and its rendering.

:class:`MetaEvaluation` holds the correlations of each metric with human ratings (segment and
system level; Pearson, Spearman, Kendall; bootstrap 95% intervals), the Williams tests between
metrics, the pairwise system-ranking accuracy and the metrics' agreement on those pairs.
:func:`render_metaeval` writes it in every format of :func:`simpeval.report.render`.
"""

from __future__ import annotations

import csv
import io
import json
import math
from dataclasses import asdict, dataclass
from typing import Any

from .formats.html import html_grid
from .formats.latex import latex_grid
from .formats.layout import Cell, Grid
from .formats.markdown import markdown_grid
from .formats.text import text_grid

__all__ = ["MetaCorrelation", "MetaEvaluation", "PairAgreement", "RankingAccuracy", "WilliamsTest", "render_metaeval"]


@dataclass(frozen=True)
class MetaCorrelation:
    """One metric's correlation with the human ratings.

    Attributes:
        metric: the metric (column) name.
        level: ``"segment"`` (every rated output) or ``"system"`` (system means vs corpus scores).
        method: ``"pearson"``, ``"spearman"`` or ``"kendall"`` (tau-b).
        value: the coefficient (NaN when undefined, e.g. a constant column or one system).
        low, high: the bootstrap percentile interval (NaN when not computed).
        n: items correlated (segments or systems).
    """

    metric: str
    level: str
    method: str
    value: float
    low: float
    high: float
    n: int


@dataclass(frozen=True)
class WilliamsTest:
    """Williams's test that ``metric_a`` correlates with the ratings better than ``metric_b``.

    The correlations share the human variable, so they are dependent: ``t`` uses ``r_ab``, the
    correlation of the two metrics (Williams 1959; Graham and Baldwin 2014). ``p_value`` is
    one-sided, for ``r_a > r_b``.
    """

    metric_a: str
    metric_b: str
    level: str
    r_a: float
    r_b: float
    r_ab: float
    t: float
    p_value: float
    n: int


@dataclass(frozen=True)
class RankingAccuracy:
    """How often ``metric`` orders a pair of systems as the humans do (pairs with a human difference)."""

    metric: str
    accuracy: float
    low: float
    high: float
    n_pairs: int


@dataclass(frozen=True)
class PairAgreement:
    """How often two metrics order the same pairs of systems the same way."""

    metric_a: str
    metric_b: str
    agreement: float
    n_pairs: int


@dataclass(frozen=True)
class MetaEvaluation:
    """A meta-evaluation: what was compared, and every figure.

    Attributes:
        ratings: the human judgments (``"simplicity-da"``, a file name, ...).
        aspect: the rated aspect (``"simplicity_zscore"``, ``"fluency"``, ...).
        references: the reference set the metrics used.
        signatures: the signature of every metric, in column order.
        correlations, williams, ranking, agreement: the figures.
        n_samples, seed: the bootstrap behind the intervals.
    """

    ratings: str
    aspect: str
    references: str
    signatures: tuple[str, ...]
    correlations: tuple[MetaCorrelation, ...]
    williams: tuple[WilliamsTest, ...]
    ranking: tuple[RankingAccuracy, ...]
    agreement: tuple[PairAgreement, ...]
    n_samples: int
    seed: int

    def correlation(self, metric: str, level: str = "segment", method: str = "pearson") -> MetaCorrelation:
        """The correlation of ``metric`` at ``level`` by ``method``.

        Raises:
            KeyError: no such correlation.
        """
        for c in self.correlations:
            if (c.metric, c.level, c.method) == (metric, level, method):
                return c
        raise KeyError((metric, level, method))

    def to_dict(self) -> dict[str, Any]:
        """Every figure, JSON-ready (NaN as ``None``)."""
        def clean(value: Any) -> Any:
            if isinstance(value, float) and math.isnan(value):
                return None
            if isinstance(value, dict):
                return {k: clean(v) for k, v in value.items()}
            if isinstance(value, (list, tuple)):
                return [clean(v) for v in value]
            return value

        return clean(asdict(self))  # type: ignore[no-any-return]


def _number(value: float, width: int) -> str:
    return "n/a" if math.isnan(value) else f"{value:.{width}f}"


def _interval(low: float, high: float, width: int) -> str:
    return "" if math.isnan(low) else f"{_number(low, width)}–{_number(high, width)}"


def _grids(result: MetaEvaluation, width: int) -> list[tuple[str, Grid]]:
    def row(*parts: str) -> tuple[Cell, ...]:
        return tuple(Cell((part,)) for part in parts)

    corr = tuple(row(c.level, c.metric, c.method, _number(c.value, width), _interval(c.low, c.high, width), str(c.n))
                 for c in result.correlations)  # fmt: skip
    grids = [(f"Correlation with human ratings ({result.ratings}: {result.aspect}; references: {result.references})",
              Grid(("Level", "Metric", "Coefficient", "Value", "95% CI", "n"), corr, ("l", "l", "l", "r", "r", "r")))]  # fmt: skip
    if result.williams:
        rows = tuple(row(w.level, f"{w.metric_a} > {w.metric_b}", _number(w.r_a, width), _number(w.r_b, width),
                         _number(w.r_ab, width), _number(w.t, 2), _number(w.p_value, 4)) for w in result.williams)  # fmt: skip
        grids.append(("Williams test of dependent correlations (Pearson; one-sided)",
                      Grid(("Level", "Hypothesis", "r_a", "r_b", "r_ab", "t", "p"), rows, ("l", "l", "r", "r", "r", "r", "r"))))  # fmt: skip
    if result.ranking:
        rows = tuple(row(r.metric, _number(r.accuracy, width), _interval(r.low, r.high, width), str(r.n_pairs))
                     for r in result.ranking)  # fmt: skip
        grids.append(("Pairwise system-ranking accuracy against the humans",
                      Grid(("Metric", "Accuracy", "95% CI", "Pairs"), rows, ("l", "r", "r", "r"))))
    if result.agreement:
        rows = tuple(row(a.metric_a, a.metric_b, _number(a.agreement, width), str(a.n_pairs)) for a in result.agreement)
        grids.append(("Agreement between metrics on the same pairs",
                      Grid(("Metric A", "Metric B", "Agreement", "Pairs"), rows, ("l", "l", "r", "r"))))
    return grids


def _field(value: float) -> str:
    return "" if math.isnan(value) else repr(float(value))


def _csv(result: MetaEvaluation, delimiter: str = ",") -> str:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n")
    writer.writerow(["table", "level", "metric_a", "metric_b", "method", "value", "ci_low", "ci_high", "n", "p_value"])
    for c in result.correlations:
        writer.writerow(["correlation", c.level, c.metric, "", c.method, *map(_field, (c.value, c.low, c.high)), c.n, ""])
    for w in result.williams:
        writer.writerow(["williams", w.level, w.metric_a, w.metric_b, "pearson", _field(w.t), "", "", w.n, _field(w.p_value)])
    for r in result.ranking:
        writer.writerow(["ranking", "system", r.metric, "", "accuracy", *map(_field, (r.accuracy, r.low, r.high)), r.n_pairs, ""])
    for a in result.agreement:
        writer.writerow(["agreement", "system", a.metric_a, a.metric_b, "pairs", _field(a.agreement), "", "", a.n_pairs, ""])
    return out.getvalue().rstrip("\n")


def render_metaeval(result: MetaEvaluation, fmt: str = "text", width: int = 3) -> str:
    """``result`` in ``fmt`` (text, markdown, latex, html, csv, json, tsv, jsonl), ``width`` decimals.

    Examples:
        >>> c = MetaCorrelation("SARI", "segment", "pearson", 0.3, 0.2, 0.4, 600)
        >>> m = MetaEvaluation("simplicity-da", "simplicity_zscore", "asset", (), (c,), (), (), (), 1000, 12345)
        >>> print(render_metaeval(m, "markdown", width=2))
        | Level   | Metric | Coefficient | Value |    95% CI |   n |
        |:--------|:-------|:------------|------:|----------:|----:|
        | segment | SARI   | pearson     |  0.30 | 0.20–0.40 | 600 |
    """
    if fmt in ("json", "jsonl"):
        return json.dumps(result.to_dict(), indent=None if fmt == "jsonl" else 2, ensure_ascii=False)
    if fmt in ("csv", "tsv"):
        return _csv(result, "\t" if fmt == "tsv" else ",")
    blocks: list[str] = []
    for title, grid in _grids(result, width):
        if fmt == "text":
            blocks.append("\n".join([title, *text_grid(grid)]))
        elif fmt == "markdown":
            blocks.append("\n".join(markdown_grid(grid)))
        elif fmt == "latex":
            blocks.append("\n".join(latex_grid(grid)))
        else:
            blocks.append("\n".join(html_grid(grid, caption=title)))
    blocks.append("\n".join(result.signatures))
    return "\n\n".join(block for block in blocks if block)

