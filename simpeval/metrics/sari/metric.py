"""The :class:`SARI` metric: configuration, engine choice, statistics and scores.

The statistics come from an engine (:mod:`simpeval.engines`: compiled, NumPy) or from the
readable reference path (:mod:`simpeval.metrics.sari.reference`); all give bit-identical arrays. Scores come from
summed statistics (:mod:`simpeval.metrics.sari.scoring`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import numpy as np

from ..._citations import XU_2016
from ..._types import StatsArray
from ...engines.jit import resolve_engine, run_engine
from ...engines.sari_encode import ReferenceCache, fast_sari_counts
from ...exceptions import InvalidValueError, MissingSourceError
from ...tokenizers import get_tokenizer
from ..base import Metric
from ..options import OptionSpec, configure, spelled_out
from ..score import Score
from ..signature import Signature
from . import config as _config
from .config import DEFAULT_VARIANT, SARIConfig
from .dsari import DSARIPenalties, apply_penalties, document_penalties
from .explain import SARIExplanation, explain_sari
from .reference import reference_counts
from .scoring import KINDS, OPERATIONS, n_stats, score_parts, sentence_rows

__all__ = ["SARI"]


class SARI(Metric):
    """SARI with selectable, exactly reproduced variants.

    Args:
        variant: a preset name from :data:`~simpeval.metrics.sari.VARIANTS` (``"easse"`` by
            default; ``"hf"``, ``"xu2016"``, ``"xu2023"``, ``"dsari"``, ``"t2t"``, ``"easse-paper"``,
            ``"easse-legacy"``, ``"easse-delp"``, ``"easse-paper-delp"``), or a :class:`SARIConfig`.
        options: options replacing the preset's, by name: the fields of :class:`SARIConfig`
            (``None`` keeps the preset's value).
        engine: ``"fast"`` (default): the compiled engine when Numba is installed (the ``fast``
            extra), else the vectorized NumPy engine; ``"numba"`` or ``"numpy"`` to choose one;
            ``"reference"``: the readable one-segment-at-a-time implementation. All give
            bit-identical statistics, so the engine is not part of the signature.

    For example ``SARI("easse", tokenize="moses", lowercase=False)``; see :class:`SARIConfig`
    for the meaning of each option.

    Examples:
        >>> sari = SARI(variant="hf")
        >>> s = sari.sentence_score("About 95 you now get in.",
        ...     ["About 95 species are currently known.", "About 95 species are now accepted.",
        ...      "95 species are now accepted."], source="About 95 species are currently accepted.")
        >>> round(s.score, 10)
        26.9536019536
        >>> list(s.components)
        ['add', 'keep', 'delete']
        >>> SARI(variant="easse").get_signature(nrefs=3).format(short=True)[:40]
        'SARI|#:3|V:easse|c:lc|tok:13a|src:norm|s'
    """

    name: ClassVar[str] = "SARI"
    higher_is_better: ClassVar[bool] = True
    requires_source: ClassVar[bool] = True
    citation: ClassVar[str] = XU_2016
    config_class: ClassVar[type[SARIConfig]] = SARIConfig
    #: The constructor's option that is no config field: the preset the options start from.
    constructor_options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "variant", "str", DEFAULT_VARIANT, f"Preset the other options start from ({', '.join(_config.VARIANTS)})."
        ),
    )
    #: The signature's print order: the preset first, then the case and the tokenizer.
    signature_order: ClassVar[tuple[str, ...]] = (
        "variant", "case", "tok", "src", "split", "agg", "del", "avg", "zero", "prec", "krec", "dmatch", "ngram",
        "rweight", "addf", "pen", "sents", "order",
    )  # fmt: skip
    #: The preset (:attr:`variant`) is no option of the config.
    signature_facts: ClassVar[Mapping[str, str]] = {"variant": "V"}

    @spelled_out(SARIConfig, none_keeps=True)
    def __init__(
        self,
        variant: str | SARIConfig = DEFAULT_VARIANT,
        *,
        engine: str = "fast",
        **options: Any,
    ) -> None:
        #: The engine that computes the statistics: ``"numba"``, ``"numpy"`` or ``"reference"``
        #: (with ``"fast"``, small jobs run ``"numpy"`` until the process has work enough to
        #: load the compiled kernels: :func:`simpeval.engines.jit.use_compiled`).
        self.engine = resolve_engine("SARI", engine, "numpy", "reference")
        self._requested_engine = engine
        given = {name: value for name, value in options.items() if value is not None}
        if isinstance(variant, SARIConfig):
            self.config: SARIConfig = configure(self.name, SARIConfig, variant, given)
        else:
            preset = _config.VARIANTS[_config.resolve_variant(variant)]
            self.config = configure(self.name, SARIConfig, preset, given)
        #: The preset whose settings the configuration equals, or ``"custom"``.
        self.variant: str = _config.preset_name(self.config)
        self._tokenizer = get_tokenizer(self.config.tokenize)
        # Systems compared on the same sources and references reuse their encoding.
        self._reference_cache = ReferenceCache()

    # ------------------------------------------------------------ hooks
    def reference_counts(self, hypotheses: list[str], references: list[list[str]], sources: list[str]) -> StatsArray:
        """Raw per-segment counts by the readable reference path (the engines' specification)."""
        return reference_counts(hypotheses, references, sources, self.config, self._tokenizer)

    def extract_stats(
        self,
        hypotheses: list[str],
        references: list[list[str]],
        sources: list[str] | None,
    ) -> StatsArray:
        """Raw counts (``aggregate="corpus"``) or finished sentence figures, one row per segment."""
        if sources is None:  # the base class already refuses this; kept for type narrowing
            raise MissingSourceError("SARI: sources are required.")
        counts = None
        texts = 2 * len(references) + sum(map(len, references))
        engine = run_engine(self.engine, self._requested_engine, "numpy", texts)
        if engine != "reference" and self.config.add_filter == "none":  # the engines count every addition
            counts = fast_sari_counts(
                hypotheses, references, sources, self.config, self._reference_cache, compiled=engine == "numba"
            )
        if counts is None:  # reference engine, or segments too long to pack into 64-bit keys
            counts = self.reference_counts(hypotheses, references, sources)
        if self.config.aggregate == "corpus":
            return counts
        rows = sentence_rows(counts, self.config)
        if self.config.penalty == "dsari":
            rows = apply_penalties(rows, self.document_penalties(hypotheses, references, sources))
        return rows

    def document_penalties(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str]], sources: Sequence[str]
    ) -> list[DSARIPenalties]:
        """D-SARI's penalties of each document (``penalty="dsari"``; :mod:`.dsari`), by this
        configuration's sentence counter."""
        return [
            document_penalties(src, hyp, refs, self.config.sentence_split)
            for hyp, refs, src in zip(hypotheses, references, sources)
        ]

    def signature_field(self, key: str) -> Any:
        """The sentence counter is written only where it counts: with the dsari penalties."""
        if key == "sents" and self.config.penalty == "none":
            return None
        return super().signature_field(key)

    @property
    def n_stats(self) -> int:
        """Width of a statistics row."""
        return n_stats(self.config)

    def score_from_stats(self, stats: StatsArray, signature: Signature | None = None) -> Score:
        """The SARI score (0-100) of a statistics vector (a row or a sum of rows).

        ``components`` holds ``add``, ``keep`` and ``delete`` and ``breakdown`` their precision,
        recall and F1 per n-gram order, all on the 0-100 scale.
        """
        stats = self.validate_stats(stats, self.n_stats)
        n = self.config.max_order
        if self.config.aggregate == "corpus":
            parts = score_parts(stats[None, :], self.config)
            score_100 = float(parts["score_100"][0])
            ops = {op: float(parts[op][0]) for op in OPERATIONS}
            breakdown = {
                f"{op}_{kind}": [float(x[0]) for x in parts[f"{op}_{kind}"]] for op in OPERATIONS for kind in KINDS
            }
        else:
            count = stats[-1]
            if count <= 0:
                raise InvalidValueError("SARI: stats describe zero segments; nothing to score.")
            mean = stats[:-1] / count
            score_100 = 100.0 * float(mean[0])
            ops = {"add": float(mean[1]), "keep": float(mean[2]), "delete": float(mean[3])}
            breakdown = {}
            pos = 4
            for op in OPERATIONS:
                for kind in KINDS:
                    breakdown[f"{op}_{kind}"] = [float(x) for x in mean[pos : pos + n]]
                    pos += n
        return Score(
            metric=self.name,
            score=score_100,
            signature=signature if signature is not None else self.get_signature(),
            components={op: 100.0 * value for op, value in ops.items()},
            breakdown={k: tuple(100.0 * x for x in v) for k, v in breakdown.items()},
        )

    def explain(self, hypothesis: str, references: Sequence[str], *, source: str | None = None) -> SARIExplanation:
        """SARI of one segment, n-gram by n-gram (see :mod:`simpeval.metrics.sari.explain`).

        Every operation (add, keep, delete) and order lists its n-grams with their counts in the
        source, prediction and references, the weighted counts SARI compares, and their
        contributions to precision and recall; the totals are this segment's statistics and the
        score equals :meth:`sentence_score`. ``str()`` gives a text table, Jupyter shows HTML,
        ``to_dict()``/``to_json()`` give the data.

        Examples:
            >>> e = SARI().explain("a b d", ["a b c"], source="a b c")
            >>> e.score.score == SARI().sentence_score("a b d", ["a b c"], source="a b c").score
            True
            >>> [(r.text, r.precision_num, r.precision_den) for r in e.operation("add").orders[0].rows]
            [('d', 0.0, 1.0)]
        """
        # validated as sentence_score validates it; a None reference is absent there, so here too
        _, per_segment, _ = self._prepare_segment(hypothesis, references, source)
        return explain_sari(self, self.config, self._tokenizer, hypothesis, per_segment[0], source)

    def score_rows(self, stats: StatsArray) -> np.ndarray:
        """SARI (0-100) of every row of a statistics matrix, vectorized.

        Equal, bit for bit, to ``[score_from_stats(row).score for row in stats]``: sentence
        scores (:meth:`sentence_scores`) and bootstrap resamples are scored this way.
        """
        stats = np.asarray(stats, dtype=np.float64)
        if stats.ndim != 2 or stats.shape[1] != self.n_stats:
            raise InvalidValueError(
                f"SARI: stats must be a matrix with {self.n_stats} columns for this configuration "
                f"(got shape {stats.shape})."
            )
        if self.config.aggregate == "corpus":
            score: np.ndarray = score_parts(stats, self.config)["score_100"]
            return score
        return 100.0 * (stats[:, 0] / stats[:, -1])

    def component_rows(self, stats: StatsArray) -> dict[str, np.ndarray]:
        """``add``, ``keep`` and ``delete`` (0-100) of every row of a statistics matrix, vectorized.

        Equal, bit for bit, to ``score_from_stats(row).components`` of each row.
        """
        stats = np.asarray(stats, dtype=np.float64)
        self.score_rows(stats)  # the same shape checks
        if self.config.aggregate == "corpus":
            parts = score_parts(stats, self.config)
            return {op: 100.0 * parts[op] for op in ("add", "keep", "delete")}
        return {op: 100.0 * (stats[:, k] / stats[:, -1]) for k, op in enumerate(("add", "keep", "delete"), start=1)}
