"""The result of a meta-evaluation (:func:`simpeval.metaeval.meta_evaluate`) and its document.

:class:`MetaEvaluation` holds the correlations of each metric with human ratings (segment and
system level; Pearson, Spearman, Kendall; bootstrap 95% intervals), the Williams tests between
metrics, the pairwise system-ranking accuracy of each metric and the metrics' agreement on the
same pairs. :func:`metaeval_document` makes it a :class:`~simpeval.report.document.Document`
(a grid per analysis, flat records for CSV, TSV and JSON Lines, the whole result for JSON) and
:func:`render_metaeval` writes that in every format of :func:`simpeval.report.render`.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

from ..defaults import ALPHA
from .document import Cell, Document, Grid, Records, Section, interval, number_or_na
from .formats import check_format, check_width, render

__all__ = [
    "RECORD_COLUMNS",
    "MetaCorrelation",
    "MetaEvaluation",
    "PairAgreement",
    "RankingAccuracy",
    "TauLike",
    "WilliamsTest",
    "metaeval_document",
    "render_metaeval",
]

#: Fewest items (segments or systems) a figure is printed for in the human formats.
MIN_ITEMS = 3
_COEFFICIENTS = (("pearson", "Pearson r"), ("spearman", "Spearman rho"), ("kendall", "Kendall tau-b"))


@dataclass(frozen=True)
class MetaCorrelation:
    """One metric's correlation with the human ratings.

    Attributes:
        metric: the metric (column) name.
        level: ``"segment"`` (every rated output) or ``"system"`` (system means vs corpus scores).
        method: ``"pearson"``, ``"spearman"`` or ``"kendall"`` (tau-b).
        value: the coefficient of the metric's scores as they are (negative for a good
            lower-is-better metric such as TER); NaN when undefined (fewer than 3 items, or a
            constant column).
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

    The correlations (Pearson) share the human variable, so they are dependent: ``t`` uses
    ``r_ab``, the correlation of the two metrics (Williams 1959; Graham and Baldwin 2014).
    Scores are oriented so that higher is better (a lower-is-better metric is negated) and
    ``metric_a`` is the better of the two; ``p_value`` is one-sided, for ``r_a > r_b``.
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
    """How often ``metric`` orders a pair of systems as the humans do (among the ``n_pairs``
    pairs whose mean ratings differ), with its bootstrap interval."""

    metric: str
    accuracy: float
    low: float
    high: float
    n_pairs: int


@dataclass(frozen=True)
class PairAgreement:
    """How often two metrics order the same pairs of systems (those of :class:`RankingAccuracy`)
    the same way, with its bootstrap interval."""

    metric_a: str
    metric_b: str
    agreement: float
    low: float
    high: float
    n_pairs: int


@dataclass(frozen=True)
class TauLike:
    """LENS's Kendall tau-like of ``metric`` on the pairs of one simplification ``type`` (or
    ``"All"``), with its bootstrap interval and the pairs counted (:mod:`simpeval.metaeval.taulike`)."""

    metric: str
    type: str
    tau: float
    low: float
    high: float
    concordant: int
    discordant: int


