"""The NumPy BLEU and chrF statistics equal sacrebleu's and the compiled engine's, bit for bit,
and a job below the compiled threshold never imports Numba."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simpeval import BLEU, CHRF
from simpeval.engines import jit, ngram_numpy
from simpeval.metrics import _sacrebleu

from ..needs import SHARED, shared_paths

PIECES = [
    "the",
    "The",
    "cat",
    "sat",
    ".",
    ",",
    "(hi)",
    "'s",
    "3.5",
    "1,000",
    "-",
    "e-mail",
    "é",
    "Σ",
    "ς",
    "İ",
    "ß",
    "日本",
    "猫が",
    "🐱",
    " ",
    "  ",
    "\t",
    "\n",
    "-\n",
    "\u00a0",
    "\u2003",
    "\x1c",
    "\x01",
    "&amp;",
    "&quot;",
    "<skipped>",
    "!",
    "",
]
TEXT = st.one_of(
    st.lists(st.sampled_from(PIECES), max_size=14).map("".join),
    st.lists(st.sampled_from(PIECES), max_size=10).map(" ".join),
    st.text(st.characters(codec="utf-8"), max_size=12),
)
Corpus = tuple[list[str], list[list[str | None]]]


@st.composite
def corpora(draw: st.DrawFn) -> Corpus:
    """Hypotheses and reference streams with ``None`` holes (a variable number of references a segment)."""
    n = draw(st.integers(1, 6))
    hypotheses = draw(st.lists(TEXT, min_size=n, max_size=n))
    streams = draw(st.lists(st.lists(st.one_of(TEXT, st.none()), min_size=n, max_size=n), min_size=1, max_size=4))
    for i in range(n):  # sacrebleu needs a reference per segment
        if all(stream[i] is None for stream in streams):
            streams[0][i] = draw(TEXT)
    return hypotheses, streams


def _engines() -> tuple[str, ...]:
    return ("sacrebleu", "numpy", "numba") if jit.NUMBA_AVAILABLE else ("sacrebleu", "numpy")


def _same_rows(cls: type, options: dict[str, Any], corpus: Corpus) -> None:
    hypotheses, streams = corpus
    rows = {engine: cls(engine=engine, **options).corpus_stats(hypotheses, streams) for engine in _engines()}
    expected = rows["sacrebleu"]
    for engine, stats in rows.items():
        assert stats.dtype == expected.dtype and stats.shape == expected.shape, engine
        assert stats.tobytes() == expected.tobytes(), (engine, stats, expected)


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(
    corpus=corpora(),
    tokenize=st.sampled_from(["13a", "none", "intl", "char", "zh"]),
    lowercase=st.booleans(),
    order=st.integers(1, 6),
)
@pytest.mark.slow
def test_bleu_rows_equal_sacrebleu(corpus: Corpus, tokenize: str, lowercase: bool, order: int) -> None:
    _same_rows(BLEU, {"tokenize": tokenize, "lowercase": lowercase, "max_ngram_order": order}, corpus)


@pytest.mark.slow
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corpus=corpora(), tokenize=st.sampled_from(["moses", "whitespace", "tercom", "penn"]), lowercase=st.booleans())
def test_bleu_rows_with_registry_tokenizers_equal_sacrebleu(corpus: Corpus, tokenize: str, lowercase: bool) -> None:
    _same_rows(BLEU, {"tokenize": tokenize, "lowercase": lowercase}, corpus)


@SETTINGS
@given(
    corpus=corpora(),
    char_order=st.integers(0, 7),
    word_order=st.sampled_from([0, 1, 2, 3]),
    beta=st.integers(0, 3),
    lowercase=st.booleans(),
    whitespace=st.booleans(),
    eps_smoothing=st.booleans(),
)
@pytest.mark.slow
def test_chrf_rows_equal_sacrebleu(corpus: Corpus, char_order: int, word_order: int, **options: Any) -> None:
    if char_order + word_order == 0:
        word_order = 2
    _same_rows(CHRF, {"char_order": char_order, "word_order": word_order, **options}, corpus)


def test_bleu_of_repeated_ngrams_is_clipped_by_one_reference() -> None:
    hypotheses, streams = ["a a a a b b", "x"], [["a a b", "x y"], ["a b b b", "x"]]
    rows = BLEU(engine="numpy", max_ngram_order=2).corpus_stats(hypotheses, streams)
    # segment 0: the closest reference length to 6 is 4; unigrams a: min(4, max(2, 1)) + b: min(2, max(1, 3))
    # = 4; bigrams a a: min(3, 1) + a b: min(1, 1) + b b: min(1, 2) = 3
    assert rows.tolist() == [[6.0, 4.0, 4.0, 3.0, 6.0, 5.0], [1.0, 1.0, 1.0, 0.0, 1.0, 0.0]]
    assert rows.tobytes() == BLEU(engine="sacrebleu", max_ngram_order=2).corpus_stats(hypotheses, streams).tobytes()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("cls", "options"),
    [(BLEU, {}), (BLEU, {"lowercase": True, "max_ngram_order": 5}), (CHRF, {}), (CHRF, {"word_order": 2})],
)
@pytest.mark.parametrize("block_symbols", [None, 1, 200])
def test_rows_of_many_segments_with_several_systems(
    cls: type, options: dict[str, Any], block_symbols: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    if block_symbols is not None:  # segments in many blocks (one segment a block with 1)
        monkeypatch.setattr(ngram_numpy, "BLOCK_SYMBOLS", block_symbols)
    rng = np.random.default_rng(7)
    words = np.array(["the", "cat", "sat", "on", "a", "mat", "dog", ".", ",", "Ran", "ran", "in", "park"])

    def line() -> str:
        return " ".join(rng.choice(words, size=int(rng.integers(0, 25))))

    streams: list[list[str | None]] = [[line() for _ in range(300)] for _ in range(4)]
    streams[3] = [text if i % 3 else None for i, text in enumerate(streams[3])]
    metric, reference = cls(engine="numpy", **options), cls(engine="sacrebleu", **options)
    for _ in range(3):  # the systems of a comparison share the prepared references
        hypotheses = [line() for _ in range(300)]
        assert (
            metric.corpus_stats(hypotheses, streams).tobytes() == reference.corpus_stats(hypotheses, streams).tobytes()
        )


@pytest.mark.parametrize("pack_bits", [0, 18, 22, 26])
@pytest.mark.parametrize("cls", [BLEU, CHRF])
def test_rows_whether_keys_are_sorted_packed_or_by_argsort(
    cls: type, pack_bits: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Keys sorted packed with their index, or by ``np.argsort`` when key and index need more bits
    than allowed: the boundary falls between orders and between references and hypotheses."""
    monkeypatch.setattr(ngram_numpy, "_PACK_BITS", pack_bits)
    rng = np.random.default_rng(11)
    letters = np.array(list("abcdefghij .,"))
    streams = [["".join(rng.choice(letters, size=int(rng.integers(0, 60)))) for _ in range(80)] for _ in range(3)]
    hypotheses = ["".join(rng.choice(letters, size=int(rng.integers(0, 60)))) for _ in range(80)]
    options = {"word_order": 2} if cls is CHRF else {"tokenize": "char", "max_ngram_order": 6}
    expected = cls(engine="sacrebleu", **options).corpus_stats(hypotheses, streams)
    assert cls(engine="numpy", **options).corpus_stats(hypotheses, streams).tobytes() == expected.tobytes()


