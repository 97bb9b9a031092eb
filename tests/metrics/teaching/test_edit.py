"""EditDistance, WER and PEM equal their definitions on NLTK's edit_distance; alignments are NLTK's."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nltk.metrics.distance import edit_distance, edit_distance_align

from simpeval.exceptions import InvalidOptionError
from simpeval.metrics.teaching import PEM, WER, EditDistance
from simpeval.metrics.teaching.edit import EditOp

Pair = tuple[str, list[str]]
Streams = Callable[[list[Pair]], list[list[str | None]]]


def _units(text: str, level: str) -> Sequence[str]:
    return text.split() if level == "word" else text


@pytest.mark.slow
@pytest.mark.parametrize("level", ["word", "char"])
@pytest.mark.parametrize("cost, trans", [(1, False), (1, True), (2, False)])
def test_edit_distance_parity(level: str, cost: int, trans: bool, pairs: list[Pair], to_streams: Streams) -> None:
    """Per segment the minimum over references of nltk.edit_distance; the corpus score is the sum."""
    metric = EditDistance(level=level, substitution_cost=cost, transpositions=trans)
    theirs = [
        min(
            edit_distance(_units(h, level), _units(r, level), substitution_cost=cost, transpositions=trans)
            for r in refs
        )
        for h, refs in pairs
    ]
    hyps, refs = [h for h, _ in pairs], to_streams(pairs)
    assert metric.sentence_scores(hyps, refs).tolist() == theirs
    assert metric.corpus_score(hyps, refs).score == sum(theirs)


@pytest.mark.slow
def test_edit_distance_asset(asset_pairs: list[Pair]) -> None:
    sample = asset_pairs[:80]
    for level in ("word", "char"):
        ours = EditDistance(level=level).sentence_scores([h for h, _ in sample], [[rs[0] for _, rs in sample]])
        assert ours.tolist() == [edit_distance(_units(h, level), _units(rs[0], level)) for h, rs in sample]


def _cost(ops: list[EditOp], substitution_cost: int) -> int:
    return sum({"match": 0, "substitute": substitution_cost}.get(op.op, 1) for op in ops)


@pytest.mark.slow
@pytest.mark.parametrize("level", ["word", "char"])
def test_alignment_is_nltks(level: str, pairs: list[Pair]) -> None:
    """The operations follow nltk.edit_distance_align's path and cost exactly the edit distance."""
    metric = EditDistance(level=level)
    for hyp, refs in pairs[::3]:
        ops = metric.alignment(hyp, refs[0])
        h, r = _units(hyp, level), _units(refs[0], level)
        assert _cost(ops, 1) == edit_distance(h, r)
        assert [op.hypothesis for op in ops if op.hypothesis is not None] == list(h)
        assert [op.reference for op in ops if op.reference is not None] == list(r)
        assert len(ops) == len(edit_distance_align(h, r)) - 1


def test_alignment_example_and_transpositions() -> None:
    ops = EditDistance(level="char").alignment("rain", "shine")
    assert [tuple(op) for op in ops] == [
        ("substitute", "r", "s"),
        ("substitute", "a", "h"),
        ("match", "i", "i"),
        ("match", "n", "n"),
        ("insert", None, "e"),
    ]
    assert EditDistance(level="char", transpositions=True).sentence_score("ab", ["ba"]).score == 1.0
    with pytest.raises(InvalidOptionError, match="transpositions"):
        EditDistance(transpositions=True).alignment("a b", "b a")
    with pytest.raises(InvalidOptionError, match="level='word'"):
        EditDistance(level="char", tokenize="13a")


