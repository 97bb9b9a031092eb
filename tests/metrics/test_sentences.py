"""FKGL and the sentence-splits feature count sentences as EASSE does.

EASSE splits the normalized text with NLTK's ``PunktSentenceTokenizer()`` (no trained
parameters). simpeval implements its decisions itself (:mod:`simpeval.metrics.sentences`); these
tests check the cases one by one, then every line of every published system output that EASSE
ships, lowercased and tokenized with 13a and with Moses as EASSE normalizes, against NLTK's
tokenizer itself (NLTK is a dependency of simpeval; curly quotes need NLTK 3.10 or later).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simpeval import FKGL
from simpeval.features import compute
from simpeval.metrics.readability import split_sentences
from simpeval.tokenizers import get_tokenizer

from ..needs import SHARED, import_module, shared_paths

OUTPUTS = SHARED / "corpora" / "easse" / "system_outputs"

CASES = [
    # closing quotes and brackets after the final stop stay with the sentence (13a leaves them apart)
    ("closing quote", 'the cat sat on the hill . "', ['the cat sat on the hill . "']),
    ("closing quote, more text", 'he said " stop . " then he left .', ['he said " stop . "', "then he left ."]),
    ("two closing quotes", 'a b . " " c', ['a b . "', '" c']),
    ("single quote", "it is ' done . '", ["it is ' done . '"]),
    ("PTB closing quotes", "it is `` done . ''", ["it is `` done . ''"]),
    ("curly quote", "it means \u201c servant of the lord . \u201d", ["it means \u201c servant of the lord . \u201d"]),
    ("guillemet", "il dit \u00ab non . \u00bb", ["il dit \u00ab non . \u00bb"]),
    ("closing bracket", "( it rains . ) we stay .", ["( it rains . )", "we stay ."]),
    ("closers up to whitespace only", "a [ b { c . } ] d", ["a [ b { c . }", "] d"]),
    ("closers together", "a [ b { c . }] d", ["a [ b { c . }]", "d"]),
    ("bracket attached", "it rains.) we stay", ["it rains.)", "we stay"]),
    ("opening quote is not moved", 'it rains . "we stay', ["it rains .", '"we stay']),
    ("closer before dashes", "it rains .)-- we stay", ["it rains .)", "-- we stay"]),
    # -tok moses keeps a period attached before a lowercase word
    ("moses attached period", "it rains in the city. they stay home .", ["it rains in the city.", "they stay home ."]),
    ("moses possessive", "as mcdonald 's. sales rose .", ["as mcdonald 's.", "sales rose ."]),
    ("moses abbreviation", "mr. smith left .", ["mr.", "smith left ."]),
    ("moses number before lowercase", "in 1990. he died .", ["in 1990. he died ."]),
    ("number before capital", "in 1990. He died .", ["in 1990.", "He died ."]),
    ("initial before lowercase", "j. smith left .", ["j. smith left ."]),
    ("initial before capital", "J. Smith left .", ["J. Smith left ."]),
    ("initial before a digit", "j. 5 left", ["j.", "5 left"]),
    ("number before a comma", "in 1990. , he", ["in 1990. , he"]),
    # 13a's standalone marks
    ("question and exclamation", "why ? because ! fine .", ["why ?", "because !", "fine ."]),
    ("spaced ellipsis", "wait . . . then", ["wait .", ".", ".", "then"]),
    ("ellipsis token", "wait ... then", ["wait ... then"]),
    ("attached question mark", "why? because", ["why?", "because"]),
    ("a run of marks is one break", "very bad acting!!! i promise .", ["very bad acting!!!", "i promise ."]),
    ("marks and an ellipsis", "what?.. no", ["what?..", "no"]),
    ("comma after a mark", "x ! , y", ["x !", ", y"]),
    ("decimal number", "it costs 3.5 dollars . ok", ["it costs 3.5 dollars .", "ok"]),
    ("leading mark", ". a b", [".", "a b"]),
    ("blank", "   ", []),
]


def _punkt() -> object:
    punkt = import_module("nltk.tokenize.punkt")
    import nltk

    if tuple(int(p) for p in nltk.__version__.split(".")[:2]) < (3, 10):
        pytest.skip(f"NLTK {nltk.__version__}: curly quotes are closing punctuation from NLTK 3.10 on")
    return punkt.PunktSentenceTokenizer()


@pytest.mark.parametrize(("case", "text", "expected"), CASES, ids=[c[0] for c in CASES])
def test_cases(case: str, text: str, expected: list[str]) -> None:
    assert split_sentences(text) == expected
    assert _punkt().tokenize(text.strip()) == expected  # type: ignore[attr-defined]


_PIECES = st.sampled_from(
    list(" .?!\"')]}(a A1b-,;:`*@&#\tZ9x{[\u2018\u2019\u201c\u201d\u00ab\u00bb")
    + ["..", "--", "mr.", "j.", "J.", "1990.", " the ", "It", ". . .", "3.5", "U.S."]
)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(_PIECES, max_size=20).map("".join))
def test_any_text_splits_as_punkt(text: str) -> None:
    """Punctuation-heavy random texts (20,000 more were checked while writing the splitter)."""
    assert split_sentences(text) == _punkt().tokenize(text.strip())  # type: ignore[attr-defined]


def test_easses_figures() -> None:
    """EASSE's published figures: ACCESS with -tok moses (EASSE 7.55; 8.92 before) and EASSE's own test (8.2)."""
    access = _lines(OUTPUTS / "turkcorpus" / "test" / "ACCESS")
    assert round(FKGL(tokenize="moses").corpus_score(access).score, 2) == 7.55
    assert round(FKGL().corpus_score(access).score, 4) == 7.2886
    turk0 = _lines(SHARED / "corpora" / "turkcorpus" / "legacy" / "test.8turkers.tok.turk.0")
    assert round(FKGL().corpus_score(turk0).score, 1) == 8.2  # EASSE's tests/test_fkgl.py; 8.1 before


def test_fkgl_and_splits_feature_share_the_counting() -> None:
    text = 'He said : " the cat sat . "'
    assert FKGL().corpus_stats([text])[0][0] == 1
    assert compute(["It rains ."], [text], lowercase=True).means["Sentence splits"] == 1.0


def _lines(path: Path) -> list[str]:
    lines = shared_paths([path])[0].read_text(encoding="utf-8").split("\n")
    return lines[:-1] if lines[-1] == "" else lines


def _published() -> list[Path]:
    return sorted(p for p in OUTPUTS.rglob("*") if p.is_file()) if OUTPUTS.is_dir() else [OUTPUTS / "missing"]


@pytest.mark.slow
@pytest.mark.parametrize("tokenizer", ["13a", "moses"])
@pytest.mark.parametrize(
    "path", _published(), ids=lambda p: p.relative_to(OUTPUTS).as_posix() if OUTPUTS in p.parents else "missing"
)
def test_every_published_system_output(path: Path, tokenizer: str) -> None:
    """Every line of every system output EASSE publishes, normalized as EASSE does, splits as NLTK's Punkt."""
    punkt, tokenize = _punkt(), get_tokenizer(tokenizer)
    differing = []
    for line in _lines(path):
        normalized = tokenize(line.lower())
        if split_sentences(normalized) != punkt.tokenize(normalized):  # type: ignore[attr-defined]
            differing.append(normalized)
    assert not differing, differing[:5]
