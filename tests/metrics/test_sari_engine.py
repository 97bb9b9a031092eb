"""SARI's engines: the threaded path, the engine option, fallbacks, encoding once, threads.

That every engine equals the readable reference path bit for bit, on random corpora (a small
alphabet with many n-gram collisions among them) and every preset and setting, is
``tests/engines/test_matrix.py``'s claim.
"""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

from simpeval import SARI
from simpeval.engines.jit import NUMBA_AVAILABLE
from simpeval.metrics.sari import VARIANTS

FAST_ENGINES = ["numpy", pytest.param("numba", marks=pytest.mark.skipif(not NUMBA_AVAILABLE, reason="no Numba"))]


@pytest.mark.skipif(not NUMBA_AVAILABLE, reason="no Numba")
@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.slow
def test_compiled_engine_counts_blocks_of_segments_in_parallel(variant: str) -> None:
    """Enough segments for the threaded path (with repeated and empty strings): same bits."""
    rng = np.random.default_rng(7)
    vocabulary = ["the", "cat", "sat", "on", "a", "mat", ".", ",", "3.5", "It", "rained", "all", "day"]

    def sentence() -> str:
        return " ".join(rng.choice(vocabulary, size=int(rng.integers(0, 12))))

    n = 700
    sources = [sentence() for _ in range(n)]
    hypotheses = [sources[i] if i % 5 == 0 else sentence() for i in range(n)]
    streams = [[sentence() for _ in range(n)] for _ in range(3)]
    streams[2][::4] = [None] * len(streams[2][::4])
    stats = SARI(variant, engine="numba").corpus_stats(hypotheses, streams, sources=sources)
    np.testing.assert_array_equal(
        stats, SARI(variant, engine="reference").corpus_stats(hypotheses, streams, sources=sources)
    )
    np.testing.assert_array_equal(
        stats, SARI(variant, engine="numpy").corpus_stats(hypotheses, streams, sources=sources)
    )


def test_engine_fast_resolves_to_an_available_engine(monkeypatch) -> None:
    from simpeval.engines import jit as _jit

    assert SARI().engine == ("numba" if NUMBA_AVAILABLE else "numpy")
    monkeypatch.setattr(_jit, "NUMBA_AVAILABLE", False)
    assert SARI().engine == "numpy"
    with pytest.raises(ValueError, match=r"engine='numba' needs Numba: pip install \"simplification-metrics\[fast\]\""):
        SARI(engine="numba")


@pytest.mark.slow
def test_numba_can_be_disabled_from_the_environment() -> None:
    code = "from simpeval import SARI; from simpeval.engines.jit import NUMBA_AVAILABLE; print(NUMBA_AVAILABLE, SARI().engine)"
    env = {**os.environ, "SIMPEVAL_DISABLE_NUMBA": "1"}
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["False", "numpy"]


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_engines_agree_on_scores(variant: str) -> None:
    sources = ["The cat sat on the mat.", "It costs 3.50 $, or 3,50 EUR - roughly.", ""]
    hypotheses = ["The cat sat.", "It costs 3.50 $.", "Nothing."]
    streams = [["A cat sat on a mat.", "It is 3.50 $.", ""], ["The cat sat on the mat .", None, "x"]]
    fast = SARI(variant).corpus_score(hypotheses, streams, sources=sources)
    reference = SARI(variant, engine="reference").corpus_score(hypotheses, streams, sources=sources)
    assert fast == reference
    np.testing.assert_array_equal(
        SARI(variant).sentence_scores(hypotheses, streams, sources=sources),
        [
            SARI(variant, engine="reference").sentence_score(h, [r for r in refs if r is not None], source=s).score
            for h, s, refs in zip(hypotheses, sources, zip(*streams))
        ],
    )


def test_engine_is_validated() -> None:
    with pytest.raises(ValueError, match="engine"):
        SARI(engine="turbo")


def test_segments_too_long_for_packed_keys_fall_back_to_the_reference_path(monkeypatch) -> None:
    from simpeval.engines import sari_encode, sari_numpy

    sources, hypotheses = ["a b c d e f"], ["a b x"]
    references = [["a b c", "b c d e"]]
    expected = SARI(engine="reference").corpus_stats(
        hypotheses, [[r[0] for r in references], [r[1] for r in references]], sources=sources
    )
    monkeypatch.setattr(sari_numpy, "_MAX_KEY_BITS", 8)  # nothing fits: the NumPy engine declines
    assert sari_encode.fast_sari_counts(hypotheses, references, sources, SARI().config, compiled=False) is None
    np.testing.assert_array_equal(
        SARI(engine="numpy").corpus_stats(
            hypotheses, [[r[0] for r in references], [r[1] for r in references]], sources=sources
        ),
        expected,
    )


