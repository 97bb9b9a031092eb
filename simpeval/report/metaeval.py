"""The result of a meta-evaluation (:func:`simpeval.metaeval.meta_evaluate`) and its rendering.

:class:`MetaEvaluation` holds the correlations of each metric with human ratings (segment and
system level; Pearson, Spearman, Kendall; bootstrap 95% intervals), the Williams tests between
metrics, the pairwise system-ranking accuracy of each metric and the metrics' agreement on the
same pairs. :func:`render_metaeval` writes it in every format of :func:`simpeval.report.render`,
with the human formats' grids (:mod:`simpeval.report.formats`) and flat records for CSV, TSV
and JSON Lines.
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import asdict, dataclass
from typing import Any, Optional

from .._json import dumps
from .._validate import check_int
from ..defaults import ALPHA
from ..exceptions import InvalidOptionError
from .formats import available_formats
from .formats.html import html_escape, html_grid
from .formats.latex import latex_escape, latex_grid
from .formats.layout import Cell, Grid
from .formats.markdown import markdown_escape, markdown_grid
from .formats.text import text_grid

__all__ = ["MetaCorrelation", "MetaEvaluation", "PairAgreement", "RankingAccuracy", "WilliamsTest", "render_metaeval"]

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
            {
                "table": "correlation",
                "level": c.level,
                "metric_a": c.metric,
                "metric_b": "",
                "method": c.method,
                "value": c.value,
                "ci_low": c.low,
                "ci_high": c.high,
                "n": c.n,
                "t": None,
                "p_value": None,
            }
            for c in self.correlations
        ]
        out += [
            {
                "table": "williams",
                "level": w.level,
                "metric_a": w.metric_a,
                "metric_b": w.metric_b,
                "method": "pearson",
                "value": w.r_a - w.r_b,
                "ci_low": None,
                "ci_high": None,
                "n": w.n,
                "t": w.t,
                "p_value": w.p_value,
            }
            for w in self.williams
        ]
        out += [
            {
                "table": "ranking",
                "level": "system",
                "metric_a": r.metric,
                "metric_b": "",
                "method": "accuracy",
                "value": r.accuracy,
                "ci_low": r.low,
                "ci_high": r.high,
                "n": r.n_pairs,
                "t": None,
                "p_value": None,
            }
            for r in self.ranking
        ]
        out += [
            {
                "table": "agreement",
                "level": "system",
                "metric_a": a.metric_a,
                "metric_b": a.metric_b,
                "method": "agreement",
                "value": a.agreement,
                "ci_low": a.low,
                "ci_high": a.high,
                "n": a.n_pairs,
                "t": None,
                "p_value": None,
            }
            for a in self.agreement
        ]
        return [_clean(r) for r in out]


def _clean(value: Any) -> Any:
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    return value


# ------------------------------------------------------------------ the human formats
def _number(value: float, width: int) -> str:
    return "n/a" if math.isnan(value) else f"{value:.{width}f}"


def _interval(low: float, high: float, width: int) -> str:
    return "" if math.isnan(low) else f"({_number(low, width)}, {_number(high, width)})"


def _correlation_grid(result: MetaEvaluation, width: int) -> Grid:
    coefficients = [(m, title) for m, title in _COEFFICIENTS if any(c.method == m for c in result.correlations)]
    rows = []
    for level in ("segment", "system"):
        for metric in result.metrics:
            found = {c.method: c for c in result.correlations if (c.metric, c.level) == (metric, level)}
            if not found or next(iter(found.values())).n < MIN_ITEMS:
                continue
            cells = [
                Cell((_number(found[m].value, width), _interval(found[m].low, found[m].high, width)))
                for m, _ in coefficients
            ]
            rows.append((Cell((level,)), Cell((metric,)), Cell((str(next(iter(found.values())).n),)), *cells))
    header = ("Level", "Metric", "n", *(title for _, title in coefficients))
    return Grid(header, tuple(rows), ("l", "l", "r", *("rl" for _ in coefficients)))


def _williams_grid(result: MetaEvaluation, width: int) -> Optional[Grid]:
    rows = tuple(
        (
            Cell((w.level,)),
            Cell((f"{w.metric_a} > {w.metric_b}",)),
            Cell((_number(w.r_a, width),)),
            Cell((_number(w.r_b, width),)),
            Cell((_number(w.r_ab, width),)),
            Cell((_number(w.t, 2),)),
            Cell((_number(w.p_value, 4) + ("*" if w.p_value < ALPHA else ""),)),
        )
        for w in result.williams
        if w.n > MIN_ITEMS
    )
    if not rows:
        return None
    return Grid(("Level", "Hypothesis", "r_a", "r_b", "r_ab", "t", "p"), rows, ("l", "l", "r", "r", "r", "r", "l"))


def _pairs_grids(result: MetaEvaluation, width: int) -> list[tuple[str, Grid]]:
    grids = []
    rows: tuple[tuple[Cell, ...], ...]
    if result.ranking:
        rows = tuple(
            (
                Cell((r.metric,)),
                Cell((_number(r.accuracy, width), _interval(r.low, r.high, width))),
                Cell((str(r.n_pairs),)),
            )
            for r in result.ranking
        )
        grids.append(
            (
                "Pairwise system-ranking accuracy (pairs the raters tell apart)",
                Grid(("Metric", "Accuracy", "Pairs"), rows, ("l", "rl", "r")),
            )
        )
    if result.agreement:
        rows = tuple(
            (
                Cell((a.metric_a,)),
                Cell((a.metric_b,)),
                Cell((_number(a.agreement, width), _interval(a.low, a.high, width))),
                Cell((str(a.n_pairs),)),
            )
            for a in result.agreement
        )
        grids.append(
            (
                "Agreement between metrics on the same pairs",
                Grid(("Metric A", "Metric B", "Agreement", "Pairs"), rows, ("l", "l", "rl", "r")),
            )
        )
    return grids


def _grids(result: MetaEvaluation, width: int) -> list[tuple[str, Grid]]:
    title = f"Correlation with human ratings ({result.ratings}: {result.aspect}; references: {result.references})"
    grids = [(title, _correlation_grid(result, width))]
    williams = _williams_grid(result, width)
    if williams is not None:
        grids.append((f"Williams test of dependent correlations (Pearson; one-sided; * p < {ALPHA})", williams))
    return grids + _pairs_grids(result, width)


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


def _human(result: MetaEvaluation, fmt: str, width: int) -> str:
    blocks: list[str] = []
    for title, grid in _grids(result, width):
        if fmt == "text":
            blocks.append("\n".join([title, *text_grid(grid)]))
        elif fmt == "markdown":
            blocks.append("\n".join([f"**{markdown_escape(title)}**", "", *markdown_grid(grid)]))
        elif fmt == "latex":
            blocks.append("\n".join([f"% {latex_escape(title)}", *latex_grid(grid)]))
        else:
            blocks.append("\n".join(html_grid(grid, caption=title)))
    notes = _notes(result) + list(result.signatures)
    if fmt == "html":
        blocks.append("\n".join(f"<p>{html_escape(n)}</p>" for n in notes))
    elif fmt == "latex":
        blocks.append("\n".join(f"% {n}" for n in notes))
    else:
        blocks.append("\n".join(notes))
    return "\n\n".join(block for block in blocks if block)


def _delimited(result: MetaEvaluation, delimiter: str) -> str:
    records = result.records()
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(records[0]), delimiter=delimiter, lineterminator="\n")
    writer.writeheader()
    writer.writerows({k: "" if v is None else v for k, v in r.items()} for r in records)
    return out.getvalue().rstrip("\n")


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
        | Level   | Metric |   n |         Pearson r |
        |:--------|:-------|----:|------------------:|
        | segment | SARI   | 600 | 0.30 (0.20, 0.40) |
    """
    if fmt not in available_formats():
        raise InvalidOptionError(f"render_metaeval: fmt must be one of {', '.join(available_formats())} (got {fmt!r}).")
    check_int(width, "render_metaeval: width", minimum=0, expected="a non-negative integer")
    if fmt == "json":  # the same notes as the human formats print (the left-out levels too)
        return dumps({**result.to_dict(), "notes": _notes(result)}, indent=2)
    if fmt == "jsonl":
        return "\n".join(dumps(r) for r in result.records())
    if fmt in ("csv", "tsv"):
        return _delimited(result, "\t" if fmt == "tsv" else ",")
    return _human(result, fmt, width)
