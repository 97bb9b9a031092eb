"""chrF and chrF++ (Popović, 2015 and 2017), exactly as sacrebleu computes them, in simpeval's Metric API.

Scores and signatures are exactly sacrebleu's (pinned by ``tests/metrics/test_sacrebleu_parity.py``).
The per-segment statistics come from a compiled kernel (:mod:`simpeval.engines.ngram`) for a large
call when Numba is installed, else from NumPy (:mod:`simpeval.engines.ngram_numpy`); the counts are
sacrebleu's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from .. import _citations
from .._types import StatsArray
from ..engines.text_encoding import encode_chrf_texts
from ..engines.tokenize13a import concat_encoded
from ..exceptions import InvalidOptionError
from . import _sacrebleu
from .options import check_declared, option
from .score import Score
from .signature import Signature
from .validation import check_stats_vector

__all__ = ["CHRF", "CHRFConfig"]


@dataclass(frozen=True)
class CHRFConfig:
    """Options of :class:`CHRF`; the same names, defaults and meaning as ``sacrebleu.CHRF``.

    Each field declares its default, help and signature key (:func:`~simpeval.metrics.options.option`);
    the table in the docs' metric guide is generated from them.
    """

    # The bounds keep every value fast and small: published chrF uses character orders up to 6 and
    # word orders up to 2 (Popović 2015, 2017) and beta 1 to 3; 10**9 would count a billion orders.
    char_order: int = option(
        6, help="Highest character n-gram order (at most 20).", minimum=0, maximum=20, signature=("nc", "nc")
    )
    word_order: int = option(
        0, help="Highest word n-gram order (2: chrF++; at most 10).", minimum=0, maximum=10, signature=("nw", "nw")
    )
    beta: int = option(2, help="Weight of recall relative to precision (at most 100).", minimum=0, maximum=100)
    lowercase: bool = option(False, help="Compare case-insensitively.", signature=("case", "c"))
    whitespace: bool = option(False, help="Keep whitespace in character n-grams.", signature=("space", "s"))
    eps_smoothing: bool = option(
        False,
        help="Epsilon smoothing as chrF++.py, NLTK and Moses (instead of effective-order averaging).",
        signature=("eff", "e"),
    )

    def __post_init__(self) -> None:
        check_declared("chrF", self)
        if self.char_order + self.word_order == 0:
            raise InvalidOptionError(
                "chrF: char_order + word_order must be at least 1 (got char_order=0, word_order=0)."
            )


class CHRF(_sacrebleu.SacrebleuMetric):
    """chrF / chrF++, exactly as ``sacrebleu.CHRF`` computes it.

    Statistics per segment are ``[hyp, ref, match]`` n-gram counts for every character
    order and then every word order (those of the reference with the best sentence
    F-score), all additive. ``Score.metric`` is sacrebleu's display name, e.g. ``chrF2`` or
    ``chrF2++``.

    Args:
        config: a :class:`CHRFConfig` (default: ``CHRFConfig()``).
        options: options replacing the config's, by name (``CHRF(word_order=2)`` is chrF++): the
            fields of :class:`CHRFConfig`.
        references: reference streams kept for calls that pass none (``corpus_score(hyps)``),
            as sacrebleu's ``CHRF(references=...)``.
        engine: ``"fast"`` (default): compiled statistics for a call of 20,000 texts or more when
            Numba is installed (``pip install "simplification-metrics[fast]"``), else NumPy's;
            ``"numba"``, ``"numpy"`` or ``"sacrebleu"`` (sacrebleu's own code) to choose. The
            statistics are identical.

    Raises:
        InvalidOptionError: an option has an invalid value.

    Examples:
        >>> chrf = CHRF()
        >>> score = chrf.corpus_score(["The cat sat on the mat."], [["The cat is on the mat."]])
        >>> round(score.score, 2), score.metric
        (67.17, 'chrF2')
        >>> score.signature.format(short=True)  # doctest: +ELLIPSIS
        'chrF2|#:1|c:mixed|e:yes|nc:6|nw:0|s:no|v:...'
        >>> CHRF(word_order=2).sentence_score("The cat sat.", ["The cat sat."]).metric
        'chrF2++'
    """

    name: ClassVar[str] = "chrF"
    kind = "chrf"
    higher_is_better: ClassVar[bool] = True
    requires_source: ClassVar[bool] = False
    citation: ClassVar[str] = _citations.POPOVIC_2015 + "\n" + _citations.POPOVIC_2017
    config_class: ClassVar[type[CHRFConfig]] = CHRFConfig
    #: sacrebleu's keys, in sacrebleu's print order (pinned by the parity tests).
    signature_order: ClassVar[tuple[str, ...]] = ("case", "eff", "nc", "nw", "space")
    config: CHRFConfig

    def signature_name(self) -> str:
        """``chrF{beta}`` plus one ``+`` per word order, as sacrebleu names the score: sacrebleu's
        signature fields do not record beta, so the name must (``CHRF(beta=3)`` is ``chrF3``)."""
        beta, word_order = int(self.config.beta), int(self.config.word_order)
        return f"chrF{beta}" + "+" * word_order

    def score_from_stats(self, stats: StatsArray, signature: Signature | None = None) -> Score:
        """chrF of a summed statistics vector (``3 * (char_order + word_order)`` counts)."""
        n_stats = 3 * (self.config.char_order + self.config.word_order)
        vector = check_stats_vector(stats, n_stats, self.name)
        result = _sacrebleu.compute_score(self._impl, vector, integer_columns=None)
        return Score(
            metric=result.name,
            score=result.score,
            signature=signature if signature is not None else self.get_signature(),
        )

    def _compiled_stats(self, hypotheses: list[str], references: list[list[str]]) -> StatsArray | None:
        from ..engines.ngram import best_reference, match_counts

        words, refs = self._encoded_references(references, self._encode_references)
        hyps = encode_chrf_texts(
            hypotheses,
            words,
            self.config.char_order,
            self.config.word_order,
            lowercase=self.config.lowercase,
            whitespace=self.config.whitespace,
        )
        n = len(hypotheses)
        ref_off = np.zeros(n + 1, dtype=np.int64)
        np.cumsum([len(r) for r in references], out=ref_off[1:])
        parts = []
        orders = [order for order in (self.config.char_order, self.config.word_order) if order > 0]
        for order, hyp, ref in zip(orders, hyps, refs):
            symbols, offsets = concat_encoded(hyp, ref)
            n_symbols = int(symbols.max(initial=-1)) + 1  # the kernel indexes arrays by symbol
            parts.append(match_counts(symbols, offsets, ref_off, n_symbols, order, per_reference=True))
        counts = parts[0] if len(parts) == 1 else np.concatenate(parts, axis=1)
        return best_reference(counts, ref_off, float(self.config.beta**2), self.config.eps_smoothing)

    def _numpy_stats(self, hypotheses: list[str], references: list[list[str]]) -> StatsArray | None:
        from ..engines import ngram_numpy

        if self._requested_engine == "fast" and sum(len(r) + 1 for r in references) < ngram_numpy.MIN_TEXTS:
            return None  # a sentence or two: sacrebleu's loop is quicker
        c = self.config
        ref_off = np.zeros(len(references) + 1, dtype=np.int64)
        np.cumsum([len(r) for r in references], out=ref_off[1:])
        orders = [order for order in (c.char_order, c.word_order) if order > 0]

        def numpy_references(texts: list[str]) -> tuple[dict[str, int], list[ngram_numpy.ReferenceNgrams]]:
            words, encoded = self._encode_references(texts)
            return words, [
                ngram_numpy.ReferenceNgrams(e, ref_off, k, per_reference=True) for k, e in zip(orders, encoded)
            ]

        try:
            words, refs = self._encoded_references(references, numpy_references)
        except ngram_numpy.KeyOverflow:  # billions of characters: sacrebleu counts
            return None
        hyps = encode_chrf_texts(
            hypotheses, words, c.char_order, c.word_order, lowercase=c.lowercase, whitespace=c.whitespace
        )
        parts = [ref.match(hyp) for ref, hyp in zip(refs, hyps)]
        counts = parts[0] if len(parts) == 1 else np.concatenate(parts, axis=1)
        return ngram_numpy.best_reference(counts, ref_off, float(c.beta**2), c.eps_smoothing)

    def _encode_references(self, texts: list[str]) -> tuple[dict[str, int], list[Any]]:
        words: dict[str, int] = {}  # word ids, per reference set; the outputs extend it
        c = self.config
        return words, encode_chrf_texts(
            texts, words, c.char_order, c.word_order, lowercase=c.lowercase, whitespace=c.whitespace
        )
