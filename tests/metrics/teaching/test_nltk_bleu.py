"""NLTKBLEU equals NLTK's sentence_bleu / corpus_bleu (×100), bit for bit, for every smoothing method."""

from __future__ import annotations

import warnings
from collections.abc import Callable

import numpy as np
import pytest
from nltk.translate.bleu_score import SmoothingFunction, corpus_bleu, sentence_bleu

from simpeval.exceptions import InvalidOptionError
from simpeval.metrics.teaching import NLTKBLEU

Pair = tuple[str, list[str]]
Streams = Callable[[list[Pair]], list[list[str | None]]]

METHODS = range(8)
WEIGHTS = [(0.25, 0.25, 0.25, 0.25), (0.5, 0.5), (1 / 3, 1 / 3, 1 / 3), (0.1, 0.3, 0.5, 0.1), (0.2,) * 5]


def _smoother(method: int) -> Callable[..., object]:
    smoothing: Callable[..., object] = getattr(SmoothingFunction(), f"method{method}")
    return smoothing


def _ours(metric: NLTKBLEU, hyp: str, refs: list[str]) -> object:
    try:
        return metric.sentence_score(hyp, refs).score
    except InvalidOptionError:  # method 6 without a trigram match, where NLTK asserts
        return "error"


def _ours_row(metric: NLTKBLEU, row: np.ndarray) -> object:
    try:
        return metric.score_from_stats(row).score
    except InvalidOptionError:
        return "error"


def _theirs(call: Callable[..., object], pair: Pair, weights: tuple[float, ...], method: int, reweigh: bool) -> object:
    hyp, refs = pair
    value = call(sentence_bleu, [r.split() for r in refs], hyp.split(), weights, _smoother(method), reweigh)
    return value if value == "error" else 100 * value  # type: ignore[operator]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("method", METHODS)
@pytest.mark.slow
def test_sentence_bleu_parity(method: int, pairs: list[Pair], nltk_or_error: Callable[..., object]) -> None:
    """Every smoothing method, default weights: ``==`` NLTK's sentence_bleu ×100 on the parity set."""
    metric = NLTKBLEU(smoothing=method)
    mismatches = [
        (pair, theirs, ours)
        for pair in pairs
        if (theirs := _theirs(nltk_or_error, pair, (0.25,) * 4, method, False)) != (ours := _ours(metric, *pair))
    ]
    assert mismatches == []


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("reweigh", [False, True], ids=["plain", "auto_reweigh"])
@pytest.mark.parametrize("weights", WEIGHTS, ids=lambda w: f"{len(w)}-gram")
@pytest.mark.parametrize("method", [0, 1, 4, 5, 7])
def test_sentence_bleu_weights(
    method: int, weights: tuple[float, ...], reweigh: bool, pairs: list[Pair], nltk_or_error: Callable[..., object]
) -> None:
    metric = NLTKBLEU(weights=weights, smoothing=method, auto_reweigh=reweigh)
    sample = pairs[::4]
    mismatches = [
        (pair, theirs, ours)
        for pair in sample
        if (theirs := _theirs(nltk_or_error, pair, weights, method, reweigh)) != (ours := _ours(metric, *pair))
    ]
    assert mismatches == []


def _corpus_theirs(chunk: list[Pair], method: int, weights: tuple[float, ...] = (0.25,) * 4) -> float:
    value = corpus_bleu(
        [[r.split() for r in refs] for _, refs in chunk], [h.split() for h, _ in chunk], weights, _smoother(method)
    )
    return 100 * value


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("method", METHODS)
def test_corpus_bleu_parity(method: int, pairs: list[Pair], to_streams: Streams) -> None:
    """The whole parity set and chunks of 15 (each with another last segment) as corpora."""
    metric = NLTKBLEU(smoothing=method)
    chunks = [pairs] + [pairs[i : i + 15] for i in range(13, len(pairs), 15)]
    for chunk in chunks:
        if method == 6 and sum(metric.corpus_stats([h for h, _ in chunk], to_streams(chunk))[:, 4]) == 0:
            continue  # no trigram match at all: NLTK asserts (see test_method6_needs_a_trigram)
        assert metric.corpus_score([h for h, _ in chunk], to_streams(chunk)).score == _corpus_theirs(chunk, method)


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("method", METHODS)
def test_asset_parity(method: int, asset_pairs: list[Pair], to_streams: Streams) -> None:
    """Real sentences: ASSET originals against three simplifications, sentence and corpus level."""
    metric = NLTKBLEU(smoothing=method)
    hyps, refs = [h for h, _ in asset_pairs], to_streams(asset_pairs)
    if method != 6:
        theirs = [
            100 * sentence_bleu([r.split() for r in rs], h.split(), smoothing_function=_smoother(method))
            for h, rs in asset_pairs
        ]
        assert metric.sentence_scores(hyps, refs).tolist() == theirs
    assert metric.corpus_score(hyps, refs).score == _corpus_theirs(asset_pairs, method)


