"""``evaluate.load("wer")`` and ``"cer"``: word and character error rates, as ``evaluate``'s scripts
compute them with jiwer (4.x, the current one).

A pair's errors are the Levenshtein distance between its prediction's and its reference's units
(NLTK's ``edit_distance``, as the teaching WER: substitutions, deletions and insertions of 1 each),
and the rate is the errors of every pair over the units of every reference, the same with
``concatenate_texts`` or without. jiwer's units:

* WER: runs of two or more whitespace characters made one space, the ends stripped, then split at
  single spaces (a lone tab or newline stays inside a word);
* CER: the ends stripped, then every character, spaces included.

Both return a float, as ``evaluate``'s modules do, and refuse (one line) a corpus whose references
have no unit at all, where the scripts divide by zero.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from nltk.metrics.distance import edit_distance

from ..exceptions import InvalidValueError
from ._module import EvaluationModule

__all__ = ["CER", "WER", "error_counts"]

_SPACES = re.compile(r"\s\s+")


def _words(text: str) -> list[str]:
    return [word for word in _SPACES.sub(" ", text).strip().split(" ") if word]


def _characters(text: str) -> list[str]:
    return list(text.strip())


def error_counts(
    predictions: Sequence[str], references: Sequence[str], units: Callable[[str], list[str]]
) -> tuple[int, int]:
    """``(errors, reference units)`` summed over the pairs.

    Examples:
        >>> error_counts(["a b c"], ["a x c d"], _words)
        (2, 4)
    """
    errors = total = 0
    for prediction, reference in zip(predictions, references):
        ref = units(reference)
        errors += edit_distance(units(prediction), ref)
        total += len(ref)
    return errors, total


def _rate(name: str, predictions: list[str], references: list[str], units: Callable[[str], list[str]]) -> float:
    """Errors over reference units (``compute`` has checked that the columns have one length)."""
    errors, total = error_counts(predictions, references, units)
    if total == 0:
        what = "words" if name == "WER" else "characters"
        raise InvalidValueError(
            f"{name}.compute: the references have no {what} at all, and evaluate's script divides by zero there."
        )
    return errors / total


class WER(EvaluationModule):
    """``evaluate.load("wer")``: ``compute(predictions=, references=, concatenate_texts=False)`` -> the
    word error rate, a float (0 is perfect; above 1 where the prediction inserts words): one
    reference string per prediction."""

    name = "WER"
    nested_references = False

    def _compute(self, *, predictions: list[str], references: list[str], concatenate_texts: bool = False) -> float:
        return _rate(self.name, predictions, references, _words)


class CER(EvaluationModule):
    """``evaluate.load("cer")``: ``compute(predictions=, references=, concatenate_texts=False)`` -> the
    character error rate, a float: one reference string per prediction."""

    name = "CER"
    nested_references = False

    def _compute(self, *, predictions: list[str], references: list[str], concatenate_texts: bool = False) -> float:
        return _rate(self.name, predictions, references, _characters)
