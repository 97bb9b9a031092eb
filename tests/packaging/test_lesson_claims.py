"""What the classroom notebooks teach stays true: wrong rules that were once taught do not come back.

Three lessons once taught a wrong rule, and a few smaller points were wrong:

* "a sentence with no matching 4-gram scores (nearly) 0": under sacrebleu's default ``exp``
  smoothing an order without a match is smoothed, not zeroed; a sentence scores 0 when it is
  shorter than 4 tokens (with ``effective_order`` off) or has no matching unigram;
* β worded three ways ("β times as much", "9 times", "four times"): the course states one
  convention once, in ``precision_recall_f`` (F_β puts the weight β² on recall; in van Rijsbergen's
  sense recall is β times as important), and every other mention uses that weight;
* "METEOR, TER, chrF take the best reference": sacrebleu's TER divides the fewest edits by the
  *average* reference length;
* an exercise pointing to a README section that does not exist, "PEM" never expanded and called
  NLTK's, "around 1e-76" where two orders are floored (~1e-152), relative links between lessons
  and solutions (dead when a notebook is opened alone), and a "bold/starred" cell where the
  printed table marks the best system with a dagger.

The tests below read the committed notebooks and pages (fast), check that each corrected claim
keeps its ``check(...)`` line in the notebook (so that ``test_runs_alone_from_the_wheel`` in
``test_notebooks.py``, which fails on any printed ``✗``, holds it to the numbers), and run the
rules themselves on simpeval.
"""

from __future__ import annotations

import ast
import json
import math
import re
import sys
import warnings
from pathlib import Path

import pytest

from simpeval import BLEU, CHRF, METEOR, NLTKBLEU, TER, compare, render

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK_DIR = ROOT / "notebooks"
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("*.ipynb")) + sorted((NOTEBOOK_DIR / "solutions").glob("*.ipynb"))
PAGES = [ROOT / "README.md", NOTEBOOK_DIR / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]

#: Phrases of the wrong rules (case-insensitive regular expressions), with what is true instead.
WRONG = {
    r"no matching 4-gram scores \(?nearly": "exp smoothing keeps such a sentence well above 0",
    r"\bTER\b[^.]*\btakes? the best\b": "TER divides the fewest edits by the average reference length",
    r"take the best one\)": "say which metric takes the best reference, and that TER does not",
    r"recall counts (twice|\w+ times)": "one convention: the weight β² on recall",
    r"recall weighted \d+ times": "one convention: the weight β² on recall",
    r"times as much as precision": "one convention: the weight β² on recall",
    r"4-gram \(or trigram\)": "two floored orders give ~1e-152, not ~1e-76",
    r"1e-76 for a short sentence": "~1e-76 per floored order, ~1e-152 for two",
    r"NLTK-style character edit": "PEM is post-edit modification, simpeval's, on NLTK's edit distance",
    r"edit distance, WER, PEM": "WER and PEM are built on NLTK's edit distance; NLTK has neither",
    r"bold/starred": "the text table marks the best system with a dagger",
}
#: The check() claims that tie each corrected rule to a printed number, per notebook.
CHECKS = {
    "precision_recall_f.ipynb": [
        "F_beta is the harmonic mean with weight beta² on recall",
        "where R = beta x P, the same small gain in P or in R raises F_beta equally",
        "has no matching 4-gram and still scores",
        "has no 4-gram and scores 0 with effective_order=False",
        "(no matching unigram) scores 0",
    ],
    "precision_recall_f_solutions.ipynb": [
        "F2 from the counts (4 per missed word, 1 per extra word)",
        "the new pair has no matching 4-gram, yet its sentence BLEU is",
    ],
    "mt_metrics_tour.ipynb": [
        "two orders floored",
        "METEOR's mean with alpha = 0.9 is F_3",
    ],
    "mt_metrics_tour_solutions.ipynb": [
        "with 2 references is its best single-reference score",
        "the fewest edits over the mean reference length",
        "a short second reference makes TER worse than the best single reference",
    ],
    "sari_vs_bleu.ipynb": ["the dagger marks the best system of each metric"],
}


def _cells(path: Path) -> list[tuple[str, str]]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return [(cell["cell_type"], "".join(cell["source"])) for cell in notebook["cells"]]


def _text(path: Path) -> str:
    return "\n".join(source for _, source in _cells(path)) if path.suffix == ".ipynb" else path.read_text("utf-8")