@pytest.mark.parametrize("engine", FAST_ENGINES)
def test_sources_and_references_are_encoded_once_for_all_systems(monkeypatch, engine: str) -> None:
    from simpeval.engines import sari_encode

    calls = []
    original = sari_encode._encode_shared
    monkeypatch.setattr(sari_encode, "_encode_shared", lambda *a: calls.append(1) or original(*a))
    sources = ["The cat sat on the mat .", "It rained all day ."]
    streams = [["A cat sat on a mat .", "It rained ."], ["The cat sat .", "Rain all day ."]]
    metric = SARI(engine=engine)
    scores = [metric.corpus_score(h, streams, sources=sources) for h in (["The cat sat .", "It rained ."], sources)]
    assert len(calls) == 1  # the second system reused the encoded sources and references
    assert scores == [
        SARI(engine="reference").corpus_score(h, streams, sources=sources)
        for h in (["The cat sat .", "It rained ."], sources)
    ]


@pytest.mark.skipif(not NUMBA_AVAILABLE, reason="no Numba")
@pytest.mark.slow
def test_compiled_kernels_can_be_called_from_several_threads() -> None:
    """Numba's workqueue threading layer (the one always present) aborts on concurrent parallel
    launches; simpeval serializes them. Run in a child process: a failure kills the interpreter."""
    code = """
import concurrent.futures, numpy as np
from simpeval import SARI, BLEU, CHRF
rng = np.random.default_rng(0)
words = np.array("the cat sat on a mat . , it rained all day".split())
sent = lambda: " ".join(rng.choice(words, size=int(rng.integers(1, 15))))
n = 3000
srcs = [sent() for _ in range(n)]; hyps = [sent() for _ in range(n)]; refs = [[sent() for _ in range(n)] for _ in range(2)]
def job(k):
    metric = (SARI(), BLEU(), CHRF())[k % 3]
    return k % 3, metric.corpus_stats(hyps, refs, sources=srcs if k % 3 == 0 else None)
with concurrent.futures.ThreadPoolExecutor(6) as pool:
    results = list(pool.map(job, range(18)))
for k, stats in results:
    assert np.array_equal(stats, results[k][1])
print("ok")
"""
    env = {**os.environ, "NUMBA_THREADING_LAYER": "workqueue"}  # the layer that aborts
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600, env=env)
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr[-2000:]


@pytest.mark.parametrize("variant", ["hf", "xu2016", "t2t"])  # the presets that add fractions
def test_reference_path_does_not_depend_on_pythons_sum(monkeypatch, variant: str) -> None:
    """Python >= 3.12's sum() compensates float rounding; the reference path adds left to right
    itself, so it equals the engines on every Python version. Simulated: sum() replaced by a
    compensated sum (math.fsum) must not change a bit."""
    import builtins
    import math

    sources = ["a b c d e f g a b c", "x y z x y", "one two three one two three"]
    hypotheses = ["a b x d e g", "x z y", "one three two one"]
    streams = [["a b c d f g a b", "x y x y", "one two one two"], ["b c d e", "z y z", ""], ["a c", "x", "two three"]]
    expected = SARI(variant, engine="numpy").corpus_stats(hypotheses, streams, sources=sources)
    monkeypatch.setattr(builtins, "sum", lambda values, start=0: math.fsum(values) + start)
    np.testing.assert_array_equal(
        SARI(variant, engine="reference").corpus_stats(hypotheses, streams, sources=sources), expected
    )


@pytest.mark.parametrize("name", ["13a", "none"])
def test_a_tokenizer_registered_over_a_builtin_name_runs_in_every_engine(name: str) -> None:
    """register_tokenizer("13a", ..., overwrite=True) used to change the reference engine only
    (30.48 vs 37.22 under the same tok:13a): the fast engines dispatched on the name."""
    from simpeval.tokenizers import get_tokenizer, is_builtin, register_tokenizer
    from simpeval.tokenizers._registry import _FACTORIES

    original = _FACTORIES[name]

    class Dashes:
        def __call__(self, line: str) -> str:
            return line.replace("-", " - ").replace(",", " , ")

    sources, hypotheses = ["well-known, widely-used tools", "a b-c"], ["well-known tools", "a b - c"]
    streams = [["widely used, well known tools", "a b c"]]
    try:
        register_tokenizer(name, Dashes, overwrite=True)
        assert not is_builtin(name) and isinstance(get_tokenizer(name), Dashes)
        scores = {
            engine: SARI("easse", tokenize=name, engine=engine).corpus_score(hypotheses, streams, sources=sources).score
            for engine in ("reference", *(e.values[0] if hasattr(e, "values") else e for e in FAST_ENGINES))
        }
        assert len(set(scores.values())) == 1, scores
    finally:
        register_tokenizer(name, original, overwrite=True)
    assert is_builtin(name)
