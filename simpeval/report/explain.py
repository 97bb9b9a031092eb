"""Text and HTML forms of SARI's and BLEU's explanations (:meth:`SARI.explain`, :meth:`BLEU.explain`;
BERTScore's are :mod:`simpeval.report.explain_bertscore`'s).

The explanations are frozen values in :mod:`simpeval.metrics`; this module writes them for
people. :func:`register` installs :func:`render_text` and :func:`render_html` as their
``str()`` and ``_repr_html_`` (``import simpeval`` does it). Both end with the same legend
(:func:`legend`): what each column means in the notation of the metric's paper, what ``-``
and "0/0 -> 0" mean, and for SARI which preset is the paper's formula (``easse-paper-delp``:
precision and recall averaged over the orders before F, deletion by precision).

Examples:
    >>> from simpeval import SARI
    >>> text = render_text(SARI().explain("a b d", ["a b c"], source="a b c"))
    >>> text.splitlines()[0]
    'SARI 12.22 = (add 0.00 + keep 36.67 + delete 0.00) / 3'
"""

from __future__ import annotations

import functools
import html
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..metrics.explanation import register_renderer
from .document import Cell, Document, Grid, Records, Section
from .formats import render

if TYPE_CHECKING:  # only the types: importing the metric modules here would load sacrebleu
    from ..metrics.bleu_explain import BLEUExplanation, BLEUOrder
    from ..metrics.sari.explain import NgramRow, OperationBreakdown, OrderBreakdown, SARIExplanation

__all__ = ["PAPER_PRESET", "explanation_document", "legend", "register", "render_html", "render_text"]

#: The SARI preset that computes the formula as printed in Xu et al. (2016): P and R of each
#: operation averaged over the n-gram orders, F of the averages for add and keep, deletion
#: scored by its precision alone, counts pooled over the corpus.
PAPER_PRESET = "easse-paper-delp"

_SARI_HEADER = ("n-gram", "src", "pred", "refs", "in refs", "src*", "pred*", "refs*", "precision", "recall")
_BLEU_HEADER = ("n-gram", "count", "max ref", "clipped")


def _is_sari(e: Any) -> bool:
    """Whether ``e`` is a SARI explanation (it has operations) rather than a BLEU one."""
    return hasattr(e, "operations")


def _num(value: float) -> str:
    """A count as an integer when it is one, else with 4 significant digits."""
    return str(int(value)) if float(value).is_integer() else f"{value:.4g}"


def _fraction(num: float, den: float) -> str:
    return f"{_num(num)}/{_num(den)}" if den else "-"


def _sari_cells(row: NgramRow, n_refs: int) -> list[str]:
    return [
        row.text,
        _num(row.source_count),
        _num(row.prediction_count),
        _num(row.reference_count),
        f"{row.in_references}/{n_refs}",
        _num(row.weighted_source),
        _num(row.weighted_prediction),
        _num(row.weighted_references),
        _fraction(row.precision_num, row.precision_den),
        _fraction(row.recall_num, row.recall_den),
    ]


def _order_line(order: OrderBreakdown) -> str:
    return (
        f"{order.order}-grams: precision {_fraction(order.precision_num, order.precision_den)} = {order.precision:.2f}, "
        f"recall {_fraction(order.recall_num, order.recall_den)} = {order.recall:.2f}, F1 {order.f1:.2f}"
    )


def _bleu_order_line(order: BLEUOrder) -> str:
    return f"{order.order}-grams: {_num(order.matches)}/{_num(order.total)} matched, precision {order.precision:.2f}"


def _sari_title(e: SARIExplanation) -> str:
    parts = " + ".join(f"{op.operation} {op.score:.2f}" for op in e.operations)
    return f"SARI {e.score.score:.2f} = ({parts}) / 3"


def _sari_facts(e: SARIExplanation) -> list[str]:
    """The lines under the inputs: how counts are weighted, and D-SARI's penalties where they apply."""
    return [f"counts (*): {e.weighting}", *([e.penalties.describe()] if e.penalties is not None else [])]


def _bleu_title(e: BLEUExplanation) -> str:
    return f"BLEU {e.score.score:.2f}"


