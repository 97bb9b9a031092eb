"""Pure renderers: a :class:`ResultTable` (or :class:`SegmentTable`) in, a string out.

Every format is built in two steps. :func:`_result_report` (or :func:`_segment_report`) turns a table
into a format-neutral :class:`_Report`: a grid of plain-text cells, legend notes, signatures and the
optional all-pairs block. One small function per format then writes that report as text, Markdown,
LaTeX or HTML. CSV, JSON and :meth:`ResultTable.to_pandas` share the flat records of
:func:`_records` instead (one per system and metric).

Conventions of the human formats (text, Markdown, LaTeX, HTML):

- the best system of each metric (by the metric's direction; TER: lower is better) is marked with
  ``*`` after the score in text and in bold elsewhere, when there is more than one system;
- a bootstrap confidence interval follows the score: ``41.2 (40.1–42.3)``;
- a paired test against the baseline follows as ``(p = 0.0010)*``, the ``*`` meaning
  ``p < 0.05`` (the corrected p-value when a correction was applied);
- ``deltas=True`` adds a ``Δ`` column per metric: system minus baseline;
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
    sys,BLEU,27.2,,,,,,BLEU|nrefs:1|version:0
"""

from __future__ import annotations

import csv
import html
import io
import json
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence, Union

from ..exceptions import InvalidOptionError, MissingDependencyError
from ..metrics.score import Score
from ..significance.results import PairedResult
from .table import ResultTable, SegmentTable

if TYPE_CHECKING:  # pragma: no cover
    from ..significance.agreement import Correlation

if TYPE_CHECKING:  # pragma: no cover
    import pandas

__all__ = ["available_formats", "render", "render_agreement", "to_dataframe"]

AnyTable = Union[ResultTable, SegmentTable]

#: Components shown next to a score when a metric has all of them (SARI), with their headers.
SUB_COLUMNS: tuple[tuple[str, str], ...] = (("keep", "Keep"), ("delete", "Delete"), ("add", "Add"))

#: Text-format mark of the best system per metric (bold in the other human formats).
BEST_MARK = "*"
#: Mark of a significant paired test, after its p-value: ``(p = 0.0010)*``.
SIGNIFICANT_MARK = "*"
#: Significance level of that mark (applied to the corrected p-value when there is one).
ALPHA = 0.05
#: The pandas extra named in :class:`MissingDependencyError` (``pip install 'simpeval[pandas]'``).
PANDAS_EXTRA = "pandas"

TEST_NAMES = {"bs": "paired bootstrap", "ar": "approximate randomization"}


def available_formats() -> list[str]:
    """Names accepted by :func:`render`'s ``fmt``.

    Examples:
        >>> available_formats()
        ['csv', 'html', 'json', 'latex', 'markdown', 'text']
    """
    return sorted(_RENDERERS)


def render(
    table: AnyTable, fmt: str = "text", width: int = 1, score_only: bool = False, deltas: bool = False
) -> str:
    """Render a result table.

    Args:
        table: corpus scores (:class:`ResultTable`) or sentence-level scores (:class:`SegmentTable`).
        fmt: one of :func:`available_formats`: ``"text"`` (aligned table), ``"markdown"`` (GitHub
            table), ``"latex"`` (booktabs ``tabular`` fragment), ``"html"`` (``<table>`` fragment),
            ``"csv"`` or ``"json"`` (one record per system and metric, or per segment).
        width: number of decimals of every printed score (JSON and CSV values are rounded to it;
            p-values are printed with 4 decimals in the human formats and unrounded in CSV/JSON).
        score_only: print only the scores, one per line, systems x metrics (x segments) order.
        deltas: add each system's difference to the baseline (``table.baseline``, or the first
            system) under every metric. :class:`ResultTable` only.

    Raises:
        InvalidOptionError: unknown ``fmt``, a negative ``width``, or ``deltas`` for a segment table.
    """
    if fmt not in _RENDERERS:
        raise InvalidOptionError(f"render: fmt must be one of {', '.join(available_formats())} (got {fmt!r}).")
    if isinstance(width, bool) or not isinstance(width, int) or width < 0:
        raise InvalidOptionError(f"render: width must be a non-negative integer (got {width!r}).")
    if deltas and not isinstance(table, ResultTable):
        raise InvalidOptionError(
            f"render: deltas must be False for a {type(table).__name__} (got True). "
            "Differences to a baseline are defined for corpus scores (ResultTable) only."
        )
    if score_only:
        return "\n".join(_number(score.score, width) for score in _scores_in_order(table))
    return _RENDERERS[fmt](table, _Options(width, deltas))


