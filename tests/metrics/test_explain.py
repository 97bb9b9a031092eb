"""SARI.explain and BLEU.explain: the textbook example, and explanations that add up exactly."""

from __future__ import annotations

import html
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simpeval import BLEU, SARI
from simpeval.api import explain
from simpeval.cli import main
from simpeval.exceptions import InvalidOptionError, MissingSourceError
from simpeval.metrics.sari import VARIANTS
from simpeval.metrics.sari.reference import sequential_sum

from ..strategies import sentences

SOURCE = "About 95 species are currently accepted ."
PREDICTION = "About 95 species are now agreed ."
REFERENCES = [
    "About 95 species are currently known .",
    "About 95 species are now accepted .",
    "95 species are now accepted .",
]


def _rows(explanation, operation: str, order: int = 1) -> dict:
    return {row.text: row for row in explanation.operation(operation).orders[order - 1].rows}


# ------------------------------------------------------------------ the textbook example
def test_textbook_addition() -> None:
    e = SARI().explain(PREDICTION, REFERENCES, source=SOURCE)
    add = e.operation("add").orders[0]
    rows = _rows(e, "add")
    assert rows["now"].precision_num == 1 and rows["now"].precision_den == 1  # a correct addition
    assert rows["agreed"].precision_num == 0 and rows["agreed"].precision_den == 1  # a wrong one
    assert (add.precision_num, add.precision_den, add.precision) == (1.0, 2.0, 50.0)


def test_textbook_keep_is_weighted_by_the_references() -> None:
    """'about' is kept, and two of the three references keep it: 2/3, not 1/2."""
    about = _rows(SARI().explain(PREDICTION, REFERENCES, source=SOURCE), "keep")["about"]
    assert (about.source_count, about.prediction_count, about.in_references) == (1, 1, 2)
    e = SARI().explain(PREDICTION, REFERENCES, source=SOURCE)
    assert e.operation("keep").order(1).row("about") == about
    assert "SARI 63.24" in repr(e) and len(repr(e)) < 200
    with pytest.raises(KeyError, match="order must be 1..4"):
        e.operation("keep").order(5)
    with pytest.raises(KeyError, match="no 1-gram 'zebra'"):
        e.operation("keep").order(1).row("zebra")
    assert (about.weighted_prediction, about.weighted_references) == (3, 2)  # counts x 3 references
    assert about.precision_num / about.precision_den == 2 / 3


@pytest.mark.parametrize(
    ("variant", "zero", "paper"),
    [
        ("easse", "0/0 -> 0", "is SARI('easse-paper-delp')"),
        ("hf", "0/0 -> 1", "is SARI"),
        ("easse-paper-delp", "0/0 -> 0", "easse-paper-delp: the formula as printed"),
    ],
)
def test_text_and_html_end_with_a_legend_naming_the_papers_preset(variant: str, zero: str, paper: str) -> None:
    """The explanation says the notation, what '-' and '0/0 -> 0' mean, and which preset is the paper's formula."""
    e = SARI(variant).explain(PREDICTION, REFERENCES, source=SOURCE)
    legend = str(e).split("\nlegend\n", 1)[1]
    assert "Xu et al. (2016)" in legend and "#g(I)" in legend and "\n  -  " in legend
    assert zero in legend and paper in legend
    assert "<summary>legend</summary>" in e._repr_html_() and html.escape(zero) in e._repr_html_()
    bleu = str(BLEU(effective_order=True).explain(PREDICTION, REFERENCES)).split("\nlegend\n", 1)[1]
    assert "min(count, max ref)" in bleu and "exp(1 - r/c)" in bleu