def _bleu_facts(e: BLEUExplanation) -> str:
    effective = "yes" if e.effective_order else "no"
    return (
        f"hyp_len {_num(e.hyp_len)}, ref_len {_num(e.ref_len)} (closest), brevity penalty {e.bp:.4f}; "
        f"smoothing {e.smoothing}, effective order {effective}"
    )


def _inputs(e: Any) -> list[tuple[str, str]]:
    lines = [("source", e.source)] if _is_sari(e) else []
    lines.append(("prediction", e.prediction))
    lines += [(f"reference {j}", ref) for j, ref in enumerate(e.references, start=1)]
    return lines


# ------------------------------------------------------------------ legend
def _sari_legend(e: SARIExplanation) -> list[tuple[str, str]]:
    signature = e.score.signature
    variant = signature.get("variant") or "custom settings"
    zero = signature.get("zero") or "0"
    other = "1" if zero == "0" else "0"
    if variant == PAPER_PRESET:
        preset = f"{variant}: the formula as printed in Xu et al. (2016)"
    else:
        preset = (
            f"{variant}; the formula as printed in Xu et al. (2016) (P and R averaged over the orders, "
            f"then F; deletion by precision) is SARI({PAPER_PRESET!r}): use it to follow a walk-through "
            "of the paper's equations"
        )
    return [
        ("notation", "Xu et al. (2016): I the source, O the prediction, R the references; n-grams g of order n = 1-4"),
        ("src pred refs", "#g(I), #g(O), #g(R): the n-gram's count in the source, the prediction, all references"),
        ("in refs", "how many of the references contain g"),
        ("src* pred* refs*", "the counts compared, weighted as 'counts (*)' says"),
        ("precision recall", "g's term num/den in p_op(n) and r_op(n); an order line sums its rows' terms"),
        ("-", "g is not part of that ratio (it adds 0 to the numerator and the denominator)"),
        (
            f"0/0 -> {zero}",
            f"an order whose ratio is 0/0 counts {zero} (zero:{zero} in the signature; "
            f"SARI(zero_division={other}) counts {other})",
        ),
        ("preset", preset),  # the signature's variant
        *_penalty_legend(e),
    ]


def _penalty_legend(e: SARIExplanation) -> list[tuple[str, str]]:
    if e.penalties is None:
        return []
    return [
        (
            "LP1 LP2 SLP",
            "D-SARI (Sun et al. 2021), words O output, R reference (mean), I input: LP1 = exp((O - R) / O) if O < R; "
            "LP2 = exp((R - O) / max(I - R, 1)) if O > R; SLP = exp(-|Rs - Os| / max(Rs, Os)) over sentence counts",
        )
    ]


def _bleu_legend(e: BLEUExplanation) -> list[tuple[str, str]]:
    return [
        ("notation", "Papineni et al. (2002): p_n the modified precision of order n, c and r the lengths"),
        ("count", "the n-gram's count in the prediction"),
        ("max ref", "its largest count in any one reference"),
        ("clipped", "min(count, max ref): the matches BLEU credits; p_n = sum of clipped / sum of count"),
        (
            "brevity penalty",
            "exp(1 - r/c) when the prediction (c tokens) is shorter than the closest reference (r), else 1",
        ),
        ("score", f"BP x exp(mean of log p_n); smoothing '{e.smoothing}' replaces a p_n of 0, which would make BLEU 0"),
    ]


def legend(e: Any) -> list[tuple[str, str]]:
    """The legend of an explanation: (term, meaning) pairs, as the text and HTML print them.

    Examples:
        >>> from simpeval import SARI
        >>> dict(legend(SARI().explain("a b d", ["a b c"], source="a b c")))["0/0 -> 0"][:40]
        'an order whose ratio is 0/0 counts 0 (ze'
    """
    return _sari_legend(e) if _is_sari(e) else _bleu_legend(e)


# ------------------------------------------------------------------ text
def _text_table(header: Sequence[str], rows: list[list[str]], indent: str = "    ") -> list[str]:
    widths = [max(len(cell) for cell in column) for column in zip(header, *rows)]
    line = [
        indent + "  ".join(c.ljust(w) if k == 0 else c.rjust(w) for k, (c, w) in enumerate(zip(cells, widths)))
        for cells in [list(header), *rows]
    ]
    return [text.rstrip() for text in line]


