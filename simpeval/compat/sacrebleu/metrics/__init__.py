"""sacrebleu's metric classes (``sacrebleu.metrics``), computed by simpeval.

:class:`BLEU`, :class:`CHRF` and :class:`TER` take sacrebleu's constructor arguments and have
its methods: ``corpus_score(hypotheses, references=None, n_bootstrap=1)`` (``n_bootstrap`` may
be positional, as in sacrebleu), ``sentence_score(hypothesis, references)``, and
``get_signature()``, which returns sacrebleu's own signature object (``str()`` gives
``nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0``), known once the metric has
scored something or was given references. ``BLEU.compute_bleu`` scores raw counts as
sacrebleu's static method does. Each class is a thin front over simpeval's metric of the same
name (``.simpeval_metric``), so the statistics come from simpeval's engines and scores are
:class:`~simpeval.compat.sacrebleu.score.SacrebleuScore` objects that read and print as
sacrebleu's (``score.score``, ``score.counts``, ``str(score)``).

Examples:
    >>> bleu = BLEU()
    >>> print(bleu.corpus_score(["The cat sat on the mat."], [["The cat sat on a mat."]]))
    BLEU = 48.89 85.7/66.7/40.0/25.0 (BP = 1.000 ratio = 1.000 hyp_len = 7 ref_len = 7)
    >>> print(bleu.get_signature())  # doctest: +ELLIPSIS
    nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:...
    >>> round(BLEU.compute_bleu([9, 7, 5, 3], [10, 8, 6, 4], 11, 11).score, 6)
    83.759224
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np

from ....metrics import _sacrebleu
from ....metrics.bleu import BLEU as _BLEU
from ....metrics.bleu import BLEUConfig
from ....metrics.chrf import CHRF as _CHRF
from ....metrics.chrf import CHRFConfig
from ....metrics.options import spelled_out
from ....metrics.ter import TER as _TER
from ....metrics.ter import TERConfig
from ..._layout import stated_streams
from ..score import BLEUScore, CHRFScore, SacrebleuScore, TERScore, sacrebleu_score

__all__ = ["BLEU", "CHRF", "METRICS", "TER", "BLEUScore", "CHRFScore", "TERScore"]

Streams = Sequence[Sequence[str | None]]


class _SacrebleuFront:
    """sacrebleu's metric interface over one of simpeval's metrics.

    Like sacrebleu's objects, a front remembers the number of references and the bootstrap
    settings of its last corpus score for :meth:`get_signature`; the simpeval metric behind it
    holds no such state.
    """

    _metric_type: ClassVar[Any]  # the simpeval metric class (BLEU, CHRF or TER)

    def __init__(self, *args: Any, **options: Any) -> None:
        # sacrebleu's arguments, positional in sacrebleu's order: simpeval's metric takes them so
        self.simpeval_metric: Any = self._metric_type(*args, **options)
        self._signature_args: dict[str, Any] = {}
        references = self.simpeval_metric._references
        if references is not None:
            self._signature_args["num_refs"] = len(references)

    def corpus_score(
        self, hypotheses: Sequence[str], references: Streams | None = None, n_bootstrap: int = 1
    ) -> SacrebleuScore:
        """Score a corpus, as sacrebleu's ``corpus_score`` (``references=None``: those given to the constructor).

        As in sacrebleu, an ``n_bootstrap`` of 1 or less (0, -1) scores without resampling.
        """
        if isinstance(n_bootstrap, int) and n_bootstrap < 1:
            n_bootstrap = 1  # sacrebleu resamples only when n_bootstrap > 1
        score = sacrebleu_score(
            self.simpeval_metric.corpus_score(hypotheses, stated_streams(references), n_bootstrap=n_bootstrap)
        )
        self._remember(score, n_bootstrap)
        return score

    def sentence_score(self, hypothesis: str, references: Sequence[str]) -> SacrebleuScore:
        """Score one segment against its references, as sacrebleu's ``sentence_score``."""
        score = sacrebleu_score(self.simpeval_metric.sentence_score(hypothesis, references))
        self._remember(score, 1)
        return score

    def _remember(self, score: SacrebleuScore, n_bootstrap: int) -> None:
        nrefs = score.signature["nrefs"]
        self._signature_args["num_refs"] = -1 if nrefs == "var" else int(nrefs)
        if n_bootstrap > 1:  # kept by later scores, as sacrebleu keeps it
            self._signature_args.update(n_bootstrap=n_bootstrap, seed=score.signature["seed"])

    def get_signature(self) -> Any:
        """sacrebleu's signature object of this metric (``ValueError`` before the first score, as sacrebleu)."""
        return _sacrebleu.sacrebleu_signature(self.simpeval_metric, self._signature_args)

    def __getattr__(self, name: str) -> Any:
        # sacrebleu's option attributes (bleu.smooth_method, chrf.beta, ...) from the frozen config
        if name.startswith("_") or name == "simpeval_metric":
            raise AttributeError(name)
        try:
            return getattr(self.simpeval_metric.config, name)
        except AttributeError:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}") from None

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.simpeval_metric.config!r})"


