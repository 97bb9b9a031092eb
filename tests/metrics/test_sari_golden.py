"""Golden conformance: every SARI preset against figures computed by the original implementations.

The figures live in ``../shared/golden`` (see its README for provenance: EASSE 6a4352ec,
huggingface/evaluate a7dd3383, cocoxu/simplification 35570464, tensor2tensor bafdc1b6,
run on Python 3.11.7 / sacrebleu 2.6.0). The corpora they were computed on live in
``../shared/corpora``. Missing files skip the tests, or fail them when ``CI`` is set (``tests/needs.py``).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import numpy as np
import pytest

from simpeval import SARI, references_from_segments

from ..needs import SHARED, shared_path

#: golden implementation key -> (preset, option overrides)
PRESETS: dict[str, tuple[str, dict[str, Any]]] = {
    "easse_default": ("easse", {}),
    "easse_paper_version": ("easse-paper", {}),
    "easse_legacy": ("easse-legacy", {}),
    "easse_del_precision": ("easse-delp", {}),
    "easse_paper_version_del_precision": ("easse-paper-delp", {}),
    "hf_evaluate": ("hf", {}),
    "cocoxu_sari_py": ("xu2016", {}),
    "cocoxu_modified_sari_py": ("xu2023", {}),
    "t2t_whitespace_tokens": ("t2t", {}),
    "t2t_13a_lowercase_tokens": ("t2t", {"tokenize": "13a", "lowercase": True}),
}
TOLERANCE = 1e-9  # absolute, 0-100 scale (golden/README.md)
T2T_TOLERANCE = 1e-12  # tensor2tensor sums in hash order; its own figures vary by ~1e-14 on 0-100


@cache
def _load(name: str) -> Any:
    return json.loads(shared_path("golden", name).read_text(encoding="utf-8"))


def _tolerance(key: str) -> float:
    return T2T_TOLERANCE if key.startswith("t2t") else TOLERANCE


def _scaled(result: dict[str, Any], field: str) -> float:
    return float(result[field]) * (100.0 if result["scale"] == 1 else 1.0)


def _metric(key: str) -> SARI:
    variant, options = PRESETS[key]
    return SARI(variant, **options)


def _example_params() -> list[Any]:
    path = SHARED / "golden" / "examples.json"
    if not path.exists():
        return [pytest.param(None, None, id="golden-examples-missing")]
    cases = json.loads(path.read_text(encoding="utf-8"))["cases"]
    return [
        pytest.param(case["id"], key, id=f"examples.json:{case['id']}:{key}")
        for case in cases
        for key in PRESETS
        if "score" in case["results"][key]
    ]


@pytest.mark.parametrize(("case_id", "key"), _example_params())
def test_examples(case_id: str | None, key: str | None) -> None:
    cases = {case["id"]: case for case in _load("examples.json")["cases"]}
    assert case_id is not None and key is not None
    case = cases[case_id]
    expected = case["results"][key]
    metric = _metric(key)
    # examples.json stores references per segment; simpeval takes streams.
    streams = references_from_segments(case["references"]) or [[None] * len(case["sources"])]
    score = metric.corpus_score(case["predictions"], streams, sources=case["sources"])
    tol = _tolerance(key)
    assert score.score == pytest.approx(_scaled(expected, "score"), abs=tol)
    assert score.components["add"] == pytest.approx(_scaled(expected, "add"), abs=tol)
    assert score.components["keep"] == pytest.approx(_scaled(expected, "keep"), abs=tol)
    assert score.components["delete"] == pytest.approx(_scaled(expected, "del"), abs=tol)
    if "per_segment" in expected:
        sentence = metric.sentence_scores(case["predictions"], streams, sources=case["sources"])
        # per_segment figures are 0-1 sentence scores for every implementation
        np.testing.assert_allclose(sentence, np.array(expected["per_segment"]) * 100.0, rtol=0, atol=tol)


def _read(relative: str) -> list[str]:
    # As EASSE reads them: readlines() and strip() of each line (golden/README.md).
    with open(shared_path(relative), encoding="utf-8") as handle:
        return [line.strip() for line in handle.readlines()]


def _corpus_params() -> list[Any]:
    path = SHARED / "golden" / "corpora.json"
    if not path.exists():
        return [pytest.param(None, None, id="golden-corpora-missing")]
    datasets = json.loads(path.read_text(encoding="utf-8"))["datasets"]
    return [
        pytest.param(dataset, system, id=f"corpora.json:{dataset}:{system}", marks=pytest.mark.slow)
        for dataset, spec in datasets.items()
        for system in spec["systems"]
    ]


def _counting_key(metric: SARI) -> tuple[Any, ...]:
    """Presets that differ only in how counts are scored share one statistics extraction."""
    c = metric.config
    return (
        c.tokenize,
        c.lowercase,
        c.normalize_source,
        c.split,
        c.aggregate,
        c.precision,
        c.keep_recall,
        c.del_match,
        c.ngrams,
        c.ref_weight,
        c.add_filter,
        c.penalty,
        c.sentence_split,
        c.max_order,
    )


@pytest.mark.parametrize(("dataset", "system"), _corpus_params())
def test_corpora(dataset: str | None, system: str | None) -> None:
    datasets = _load("corpora.json")["datasets"]  # first: skips (fails under CI) when the file is missing
    assert dataset is not None and system is not None
    spec = datasets[dataset]
    entry = spec["systems"][system]
    sources = _read(spec["files"]["orig"]["path"])
    references = [_read(ref["path"]) for ref in spec["files"]["refs"]]
    if system.startswith("ref") and system.endswith("_loo"):  # reference k against the others
        held_out = int(system[3:-4])
        references = [ref for j, ref in enumerate(references) if j != held_out]
    hypotheses = _read(entry["file"]["path"])
    assert len(hypotheses) == spec["n_segments"]

    stats_cache: dict[tuple[Any, ...], np.ndarray] = {}
    for key, expected in entry["sari"].items():
        if key not in PRESETS:
            continue
        metric = _metric(key)
        counting = _counting_key(metric)
        if counting not in stats_cache:
            stats_cache[counting] = metric.corpus_stats(hypotheses, references, sources=sources)
        stats = stats_cache[counting]
        score = metric.score_from_stats(stats.sum(axis=0))
        tol = _tolerance(key)
        assert score.score == pytest.approx(_scaled(expected, "score"), abs=tol), key
        for op, golden_op in (("add", "add"), ("keep", "keep"), ("delete", "del")):
            assert score.components[op] == pytest.approx(_scaled(expected, golden_op), abs=tol), (key, op)
        if "per_segment" in expected:
            sentence = np.array([metric.score_from_stats(row).score for row in stats])
            np.testing.assert_allclose(  # per_segment figures are 0-1 for every implementation
                sentence, np.array(expected["per_segment"]) * 100.0, rtol=0, atol=tol, err_msg=key
            )


def test_shared_stats_equal_direct_scoring() -> None:
    """The sharing trick in test_corpora is sound: scoring shared stats == corpus_score."""
    case = _load("examples.json")["cases"][0]
    streams = references_from_segments(case["references"])
    base = SARI("easse").corpus_stats(case["predictions"], streams, sources=case["sources"]).sum(axis=0)
    for variant in ("easse-paper", "easse-delp", "easse-paper-delp"):
        direct = SARI(variant).corpus_score(case["predictions"], streams, sources=case["sources"])
        assert SARI(variant).score_from_stats(base).score == direct.score
