"""Values no metric can score give one clear error, the same for every engine."""

from __future__ import annotations

import re

import numpy as np
import pytest

from simpeval import BLEU, CHRF, SARI, TER, get_metric
from simpeval.exceptions import InvalidStatisticsError, InvalidTextError

from ..needs import LEARNED_METRICS, metric_params
from ..registry import registered_metrics

LONE = "caf\udce9"  # what a latin-1 byte decoded with errors="surrogateescape" leaves behind


@pytest.mark.parametrize(
    ("metric", "engine"),
    [
        (SARI, "numba"),
        (SARI, "numpy"),
        (SARI, "reference"),
        (BLEU, "numba"),
        (BLEU, "sacrebleu"),
        (CHRF, "numba"),
        (CHRF, "sacrebleu"),
    ],
)
@pytest.mark.parametrize("where", ["hypotheses", "references", "sources"])
def test_lone_surrogates_are_one_clear_error_for_every_engine(metric: type, engine: str, where: str) -> None:
    hyps, refs, srcs = ["a b", "c d"], [["a b", "c d"]], ["a b", "c d"]
    if where == "hypotheses":
        hyps[1] = LONE
    elif where == "references":
        refs[0][1] = LONE
    else:
        srcs[1] = LONE
    m = metric(engine=engine)  # sources given to BLEU or chrF are validated too, though not used
    expected = re.escape(f"{where}[1]" if where != "references" else "references[0][1]")
    with pytest.raises(InvalidTextError, match=rf"{m.name}: {expected} holds a lone surrogate \(U\+DCE9\)"):
        m.corpus_score(hyps, refs, sources=srcs)


@pytest.mark.parametrize("name", metric_params(registered_metrics()))
@pytest.mark.parametrize("bad", [np.nan, np.inf, -1.0])
def test_invalid_statistics_raise(name: str, bad: float) -> None:
    if bad < 0 and name in LEARNED_METRICS:
        pytest.skip(
            "BERTScore's sums may be negative (rescaled below its baseline); tests/metrics/learned checks its count"
        )
    metric = get_metric(name)
    stats = metric.corpus_stats(["the cat sat"], [["the cat sat down"]], sources=["a cat sat"]).sum(axis=0)
    metric.score_from_stats(stats)  # valid statistics score
    stats[0] = bad
    with pytest.raises(InvalidStatisticsError, match=r"stats\[0\] must be a finite number >= 0"):
        metric.score_from_stats(stats)


def test_ter_stays_exact() -> None:
    assert TER().corpus_score(["a b c"], [["a b d"]]).score == pytest.approx(100 / 3)
