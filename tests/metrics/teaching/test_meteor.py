"""METEOR equals NLTK's meteor_score (×100) on the same WordNet 3.0; the corpus score is the mean."""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable

import pytest
from nltk.translate.meteor_score import meteor_score

from simpeval.metrics.teaching import METEOR

Pair = tuple[str, list[str]]
Streams = Callable[[list[Pair]], list[list[str | None]]]

HYP1 = "It is a guide to action which ensures that the military always obeys the commands of the party"
REFS = [
    "It is a guide to action that ensures that the military will forever heed Party commands",
    "It is the guiding principle which guarantees the military forces always being under the command of the Party",
    "It is the practical guide for the army always to heed the directions of the party",
]


def _theirs(hyp: str, refs: list[str]) -> float:
    return 100 * meteor_score([r.split() for r in refs], hyp.split())


def test_nltk_docstring_example(wordnet: object) -> None:
    """NLTK's documented 0.6944, from NLTK itself and from simpeval, on the WordNet found offline."""
    assert round(meteor_score([r.split() for r in REFS], HYP1.split()), 4) == 0.6944
    score = METEOR().sentence_score(HYP1, REFS)
    assert score.score == _theirs(HYP1, REFS)
    assert round(score.score, 2) == 69.44
    assert METEOR().sentence_score("non matching hypothesis", ["this is a cat"]).score == 0.0


@pytest.mark.slow
def test_sentence_parity(wordnet: object, pairs: list[Pair], to_streams: Streams) -> None:
    metric = METEOR()
    ours = metric.sentence_scores([h for h, _ in pairs], to_streams(pairs)).tolist()
    theirs = [_theirs(h, refs) for h, refs in pairs]
    assert [(p, a, b) for p, a, b in zip(pairs, ours, theirs) if a != b] == []


def test_synonym_and_stem_stages_matter(wordnet: object) -> None:
    """WordNet synonyms and Porter stems match, with NLTK's quirk: the synonym stage compares a
    hypothesis word's synonyms with the reference words *as stemmed by the stem stage*, so
    "little" (stem "littl") is not matched as a synonym of "small", but "shop" is one of "store"."""
    synonym = METEOR().sentence_score("the store was small", ["the shop was little"])
    assert synonym.details["matches"] == 3.0
    assert synonym.score == _theirs("the store was small", ["the shop was little"])
    stem = METEOR().sentence_score("he walks", ["he walked"])
    assert stem.details["matches"] == 2.0


@pytest.mark.slow
def test_asset_parity(wordnet: object, asset_pairs: list[Pair], to_streams: Streams) -> None:
    metric = METEOR()
    hyps, refs = [h for h, _ in asset_pairs], to_streams(asset_pairs)
    ours = metric.sentence_scores(hyps, refs).tolist()
    theirs = [_theirs(h, rs) for h, rs in asset_pairs]
    assert ours == theirs


def test_corpus_is_the_mean_of_sentences(wordnet: object, pairs: list[Pair], to_streams: Streams) -> None:
    """Stats row [score, 1, ...]: the corpus score is 100 * (sum of NLTK's values / n), added left to right
    on every Python (not by ``sum()``, which compensates from 3.12: METEOR's corpus score is simpeval's own)."""
    metric = METEOR()
    corpus = metric.corpus_score([h for h, _ in pairs], to_streams(pairs))
    values = [meteor_score([r.split() for r in refs], h.split()) for h, refs in pairs]
    assert corpus.score == 100 * (functools.reduce(operator.add, values) / len(values))
    assert corpus.details["segments"] == len(pairs)


def test_options_and_signature(wordnet: object) -> None:
    metric = METEOR(alpha=0.8, beta=2, gamma=0.4)
    value = meteor_score([REFS[0].split()], HYP1.split(), alpha=0.8, beta=2, gamma=0.4)
    assert metric.sentence_score(HYP1, REFS[:1]).score == 100 * value
    assert metric.get_signature().format(short=True).startswith("METEOR|tok:whitespace|a:0.8|b:2.0|g:0.4|nltk:")
