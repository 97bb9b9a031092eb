"""BERTScore's greedy matching (bert_score's ``greedy_cos_idf``) of one output against its references.

:func:`align` computes, for one output and each of its references, the cosine matrix of their
token embeddings, each token's best match on the other side, and precision, recall and F1; it
returns them all (:class:`Alignment`), so that :meth:`BERTScore.corpus_stats
<simpeval.BERTScore.corpus_stats>` (which keeps the scores) and
:meth:`BERTScore.explain <simpeval.metrics.learned.bertscore.BERTScore.explain>` (which shows the
matches) run the same arithmetic. :func:`padded_in_batch` gives the flags of bert_score's batch
padding rule that :func:`align` applies.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["Alignment", "align", "padded_in_batch"]


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


@dataclass(frozen=True)
class Alignment:
    """The greedy matching of one output against each of its references (tensors, one row per
    reference, on the model's device except the weights and scores).

    Attributes:
        output_ids, reference_ids: the token ids of the output and of each reference.
        output_weights: the output's token weights (idf, or 1 and 0 for the special tokens), ``[tokens]``.
        reference_weights: each reference's token weights, ``[references, longest]`` (0 past its end).
        similarity: the cosines, ``[references, output tokens, longest reference]`` (0 past a reference's end).
        output_best, output_match: each output token's best cosine as credited (after the padding
            rule) and the index of the reference token giving it, ``[references, output tokens]``.
        output_clamped: where bert_score's padding raised a negative best cosine to 0 (the reference was padded).
        reference_best, reference_match, reference_clamped: the same for each reference token
            (``[references, longest]``; the output was padded).
        scores: ``[P, R, F1]`` of each reference (0-1, before any rescaling), ``[references, 3]``.
        padded: ``(output padded, reference padded)``, a flag per reference (:func:`padded_in_batch`).
    """

    output_ids: list[int]
    reference_ids: list[list[int]]
    output_weights: Any
    reference_weights: Any
    similarity: Any
    output_best: Any
    output_match: Any
    output_clamped: Any
    reference_best: Any
    reference_match: Any
    reference_clamped: Any
    scores: Any
    padded: tuple[Any, Any]

    def best(self) -> np.ndarray:
        """``[P, R, F1]`` (float32), each the maximum over the references, as bert_score takes them."""
        result: np.ndarray = self.scores.max(dim=0).values.numpy()
        return result


def align(
    torch: Any,
    encoded: dict[str, tuple[list[int], Any]],
    weighted: Callable[[str], Any],
    hypothesis: str,
    refs: list[str],
    was_padded: tuple[Any, Any],
) -> Alignment:
    """The greedy matching of ``hypothesis`` against each of ``refs`` (bert_score's ``greedy_cos_idf``).

    ``encoded`` gives each text's ``(token ids, unit-length embeddings)``, ``weighted`` each text's
    token weights (a float32 tensor); precision and recall average the best cosines with the weights
    divided by their sum. ``was_padded`` is ``(output padded, reference padded)``, a flag per
    reference, from :func:`padded_in_batch`: where the reference was padded, the output's best
    cosines are at least 0 (precision), and where the output was, the reference's (recall), as in
    bert_score.
    """
    output_ids, output = encoded[hypothesis]
    lengths = [len(encoded[text][0]) for text in refs]
    longest = max(lengths)
    padded = torch.zeros((len(refs), longest, output.shape[-1]), dtype=output.dtype, device=output.device)
    real = torch.zeros((len(refs), longest), dtype=torch.bool, device=output.device)
    ref_weights = torch.zeros((len(refs), longest), dtype=torch.float32)
    ref_scale = torch.zeros((len(refs), longest), dtype=torch.float32)
    for j, text in enumerate(refs):
        padded[j, : lengths[j]] = encoded[text][1]
        real[j, : lengths[j]] = True
        values = weighted(text)
        ref_weights[j, : lengths[j]] = values
        ref_scale[j, : lengths[j]] = values / values.sum()
    output_weights = weighted(hypothesis)
    similarity = torch.matmul(output.unsqueeze(0), padded.transpose(1, 2))  # [refs, output tokens, ref tokens]
    for_output = similarity.masked_fill(~real.unsqueeze(1), -math.inf).max(dim=2)
    for_reference = similarity.max(dim=1)
    best_for_output = for_output.values
    best_for_reference = for_reference.values.masked_fill(~real, 0.0)
    output_padded, reference_padded = (flags.to(output.device).unsqueeze(1) for flags in was_padded)
    output_clamped = reference_padded & (best_for_output < 0)
    reference_clamped = output_padded & (best_for_reference < 0)
    best_for_output = torch.where(reference_padded, best_for_output.clamp(min=0.0), best_for_output)
    best_for_reference = torch.where(output_padded, best_for_reference.clamp(min=0.0), best_for_reference)
    precision = (best_for_output.cpu() * (output_weights / output_weights.sum())).sum(dim=1)
    recall = (best_for_reference.cpu() * ref_scale).sum(dim=1)
    f1 = 2 * precision * recall / (precision + recall)
    empty_refs = torch.tensor([n == 2 for n in lengths])
    if len(output_ids) == 2:  # an empty output ([CLS] [SEP]): P and R are 0, as in bert_score
        precision, recall = torch.zeros_like(precision), torch.zeros_like(recall)
    precision = precision.masked_fill(empty_refs, 0.0)
    recall = recall.masked_fill(empty_refs, 0.0)
    f1 = f1.masked_fill(torch.isnan(f1), 0.0)
    return Alignment(
        output_ids=output_ids,
        reference_ids=[encoded[text][0] for text in refs],
        output_weights=output_weights,
        reference_weights=ref_weights,
        similarity=similarity,
        output_best=best_for_output,
        output_match=for_output.indices,
        output_clamped=output_clamped,
        reference_best=best_for_reference,
        reference_match=for_reference.indices,
        reference_clamped=reference_clamped,
        scores=torch.stack((precision, recall, f1), dim=-1),
        padded=was_padded,
    )
