"""BERTScore's greedy matching, as bert_score's ``greedy_cos_idf`` computes it, for many segments at once.

Every segment's cosines (its output's tokens against all its references' tokens, one reference
after the other) come from batched products of segments of similar sizes (:func:`similarities`),
which keep the CPU's threads busy where one small product per segment would not; :func:`match`
then takes each reference's best matches (the maxima over its block of columns) and precision,
recall and F1 (the weighted sums) in NumPy. bert_score's padding rule (:func:`padded_in_batch`) is
applied as flags per (output, reference) pair. The :class:`Alignment` that :func:`match` returns
holds every array it used, so :meth:`BERTScore.corpus_stats <simpeval.BERTScore.corpus_stats>`
(which keeps :meth:`Alignment.best`) and :meth:`BERTScore.explain
<simpeval.metrics.learned.bertscore.BERTScore.explain>` (which shows the matches) run the same arithmetic.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = [
    "SEGMENTS_PER_PRODUCT",
    "Alignment",
    "match",
    "padded_in_batch",
    "scales_of",
    "similarities",
    "weights_of",
]


def padded_in_batch(pairs: list[tuple[int, int]], batch_size: int) -> tuple[np.ndarray, np.ndarray]:
    """``(output padded, reference padded)`` of each (output, reference) pair given by its token lengths.

    bert_score matches the pairs in batches of ``batch_size`` consecutive pairs (each output once
    per reference, in order), padding each side to the batch's longest; a padded position has
    cosine 0 with every token, so a side shorter than the longest of its batch gives the other
    side's tokens 0 where all their cosines are negative.

    Examples:
        >>> output, reference = padded_in_batch([(5, 7), (3, 9), (4, 4)], batch_size=2)
        >>> output.tolist(), reference.tolist()
        ([False, True, False], [True, False, False])
    """
    if not pairs:
        return np.zeros(0, dtype=bool), np.zeros(0, dtype=bool)
    lengths = np.array(pairs, dtype=np.int64)
    starts = np.arange(0, len(pairs), batch_size)
    longest = np.maximum.reduceat(lengths, starts, axis=0)[np.arange(len(pairs)) // batch_size]
    padded = lengths < longest
    return padded[:, 0].copy(), padded[:, 1].copy()


def weights_of(ids: list[int], weights: dict[int, float], other: float) -> np.ndarray:
    """The weights (float32) of the tokens ``ids``: ``weights`` by token id, ``other`` for the rest.

    Examples:
        >>> weights_of([101, 7, 102], {101: 0.0, 102: 0.0}, 1.0).tolist()
        [0.0, 1.0, 0.0]
    """
    return np.array([weights.get(token, other) for token in ids], dtype=np.float32)


def scales_of(
    encoded: dict[str, tuple[list[int], Any]], weights: dict[int, float], other: float, texts: Any
) -> dict[str, np.ndarray]:
    """``{text: its tokens' weights / their sum}`` (float32) of ``texts`` (:func:`weights_of`)."""
    scales: dict[str, np.ndarray] = {}
    with np.errstate(divide="ignore", invalid="ignore"):  # an empty output's weights: 0 / 0, as in bert_score
        for text in texts:
            values = weights_of(encoded[text][0], weights, other)
            scales[text] = values / values.sum()
    return scales


#: Segments whose cosines are computed in one batched product.
SEGMENTS_PER_PRODUCT = 32


def similarities(
    torch: Any, encoded: dict[str, tuple[list[int], Any]], hypotheses: list[str], references: list[list[str]]
) -> list[np.ndarray]:
    """Every segment's cosines ``[output tokens, its references' tokens one after the other]`` (float32).

    Segments of similar sizes are stacked and multiplied in one batched product (on the model's
    device), which uses the CPU's threads well where one small product per segment would not.
    """
    arrays = {
        text: encoded[text][1].cpu().numpy() for text in dict.fromkeys([*hypotheses, *itertools.chain(*references)])
    }
    output_sizes = [len(arrays[hypothesis]) for hypothesis in hypotheses]
    ref_sizes = [[len(arrays[text]) for text in refs] for refs in references]
    order = sorted(range(len(hypotheses)), key=lambda i: (sum(ref_sizes[i]), output_sizes[i]))
    found: list[np.ndarray] = [np.empty((0, 0), dtype=np.float32)] * len(hypotheses)
    device = encoded[hypotheses[0]][1].device if hypotheses else None
    with torch.inference_mode():
        for start in range(0, len(order), SEGMENTS_PER_PRODUCT):
            chunk = order[start : start + SEGMENTS_PER_PRODUCT]
            width = arrays[hypotheses[chunk[0]]].shape[1]
            left = np.zeros((len(chunk), max(output_sizes[i] for i in chunk), width), dtype=np.float32)
            right = np.zeros((len(chunk), max(sum(ref_sizes[i]) for i in chunk), width), dtype=np.float32)
            for row, i in enumerate(chunk):
                left[row, : output_sizes[i]] = arrays[hypotheses[i]]
                offset = 0
                for text, size in zip(references[i], ref_sizes[i]):
                    right[row, offset : offset + size] = arrays[text]
                    offset += size
            products = torch.bmm(torch.from_numpy(left).to(device), torch.from_numpy(right).to(device).transpose(1, 2))
            products = products.cpu().numpy()
            for row, i in enumerate(chunk):
                found[i] = products[row, : output_sizes[i], : sum(ref_sizes[i])]
    return found


@dataclass(frozen=True)
class Alignment:
    """The greedy matching of one output against each of its references (NumPy arrays; :func:`match`).

    Attributes:
        similarity: the cosines ``[output tokens, the references' tokens one after the other]`` (float32).
        starts, lengths: where each reference's block of columns starts, and its number of tokens.
        output_best: each output token's best cosine with each reference as credited (after the
            padding rule), ``[output tokens, references]``.
        output_clamped: where bert_score's padding raised a negative best cosine to 0 (the reference was padded).
        reference_best, reference_clamped: the same for each reference token, one reference after
            the other (``[the references' tokens]``; clamped where the output was padded).
        scores: ``[P, R, F1]`` of each reference (0-1, before any rescaling), ``[references, 3]`` (float32).
        padded: ``(output padded, reference padded)``, a flag per reference (:func:`padded_in_batch`).
    """

    similarity: np.ndarray
    starts: np.ndarray
    lengths: np.ndarray
    output_best: np.ndarray
    output_clamped: np.ndarray
    reference_best: np.ndarray
    reference_clamped: np.ndarray
    scores: np.ndarray
    padded: tuple[np.ndarray, np.ndarray]

    def best(self) -> np.ndarray:
        """``[P, R, F1]`` (float32), each the maximum over the references, as bert_score takes them."""
        result: np.ndarray = self.scores.max(axis=0)
        return result

    def block(self, j: int) -> slice:
        """The columns of reference ``j`` in ``similarity`` (and its tokens in ``reference_best``)."""
        return slice(int(self.starts[j]), int(self.starts[j] + self.lengths[j]))

    def output_match(self) -> np.ndarray:
        """The index of each output token's best token in each reference, ``[output tokens, references]``
        (the first on a tie; 0 for a reference of no token)."""
        found = np.zeros((self.similarity.shape[0], len(self.lengths)), dtype=np.int64)
        for j in np.flatnonzero(self.lengths > 0):
            if self.similarity.shape[0]:
                found[:, j] = self.similarity[:, self.block(int(j))].argmax(axis=1)
        return found

    def reference_match(self) -> np.ndarray:
        """The index of each reference token's best output token, ``[the references' tokens]`` (the first on a tie)."""
        if not self.similarity.shape[0]:
            return np.zeros(self.similarity.shape[1], dtype=np.int64)
        found: np.ndarray = self.similarity.argmax(axis=0)
        return found


def match(
    similarity: np.ndarray, scale: np.ndarray, ref_scales: list[np.ndarray], was_padded: tuple[Any, Any]
) -> Alignment:
    """The greedy matching (bert_score's ``greedy_cos_idf``) of an output against each of its references.

    ``similarity`` holds the cosines of the output's tokens with its references' tokens, one
    reference after the other (:func:`similarities`), so a reference's best matches are the
    maxima over its block of columns; ``scale`` and ``ref_scales`` are the tokens' scaled weights
    (:func:`scales_of`). ``was_padded`` is ``(output padded, reference padded)``, a flag per
    reference, from :func:`padded_in_batch`: where the reference was padded, the output's best
    cosines are at least 0 (precision), and where the output was, the reference's (recall), as in bert_score.
    """
    lengths = np.array([len(ref) for ref in ref_scales], dtype=np.int64)
    starts = np.concatenate(([0], np.cumsum(lengths)[:-1])).astype(np.int64)
    found = np.full((len(scale), len(ref_scales)), -np.inf, dtype=np.float32)
    filled = lengths > 0  # a reference of no token (a tokenizer without special tokens) has no best match
    if filled.any() and len(scale):
        found[:, filled] = np.maximum.reduceat(similarity, starts[filled], axis=1)
    found_for_reference = similarity.max(axis=0, initial=-np.inf)
    output_padded, reference_padded = (np.asarray(flags, dtype=bool) for flags in was_padded)
    output_clamped = reference_padded[None, :] & (found < 0)
    reference_clamped = np.repeat(output_padded, lengths) & (found_for_reference < 0)
    best_for_output = np.where(output_clamped, np.float32(0), found)
    best_for_reference = np.where(reference_clamped, np.float32(0), found_for_reference)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        precision = (best_for_output * scale[:, None]).sum(axis=0, dtype=np.float32)
        weighted = best_for_reference * np.concatenate(ref_scales)
        recall = np.zeros(len(ref_scales), dtype=np.float32)
        if filled.any():
            recall[filled] = np.add.reduceat(weighted, starts[filled])
        f1 = 2 * precision * recall / (precision + recall)
    if len(scale) == 2:  # an empty output ([CLS] [SEP]): P and R are 0, as in bert_score
        precision, recall = np.zeros_like(precision), np.zeros_like(recall)
    empty_refs = lengths == 2
    precision[empty_refs], recall[empty_refs] = 0.0, 0.0
    f1[np.isnan(f1)] = 0.0
    return Alignment(
        similarity=similarity,
        starts=starts,
        lengths=lengths,
        output_best=best_for_output,
        output_clamped=output_clamped,
        reference_best=best_for_reference,
        reference_clamped=reference_clamped,
        scores=np.stack((precision, recall, f1), axis=-1),
        padded=(output_padded, reference_padded),
    )
