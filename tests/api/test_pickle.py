"""Every result value round-trips through ``pickle`` and comes back from a worker process.

Their mapping fields were ``types.MappingProxyType`` objects, which cannot be pickled
("cannot pickle 'mappingproxy' object"): a ``Score`` could not be returned from a
``multiprocessing`` worker. They are now read-only mappings that pickle (``FrozenDict``).
"""

from __future__ import annotations

import multiprocessing
import pickle
from typing import Any

import pytest

from simpeval import BLEU, SARI, Bootstrap, PairedBootstrap, compare
from simpeval._types import FrozenDict
from simpeval.metaeval.presets import PRESETS

SOURCES = ["the cat sat on the old mat .", "heavy rain made the river flood .", "the museum opened in 1990 ."]
REFERENCES = [["the cat sat on the mat .", "rain made the river flood .", "the museum opened in 1990 ."]]
SYSTEMS = {"a": ["the cat sat on a mat .", "rain flooded the river .", "it opened in 1990 ."], "b": SOURCES}


def _table() -> Any:
    return compare(
        SYSTEMS,
        REFERENCES,
        sources=SOURCES,
        metrics=["sari", "bleu"],
        interval=Bootstrap(n=20),
        test=PairedBootstrap(n=20),
    )


def _values() -> dict[str, Any]:
    table = _table()
    score = SARI().corpus_score(SYSTEMS["a"], REFERENCES, sources=SOURCES, n_bootstrap=20)
    return {
        "score": BLEU().sentence_score(SYSTEMS["a"][0], [REFERENCES[0][0]]),
        "score with interval": score,
        "signature": score.signature,
        "interval": score.ci,
        "result table": table,
        "paired results": tuple(table.paired),
        "SARI explanation": SARI().explain(SYSTEMS["a"][0], [REFERENCES[0][0]], source=SOURCES[0]),
        "BLEU explanation": BLEU().explain(SYSTEMS["a"][0], [REFERENCES[0][0]]),
        "preset": PRESETS["simplicity-da"],
    }


@pytest.mark.parametrize("kind", list(_values()))
def test_value_round_trips_through_pickle(kind: str) -> None:
    value = _values()[kind]
    assert value is not None and value != ()
    again = pickle.loads(pickle.dumps(value))
    assert again == value
    assert type(again) is type(value)


def test_mappings_stay_read_only_after_loading() -> None:
    score = pickle.loads(pickle.dumps(SARI().sentence_score("a b", ["a b"], source="a b c")))
    assert isinstance(score.components, FrozenDict)
    with pytest.raises(TypeError):
        score.components["add"] = 0.0  # type: ignore[index]
    assert score.components == SARI().sentence_score("a b", ["a b"], source="a b c").components


@pytest.mark.slow
def test_a_worker_process_returns_a_score() -> None:
    metric = SARI()
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        score = pool.apply_async(metric.sentence_score, ("a b", ["a b"]), {"source": "a b c"}).get(timeout=120)
    assert score == metric.sentence_score("a b", ["a b"], source="a b c")
    assert score.components == metric.sentence_score("a b", ["a b"], source="a b c").components