def _id(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


every_text = pytest.mark.parametrize("path", NOTEBOOKS + PAGES, ids=[_id(p) for p in NOTEBOOKS + PAGES])


def test_the_texts_are_found() -> None:
    if not NOTEBOOK_DIR.is_dir():
        pytest.skip("no notebooks/ folder (a source distribution without it)")
    assert {path.name for path in NOTEBOOKS} >= set(CHECKS)


@every_text
def test_no_wrong_rule_comes_back(path: Path) -> None:
    text = " ".join(_text(path).split())  # a phrase may be broken across lines
    found = {pattern: why for pattern, why in WRONG.items() if re.search(pattern, text, flags=re.IGNORECASE)}
    assert not found, f"{_id(path)} teaches a rule found wrong: {found}"


@every_text
def test_a_named_readme_section_exists(path: Path) -> None:
    lines = (ROOT / "README.md").read_text("utf-8").splitlines()
    headings = {line.lstrip("#").strip() for line in lines if line.startswith("#")}
    text = " ".join(_text(path).split())
    named = re.findall(r"[\"“]([^\"”]+)[\"”] section of (?:simpeval's |the )?README", text)
    missing = [name for name in named if name not in headings]
    assert not missing, f"{_id(path)} points to README sections that do not exist: {missing}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[_id(p) for p in NOTEBOOKS])
def test_no_relative_link(path: Path) -> None:
    """A student opens one notebook alone (Colab, a download): a relative link leads nowhere."""
    links = [
        target
        for kind, source in _cells(path)
        if kind == "markdown"
        for target in re.findall(r"\]\(([^)]*)\)", source)
        if not target.startswith(("https://", "http://", "#"))
    ]
    assert not links, f"{_id(path)}: name the file or command instead of linking to {links}"


def test_beta_is_stated_once() -> None:
    """One β convention, stated in the first lesson that uses it; the others use its weight β²."""
    stated = [path.name for path in NOTEBOOKS if "times as important as precision" in " ".join(_text(path).split())]
    assert stated == ["precision_recall_f.ipynb"]
    lesson = " ".join(_text(NOTEBOOK_DIR / "precision_recall_f.ipynb").split())
    assert "weight β² on recall" in lesson and "van Rijsbergen" in lesson


def test_pem_is_expanded_where_it_is_taught() -> None:
    for path in NOTEBOOKS + PAGES:
        text = _text(path)
        if re.search(r"\bPEM\b", text) and path.suffix == ".ipynb":
            assert "post-edit modification" in text, f"{_id(path)} uses PEM without expanding it"


def _claims(path: Path) -> str:
    """The text of every ``check(claim, holds)`` claim in the notebook's code (f-strings' literal parts)."""
    claims = []
    for kind, source in _cells(path):
        if kind != "code":
            continue
        python = "\n".join(re.sub(r"^(\s*)[%!].*", r"\1pass", line) for line in source.splitlines())
        for node in ast.walk(ast.parse(python)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "check" and node.args:
                parts = ast.walk(node.args[0])
                claims.append(
                    "".join(p.value for p in parts if isinstance(p, ast.Constant) and isinstance(p.value, str))
                )
    return "\n".join(claims)


@pytest.mark.parametrize("name", sorted(CHECKS))
def test_each_corrected_claim_has_its_check(name: str) -> None:
    claims = _claims(next(p for p in NOTEBOOKS if p.name == name))
    missing = [claim for claim in CHECKS[name] if claim not in claims]
    assert not missing, f"{name}: the claim is no longer checked: {missing}"


# ------------------------------------------------------------------ the rules themselves
def test_sentence_bleu_without_a_matching_4gram_is_smoothed_not_zero() -> None:
    explained = BLEU().explain("the weather is nice today", ["today the weather is fine"])
    assert explained.orders[3].matches == 0
    assert round(explained.score.score, 2) == 42.73  # the lesson's solution prints it


def test_sentence_bleu_of_fewer_than_4_tokens_is_zero_without_effective_order() -> None:
    reference = ["it was raining all day"]
    for hypothesis in ["it rained", "it was raining"]:
        assert BLEU().sentence_score(hypothesis, reference).score == 0
        assert BLEU(effective_order=True).sentence_score(hypothesis, reference).score > 0
    assert BLEU(effective_order=True).sentence_score("the sun shone brightly", reference).score == 0


def test_ter_divides_the_fewest_edits_by_the_average_reference_length() -> None:
    hypothesis, nine, five = "a b c d e f", "a b c d e f g h i", "a b c d x"
    alone = [TER().sentence_score(hypothesis, [reference]).score for reference in (nine, five)]
    both = TER().sentence_score(hypothesis, [nine, five])
    assert [round(score, 2) for score in alone] == [33.33, 40.0]  # 3 / 9 and 2 / 5
    assert dict(both.details) == {"num_edits": 2.0, "ref_length": 7.0}
    assert round(both.score, 2) == 28.57  # 2 / 7: better than either reference alone


def test_chrf_takes_the_best_reference() -> None:
    hypothesis, references = "the cats sat on the mats", ["the cat sits on the mat", "a dog lay on a rug"]
    alone = [CHRF().sentence_score(hypothesis, [reference]).score for reference in references]
    assert CHRF().sentence_score(hypothesis, references).score == max(alone) != min(alone)


@pytest.mark.slow  # METEOR's first call loads WordNet (about 10 s)
@pytest.mark.wordnet
def test_meteor_takes_the_best_reference() -> None:
    hypothesis, references = "the cats sat on the mats", ["the cat sits on the mat", "a dog lay on a rug"]
    alone = [METEOR().sentence_score(hypothesis, [reference]).score for reference in references]
    assert METEOR().sentence_score(hypothesis, references).score == max(alone) != min(alone)


def test_unsmoothed_nltk_bleu_is_floored_once_per_order_without_a_match() -> None:
    reference = ["The city will start a new plan next year to stop air pollution."]
    floor = 100 * sys.float_info.min**0.25  # the fourth root of NLTK's floor, x 100
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # NLTK warns about the zero counts
        one = NLTKBLEU().sentence_score("The city will begin a new program next year to halt air pollution.", reference)
        two = NLTKBLEU().sentence_score("Next year the city will fight air pollution.", reference)
    assert [one.details["counts"], two.details["counts"]] == [(10, 6, 2, 0), (5, 2, 0, 0)]  # 1 and 2 orders floored
    assert math.floor(math.log10(one.score)) == -76 and 1e-77 < one.score < floor
    assert math.floor(math.log10(two.score)) == -153 and 1e-154 < two.score < floor**2 / 100


def test_the_text_table_marks_the_best_system_with_a_dagger() -> None:
    systems = {"a": ["a b c d", "e f g"], "b": ["a b c e", "e f"]}
    table = compare(systems, [["a b c e", "e f h"]], sources=["a b c", "e f"], metrics=["bleu"])
    text = render(table, "text")
    assert "†" in text.splitlines()[2] and "†" not in text.splitlines()[1] and "bold" not in text
