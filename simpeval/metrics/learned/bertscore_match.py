"""BERTScore's greedy matching, as bert_score's ``greedy_cos_idf`` computes it, for many segments at once.

Every segment's cosines (its output's tokens against all its references' tokens, one reference
after the other) come from batched products of segments of similar sizes, which keep the CPU's
threads busy where one small product per segment would not; each reference's best matches are
then the maxima over its block of columns, and precision and recall the weighted sums, in NumPy.
bert_score's padding rule (:func:`padded_in_batch`) is applied as flags per (output, reference) pair.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

__all__ = ["SEGMENTS_PER_PRODUCT", "best_match", "padded_in_batch", "scales_of", "similarities"]


def padded_in_batch(pairs: list[tuple[int, int]], batch_size: int) -> tuple[np.ndarray, np.ndarray]:
    """``(output padded, reference padded)`` of each (output, reference) pair given by its token lengths.

    bert_score matches the pairs in batches of ``batch_size`` consecutive pairs (each output once
    per reference, in order), padding each side to the batch's longest; a padded position has
    cosine 0 with every token, so a side shorter than the longest of its batch gives the other
    side's tokens 0 where all their cosines are negative.
    """
    if not pairs:
        return np.zeros(0, dtype=bool), np.zeros(0, dtype=bool)
    lengths = np.array(pairs, dtype=np.int64)
    starts = np.arange(0, len(pairs), batch_size)
    longest = np.maximum.reduceat(lengths, starts, axis=0)[np.arange(len(pairs)) // batch_size]
    padded = lengths < longest
    return padded[:, 0].copy(), padded[:, 1].copy()


def scales_of(
    encoded: dict[str, tuple[list[int], Any]], weights: dict[int, float], other: float, texts: Any
) -> dict[str, np.ndarray]:
    """``{text: its tokens' weights / their sum}`` (float32) of ``texts``."""
    scales: dict[str, np.ndarray] = {}
    with np.errstate(divide="ignore", invalid="ignore"):  # an empty output's weights: 0 / 0, as in bert_score
        for text in texts:
            values = np.array([weights.get(token, other) for token in encoded[text][0]], dtype=np.float32)
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


def best_match(
    similarity: np.ndarray, scale: np.ndarray, ref_scales: list[np.ndarray], was_padded: tuple[Any, Any]
) -> np.ndarray:
    """``[P, R, F1]`` of an output against each of its references (greedy cosine matching,
    bert_score's ``greedy_cos_idf``), each the maximum over the references.

    ``similarity`` holds the cosines of the output's tokens with its references' tokens, one
    reference after the other (:func:`similarities`), so a reference's best matches are the
    maxima over its block of columns; ``scale`` and ``ref_scales`` are the tokens' scaled weights
    (:func:`scales_of`). ``was_padded`` is ``(output padded, reference padded)``, a flag per
    reference, from :func:`padded_in_batch`: where the reference was padded, the output's best
    cosines are at least 0 (precision), and where the output was, the reference's (recall), as in bert_score.
    """
    lengths = np.array([len(ref) for ref in ref_scales])
    starts = np.concatenate(([0], np.cumsum(lengths)[:-1]))
    best_for_output = np.full((len(scale), len(ref_scales)), -np.inf, dtype=np.float32)
    filled = lengths > 0  # a reference of no token (a tokenizer without special tokens) has no best match
    if filled.any() and len(scale):
        best_for_output[:, filled] = np.maximum.reduceat(similarity, starts[filled], axis=1)
    best_for_reference = similarity.max(axis=0, initial=-np.inf)
    output_padded, reference_padded = (np.asarray(flags, dtype=bool) for flags in was_padded)
    best_for_output[:, reference_padded] = np.maximum(best_for_output[:, reference_padded], 0)
    clamp = np.repeat(output_padded, lengths)
    best_for_reference[clamp] = np.maximum(best_for_reference[clamp], 0)
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
    best: np.ndarray = np.stack((precision, recall, f1), axis=-1).max(axis=0)
    return best