def _text_operation(op: OperationBreakdown, n_refs: int) -> list[str]:
    lines = [f"{op.operation.upper()}  {op.score:.2f}  ({op.rule})"]
    for order in op.orders:
        lines.append("  " + _order_line(order))
        if order.rows:
            lines += _text_table(_SARI_HEADER, [_sari_cells(row, n_refs) for row in order.rows])
    return lines


def render_text(e: Any) -> str:
    """An explanation as aligned plain text."""
    lines = [_sari_title(e) if _is_sari(e) else _bleu_title(e), e.score.signature.format()]
    width = max(len(name) for name, _ in _inputs(e))
    lines += [f"{name.ljust(width)}  {text}" for name, text in _inputs(e)]
    if _is_sari(e):
        lines += _sari_facts(e)
        for op in e.operations:
            lines += ["", *_text_operation(op, len(e.references))]
    else:
        lines.append(_bleu_facts(e))
        for order in e.orders:
            lines += ["", _bleu_order_line(order)]
            if order.rows:
                cells = [[r.text, _num(r.count), _num(r.max_reference), _num(r.clipped)] for r in order.rows]
                lines += _text_table(_BLEU_HEADER, cells)
    entries = legend(e)
    width = max(len(term) for term, _ in entries)
    lines += ["", "legend", *(f"  {term.ljust(width)}  {meaning}" for term, meaning in entries)]
    return "\n".join(lines)


# ------------------------------------------------------------------ html
_STYLE = (
    "<style>.simpeval-explain td,.simpeval-explain th{padding:2px 8px;text-align:right}"
    ".simpeval-explain td:first-child,.simpeval-explain th:first-child{text-align:left}"
    ".simpeval-explain .correct{background:#e6f4ea}.simpeval-explain .wrong{background:#fce8e6}</style>"
)