def test_best_reference_equals_the_compiled_choice() -> None:
    if not jit.NUMBA_AVAILABLE:
        pytest.skip("Numba is not installed")
    from simpeval.engines import ngram

    rng = np.random.default_rng(3)
    counts = rng.integers(0, 4, size=(400, 5, 3)).astype(np.int64)  # many ties and zero counts
    ref_off = np.concatenate(([0], np.cumsum(rng.integers(1, 6, size=120))))
    ref_off = ref_off[ref_off <= 400]
    counts = counts[: ref_off[-1]]
    for factor in (0.0, 1.0, 4.0, 9.0):
        for eps in (False, True):
            expected = ngram.best_reference(counts, ref_off, factor, eps)
            assert ngram_numpy.best_reference(counts, ref_off, factor, eps).tobytes() == expected.tobytes()


def test_closest_lengths_prefer_the_shorter_reference_on_a_tie() -> None:
    lengths = ngram_numpy.closest_lengths(np.array([5, 5, 0]), np.array([4, 6, 6, 4, 7, 2]), np.array([0, 2, 4, 6]))
    assert lengths.tolist() == [4, 4, 2]


def test_keys_too_large_fall_back_to_sacrebleu(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ngram_numpy, "_KEY_LIMIT", 4)
    hypotheses, streams = ["the cat sat", "a dog"], [["the cat sat down", "a dog ran"]]
    for cls in (BLEU, CHRF):
        metric = cls(engine="numpy")
        assert metric._numpy_stats(hypotheses, [[r] for r in streams[0]]) is None
        assert (
            metric.corpus_stats(hypotheses, streams).tobytes()
            == cls(engine="sacrebleu").corpus_stats(hypotheses, streams).tobytes()
        )


