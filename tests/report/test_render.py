"""``simpeval.report.render`` over hand-built tables: dispatch, arguments, SARI's order, details, agreement."""

from __future__ import annotations

import csv
import io
import json
import math

import pytest

import simpeval.report
from simpeval.exceptions import InvalidOptionError
from simpeval.metrics.score import Score
from simpeval.metrics.signature import Signature
from simpeval.report import (
    MetricColumn,
    ResultTable,
    SegmentScore,
    SegmentTable,
    available_formats,
    render,
    render_agreement,
)
from simpeval.significance.agreement import Correlation

from ..needs import import_module

SARI_SIG = Signature("SARI", (("nrefs", "2"), ("case", "lc"), ("version", "0.1.0")))
TER_SIG = Signature("TER", (("nrefs", "2"), ("case", "lc"), ("version", "2.6.0")))
BLEU_SIG = Signature("BLEU", (("nrefs", "1"), ("tok", "13a"), ("version", "2.6.0")))
BLEU_DETAILS = {"bp": 0.9672, "sys_len": 97, "ref_len": 100, "ratio": 0.97, "counts": (50, 30), "totals": (97, 96)}


def sari(value: float, keep: float, delete: float, add: float) -> Score:
    return Score("SARI", value, SARI_SIG, {"keep": keep, "delete": delete, "add": add})  # not in display order


def ter(value: float) -> Score:
    return Score("TER", value, TER_SIG, details={"num_edits": value / 2, "ref_length": 50.0})


def bleu(value: float) -> Score:
    return Score("BLEU", value, BLEU_SIG, details=BLEU_DETAILS)


@pytest.fixture
def table() -> ResultTable:
    return ResultTable(
        systems=("alpha", "beta-system"),
        metrics=(MetricColumn("SARI", True), MetricColumn("TER", False)),
        scores=(
            (sari(41.234, 60.0, 50.55, 13.15), ter(62.5)),
            (sari(38.0, 70.25, 30.0, 13.75), ter(48.04)),
        ),
    )


@pytest.fixture
def bleu_table() -> ResultTable:
    return ResultTable(
        ("a", "b"),
        (MetricColumn("BLEU"), MetricColumn("TER", False)),
        ((bleu(20.0), ter(60.0)), (bleu(21.5), ter(61.0))),
    )


def test_text(table):
    assert render(table, "text") == "\n".join(
        [
            "System       SARI    Add  Keep  Delete   TER",
            "alpha        41.2†  13.2  60.0    50.5  62.5",
            "beta-system  38.0   13.8  70.2    30.0  48.0†",
            "",
            "† best system per metric (TER: lower is better)",
            "SARI|nrefs:2|case:lc|version:0.1.0",
            "TER|nrefs:2|case:lc|version:2.6.0",
        ]
    )


def test_text_width(table):
    lines = render(table, "text", width=3).splitlines()
    assert lines[1].split() == ["alpha", "41.234†", "13.150", "60.000", "50.550", "62.500"]


def test_text_single_system_has_no_best_mark():
    one = ResultTable(("only",), (MetricColumn("TER", False),), ((ter(10.0),),))
    assert render(one, "text").splitlines() == ["System   TER", "only    10.0", "", TER_SIG.format()]


# ---------------------------------------------------------------- SARI: add, keep, delete everywhere
@pytest.mark.parametrize("fmt", ["text", "markdown", "latex", "html"])
def test_sari_sub_columns_read_add_keep_delete(table, fmt):
    text = render(table, fmt)
    positions = [text.index(title) for title in ("Add", "Keep", "Delete")]
    assert positions == sorted(positions)


def test_sari_csv_columns_read_add_keep_delete(table):
    rows = list(csv.DictReader(io.StringIO(render(table, "csv"))))
    assert list(rows[0])[:6] == ["system", "metric", "score", "add", "keep", "delete"]
    assert (rows[0]["add"], rows[0]["keep"], rows[0]["delete"]) == ("13.15", "60.0", "50.55")  # unrounded
    segments = SegmentTable(("s",), (MetricColumn("SARI"),), (SegmentScore(1, "s", "SARI", sari(1, 2, 3, 4)),))
    assert render(segments, "csv").splitlines()[0] == "line,system,metric,score,add,keep,delete,signature"


# ---------------------------------------------------------------- details
def test_csv_has_a_column_per_scalar_detail(bleu_table):
    rows = list(csv.reader(io.StringIO(render(bleu_table, "csv", width=2))))
    assert rows[0] == [
        "system",
        "metric",
        "score",
        "bp",
        "sys_len",
        "ref_len",
        "ratio",
        "num_edits",
        "ref_length",
        "ci_low",
        "ci_high",
        "ci_mean",
        "p_value",
        "p_value_corrected",
        "signature",
    ]
    # full precision whatever the width
    assert rows[1][:9] == ["a", "BLEU", "20.0", "0.9672", "97.0", "100.0", "0.97", "", ""]
    assert rows[2][:9] == ["a", "TER", "60.0", "", "", "", "", "30.0", "50.0"]


