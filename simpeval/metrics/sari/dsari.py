"""D-SARI (Sun et al., EMNLP 2021): SARI for documents, with length and sentence-count penalties.

``D_SARI.py`` (RLSNLP/Document-level-text-simplification) scores a document with ``SARI.py``'s
n-gram part (the ``xu2016`` preset: lowercased, split on single spaces, deletion precision)
and then penalises each operation by how the output's length and number of sentences stray from
the references':

* lengths are ``len(text.split(" "))`` of the texts as given; the reference length is the mean
  over the references, truncated to an integer (``int(total / count)``), and so is the
  reference sentence count;
* ``LP1 = exp((O - R) / O)`` when the output is shorter than the reference (O < R), else 1;
* ``LP2 = exp((R - O) / max(I - R, 1))`` when it is longer (O > R, I the input's length), else 1;
* ``SLP = exp(-|Rs - Os| / max(Rs, Os))`` with Rs, Os the reference's and the output's sentence
  counts;
* add x LP1, keep x LP2 x SLP, delete x LP2, and the score is ``(keep + delete + add) / 3``.

``D_SARI.py`` counts sentences with NLTK's trained English Punkt model (``nltk.sent_tokenize``),
which needs data NLTK downloads separately. The counter is therefore an option,
``sentence_split``, written into the signature: ``"simpeval"`` (the default, simpeval's own
splitter, :func:`simpeval.metrics.sentences.split_sentences`) or ``"punkt"`` (NLTK's
``sent_tokenize``, where its ``punkt_tab`` data is installed). Two cases ``D_SARI.py`` cannot
score (it divides by zero) are decided here: a document without references (SARI scores such a
segment by its formulas) has reference length and sentence count 0, and ``SLP`` is 1 when
neither the output nor the references have a sentence.

Examples:
    >>> p = document_penalties("a b c d e f . g h .", "a b . c", ["a b c . d ."], "simpeval")
    >>> p.input_length, p.output_length, p.reference_length, p.output_sentences, p.reference_sentences
    (10, 4, 6, 2, 2)
    >>> round(p.lp1, 6), p.lp2, p.slp
    (0.606531, 1.0, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ...exceptions import MissingDependencyError
from ..explanation import ExplanationPart
from ..sentences import split_sentences

__all__ = ["SENTENCE_COUNTERS", "DSARIPenalties", "apply_penalties", "count_sentences", "document_penalties"]


def _punkt(text: str) -> list[str]:
    import nltk

    try:
        return list(nltk.sent_tokenize(text))
    except LookupError:
        raise MissingDependencyError(
            "SARI: sentence_split='punkt' needs NLTK's trained Punkt model, which is not installed: "
            "run `python -m nltk.downloader punkt_tab`, or use sentence_split='simpeval'."
        ) from None


#: The sentence counters ``sentence_split`` names: each gives the sentences of a text.
SENTENCE_COUNTERS: dict[str, Callable[[str], list[str]]] = {"simpeval": split_sentences, "punkt": _punkt}


def count_sentences(text: str, counter: str) -> int:
    """The number of sentences of ``text`` by the counter ``counter`` (a key of :data:`SENTENCE_COUNTERS`).

    Examples:
        >>> count_sentences("It rains. We stay home.", "simpeval"), count_sentences("", "simpeval")
        (2, 0)
    """
    return len(SENTENCE_COUNTERS[counter](text))


@dataclass(frozen=True)
class DSARIPenalties(ExplanationPart):
    """One document's D-SARI penalties and the lengths they come from.

    Attributes:
        input_length: words of the source (``len(source.split(" "))``).
        output_length: words of the output.
        reference_length: the references' mean length, truncated to an integer.
        output_sentences: sentences of the output.
        reference_sentences: the references' mean sentence count, truncated to an integer.
        lp1: the penalty on addition for an output shorter than the reference.
        lp2: the penalty on keeping and deletion for an output longer than the reference.
        slp: the penalty on keeping for a sentence count other than the reference's.
    """

    input_length: int
    output_length: int
    reference_length: int
    output_sentences: int
    reference_sentences: int
    lp1: float
    lp2: float
    slp: float

    def describe(self) -> str:
        """The penalties and their lengths in one line (the explanation's text shows it)."""
        return (
            f"D-SARI penalties: LP1 {self.lp1:.4f} (add), LP2 {self.lp2:.4f} (keep, delete), "
            f"SLP {self.slp:.4f} (keep); space-split tokens: input {self.input_length}, output {self.output_length}, "
            f"reference {self.reference_length}; sentences: output {self.output_sentences}, "
            f"reference {self.reference_sentences}"
        )


def document_penalties(source: str, hypothesis: str, references: Sequence[str], counter: str) -> DSARIPenalties:
    """The D-SARI penalties of one document (see the module's docstring for the formulas)."""
    n_refs = len(references) or 1  # no reference: a length and a sentence count of 0
    input_length = len(source.split(" "))
    output_length = len(hypothesis.split(" "))
    reference_length = int(sum(len(ref.split(" ")) for ref in references) / n_refs)
    output_sentences = count_sentences(hypothesis, counter)
    reference_sentences = int(sum(count_sentences(ref, counter) for ref in references) / n_refs)
    lp1 = 1.0 if output_length >= reference_length else math.exp((output_length - reference_length) / output_length)
    lp2 = 1.0
    if output_length > reference_length:
        lp2 = math.exp((reference_length - output_length) / max(input_length - reference_length, 1))
    most = max(reference_sentences, output_sentences)
    slp = math.exp(-abs(reference_sentences - output_sentences) / most) if most else 1.0
    return DSARIPenalties(
        input_length, output_length, reference_length, output_sentences, reference_sentences, lp1, lp2, slp
    )


def apply_penalties(rows: np.ndarray, penalties: Sequence[DSARIPenalties]) -> np.ndarray:
    """Sentence rows (``[score, add, keep, delete, ...]``) with each document's penalties applied.

    ``keep x LP2 x SLP``, ``delete x LP2``, ``add x LP1``, then the score ``(keep + delete +
    add) / 3``, in ``D_SARI.py``'s order of operations; the per-order figures stay SARI's.
    """
    out = np.array(rows, dtype=np.float64, copy=True)
    lp1 = np.array([p.lp1 for p in penalties], dtype=np.float64)
    lp2 = np.array([p.lp2 for p in penalties], dtype=np.float64)
    slp = np.array([p.slp for p in penalties], dtype=np.float64)
    add = out[:, 1] * lp1
    keep = out[:, 2] * lp2 * slp
    delete = out[:, 3] * lp2
    out[:, 0] = (keep + delete + add) / 3
    out[:, 1], out[:, 2], out[:, 3] = add, keep, delete
    return out