def to_dataframe(table: ResultTable, deltas: bool = False) -> pandas.DataFrame:
    """The CSV records of ``table`` as a :class:`pandas.DataFrame` (unrounded; ``NaN`` where not computed).

    Raises:
        MissingDependencyError: pandas is not installed.
    """
    try:
        import pandas
    except ImportError as err:
        raise MissingDependencyError(
            f"ResultTable.to_pandas: pandas must be installed (got {err}). "
            f"Install it with: pip install 'simpeval[{PANDAS_EXTRA}]'"
        ) from err
    columns, records = _records(table, deltas)
    return pandas.DataFrame.from_records(records, columns=columns)


# ---------------------------------------------------------------- shared helpers
@dataclass(frozen=True)
class _Options:
    width: int
    deltas: bool


def _number(value: float, width: int) -> str:
    return f"{value:.{width}f}"


def _signed(value: float, width: int) -> str:
    if float(_number(value, width)) == 0:  # no "-0.0"
        value = 0.0
    return f"{value:+.{width}f}"


def _p_number(p: float) -> str:
    return "< 0.0001" if 0 < p < 0.00005 else f"{p:.4f}"


def _p_text(p: float) -> str:
    """``"= 0.0010"`` (or ``"< 0.0001"``), as printed after ``p``."""
    number = _p_number(p)
    return number if number.startswith("<") else "= " + number


def _mark(result: PairedResult) -> str:
    """The significance mark of a paired test (on its corrected p-value, if any), or ``""``."""
    return SIGNIFICANT_MARK if result.significant(ALPHA) else ""


def _scores_in_order(table: AnyTable) -> list[Score]:
    if isinstance(table, ResultTable):
        return [score for row in table.scores for score in row]
    return [row.score for row in table.rows]


def _sub_columns(scores: Sequence[Score]) -> tuple[tuple[str, str], ...]:
    """The component sub-columns to show for a metric column (those every score has)."""
    if scores and all(all(key in s.components for key, _ in SUB_COLUMNS) for s in scores):
        return SUB_COLUMNS
    return ()


def _signature_lines(table: AnyTable) -> tuple[str, ...]:
    return tuple(sig.format() for name in table.metric_names for sig in table.signatures(name))


def _delta_baseline(table: ResultTable) -> str:
    return table.baseline if table.baseline is not None else table.systems[0]


def _deltas(table: ResultTable, k: int) -> list[float]:
    """Each system's score minus the baseline's under metric ``k``."""
    base = table.scores[table.systems.index(_delta_baseline(table))][k].score
    return [row[k].score - base for row in table.scores]


def _paired_grid(table: ResultTable) -> tuple[tuple[Optional[PairedResult], ...], ...]:
    return table.paired if table.paired is not None else tuple((None,) * len(table.metrics) for _ in table.systems)


def _correction_note(results: Sequence[PairedResult]) -> str:
    corrections = sorted({r.correction for r in results if r.correction and r.corrected_p_value is not None})
    return f" ({', '.join(corrections)}-corrected p-values)" if corrections else ""


def _tests(results: Sequence[PairedResult]) -> str:
    return " / ".join(sorted({TEST_NAMES.get(r.test, r.test) for r in results}))


