"""Text, HTML and the other forms of BERTScore's explanation (:meth:`BERTScore.explain
<simpeval.metrics.learned.bertscore.BERTScore.explain>`).

For each reference: the precision table (each prediction token, its weight and share, the
reference token it matched and the cosine), the recall table (each reference token and its best
prediction token), and in HTML the cosine matrix as a heat map (inline SVG,
:func:`simpeval.report.svg.heat_map`) with each row's match outlined and each column's dotted.
:func:`register` installs these for :class:`~simpeval.metrics.learned.bertscore_explain.BERTScoreExplanation`
(``import simpeval`` does it).
"""

from __future__ import annotations

import functools
import html
from typing import Any

from ..metrics.explanation import register_renderer
from ..metrics.learned.bertscore_explain import BERTScoreExplanation, BERTScoreMatch, BERTScorePair, BERTScoreToken
from .document import Cell, Document, Grid, Records, Section
from .explain import _STYLE, _html_table, _text_table
from .formats import render
from .svg import heat_map

__all__ = ["explanation_document", "legend", "register", "render_html", "render_text"]

_PRECISION_HEADER = ("#", "prediction token", "weight", "share", "best reference token", "at", "cosine")
_RECALL_HEADER = ("#", "reference token", "weight", "share", "best prediction token", "at", "cosine")
_RECORD_COLUMNS = (
    "reference",
    "side",
    "index",
    "token",
    "piece",
    "special",
    "weight",
    "share",
    "match",
    "cosine",
    "clamped",
)


def _token(t: BERTScoreToken) -> str:
    return f"{t.text} (special)" if t.special else t.text


def _cosine(m: BERTScoreMatch) -> str:
    return f"{m.cosine:.4f} (padded)" if m.clamped else f"{m.cosine:.4f}"


def _title(e: BERTScoreExplanation) -> str:
    c = e.score.components
    return f"BERTScore F1 {e.score.score:.2f} (precision {c['precision']:.2f}, recall {c['recall']:.2f})"


def _facts(e: BERTScoreExplanation) -> str:
    text = f"model {e.model}, layer {e.layers}, idf {'yes' if e.idf else 'no'}"
    if e.baseline is not None:
        p, r, f = e.baseline
        text += f"; rescaled with the baseline P {p:.6g}, R {r:.6g}, F {f:.6g}"
    return text


def _pair_line(e: BERTScoreExplanation, j: int, pair: BERTScorePair) -> str:
    best = [
        name for name, k in (("precision", e.precision_from), ("recall", e.recall_from), ("F1", e.f1_from)) if k == j
    ]
    line = f"reference {j + 1}: precision {pair.precision:.2f}, recall {pair.recall:.2f}, F1 {pair.f1:.2f}"
    if len(e.pairs) > 1 and best:
        line += f" (the maximum {', '.join(best)})"
    return line + (" (empty: P and R are 0)" if pair.empty or e.empty else "")


def _inputs(e: BERTScoreExplanation) -> list[tuple[str, str]]:
    return [("prediction", e.prediction), *((f"reference {j}", ref) for j, ref in enumerate(e.references, start=1))]


def _rows(
    tokens: tuple[BERTScoreToken, ...], matches: tuple[BERTScoreMatch, ...], other: tuple[BERTScoreToken, ...]
) -> list[list[str]]:
    return [
        [str(i), _token(t), f"{t.weight:.4g}", f"{t.share:.4f}", _token(other[m.token]), str(m.token), _cosine(m)]
        for i, (t, m) in enumerate(zip(tokens, matches))
    ]


def legend(e: BERTScoreExplanation) -> list[tuple[str, str]]:
    """The legend of a BERTScore explanation: (term, meaning) pairs, as the text and HTML print them."""
    weight = (
        "idf over the N references: log((N + 1) / (df + 1)), log(N + 1) for a token in none"
        if e.idf
        else "1, and 0 for the special tokens (idf off)"
    )
    entries = [
        ("notation", "Zhang et al. (2020): cosines of the tokens' contextual embeddings (the model's layer L)"),
        ("precision", "sum over prediction tokens of share x its best cosine with any reference token"),
        ("recall", "sum over reference tokens of share x its best cosine with any prediction token"),
        ("F1", "2 P R / (P + R): the score; P, R and F1 on 0-100"),
        ("weight", weight),
        ("share", "weight / the sentence's total weight"),
        ("tokens", "the tokenizer's pieces: ## continues a word; (special) marks [CLS], [SEP], <s>, </s>"),
        ("at", "the index of the matched token in the other sentence (0: the first special token)"),
    ]
    if len(e.pairs) > 1:
        entries.append(("references", "precision, recall and F1 are each the maximum over the references"))
    if e.baseline is not None:
        entries.append(
            ("rescaled", "(x - b) / (1 - b) with bert_score's baseline b; the reference lines are before it")
        )
    if e.clamped:
        entries.append(
            (
                "(padded)",
                "bert_score padded the other sentence in its batch of pairs and every cosine of this token "
                "was negative: the padding's cosine 0 is its maximum",
            )
        )
    if e.empty or any(pair.empty for pair in e.pairs):
        entries.append(("empty", "an empty prediction or reference: bert_score gives 0 to its precision and recall"))
    entries.append(
        (
            "heat map",
            "cosine of each prediction token (row) with each reference token (column); "
            "outlined: the row's best (precision), dotted: the column's best (recall)",
        )
    )
    return entries


