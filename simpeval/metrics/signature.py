"""Reproducibility signatures: :class:`Signature` and the table of known signature keys.

A signature is built only from a metric's frozen configuration plus facts about the data,
and reads back with :meth:`Signature.parse`: the keys and
abbreviations of each metric are declared by its class (its config's options: the
sacrebleu-compatible ones are sacrebleu's, pinned by a parity test), found through the metric
registry (:data:`SIGNATURE_KEYS`), a plugin's too.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .._types import FrozenDict
from ..exceptions import SignatureParseError

__all__ = [
    "COMMON_ABBREVIATIONS",
    "DATA_KEYS",
    "SIGNATURE_KEYS",
    "VERSION_KEYS",
    "Signature",
    "key_order",
    "metric_signature_keys",
]

#: Keys every signature may carry besides a metric's own, in sacrebleu's print order
#: (``nrefs`` and these data facts first, then the metric's fields, the versions last).
COMMON_ABBREVIATIONS: Mapping[str, str] = MappingProxyType(
    {
        "nrefs": "#",
        "bs": "bs",
        "ar": "ar",
        "seed": "rs",
        "test": "t",
        "lang": "l",
        "origlang": "o",
        "subset": "S",
        "version": "v",
        "simpeval": "simpeval",
    }
)
#: The versions that close a signature: the implementation's (``version``), and simpeval's where
#: another tool's version comes first (the sacrebleu metrics, whose statistics simpeval computes).
VERSION_KEYS: tuple[str, ...] = ("version", "simpeval")
#: The data facts among them (everything but the versions).
DATA_KEYS: tuple[str, ...] = tuple(k for k in COMMON_ABBREVIATIONS if k not in VERSION_KEYS)


def metric_signature_keys(metric: str) -> Mapping[str, str] | None:
    """The own signature keys of the metric a signature names (``chrF2++`` is chrF's), or ``None``:
    the registry's, so that every registered metric, a plugin's too, is read back with its own keys."""
    from . import _signature_keys  # the registry imports this module: imported when first asked

    return _signature_keys(metric)


class _DeclaredKeys(Mapping[str, Mapping[str, str]]):
    """The signature keys every registered metric declares, by the name its signatures start with."""

    def __getitem__(self, metric: str) -> Mapping[str, str]:
        keys = metric_signature_keys(metric)
        if keys is None:
            raise KeyError(metric)
        return keys

    def __iter__(self) -> Iterator[str]:
        from . import _loaded_classes  # the registry, as in metric_signature_keys

        return iter([cls.name for cls in _loaded_classes()])

    def __len__(self) -> int:
        return sum(1 for _ in self)


#: Each registered metric's own signature keys and their abbreviations, in print order, by the
#: name a signature starts with: read from the metric classes (``signature_abbreviations``,
#: derived from their config's declared options), never written here.
SIGNATURE_KEYS: Mapping[str, Mapping[str, str]] = _DeclaredKeys()


def key_order(own: Mapping[str, str]) -> tuple[str, ...]:
    """Every key a signature with the metric keys ``own`` may have, in print order."""
    return DATA_KEYS + tuple(k for k in own if k not in COMMON_ABBREVIATIONS) + VERSION_KEYS


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
        object.__setattr__(self, "abbreviations", FrozenDict(self.abbreviations))

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
    def parse(cls, text: str, metric: str | None = None, keys: Mapping[str, str] | None = None) -> Signature:
        """Parse a full or short signature string back into a :class:`Signature`.

        Args:
            text: ``"SARI|nrefs:10|case:lc|..."`` or its short form ``"SARI|#:10|c:lc|..."``.
            metric: the metric name, required only when ``text`` has no ``METRIC|`` prefix.
            keys: the metric's own signature keys and their abbreviations, in print order;
                by default those the registered metric of that name declares (a signature of
                an unknown metric is read with the shared keys plus the keys as written).

        Raises:
            SignatureParseError: ``text`` is not a string, or a field cannot be read.
        """
        if not isinstance(text, str):
            raise SignatureParseError(
                f"Signature.parse: text must be a signature string such as 'SARI|nrefs:1|...' (got {text!r})."
            )
        parts = [p for p in text.strip().split("|")]
        if parts and ":" not in parts[0]:
            metric = parts.pop(0)
        if not metric:
            raise SignatureParseError(
                f"Signature.parse: text must start with a metric name such as 'SARI|' (got {text!r}). "
                "Pass metric='SARI' for a signature without prefix."
            )
        own = keys if keys is not None else metric_signature_keys(metric)
        open_ended = own is None  # an unknown metric: its own keys are read as written
        abbreviations = {**COMMON_ABBREVIATIONS, **(own or {})}
        canonical = key_order(own or {})
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
                raise SignatureParseError(f"Signature.parse: field {part!r} of {text!r} must look like 'key:value'.")
            if key in rank and key not in seen:
                resolved = key
            else:
                # Short keys can be ambiguous (sacrebleu's TER uses 't' for both 'tok' and 'test');
                # fields are printed in canonical order, so take the first candidate after the last field.
                candidates = [k for k in by_abbr.get(key, []) if k not in seen]
                if not candidates and open_ended:
                    candidates = [key]
                if not candidates:
                    raise SignatureParseError(
                        f"Signature.parse: unknown field {key!r} for metric {metric} in {text!r}. "
                        f"Known fields: {', '.join(canonical)}."
                    )
                later = [k for k in candidates if rank.get(k, last + 1) > last]
                resolved = (later or candidates)[0]
            seen.add(resolved)
            last = max(last, rank.get(resolved, last))
            fields.append((resolved, value))
        return cls(metric, tuple(fields), abbreviations)
