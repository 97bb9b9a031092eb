"""Pure renderers: a :class:`~simpeval.report.ResultTable` (or :class:`~simpeval.report.SegmentTable`) in, a string out.

:func:`render` dispatches to one module per format. The human formats (:mod:`.text`,
:mod:`.markdown`, :mod:`.latex`, :mod:`.html`) write the format-neutral report of
:mod:`.layout`; :mod:`.csv` writes the flat records of :mod:`.records` (which pandas shares)
and :mod:`.json` its own objects; :mod:`.lines` gives both one line per record (TSV, JSON Lines).

Conventions of the human formats (text, Markdown, LaTeX, HTML):

- the best system of each metric (by the metric's direction; TER: lower is better) is marked with
  ``†`` after the score in text and in bold elsewhere, when there is more than one system;
- a bootstrap confidence interval follows the score: ``41.2 (40.1–42.3)``;
- a paired bootstrap adds the tested system's bootstrap mean and half its 95% interval, as
  sacrebleu prints them: ``(μ = 41.3 ± 1.1)`` (blank for the baseline, which is not tested);
- a paired test against the baseline follows as ``(p = 0.0010)*``, the ``*`` meaning (only)
  ``p < 0.05`` (the corrected p-value when a correction was applied);
- ``deltas=True`` adds a ``Δ`` column per metric: system minus baseline;
- SARI's components follow its score as sub-columns, in the order add, keep, delete;
- a legend line explains every mark used, and the metric signatures are listed below the table.

Examples:
    >>> from simpeval.metrics.score import Score, Signature
    >>> from simpeval.report.table import MetricColumn, ResultTable
    >>> sig = Signature("BLEU", (("nrefs", "1"), ("version", "0")))
    >>> table = ResultTable(("sys",), (MetricColumn("BLEU"),), ((Score("BLEU", 27.25, sig),),))
    >>> print(render(table, "text"))
    System  BLEU
    sys     27.2
    <BLANKLINE>
    BLEU|nrefs:1|version:0
    >>> print(render(table, "text", width=2, score_only=True))
    27.25
    >>> print(render(table, "csv"))
    system,metric,score,ci_low,ci_high,ci_mean,p_value,p_value_corrected,signature
    sys,BLEU,27.25,,,,,,BLEU|nrefs:1|version:0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Callable

from ..._validate import check_int
from ...defaults import WIDTH
from ...exceptions import InvalidOptionError
from ..table import ResultTable
from .agreement import agreement_table
from .csv import render_csv
from .html import render_html
from .json import render_json
from .latex import render_latex
from .layout import AnyTable, Options, number, scores_in_order
from .lines import render_jsonl, render_tsv
from .markdown import render_markdown
from .text import render_text

if TYPE_CHECKING:  # pragma: no cover
    from ...significance.agreement import Correlation

__all__ = ["available_formats", "render", "render_agreement"]

_RENDERERS: dict[str, Callable[[AnyTable, Options], str]] = {
    "text": render_text,
    "markdown": render_markdown,
    "latex": render_latex,
    "html": render_html,
    "csv": render_csv,
    "json": render_json,
    "tsv": render_tsv,
    "jsonl": render_jsonl,
}


def available_formats() -> list[str]:
    """Names accepted by :func:`render`'s ``fmt``.

    Examples:
        >>> available_formats()
        ['csv', 'html', 'json', 'jsonl', 'latex', 'markdown', 'text', 'tsv']
    """
    return sorted(_RENDERERS)


def _check_format(caller: str, fmt: str) -> None:
    if not isinstance(fmt, str) or fmt not in _RENDERERS:
        raise InvalidOptionError(f"{caller}: fmt must be one of {', '.join(available_formats())} (got {fmt!r}).")


def render(
    table: AnyTable,
    fmt: str = "text",
    width: int = WIDTH,
    score_only: bool = False,
    deltas: bool = False,
    short: bool = False,
) -> str:
    """Render a result table.

    Args:
        table: corpus scores (:class:`ResultTable`) or sentence-level scores (:class:`SegmentTable`).
        fmt: one of :func:`available_formats`: ``"text"`` (aligned table), ``"markdown"`` (GitHub
            table), ``"latex"`` (booktabs ``tabular`` fragment), ``"html"`` (``<table>`` fragment),
            ``"csv"`` or ``"json"`` (one record per system and metric, or per segment), ``"tsv"``
            or ``"jsonl"`` (one line per record; for segments, one line per system and segment
            with every metric side by side).
        width: number of decimals of every printed score in the human formats (text, Markdown,
            LaTeX, HTML; p-values there have 4 decimals); CSV and JSON are machine-readable and
            always carry full precision, whatever ``width``.
        score_only: print only the scores, one per line, systems x metrics (x segments) order.
        deltas: add each system's difference to the baseline (``table.baseline``, or the first
            system) under every metric. :class:`ResultTable` only.
        short: signatures with their short keys (``BLEU|#:1|c:mixed|...``, sacrebleu's ``-sh``).

    Raises:
        InvalidOptionError: unknown ``fmt``, a negative ``width``, or ``deltas`` for a segment table.
    """
    _check_format("render", fmt)
    check_int(width, "render: width", minimum=0, expected="a non-negative integer")
    if deltas and not isinstance(table, ResultTable):
        raise InvalidOptionError(
            f"render: deltas must be False for a {type(table).__name__} (got True). "
            "Differences to a baseline are defined for corpus scores (ResultTable) only."
        )
    if score_only:
        return "\n".join(number(score.score, width) for score in scores_in_order(table))
    return _RENDERERS[fmt](table, Options(width, deltas, bool(short)))


def render_agreement(correlations: Sequence[Correlation], fmt: str = "text", width: int = 3) -> str:
    """Render system-level metric correlations (:func:`simpeval.significance.agreement.metric_agreement`).

    One row per metric pair and coefficient, with the bootstrap percentile interval when it
    was computed. ``json`` gives a list of objects; ``csv`` one line per row.

    Raises:
        InvalidOptionError: unknown ``fmt``.

    Examples:
        >>> from simpeval.significance.agreement import Correlation
        >>> c = Correlation("SARI", "BLEU", "kendall", 0.6, 0.2, 0.9, 11, 1000, 12345)
        >>> print(render_agreement([c], "markdown", width=2))
        | Metric A | Metric B | Coefficient | Value |    95% CI |
        |:---------|:---------|:------------|------:|----------:|
        | SARI     | BLEU     | kendall     |  0.60 | 0.20–0.90 |
    """
    _check_format("render_agreement", fmt)
    return agreement_table(correlations, fmt, width)
