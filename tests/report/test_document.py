"""The one output pipeline: every result becomes a Document, one writer per format writes it."""

from __future__ import annotations

import json
import math
import re

import pytest

from simpeval import BLEU, SARI
from simpeval.exceptions import InvalidOptionError
from simpeval.metrics.score import Score, Signature
from simpeval.report import (
    Cell,
    Document,
    Grid,
    Records,
    Section,
    agreement_document,
    available_formats,
    interval,
    render,
    render_agreement,
    table_document,
)
from simpeval.report.explain import explanation_document
from simpeval.report.features import features_document, render_features
from simpeval.report.metaeval import (
    MetaCorrelation,
    MetaEvaluation,
    PairAgreement,
    RankingAccuracy,
    metaeval_document,
    render_metaeval,
)
from simpeval.report.table import MetricColumn, ResultTable, SegmentScore, SegmentTable
from simpeval.significance.agreement import Correlation
from simpeval.significance.results import ConfidenceInterval

SIG = Signature("BLEU", (("nrefs", "1"),))
NAN = math.nan


def _table() -> ResultTable:
    scores = ((Score("BLEU", 41.25, SIG),), (Score("BLEU", 38.5, SIG),))
    intervals = ((ConfidenceInterval(40.1, 42.3, 41.2),), (ConfidenceInterval(37.0, 39.1, 38.05),))
    return ResultTable(("a", "b"), (MetricColumn("BLEU"),), scores, intervals=intervals)


def _segments() -> SegmentTable:
    rows = [SegmentScore(i + 1, "a", "BLEU", Score("BLEU", v, SIG)) for i, v in enumerate([50.0, 12.5])]
    return SegmentTable(("a",), (MetricColumn("BLEU"),), rows)


CORRELATIONS = (
    Correlation("SARI", "BLEU", "kendall", 0.6, 0.2, 0.9, 11, 1000, 12345),
    Correlation("SARI", "TER", "pearson", -0.25, NAN, NAN, 11, 0, 12345),
)


def _metaeval() -> MetaEvaluation:
    correlations = tuple(
        MetaCorrelation(metric, "segment", "pearson", value, value - 0.1, value + 0.1, 600)
        for metric, value in (("SARI", 0.3), ("BLEU", 0.5))
    )
    ranking = (RankingAccuracy("SARI", 0.75, 0.6, 0.8, 15),)
    agreement = (PairAgreement("SARI", "BLEU", 0.667, 0.533, 0.733, 15),)
    return MetaEvaluation("da", "simplicity", "asset", ("SARI|x",), correlations, (), ranking, agreement, 100, 1)


MEANS = {"a": {"Exact copies": 0.25, "Compression ratio": 0.9}}
NAMES = ("Compression ratio", "Exact copies")


# Each result kind: its document, and its own public rendering function (which must go through render).
KINDS = {
    "result table": (lambda: table_document(_table(), width=1), lambda fmt: render(_table(), fmt)),
    "segment table": (lambda: table_document(_segments(), width=1), lambda fmt: render(_segments(), fmt)),
    "agreement": (lambda: agreement_document(CORRELATIONS), lambda fmt: render_agreement(CORRELATIONS, fmt)),
    "meta-evaluation": (lambda: metaeval_document(_metaeval()), lambda fmt: render_metaeval(_metaeval(), fmt)),
    "features": (
        lambda: features_document(MEANS, NAMES, "Features|tok:13a"),
        lambda fmt: render_features(MEANS, NAMES, "Features|tok:13a", fmt),
    ),
}


@pytest.mark.parametrize("fmt", available_formats())
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_result_kind_is_written_by_the_same_writers(kind: str, fmt: str) -> None:
    document, own = KINDS[kind]
    assert isinstance(document(), Document)
    assert own(fmt) == render(document(), fmt)


EXPLANATIONS = {
    "SARI": lambda: SARI().explain("a b d", ["a b c", "a c"], source="a b c"),
    "BLEU": lambda: BLEU().explain("a b c", ["a b d"]),
}


@pytest.mark.parametrize("fmt", sorted(set(available_formats()) - {"text", "html"}))
@pytest.mark.parametrize("metric", sorted(EXPLANATIONS))
def test_an_explanation_has_every_other_format_through_its_document(metric: str, fmt: str) -> None:
    """Text and HTML are the explanation's own display (str, Jupyter); every other format is its document's."""
    explanation = EXPLANATIONS[metric]()
    assert explanation.render(fmt) == render(explanation_document(explanation), fmt)


def test_an_explanation_document_has_a_record_per_ngram() -> None:
    explanation = EXPLANATIONS["SARI"]()
    document = explanation_document(explanation)
    records = [json.loads(line) for line in render(document, "jsonl").splitlines()]
    ngrams = [r for op in explanation.operations for order in op.orders for r in order.rows]
    assert len(records) == len(ngrams) and records[0]["operation"] == "add"
    assert [s.title for s in document.sections][-1] == "legend"
    assert json.loads(render(document, "json")) == explanation.to_dict()