# ---------------------------------------------------------------- the format-neutral report
@dataclass(frozen=True)
class _Cell:
    """One table cell: plain-text parts (score, interval, p-value) and whether it is a best score.

    ``best`` is ``None`` for cells that are never marked; the human formats join the parts with a
    space (the text format aligns each part as a sub-column) and highlight part 0 when ``best``.
    """

    parts: tuple[str, ...]
    best: Optional[bool] = None


@dataclass(frozen=True)
class _Grid:
    """A header row, body rows and, per column, the alignment (``"l"``/``"r"``) of each cell part."""

    header: tuple[str, ...]
    rows: tuple[tuple[_Cell, ...], ...]
    aligns: tuple[str, ...]


#: A legend note: (symbol, explanation); symbol ``None`` stands for the format's best-system mark.
_Note = tuple[Optional[str], str]


@dataclass(frozen=True)
class _Report:
    grid: _Grid
    notes: tuple[_Note, ...]
    signatures: tuple[str, ...]
    comparisons: Optional[_Grid] = None
    comparison_notes: tuple[_Note, ...] = ()


COMPARISONS_TITLE = "Pairwise comparisons"


def _result_report(table: ResultTable, opts: _Options) -> _Report:
    deltas = opts.deltas and bool(table.systems)
    header, aligns = ["System"], ["l"]
    body: list[list[_Cell]] = [[_Cell((system,))] for system in table.systems]
    for k in range(len(table.metrics)):
        for title, align, cells in _metric_columns(table, k, opts.width, deltas):
            header.append(title)
            aligns.append(align)
            for row, cell in zip(body, cells):
                row.append(cell)
    grid = _Grid(tuple(header), tuple(tuple(row) for row in body), tuple(aligns))
    notes = _result_notes(table, len(table.systems) > 1, deltas)
    return _Report(grid, notes, _signature_lines(table), *_comparisons_block(table))


def _metric_columns(table: ResultTable, k: int, width: int, deltas: bool) -> list[tuple[str, str, list[_Cell]]]:
    """The columns of metric ``k``, as (header, part alignments, cells): the score cell
    (score, interval, p-value), then the delta and the SARI components when shown."""
    column = table.metrics[k]
    scores = [row[k] for row in table.scores]
    cis = [row[k] for row in table.intervals] if table.intervals else [None] * len(scores)
    tests = [row[k] for row in _paired_grid(table)]
    has_ci, has_p = any(cis), any(tests)
    best = table.best_systems(column.name) if len(table.systems) > 1 else None
    cells: list[_Cell] = []
    for system, score, ci, test in zip(table.systems, scores, cis, tests):
        parts = [_number(score.score, width)]
        if has_ci:
            parts.append(f"({_number(ci.low, width)}–{_number(ci.high, width)})" if ci else "")
        if has_p:
            parts.append(f"(p {_p_text(test.reported_p_value)}){_mark(test)}" if test else "")
        cells.append(_Cell(tuple(parts), None if best is None else system in best))
    columns = [(column.name, "r" + "r" * has_ci + "l" * has_p, cells)]
    if deltas:
        columns.append(("Δ", "r", [_Cell((_signed(delta, width),)) for delta in _deltas(table, k)]))
    for key, title in _sub_columns(scores):
        columns.append((title, "r", [_Cell((_number(score.components[key], width),)) for score in scores]))
    return columns


