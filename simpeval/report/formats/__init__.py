"""One writer per format behind :func:`render`: a :class:`~simpeval.report.document.Document` (or a table) in, a string out.

Every result becomes a :class:`~simpeval.report.document.Document` first (a table by
:func:`table_document`, metric agreement by :func:`agreement_document`, a
meta-evaluation by :func:`simpeval.report.metaeval.metaeval_document`, features by
:func:`simpeval.report.features.features_document`); each format module (:mod:`.text`,
:mod:`.markdown`, :mod:`.latex`, :mod:`.html`, :mod:`.csv` for CSV and TSV, :mod:`.json` for
JSON and JSON Lines) writes that model and knows nothing else.

Conventions of the human formats (text, Markdown, LaTeX, HTML):

- the best system of each metric (by the metric's direction; TER: lower is better) is marked with
  ``†`` after the score in text and in bold elsewhere, when there is more than one system;
- an interval follows its figure, always spelled ``41.2 (40.1–42.3)``
  (:func:`~simpeval.report.document.interval`);
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

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..._validate import check_int
from ...defaults import WIDTH
from ...exceptions import InvalidOptionError
from ..document import Document
from ..table import ResultTable
from .agreement import agreement_document
from .csv import write_csv, write_tsv
from .html import write_html
from .json import write_json, write_jsonl
from .latex import write_latex
from .layout import AnyTable, Options, number, one_line
from .markdown import write_markdown
from .tables import build_document
from .text import write_text

if TYPE_CHECKING:  # pragma: no cover
    from ...metrics.score import ConfidenceInterval, Score
    from ...significance.agreement import Correlation

__all__ = [
    "agreement_document",
    "available_formats",
    "check_format",
    "check_width",
    "render",
    "render_agreement",
    "score_lines",
    "table_document",
]

#: Each format's writer, and the view of a document it reads (:data:`~simpeval.report.document.VIEWS`).
_WRITERS: dict[str, tuple[Callable[[Document], str], str]] = {
    "text": (write_text, "grid"),
    "markdown": (write_markdown, "grid"),
    "latex": (write_latex, "grid"),
    "html": (write_html, "grid"),
    "csv": (write_csv, "records"),
    "tsv": (write_tsv, "line_records"),
    "json": (write_json, "tree"),
    "jsonl": (write_jsonl, "line_objects"),
}


def available_formats() -> list[str]:
    """Names accepted by :func:`render`'s ``fmt``.

    Examples:
        >>> available_formats()
        ['csv', 'html', 'json', 'jsonl', 'latex', 'markdown', 'text', 'tsv']
    """
    return sorted(_WRITERS)


def check_format(caller: str, fmt: str) -> None:
    """An :class:`~simpeval.exceptions.InvalidOptionError` naming ``caller`` unless ``fmt`` is a format."""
    if not isinstance(fmt, str) or fmt not in _WRITERS:
        raise InvalidOptionError(f"{caller}: fmt must be one of {', '.join(available_formats())} (got {fmt!r}).")


def check_width(caller: str, width: int) -> None:
    """An :class:`~simpeval.exceptions.InvalidOptionError` naming ``caller`` unless ``width`` is a count of decimals."""
    check_int(width, f"{caller}: width", minimum=0, expected="a non-negative integer")


def render(
    table: Document | AnyTable,
    fmt: str = "text",
    width: int = WIDTH,
    score_only: bool = False,
    deltas: bool = False,
    short: bool = False,
) -> str:
    """Write a document, or a result table (turned into its document first), in ``fmt``.

    Args:
        table: a :class:`~simpeval.report.document.Document` (any result's, or several results'
            added together), corpus scores (:class:`ResultTable`) or sentence-level scores
            (:class:`SegmentTable`).
        fmt: one of :func:`available_formats`: ``"text"`` (aligned table), ``"markdown"`` (GitHub
            table), ``"latex"`` (booktabs ``tabular`` fragment), ``"html"`` (``<table>`` fragment),
            ``"csv"`` or ``"json"`` (one record per system and metric, or per segment), ``"tsv"``
            or ``"jsonl"`` (one line per record; for segments, one line per system and segment
            with every metric side by side).
        width: number of decimals of every printed score in the human formats (text, Markdown,
            LaTeX, HTML; p-values there have 4 decimals); CSV and JSON are machine-readable and
            always carry full precision, whatever ``width``. A document is already formatted:
            ``width`` is not used.
        score_only: print only the scores, one a line (:func:`score_lines`): a bare number when
            there is one system and one metric (as sacrebleu's ``--score-only``), else each score
            labelled. Tables only.
        deltas: add each system's difference to the baseline (``table.baseline``, or the first
            system) under every metric. :class:`ResultTable` only.
        short: signatures with their short keys (``BLEU|#:1|c:mixed|...``, sacrebleu's ``-sh``). Tables only.

    Raises:
        InvalidOptionError: unknown ``fmt``, a negative ``width``, ``deltas`` for a segment table,
            ``score_only``, ``deltas`` or ``short`` for a document, or a document that ``fmt``
            cannot hold (two tables in CSV or TSV).
    """
    check_format("render", fmt)
    check_width("render", width)
    write, view = _WRITERS[fmt]
    if isinstance(table, Document):
        if score_only or deltas or short:
            raise InvalidOptionError(
                "render: score_only, deltas and short are for tables; a Document is already formatted."
            )
        return write(table)
    _check_deltas("render", table, deltas)
    if score_only:
        return score_lines(table, width)
    return write(build_document(table, Options(width, deltas, bool(short)), (view,)))


def score_lines(table: AnyTable, width: int = WIDTH) -> str:
    """The scores of ``table``, one a line (``--score-only``), in the order of its rows.

    With one system and one metric each line is the bare number (one line per segment for a
    segment table), as sacrebleu's ``--score-only`` prints it, for scripts. Otherwise a line is
    tab-separated: the system when there are several, the metric when there are several, the
    segment's line number (segment tables), then the number, always last. A score with a bootstrap
    interval (``--confidence``) keeps it as sacrebleu's ``--score-only`` does: ``59.70 (μ = 59.65 ± 1.20)``,
    the mean of the resampled scores and half the interval's width.

    Examples:
        >>> from simpeval.metrics.score import Score, Signature
        >>> from simpeval.report.table import MetricColumn, ResultTable
        >>> row = (Score("SARI", 38.046, Signature("SARI", ())), Score("BLEU", 27.25, Signature("BLEU", ())))
        >>> table = ResultTable(("sys",), (MetricColumn("SARI"), MetricColumn("BLEU")), (row,))
        >>> print(score_lines(table, 2).replace("\\t", " | "))
        SARI | 38.05
        BLEU | 27.25
    """
    entries: list[tuple[str, str, int | None, Score, str]]
    if isinstance(table, ResultTable):
        entries = [
            (system, column.name, None, score, _sacrebleu_interval(table.interval(system, column.name), width))
            for system, row in zip(table.systems, table.scores)
            for column, score in zip(table.metrics, row)
        ]
    else:
        entries = [(row.system, row.metric, row.line, row.score, "") for row in table.rows]
    several_systems, several_metrics = len(table.systems) > 1, len(table.metrics) > 1
    lines = []
    for system, metric, line, score, interval in entries:
        fields = [one_line(system)] * several_systems + [metric] * several_metrics
        if fields and line is not None:
            fields.append(str(line))
        lines.append("\t".join([*fields, number(score.score, width) + interval]))
    return "\n".join(lines)


def _sacrebleu_interval(ci: ConfidenceInterval | None, width: int) -> str:
    """sacrebleu's ``(μ = MEAN ± HALF)`` after a score (``""`` without an interval)."""
    if ci is None:
        return ""
    return f" (μ = {number(ci.mean, width)} ± {number(0.5 * (ci.high - ci.low), width)})"


def _check_deltas(caller: str, table: AnyTable, deltas: bool) -> None:
    if deltas and not isinstance(table, ResultTable):
        raise InvalidOptionError(
            f"{caller}: deltas must be False for a {type(table).__name__} (got True). "
            "Differences to a baseline are defined for corpus scores (ResultTable) only."
        )


def table_document(table: AnyTable, width: int = WIDTH, deltas: bool = False, short: bool = False) -> Document:
    """A result table or a segment table as a :class:`~simpeval.report.document.Document`, every view built.

    ``width``, ``deltas`` and ``short`` as for :func:`render`; add the document to another one
    (``table_document(table) + agreement_document(correlations)``) to write both as one.

    Raises:
        InvalidOptionError: a negative ``width``, or ``deltas`` for a segment table.

    Examples:
        >>> from simpeval.metrics.score import Score, Signature
        >>> from simpeval.report.table import MetricColumn, ResultTable
        >>> table = ResultTable(("sys",), (MetricColumn("BLEU"),), ((Score("BLEU", 27.25, Signature("BLEU", ())),),))
        >>> [section.name for section in table_document(table).sections]
        ['scores']
    """
    check_width("table_document", width)
    _check_deltas("table_document", table, deltas)
    return build_document(table, Options(width, deltas, bool(short)))


def render_agreement(correlations: Sequence[Correlation], fmt: str = "text", width: int = 3) -> str:
    """Render system-level metric correlations (:func:`simpeval.significance.agreement.metric_agreement`).

    One row per metric pair and coefficient, with the bootstrap percentile interval when it
    was computed (:func:`agreement_document`).

    Raises:
        InvalidOptionError: unknown ``fmt``.

    Examples:
        >>> from simpeval.significance.agreement import Correlation
        >>> c = Correlation("SARI", "BLEU", "kendall", 0.6, 0.2, 0.9, 11, 1000, 12345)
        >>> print(render_agreement([c], "markdown", width=2))
        **Metric agreement across systems**
        <BLANKLINE>
        | Metric A | Metric B | Coefficient | Value |      95% CI |
        |:---------|:---------|:------------|------:|------------:|
        | SARI     | BLEU     | kendall     |  0.60 | (0.20–0.90) |
    """
    check_format("render_agreement", fmt)
    check_width("render_agreement", width)
    return render(agreement_document(correlations, width), fmt)
