"""SARI's compiled engine on several threads (chunks counted one a thread) and its byte-kind
tokenizer give the reference path's statistics, bit for bit."""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simpeval import SARI
from simpeval.engines import sari_encode
from simpeval.engines.jit import NUMBA_AVAILABLE
from simpeval.engines.sari_encode import ReferenceCache, chunk_bounds, fast_sari_counts
from simpeval.engines.tokenize13a import join_lines, replacements_13a
from simpeval.metrics.sari import VARIANTS

from ..needs import SHARED, require_numba, shared_paths

if not NUMBA_AVAILABLE:
    require_numba()  # part of the test extra: CI tests the compiled code

from simpeval.engines.vocab import TokenVocabulary

#: The presets the engines count (xu2023's filter on additions runs on the reference path only).
ENGINE_VARIANTS = sorted(name for name, config in VARIANTS.items() if config.add_filter == "none")

PIECES = list("ab c5 0.,-.,&;<>\"'$/\n\t") + [
    "&quot;",
    "<skipped>",
    "é",
    "Σ",
    "\u00a0",
    "\u2003",
    "\x1c",
    "İ",
    "  ",
    "The ",
    "cat ",
    "3.5",
    "",
]
text = st.lists(st.sampled_from(PIECES), max_size=12).map("".join)


@st.composite
def corpus(draw: st.DrawFn) -> tuple[list[str], list[str], list[list[str]]]:
    n = draw(st.integers(1, 12))
    sources = draw(st.lists(text, min_size=n, max_size=n))
    hypotheses = draw(st.lists(st.one_of(text, st.sampled_from(sources)), min_size=n, max_size=n))
    references = [draw(st.lists(text, max_size=3)) for _ in range(n)]  # variable, possibly none
    return sources, hypotheses, references


@contextmanager
def threaded(chunk_segments: int) -> Iterator[None]:
    """Three threads and small chunks, so that a small corpus takes the threaded path."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sari_encode, "num_threads", lambda: 3)
        patch.setattr(sari_encode, "THREAD_MIN_SEGMENTS", 1)
        patch.setattr(sari_encode, "CHUNK_SEGMENTS", chunk_segments)
        yield


@pytest.mark.parametrize("n", [0, 1, 5, 511, 512, 1023, 1024, 4096, 8192, 8193, 20_104, 100_000])
@pytest.mark.parametrize("threads", [1, 2, 3, 4])
def test_chunk_bounds_cover_the_segments_in_order(n: int, threads: int) -> None:
    bounds = chunk_bounds(n, threads)
    assert bounds[0] == 0 and bounds[-1] == n
    sizes = np.diff(bounds)
    assert (sizes > 0).all()
    if threads == 1:
        assert (sizes <= sari_encode.CHUNK_SEGMENTS).all()
    elif len(sizes) > 1:
        assert len(sizes) % threads == 0
        assert sizes.min() >= sari_encode.THREAD_MIN_SEGMENTS and sizes.max() - sizes.min() <= 1


@settings(max_examples=150, deadline=None)
@given(data=corpus(), variant=st.sampled_from(ENGINE_VARIANTS))
@pytest.mark.slow
def test_threaded_chunks_equal_the_reference_path(
    data: tuple[list[str], list[str], list[list[str]]], variant: str
) -> None:
    sources, hypotheses, references = data
    metric = SARI(variant, engine="reference")
    expected = metric.reference_counts(hypotheses, references, sources)
    with threaded(chunk_segments=2):
        cache = ReferenceCache()
        for _ in range(2):  # the second call reuses the cached sources and references
            counts = fast_sari_counts(hypotheses, references, sources, metric.config, cache, compiled=True)
            assert counts is not None
            np.testing.assert_array_equal(counts.view(np.uint64), expected.view(np.uint64))


@pytest.mark.slow
@pytest.mark.parametrize("variant", ENGINE_VARIANTS)
def test_threaded_chunks_on_asset_equal_the_reference_engine(variant: str) -> None:
    asset = SHARED / "corpora" / "asset"
    outputs = SHARED / "corpora" / "system_outputs" / "turkcorpus_test"
    paths = shared_paths(
        [asset / "asset.test.orig", outputs / "ACCESS", *(asset / f"asset.test.simp.{j}" for j in range(10))]
    )
    sources, hypotheses, *streams = [p.read_text(encoding="utf-8").splitlines() for p in paths]
    with threaded(chunk_segments=50):  # 9 chunks on 3 threads
        fast = SARI(variant, engine="numba").corpus_stats(hypotheses, streams, sources=sources)
    reference = SARI(variant, engine="reference").corpus_stats(hypotheses, streams, sources=sources)
    np.testing.assert_array_equal(fast.view(np.uint64), reference.view(np.uint64))


@pytest.mark.parametrize("variant", ["easse", "hf", "t2t"])
def test_chunks_with_the_same_sources_and_references_share_one_vocabulary(variant: str) -> None:
    """Every chunk has the same sources and references, so the threads extend one cached
    vocabulary with their outputs' new words (far more than its first capacity)."""
    n_chunks = 30
    sources = ["The cat sat on the mat .", "It rained all day ."] * n_chunks
    streams = [["A cat sat on a mat .", "It rained ."] * n_chunks, ["The cat sat .", "Rain all day ."] * n_chunks]
    hypotheses = [" ".join(f"w{k}x{i}" for i in range(1000)) for k in range(2 * n_chunks)]
    with threaded(chunk_segments=2):
        fast = SARI(variant, engine="numba").corpus_stats(hypotheses, streams, sources=sources)
    reference = SARI(variant, engine="reference").corpus_stats(hypotheses, streams, sources=sources)
    np.testing.assert_array_equal(fast.view(np.uint64), reference.view(np.uint64))