@dataclass(frozen=True)
class MetaEvaluation:
    """A meta-evaluation: what was compared, and every figure.

    Attributes:
        ratings: the human judgments (``"simplicity-da"``, a file name, ...).
        aspect: the rated aspect (``"simplicity_zscore"``, ``"fluency"``, ...).
        references: the reference set the metrics used.
        signatures: the signature of every metric, in column order.
        correlations, williams, ranking, agreement: the figures.
        n_samples, seed: the bootstrap behind the intervals (resamples of segments).
        preset: the documented metric settings used (:mod:`simpeval.metaeval.presets`).
        notes: how the ratings were obtained, and other facts printed with the tables.
        systems: the rated systems.
        tau_like: LENS's Kendall tau-like per metric and simplification type, where the ratings
            carry each annotator's rating and the types; ``tau_threshold`` its threshold.
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
    preset: str = "none"
    notes: tuple[str, ...] = ()
    systems: tuple[str, ...] = ()
    tau_like: tuple[TauLike, ...] = ()
    tau_threshold: float = 5.0

    @property
    def metrics(self) -> list[str]:
        """The metric (column) names, in order."""
        return list(dict.fromkeys(c.metric for c in self.correlations))

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
        return _clean(asdict(self))  # type: ignore[no-any-return]

    def records(self) -> list[dict[str, Any]]:
        """One flat record per figure (the rows of the CSV, TSV and JSON Lines formats)."""
        out = [
            _record("correlation", c.level, c.metric, "", c.method, c.value, c.low, c.high, c.n)
            for c in self.correlations
        ]
        out += [
            _record(
                "williams", w.level, w.metric_a, w.metric_b, "pearson", w.r_a - w.r_b, None, None, w.n, w.t, w.p_value
            )
            for w in self.williams
        ]
        out += [
            _record("ranking", "system", r.metric, "", "accuracy", r.accuracy, r.low, r.high, r.n_pairs)
            for r in self.ranking
        ]
        out += [
            _record("agreement", "system", a.metric_a, a.metric_b, "agreement", a.agreement, a.low, a.high, a.n_pairs)
            for a in self.agreement
        ]
        out += [
            _record(
                "tau-like", "segment", t.metric, t.type, "tau-like", t.tau, t.low, t.high, t.concordant + t.discordant
            )
            for t in self.tau_like
        ]
        return [_clean(r) for r in out]


#: The columns of :meth:`MetaEvaluation.records`.
RECORD_COLUMNS = ("table", "level", "metric_a", "metric_b", "method", "value", "ci_low", "ci_high", "n", "t", "p_value")


def _record(*values: Any) -> dict[str, Any]:
    """A record of :meth:`MetaEvaluation.records`: the values in :data:`RECORD_COLUMNS` order (``t``, ``p_value`` optional)."""
    return dict(zip(RECORD_COLUMNS, values + (None,) * (len(RECORD_COLUMNS) - len(values))))


def _clean(value: Any) -> Any:
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    return value


# ------------------------------------------------------------------ the document
def _figure(value: float, low: float, high: float, width: int) -> Cell:
    return Cell((number_or_na(value, width), interval(low, high, width)))


def _correlation_grid(result: MetaEvaluation, width: int) -> Grid:
    coefficients = [(m, title) for m, title in _COEFFICIENTS if any(c.method == m for c in result.correlations)]
    rows = []
    for level in ("segment", "system"):
        for metric in result.metrics:
            found = {c.method: c for c in result.correlations if (c.metric, c.level) == (metric, level)}
            if not found or next(iter(found.values())).n < MIN_ITEMS:
                continue
            cells = [_figure(found[m].value, found[m].low, found[m].high, width) for m, _ in coefficients]
            rows.append((Cell((level,)), Cell((metric,)), Cell((str(next(iter(found.values())).n),)), *cells))
    header = ("Level", "Metric", "n", *(title for _, title in coefficients))
    return Grid(header, tuple(rows), ("l", "l", "r", *("rl" for _ in coefficients)))


def _williams_grid(result: MetaEvaluation, width: int) -> Grid | None:
    rows = tuple(
        (
            Cell((w.level,)),
            Cell((f"{w.metric_a} > {w.metric_b}",)),
            Cell((number_or_na(w.r_a, width),)),
            Cell((number_or_na(w.r_b, width),)),
            Cell((number_or_na(w.r_ab, width),)),
            Cell((number_or_na(w.t, 2),)),
            Cell((number_or_na(w.p_value, 4) + ("*" if w.p_value < ALPHA else ""),)),
        )
        for w in result.williams
        if w.n > MIN_ITEMS
    )
    if not rows:
        return None
    return Grid(("Level", "Hypothesis", "r_a", "r_b", "r_ab", "t", "p"), rows, ("l", "l", "r", "r", "r", "r", "l"))


def _pairs_grids(result: MetaEvaluation, width: int) -> list[tuple[str, Grid]]:
    """The ranking-accuracy and pair-agreement grids, those with rows."""
    ranking = tuple(
        (Cell((r.metric,)), _figure(r.accuracy, r.low, r.high, width), Cell((str(r.n_pairs),))) for r in result.ranking
    )
    agreement = tuple(
        (Cell((a.metric_a,)), Cell((a.metric_b,)), _figure(a.agreement, a.low, a.high, width), Cell((str(a.n_pairs),)))
        for a in result.agreement
    )
    grids = [
        (
            "Pairwise system-ranking accuracy (pairs the raters tell apart)",
            Grid(("Metric", "Accuracy", "Pairs"), ranking, ("l", "rl", "r")),
        ),
        (
            "Agreement between metrics on the same pairs",
            Grid(("Metric A", "Metric B", "Agreement", "Pairs"), agreement, ("l", "l", "rl", "r")),
        ),
    ]
    return [(title, grid) for title, grid in grids if grid.rows]


def _grids(result: MetaEvaluation, width: int) -> list[tuple[str, Grid]]:
    title = f"Correlation with human ratings ({result.ratings}: {result.aspect}; references: {result.references})"
    grids = [(title, _correlation_grid(result, width))]
    williams = _williams_grid(result, width)
    if williams is not None:
        grids.append((f"Williams test of dependent correlations (Pearson; one-sided; * p < {ALPHA})", williams))
    grids += _pairs_grids(result, width)
    if result.tau_like:
        title = (
            f"Kendall tau-like (LENS, WMT-style; pairs of outputs of one source and one type that a strict majority "
            f"of annotators tells apart by more than {result.tau_threshold:g} points; a metric tie is discordant)"
        )
        grids.append((title, _tau_like_grid(result, width)))
    return grids


def _tau_like_grid(result: MetaEvaluation, width: int) -> Grid:
    """Rows the metrics, columns the types then All (the layout of LENS's table), each tau with its interval."""
    types = list(dict.fromkeys(t.type for t in result.tau_like))
    rows = []
    for metric in dict.fromkeys(t.metric for t in result.tau_like):
        found = {t.type: t for t in result.tau_like if t.metric == metric}
        rows.append((Cell((metric,)), *(_figure(found[k].tau, found[k].low, found[k].high, width) for k in types)))
    pairs = {t.type: t.concordant + t.discordant for t in result.tau_like}
    header = ("Metric", *(f"{k} ({pairs[k]} pairs)" for k in types))
    return Grid(header, (*rows,), ("l", *("rl" for _ in types)))


def _notes(result: MetaEvaluation) -> list[str]:
    notes = list(result.notes)
    if result.n_samples:
        notes.append(
            f"95% bootstrap intervals: {result.n_samples} resamples of the segments (every rated output "
            f"of a drawn segment with it), seed {result.seed}"
        )
    rated = next((c.n for c in result.correlations if c.level == "segment"), MIN_ITEMS)
    if rated < MIN_ITEMS:
        notes.append(f"segment-level figures need {MIN_ITEMS} rated outputs or more (got {rated}): left out")
    if len(result.systems) < MIN_ITEMS:
        notes.append(f"system-level figures need {MIN_ITEMS} systems or more (got {len(result.systems)}): left out")
    return notes


def metaeval_document(result: MetaEvaluation, width: int = 3) -> Document:
    """``result`` as a document: one section per analysis (its grid), then one with the notes and
    the signatures; the machine formats read the first section (``"metaeval"``): the whole result
    in JSON (:meth:`MetaEvaluation.to_dict`, with the notes printed), one flat record per figure
    (:meth:`MetaEvaluation.records`) in CSV, TSV and JSON Lines."""
    records = tuple(result.records())
    table = Records(RECORD_COLUMNS, records)
    tree = {**result.to_dict(), "notes": _notes(result)}  # the notes the human formats print (left-out levels too)
    (title, grid), *others = _grids(result, width)
    first = Section("metaeval", title, grid, records=table, line_records=table, tree=tree, line_objects=records)
    sections = [first, *(Section("metaeval-" + str(k), t, g) for k, (t, g) in enumerate(others, 1))]
    sections.append(Section("notes", notes=tuple(_notes(result)), signatures=result.signatures))
    return Document(tuple(sections))


def render_metaeval(result: MetaEvaluation, fmt: str = "text", width: int = 3) -> str:
    """``result`` in ``fmt`` (any of :func:`simpeval.report.available_formats`), ``width`` decimals.

    Text, Markdown, LaTeX and HTML give one table per analysis, then the notes and the
    signatures; JSON the whole result (:meth:`MetaEvaluation.to_dict`); CSV, TSV and JSON Lines
    one flat record per figure (:meth:`MetaEvaluation.records`), at full precision.

    Raises:
        InvalidOptionError: an unknown ``fmt`` or a negative ``width``.

    Examples:
        >>> c = MetaCorrelation("SARI", "segment", "pearson", 0.3, 0.2, 0.4, 600)
        >>> m = MetaEvaluation("simplicity-da", "simplicity_zscore", "asset", (), (c,), (), (), (), 1000, 12345)
        >>> print(render_metaeval(m, "markdown", width=2).split("\\n\\n")[1])
        | Level   | Metric |   n |        Pearson r |
        |:--------|:-------|----:|-----------------:|
        | segment | SARI   | 600 | 0.30 (0.20–0.40) |
    """
    check_format("render_metaeval", fmt)
    check_width("render_metaeval", width)
    return render(metaeval_document(result, width), fmt)
