"""BagOfWords equals nltk.metrics.scores precision / recall / f_measure on token sets."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from nltk.metrics.scores import f_measure, precision, recall

from simpeval.metrics.teaching import BagOfWords

Pair = tuple[str, list[str]]
Streams = Callable[[list[Pair]], list[list[str | None]]]


def _best(hyp: str, refs: list[str]) -> str:
    """The first reference of highest NLTK F-measure (None, an empty set, counts as -1)."""
    values = [f_measure(set(r.split()), set(hyp.split())) for r in refs]
    keys = [-1.0 if v is None else v for v in values]
    return refs[keys.index(max(keys))]


@pytest.mark.parametrize("alpha", [0.5, 0.2, 1.0])
def test_sentence_parity(alpha: float, pairs: list[Pair]) -> None:
    """Single-reference pairs: F, P and R ×100 are NLTK's (None, for an empty set, gives 0)."""
    metric = BagOfWords(alpha=alpha)
    for hyp, refs in (p for p in pairs if len(p[1]) == 1):
        h, r = set(hyp.split()), set(refs[0].split())
        score = metric.sentence_score(hyp, refs)
        assert score.score == 100 * (f_measure(r, h, alpha) or 0)
        assert score.components["precision"] == 100 * (precision(r, h) or 0)
        assert score.components["recall"] == 100 * (recall(r, h) or 0)


def test_best_reference_and_pooled_corpus(pairs: list[Pair], to_streams: Streams) -> None:
    metric = BagOfWords()
    hyps, refs = [h for h, _ in pairs], to_streams(pairs)
    chosen = [_best(h, rs) for h, rs in pairs]
    common = sum(len(set(h.split()) & set(r.split())) for (h, _), r in zip(pairs, chosen))
    hyp_size = sum(len(set(h.split())) for h in hyps)
    ref_size = sum(len(set(r.split())) for r in chosen)
    score = metric.corpus_score(hyps, refs)
    assert dict(score.details) == {"common": common, "hyp_size": hyp_size, "ref_size": ref_size}
    p, r = common / hyp_size, common / ref_size
    assert score.score == 100 * (1.0 / (0.5 / p + (1 - 0.5) / r))
