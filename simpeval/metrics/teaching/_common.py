"""What the teaching metrics share: option checks, tokenization, the NLTK version in the signature.

Every teaching metric reproduces one NLTK function on tokens. Text becomes tokens the way a
classroom notebook does it: ``text.split()`` by default (the ``whitespace`` tokenizer), or any
registry tokenizer by name (``"13a"``, ``"treebank"``, ``"nltk-word"``, ...), after optional
lowercasing.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import metadata
from typing import Any, ClassVar

import numpy as np

from ..._types import StatsArray
from ...exceptions import ReferenceLayoutError, UnknownTokenizerError
from ...tokenizers import Tokenizer, available_tokenizers, get_tokenizer
from ..base import Metric
from ..validation import check_bool, check_number, check_stats_vector

__all__ = [
    "CASE",
    "TeachingMetric",
    "check_bool",
    "check_number",
    "check_stats",
    "nltk_version",
    "resolve_tokenizer",
]


def nltk_version() -> str:
    """The installed NLTK version, recorded in every teaching metric's signature.

    Examples:
        >>> nltk_version().count(".") >= 1
        True
    """
    try:
        return metadata.version("nltk")
    except metadata.PackageNotFoundError:  # pragma: no cover - nltk is a dependency
        import nltk

        return str(nltk.__version__)


def resolve_tokenizer(metric: str, name: Any) -> Tokenizer:
    """The registry tokenizer named ``name`` (``nltk-word`` is NLTK's ``word_tokenize`` without Punkt).

    Raises:
        UnknownTokenizerError: no tokenizer has that name (the message lists the valid ones).

    Examples:
        >>> resolve_tokenizer("WER", "nltk-word")("It isn't.")
        "It is n't ."
    """
    if not isinstance(name, str) or (name not in available_tokenizers()):
        valid = available_tokenizers()
        raise UnknownTokenizerError(f"{metric}: tokenize must be one of {', '.join(valid)} (got {name!r}).")
    return get_tokenizer(name)


def check_stats(stats: Any, width: int, metric: str) -> list[float]:
    """A summed statistics vector as a list of Python floats, after checking its shape.

    Raises:
        InvalidInputError: ``stats`` is not a 1-D vector of ``width`` numbers.
    """
    return [float(x) for x in check_stats_vector(stats, width, metric)]


#: The ``lowercase`` option's spelling in the teaching metrics' signatures.
CASE = {True: "lc", False: "mixed"}


class TeachingMetric(Metric):
    """Base of the NLTK teaching metrics: case folding, tokenization, at least one reference, and
    the NLTK version in the signature (``nltk:3.9.1``, a fact of every teaching metric).

    Subclasses call :meth:`_set_text_options` in ``_setup`` and use :meth:`_tokens` (word
    level) or :meth:`_text` (character level) on every hypothesis and reference.
    """

    signature_facts: ClassVar[Mapping[str, str]] = {"nltk": "nltk"}
    _lowercase: bool = False
    _tokenizer: Tokenizer | None = None

    def signature_field(self, key: str) -> Any:
        """The installed NLTK version for ``nltk``; an option's spelling for the other keys."""
        return nltk_version() if key == "nltk" else super().signature_field(key)

    def _set_text_options(self, lowercase: Any, tokenize: Any) -> None:
        self._lowercase = check_bool(self.name, "lowercase", lowercase)
        self._tokenizer = None if tokenize is None else resolve_tokenizer(self.name, tokenize)

    @property
    def tokenizer_name(self) -> str:
        """Registry name of the tokenizer (``"whitespace"`` by default)."""
        return self._tokenizer.name if self._tokenizer is not None else "none"

    def _text(self, text: str) -> str:
        return text.lower() if self._lowercase else text

    def _tokens(self, text: str) -> list[str]:
        prepared = self._text(text)
        return (self._tokenizer(prepared) if self._tokenizer is not None else prepared).split()

    def _require_references(self, references: list[list[str]]) -> None:
        """Every segment needs a reference: NLTK's functions fail on an empty reference list."""
        for i, refs in enumerate(references):
            if not refs:
                raise ReferenceLayoutError(
                    f"{self.name}: segment {i} has no reference (every stream holds None there); "
                    f"{self.name} needs at least one reference per segment, as NLTK's function does. "
                    "Give it a reference or leave the segment out."
                )

    def _stack(self, rows: list[list[float]], width: int) -> StatsArray:
        return np.asarray(rows, dtype=np.float64).reshape(len(rows), width)
