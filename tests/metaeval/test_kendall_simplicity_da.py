"""Simplicity-DA's segment-level Kendall tau of BLEU depends on how sacrebleu's sum() adds the log
precisions (plain before Python 3.12, compensated from 3.12), not on SciPy's version: both
rules forced here give the two figures seen with Python 3.11 and with Python 3.12."""

from __future__ import annotations

import pytest
import sacrebleu.metrics.bleu

from simpeval import _arith
from simpeval.metaeval import meta_evaluate_registered

from .conftest import Upstream

#: BLEU's segment-level Kendall tau-b with simplicity_zscore (600 outputs), to 7 decimals.
EXPECTED = {
    _arith.PLAIN: {"asset": 0.3359336, "turk": 0.2748615},
    _arith.NEUMAIER: {"asset": 0.3359374, "turk": 0.2748582},
}


@pytest.mark.parametrize("rule", sorted(EXPECTED))
@pytest.mark.slow
def test_bleu_kendall_under_each_summation_rule(upstream: Upstream, monkeypatch: pytest.MonkeyPatch, rule: int) -> None:
    monkeypatch.setattr(_arith, "RUNNING_RULE", rule)
    monkeypatch.setattr(
        sacrebleu.metrics.bleu, "sum", lambda v, start=0: _arith.reference_sum(v, start, rule=rule), raising=False
    )
    for reference_set, expected in EXPECTED[rule].items():
        result = meta_evaluate_registered("simplicity-da", reference_set, n_samples=20)
        assert round(result.correlation("BLEU", "segment", "kendall").value, 7) == expected
        assert (
            round(result.correlation("SARI", "segment", "kendall").value, 7)
            == {"asset": 0.2223954, "turk": 0.2083569}[reference_set]
        )