def test_text_html_and_json_forms() -> None:
    e = SARI().explain(PREDICTION, REFERENCES, source=SOURCE)
    text = str(e)
    assert text.startswith("SARI 63.24 = (add 32.14 + keep 79.38 + delete 78.19) / 3")
    assert "  1-grams: precision 1/2 = 50.00" in text
    assert any(line.split()[:1] == ["agreed"] and line.split()[-2:] == ["0/1", "-"] for line in text.splitlines())
    assert '<tr class="correct"><td>now</td>' in e._repr_html_()
    data = json.loads(e.to_json())
    assert data["operations"][0]["operation"] == "add" and data["score"]["score"] == e.score.score
    assert data["operations"][0]["orders"][0]["rows"][0]["ngram"] == ["now"]


def test_parts_print_as_dataclasses_and_serialize() -> None:
    e = SARI().explain(PREDICTION, REFERENCES, source=SOURCE)
    order = e.operation("add").order(1)
    assert str(order).startswith("OrderBreakdown(order=1, rows=(NgramRow(ngram=('now',)")
    assert order.to_dict()["rows"][0]["ngram"] == ["now"] and json.loads(order.to_json())["order"] == 1
    bleu = BLEU().explain(PREDICTION, REFERENCES)
    assert str(bleu.order(1).rows[0]).startswith("BLEUNgram(ngram=('About',)")


def test_hostile_text_is_escaped_in_html() -> None:
    html = SARI().explain("<script>x</script>", ["<b>"], source="a & b").render("html")
    assert "<script>" not in html and "&lt;script&gt;" in html


# ------------------------------------------------------------------ explanations add up
def _check_sari(sari: SARI, source: str, prediction: str, references: list[str]) -> None:
    e = sari.explain(prediction, references, source=source)
    expected = sari.sentence_score(prediction, references, source=source)
    assert e.score == expected and dict(e.score.components) == dict(expected.components)
    assert dict(e.score.breakdown) == dict(expected.breakdown)
    row = sari.corpus_stats([prediction], [[r] for r in references] or [[None]], sources=[source])[0]
    assert e.statistics == tuple(row)
    assert sari.score_from_stats(np.array(e.statistics)).score == e.score.score
    for op in e.operations:
        for order in op.orders:
            # the rows' terms, added left to right in their order, are the totals (bit for bit)
            assert sequential_sum(r.precision_num for r in order.rows) == order.precision_num, (
                op.operation,
                order.order,
            )
            assert sequential_sum(r.precision_den for r in order.rows) == order.precision_den
            assert sequential_sum(r.recall_num for r in order.rows) == order.recall_num
            assert sequential_sum(r.recall_den for r in order.rows) == order.recall_den


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_textbook_example_adds_up_for_every_preset(variant: str) -> None:
    _check_sari(SARI(variant), SOURCE, PREDICTION, REFERENCES)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(
    variant=st.sampled_from(list(VARIANTS)),
    source=sentences,
    prediction=sentences,
    references=st.lists(sentences, min_size=0, max_size=3),
)
def test_explanations_add_up_exactly_for_every_preset(
    variant: str, source: str, prediction: str, references: list[str]
) -> None:
    _check_sari(SARI(variant), source, prediction, references)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(
    options=st.fixed_dictionaries(
        {
            "lowercase": st.booleans(),
            "tokenize": st.sampled_from(["13a", "none", "intl", "char"]),
            "smooth_method": st.sampled_from(["exp", "floor", "add-k", "none"]),
            "effective_order": st.booleans(),
            "max_ngram_order": st.integers(1, 4),
        }
    ),
    prediction=sentences,
    references=st.lists(sentences, min_size=1, max_size=3),
)
def test_bleu_explanations_are_sacrebleus_statistics(options: dict, prediction: str, references: list[str]) -> None:
    bleu = BLEU(**options)
    e = bleu.explain(prediction, references)
    assert e.statistics == tuple(bleu.corpus_stats([prediction], [[r] for r in references])[0])
    assert e.score == bleu.sentence_score(prediction, references)
    for order in e.orders:
        assert sum(r.clipped for r in order.rows) == order.matches
        assert all(r.clipped == min(r.count, r.max_reference) for r in order.rows)


