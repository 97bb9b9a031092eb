"""NLTKCHRF equals NLTK's sentence_chrf / corpus_chrf (×100) exactly."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from nltk.translate.chrf_score import corpus_chrf, sentence_chrf

from simpeval.metrics.teaching import NLTKCHRF

Pair = tuple[str, list[str]]
Streams = Callable[[list[Pair]], list[list[str | None]]]
CONFIGS = [(1, 6, True), (1, 6, False), (2, 3, True), (1, 1, False), (3, 8, True)]


@pytest.mark.slow
@pytest.mark.parametrize("min_len, max_len, ignore", CONFIGS)
def test_sentence_parity(min_len: int, max_len: int, ignore: bool, pairs: list[Pair], to_streams: Streams) -> None:
    """One reference: NLTK's value on the tokens; several: the best reference's value."""
    metric = NLTKCHRF(min_len=min_len, max_len=max_len, ignore_whitespace=ignore)
    ours = metric.sentence_scores([h for h, _ in pairs], to_streams(pairs)).tolist()
    theirs = [
        max(100 * sentence_chrf(r.split(), h.split(), min_len, max_len, ignore_whitespace=ignore) for r in refs)
        for h, refs in pairs
    ]
    assert [(p, a, b) for p, a, b in zip(pairs, ours, theirs) if a != b] == []


@pytest.mark.slow
@pytest.mark.parametrize("min_len, max_len, ignore", CONFIGS)
def test_corpus_parity(min_len: int, max_len: int, ignore: bool, pairs: list[Pair]) -> None:
    """corpus_chrf's macro average, with NLTK's summation order (sentence by sentence, then orders)."""
    metric = NLTKCHRF(min_len=min_len, max_len=max_len, ignore_whitespace=ignore)
    hyps, refs = [h for h, _ in pairs], [rs[0] for _, rs in pairs]
    expected = 100 * corpus_chrf(
        [r.split() for r in refs], [h.split() for h in hyps], min_len, max_len, ignore_whitespace=ignore
    )
    assert metric.corpus_score(hyps, [refs]).score == expected


@pytest.mark.slow
def test_raw_strings_and_asset(asset_pairs: list[Pair]) -> None:
    """With ignore_whitespace (the default) NLTK's score of the raw strings is the same."""
    hyps, refs = [h for h, _ in asset_pairs], [rs[0] for _, rs in asset_pairs]
    metric = NLTKCHRF()
    assert metric.sentence_scores(hyps, [refs]).tolist() == [100 * sentence_chrf(r, h) for h, r in zip(hyps, refs)]
    assert metric.corpus_score(hyps, [refs]).score == 100 * corpus_chrf(refs, hyps)
    assert NLTKCHRF(tokenize="none").corpus_score(hyps, [refs]).score == 100 * corpus_chrf(refs, hyps)


def test_nltk_docstring_and_edge_cases() -> None:
    ref = "It is a guide to action that ensures that the military will forever heed Party commands"
    hyp1 = "It is a guide to action which ensures that the military always obeys the commands of the party"
    hyp2 = "It is to insure the troops forever hearing the activity guidebook that party direct"
    assert f"{NLTKCHRF().sentence_score(hyp1, [ref]).score:.4f}".startswith("63.49")
    assert f"{NLTKCHRF().sentence_score(hyp2, [ref]).score:.4f}".startswith("33.30")
    assert f"{NLTKCHRF(min_len=2, max_len=3).sentence_score(hyp1, [ref]).score:.4f}".startswith("66.17")
    # NLTK's 1e-16 for an empty side: never exactly 0
    assert NLTKCHRF().sentence_score("", ["abc"]).score == 100 * sentence_chrf("abc", "")
    score = NLTKCHRF().corpus_score([hyp1, hyp2], [[ref, ref]])
    assert len(score.breakdown["fscores"]) == 6 and score.details["segments"] == 2