def _html_table(header: Sequence[str], rows: list[tuple[str, list[str]]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join(
        f'<tr class="{kind}">' + "".join(f"<td>{html.escape(c)}</td>" for c in cells) + "</tr>" for kind, cells in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _row_class(good: float, selected: float) -> str:
    return "correct" if good > 0 else "wrong" if selected > 0 else ""


def render_html(e: Any) -> str:
    """An explanation as a self-contained HTML fragment (Jupyter's rich display)."""
    sari = _is_sari(e)
    parts = [
        _STYLE,
        '<div class="simpeval-explain">',
        f"<h4>{html.escape(_sari_title(e) if sari else _bleu_title(e))}</h4>",
    ]
    parts.append(f"<p><code>{html.escape(e.score.signature.format())}</code></p>")
    parts.append(_html_table(("", "text"), [("", [name, text]) for name, text in _inputs(e)]))
    if sari:
        parts += [f"<p>{html.escape(fact)}</p>" for fact in _sari_facts(e)]
        for op in e.operations:
            parts.append(f"<h5>{op.operation.upper()} {op.score:.2f} ({html.escape(op.rule)})</h5>")
            for order in op.orders:
                rows = [
                    (_row_class(r.precision_num + r.recall_num, r.precision_den), _sari_cells(r, len(e.references)))
                    for r in order.rows
                ]
                parts += [f"<p>{html.escape(_order_line(order))}</p>", _html_table(_SARI_HEADER, rows)]
    else:
        parts.append(f"<p>{html.escape(_bleu_facts(e))}</p>")
        for order in e.orders:
            rows = [
                (_row_class(r.clipped, r.count), [r.text, _num(r.count), _num(r.max_reference), _num(r.clipped)])
                for r in order.rows
            ]
            parts += [f"<p>{html.escape(_bleu_order_line(order))}</p>", _html_table(_BLEU_HEADER, rows)]
    items = "".join(f"<tr><td><code>{html.escape(t)}</code></td><td>{html.escape(m)}</td></tr>" for t, m in legend(e))
    parts.append(f"<details><summary>legend</summary><table><tbody>{items}</tbody></table></details>")
    parts.append("</div>")
    return "".join(parts)


# ------------------------------------------------------------------ the document (every other format)
def _sari_record(op: OperationBreakdown, order: OrderBreakdown, row: NgramRow) -> dict[str, Any]:
    return {
        "operation": op.operation,
        "order": order.order,
        "ngram": row.text,
        **{column: getattr(row, column) for column in _SARI_COLUMNS},
    }


_SARI_COLUMNS = (
    "source_count",
    "prediction_count",
    "reference_count",
    "in_references",
    "weighted_source",
    "weighted_prediction",
    "weighted_references",
    "precision_num",
    "precision_den",
    "recall_num",
    "recall_den",
)
_BLEU_COLUMNS = ("count", "max_reference", "clipped")


def _order_sections(e: Any) -> tuple[list[Section], Records]:
    """One section per n-gram order (per operation for SARI), and the flat records of every n-gram."""
    sections, records = [], []
    if _is_sari(e):
        for op in e.operations:
            for order in op.orders:
                rows = tuple(tuple(Cell((c,)) for c in _sari_cells(r, len(e.references))) for r in order.rows)
                grid = Grid(_SARI_HEADER, rows, ("l", *("r" for _ in _SARI_HEADER[1:])))
                title = f"{op.operation.upper()} {op.score:.2f} ({op.rule}): {_order_line(order)}"
                sections.append(Section(f"{op.operation}-{order.order}", title, grid))
                records += [_sari_record(op, order, r) for r in order.rows]
        return sections, Records(("operation", "order", "ngram", *_SARI_COLUMNS), tuple(records))
    for order in e.orders:
        cells = [[r.text, _num(r.count), _num(r.max_reference), _num(r.clipped)] for r in order.rows]
        grid = Grid(_BLEU_HEADER, tuple(tuple(Cell((c,)) for c in row) for row in cells), ("l", "r", "r", "r"))
        sections.append(Section(f"order-{order.order}", _bleu_order_line(order), grid))
        records += [
            {"order": order.order, "ngram": r.text, **{c: getattr(r, c) for c in _BLEU_COLUMNS}} for r in order.rows
        ]
    return sections, Records(("order", "ngram", *_BLEU_COLUMNS), tuple(records))


def explanation_document(e: Any) -> Document:
    """An explanation as a document: the score, its signature and inputs, a grid per n-gram order,
    the legend; one record per n-gram (CSV, TSV, JSON Lines) and the explanation's
    :meth:`~simpeval.metrics.explanation.ExplanationPart.to_dict` as JSON.

    Examples:
        >>> from simpeval import BLEU
        >>> document = explanation_document(BLEU().explain("a b c", ["a b d"]))
        >>> [section.title for section in document.sections][:2]
        ['BLEU 0.00', '1-grams: 2/3 matched, precision 66.67']
    """
    sections, records = _order_sections(e)
    inputs = Grid(("input", "text"), tuple((Cell((name,)), Cell((text,))) for name, text in _inputs(e)), ("l", "l"))
    facts = tuple(_sari_facts(e)) if _is_sari(e) else (_bleu_facts(e),)
    first = Section(
        "explanation",
        _sari_title(e) if _is_sari(e) else _bleu_title(e),
        inputs,
        notes=facts,
        signatures=(e.score.signature.format(),),
        records=records,
        line_records=records,
        tree=e.to_dict(),
        line_objects=records.rows,
    )
    return Document((first, *sections, Section("legend", "legend", legend=tuple(legend(e)))))


def _via_document(e: Any, fmt: str) -> str:
    return render(explanation_document(e), fmt)


def register() -> None:
    """Make :func:`render_text` and :func:`render_html` the ``str()`` and HTML of SARI's and BLEU's
    explanations, and :func:`explanation_document` their other formats (Markdown, LaTeX, CSV, TSV,
    JSON Lines); BERTScore's are :mod:`simpeval.report.explain_bertscore`'s (its own ``register``)."""
    for fmt in ("markdown", "latex", "csv", "tsv", "jsonl"):
        register_renderer(fmt, functools.partial(_via_document, fmt=fmt))
    register_renderer("text", render_text)
    register_renderer("html", render_html)
