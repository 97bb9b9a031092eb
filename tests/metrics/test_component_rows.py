"""``Metric.component_rows``: every row's components, equal to ``score_from_stats(row).components``."""

from __future__ import annotations

import numpy as np
import pytest

from simpeval import get_metric
from simpeval.metrics.sari import VARIANTS

HYPS = ["the cat sat .", "it rained all day .", "", "a dog ran in the park ."]
SRCS = ["the big cat sat on the mat .", "it poured all day long .", "nothing here .", "a dog ran ."]
REFS = [
    ["the cat sat on the mat .", "it rained all day .", "", "a dog ran in a park ."],
    ["a cat sat .", "it rained .", "nothing .", "the dog ran ."],
]


@pytest.mark.parametrize(
    "name, options", [*(("sari", {"variant": v}) for v in sorted(VARIANTS)), ("bleu", {}), ("ter", {})]
)
def test_component_rows_equal_the_scores_components(name: str, options: dict[str, str]) -> None:
    metric = get_metric(name, **options)
    stats = metric.corpus_stats(HYPS, REFS, sources=SRCS)
    rows = np.vstack([stats, stats.sum(axis=0)])  # sentences and the corpus sum
    expected = [metric.score_from_stats(row).components for row in rows]
    got = metric.component_rows(rows)
    assert list(got) == list(expected[0])
    for key, values in got.items():
        assert values.tolist() == [c[key] for c in expected]  # bit for bit