def test_a_name_already_taken_gets_a_prefix():
    odd = Score("X", 1.0, TER_SIG, {"score": 2.0, "add": 3.0}, details={"signature": 4.0, "add": 5.0, "v": (1.0,)})
    table = ResultTable(("s",), (MetricColumn("X"),), ((odd,),))
    rows = list(csv.DictReader(io.StringIO(render(table, "csv"))))
    assert list(rows[0])[3:7] == ["add", "component_score", "detail_signature", "detail_add"]
    assert (rows[0]["component_score"], rows[0]["detail_signature"], rows[0]["detail_add"]) == ("2.0", "4.0", "5.0")


def test_json_has_details_after_components(bleu_table):
    records = json.loads(render(bleu_table, "json", width=2))
    first = records[0]
    assert list(first)[:6] == ["system", "metric", "score", "signature", "components", "details"]
    assert first["components"] == {}
    assert first["details"] == {
        "bp": 0.9672,
        "sys_len": 97.0,
        "ref_len": 100.0,
        "ratio": 0.97,
        "counts": [50.0, 30.0],
        "totals": [97.0, 96.0],
    }
    assert records[1]["details"] == {"num_edits": 30.0, "ref_length": 50.0}


def test_to_pandas_carries_the_details(bleu_table):
    import_module("pandas")
    frame = bleu_table.to_pandas()
    assert list(frame.columns)[3:9] == ["bp", "sys_len", "ref_len", "ratio", "num_edits", "ref_length"]
    assert frame.bp[0] == 0.9672 and math.isnan(frame.bp[1])  # unrounded


# ---------------------------------------------------------------- json, segments, score_only
def test_json(table):
    records = json.loads(render(table, "json", width=2))
    assert [(r["system"], r["metric"]) for r in records] == [
        ("alpha", "SARI"),
        ("alpha", "TER"),
        ("beta-system", "SARI"),
        ("beta-system", "TER"),
    ]
    first = records[0]
    assert {"system", "metric", "score", "signature", "components", "details"} <= set(first)
    assert first["score"] == 41.234  # full precision whatever the width
    assert first["signature"] == SARI_SIG.format()
    assert first["components"] == {"add": 13.15, "keep": 60.0, "delete": 50.55}  # as given
    assert records[1]["higher_is_better"] is False


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_score_only(table, fmt):
    """Two systems, two metrics: each score labelled with both, tab-separated, the number last."""
    assert render(table, fmt, width=2, score_only=True).splitlines() == [
        "alpha\tSARI\t41.23",
        "alpha\tTER\t62.50",
        "beta-system\tSARI\t38.00",
        "beta-system\tTER\t48.04",
    ]


def test_score_only_labels_only_what_varies(table):
    """One system and one metric: the bare number (sacrebleu's ``-b``); one system, several metrics:
    the metric; several systems, one metric: the system (a tab or line break in a name escaped)."""
    one = ResultTable(table.systems[:1], table.metrics[:1], (table.scores[0][:1],))
    assert render(one, width=2, score_only=True) == "41.23"
    metrics = ResultTable(table.systems[:1], table.metrics, table.scores[:1])
    assert render(metrics, width=2, score_only=True) == "SARI\t41.23\nTER\t62.50"
    systems = ResultTable(("a\tb", "c\nd"), table.metrics[1:], ((table.scores[0][1],), (table.scores[1][1],)))
    assert render(systems, width=1, score_only=True) == "a\\tb\t62.5\nc\\nd\t48.0"


def test_segments():
    segments = SegmentTable(
        systems=("s",),
        metrics=(MetricColumn("TER", False),),
        rows=(SegmentScore(1, "s", "TER", ter(12.5)), SegmentScore(2, "s", "TER", ter(100.0))),
    )
    assert render(segments, "text").splitlines() == [
        "Line  System  Metric  Score",
        "   1  s       TER      12.5",
        "   2  s       TER     100.0",
        "",
        TER_SIG.format(),
    ]
    records = json.loads(render(segments, "json"))
    assert records[1] == {
        "line": 2,
        "system": "s",
        "metric": "TER",
        "score": 100.0,
        "signature": TER_SIG.format(),
        "components": {},
        "details": {"num_edits": 50.0, "ref_length": 50.0},
    }
    assert render(segments, "text", width=0, score_only=True) == "12\n100"  # one a line, as sacrebleu's -b
    two = SegmentTable(
        systems=("s", "t"),
        metrics=segments.metrics,
        rows=(*segments.rows, SegmentScore(1, "t", "TER", ter(40.0))),
    )
    assert render(two, width=1, score_only=True).splitlines() == ["s\t1\t12.5", "s\t2\t100.0", "t\t1\t40.0"]