def _result_notes(table: ResultTable, marks: bool, deltas: bool) -> tuple[_Note, ...]:
    notes: list[_Note] = []
    if marks:
        lower = [column.name for column in table.metrics if not column.higher_is_better]
        notes.append((None, "best system per metric" + (f" ({', '.join(lower)}: lower is better)" if lower else "")))
    levels = sorted({ci.level for row in table.intervals or () for ci in row if ci is not None})
    if levels:
        percents = ", ".join(f"{100 * level:g}%" for level in levels)
        notes.append(("(low–high)", f"{percents} bootstrap confidence interval"))
    tested = [r for row in _paired_grid(table) for r in row if r is not None]
    if tested:
        against = ", ".join(sorted({r.baseline for r in tested}))
        notes.append(
            (
                f"(p = …){SIGNIFICANT_MARK}",
                f"{_tests(tested)} test against {against}; {SIGNIFICANT_MARK} marks p < {ALPHA:g}"
                + _correction_note(tested),
            )
        )
    if deltas:
        notes.append(("Δ", f"difference to the baseline {_delta_baseline(table)} (system minus baseline)"))
    return tuple(notes)


def _comparisons_block(table: ResultTable) -> tuple[Optional[_Grid], tuple[_Note, ...]]:
    if not table.comparisons:
        return None, ()
    rows = tuple(
        (
            _Cell((r.system,)),
            _Cell((r.baseline,)),
            _Cell((r.metric,)),
            _Cell((TEST_NAMES.get(r.test, r.test),)),
            _Cell((_p_number(r.reported_p_value) + _mark(r),)),
        )
        for r in table.comparisons
    )
    grid = _Grid(("System", "Baseline", "Metric", "Test", "p"), rows, ("l", "l", "l", "l", "l"))
    note = (SIGNIFICANT_MARK, f"p < {ALPHA:g}" + _correction_note(table.comparisons))
    return grid, (note,)


def _segment_report(table: SegmentTable, opts: _Options) -> _Report:
    rows = tuple(
        (_Cell((str(r.line),)), _Cell((r.system,)), _Cell((r.metric,)), _Cell((_number(r.score.score, opts.width),)))
        for r in table.rows
    )
    grid = _Grid(("Line", "System", "Metric", "Score"), rows, ("r", "l", "l", "r"))
    return _Report(grid, (), _signature_lines(table))


def _report(table: AnyTable, opts: _Options) -> _Report:
    if isinstance(table, ResultTable):
        return _result_report(table, opts)
    return _segment_report(table, opts)


# ---------------------------------------------------------------- text
def _text_grid(grid: _Grid) -> list[str]:
    """Align the grid, one sub-column per cell part; a best score gets ``*``, other scores a space."""
    header: list[str] = []
    for j, title in enumerate(grid.header):
        marked = any(row[j].best is not None for row in grid.rows)
        header += [title + (" " if marked else "")] + [""] * (len(grid.aligns[j]) - 1)
    rows = [header]
    for row in grid.rows:
        cells: list[str] = []
        for cell in row:
            mark = "" if cell.best is None else (BEST_MARK if cell.best else " ")
            cells += [cell.parts[0] + mark, *cell.parts[1:]]
        rows.append(cells)
    aligns = "".join(grid.aligns)
    widths = [max(len(row[k]) for row in rows) for k in range(len(aligns))]
    return [
        "  ".join(c.ljust(w) if a == "l" else c.rjust(w) for c, w, a in zip(row, widths, aligns)).rstrip()
        for row in rows
    ]


def _text_notes(notes: Sequence[_Note]) -> list[str]:
    return [f"{BEST_MARK if symbol is None else symbol} {text}" for symbol, text in notes]


def _text(table: AnyTable, opts: _Options) -> str:
    report = _report(table, opts)
    lines = _text_grid(report.grid) + [""] + _text_notes(report.notes) + list(report.signatures)
    if report.comparisons is not None:
        lines += ["", COMPARISONS_TITLE, *_text_grid(report.comparisons), "", *_text_notes(report.comparison_notes)]
    return "\n".join(lines)


# ---------------------------------------------------------------- markdown
_MD_SPECIAL = set("\\`*_[]<>|#")


def _md_escape(text: str) -> str:
    return "".join("\\" + c if c in _MD_SPECIAL else c for c in text)


