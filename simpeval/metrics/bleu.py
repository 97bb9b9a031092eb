"""BLEU (Papineni et al., 2002), exactly as sacrebleu computes it, in simpeval's Metric API.

Scores and signatures are exactly sacrebleu's (pinned by ``tests/metrics/test_sacrebleu_parity.py``);
simpeval adds additive statistics, typed errors and a frozen configuration. The per-segment
statistics come from compiled kernels (13a tokenization straight to ids, then
:mod:`simpeval.engines.ngram`) for a large call when Numba is installed, else from NumPy
(:mod:`simpeval.engines.word_ids`, :mod:`simpeval.engines.ngram_numpy`); the counts are sacrebleu's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from .. import _citations
from .._types import StatsArray
from ..engines.text_encoding import WordEncoder
from ..engines.tokenize13a import concat_encoded
from ..engines.word_ids import token_ids
from ..exceptions import InvalidOptionError, UnknownTokenizerError
from ..tokenizers import available_tokenizers
from . import _sacrebleu
from .bleu_explain import BLEUExplanation, BLEUSettings, explain_bleu
from .options import check_declared, option
from .score import Score
from .signature import Signature
from .validation import check_stats_vector

__all__ = ["BLEU", "BLEUConfig"]


@dataclass(frozen=True)
class BLEUConfig:
    """Options of :class:`BLEU`; the same names, defaults and meaning as ``sacrebleu.BLEU``.

    Each field declares its default, help, choices and signature key (:func:`~simpeval.metrics.options.option`);
    the table in the docs' metric guide is generated from them. ``tokenize`` takes any tokenizer of
    simpeval's registry: sacrebleu's (run as sacrebleu runs them) or another (``"moses"``, one you
    registered), whose output BLEU splits on whitespace. ``smooth_value`` is ignored by the methods
    that take no value, as in sacrebleu.
    """

    lowercase: bool = option(False, help="Lowercase the input.", signature=("case", "c"))
    force: bool = option(False, help="Do not warn about input that looks tokenized.", cli=False)
    tokenize: str | None = option(
        None,
        help="Tokenizer: any registered name (13a, intl, zh, char, none, moses, ...); "
        "by default chosen from the target language (13a).",
        signature=("tok", "tok"),
    )
    smooth_method: str = option(
        "exp", help="Smoothing.", choices=tuple(_sacrebleu.BLEU_SMOOTH_DEFAULTS), signature=("smooth", "s")
    )
    smooth_value: float | None = option(
        None, help="Value of floor / add-k smoothing (default: sacrebleu's, 0.1 and 1).", minimum=0
    )
    # Published BLEU uses orders up to 4 (Papineni et al. 2002); 10 leaves room, a billion would hang.
    max_ngram_order: int = option(4, help="Highest n-gram order (at most 10).", minimum=1, maximum=10)
    effective_order: bool = option(
        False, help="Leave out n-gram orders with no n-gram (sentence BLEU).", signature=("eff", "e")
    )
    trg_lang: str = option("", help="Target language code; chooses the default tokenizer.", cli=False)

    def __post_init__(self) -> None:
        check_declared("BLEU", self)
        if self.tokenize is not None and self.tokenize not in available_tokenizers():
            raise UnknownTokenizerError(
                f"BLEU: tokenize must be a registered tokenizer ({', '.join(available_tokenizers())}) or None "
                f"(got {self.tokenize!r})."
            )
        smooth = self.smooth_value
        if smooth is not None and (
            isinstance(smooth, bool) or not isinstance(smooth, (int, float)) or not 0 <= smooth < float("inf")
        ):
            raise InvalidOptionError(f"BLEU: smooth_value must be a finite number >= 0 or None (got {smooth!r}).")
        if not isinstance(self.trg_lang, str):
            raise InvalidOptionError(
                f"BLEU: trg_lang must be a language code string such as 'en' or '' (got {self.trg_lang!r})."
            )


class BLEU(_sacrebleu.SacrebleuMetric):
    """BLEU, exactly as ``sacrebleu.BLEU`` computes it.

    Statistics per segment are ``[hyp_len, ref_len, correct_1..N, total_1..N]`` (N =
    ``max_ngram_order``), all additive.

    Args:
        config: a :class:`BLEUConfig` (default: ``BLEUConfig()``).
        options: options replacing the config's, by name (``BLEU(lowercase=True)``): the fields of
            :class:`BLEUConfig`.
        references: reference streams kept for calls that pass none (``corpus_score(hyps)``),
            as sacrebleu's ``BLEU(references=...)``; their encoding is cached.
        engine: ``"fast"`` (default): compiled statistics for a call of 20,000 texts or more when
            Numba is installed (``pip install "simplification-metrics[fast]"``), else NumPy's;
            ``"numba"``, ``"numpy"`` or ``"sacrebleu"`` (sacrebleu's own code) to choose. The
            statistics are identical.

    Raises:
        InvalidOptionError: an option has an invalid value.
        UnknownTokenizerError: ``tokenize`` is not a registered tokenizer.
        MissingDependencyError: the tokenizer needs an extra (``ja-mecab``: ``simplification-metrics[ja]``).

    Examples:
        >>> bleu = BLEU()
        >>> hyps = ["The cat sat on the mat.", "It rains today."]
        >>> refs = [["The cat sat on the mat.", "It is raining today."]]
        >>> score = bleu.corpus_score(hyps, refs)
        >>> round(score.score, 2), score.metric
        (72.8, 'BLEU')
        >>> round(score.details["bp"], 3), score.details["counts"]
        (0.913, (10.0, 7.0, 5.0, 4.0))
        >>> score.signature.format(short=True)  # doctest: +ELLIPSIS
        'BLEU|#:1|c:mixed|e:no|tok:13a|s:exp|v:...'
        >>> sentence_bleu = BLEU(effective_order=True)
        >>> round(sentence_bleu.sentence_score("It rains today.", ["It is raining today."]).score, 2)
        27.53
    """

    name: ClassVar[str] = "BLEU"
    kind = "bleu"
    higher_is_better: ClassVar[bool] = True
    requires_source: ClassVar[bool] = False
    citation: ClassVar[str] = _citations.PAPINENI_2002
    config_class: ClassVar[type[BLEUConfig]] = BLEUConfig
    #: sacrebleu's keys, in sacrebleu's print order (pinned by the parity tests).
    signature_order: ClassVar[tuple[str, ...]] = ("case", "eff", "tok", "smooth")
    config: BLEUConfig

    def score_from_stats(self, stats: StatsArray, signature: Signature | None = None) -> Score:
        """BLEU of a summed statistics vector ``[hyp_len, ref_len, correct_1..N, total_1..N]``.

        ``breakdown`` holds ``precisions`` (smoothed, 0-100, as sacrebleu reports them);
        ``details`` holds ``bp`` (the brevity penalty, 0-1), ``sys_len``, ``ref_len``, ``ratio``
        and the ``counts`` and ``totals`` per order as sacrebleu reports them (with ``add-k``
        smoothing, ``k`` added to those of orders 2 and up).
        """
        order = self.config.max_ngram_order
        vector = check_stats_vector(stats, 2 + 2 * order, self.name)
        result = _sacrebleu.compute_score(self._impl, vector, integer_columns=None)
        return Score(
            metric=result.name,
            score=result.score,
            signature=signature if signature is not None else self.get_signature(),
            breakdown={"precisions": tuple(result.precisions)},
            details={
                "bp": result.bp,
                "sys_len": result.sys_len,
                "ref_len": result.ref_len,
                "ratio": result.ratio,
                "counts": tuple(float(count) for count in result.counts),
                "totals": tuple(float(total) for total in result.totals),
            },
        )

    def explain(self, hypothesis: str, references: Sequence[str]) -> BLEUExplanation:
        """BLEU of one segment, n-gram by n-gram (see :mod:`simpeval.metrics.bleu_explain`).

        Every order lists the prediction's n-grams with their counts, their largest count in a
        single reference and the clipped matches; then the totals, the precisions, the closest
        reference length, the brevity penalty and the smoothing. The score equals
        :meth:`sentence_score`; ``str()`` gives a text table, Jupyter shows HTML,
        ``to_dict()``/``to_json()`` give the data.

        Examples:
            >>> e = BLEU(effective_order=True).explain("It rains today.", ["It is raining today."])
            >>> e.score.score == BLEU(effective_order=True).sentence_score("It rains today.", ["It is raining today."]).score
            True
        """
        _, per_segment, _ = self._prepare_segment(hypothesis, references, None)  # as sentence_score validates
        _sacrebleu.check_has_references(per_segment, self.name)
        c = self.config
        value = c.smooth_value if c.smooth_value is not None else _sacrebleu.BLEU_SMOOTH_DEFAULTS[c.smooth_method]
        _, tokenize = _sacrebleu.bleu_tokenizer(self._impl)
        settings = BLEUSettings(c.lowercase, tokenize, c.max_ngram_order, c.smooth_method, value, c.effective_order)
        return explain_bleu(
            self, settings, hypothesis, per_segment[0]
        )  # a None reference is absent, as in sentence_score

    def _compiled_stats(self, hypotheses: list[str], references: list[list[str]]) -> StatsArray | None:
        from ..engines.ngram import closest_lengths, match_counts

        encoder, refs = self._encoded_references(references, self._encode_references)
        hyps = encoder.encode(hypotheses)
        if hyps is None or refs is None:  # a line holds the engine's line separator: sacrebleu does it
            return None
        symbols, str_off = concat_encoded(hyps, refs)
        n = len(hypotheses)
        ref_off = np.zeros(n + 1, dtype=np.int64)
        np.cumsum([len(r) for r in references], out=ref_off[1:])
        order = self.config.max_ngram_order
        correct = match_counts(symbols, str_off, ref_off, encoder.vocab.size, order, per_reference=False)
        lengths = np.diff(str_off)
        hyp_len = lengths[:n]
        totals = np.maximum(hyp_len[:, None] - np.arange(order)[None, :], 0)
        ref_len = closest_lengths(hyp_len, lengths[n:], ref_off)
        return np.column_stack((hyp_len, ref_len, correct, totals)).astype(np.float64)

    def _numpy_stats(self, hypotheses: list[str], references: list[list[str]]) -> StatsArray | None:
        from ..engines import ngram_numpy

        if self._requested_engine == "fast" and sum(len(r) + 1 for r in references) < ngram_numpy.MIN_TEXTS:
            return None  # a sentence or two: sacrebleu's loop is quicker
        name, tokenize = _sacrebleu.bleu_tokenizer(self._impl)
        native = name if name in ("13a", "none") and _sacrebleu.runs_sacrebleu_tokenizer(self._impl) else ""
        options = {"lowercase": self.config.lowercase, "native": native, "tokenize": tokenize}
        ref_off = np.zeros(len(references) + 1, dtype=np.int64)
        np.cumsum([len(r) for r in references], out=ref_off[1:])
        order = self.config.max_ngram_order

        def numpy_references(texts: list[str]) -> tuple[dict[str, int], ngram_numpy.ReferenceNgrams]:
            vocabulary: dict[str, int] = {}  # token ids, per reference set
            encoded = token_ids(texts, vocabulary, grow=True, **options)
            return vocabulary, ngram_numpy.ReferenceNgrams(encoded, ref_off, order, per_reference=False)

        try:
            vocabulary, refs = self._encoded_references(references, numpy_references)
            hyps = token_ids(hypotheses, vocabulary, grow=False, **options)
            hyp_len = np.diff(hyps[1])
            ref_len = ngram_numpy.closest_lengths(hyp_len, refs.lengths, ref_off)
        except ngram_numpy.KeyOverflow:  # billions of tokens: sacrebleu counts
            return None
        totals = np.maximum(hyp_len[:, None] - np.arange(order)[None, :], 0)
        return np.column_stack((hyp_len, ref_len, refs.match(hyps), totals)).astype(np.float64)

    def _encode_references(self, texts: list[str]) -> tuple[WordEncoder, Any]:
        # a vocabulary per reference set; the outputs extend it
        tokenizer, tokenize = _sacrebleu.bleu_tokenizer(self._impl)
        if not _sacrebleu.runs_sacrebleu_tokenizer(self._impl):
            tokenizer = ""  # a registry tokenizer (even one named 13a) runs as registered, never compiled
        encoder = WordEncoder(self.config.lowercase, tokenizer, tokenize)
        return encoder, encoder.encode(texts)
