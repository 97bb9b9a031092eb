"""BERTScore, token by token: the structured explanation behind
:meth:`BERTScore.explain <simpeval.metrics.learned.bertscore.BERTScore.explain>`.

For one segment and each of its references: the cosine of every (output token, reference
token) pair of contextual embeddings; each output token's best reference token (precision
averages those cosines) and each reference token's best output token (recall); each token's
weight (its idf, or 1, and 0 for the special tokens without idf) and its share of its
sentence's weight; precision, recall and F1 of each reference, and which reference gave each
maximum. The numbers are the arrays :meth:`BERTScore.corpus_stats
<simpeval.BERTScore.corpus_stats>` computes its statistics from (the same
:func:`~simpeval.metrics.learned.greedy.match` on the same cosines), so the score equals ``sentence_score``.

Tokens are the tokenizer's pieces, made readable: a piece that continues a word is written with
``##`` (WordPiece's own mark; a byte-level BPE piece without RoBERTa's word-start ``Ġ``, unless
it comes first or after a lone ``Ġ``), a piece that starts one without its mark (``␣`` for the mark alone), bytes decoded
where they form characters; the piece itself is kept (``piece``), and the special tokens (``[CLS]``, ``[SEP]``, ``<s>``, ``</s>``) are
marked ``special``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..explanation import Explanation, ExplanationPart
from ..score import Score
from .greedy import Alignment

__all__ = ["BERTScoreExplanation", "BERTScoreMatch", "BERTScorePair", "BERTScoreToken", "explain_bertscore"]

_WORD_START = ("Ġ", "▁")  # byte-level BPE's (RoBERTa, GPT-2) and SentencePiece's marks of a word's first piece


@dataclass(frozen=True)
class BERTScoreToken(ExplanationPart):
    """One token of a sentence as the model reads it.

    Attributes:
        piece: the tokenizer's piece (``Ġcity``, ``##ing``, ``[CLS]``).
        text: the piece made readable (``city``, ``##ing``, ``[CLS]``).
        special: a special token (``[CLS]``, ``[SEP]``, ``<s>``, ``</s>``).
        weight: its weight: its idf (``idf=True``), else 1, and 0 for the special tokens.
        share: ``weight`` over the sentence's total weight: what precision or recall averages
            the token's best cosine with (0 where the sentence weighs nothing).
    """

    piece: str
    text: str
    special: bool
    weight: float
    share: float


@dataclass(frozen=True)
class BERTScoreMatch(ExplanationPart):
    """A token's best match on the other side of a pair.

    Attributes:
        token: the index of the matched token among the other sentence's tokens.
        cosine: the cosine credited: the largest cosine with any token of the other sentence,
            raised to 0 where bert_score's batch padding applied (``clamped``).
        clamped: bert_score padded the other sentence in its batch and every cosine was negative:
            the padding's 0 was the maximum (:func:`~simpeval.metrics.learned.greedy.padded_in_batch`).
    """

    token: int
    cosine: float
    clamped: bool


@dataclass(frozen=True)
class BERTScorePair(ExplanationPart):
    """The output against one reference.

    Attributes:
        reference: the reference.
        tokens: the reference's tokens.
        output_matches: each output token's best reference token (precision), in output order.
        reference_matches: each reference token's best output token (recall), in reference order.
        cosines: the cosine matrix, one row per output token, one column per reference token.
        precision, recall, f1: this reference's values, 0-100, before any rescaling.
        output_padded, reference_padded: bert_score padded the output (the reference) in its batch.
        empty: the reference is empty (``[CLS] [SEP]`` alone): bert_score gives 0 to its precision and recall.
    """

    reference: str
    tokens: tuple[BERTScoreToken, ...]
    output_matches: tuple[BERTScoreMatch, ...]
    reference_matches: tuple[BERTScoreMatch, ...]
    cosines: tuple[tuple[float, ...], ...]
    precision: float
    recall: float
    f1: float
    output_padded: bool
    reference_padded: bool
    empty: bool


@dataclass(frozen=True, repr=False)
class BERTScoreExplanation(Explanation):
    """BERTScore of one segment, token by token.

    Attributes:
        prediction, references: the input as given (references as scored: a ``None`` left out).
        model, layers, idf: the model folder or id, the layer compared, whether tokens are weighted by idf.
        tokens: the prediction's tokens.
        pairs: one :class:`BERTScorePair` per reference.
        precision_from, recall_from, f1_from: the index of the reference that gave the maximum
            precision, recall and F1 (each its own maximum, as bert_score takes them; the first on a tie).
        baseline: bert_score's ``[P, R, F]`` baseline when the scores are rescaled, ``(x - b) / (1 - b)``.
        empty: the prediction is empty (``[CLS] [SEP]`` alone): bert_score gives 0 to its
            precision and recall against every reference.
        statistics: the segment's statistics row ``[P, R, F1, 1]`` (``BERTScore.corpus_stats``).
        score: the :class:`Score`, equal to ``BERTScore.sentence_score`` of this segment.
    """

    prediction: str
    references: tuple[str, ...]
    model: str
    layers: int
    idf: bool
    tokens: tuple[BERTScoreToken, ...]
    pairs: tuple[BERTScorePair, ...]
    precision_from: int
    recall_from: int
    f1_from: int
    baseline: tuple[float, float, float] | None
    empty: bool
    statistics: tuple[float, ...]
    score: Score

    def __repr__(self) -> str:
        return (
            f"<BERTScoreExplanation F1 {self.score.score:.2f} over {len(self.tokens)} output tokens and "
            f"{len(self.pairs)} reference(s); print() it for the matches>"
        )

    @property
    def clamped(self) -> bool:
        """Whether bert_score's batch-padding rule raised any best cosine to 0."""
        return any(m.clamped for pair in self.pairs for m in (*pair.output_matches, *pair.reference_matches))


def _readable(tokenizer: Any, piece: str, byte_level: bool, first: bool) -> str:
    """``piece`` for people: word-start marks dropped, byte-level continuations (not the first piece) marked ``##``."""
    starts = piece.startswith(_WORD_START)
    if not (starts or byte_level):  # WordPiece (its ## kept) and other vocabularies: the piece as it is
        return piece
    decoded = str(tokenizer.convert_tokens_to_string([piece])).strip()
    if "\ufffd" in decoded:  # bytes of a character cut in two: the piece as it is
        decoded = piece[1:] if starts and len(piece) > 1 else piece
    if not decoded:  # a word-start mark alone: a space
        return "\u2423"
    return decoded if starts or first else f"##{decoded}"


def _tokens(tokenizer: Any, ids: list[int], weights: Any, byte_level: bool) -> tuple[BERTScoreToken, ...]:
    special = set(tokenizer.all_special_ids)
    values = np.asarray(weights, dtype=np.float32)[: len(ids)]
    total = values.sum()
    shares = values / total if total > 0 else np.zeros_like(values)  # the float32 shares match() uses
    out: list[BERTScoreToken] = []
    for i, piece, weight, share in zip(ids, tokenizer.convert_ids_to_tokens(ids), values, shares):
        first = not out or out[-1].special or out[-1].text == "\u2423"  # the sentence's or after a lone mark
        text = piece if i in special else _readable(tokenizer, piece, byte_level, first)
        out.append(BERTScoreToken(piece, text, i in special, float(weight), float(share)))
    return tuple(out)


def _matches(best: np.ndarray, found: np.ndarray, clamped: np.ndarray) -> tuple[BERTScoreMatch, ...]:
    return tuple(BERTScoreMatch(int(k), float(c), bool(z)) for k, c, z in zip(found.tolist(), best, clamped.tolist()))


#: A sentence's token ids and their weights (float32).
Sentence = tuple[list[int], np.ndarray]


def explain_bertscore(
    encoder: Any,
    settings: tuple[str, int, bool, np.ndarray | None],
    alignment: Alignment,
    sentences: tuple[Sentence, Sequence[Sentence]],
    texts: tuple[str, Sequence[str]],
    statistics: np.ndarray,
    score: Score,
) -> BERTScoreExplanation:
    """Build the explanation of one segment from its :class:`~simpeval.metrics.learned.greedy.Alignment`
    (see :meth:`BERTScore.explain <simpeval.metrics.learned.bertscore.BERTScore.explain>`, which
    validates the input and computes the statistics and score); ``encoder`` is the metric's
    :class:`~simpeval.metrics.learned.bertscore_model.Encoder`, ``settings`` its model, layer,
    idf and baseline, ``sentences`` the output's and each reference's token ids and weights,
    ``texts`` the output and its references."""
    model, layers, idf, baseline = settings
    a = alignment
    (output_ids, output_weights), references = sentences
    hypothesis, reference_texts = texts
    tokenizer, byte_level = encoder.tokenizer, encoder.prefix_space  # GPT-2 and RoBERTa tokenizers: byte-level BPE
    output_match, reference_match = a.output_match(), a.reference_match()
    tokens = _tokens(tokenizer, output_ids, output_weights, byte_level)
    pairs = []
    for j, (text, (ids, weights)) in enumerate(zip(reference_texts, references)):
        block = a.block(j)
        pairs.append(
            BERTScorePair(
                reference=text,
                tokens=_tokens(tokenizer, ids, weights, byte_level),
                output_matches=_matches(a.output_best[:, j], output_match[:, j], a.output_clamped[:, j]),
                reference_matches=_matches(a.reference_best[block], reference_match[block], a.reference_clamped[block]),
                cosines=tuple(tuple(float(c) for c in row) for row in a.similarity[:, block]),
                precision=100 * float(a.scores[j, 0]),
                recall=100 * float(a.scores[j, 1]),
                f1=100 * float(a.scores[j, 2]),
                output_padded=bool(a.padded[0][j]),
                reference_padded=bool(a.padded[1][j]),
                empty=len(ids) == 2,
            )
        )
    chosen = np.argmax(a.scores, axis=0)  # the first reference reaching each maximum
    return BERTScoreExplanation(
        prediction=hypothesis,
        references=tuple(reference_texts),
        model=model,
        layers=layers,
        idf=idf,
        tokens=tokens,
        pairs=tuple(pairs),
        precision_from=int(chosen[0]),
        recall_from=int(chosen[1]),
        f1_from=int(chosen[2]),
        baseline=None if baseline is None else (float(baseline[0]), float(baseline[1]), float(baseline[2])),
        empty=len(output_ids) == 2,
        statistics=tuple(float(x) for x in statistics),
        score=score,
    )
