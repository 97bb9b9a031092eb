"""The keywords :func:`~simpeval.api.compare` took before its specs, translated to them.

``confidence``, ``confidence_samples``, ``paired``, ``paired_samples``, ``all_pairs``,
``correction``, ``baseline``, ``agreement=True``, ``agreement_samples``, ``progress``, ``jobs``
(now ``RunOptions(paired_jobs=)``) and ``statistics`` keep working for one release, with a
:class:`DeprecationWarning` that names the new spelling; their old checks and messages are kept
with them.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Optional

import numpy as np

from .._types import StatsArray
from .._validate import check_int
from ..defaults import PAIRED_SAMPLES
from ..exceptions import InvalidOptionError, InvalidValueError
from ..metrics import Metric
from ..significance.specs import Agreement, Bootstrap, PairedTestSpec, paired_test
from .common import ProgressFn, RunOptions, StatisticsFn

__all__ = ["OLD_KEYWORDS", "Specs", "translate"]

OLD_KEYWORDS = (
    "confidence",
    "confidence_samples",
    "paired",
    "paired_samples",
    "all_pairs",
    "correction",
    "baseline",
    "agreement_samples",
    "progress",
    "jobs",
    "statistics",
)


@dataclass(frozen=True)
class Specs:
    """What the old keywords asked for, in the new spelling."""

    interval: Optional[Bootstrap]
    test: Optional[PairedTestSpec]
    agreement: Optional[Agreement]
    run: RunOptions


def translate(old: Mapping[str, object], agreement: object, new: Specs, systems: Sequence[str]) -> Specs:
    """The specs for the old keywords ``old`` (and an old ``agreement=True/False``), after a
    :class:`DeprecationWarning`; ``new`` holds the new keywords the call gave too, ``systems``
    the names of the systems (an old ``baseline`` is checked against them, test or not).

    Raises:
        TypeError: an unknown keyword, or an old keyword mixed with the new one for the same thing.
        InvalidOptionError: an invalid old value (with the old message).
    """
    unknown = sorted(set(old) - set(OLD_KEYWORDS))
    if unknown:
        raise TypeError(f"compare() got an unexpected keyword argument {unknown[0]!r}")
    _check_not_mixed(old, agreement, new)
    baseline = old.get("baseline")
    if baseline is not None and baseline not in systems:
        raise InvalidOptionError(f"compare: baseline must be one of the systems {list(systems)} (got {baseline!r}).")
    specs = Specs(
        interval=_interval(old),
        test=_test(old),
        agreement=_agreement(agreement, old) if isinstance(agreement, bool) else new.agreement,
        run=_run(old) if {"progress", "jobs", "statistics"} & set(old) else new.run,
    )
    given = ", ".join(f"{name}={value!r}" for name, value in old.items())
    if isinstance(agreement, bool):
        given = ", ".join(filter(None, (given, f"agreement={agreement!r}")))
    warnings.warn(
        f"compare({given}) is deprecated and goes in the next release: write compare({_spelling(specs)}) "
        "(see simpeval.significance.specs).",
        DeprecationWarning,
        stacklevel=3,
    )
    return specs


def _check_not_mixed(old: Mapping[str, object], agreement: object, new: Specs) -> None:
    clashes = [
        (old_names, name)
        for old_names, name, value in (
            ({"confidence", "confidence_samples"}, "interval", new.interval),
            ({"paired", "paired_samples", "all_pairs", "correction", "baseline"}, "test", new.test),
            ({"progress", "jobs", "statistics"}, "run", new.run != RunOptions()),
        )
        if value and old_names & set(old)
    ]
    if "agreement_samples" in old and new.agreement is not None:
        clashes.append(({"agreement_samples"}, "agreement"))
    if clashes:
        old_names, name = clashes[0]
        raise TypeError(f"compare: give {name}= or the old {', '.join(sorted(old_names & set(old)))}, not both.")


def _interval(old: Mapping[str, object]) -> Optional[Bootstrap]:
    if not old.get("confidence", False):
        return None
    n = old.get("confidence_samples")
    paired, n_paired = old.get("paired"), old.get("paired_samples")
    if paired == "bs" and n is not None:
        n_paired = PAIRED_SAMPLES["bs"] if n_paired is None else n_paired
        if n != n_paired:
            raise InvalidOptionError(
                f"compare: confidence_samples ({n}) and paired_samples ({n_paired}) must be equal with "
                "paired='bs': the signature's bs field records one number of bootstrap resamples for both."
            )
    return Bootstrap(n=None if n is None else check_int(n, "compare: confidence_samples"))


def _test(old: Mapping[str, object]) -> Optional[PairedTestSpec]:
    paired, correction, baseline = old.get("paired"), old.get("correction"), old.get("baseline")
    if paired not in (None, "bs", "ar"):
        raise InvalidOptionError(f"compare: paired must be 'bs', 'ar' or None (got {paired!r}).")
    if correction not in (None, "holm"):
        raise InvalidOptionError(f"compare: correction must be 'holm' or None (got {correction!r}).")
    if (old.get("all_pairs") or correction) and paired is None:
        raise InvalidOptionError("compare: all_pairs and correction need a paired test (paired='bs' or 'ar').")
    if baseline is not None and not isinstance(baseline, str):
        raise InvalidOptionError(f"compare: baseline must be a system name (got {baseline!r}).")
    n = old.get("paired_samples")
    return paired_test(
        None if paired is None else str(paired),
        None if n is None else check_int(n, "compare: paired_samples"),
        pairs="all" if old.get("all_pairs") and paired is not None else "baseline",
        correction=None if correction is None or paired is None else "holm",
        baseline=baseline,
    )


def _agreement(agreement: bool, old: Mapping[str, object]) -> Optional[Agreement]:
    if not agreement:
        return None
    n = old.get("agreement_samples")
    return Agreement() if n is None else Agreement(n=check_int(n, "compare: agreement_samples"))


def _run(old: Mapping[str, object]) -> RunOptions:
    progress, statistics = old.get("progress"), old.get("statistics")
    return RunOptions(
        paired_jobs=check_int(
            old.get("jobs", 1), "compare: jobs", minimum=0, expected="an integer >= 0, 0 for one per CPU"
        ),
        progress=None if progress is None else _progress(progress),
        statistics=None if statistics is None else _statistics(statistics),
    )


def _progress(function: object) -> ProgressFn:
    if not callable(function):
        raise InvalidOptionError(f"compare: progress must be a function (got {function!r}).")

    def progress(label: str, done: int, total: Optional[int]) -> None:
        function(label, done, total)

    return progress


def _statistics(function: object) -> StatisticsFn:
    if not callable(function):
        raise InvalidOptionError(f"compare: statistics must be a function (got {function!r}).")

    def statistics(metric: Metric, system: str, hypotheses: object) -> StatsArray:
        rows = function(metric, system, hypotheses)
        if not isinstance(rows, np.ndarray):
            raise InvalidValueError(f"compare: statistics must return an array of statistics rows (got {rows!r:.60}).")
        return rows

    return statistics


def _spelling(specs: Specs) -> str:
    """The new keywords for ``specs``, as a call writes them."""
    parts = [f"{name}={value!r}" for name, value in (("interval", specs.interval), ("test", specs.test)) if value]
    if specs.agreement is not None:
        parts.append(f"agreement={specs.agreement!r}")
    run = [f"{name}=..." for name in ("progress", "statistics") if getattr(specs.run, name) is not None]
    if specs.run != RunOptions():
        parts.append(f"run=RunOptions(paired_jobs={specs.run.paired_jobs}, {', '.join(run)})".replace(", )", ")"))
    return ", ".join(parts)