def _joined(cell: _Cell, escape: Callable[[str], str], bold: Callable[[str], str]) -> str:
    """The cell's non-empty parts, escaped, joined by a space; part 0 in bold when it is a best score."""
    parts = [escape(part) for part in cell.parts]
    if cell.best:
        parts[0] = bold(parts[0])
    return " ".join(part for part in parts if part)


def _md_grid(grid: _Grid) -> list[str]:
    rows = [[_md_escape(h) for h in grid.header]]
    rows += [[_joined(cell, _md_escape, lambda s: f"**{s}**") for cell in row] for row in grid.rows]
    right = [a[0] == "r" for a in grid.aligns]
    widths = [max(3, *(len(row[j]) for row in rows)) for j in range(len(right))]

    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(c.rjust(w) if r else c.ljust(w) for c, w, r in zip(cells, widths, right)) + " |"

    rule = "|" + "|".join("-" * (w + 1) + ":" if r else ":" + "-" * (w + 1) for w, r in zip(widths, right)) + "|"
    return [line(rows[0]), rule, *(line(row) for row in rows[1:])]


def _md_notes(notes: Sequence[_Note]) -> list[str]:
    return [f"- {'**bold**' if s is None else _md_escape(s)}: {_md_escape(text)}" for s, text in notes]


def _markdown(table: AnyTable, opts: _Options) -> str:
    report = _report(table, opts)
    lines = _md_grid(report.grid)
    if report.notes:
        lines += ["", *_md_notes(report.notes)]
    lines += ["", "```text", *report.signatures, "```"]
    if report.comparisons is not None:
        lines += ["", f"**{COMPARISONS_TITLE}**", "", *_md_grid(report.comparisons)]
        lines += ["", *_md_notes(report.comparison_notes)]
    return "\n".join(lines)


# ---------------------------------------------------------------- latex
_LATEX_SPECIAL = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "<": r"\textless{}",
    ">": r"\textgreater{}",
    "|": r"\textbar{}",
    "–": "--",
    "…": r"\ldots{}",
    "Δ": r"$\Delta$",
}


def _latex_escape(text: str, keep: str = "") -> str:
    """Escape LaTeX's special characters except those in ``keep``.

    A ``-`` before another ``-`` is split off, so that no dash ligature forms (``Dress--Ls``).
    """
    out = []
    for i, c in enumerate(text):
        if c == "-" and text[i + 1 : i + 2] == "-":
            out.append("-{}")
        else:
            out.append(c if c in keep else _LATEX_SPECIAL.get(c, c))
    return "".join(out)


def _latex_tt(text: str) -> str:
    """``\\texttt`` of ``text``; the typewriter font has glyphs of its own for ``|``, ``<`` and ``>``."""
    return r"\texttt{" + _latex_escape(text, keep="|<>") + "}"


def _latex_grid(grid: _Grid) -> list[str]:
    def row(cells: Sequence[str]) -> str:
        return " & ".join(cells) + r" \\"

    body = [row([_joined(cell, _latex_escape, lambda s: rf"\textbf{{{s}}}") for cell in cells]) for cells in grid.rows]
    spec = "".join(a[0] for a in grid.aligns)
    return [
        rf"\begin{{tabular}}{{{spec}}}",
        r"\toprule",
        row([_latex_escape(h) for h in grid.header]),
        r"\midrule",
        *body,
        r"\bottomrule",
        r"\end{tabular}",
    ]


def _latex_small(lines: Sequence[str]) -> list[str]:
    """Footnote-size lines below a tabular."""
    if not lines:
        return []
    return [r"\par\smallskip", r"{\footnotesize", *(line + r"\par" for line in lines), "}"]


_LATEX_BEST = r"\textbf{bold}"


def _latex_notes(notes: Sequence[_Note]) -> list[str]:
    return [f"{_LATEX_BEST if s is None else _latex_escape(s)}: {_latex_escape(text)}" for s, text in notes]