def test_wer_parity(pairs: list[Pair], to_streams: Streams) -> None:
    """NLTK word edit distance of the closest reference over its length, ×100; corpus: totals."""
    edits, lengths = [], []
    for hyp, refs in pairs:
        best = min(refs, key=lambda r: edit_distance(hyp.split(), r.split()))
        edits.append(edit_distance(hyp.split(), best.split()))
        lengths.append(len(best.split()))
    theirs = [100 * (e / n) if n else (0.0 if e == 0 else math.inf) for e, n in zip(edits, lengths)]
    hyps, refs = [h for h, _ in pairs], to_streams(pairs)
    assert WER().sentence_scores(hyps, refs).tolist() == theirs
    assert WER().corpus_score(hyps, refs).score == 100 * (sum(edits) / sum(lengths))
    assert WER().sentence_score("", [""]).score == 0.0 and WER().sentence_score("a", [""]).score == math.inf


def test_pem_textbook_example() -> None:
    """'This is a simple test sentence' (30 characters) / 'This is an example sentence': 9 edits, (30 - 9) / 30."""
    score = PEM().sentence_score("This is a simple test sentence", ["This is an example sentence"])
    assert score.score == 70.0
    assert dict(score.details) == {"kept": 21.0, "max_chars": 30.0, "distance": 9.0}


@pytest.mark.slow
def test_pem_parity(pairs: list[Pair], to_streams: Streams) -> None:
    kept, longest, theirs = [], [], []
    for hyp, refs in pairs:
        rows = [(max(len(hyp), len(r)) - edit_distance(hyp, r), max(len(hyp), len(r))) for r in refs]
        k, m = max(rows, key=lambda row: row[0] / row[1] if row[1] else 1.0)
        kept.append(k), longest.append(m), theirs.append(k / m * 100 if m else 100.0)  # (L - d) / L * 100
    hyps, refs = [h for h, _ in pairs], to_streams(pairs)
    assert PEM().sentence_scores(hyps, refs).tolist() == theirs
    assert PEM().corpus_score(hyps, refs).score == sum(kept) / sum(longest) * 100


def _seed_pem(hyp: str, ref: str) -> float:
    """The seed's formula, as written: ``(L - d) / L * 100``."""
    length, distance = max(len(hyp), len(ref)), edit_distance(hyp, ref)
    return (length - distance) / length * 100 if length else 100.0


@pytest.mark.slow
@given(st.integers(min_value=1, max_value=10**6).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))))
@settings(max_examples=500, deadline=None)  # no timing: the suite runs on busy machines
def test_pem_is_the_seed_formula_bit_for_bit(pair: tuple[int, int]) -> None:
    """``100 * (L - d) / L`` differed from the seed's ``(L - d) / L * 100`` in the last bit for
    14 of 43 pairs; every (L, d) now gives the seed's bits."""
    length, distance = pair
    score = PEM().score_from_stats(np.array([length - distance, length, distance], dtype=np.float64)).score
    assert score == (length - distance) / length * 100


@pytest.mark.slow
@given(st.text(alphabet="abcde ", max_size=30), st.text(alphabet="abcde ", max_size=30))
@settings(max_examples=300)
def test_pem_of_texts_is_the_seed_formula(hyp: str, ref: str) -> None:
    assert PEM().sentence_score(hyp, [ref]).score == _seed_pem(hyp, ref)


def test_the_two_orders_differ_on_small_lengths() -> None:
    """The bit-exactness tests bite: the two orders of operations differ for many small (L, d)."""
    differing = [(n, d) for n in range(1, 60) for d in range(n + 1) if 100 * (n - d) / n != (n - d) / n * 100]
    assert len(differing) > 100
    for length, distance in differing:
        stats = np.array([length - distance, length, distance], dtype=np.float64)
        assert PEM().score_from_stats(stats).score == (length - distance) / length * 100


def test_lowercase_and_tokenizer() -> None:
    assert EditDistance(lowercase=True).sentence_score("The Cat", ["the cat"]).score == 0.0
    assert EditDistance().sentence_score("The Cat", ["the cat"]).score == 2.0
    assert WER(tokenize="13a").sentence_score("cat.", ["cat ."]).score == 0.0