# ------------------------------------------------------------------ text
def render_text(e: BERTScoreExplanation) -> str:
    """A BERTScore explanation as aligned plain text."""
    lines = [_title(e), e.score.signature.format()]
    width = max(len(name) for name, _ in _inputs(e))
    lines += [f"{name.ljust(width)}  {text}" for name, text in _inputs(e)]
    lines.append(_facts(e))
    for j, pair in enumerate(e.pairs):
        lines += ["", _pair_line(e, j, pair), "  precision: each prediction token's best reference token"]
        lines += _text_table(_PRECISION_HEADER, _rows(e.tokens, pair.output_matches, pair.tokens))
        lines.append("  recall: each reference token's best prediction token")
        lines += _text_table(_RECALL_HEADER, _rows(pair.tokens, pair.reference_matches, e.tokens))
    entries = [entry for entry in legend(e) if entry[0] != "heat map"]
    width = max(len(term) for term, _ in entries)
    lines += ["", "legend", *(f"  {term.ljust(width)}  {meaning}" for term, meaning in entries)]
    return "\n".join(lines)


# ------------------------------------------------------------------ html
def _heat_map(e: BERTScoreExplanation, j: int, pair: BERTScorePair) -> str:
    return heat_map(
        f"cosines, reference {j + 1}",
        [t.text for t in e.tokens],
        [t.text for t in pair.tokens],
        pair.cosines,
        [m.token for m in pair.output_matches],
        [m.token for m in pair.reference_matches],
    )


def render_html(e: BERTScoreExplanation) -> str:
    """A BERTScore explanation as a self-contained HTML fragment: a heat map and two tables per reference."""
    parts = [_STYLE, '<div class="simpeval-explain">', f"<h4>{html.escape(_title(e))}</h4>"]
    parts.append(f"<p><code>{html.escape(e.score.signature.format())}</code></p>")
    parts.append(_html_table(("", "text"), [("", [name, text]) for name, text in _inputs(e)]))
    parts.append(f"<p>{html.escape(_facts(e))}</p>")
    for j, pair in enumerate(e.pairs):
        parts += [f"<h5>{html.escape(_pair_line(e, j, pair))}</h5>", _heat_map(e, j, pair)]
        precision = [("", row) for row in _rows(e.tokens, pair.output_matches, pair.tokens)]
        recall = [("", row) for row in _rows(pair.tokens, pair.reference_matches, e.tokens)]
        parts += [
            "<details><summary>precision: each prediction token's best reference token</summary>",
            _html_table(_PRECISION_HEADER, precision),
            "</details><details><summary>recall: each reference token's best prediction token</summary>",
            _html_table(_RECALL_HEADER, recall),
            "</details>",
        ]
    items = "".join(f"<tr><td><code>{html.escape(t)}</code></td><td>{html.escape(m)}</td></tr>" for t, m in legend(e))
    parts.append(f"<details><summary>legend</summary><table><tbody>{items}</tbody></table></details></div>")
    return "".join(parts)


# ------------------------------------------------------------------ the document (every other format)
def _records(e: BERTScoreExplanation) -> Records:
    rows: list[dict[str, Any]] = []
    for j, pair in enumerate(e.pairs, start=1):
        for side, tokens, matches in (
            ("prediction", e.tokens, pair.output_matches),
            ("reference", pair.tokens, pair.reference_matches),
        ):
            rows += [
                {
                    "reference": j,
                    "side": side,
                    "index": i,
                    "token": t.text,
                    "piece": t.piece,
                    "special": t.special,
                    "weight": t.weight,
                    "share": t.share,
                    "match": m.token,
                    "cosine": m.cosine,
                    "clamped": m.clamped,
                }
                for i, (t, m) in enumerate(zip(tokens, matches))
            ]
    return Records(_RECORD_COLUMNS, tuple(rows))


def _grid(header: tuple[str, ...], rows: list[list[str]]) -> Grid:
    return Grid(header, tuple(tuple(Cell((c,)) for c in row) for row in rows), ("r", "l", "r", "r", "l", "r", "r"))


def explanation_document(e: BERTScoreExplanation) -> Document:
    """A BERTScore explanation as a document: the score, its signature and inputs, the precision
    and recall grids of each reference, the legend; one record per token and side (CSV, TSV,
    JSON Lines) and :meth:`~simpeval.metrics.explanation.ExplanationPart.to_dict` as JSON."""
    records = _records(e)
    inputs = Grid(("input", "text"), tuple((Cell((name,)), Cell((text,))) for name, text in _inputs(e)), ("l", "l"))
    first = Section(
        "explanation",
        _title(e),
        inputs,
        notes=(_facts(e),),
        signatures=(e.score.signature.format(),),
        records=records,
        line_records=records,
        tree=e.to_dict(),
        line_objects=records.rows,
    )
    sections = [first]
    for j, pair in enumerate(e.pairs):
        line = _pair_line(e, j, pair)
        sections += [
            Section(
                f"precision-{j + 1}",
                f"{line}: precision",
                _grid(_PRECISION_HEADER, _rows(e.tokens, pair.output_matches, pair.tokens)),
            ),
            Section(
                f"recall-{j + 1}",
                f"{line}: recall",
                _grid(_RECALL_HEADER, _rows(pair.tokens, pair.reference_matches, e.tokens)),
            ),
        ]
    return Document((*sections, Section("legend", "legend", legend=tuple(legend(e)))))


def _via_document(e: BERTScoreExplanation, fmt: str) -> str:
    return render(explanation_document(e), fmt)


def register() -> None:
    """Make :func:`render_text` and :func:`render_html` the ``str()`` and HTML of BERTScore's
    explanations, and :func:`explanation_document` their other formats."""
    for fmt in ("markdown", "latex", "csv", "tsv", "jsonl"):
        register_renderer(fmt, functools.partial(_via_document, fmt=fmt), BERTScoreExplanation)
    register_renderer("text", render_text, BERTScoreExplanation)
    register_renderer("html", render_html, BERTScoreExplanation)