def _latex(table: AnyTable, opts: _Options) -> str:
    report = _report(table, opts)
    signatures = [_latex_tt(sig) for sig in report.signatures]
    lines = ["% simpeval results; needs \\usepackage{booktabs}", *_latex_grid(report.grid)]
    lines += _latex_small(_latex_notes(report.notes) + signatures)
    if report.comparisons is not None:
        lines += [r"\par\medskip", rf"{{\small {COMPARISONS_TITLE}}}\par\smallskip", *_latex_grid(report.comparisons)]
        lines += _latex_small(_latex_notes(report.comparison_notes))
    return "\n".join(lines)


# ---------------------------------------------------------------- html
def _html_escape(text: str) -> str:
    return html.escape(text, quote=True)


def _html_cell(cell: _Cell) -> str:
    return _joined(cell, _html_escape, lambda text: f"<strong>{text}</strong>")


def _html_grid(grid: _Grid, caption: Optional[str] = None) -> list[str]:
    styles = [f' style="text-align: {"right" if a[0] == "r" else "left"}"' for a in grid.aligns]
    head = "".join(f"<th{s}>{_html_escape(h)}</th>" for s, h in zip(styles, grid.header))
    body = [
        "<tr>" + "".join(f"<td{style}>{_html_cell(cell)}</td>" for style, cell in zip(styles, row)) + "</tr>"
        for row in grid.rows
    ]
    title = [f"<caption>{_html_escape(caption)}</caption>"] if caption else []
    head_lines = ['<table class="simpeval-table">', *title, "<thead>", f"<tr>{head}</tr>", "</thead>"]
    return [*head_lines, "<tbody>", *body, "</tbody>", "</table>"]


def _html_notes(notes: Sequence[_Note]) -> list[str]:
    if not notes:
        return []
    items = [f"{'<strong>bold</strong>' if s is None else _html_escape(s)}: {_html_escape(text)}" for s, text in notes]
    return ['<p class="simpeval-legend">' + "<br>\n".join(items) + "</p>"]


def _html(table: AnyTable, opts: _Options) -> str:
    report = _report(table, opts)
    lines = ['<div class="simpeval-report">', *_html_grid(report.grid), *_html_notes(report.notes)]
    signatures = "\n".join(_html_escape(sig) for sig in report.signatures)
    lines.append(f'<pre class="simpeval-signatures">{signatures}</pre>')
    if report.comparisons is not None:
        lines += _html_grid(report.comparisons, COMPARISONS_TITLE) + _html_notes(report.comparison_notes)
    return "\n".join(lines + ["</div>"])


# ---------------------------------------------------------------- records: csv, json, pandas
_Value = Union[str, float, None]
_P_COLUMNS = ("p_value", "p_value_corrected")


def _component_columns(scores: Sequence[Score]) -> dict[str, str]:
    """Component name -> CSV column: SARI's keep/delete/add first, then the others in first-seen order.

    A component whose name clashes with a fixed column gets a ``component_`` prefix.
    """
    fixed = {"line", "system", "metric", "score", "ci_low", "ci_high", "ci_mean", "delta", "comparisons", "signature"}
    seen = list(dict.fromkeys(key for score in scores for key in score.components))
    known = [key for key, _ in SUB_COLUMNS if key in seen]
    ordered = known + [key for key in seen if key not in known]
    return {key: f"component_{key}" if key in fixed.union(_P_COLUMNS) else key for key in ordered}


def _comparisons_of(table: ResultTable, system: str, metric: str) -> list[PairedResult]:
    return [r for r in table.comparisons if r.metric == metric and system in (r.system, r.baseline)]