def test_nltk_docstring_examples() -> None:
    """The figures of NLTK's own docstrings (bleu_score.py)."""
    hyp1 = "It is a guide to action which ensures that the military always obeys the commands of the party"
    hyp2 = "It is to insure the troops forever hearing the activity guidebook that party direct"
    refs = [
        "It is a guide to action that ensures that the military will forever heed Party commands",
        "It is the guiding principle which guarantees the military forces always being under the command of the Party",
        "It is the practical guide for the army always to heed the directions of the party",
    ]
    assert f"{NLTKBLEU().sentence_score(hyp1, refs).score:.4f}".startswith("50.45")
    assert f"{NLTKBLEU(smoothing=1).sentence_score(hyp2, refs).score:.4f}".startswith("3.70")
    assert f"{NLTKBLEU(weights=(0.2,) * 5).sentence_score(hyp1, refs).score:.4f}".startswith("39.20")
    expected = {0: "41.18", 2: "44.52", 5: "49.05", 6: "41.35", 7: "49.05"}
    for method, figure in expected.items():
        assert f"{NLTKBLEU(smoothing=method).sentence_score(hyp1, refs[:1]).score:.4f}".startswith(figure)


def test_zero_order_warns_like_nltk() -> None:
    """Method 0 with a missing order: NLTK's warning text, a tiny positive score (not 0)."""
    hyp, ref = "the cat sat", "the cat is on the mat"
    with warnings.catch_warnings(record=True) as theirs:
        warnings.simplefilter("always")
        expected = 100 * sentence_bleu([ref.split()], hyp.split())
    with warnings.catch_warnings(record=True) as ours:
        warnings.simplefilter("always")
        score = NLTKBLEU().sentence_score(hyp, [ref]).score
    assert score == expected and 0 < score < 1e-50
    assert [str(w.message) for w in ours] == [str(w.message) for w in theirs] != []


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_edge_cases() -> None:
    """No unigram match and an empty hypothesis give exactly 0 (NLTK returns 0 before smoothing)."""
    assert NLTKBLEU(smoothing=1).sentence_score("x y z", ["a b c"]).score == 0.0
    assert NLTKBLEU(smoothing=7).sentence_score("", ["a b c"]).score == 0.0
    assert NLTKBLEU(auto_reweigh=True).sentence_score("a b", ["a b"]).score == 100 * sentence_bleu(
        [["a", "b"]], ["a", "b"], auto_reweigh=True
    )


def test_method6_needs_a_trigram() -> None:
    with pytest.raises(AssertionError):
        sentence_bleu([["a", "b", "c"]], ["a", "b", "d"], smoothing_function=SmoothingFunction().method6)
    with pytest.raises(InvalidOptionError, match="method6"):
        NLTKBLEU(smoothing=6).sentence_score("a b d", ["a b c"])
    with pytest.raises(InvalidOptionError, match="3 weights"):
        NLTKBLEU(weights=(0.5, 0.5), smoothing=6)


def test_method6_reads_the_last_hypothesis() -> None:
    """NLTK's corpus_bleu hands method6 the last hypothesis: an empty one lifts BLEU above 1; with alpha 0 it divides by 0."""
    hyps, refs = ["the the the the", ""], ["the the the the", ""]
    ours = NLTKBLEU(smoothing=6).corpus_score(hyps, [refs]).score
    assert ours == _corpus_theirs([(h, [r]) for h, r in zip(hyps, refs)], 6) and ours > 100
    hyps = refs = ["", "the the the"]
    with pytest.raises(ZeroDivisionError):
        corpus_bleu(
            [[r.split()] for r in refs],
            [h.split() for h in hyps],
            smoothing_function=SmoothingFunction(alpha=0).method6,
        )
    with pytest.raises(InvalidOptionError, match="alpha=0 divides by the number of 4-grams"):
        NLTKBLEU(smoothing=6, alpha=0).corpus_score(hyps, [refs])


@pytest.mark.parametrize("method", [5, 6, 7])
def test_last_segment_methods(
    method: int, pairs: list[Pair], to_streams: Streams, nltk_or_error: Callable[..., object]
) -> None:
    """Methods 5-7: only the last row is flagged, so every row alone is its sentence_bleu and the sum is corpus_bleu."""
    chunk = [p for p in pairs[20:60] if len(p[0].split()) >= 4 and len(p[1][0].split()) >= 4]
    metric = NLTKBLEU(smoothing=method)
    stats = metric.corpus_stats([h for h, _ in chunk], to_streams(chunk))
    assert stats[:, -4].tolist() == [0.0] * (len(chunk) - 1) + [1.0]
    assert metric.score_from_stats(stats.sum(axis=0)).score == _corpus_theirs(chunk, method)
    hyps, refs = [h for h, _ in chunk], to_streams(chunk)
    assert metric.corpus_score_iter(hyps, refs, chunk_size=len(chunk)).score == _corpus_theirs(chunk, method)
    theirs = [_theirs(nltk_or_error, pair, (0.25,) * 4, method, False) for pair in chunk]
    ours = [_ours_row(metric, row) for row in stats]
    assert ours == theirs  # a row alone: its own counts, flagged or not
    pooled = metric.score_from_stats(stats[:-1].sum(axis=0))  # no last segment: pooled counts
    assert np.isfinite(pooled.score) and 0 <= pooled.score <= 100


@pytest.mark.parametrize(
    "options, message",
    [
        ({"smoothing": 8}, "0 to 7"),
        ({"weights": ()}, "non-empty"),
        ({"weights": "0.25"}, "non-empty"),
        ({"epsilon": -1}, "epsilon"),
        ({"auto_reweigh": 1}, "True or False"),
        ({"tokenize": "nope"}, "nltk-word"),
    ],
)
def test_invalid_options(options: dict[str, object], message: str) -> None:
    with pytest.raises(Exception, match=message):
        NLTKBLEU(**options)  # type: ignore[arg-type]
