"""Renderers over hand-built tables (no metric is computed here)."""

from __future__ import annotations

import json

import pytest

from simpeval.exceptions import InvalidInputError, InvalidOptionError
from simpeval.metrics.score import Score, Signature
from simpeval.report import MetricColumn, ResultTable, SegmentScore, SegmentTable, available_formats, render

SARI_SIG = Signature("SARI", (("nrefs", "2"), ("case", "lc"), ("version", "0.1.0")))
TER_SIG = Signature("TER", (("nrefs", "2"), ("case", "lc"), ("version", "2.6.0")))


def sari(value: float, keep: float, delete: float, add: float) -> Score:
    return Score("SARI", value, SARI_SIG, {"add": add, "keep": keep, "delete": delete})


def ter(value: float) -> Score:
    return Score("TER", value, TER_SIG)


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


def test_model_accessors(table):
    assert table.systems == ("alpha", "beta-system")
    assert table.metric_names == ("SARI", "TER")
    assert table.cell("beta-system", "TER").score == 48.04
    assert table.best("SARI") == "alpha"
    assert table.best("TER") == "beta-system"  # lower is better
    assert table.column("TER").higher_is_better is False
    assert table.signatures("SARI") == (SARI_SIG,)


def test_best_with_a_tie():
    tie = ResultTable(("a", "b"), (MetricColumn("TER", False),), ((ter(5.0),), (ter(5.0),)))
    assert tie.best_systems("TER") == ("a", "b")
    assert tie.best("TER") == "a"


def test_unknown_cell(table):
    with pytest.raises(KeyError, match="unknown system 'gamma'"):
        table.cell("gamma", "SARI")
    with pytest.raises(KeyError, match="unknown metric 'BLEU'"):
        table.cell("alpha", "BLEU")


def test_shape_is_validated():
    with pytest.raises(InvalidInputError, match="one row per system"):
        ResultTable(("a", "b"), (MetricColumn("TER", False),), ((ter(1.0),),))
    with pytest.raises(InvalidInputError, match="systems must be unique"):
        ResultTable(("a", "a"), (MetricColumn("TER", False),), ((ter(1.0),), (ter(2.0),)))


def test_text(table):
    assert render(table, "text") == "\n".join(
        [
            "System       SARI   Keep  Delete   Add   TER",
            "alpha        41.2*  60.0    50.5  13.2  62.5",
            "beta-system  38.0   70.2    30.0  13.8  48.0*",
            "",
            "* best system per metric (TER: lower is better)",
            "SARI|nrefs:2|case:lc|version:0.1.0",
            "TER|nrefs:2|case:lc|version:2.6.0",
        ]
    )


def test_text_width(table):
    lines = render(table, "text", width=3).splitlines()
    assert lines[1].split() == ["alpha", "41.234*", "60.000", "50.550", "13.150", "62.500"]


def test_text_single_system_has_no_best_mark():
    one = ResultTable(("only",), (MetricColumn("TER", False),), ((ter(10.0),),))
    assert render(one, "text").splitlines() == ["System   TER", "only    10.0", "", TER_SIG.format()]


def test_json(table):
    records = json.loads(render(table, "json", width=2))
    assert [(r["system"], r["metric"]) for r in records] == [
        ("alpha", "SARI"),
        ("alpha", "TER"),
        ("beta-system", "SARI"),
        ("beta-system", "TER"),
    ]
    first = records[0]
    assert {"system", "metric", "score", "signature", "components"} <= set(first)
    assert first["score"] == 41.23
    assert first["signature"] == SARI_SIG.format()
    assert first["components"] == {"add": 13.15, "keep": 60.0, "delete": 50.55}
    assert records[1]["higher_is_better"] is False


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_score_only(table, fmt):
    assert render(table, fmt, width=2, score_only=True) == "41.23\n62.50\n38.00\n48.04"


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
    }
    assert render(segments, "text", width=0, score_only=True) == "12\n100"


def test_bad_arguments(table):
    assert available_formats() == ["csv", "html", "json", "latex", "markdown", "text"]
    with pytest.raises(InvalidOptionError, match="fmt must be one of csv, html, json, latex, markdown, text"):
        render(table, "yaml")
    with pytest.raises(InvalidOptionError, match="width must be a non-negative integer"):
        render(table, "text", width=-1)