@pytest.mark.parametrize("fmt", ["text", "markdown", "latex"])
@pytest.mark.parametrize("brk", ["\n", "\r\n", "\u2028", "\x85", "\t"])
def test_a_line_break_in_a_name_never_breaks_a_row(table, fmt, brk):
    """A system name with a line break is one row, its break shown as its escape; the
    machine-readable formats keep the name as it is."""
    named = ResultTable(("al" + brk + "pha", "beta-system"), table.metrics, table.scores)
    plain = ResultTable(("al_pha", "beta-system"), table.metrics, table.scores)
    shown = render(named, fmt)
    assert len(shown.splitlines()) == len(render(plain, fmt).splitlines())
    if fmt == "text":
        assert "al" + repr(brk)[1:-1] + "pha" in shown
    assert json.loads(render(named, "json"))[0]["system"] == "al" + brk + "pha"
    ter_column = (MetricColumn("TER", False),)
    segments = [
        SegmentTable((name,), ter_column, (SegmentScore(1, name, "TER", ter(1.0)),))
        for name in ("a" + brk + "b", "a_b")
    ]
    assert len(render(segments[0], fmt).splitlines()) == len(render(segments[1], fmt).splitlines())


# ---------------------------------------------------------------- arguments and dispatch
def test_bad_arguments(table):
    assert available_formats() == ["csv", "html", "json", "jsonl", "latex", "markdown", "text", "tsv"]
    with pytest.raises(
        InvalidOptionError, match="fmt must be one of csv, html, json, jsonl, latex, markdown, text, tsv"
    ):
        render(table, "yaml")
    for width in (-1, True, 1.0):
        with pytest.raises(InvalidOptionError, match="width must be a non-negative integer"):
            render(table, "text", width=width)


def test_the_signature_of_render_is_unchanged(table):
    assert render(table, "text", 2, False, True) == render(table, "text", width=2, deltas=True)
    assert render(table) == render(table, "text", width=1)


def test_the_package_exports():
    assert simpeval.report.render is render  # the function; the format modules are simpeval.report.formats
    assert sorted(simpeval.report.__all__) == [
        "Cell",
        "Document",
        "Grid",
        "MetricColumn",
        "Records",
        "ResultTable",
        "Section",
        "SegmentScore",
        "SegmentTable",
        "agreement_document",
        "available_formats",
        "interval",
        "render",
        "render_agreement",
        "table_document",
    ]


# ---------------------------------------------------------------- metric agreement
CORRELATIONS = [
    Correlation("SARI", "BLEU", "kendall", 0.6, 0.2, 0.9, 11, 1000, 12345),
    Correlation("SARI", "TER", "pearson", -0.25, float("nan"), float("nan"), 11, 0, 12345),
]


def test_agreement_text():
    assert render_agreement(CORRELATIONS, "text", width=2).splitlines() == [
        "Metric agreement across systems",
        "Metric A  Metric B  Coefficient  Value       95% CI",
        "SARI      BLEU      kendall       0.60  (0.20–0.90)",
        "SARI      TER       pearson      -0.25",
    ]


def test_agreement_records():
    records = json.loads(render_agreement(CORRELATIONS, "json"))
    assert records[1] == {
        "metric_a": "SARI",
        "metric_b": "TER",
        "method": "pearson",
        "value": -0.25,
        "ci_low": None,
        "ci_high": None,
        "n_systems": 11,
        "n_samples": 0,
        "seed": 12345,
    }
    lines = render_agreement(CORRELATIONS, "csv").splitlines()
    assert lines[0] == "metric_a,metric_b,method,value,ci_low,ci_high,n_systems,n_samples,seed"
    assert lines[2] == "SARI,TER,pearson,-0.25,,,11,0,12345"
    assert render_agreement([], "csv") == lines[0]  # the whole header, also without a row


@pytest.mark.parametrize("fmt", ["markdown", "latex", "html"])
def test_agreement_grids(fmt):
    text = render_agreement(CORRELATIONS, fmt)
    assert "kendall" in text and "0.600" in text and ("0.200" in text)


def test_agreement_rejects_an_unknown_format():
    with pytest.raises(InvalidOptionError, match="render_agreement: fmt must be one of"):
        render_agreement(CORRELATIONS, "yaml")
