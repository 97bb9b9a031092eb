"""``sacrebleu.significance``: :class:`PairedTest` and :class:`Result`, on simpeval's paired tests.

``PairedTest(named_systems, metrics, references, test_type="ar" | "bs", n_samples=0,
n_ar_confidence=-1)()`` returns sacrebleu's ``(signatures, scores)``: ``scores["System"]`` the
system names (the first is the baseline) and ``scores[metric name]`` one :class:`Result` per
system. The random draws are sacrebleu's (seeded from ``$SACREBLEU_SEED``, default 12345, as
sacrebleu reads it), and so are the p-values and means, computed by :mod:`simpeval.significance`
with the metrics' statistics; the half-widths too, except in the last float32 bit for chrF and TER
(about 2e-6 on a score of 30: sacrebleu subtracts the bounds in float32, or in float64 when one
resampled score happens to be a Python float; simpeval always in float64). One deliberate difference: a system
whose score equals the baseline's gets ``p = 1`` (sacrebleu: ``1 / (n + 1)``, which calls a copy
of the baseline significantly different). ``n_jobs`` is accepted and not needed: simpeval scores
resamples with compiled kernels in one process.

Examples:
    >>> from simpeval.compat.sacrebleu.metrics import BLEU
    >>> refs = [["The cat sat on the mat.", "It is raining today.", "He left early."]]
    >>> systems = [("base", ["A cat sat.", "Rain today.", "He went."]),
    ...            ("new", ["The cat sat on a mat.", "It is raining today.", "He left early."])]
    >>> signatures, scores = PairedTest(systems, {"BLEU": BLEU(references=refs)}, None, "ar", 200)()
    >>> scores["System"], [round(result.score, 2) for result in scores["BLEU"]]
    (['base', 'new'], [15.43, 75.05])
    >>> str(signatures["BLEU"])  # doctest: +ELLIPSIS
    'nrefs:1|ar:200|seed:12345|case:mixed|eff:no|tok:13a|smooth:exp|version:...'
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any, Literal, cast

import numpy as np
import numpy.typing as npt

from ...exceptions import InvalidOptionError
from ...significance import compare_to_baseline
from ...significance.bootstrap import half_width
from ...significance.paired import resampled_scores
from .._layout import stated_streams
from .metrics import _SacrebleuFront

__all__ = ["IS_WINDOWS", "PairedTest", "Result", "estimate_ci"]

#: sacrebleu's flag (its paired tests run in one process on Windows).
IS_WINDOWS = os.name == "nt"

#: sacrebleu's numbers of AR trials and bootstrap resamples when ``n_samples`` is 0.
_DEFAULT_SAMPLES = {"ar": 10000, "bs": 1000}


class Result:
    """The result of one system under one metric, as sacrebleu's ``Result``.

    Attributes:
        score: the system's corpus score.
        p_value: the p-value against the baseline (``None`` for the baseline).
        mean: the bootstrap mean of the system's score (paired bootstrap, or AR with confidence).
        ci: the half-width of its 95% bootstrap interval (``mean ± ci``).
    """

    def __init__(
        self, score: float, p_value: float | None = None, mean: float | None = None, ci: float | None = None
    ) -> None:
        self.score = score
        self.p_value = p_value
        self.mean = mean
        self.ci = ci

    def __repr__(self) -> str:
        return ",".join(f"{key}={value!s}" for key, value in vars(self).items())


def estimate_ci(scores: npt.NDArray[Any]) -> tuple[float, float]:
    """The mean of resampled ``scores`` and the half-width of their 95% percentile interval.

    With the ``n`` scores sorted: ``mean(sorted)`` and ``0.5 * (sorted[n - n // 40 - 1] -
    sorted[n // 40])``, as sacrebleu's ``estimate_ci``.

    Examples:
        >>> [float(value) for value in estimate_ci(np.arange(80.0))]
        [39.5, 37.5]
    """
    ordered = np.sort(scores)
    lower = len(ordered) // 40
    return ordered.mean(), 0.5 * (ordered[len(ordered) - lower - 1] - ordered[lower])


def _seed_from_environment() -> int | None:
    """``$SACREBLEU_SEED`` as sacrebleu reads it: an integer, ``none`` (unseeded), default 12345."""
    value = os.environ.get("SACREBLEU_SEED", "12345")
    if value.lower() == "none":
        return None
    try:
        return int(value)
    except ValueError:
        raise InvalidOptionError(f"PairedTest: $SACREBLEU_SEED must be an integer or 'none' (got {value!r}).") from None


def _fresh_seed() -> int:
    return int(np.random.SeedSequence().generate_state(1)[0])


class PairedTest:
    """sacrebleu's paired significance test of every system against the first one.

    Args:
        named_systems: ``(name, hypotheses)`` pairs; the first is the baseline.
        metrics: name -> metric object (:mod:`simpeval.compat.sacrebleu.metrics`); results are
            keyed by each metric's score name (``"BLEU"``, ``"chrF2"``, ``"TER"``), as sacrebleu.
        references: reference streams, or ``None`` for the metrics' own (``BLEU(references=...)``).
        test_type: ``"ar"`` (approximate randomization) or ``"bs"`` (paired bootstrap).
        n_samples: trials (``ar``) or resamples (``bs``); 0 takes 10000 and 1000.
        n_ar_confidence: with ``ar``, bootstrap resamples for each system's interval; -1 none,
            0 takes 1000.
        n_jobs: accepted for sacrebleu's signature; the test runs in this process.

    Raises:
        InvalidOptionError: an unknown ``test_type``, a metric that is not one of this module's
            metric classes, or a bad ``$SACREBLEU_SEED``.
    """

    def __init__(
        self,
        named_systems: Sequence[tuple[str, Sequence[str]]],
        metrics: Mapping[str, Any],
        references: Sequence[Sequence[str]] | None,
        test_type: str = "ar",
        n_samples: int = 0,
        n_ar_confidence: int = -1,
        n_jobs: int = 1,
    ) -> None:
        if test_type not in _DEFAULT_SAMPLES:
            raise InvalidOptionError(f"PairedTest: test_type must be 'ar' or 'bs' (got {test_type!r}).")
        self.test_type = test_type
        self.named_systems = list(named_systems)
        self.references = references
        self.n_jobs = n_jobs
        self.n_samples = n_samples if n_samples > 0 else _DEFAULT_SAMPLES[test_type]
        self.n_ar_confidence = n_ar_confidence if n_ar_confidence != 0 else _DEFAULT_SAMPLES["bs"]
        self._seed = _seed_from_environment()
        self.metrics: dict[str, _SacrebleuFront] = {}
        self._baseline: dict[str, tuple[npt.NDArray[np.float64], Result]] = {}
        self._signatures: dict[str, Any] = {}
        _, baseline_hypotheses = self.named_systems[0]
        confidence = self.n_samples if test_type == "bs" else self.n_ar_confidence
        for metric in metrics.values():
            if not isinstance(metric, _SacrebleuFront):
                raise InvalidOptionError(
                    "PairedTest: every metric must be a BLEU, CHRF or TER of simpeval.compat.sacrebleu.metrics "
                    f"(got {type(metric).__name__})."
                )
            stats = self._statistics(metric, baseline_hypotheses)
            score = metric.simpeval_metric.score_from_stats(metric.simpeval_metric.sum_rows(stats))
            result = Result(score.score)
            if confidence > 0:  # sacrebleu draws the baseline's resamples from a fresh generator
                seed = _fresh_seed() if self._seed is None else self._seed
                result.mean, result.ci = estimate_ci(
                    self._resampled(metric, stats, confidence, np.random.default_rng(seed))
                )
            self._baseline[score.metric] = (stats, result)
            self.metrics[score.metric] = metric
            signature = metric.get_signature()
            signature.update("seed", str(self._seed).lower())
            signature.update(test_type, self.n_samples)
            if self.n_ar_confidence > 0:
                signature.update("bs", self.n_ar_confidence)
            self._signatures[score.metric] = signature

    def _statistics(self, metric: _SacrebleuFront, hypotheses: Sequence[str]) -> npt.NDArray[np.float64]:
        stats: npt.NDArray[np.float64] = metric.simpeval_metric.corpus_stats(
            hypotheses, stated_streams(self.references)
        )
        if self.references is not None:
            metric._signature_args["num_refs"] = len(self.references)
        return stats

    @staticmethod
    def _resampled(
        metric: _SacrebleuFront, stats: npt.NDArray[np.float64], n: int, generator: np.random.Generator
    ) -> npt.NDArray[Any]:
        score_fn, dtype = metric.simpeval_metric.resampling_scorer()
        (scores,) = resampled_scores(generator, n, [stats], score_fn, np.dtype(dtype))
        return scores

    def __call__(self) -> tuple[dict[str, Any], dict[str, list[str | Result]]]:
        """Run the test: ``(signatures by metric, {"System": names, metric: results})``."""
        scores: dict[str, list[str | Result]] = {"System": [name for name, _ in self.named_systems]}
        seed = self._seed if self._seed else _fresh_seed()  # sacrebleu: a seed of 0 leaves the draws unseeded
        for name, metric in self.metrics.items():
            baseline_stats, baseline_result = self._baseline[name]
            stats = {"0": baseline_stats}
            stats.update(
                {str(i): self._statistics(metric, hyps) for i, (_, hyps) in enumerate(self.named_systems[1:], 1)}
            )
            test = cast(Literal["bs", "ar"], self.test_type)
            paired = compare_to_baseline(metric.simpeval_metric, stats, "0", test, n_samples=self.n_samples, seed=seed)
            results: list[str | Result] = [baseline_result]
            for key, outcome in zip(list(stats)[1:], paired):
                system_score = metric.simpeval_metric.score_from_stats(
                    metric.simpeval_metric.sum_rows(stats[key])
                ).score
                result = Result(system_score, outcome.p_value)
                if outcome.ci is not None:  # paired bootstrap
                    result.mean, result.ci = outcome.mean, half_width(outcome.ci)
                elif self.n_ar_confidence > 0:  # AR: the interval's resamples follow the trials' draws
                    generator = np.random.default_rng(seed)
                    generator.integers(2, size=(self.n_samples, len(stats[key])), dtype=bool)
                    result.mean, result.ci = estimate_ci(
                        self._resampled(metric, stats[key], self.n_ar_confidence, generator)
                    )
                results.append(result)
            scores[name] = results
        return self._signatures, scores
