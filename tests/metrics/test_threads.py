"""One metric object shared by 8 threads gives, bit for bit, the sequential results.

Metrics keep state between calls (encoded references reused across systems, vocabularies the
outputs extend, sacrebleu's reference cache); before the per-object lock, a shared SARI with
the compiled engine returned wrong scores and could crash the interpreter.
"""

from __future__ import annotations

import concurrent.futures
import random

import pytest

from simpeval import get_metric

from ..needs import assert_same_rows, metric_params
from ..registry import registered_metrics

WORDS = ["the", "cat", "sat", "on", "a", "mat", ".", "dog", "ran", "far", "away", "é", "naïve", ","]


def _corpus(seed: int, n: int = 40, rare: float = 0.5) -> tuple[list[str], list[list[str]], list[str]]:
    rng = random.Random(seed)

    def word() -> str:  # common words, and rare ones that grow the shared vocabularies
        return f"w{rng.randrange(10**6)}" if rng.random() < rare else rng.choice(WORDS)

    def sentence() -> str:
        return " ".join(word() for _ in range(rng.randint(1, 12)))

    refs = [[sentence() for _ in range(n)] for _ in range(2)]
    return [sentence() for _ in range(n)], refs, [sentence() for _ in range(n)]


@pytest.mark.parametrize("name", metric_params(registered_metrics()))
@pytest.mark.slow
def test_shared_object_is_thread_safe(name: str) -> None:
    metric = get_metric(name)
    # every job shares the sources and references (the cached path: one vocabulary that each
    # job's outputs extend) and brings outputs of its own, long enough for kernels to overlap
    # (large for the metrics with compiled engines, whose kernels run without the GIL)
    n, rare = (1200, 0.9) if name in ("sari", "bleu", "chrf") else (60, 0.5)
    _, refs, srcs = _corpus(0, n, rare)
    corpora = [(_corpus(seed, n, rare)[0], refs, srcs) for seed in range(1, 9)]
    expected = [metric.corpus_stats(h, r, sources=s) for h, r, s in corpora]
    shared = get_metric(name)
    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        jobs = [pool.submit(shared.corpus_stats, h, r, sources=s) for h, r, s in corpora * 4]
        results = [job.result() for job in jobs]
    for got, want in zip(results, expected * 4):
        assert_same_rows(name, got, want)
