"""The human view of a table (text, Markdown, LaTeX, HTML): its grid, legend and signatures.

:func:`build_report` turns a table into a :class:`Report`: a :class:`~simpeval.report.document.Grid` of plain-text
:class:`~simpeval.report.document.Cell` values, legend notes, the signature lines and the optional block of all-pairs
comparisons, which :mod:`~simpeval.report.formats.tables` puts in a document. The number
formatting, significance marks and baseline differences are here too, shared with the flat
records of :mod:`~simpeval.report.formats.records`.

Examples:
    >>> from simpeval.metrics.score import Score, Signature
    >>> from simpeval.report.table import MetricColumn, ResultTable
    >>> sig = Signature("TER", (("version", "0"),))
    >>> table = ResultTable(("a", "b"), (MetricColumn("TER", False),), ((Score("TER", 6, sig),), (Score("TER", 4, sig),)))
    >>> report = build_report(table, Options(width=1, deltas=False))
    >>> report.grid.header, [cell.parts for cell in report.grid.rows[1]]
    (('System', 'TER'), [('b',), ('4.0',)])
    >>> report.notes
    ((None, 'best system per metric (TER: lower is better)'),)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...defaults import ALPHA
from ...metrics.score import Score
from ...significance.results import ConfidenceInterval, PairedResult
from ..document import Cell, Grid, Note, interval
from ..table import ResultTable, SegmentTable

__all__ = [
    "BEST_MARK",
    "COMPARISONS_TITLE",
    "SIGNIFICANT_MARK",
    "SUB_COLUMNS",
    "TEST_NAMES",
    "AnyTable",
    "Cell",
    "Grid",
    "Note",
    "Options",
    "Report",
    "bootstrap_text",
    "build_report",
    "correction_note",
    "delta_baseline",
    "deltas",
    "joined",
    "mark",
    "number",
    "one_line",
    "p_number",
    "p_text",
    "paired_grid",
    "paired_interval",
    "scores_in_order",
    "signed",
    "tests_used",
]

AnyTable = ResultTable | SegmentTable

#: Components shown next to a score when a metric has all of them (SARI), with their headers.
SUB_COLUMNS: tuple[tuple[str, str], ...] = (("add", "Add"), ("keep", "Keep"), ("delete", "Delete"))
#: Text-format mark of the best system per metric (bold in the other human formats); distinct
#: from :data:`SIGNIFICANT_MARK`, so that no mark means both "best" and "significant".
BEST_MARK = "†"
#: Mark of a significant paired test, after its p-value: ``(p = 0.0010)*`` (``p < ALPHA``).
SIGNIFICANT_MARK = "*"
#: Legend symbol of the paired bootstrap's mean and half-interval, as sacrebleu prints them.
BOOTSTRAP_SYMBOL = "(μ ± h)"
#: Names of the paired tests in legends and in the comparisons block.
TEST_NAMES = {"bs": "paired bootstrap", "ar": "approximate randomization"}
COMPARISONS_TITLE = "Pairwise comparisons"


#: Every character :meth:`str.splitlines` breaks at, and the tab, with how :func:`one_line` shows them.
_LINE_BREAKS = str.maketrans({c: repr(c)[1:-1] for c in "\t\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"})


def one_line(name: str) -> str:
    r"""``name`` (a system's, a baseline's) as one line of a table: each line break (and tab)
    shown as its Python escape, so that a name never breaks a row or the columns of the text,
    Markdown or LaTeX formats.

    Examples:
        >>> print(one_line("sys\nA\u2028B"))
        sys\nA\u2028B
    """
    return name.translate(_LINE_BREAKS)


@dataclass(frozen=True)
class Options:
    """What :func:`simpeval.report.render` was asked for, beyond the format.

    Attributes:
        width: decimals of every printed score.
        deltas: whether to add each system's difference to the baseline.
        short: print the signatures with their short keys (``BLEU|#:1|c:mixed|...``).
    """

    width: int
    deltas: bool
    short: bool = False


# ---------------------------------------------------------------- numbers and marks
def number(value: float, width: int) -> str:
    """``value`` with ``width`` decimals."""
    return f"{value:.{width}f}"


def signed(value: float, width: int) -> str:
    """``value`` with a sign and ``width`` decimals, never ``-0.0``."""
    if float(number(value, width)) == 0:
        value = 0.0
    return f"{value:+.{width}f}"


def p_number(p: float) -> str:
    """A p-value with 4 decimals, or ``"< 0.0001"``."""
    return "< 0.0001" if 0 < p < 0.00005 else f"{p:.4f}"


def p_text(p: float) -> str:
    """``"= 0.0010"`` (or ``"< 0.0001"``), as printed after ``p``."""
    text = p_number(p)
    return text if text.startswith("<") else "= " + text


def mark(result: PairedResult) -> str:
    """The significance mark of a paired test (on its corrected p-value, if any), or ``""``."""
    return SIGNIFICANT_MARK if result.significant(ALPHA) else ""


def paired_interval(result: PairedResult | None) -> ConfidenceInterval | None:
    """The tested system's bootstrap interval (mean, low, high) of a paired bootstrap, else ``None``."""
    return result.ci if result is not None and result.test == "bs" else None


def bootstrap_text(result: PairedResult | None, width: int) -> str:
    """``"(μ = 41.2 ± 1.1)"``: a paired bootstrap's mean and half-interval (sacrebleu's ``μ ± CI``), or ``""``."""
    ci = paired_interval(result)
    if ci is None:
        return ""
    return f"(μ = {number(ci.mean, width)} ± {number(0.5 * (ci.high - ci.low), width)})"


def correction_note(results: Sequence[PairedResult]) -> str:
    """``" (holm-corrected p-values)"`` when a correction was applied, else ``""``."""
    corrections = sorted({r.correction for r in results if r.correction and r.corrected_p_value is not None})
    return f" ({', '.join(corrections)}-corrected p-values)" if corrections else ""


def tests_used(results: Sequence[PairedResult]) -> str:
    """The names of the tests behind ``results``, e.g. ``"paired bootstrap"``."""
    return " / ".join(sorted({TEST_NAMES.get(r.test, r.test) for r in results}))


# ---------------------------------------------------------------- table facts
def scores_in_order(table: AnyTable) -> list[Score]:
    """Every score: systems x metrics for a result table, rows for a segment table."""
    if isinstance(table, ResultTable):
        return [score for row in table.scores for score in row]
    return [row.score for row in table.rows]


def delta_baseline(table: ResultTable) -> str:
    """The system the deltas are taken against: the baseline, else the first system."""
    return table.baseline if table.baseline is not None else table.systems[0]


def deltas(table: ResultTable, k: int) -> list[float]:
    """Each system's score minus the baseline's under metric ``k``."""
    base = table.scores[table.systems.index(delta_baseline(table))][k].score
    return [row[k].score - base for row in table.scores]


def paired_grid(table: ResultTable) -> tuple[tuple[PairedResult | None, ...], ...]:
    """``table.paired``, or a grid of ``None`` when no paired test was run."""
    return table.paired if table.paired is not None else tuple((None,) * len(table.metrics) for _ in table.systems)


def _sub_columns(scores: Sequence[Score]) -> tuple[tuple[str, str], ...]:
    """The component sub-columns to show for a metric column (those every score has)."""
    if scores and all(all(key in s.components for key, _ in SUB_COLUMNS) for s in scores):
        return SUB_COLUMNS
    return ()


def _signature_lines(table: AnyTable, short: bool = False) -> tuple[str, ...]:
    return tuple(sig.format(short=short) for name in table.metric_names for sig in table.signatures(name))


# ---------------------------------------------------------------- the report
@dataclass(frozen=True)
class Report:
    """A table as the human formats print it: grid, legend, signatures, optional comparisons."""

    grid: Grid
    notes: tuple[Note, ...]
    signatures: tuple[str, ...]
    comparisons: Grid | None = None
    comparison_notes: tuple[Note, ...] = ()


def joined(cell: Cell, escape: Callable[[str], str], bold: Callable[[str], str]) -> str:
    """The cell's non-empty parts, escaped, joined by a space; part 0 in bold when it is a best score."""
    parts = [escape(part) for part in cell.parts]
    if cell.best:
        parts[0] = bold(parts[0])
    return " ".join(part for part in parts if part)


def build_report(table: AnyTable, opts: Options) -> Report:
    """The format-neutral report of a result table or a segment table."""
    if isinstance(table, ResultTable):
        return _result_report(table, opts)
    return _segment_report(table, opts)


def _result_report(table: ResultTable, opts: Options) -> Report:
    with_deltas = opts.deltas and bool(table.systems)
    header, aligns = ["System"], ["l"]
    body: list[list[Cell]] = [[Cell((one_line(system),))] for system in table.systems]
    for k in range(len(table.metrics)):
        for title, align, cells in _metric_columns(table, k, opts.width, with_deltas):
            header.append(title)
            aligns.append(align)
            for row, cell in zip(body, cells):
                row.append(cell)
    grid = Grid(tuple(header), tuple(tuple(row) for row in body), tuple(aligns))
    notes = _result_notes(table, len(table.systems) > 1, with_deltas)
    return Report(grid, notes, _signature_lines(table, opts.short), *_comparisons_block(table, opts.width))


def _metric_columns(table: ResultTable, k: int, width: int, with_deltas: bool) -> list[tuple[str, str, list[Cell]]]:
    """The columns of metric ``k``, as (header, part alignments, cells): the score cell
    (score, interval, p-value), then the delta and the SARI components when shown."""
    column = table.metrics[k]
    scores = [row[k] for row in table.scores]
    cis = [row[k] for row in table.intervals] if table.intervals else [None] * len(scores)
    tests = [row[k] for row in paired_grid(table)]
    has_ci, has_p, has_mu = any(cis), any(tests), any(paired_interval(test) for test in tests)
    ranked = len(table.systems) > 1 and column.higher_is_better is not None  # a descriptive measure: no mark
    best = table.best_systems(column.name) if ranked else None
    cells: list[Cell] = []
    for system, score, ci, test in zip(table.systems, scores, cis, tests):
        parts = [number(score.score, width)]
        if has_ci:
            parts.append(interval(ci.low, ci.high, width) if ci else "")
        if has_mu:
            parts.append(bootstrap_text(test, width))
        if has_p:
            parts.append(f"(p {p_text(test.reported_p_value)}){mark(test)}" if test else "")
        cells.append(Cell(tuple(parts), None if best is None else system in best))
    columns = [(column.name, "r" + "r" * has_ci + "r" * has_mu + "l" * has_p, cells)]
    if with_deltas:
        columns.append(("Δ", "r", [Cell((signed(delta, width),)) for delta in deltas(table, k)]))
    for key, title in _sub_columns(scores):
        columns.append((title, "r", [Cell((number(score.components[key], width),)) for score in scores]))
    return columns


def _result_notes(table: ResultTable, marks: bool, with_deltas: bool) -> tuple[Note, ...]:
    notes: list[Note] = []
    if marks and any(column.higher_is_better is not None for column in table.metrics):
        lower = [column.name for column in table.metrics if column.higher_is_better is False]
        unranked = [column.name for column in table.metrics if column.higher_is_better is None]
        pairs = ((lower, "lower is better"), (unranked, "not ranked"))
        facts = [f"{', '.join(names)}: {what}" for names, what in pairs if names]
        notes.append((None, "best system per metric" + (f" ({'; '.join(facts)})" if facts else "")))
    levels = sorted({ci.level for row in table.intervals or () for ci in row if ci is not None})
    if levels:
        percents = ", ".join(f"{100 * level:g}%" for level in levels)
        notes.append(("(low–high)", f"{percents} bootstrap confidence interval"))
    tested = [r for row in paired_grid(table) for r in row if r is not None]
    bootstrap = [ci for ci in map(paired_interval, tested) if ci is not None]
    if bootstrap:
        percents = ", ".join(sorted({f"{100 * ci.level:g}%" for ci in bootstrap}))
        notes.append((BOOTSTRAP_SYMBOL, f"paired bootstrap mean of the tested system ± half its {percents} interval"))
    if tested:
        against = ", ".join(sorted({one_line(r.baseline) for r in tested}))
        explanation = f"{tests_used(tested)} test against {against}; {SIGNIFICANT_MARK} marks p < {ALPHA:g}"
        notes.append((f"(p = …){SIGNIFICANT_MARK}", explanation + correction_note(tested)))
    if with_deltas:
        notes.append(("Δ", f"difference to the baseline {one_line(delta_baseline(table))} (system minus baseline)"))
    return tuple(notes)


def _comparisons_block(table: ResultTable, width: int) -> tuple[Grid | None, tuple[Note, ...]]:
    """The all-pairs comparisons: one row per pair and metric. A ``Test`` column only when the
    tests differ; one test is named once, in the legend of the ``p`` column."""
    if not table.comparisons:
        return None, ()
    with_mu = any(paired_interval(r) for r in table.comparisons)
    with_test = len({r.test for r in table.comparisons}) > 1
    rows = tuple(
        (
            Cell((one_line(r.system),)),
            Cell((one_line(r.baseline),)),
            Cell((r.metric,)),
            *([Cell((TEST_NAMES.get(r.test, r.test),))] if with_test else []),
            *([Cell((bootstrap_text(r, width),))] if with_mu else []),
            Cell((p_number(r.reported_p_value) + mark(r),)),
        )
        for r in table.comparisons
    )
    header = ("System", "Baseline", "Metric", *(("Test",) if with_test else ()), *(("μ ± h",) if with_mu else ()), "p")
    grid = Grid(header, rows, ("l",) * len(header))
    notes: list[Note] = []
    if not with_test:
        notes.append(("p", f"{tests_used(table.comparisons)} test of the system against the baseline"))
    if with_mu:
        notes.append((BOOTSTRAP_SYMBOL, "paired bootstrap mean of the system ± half its interval"))
    notes.append((SIGNIFICANT_MARK, f"p < {ALPHA:g}" + correction_note(table.comparisons)))
    return grid, tuple(notes)


def _segment_report(table: SegmentTable, opts: Options) -> Report:
    rows = tuple(
        (
            Cell((str(r.line),)),
            Cell((one_line(r.system),)),
            Cell((r.metric,)),
            Cell((number(r.score.score, opts.width),)),
        )
        for r in table.rows
    )
    grid = Grid(("Line", "System", "Metric", "Score"), rows, ("r", "l", "l", "r"))
    return Report(grid, (), _signature_lines(table, opts.short))
