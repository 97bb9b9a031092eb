"""Frozen value types returned by metrics: :class:`Score` and :class:`Signature`.

Nothing here formats a score for humans; renderers live in :mod:`simpeval.report`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping, Optional

from ..exceptions import SignatureParseError

__all__ = ["ConfidenceInterval", "PairedResult", "Score", "Signature"]


def _format_value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


@dataclass(frozen=True)
class Signature:
    """A sacrebleu-style reproducibility signature.

    A signature is the metric name plus an ordered tuple of ``(key, value)`` fields, built
    only from a metric's frozen configuration and facts about the scored data (such as the
    number of references). ``abbreviations`` maps each key to its short form.

    Examples:
        >>> sig = Signature("SARI", (("nrefs", "2"), ("case", "lc"), ("version", "0.1.0")),
        ...                 {"nrefs": "#", "case": "c", "version": "v"})
        >>> sig.format()
        'SARI|nrefs:2|case:lc|version:0.1.0'
        >>> sig.format(short=True)
        'SARI|#:2|c:lc|v:0.1.0'
        >>> Signature.parse(sig.format(short=True)) == sig
        True
    """

    metric: str
    fields: tuple[tuple[str, str], ...]
    abbreviations: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "fields", tuple((str(k), _format_value(v)) for k, v in self.fields))
        object.__setattr__(self, "abbreviations", MappingProxyType(dict(self.abbreviations)))

    def __hash__(self) -> int:
        return hash((self.metric, self.fields))

    def __getitem__(self, key: str) -> str:
        for k, v in self.fields:
            if k == key:
                return v
        raise KeyError(key)

    def get(self, key: str, default: str | None = None) -> str | None:
        """Return the value of field ``key``, or ``default`` when the field is absent."""
        try:
            return self[key]
        except KeyError:
            return default

    def to_dict(self) -> dict[str, str]:
        """The fields as an ordered ``{key: value}`` dict (metric name excluded)."""
        return dict(self.fields)

    def with_fields(self, **updates: object) -> Signature:
        """A copy with fields added or replaced (``None`` values are ignored).

        New data facts (``bs``, ``seed``, ``test``, ...) take their place in sacrebleu's order,
        right after ``nrefs``; any other new field goes before ``version``.

        Examples:
            >>> sig = Signature("X", (("nrefs", "1"), ("case", "lc"), ("version", "1")))
            >>> sig.with_fields(seed=12345, bs=1000).format()
            'X|nrefs:1|bs:1000|seed:12345|case:lc|version:1'
        """
        from .base import DATA_KEYS

        items = list(self.fields)
        for key, value in updates.items():
            if value is None:
                continue
            keys = [k for k, _ in items]
            if key in keys:
                items[keys.index(key)] = (key, _format_value(value))
                continue
            if key in DATA_KEYS:
                rank = DATA_KEYS.index(key)
                pos = 0
                while pos < len(items) and items[pos][0] in DATA_KEYS and DATA_KEYS.index(items[pos][0]) < rank:
                    pos += 1
            else:
                pos = keys.index("version") if "version" in keys else len(items)
            items.insert(pos, (key, _format_value(value)))
        return Signature(self.metric, tuple(items), self.abbreviations)

    def format(self, short: bool = False, prefix: bool = True) -> str:
        """The signature string, ``METRIC|key:value|...`` (sacrebleu's field order).

        Args:
            short: use the abbreviated keys (``#`` for ``nrefs``, ``c`` for ``case``, ...).
            prefix: start with the metric name; without it the string is exactly what
                sacrebleu's ``Signature.format()`` prints for the wrapped metrics.
        """
        pairs = [f"{self.abbreviations.get(k, k) if short else k}:{v}" for k, v in self.fields]
        return "|".join(([self.metric] if prefix else []) + pairs)

    def __str__(self) -> str:
        return self.format()

    @classmethod
    def parse(cls, text: str, metric: str | None = None) -> Signature:
        """Parse a full or short signature string back into a :class:`Signature`.

        Args:
            text: ``"SARI|nrefs:10|case:lc|..."`` or its short form ``"SARI|#:10|c:lc|..."``.
            metric: the metric name, required only when ``text`` has no ``METRIC|`` prefix.

        Raises:
            SignatureParseError: the metric is unknown or a field cannot be read.
        """
        parts = [p for p in text.strip().split("|")]
        if parts and ":" not in parts[0]:
            metric = parts.pop(0)
        if not metric:
            raise SignatureParseError(
                f"Signature.parse: text must start with a metric name such as 'SARI|' (got {text!r}). "
                "Pass metric='SARI' for a signature without prefix."
            )
        from . import signature_keys  # lazy: the registry imports the metric modules

        try:
            canonical, abbreviations = signature_keys(metric)
        except KeyError as err:
            raise SignatureParseError(f"Signature.parse: unknown metric {metric!r} in {text!r}.") from err
        rank = {key: i for i, key in enumerate(canonical)}
        by_abbr: dict[str, list[str]] = {}
        for key in canonical:
            by_abbr.setdefault(abbreviations.get(key, key), []).append(key)
        fields: list[tuple[str, str]] = []
        seen: set[str] = set()
        last = -1
        for part in parts:
            key, sep, value = part.partition(":")
            if not sep:
                raise SignatureParseError(
                    f"Signature.parse: field {part!r} of {text!r} must look like 'key:value'."
                )
            if key in rank and key not in seen:
                resolved = key
            else:
                # Short keys can be ambiguous (sacrebleu's TER uses 't' for both 'tok' and 'test');
                # fields are printed in canonical order, so take the first candidate after the last field.
                candidates = [k for k in by_abbr.get(key, []) if k not in seen]
                if not candidates:
                    raise SignatureParseError(
                        f"Signature.parse: unknown field {key!r} for metric {metric} in {text!r}. "
                        f"Known fields: {', '.join(canonical)}."
                    )
                later = [k for k in candidates if rank[k] > last]
                resolved = (later or candidates)[0]
            seen.add(resolved)
            last = max(last, rank[resolved])
            fields.append((resolved, value))
        return cls(metric, tuple(fields), abbreviations)


@dataclass(frozen=True)
class Score:
    """The result of scoring one system (or one segment) with one metric.

    Attributes:
        metric: the metric's display name (``"SARI"``, ``"BLEU"``, ``"chrF2"``, ``"TER"``).
        score: the score, on the metric's usual scale (0-100 for all built-in metrics).
        signature: the reproducibility signature of this computation.
        components: named sub-scores (SARI: ``add``, ``keep``, ``delete``; BLEU: ``bp``,
            ``sys_len``, ...), all floats.
        breakdown: per n-gram-order details, e.g. SARI's ``add_precision`` as a tuple with
            one value per order.

    Examples:
        >>> from simpeval import SARI
        >>> s = SARI().sentence_score("a b", ["a b"], source="a b c")
        >>> round(s.score, 2), sorted(s.components)
        (41.67, ['add', 'delete', 'keep'])
    """

    metric: str
    score: float
    signature: Signature
    components: Mapping[str, float] = field(default_factory=dict)
    breakdown: Mapping[str, tuple[float, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "score", float(self.score))
        object.__setattr__(
            self, "components", MappingProxyType({k: float(v) for k, v in self.components.items()})
        )
        object.__setattr__(
            self,
            "breakdown",
            MappingProxyType({k: tuple(float(x) for x in v) for k, v in self.breakdown.items()}),
        )

    def __hash__(self) -> int:
        return hash((self.metric, self.score, self.signature))

    def __float__(self) -> float:
        return self.score

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: ``metric``, ``score``, ``signature``, ``components``, ``breakdown``."""
        return {
            "metric": self.metric,
            "score": self.score,
            "signature": self.signature.format(),
            "components": dict(self.components),
            "breakdown": {k: list(v) for k, v in self.breakdown.items()},
        }


@dataclass(frozen=True)
class ConfidenceInterval:
    """A bootstrap confidence interval of a corpus score.

    Attributes:
        low: lower bound (percentile ``(1 - level) / 2``).
        high: upper bound.
        mean: mean of the resampled scores.
        level: coverage, 0.95 by default.
        n_resamples: number of bootstrap resamples.
        seed: seed of the ``numpy.random.Generator`` that drew them.
    """

    low: float
    high: float
    mean: float
    level: float = 0.95
    n_resamples: int = 1000
    seed: int = 12345

    def to_dict(self) -> dict[str, float]:
        """``{"low", "high", "mean"}`` plus the level, as in the JSON output."""
        return {"low": self.low, "high": self.high, "mean": self.mean, "level": self.level}


@dataclass(frozen=True)
class PairedResult:
    """A paired significance test of one system against a baseline under one metric.

    Attributes:
        system: the tested system.
        baseline: the system it is compared with.
        metric: the metric (column) name.
        test: ``"bs"`` (paired bootstrap resampling) or ``"ar"`` (approximate randomization).
        p_value: the p-value of the test.
        n_resamples: number of resamples (or randomization trials).
        seed: seed of the random generator.
        corrected_p_value: the p-value after a multiple-comparison correction, if one was applied.
        correction: the name of that correction (``"holm"``), if any.
        mean: mean resampled score of ``system`` (paired bootstrap only, as sacrebleu reports it).
        ci: half-width-style bootstrap interval of ``system`` (paired bootstrap only).
    """

    system: str
    baseline: str
    metric: str
    test: str
    p_value: float
    n_resamples: int
    seed: int
    corrected_p_value: Optional[float] = None
    correction: Optional[str] = None
    mean: Optional[float] = None
    ci: Optional[ConfidenceInterval] = None

    @property
    def reported_p_value(self) -> float:
        """The corrected p-value when a correction was applied, else the raw one."""
        return self.p_value if self.corrected_p_value is None else self.corrected_p_value

    def significant(self, alpha: float = 0.05) -> bool:
        """Whether the (corrected) p-value is below ``alpha``."""
        return self.reported_p_value < alpha