def test_bleu_textbook_facts() -> None:
    e = BLEU(effective_order=True).explain("It rains today.", ["It is raining today."])
    assert (e.hyp_len, e.ref_len, e.smoothing) == (4, 5, "exp")
    assert e.bp == pytest.approx(np.exp(1 - 5 / 4))
    assert [(r.text, r.clipped) for r in e.orders[0].rows] == [("It", 1), ("rains", 0), ("today", 1), (".", 1)]


# ------------------------------------------------------------------ API and CLI
def test_api_explain_and_errors() -> None:
    assert explain("bleu", "a b c d", ["a b c d"]).score.score == pytest.approx(100.0)  # sacrebleu: 100.00000000000004
    with pytest.raises(MissingSourceError):
        explain("sari", "a b", ["a b"])
    with pytest.raises(InvalidOptionError, match="TER cannot explain"):
        explain("ter", "a b", ["a b"])


def test_cli_explain_textbook(runner) -> None:
    args = ["explain", "--source", SOURCE, "--prediction", PREDICTION, "--references", *REFERENCES]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    assert result.output == str(SARI().explain(PREDICTION, REFERENCES, source=SOURCE)) + "\n"
    hf = runner.invoke(main, [*args, "--sari-variant", "hf", "--format", "json"])
    assert json.loads(hf.output)["score"]["signature"].startswith("SARI|nrefs:3|variant:hf|")
    bleu = runner.invoke(main, ["explain", "-m", "bleu", "-p", PREDICTION, "-r", *REFERENCES])
    assert bleu.exit_code == 0 and bleu.output.startswith("BLEU ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-p", "x", "-r", "y"], "pass --source TEXT"),
        (
            ["-p", "x", "-r", "y", "-s", "z", "--bleu-lowercase"],
            "--bleu-lowercase was given but bleu is not in --metric",
        ),
        (["-p", "x", "-s", "z"], "Missing option '--references'"),
        (["-p", "x", "-r", "y", "-s", "z", "--sari-variant", "nope"], "variant must be one of"),
    ],
)
def test_cli_explain_errors(runner, args: list[str], message: str) -> None:
    result = runner.invoke(main, ["explain", *args])
    assert result.exit_code in (1, 2) and message in result.output and "Traceback" not in result.output


# ------------------------------------------------------------------ None references
EXPLAINED = {"sari": SARI, "bleu": BLEU}  # every metric with an explain() (checked below)


def test_every_metric_with_explain_is_covered() -> None:
    from simpeval.metrics import get_metric

    from ..registry import registered_metrics

    learned = ["bertscore"]  # BERTScore's explain() runs a model: tests/metrics/learned/test_bertscore_explain.py
    assert sorted(name for name in registered_metrics() if hasattr(get_metric(name), "explain")) == sorted(
        [*EXPLAINED, *learned]
    )


@pytest.mark.parametrize("name", sorted(EXPLAINED))
@pytest.mark.parametrize(
    "references", [[REFERENCES[0], None], [None, REFERENCES[1]], [None, REFERENCES[0], None, REFERENCES[2]], [None]]
)
def test_explain_treats_none_references_as_sentence_score_does(name: str, references: list) -> None:
    """A None reference (a segment with fewer references than others) is absent in sentence_score;
    explain() raised AttributeError ('NoneType' object has no attribute 'lower') on it."""
    metric = EXPLAINED[name]()
    source = {"source": SOURCE} if name == "sari" else {}
    try:
        expected = metric.sentence_score(PREDICTION, references, **source)
    except Exception as error:  # BLEU needs a reference: explain raises the same error
        with pytest.raises(type(error), match="no reference"):
            metric.explain(PREDICTION, references, **source)
        return
    explanation = metric.explain(PREDICTION, references, **source)
    assert explanation.score == expected
    assert str(explanation) and json.loads(explanation.to_json())
