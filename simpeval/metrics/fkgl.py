"""FKGL, the Flesch-Kincaid grade level of system outputs, as EASSE's ``corpus_fkgl`` computes it.

Each output is normalized as EASSE normalizes it (lowercased, then tokenized: 13a by default),
split into sentences, words and syllables (:mod:`.readability`); a segment's statistics are
``[sentences, words, syllables]``, additive, and the corpus grade is

    ``max(0, 0.39 * words / sentences + 11.8 * syllables / words - 15.59)``

(0 with no word or sentence), so bootstrap intervals and paired tests work as for every metric.
FKGL reads the outputs only: references and sources are not needed (and are ignored).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Optional, Union

import numpy as np

from .. import _citations
from .._types import StatsArray
from ..tokenizers import get_tokenizer
from .base import Metric
from .options import check_declared, configure, option, signature_keys, signature_value, spelled_out, split_call
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
    signature_abbreviations: ClassVar[Mapping[str, str]] = signature_keys(FKGLConfig, order=("case", "tok"))

    @spelled_out(FKGLConfig)
    def __init__(self, *args: Any, **options: Any) -> None:
        config, given = split_call(self.name, FKGLConfig, args, options)
        self.config: FKGLConfig = configure(self.name, FKGLConfig, config, given)
        self._tokenizer = get_tokenizer(self.config.tokenize)

    def signature_fields(self) -> list[tuple[str, Any]]:
        """Case and tokenizer."""
        return [(key, signature_value(self.config, name)) for key, name in (("case", "lowercase"), ("tok", "tokenize"))]

    def get_signature(self, nrefs: Union[int, str, None] = None, **extra: Any) -> Signature:
        """The signature; FKGL reads no references, so it has no ``nrefs``."""
        return super().get_signature(None, **extra)

    def extract_stats(
        self, hypotheses: list[str], references: list[list[str]], sources: Optional[list[str]]
    ) -> StatsArray:
        """``[sentences, words, syllables]`` of every output."""
        rows = np.zeros((len(hypotheses), 3), dtype=np.float64)
        for i, text in enumerate(hypotheses):
            normalized = self._tokenizer(text.lower() if self.config.lowercase else text)
            for sentence in split_sentences(normalized):
                words = sentence.split()
                rows[i] += (1, len(words), sum(count_syllables(word) for word in words))
        return rows

    def score_from_stats(self, stats: StatsArray, signature: Optional[Signature] = None) -> Score:
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