def test_a_pickled_cache_starts_empty_and_works() -> None:
    metric = SARI(engine="numba")
    sources, hypotheses, references = ["a b c ."], ["a b ."], [["a c ."]]
    first = metric.corpus_stats(hypotheses, [[r[0] for r in references]], sources=sources)
    copy = pickle.loads(pickle.dumps(metric._reference_cache))
    assert copy.get(next(iter(metric._reference_cache._entries))) is None
    shared = sari_encode._encode_shared(references, sources, metric.config, True)
    copy.put("key", shared)
    assert copy.get("key") is shared
    np.testing.assert_array_equal(
        first, SARI(engine="reference").corpus_stats(hypotheses, [["a c ."]], sources=sources)
    )


@settings(max_examples=300, deadline=None)
@given(lines=st.lists(text, min_size=1, max_size=10), tok13a=st.booleans(), space=st.booleans())
@pytest.mark.slow
def test_byte_kind_tokenizer_equals_the_numpy_path(lines: list[str], tok13a: bool, space: bool) -> None:
    assert_same_tokens_as_numpy(lines, tok13a, space)


def assert_same_tokens_as_numpy(lines: list[str], tok13a: bool, space: bool) -> None:
    data = join_lines(lines, lowercase=True)
    vocab = TokenVocabulary(capacity=1)  # the arrays grow (and the kernels resume) while encoding
    ids, offsets = vocab.encode(replacements_13a(data) if tok13a else data, len(lines), tok13a=tok13a, space=space)
    got = [[vocab.token(t) for t in ids[offsets[i] : offsets[i + 1]]] for i in range(len(lines))]
    numpy_vocab = sari_encode.Vocabulary()
    numpy_ids, numpy_offsets = sari_encode._split_and_lookup(data, len(lines), numpy_vocab, is_13a=tok13a, space=space)
    token_of = {number: token for token, number in numpy_vocab.ids.items()}
    expected = [[token_of[t] for t in numpy_ids[numpy_offsets[i] : numpy_offsets[i + 1]]] for i in range(len(lines))]
    assert got == expected


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("tok13a", [True, False])
def test_byte_kinds_across_block_boundaries_equal_the_numpy_path(seed: int, tok13a: bool) -> None:
    """Lines of tens of kilobytes: runs of dots and non-ASCII spaces straddle the kernel's blocks."""
    rng = np.random.default_rng(seed)
    pieces = ["a", "5", ".", "....", ",.,", "-", "3.", "(", " ", "\u2003", "\u00a0", "é", "x y"]
    lines = ["".join(rng.choice(pieces, size=int(rng.integers(1, 6000)))) for _ in range(4)]
    assert_same_tokens_as_numpy(lines, tok13a, space=False)