def test_fast_runs_numpy_below_the_threshold_and_without_numba(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SIMPEVAL_COMPILED_MIN_TEXTS", raising=False)
    chosen: list[str] = []
    real = jit.run_engine
    monkeypatch.setattr(_sacrebleu, "run_engine", lambda *args, **kw: chosen.append(real(*args, **kw)) or chosen[-1])
    BLEU().corpus_score(["the cat"], [["the cat"]])
    CHRF().corpus_score(["the cat"], [["the cat"]])
    assert chosen == ["numpy", "numpy"]
    monkeypatch.setattr(jit, "NUMBA_AVAILABLE", False)
    assert BLEU().engine == CHRF().engine == "numpy"
    assert BLEU(engine="sacrebleu").engine == "sacrebleu" and BLEU(engine="numpy").engine == "numpy"


@pytest.mark.parametrize("cls", [BLEU, CHRF])
def test_fast_lets_sacrebleu_count_a_sentence_or_two(cls: type, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SIMPEVAL_COMPILED_MIN_TEXTS", raising=False)
    calls: list[int] = []
    real = _sacrebleu.corpus_statistics
    monkeypatch.setattr(
        _sacrebleu, "corpus_statistics", lambda impl, h, *rest: calls.append(len(h)) or real(impl, h, *rest)
    )
    segments = ngram_numpy.MIN_TEXTS // 3 + 1  # segments x (2 references + 1) texts
    hypotheses, streams = ["the cat sat on the mat"] * segments, [["the cat sat"] * segments, ["a cat"] * segments]
    rows = {
        (engine, n): cls(engine=engine).corpus_stats(hypotheses[:n], [s[:n] for s in streams])
        for engine in ("fast", "numpy")
        for n in (1, segments)
    }
    assert calls == [1]  # engine="fast" with 3 texts; 12 texts and engine="numpy" ran NumPy
    for (engine, n), stats in rows.items():
        assert (
            stats.tobytes() == cls(engine="sacrebleu").corpus_stats(hypotheses[:n], [s[:n] for s in streams]).tobytes()
        )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("cls", "options"),
    [
        (BLEU, {}),
        (BLEU, {"lowercase": True, "tokenize": "intl"}),
        (CHRF, {}),
        (CHRF, {"word_order": 2}),
        (CHRF, {"lowercase": True, "whitespace": True, "eps_smoothing": True}),
    ],
)
def test_asset_rows_equal_sacrebleu(cls: type, options: dict[str, Any]) -> None:
    outputs = SHARED / "corpora" / "system_outputs" / "turkcorpus_test"
    paths = shared_paths(
        [
            outputs / "ACCESS",
            outputs / "Dress-Ls",
            *(SHARED / "corpora" / "asset" / f"asset.test.simp.{j}" for j in range(10)),
        ]
    )
    systems, streams = paths[:2], [p.read_text(encoding="utf-8").splitlines() for p in paths[2:]]
    numpy_metric, reference = cls(engine="numpy", **options), cls(engine="sacrebleu", **options)
    for path in systems:
        hypotheses = path.read_text(encoding="utf-8").splitlines()
        assert len(hypotheses) == 359
        rows = numpy_metric.corpus_stats(hypotheses, streams)
        assert rows.tobytes() == reference.corpus_stats(hypotheses, streams).tobytes()
        assert rows.dtype == np.float64 and rows.shape[0] == 359


_ASSET_SIZED_JOB = """
import sys
import numpy as np
from simpeval import BLEU, CHRF, Bootstrap, PairedBootstrap, compare
rng = np.random.default_rng(0)
words = np.array("the a cat dog sat ran on in mat park , . today big small red".split())
def lines(n):
    return [" ".join(rng.choice(words, size=int(rng.integers(5, 30)))) for _ in range(n)]
refs = [lines(359) for _ in range(10)]
systems = {f"s{k}": lines(359) for k in range(int(sys.argv[1]))}
resampling = {"interval": Bootstrap(n=100)} if sys.argv[2] == "resample" else {}
if resampling and len(systems) > 1:
    resampling["test"] = PairedBootstrap(n=100)
table = compare(systems, refs, metrics=["bleu", "chrf"], **resampling)
assert BLEU().corpus_score(systems["s0"], refs).score == BLEU(engine="sacrebleu").corpus_score(systems["s0"], refs).score
print("numba" in sys.modules)
"""


@pytest.mark.parametrize(("systems", "resampling"), [(1, "resample"), (4, "resample"), (10, "statistics only")])
@pytest.mark.slow
def test_a_mid_size_job_never_imports_numba(systems: int, resampling: str) -> None:
    """An ASSET-sized comparison (359 segments x 10 references) with the default threshold: 1 system
    (4,308 texts) and 4 systems (17,232 texts) with bootstrap intervals and paired tests, and the
    statistics of 10 systems (a job of 43,080 texts, 3,949 a call), run NumPy and never import Numba."""
    env = {k: v for k, v in os.environ.items() if k != "SIMPEVAL_COMPILED_MIN_TEXTS"}
    command = [sys.executable, "-c", _ASSET_SIZED_JOB, str(systems), resampling]
    result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.strip().splitlines()[-1] == "False"