def test_a_table_builds_only_the_view_a_format_reads() -> None:
    """render(table, fmt) and the full document write the same bytes in every format."""
    full = table_document(_table(), width=1)
    for fmt in available_formats():
        assert render(_table(), fmt) == render(full, fmt)


def test_json_holds_several_sections_by_name() -> None:
    document = table_document(_table()) + agreement_document(CORRELATIONS)
    assert [s.name for s in document.sections] == ["scores", "agreement"]
    data = json.loads(render(document, "json"))
    assert data == {
        "scores": json.loads(render(_table(), "json")),
        "agreement": json.loads(render_agreement(CORRELATIONS, "json")),
    }
    lines = render(document, "jsonl").splitlines()
    assert len(lines) == 2 + 2 and json.loads(lines[2])["metric_b"] == "BLEU"
    assert render(document, "text") == render(_table(), "text") + "\n\n" + render_agreement(CORRELATIONS, "text", 3)


def test_two_tables_are_not_one_csv_and_json_names_are_distinct() -> None:
    two = agreement_document(CORRELATIONS) + table_document(_table())
    with pytest.raises(InvalidOptionError, match=r"csv holds one table; this document has 2 \(agreement, scores\)"):
        render(two, "csv")
    with pytest.raises(InvalidOptionError, match="tsv holds one table"):
        render(two, "tsv")
    with pytest.raises(InvalidOptionError, match="distinct names"):
        render(agreement_document(CORRELATIONS) + agreement_document(CORRELATIONS), "json")


def test_the_human_formats_write_one_fragment_per_document() -> None:
    document = table_document(_table()) + features_document(MEANS, NAMES, "Features|tok:13a")
    html = render(document, "html")
    assert html.count('<div class="simpeval-report">') == 1 and html.endswith("</div>")
    assert re.search(r"<caption[^>]*>Quality-estimation features", html)
    assert html.count('<pre class="simpeval-signatures"') == 2
    latex = render(document, "latex")
    assert latex.count(r"\usepackage{booktabs}") == 1 and latex.count(r"\begin{tabular}{") == 2
    assert r"\texttt{Features|\allowbreak{}tok:13a}" in latex  # in the code font, as every signature
    markdown = render(document, "markdown")
    assert "**Quality-estimation features (source vs output, mean over segments)**" in markdown


INTERVAL = re.compile(r"\((-?\d+\.\d+)–(-?\d+\.\d+)\)")


@pytest.mark.parametrize("kind", ["result table", "agreement", "meta-evaluation"])
@pytest.mark.parametrize("fmt", ["text", "markdown", "html"])
def test_intervals_are_spelled_one_way(kind: str, fmt: str) -> None:
    text = render(KINDS[kind][0](), fmt)
    assert INTERVAL.search(text), text
    assert not re.search(r"\(\d+\.\d+, \d+\.\d+\)", text)  # the old "(low, high)"
    assert not re.search(r"(?<![(\d])\d+\.\d+–", text)  # an interval without its parentheses


def test_interval_is_blank_when_not_computed() -> None:
    assert interval(40.1, 42.34, 1) == "(40.1–42.3)"
    assert interval(NAN, NAN, 2) == interval(0.1, NAN, 2) == ""
    assert render_agreement(CORRELATIONS, "text", 2).splitlines()[3].endswith("-0.25")


def test_a_hand_built_document_in_every_format() -> None:
    grid = Grid(("System", "Score"), ((Cell(("a",)), Cell(("1.50", interval(1.0, 2.0, 2)), True)),), ("l", "rr"))
    records = Records(("system", "score", "low"), ({"system": "a", "score": 1.5, "low": None},))
    section = Section(
        "demo",
        "A title",
        grid,
        legend=((None, "best"),),
        notes=("a note",),
        signatures=("X|v:1",),
        records=records,
        line_records=records,
        tree=[{"system": "a", "score": 1.5}],
        line_objects=({"system": "a"},),
    )
    document = Document((section,))
    assert render(document, "text").splitlines() == [
        "A title",
        "System  Score",
        "a        1.50†  (1.00–2.00)",
        "",
        "† best",
        "a note",
        "X|v:1",
    ]
    assert render(document, "csv") == "system,score,low\na,1.5,"
    assert render(document, "tsv") == "system\tscore\tlow\na\t1.5\t"
    assert json.loads(render(document, "json")) == [{"system": "a", "score": 1.5}]
    assert render(document, "jsonl") == '{"system": "a"}'
    assert "- **bold**: best\n\na note\n\n```text\nX|v:1\n```" in render(document, "markdown")
    assert re.search(r'<p class="simpeval-notes"[^>]*>a note</p>', render(document, "html"))


def test_a_document_takes_no_table_options() -> None:
    for option in ({"score_only": True}, {"deltas": True}, {"short": True}):
        with pytest.raises(InvalidOptionError, match="a Document is already formatted"):
            render(table_document(_table()), "text", **option)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match="table_document: deltas must be False"):
        table_document(_segments(), deltas=True)
    with pytest.raises(InvalidOptionError, match="render_agreement: width must be a non-negative integer"):
        render_agreement(CORRELATIONS, "text", width=-1)
