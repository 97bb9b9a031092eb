"""NLTK-chrF adds its F-scores as corpus_chrf's sum() does, under each rule forced on both sides."""

from __future__ import annotations

import nltk.translate.chrf_score
import pytest
from nltk.translate.chrf_score import corpus_chrf

from simpeval import _arith
from simpeval._arith import NEUMAIER, NEUMAIER_INTS, PLAIN, reference_sum
from simpeval.metrics.teaching import NLTKCHRF

Pair = tuple[str, list[str]]


def score(pairs: list[Pair]) -> tuple[float, float]:
    hyps, refs = [h for h, _ in pairs], [rs[0] for _, rs in pairs]
    return NLTKCHRF().corpus_score(hyps, [refs]).score, 100 * corpus_chrf(refs, hyps)


def force(monkeypatch: pytest.MonkeyPatch, rule: int) -> None:
    monkeypatch.setattr(_arith, "RUNNING_RULE", rule)
    monkeypatch.setattr(
        nltk.translate.chrf_score, "sum", lambda values, start=0: reference_sum(values, start, rule=rule), raising=False
    )


@pytest.mark.slow
@pytest.mark.parametrize("rule", [PLAIN, NEUMAIER, NEUMAIER_INTS])
def test_forced_rule_parity(monkeypatch: pytest.MonkeyPatch, rule: int, pairs: list[Pair]) -> None:
    force(monkeypatch, rule)
    ours, nltks = score(pairs)
    assert ours == nltks


@pytest.mark.slow
def test_the_rules_differ_on_this_corpus(monkeypatch: pytest.MonkeyPatch, pairs: list[Pair]) -> None:
    """The parity test above can fail: the corpus's score depends on the rule."""
    force(monkeypatch, PLAIN)
    plain = score(pairs)[1]
    force(monkeypatch, NEUMAIER)
    assert score(pairs)[1] != plain
