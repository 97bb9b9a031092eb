"""``simpeval.compat.easse.report``: EASSE's report functions, with EASSE's arguments, writing
simpeval's HTML report; ``get_all_scores`` as EASSE computes it (sacrebleu's BLEU with
``force=True``, EASSE's SARI, FKGL and features, rounded to 2 decimals)."""

from __future__ import annotations

from pathlib import Path

import pytest

from simpeval.compat.easse import report
from simpeval.compat.easse.fkgl import corpus_fkgl
from simpeval.compat.easse.quality_estimation import corpus_quality_estimation
from simpeval.compat.easse.sari import corpus_sari
from simpeval.exceptions import InvalidInputError, InvalidOptionError, SimpevalError

from ..conftest import SMALL_CORPUS
from ..needs import import_module
from ..report.test_html_report import assert_self_contained, parse

ORIG = list(SMALL_CORPUS["src.txt"])
SYS = list(SMALL_CORPUS["sys1.txt"])
OTHER = list(SMALL_CORPUS["sys2.txt"])
REFS = [list(SMALL_CORPUS[f"ref{j}.txt"]) for j in range(3)]


@pytest.mark.parametrize(("lowercase", "tokenizer"), [(False, "13a"), (True, "intl")])
def test_get_all_scores_is_easses(lowercase: bool, tokenizer: str) -> None:
    sacrebleu = import_module("sacrebleu")
    scores = report.get_all_scores(ORIG, SYS, REFS, lowercase, tokenizer)
    bleu = sacrebleu.corpus_bleu(SYS, REFS, force=True, tokenize=tokenizer, lowercase=lowercase).score
    expected = {
        "BLEU": bleu,
        "SARI": corpus_sari(ORIG, SYS, REFS, tokenizer=tokenizer, lowercase=lowercase),
        "FKGL": corpus_fkgl(SYS, tokenizer=tokenizer),
        **corpus_quality_estimation(ORIG, SYS, tokenizer=tokenizer, lowercase=lowercase),
    }
    assert scores == {key: round(value, 2) for key, value in expected.items()}
    assert list(scores)[:3] == ["BLEU", "SARI", "FKGL"]  # EASSE's order, whatever the order asked
    assert list(report.get_all_scores(ORIG, SYS, REFS, metrics=["fkgl", "bleu"]))[:3] == [
        "BLEU",
        "FKGL",
        "Compression ratio",
    ]


def test_samsa_and_unknown_metrics_are_one_line() -> None:
    with pytest.raises(InvalidOptionError, match="samsa needs a UCCA parser"):
        report.get_all_scores(ORIG, SYS, REFS, metrics=["bleu", "samsa"])
    with pytest.raises(InvalidOptionError, match="EASSE's report computes bleu, sari, fkgl; got 'rouge'"):
        report.get_html_report(ORIG, SYS, REFS, "custom", metrics=["rouge"])


def test_write_html_report_one_system(tmp_path: Path) -> None:
    path = tmp_path / "easse_report.html"
    report.write_html_report(path, ORIG, SYS, REFS, "custom", False, "13a", ["bleu", "sari", "fkgl"])
    page = path.read_text(encoding="utf-8")
    assert page.endswith("</html>\n")  # EASSE writes the page and a newline
    assert_self_contained(page)
    dom = parse(page)
    assert dom.all("title")[0].text() == "EASSE report: custom"
    facts = dict(zip((n.text() for n in dom.all("dt")), (n.text() for n in dom.all("dd"))))
    assert facts["Test set"] == "custom" and facts["Segments"] == "3" and facts["Systems"] == "System output"
    assert [svg.all("title")[0].text() for svg in dom.all("svg", "chart")][:3] == ["BLEU", "SARI", "FKGL"]
    bleu = f"{report.get_all_scores(ORIG, SYS, REFS)['BLEU']:.2f}"
    assert f"System output: {bleu}" in page  # the chart's label of the same BLEU


def test_multiple_systems_paired_against_the_first(tmp_path: Path) -> None:
    path = tmp_path / "many.html"
    args = (ORIG, [SYS, OTHER], REFS, ["mine", "theirs"], "asset_test", True, "13a", ("sari", "bleu"))
    report.write_multiple_systems_html_report(path, *args)
    page = path.read_text(encoding="utf-8")
    assert page.rstrip("\n") == report.get_multiple_systems_html_report(*args).rstrip("\n")  # seeded: the same page
    dom = parse(page)
    assert "Pairwise comparisons" not in page and "mine" in dom.by_id("scores").text()
    assert "test:asset-test" in dom.all("pre", "signatures")[0].text()  # a registered name: in the signatures
    assert "p =" in page or "p-value" in page.lower()


def test_bad_inputs_are_typed_errors(tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match="one distinct name per system"):
        report.get_multiple_systems_html_report(ORIG, [SYS, OTHER], REFS, ["a", "a"], "custom")
    with pytest.raises(SimpevalError, match="one entry per segment") as error:
        report.write_html_report(tmp_path / "r.html", ORIG, SYS[:2], REFS, "custom")
    assert "\n" not in str(error.value) and not (tmp_path / "r.html").exists()