def _records(table: ResultTable, deltas: bool = False) -> tuple[list[str], list[dict[str, _Value]]]:
    """Flat, unrounded records (one per system and metric) and their column order: CSV and pandas."""
    components = _component_columns(_scores_in_order(table))
    columns = ["system", "metric", "score", *components.values(), "ci_low", "ci_high", "ci_mean"]
    columns += ["p_value", "p_value_corrected"] + (["delta"] if deltas else [])
    columns += (["comparisons"] if table.comparisons else []) + ["signature"]
    paired = _paired_grid(table)
    records: list[dict[str, _Value]] = []
    for i, system in enumerate(table.systems):
        for k, column in enumerate(table.metrics):
            score, ci, test = table.scores[i][k], table.interval(system, column.name), paired[i][k]
            record: dict[str, _Value] = dict.fromkeys(columns)
            record.update(system=system, metric=column.name, score=score.score, signature=score.signature.format())
            record.update({components[key]: value for key, value in score.components.items()})
            if ci is not None:
                record.update(ci_low=ci.low, ci_high=ci.high, ci_mean=ci.mean)
            if test is not None:
                record.update(p_value=test.p_value, p_value_corrected=test.corrected_p_value)
            if deltas:
                record["delta"] = _deltas(table, k)[i]
            if table.comparisons:
                record["comparisons"] = "; ".join(
                    f"{r.system} vs {r.baseline}: {r.test} p {_p_text(r.reported_p_value)}{_mark(r)}"
                    for r in _comparisons_of(table, system, column.name)
                )
            records.append(record)
    return columns, records


def _segment_records(table: SegmentTable) -> tuple[list[str], list[dict[str, _Value]]]:
    components = _component_columns([row.score for row in table.rows])
    columns = ["line", "system", "metric", "score", *components.values(), "signature"]
    records: list[dict[str, _Value]] = []
    for row in table.rows:
        record: dict[str, _Value] = dict.fromkeys(columns)
        record.update(line=str(row.line), system=row.system, metric=row.metric, score=row.score.score)
        record.update({components[key]: value for key, value in row.score.components.items()})
        record["signature"] = row.score.signature.format()
        records.append(record)
    return columns, records


def _csv(table: AnyTable, opts: _Options) -> str:
    if isinstance(table, ResultTable):
        columns, records = _records(table, opts.deltas)
    else:
        columns, records = _segment_records(table)

    def cell(key: str, value: _Value) -> str:
        if value is None:
            return ""
        if isinstance(value, float):  # scores to `width` decimals, p-values unrounded
            return repr(value) if key in _P_COLUMNS else _number(value, opts.width)
        return value

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    writer.writerows([cell(key, record[key]) for key in columns] for record in records)
    return out.getvalue().rstrip("\n")


def _rounded_components(score: Score, width: int) -> dict[str, float]:
    return {key: round(value, width) for key, value in score.components.items()}


def _paired_json(result: PairedResult) -> dict[str, Any]:
    record: dict[str, Any] = {"baseline": result.baseline, "test": result.test, "p_value": result.p_value}
    if result.corrected_p_value is not None:
        record.update(p_value_corrected=result.corrected_p_value, correction=result.correction)
    record.update(significant=result.significant(ALPHA), n_resamples=result.n_resamples, seed=result.seed)
    return record


def _json_result(table: ResultTable, opts: _Options) -> list[dict[str, Any]]:
    w, paired = opts.width, _paired_grid(table)
    records: list[dict[str, Any]] = []
    for i, (system, scores) in enumerate(zip(table.systems, table.scores)):
        for k, (column, score) in enumerate(zip(table.metrics, scores)):
            record: dict[str, Any] = {
                "system": system,
                "metric": column.name,
                "score": round(score.score, w),
                "signature": score.signature.format(),
                "components": _rounded_components(score, w),
                "higher_is_better": column.higher_is_better,
            }
            ci = table.interval(system, column.name)
            if ci is not None:
                record["ci"] = {"low": round(ci.low, w), "high": round(ci.high, w), "mean": round(ci.mean, w)}
                record["ci"].update(level=ci.level, n_resamples=ci.n_resamples, seed=ci.seed)
            test = paired[i][k]
            if test is not None:
                record.update(_paired_json(test))
            if opts.deltas:
                record.update(delta=round(_deltas(table, k)[i], w), delta_baseline=_delta_baseline(table))
            if table.comparisons:
                record["comparisons"] = [
                    {"system": r.system, **_paired_json(r)} for r in _comparisons_of(table, system, column.name)
                ]
            records.append(record)
    return records


