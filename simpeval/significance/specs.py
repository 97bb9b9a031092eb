"""What a comparison computes, as frozen values: :class:`Bootstrap` intervals, a paired test
(:class:`PairedBootstrap` or :class:`Randomization`) and :class:`Agreement` between metrics.

Each spec checks its fields when it is made, and the options that only make sense with a
paired test (which ``pairs``, which ``correction``, which ``baseline``) are fields of that
test: a correction without a test cannot be written.

Examples:
    >>> PairedBootstrap(n=200, pairs="all", correction="holm")
    PairedBootstrap(n=200, pairs='all', correction='holm', baseline=None)
    >>> Randomization().n, Randomization.name
    (10000, 'ar')
    >>> Randomization(pairs="every")
    Traceback (most recent call last):
    ...
    simpeval.exceptions.InvalidOptionError: Randomization: pairs must be 'baseline' or 'all' (got 'every').
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from ..defaults import AGREEMENT_SAMPLES, PAIRED_SAMPLES
from ..engines.resample import check_count
from ..exceptions import InvalidOptionError
from .compare import TestName

__all__ = [
    "Agreement",
    "Bootstrap",
    "CorrectionName",
    "PairedBootstrap",
    "PairedTestSpec",
    "Pairs",
    "Randomization",
    "paired_test",
]

#: Which pairs a paired test compares: each system with the baseline, or every pair.
Pairs = Literal["baseline", "all"]
#: The multiple-comparison corrections: Holm-Bonferroni.
CorrectionName = Literal["holm"]


@dataclass(frozen=True)
class Bootstrap:
    """A 95% bootstrap percentile interval around every score (sacrebleu's ``--confidence``).

    Attributes:
        n: resamples; ``None``: 1000, or the paired bootstrap's ``n`` when the comparison runs
            one (the signature's ``bs`` field records one count for both, so two different
            counts are an error).
    """

    n: int | None = None

    def __post_init__(self) -> None:
        if self.n is not None:
            object.__setattr__(self, "n", check_count(self.n, "n", "Bootstrap"))


@dataclass(frozen=True)
class _PairedTest:
    """The fields every paired test has (see :class:`PairedBootstrap`)."""

    n: int
    pairs: Pairs = "baseline"
    correction: CorrectionName | None = None
    baseline: str | None = None

    # The test's name in signatures and results, ``"bs"`` or ``"ar"`` (set by each test class).
    name: ClassVar[TestName]

    def __post_init__(self) -> None:
        owner = type(self).__name__
        object.__setattr__(self, "n", check_count(self.n, "n", owner))
        if self.pairs not in ("baseline", "all"):
            raise InvalidOptionError(f"{owner}: pairs must be 'baseline' or 'all' (got {self.pairs!r}).")
        if self.correction not in (None, "holm"):
            raise InvalidOptionError(f"{owner}: correction must be None or 'holm' (got {self.correction!r}).")
        if self.baseline is not None and not isinstance(self.baseline, str):
            raise InvalidOptionError(f"{owner}: baseline must be a system name or None (got {self.baseline!r}).")


@dataclass(frozen=True)
class PairedBootstrap(_PairedTest):
    """Paired bootstrap resampling (sacrebleu's ``--paired-bs``), with its mean and interval.

    Attributes:
        n: resamples (sacrebleu's default, 1000).
        pairs: ``"baseline"``: each system against the baseline; ``"all"``: every pair of systems,
            the pairs with the baseline first and the baseline as their baseline.
        correction: ``"holm"`` adds Holm-Bonferroni adjusted p-values over the tested pairs.
        baseline: the baseline system (``None``: the first).
    """

    n: int = PAIRED_SAMPLES["bs"]
    name: ClassVar[TestName] = "bs"


@dataclass(frozen=True)
class Randomization(_PairedTest):
    """Approximate randomization (sacrebleu's ``--paired-ar``).

    Attributes:
        n: trials (sacrebleu's default, 10000).
        pairs: as :class:`PairedBootstrap`'s.
        correction: as :class:`PairedBootstrap`'s.
        baseline: as :class:`PairedBootstrap`'s.
    """

    n: int = PAIRED_SAMPLES["ar"]
    name: ClassVar[TestName] = "ar"


#: A paired significance test.
PairedTestSpec = PairedBootstrap | Randomization


@dataclass(frozen=True)
class Agreement:
    """Correlations between the metrics across systems (Pearson, Spearman, Kendall), with
    bootstrap intervals over segments; needs two metrics and three systems.

    Attributes:
        n: bootstrap resamples of the intervals.
    """

    n: int = AGREEMENT_SAMPLES

    def __post_init__(self) -> None:
        object.__setattr__(self, "n", check_count(self.n, "n", "Agreement"))


def paired_test(
    name: str | None,
    n: int | None = None,
    *,
    pairs: str = "baseline",
    correction: str | None = None,
    baseline: str | None = None,
) -> PairedTestSpec | None:
    """The paired test that sacrebleu's names give (``"bs"``, ``"ar"``; ``None``: no test), for
    callers holding plain strings, such as a command line.

    Args:
        name: ``"bs"`` (:class:`PairedBootstrap`), ``"ar"`` (:class:`Randomization`) or ``None``.
        n: resamples or trials (``None``: the test's default).
        pairs: ``"baseline"`` or ``"all"``.
        correction: ``None`` or ``"holm"``.
        baseline: the baseline system (``None``: the first).

    Raises:
        InvalidOptionError: an unknown name, pairs or correction; ``pairs``/``correction``
            without a test.

    Examples:
        >>> paired_test("ar", 500, pairs="all")
        Randomization(n=500, pairs='all', correction=None, baseline=None)
    """
    if name is None:
        if pairs != "baseline" or correction is not None:
            raise InvalidOptionError("paired_test: pairs='all' and a correction need a test ('bs' or 'ar').")
        return None
    if name not in ("bs", "ar"):
        raise InvalidOptionError(f"paired_test: name must be 'bs', 'ar' or None (got {name!r}).")
    if pairs not in ("baseline", "all"):
        raise InvalidOptionError(f"paired_test: pairs must be 'baseline' or 'all' (got {pairs!r}).")
    if correction not in (None, "holm"):
        raise InvalidOptionError(f"paired_test: correction must be None or 'holm' (got {correction!r}).")
    kind: Pairs = "all" if pairs == "all" else "baseline"
    holm: CorrectionName | None = None if correction is None else "holm"
    if name == "bs":
        return PairedBootstrap(PAIRED_SAMPLES["bs"] if n is None else n, kind, holm, baseline)
    return Randomization(PAIRED_SAMPLES["ar"] if n is None else n, kind, holm, baseline)
