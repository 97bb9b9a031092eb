"""TER (Snover et al., 2006), exactly as sacrebleu computes it, in simpeval's Metric API.

Scores and signatures are exactly sacrebleu's (pinned by ``tests/metrics/test_sacrebleu_parity.py``).
The per-segment edit counts come from simpeval's own implementation of sacrebleu's shift search
(:mod:`simpeval.engines.ter`: compiled with Numba, or run by the interpreter) on token ids of
sacrebleu's Tercom tokenization; ``engine="reference"`` runs sacrebleu's own code. All engines
give the same counts (``tests/metrics/test_ter_native.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from .. import _citations
from .._types import StatsArray
from ..engines.jit import resolve_engine, run_engine
from . import _sacrebleu
from .options import check_declared, option
from .score import Score
from .signature import Signature
from .validation import check_stats_vector

__all__ = ["TER", "TERConfig"]


@dataclass(frozen=True)
class TERConfig:
    """Options of :class:`TER`; the same names, defaults and meaning as ``sacrebleu.TER``.

    Each field declares its default, help and signature key (:func:`~simpeval.metrics.options.option`);
    the table in the docs' metric guide is generated from them.
    """

    normalized: bool = option(
        False, help="Tercom normalization (punctuation, XML entities, ...).", signature=("norm", "nr")
    )
    no_punct: bool = option(False, help="Remove punctuation.", signature=("punct", "pn"))
    asian_support: bool = option(
        False, help="Treat CJK characters specially (with normalized or no_punct).", signature=("asian", "as")
    )
    case_sensitive: bool = option(False, help="Do not lowercase.", signature=("case", "c"))

    def __post_init__(self) -> None:
        check_declared("TER", self)


class TER(_sacrebleu.SacrebleuMetric):
    """Translation edit rate, exactly as ``sacrebleu.TER`` computes it (lower is better).

    Statistics per segment are ``[num_edits, avg_ref_len]``: the fewest edits to any
    reference and the mean reference length, both additive.

    Args:
        config: a :class:`TERConfig` (default: ``TERConfig()``).
        options: options replacing the config's, by name (``TER(case_sensitive=True)``): the
            fields of :class:`TERConfig`.
        references: reference streams kept for calls that pass none (``corpus_score(hyps)``),
            as sacrebleu's ``TER(references=...)``.
        engine: ``"fast"`` (default): the compiled search when Numba is installed
            (``pip install "simplification-metrics[fast]"``), else the same search run by the interpreter;
            ``"numba"`` or ``"python"`` to choose one; ``"reference"`` (or ``"sacrebleu"``):
            sacrebleu's own implementation. The statistics are identical, so the engine is not
            part of the signature.

    Raises:
        InvalidOptionError: an option is not a bool, or ``engine`` is unknown.

    Examples:
        >>> ter = TER()
        >>> score = ter.corpus_score(["The cat sat on the mat."], [["The cat is on the mat."]])
        >>> round(score.score, 2), dict(score.details)
        (16.67, {'num_edits': 1.0, 'ref_length': 6.0})
        >>> score.signature.format(short=True)  # doctest: +ELLIPSIS
        'TER|#:1|c:lc|t:tercom|nr:no|pn:yes|as:no|v:...'
        >>> hyps, refs = ["The cat sat on the mat."], [["The cat is on the mat."]]
        >>> TER(engine="reference").corpus_score(hyps, refs).score == TER(engine="python").corpus_score(hyps, refs).score
        True
        >>> TER.higher_is_better
        False
    """

    name: ClassVar[str] = "TER"
    kind = "ter"
    higher_is_better: ClassVar[bool] = False
    requires_source: ClassVar[bool] = False
    citation: ClassVar[str] = _citations.SNOVER_2006
    config_class: ClassVar[type[TERConfig]] = TERConfig
    #: sacrebleu's keys, in sacrebleu's print order (``tok`` is always ``tercom``: no option of its own).
    signature_order: ClassVar[tuple[str, ...]] = ("case", "tok", "norm", "punct", "asian")
    signature_facts: ClassVar[Mapping[str, str]] = {"tok": "t"}
    config: TERConfig

    def _set_engine(self, engine: str) -> None:
        #: The engine that computes the statistics: ``"numba"``, ``"python"`` or ``"reference"``.
        self.engine = resolve_engine(self.name, engine, "python", "reference", "sacrebleu")
        if self.engine == "sacrebleu":
            self.engine = "reference"
        self._requested_engine = engine

    def score_from_stats(self, stats: StatsArray, signature: Signature | None = None) -> Score:
        """TER of a summed statistics vector ``[num_edits, ref_length]``.

        ``details`` holds ``num_edits`` and ``ref_length`` (the summed mean reference lengths).
        """
        vector = check_stats_vector(stats, 2, self.name)
        # sacrebleu keeps edit counts as ints and mean reference lengths as floats.
        result = _sacrebleu.compute_score(self._impl, vector, integer_columns=(0,))
        return Score(
            metric=result.name,
            score=result.score,
            signature=signature if signature is not None else self.get_signature(),
            details={"num_edits": result.num_edits, "ref_length": result.ref_length},
        )

    def extract_stats(
        self, hypotheses: list[str], references: list[list[str]], sources: list[str] | None
    ) -> StatsArray:
        """``[num_edits, avg_ref_len]`` of every segment, by the chosen engine."""
        engine = run_engine(self.engine, self._requested_engine, "python", _work(hypotheses, references))
        if engine == "reference":
            return _sacrebleu.corpus_statistics(self._impl, hypotheses, references, self.name)
        _sacrebleu.check_has_references(references, self.name)
        words, refs = self._encoded_references(references, self._encode_references)
        hypothesis_words, _ = _sacrebleu.ter_tokenizers(self._impl)
        hyps = encode_words(hypotheses, hypothesis_words, words)
        ref_off = np.zeros(len(references) + 1, dtype=np.int64)
        np.cumsum([len(r) for r in references], out=ref_off[1:])
        edits = ter_edits(hyps, refs, ref_off, engine)
        lengths = np.zeros(ref_off[-1] + 1, dtype=np.int64)
        np.cumsum(np.diff(refs[1]), out=lengths[1:])
        # sacrebleu divides the int sum of the reference lengths by their count (exact in float64)
        mean_length = (lengths[ref_off[1:]] - lengths[ref_off[:-1]]) / np.diff(ref_off)
        stats = np.column_stack((edits, mean_length)).astype(np.float64)
        for i in np.flatnonzero(edits < 0):  # where sacrebleu raises (never seen): its own error
            stats[i] = _sacrebleu.corpus_statistics(self._impl, [hypotheses[i]], [references[i]], self.name)[0]
        return stats

    def _encode_references(self, texts: list[str]) -> tuple[dict[str, int], Any]:
        # a vocabulary per reference set; the outputs extend it
        words: dict[str, int] = {}
        _, reference_words = _sacrebleu.ter_tokenizers(self._impl)
        return words, encode_words(texts, reference_words, words)


def encode_words(*args: Any) -> Any:
    """``simpeval.engines.ter.encode_words``, imported when TER runs (it loads Numba)."""
    from ..engines import ter

    return ter.encode_words(*args)


def ter_edits(*args: Any) -> Any:
    """``simpeval.engines.ter.ter_edits``, imported when TER runs (it loads Numba)."""
    from ..engines import ter

    return ter.ter_edits(*args)


def _work(hypotheses: list[str], references: list[list[str]]) -> int:
    """The work of a call in :func:`~simpeval.engines.jit.run_engine`'s unit (texts of the
    other metrics): TER's search grows with the length of every (hypothesis, reference) pair,
    and 10 characters of a pair cost about as much as a whole text of BLEU or SARI. So one
    ASSET system (359 segments, 10 references) runs compiled, a few sentences run in Python.
    """
    chars = sum(len(hyp) * len(refs) + sum(map(len, refs)) for hyp, refs in zip(hypotheses, references))
    return chars // 10