def _json(table: AnyTable, opts: _Options) -> str:
    if isinstance(table, ResultTable):
        records = _json_result(table, opts)
    else:
        records = [
            {
                "line": row.line,
                "system": row.system,
                "metric": row.metric,
                "score": round(row.score.score, opts.width),
                "signature": row.score.signature.format(),
                "components": _rounded_components(row.score, opts.width),
            }
            for row in table.rows
        ]
    return json.dumps(records, indent=2, ensure_ascii=False)


_RENDERERS: dict[str, Callable[[Any, _Options], str]] = {
    "text": _text,
    "markdown": _markdown,
    "latex": _latex,
    "html": _html,
    "csv": _csv,
    "json": _json,
}


# ---------------------------------------------------------------- metric agreement
AGREEMENT_TITLE = "Metric agreement across systems"


def render_agreement(correlations: Sequence[Correlation], fmt: str = "text", width: int = 3) -> str:
    """Render system-level metric correlations (:func:`simpeval.significance.agreement.metric_agreement`).

    One row per metric pair and coefficient, with the bootstrap percentile interval when it
    was computed. ``json`` gives a list of objects; ``csv`` one line per row.

    Examples:
        >>> from simpeval.significance.agreement import Correlation
        >>> c = Correlation("SARI", "BLEU", "kendall", 0.6, 0.2, 0.9, 11, 1000, 12345)
        >>> print(render_agreement([c], "markdown", width=2))
        | Metric A | Metric B | Coefficient | Value |    95% CI |
        |:---------|:---------|:------------|------:|----------:|
        | SARI     | BLEU     | kendall     |  0.60 | 0.20–0.90 |
    """
    if fmt not in _RENDERERS:
        raise InvalidOptionError(
            f"render_agreement: fmt must be one of {', '.join(available_formats())} (got {fmt!r})."
        )
    if fmt in ("json", "csv"):
        records = [
            {
                "metric_a": c.metric_a, "metric_b": c.metric_b, "method": c.method, "value": c.value,
                "ci_low": None if math.isnan(c.low) else c.low, "ci_high": None if math.isnan(c.high) else c.high,
                "n_systems": c.n_systems, "n_resamples": c.n_resamples, "seed": c.seed,
            }
            for c in correlations
        ]  # fmt: skip
        if fmt == "json":
            return json.dumps(records, indent=2, ensure_ascii=False)
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=list(records[0]) if records else ["metric_a"], lineterminator="\n")
        writer.writeheader()
        writer.writerows({k: ("" if v is None else v) for k, v in r.items()} for r in records)
        return out.getvalue().rstrip("\n")

    def number(value: float) -> str:
        return "n/a" if math.isnan(value) else f"{value:.{width}f}"

    rows = tuple(
        (_Cell((c.metric_a,)), _Cell((c.metric_b,)), _Cell((c.method,)), _Cell((number(c.value),)),
         _Cell((f"{number(c.low)}–{number(c.high)}" if c.n_resamples else "",)))
        for c in correlations
    )  # fmt: skip
    grid = _Grid(("Metric A", "Metric B", "Coefficient", "Value", "95% CI"), rows, ("l", "l", "l", "r", "r"))
    if fmt == "text":
        return "\n".join([AGREEMENT_TITLE, *_text_grid(grid)])
    if fmt == "markdown":
        return "\n".join(_md_grid(grid))
    if fmt == "latex":
        return "\n".join(_latex_grid(grid))
    return "\n".join(_html_grid(grid, caption=AGREEMENT_TITLE))
