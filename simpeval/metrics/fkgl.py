"""FKGL, the Flesch-Kincaid grade level of system outputs, as EASSE's ``corpus_fkgl`` computes it.

Each output is normalized as EASSE normalizes it (lowercased, then tokenized: 13a by default),
split into sentences, words and syllables (:mod:`.readability`); a segment's statistics are
``[sentences, words, syllables]``, additive, and the corpus grade is

    ``max(0, 0.39 * words / sentences + 11.8 * syllables / words - 15.59)``

(0 with no word or sentence), so bootstrap intervals and paired tests work as for every metric.
FKGL reads the outputs only: references and sources are not needed (and are ignored).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from .. import _citations
from .._types import StatsArray
from ..tokenizers import get_tokenizer
from .base import Metric
from .options import check_declared, option
from .readability import count_syllables, split_sentences
from .score import Score
from .signature import Signature
from .validation import check_stats_vector

__all__ = ["FKGL", "FKGLConfig"]


@dataclass(frozen=True)
class FKGLConfig:
    """Options of :class:`FKGL`: EASSE's ``corpus_fkgl(tokenizer=...)`` and its normalization
    (each field declares its default, help and signature key: :func:`~simpeval.metrics.options.option`)."""

    tokenize: str = option(
        "13a",
        help="A registered tokenizer (EASSE's: 13a, intl, moses, penn, none).",
        signature=("tok", "tok"),
    )
    lowercase: bool = option(
        True,
        help="Lowercase before tokenizing (EASSE's normalize default).",
        choices={True: "lc", False: "mixed"},
        signature=("case", "c"),
    )

    def __post_init__(self) -> None:
        check_declared("FKGL", self)
        get_tokenizer(self.tokenize)  # an unknown name is an error here, listing the valid ones


class FKGL(Metric):
    """Flesch-Kincaid grade level of the outputs (lower is simpler), equal to EASSE's ``corpus_fkgl``.

    Args:
        config: a :class:`FKGLConfig` (default: ``FKGLConfig()``, EASSE's settings).
        options: options replacing the config's, by name (``FKGL(tokenize="moses")``).

    Examples:
        >>> fkgl = FKGL()
        >>> round(fkgl.corpus_score(["The cat sat on the mat.", "Photosynthesis converts light energy."]).score, 2)
        3.47
        >>> fkgl.corpus_score(["The cat sat on the mat."]).signature.format()  # doctest: +ELLIPSIS
        'FKGL|case:lc|tok:13a|version:...'
    """

    name: ClassVar[str] = "FKGL"
    higher_is_better: ClassVar[bool] = False
    requires_source: ClassVar[bool] = False
    requires_references: ClassVar[bool] = False
    citation: ClassVar[str] = _citations.FKGL
    config_class: ClassVar[type[FKGLConfig]] = FKGLConfig
    signature_order: ClassVar[tuple[str, ...]] = ("case", "tok")
    config: FKGLConfig

    def _setup(self) -> None:
        self._tokenizer = get_tokenizer(self.config.tokenize)

    def extract_stats(
        self, hypotheses: list[str], references: list[list[str]], sources: list[str] | None
    ) -> StatsArray:
        """``[sentences, words, syllables]`` of every output."""
        rows = np.zeros((len(hypotheses), 3), dtype=np.float64)
        for i, text in enumerate(hypotheses):
            normalized = self._tokenizer(text.lower() if self.config.lowercase else text)
            for sentence in split_sentences(normalized):
                words = sentence.split()
                rows[i] += (1, len(words), sum(count_syllables(word) for word in words))
        return rows

    def score_from_stats(self, stats: StatsArray, signature: Signature | None = None) -> Score:
        """The grade of a summed ``[sentences, words, syllables]``; ``details`` holds the three counts."""
        sentences, words, syllables = check_stats_vector(stats, 3, self.name)
        grade = 0.0
        if sentences and words:
            grade = max(0.0, 0.39 * (words / sentences) + 11.8 * (syllables / words) - 15.59)
        return Score(
            self.name,
            grade,
            signature if signature is not None else self.get_signature(),
            details={"sentences": sentences, "words": words, "syllables": syllables},
        )