class BLEU(_SacrebleuFront):
    """``sacrebleu.metrics.BLEU``: the same arguments, defaults, methods and class constants."""

    _metric_type = _BLEU
    SMOOTH_DEFAULTS: ClassVar[dict[str, float | None]] = dict(_sacrebleu.sacrebleu_class("BLEU").SMOOTH_DEFAULTS)
    TOKENIZERS: ClassVar[Any] = _sacrebleu.sacrebleu_class("BLEU").TOKENIZERS
    TOKENIZER_DEFAULT: ClassVar[str] = _sacrebleu.sacrebleu_class("BLEU").TOKENIZER_DEFAULT

    @spelled_out(BLEUConfig, after=("references",))
    def __init__(self, *args: Any, **options: Any) -> None:
        super().__init__(*args, **options)

    @staticmethod
    def compute_bleu(
        correct: Sequence[int],
        total: Sequence[int],
        sys_len: int,
        ref_len: int,
        smooth_method: str = "none",
        smooth_value: float | None = None,
        effective_order: bool = False,
        max_ngram_order: int = 4,
    ) -> SacrebleuScore:
        """BLEU from raw counts, as sacrebleu's ``BLEU.compute_bleu`` (no smoothing by default).

        Args:
            correct: matching n-grams of each order, ``max_ngram_order`` values.
            total: hypothesis n-grams of each order.
            sys_len: the hypothesis length.
            ref_len: the (closest) reference length.
            smooth_method: ``"none"``, ``"floor"``, ``"add-k"`` or ``"exp"``.
            smooth_value: the value of ``floor`` and ``add-k`` smoothing.
            effective_order: leave out orders without n-grams.
            max_ngram_order: the highest order.
        """
        metric = _BLEU(
            smooth_method=smooth_method,
            smooth_value=smooth_value,
            effective_order=effective_order,
            max_ngram_order=max_ngram_order,
        )
        stats = np.array([sys_len, ref_len, *correct, *total], dtype=np.float64)
        return sacrebleu_score(metric.score_from_stats(stats))


class CHRF(_SacrebleuFront):
    """``sacrebleu.metrics.CHRF``: the same arguments, defaults, methods and class constants."""

    _metric_type = _CHRF
    CHAR_ORDER: ClassVar[int] = _sacrebleu.sacrebleu_class("CHRF").CHAR_ORDER
    WORD_ORDER: ClassVar[int] = _sacrebleu.sacrebleu_class("CHRF").WORD_ORDER
    BETA: ClassVar[int] = _sacrebleu.sacrebleu_class("CHRF").BETA

    @spelled_out(CHRFConfig, after=("references",))
    def __init__(self, *args: Any, **options: Any) -> None:
        super().__init__(*args, **options)


class TER(_SacrebleuFront):
    """``sacrebleu.metrics.TER``: the same arguments, defaults and methods."""

    _metric_type = _TER

    @spelled_out(TERConfig, after=("references",))
    def __init__(self, *args: Any, **options: Any) -> None:
        super().__init__(*args, **options)


#: sacrebleu's ``metrics.METRICS``: the metric classes by name.
METRICS: dict[str, type[_SacrebleuFront]] = {"BLEU": BLEU, "CHRF": CHRF, "TER": TER}
