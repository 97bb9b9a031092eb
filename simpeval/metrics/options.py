"""Metric options, declared once: a config field carries its default, help, choices and signature key.

A metric's frozen config dataclass declares each option with :func:`option`, which returns a
:func:`dataclasses.field` whose metadata is an :class:`OptionSpec` (as attrs keeps a field's
facts in ``attrs.field(metadata=...)``). Everything else reads them back with
:func:`metric_options`: the metric's constructor (:func:`configure`), the CLI's
``--<metric>-<option>`` flags, the signature keys (:func:`signature_keys`), the docs' option
tables and the compat fronts. A plugin metric does the same and gets all of them.

Examples:
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class ToyConfig:
    ...     lowercase: bool = option(False, help="lowercase the input", signature=("case", "c"))
    ...     order: int = option(2, help="highest order", minimum=1, signature=("order", "n"))
    >>> [(o.name, o.default, o.kind) for o in config_options(ToyConfig)]
    [('lowercase', False, 'bool'), ('order', 2, 'int')]
    >>> dict(signature_keys(ToyConfig))
    {'case': 'c', 'order': 'n'}
    >>> configure("Toy", ToyConfig, None, {"order": 3})
    ToyConfig(lowercase=False, order=3)
"""

from __future__ import annotations

import dataclasses
import inspect
import numbers
import typing
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, TypeVar

from .._validate import check_int
from ..exceptions import InvalidOptionError, UnknownOptionError
from .validation import check_bool

__all__ = [
    "OptionSpec",
    "bind_positional",
    "check_bounds",
    "check_declared",
    "config_options",
    "configure",
    "metric_options",
    "option",
    "option_range",
    "signature_keys",
    "signature_value",
    "split_call",
    "spelled_out",
]

F = TypeVar("F", bound=Callable[..., Any])

#: A signature key and its abbreviation: ``("case", "c")``.
SignatureKey = Sequence[str]

#: The key under which :func:`option` keeps its :class:`OptionSpec` in a field's metadata.
METADATA_KEY = "simpeval"
_KINDS = {bool: "bool", int: "int", float: "float", str: "str"}
#: The kinds of sequence options, by the type of their items (``tuple[float, ...]``: NLTK-BLEU's weights).
_SEQUENCE_KINDS = {float: "floats"}


@dataclasses.dataclass(frozen=True)
class OptionSpec:
    """One metric option: what the constructor, the CLI, the signature and the docs know of it.

    ``name`` is the keyword argument (the config field's name; the CLI flag is
    ``--<metric>-<name with hyphens>``); ``kind`` is ``"bool"``, ``"int"``, ``"float"``,
    ``"str"`` or ``"floats"`` (a tuple of numbers, spelled ``0.5,0.5``), from the field's annotation; ``help`` is one line, for the CLI's help and the
    docs' table; ``choices`` maps each valid value to its spelling in the signature (``{"f1":
    "f1", "precision": "prec"}``; empty when any value of the kind goes); ``signature`` is the
    signature key and its abbreviation (``("case", "c")``), or ``None`` when the option is not
    recorded under a key of its own; ``minimum`` is the smallest valid number and ``maximum`` the
    largest (of a ``floats`` option: the most numbers it holds), checked by :func:`check_declared`
    for every kind, so that no value can make a short input run for long or exhaust memory; ``optional``
    says ``None`` is a valid value (``BLEU(tokenize=None)``: chosen from the language); ``cli``
    whether the CLI has a flag for it (``False`` when another flag sets it); ``negative`` the
    CLI's off-switch of a ``bool`` option when not ``no-<name>``.
    """

    name: str
    kind: str
    default: Any
    help: str
    choices: Mapping[Any, str] = dataclasses.field(default_factory=dict)
    signature: SignatureKey | None = None
    minimum: float | None = None
    maximum: float | None = None
    optional: bool = False
    cli: bool = True
    negative: str | None = None


def option(
    default: Any,
    *,
    help: str,
    choices: Mapping[Any, str] | Sequence[Any] | None = None,
    signature: SignatureKey | None = None,
    minimum: float | None = None,
    maximum: float | None = None,
    cli: bool = True,
    negative: str | None = None,
) -> Any:
    """A config field declaring one metric option (see :class:`OptionSpec` for the arguments).

    ``choices`` is a mapping ``{value: spelling in the signature}`` or a sequence of values
    (spelled as they are). Returns :func:`dataclasses.field` with the default and the metadata.
    """
    spelled = dict(choices) if isinstance(choices, Mapping) else {c: str(c) for c in choices or ()}
    facts = {
        "help": help,
        "choices": MappingProxyType(spelled),
        "signature": signature,
        "minimum": minimum,
        "maximum": maximum,
        "cli": cli,
        "negative": negative,
    }
    return dataclasses.field(default=default, metadata={METADATA_KEY: MappingProxyType(facts)})


def _kind(annotation: Any) -> tuple[str, bool]:
    """``(kind, optional)`` of a field annotation such as ``Optional[str]`` or ``tuple[float, ...]``."""
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    optional = len(args) < len(typing.get_args(annotation))
    base = args[0] if optional and len(args) == 1 else annotation
    if typing.get_origin(base) in (tuple, Sequence):
        items = set(typing.get_args(base)) - {Ellipsis}
        if len(items) == 1 and next(iter(items)) in _SEQUENCE_KINDS:
            return _SEQUENCE_KINDS[items.pop()], optional
    if base not in _KINDS:
        raise InvalidOptionError(
            f"option: a field must be bool, int, float, str or tuple[float, ...], or Optional of one (got {base!r})."
        )
    return _KINDS[base], optional


_OPTIONS: dict[type, tuple[OptionSpec, ...]] = {}  # config_options of each class, read once


def config_options(config_class: type) -> tuple[OptionSpec, ...]:
    """The options declared by :func:`option` in a config dataclass, in field order (read once
    per class: every signature asks for them)."""
    found = _OPTIONS.get(config_class)
    if found is None:
        found = _OPTIONS[config_class] = _read_options(config_class)
    return found


def _read_options(config_class: type) -> tuple[OptionSpec, ...]:
    hints = typing.get_type_hints(config_class)
    found = []
    for field in dataclasses.fields(config_class):
        facts = field.metadata.get(METADATA_KEY)
        if facts is None:
            continue
        kind, optional = _kind(hints[field.name])
        found.append(OptionSpec(field.name, kind, field.default, optional=optional, **facts))
    return tuple(found)


def metric_options(metric: Any) -> tuple[OptionSpec, ...]:
    """Every option of a metric class: its ``constructor_options`` (constructor arguments that are no config
    field, such as SARI's ``variant``), then those of its ``config_class``; none without one."""
    config_class = getattr(metric, "config_class", None)
    own: tuple[OptionSpec, ...] = tuple(getattr(metric, "constructor_options", ()))
    return own + (config_options(config_class) if config_class is not None else ())


def signature_keys(
    config_class: type, order: Sequence[str] | None = None, extra: Mapping[str, str] = MappingProxyType({})
) -> Mapping[str, str]:
    """A metric's own signature keys and abbreviations, from its config's options.

    Args:
        config_class: the config dataclass whose options declare ``signature=(key, abbreviation)``.
        order: the print order of the keys when it is not the fields' order (sacrebleu's order
            for the sacrebleu metrics): every key exactly once.
        extra: keys of facts that are no option of their own (SARI's ``variant``, the NLTK
            version), by key: after the options' keys unless ``order`` places them.

    Raises:
        InvalidOptionError: ``order`` does not list every key exactly once.
    """
    keys = {o.signature[0]: o.signature[1] for o in config_options(config_class) if o.signature is not None}
    keys.update(extra)
    if order is None:
        return MappingProxyType(keys)
    if sorted(order) != sorted(keys):
        raise InvalidOptionError(
            f"signature_keys: order must list every key of {config_class.__name__} once "
            f"({', '.join(sorted(keys))}; got {', '.join(order)})."
        )
    return MappingProxyType({key: keys[key] for key in order})


def signature_value(config: Any, name: str) -> Any:
    """The signature spelling of option ``name`` of ``config``: its choice's spelling, a tuple's
    items joined by commas (``0.25,0.25``), else the value."""
    value = getattr(config, name)
    spec = next(o for o in config_options(type(config)) if o.name == name)
    if spec.kind == "floats" and value is not None:
        return ",".join(map(repr, value))
    return spec.choices.get(value, value)


def option_range(spec: OptionSpec) -> str:
    """The bounds of a numeric option as the docs' tables and the messages spell them: ``1 to 10``,
    ``>= 0``, ``at most 10 numbers`` (a ``floats`` option's), or ``""`` when it declares none.

    Examples:
        >>> option_range(OptionSpec("order", "int", 4, "", minimum=1, maximum=10))
        '1 to 10'
    """
    low, high = (None if b is None else (int(b) if float(b).is_integer() else b) for b in (spec.minimum, spec.maximum))
    if spec.kind == "floats":
        return "" if high is None else f"at most {high} numbers"
    if low is not None and high is not None:
        return f"{low} to {high}"
    return f">= {low}" if low is not None else ("" if high is None else f"<= {high}")


def check_bounds(metric: str, config: Any) -> None:
    """Check every numeric option of a config against its declared ``maximum`` (a ``floats``
    option's number of items): one line naming the option and the bound. Values of the wrong
    type are left to the config's own checks.

    Raises:
        InvalidOptionError: a value is past its maximum.
    """
    for spec in config_options(type(config)):
        value = getattr(config, spec.name)
        if spec.maximum is None or value is None or isinstance(value, bool):
            continue
        if spec.kind == "floats" and isinstance(value, Sequence) and not isinstance(value, (str, bytes)):
            if len(value) > spec.maximum:
                raise InvalidOptionError(f"{metric}: {spec.name} must have {option_range(spec)} (got {len(value)}).")
        elif isinstance(value, numbers.Real) and not value <= spec.maximum:  # nan too
            shown = repr(value) if len(repr(value)) <= 24 else f"{float(value):.3e}"
            raise InvalidOptionError(f"{metric}: {spec.name} must be {option_range(spec)} (got {shown}).")


def check_declared(metric: str, config: Any, kinds: Sequence[str] = ("bool", "int")) -> None:
    """Check a config's options against their declarations, in a config's ``__post_init__``.

    ``bool`` options must be bools and ``int`` options integers ``>= minimum`` (both stored back
    as plain Python values; only the kinds in ``kinds`` are checked), and an option with choices
    must hold one of them (a ``bool`` option's choices only spell it in the signature); every
    numeric option must be within its declared ``maximum`` (:func:`check_bounds`).

    Raises:
        InvalidOptionError: a value does not fit its declaration.
    """
    for spec in config_options(type(config)):
        value = getattr(config, spec.name)
        if spec.optional and value is None:
            continue
        if spec.kind == "bool" and "bool" in kinds:
            object.__setattr__(config, spec.name, check_bool(metric, spec.name, value))
        elif spec.kind == "int" and "int" in kinds and spec.minimum is not None and not spec.choices:
            object.__setattr__(config, spec.name, check_int(value, f"{metric}: {spec.name}", minimum=int(spec.minimum)))
        if spec.kind == "bool" or not spec.choices:
            continue
        if isinstance(value, bool) or not isinstance(value, Hashable) or value not in spec.choices:
            raise InvalidOptionError(
                f"{metric}: {spec.name} must be one of {', '.join(map(repr, spec.choices))} (got {value!r})."
            )
    check_bounds(metric, config)


def configure(metric: str, config_class: type, config: Any, overrides: Mapping[str, Any]) -> Any:
    """The config a metric runs with: ``config`` (or the defaults) with ``overrides`` replaced.

    Args:
        metric: the metric's name, for error messages.
        config_class: the metric's config dataclass.
        config: a ``config_class`` instance, or ``None`` for the defaults.
        overrides: option values by name (the constructor's keyword arguments).

    Raises:
        InvalidOptionError: ``config`` is not a ``config_class``.
        UnknownOptionError: an override names no option (a ``TypeError`` too).
    """
    if config is not None and not isinstance(config, config_class):
        raise InvalidOptionError(
            f"{metric}: config must be a {config_class.__name__} (got {type(config).__name__}: {config!r})."
        )
    names = [field.name for field in dataclasses.fields(config_class)]
    unknown = sorted(set(overrides) - set(names))
    if unknown:
        raise UnknownOptionError(
            f"{metric}: unknown option(s) {', '.join(unknown)}; valid options: {', '.join(sorted(names))}."
        )
    if config is None:
        return config_class(**overrides)
    return dataclasses.replace(config, **overrides) if overrides else config  # type: ignore[type-var]


def split_call(
    metric: str, config_class: type, args: Sequence[Any], options: Mapping[str, Any], after: Sequence[str] = ()
) -> tuple[Any, dict[str, Any]]:
    """``(config, options)`` of a constructor call ``Metric(config, **options)`` or, as sacrebleu
    takes them, ``Metric(*values)`` with the config's fields (then ``after``) in order."""
    if args and isinstance(args[0], config_class):
        return args[0], bind_positional(metric, after, args[1:], options)
    names = [field.name for field in dataclasses.fields(config_class)] + list(after)
    return None, bind_positional(metric, names, args, options)


def spelled_out(config_class: type, *, none_keeps: bool = False, after: Sequence[str] = ()) -> Callable[[F], F]:
    """Show a constructor ``__init__(self, *args, ..., **options)`` with the config's fields spelled
    out, for ``help()``, IDEs and ``inspect.signature`` (its ``__signature__``): the fields take
    the place of ``*args`` (positional, in field order: sacrebleu's) or, when the function has no
    ``*args``, of ``**options`` (keyword-only; with ``none_keeps``, defaulting to ``None``: keep
    the preset's value), then ``after`` (positional, default ``None``: sacrebleu's ``references``).
    The function's own parameters keep their places."""

    def decorate(function: F) -> F:
        own = list(inspect.signature(function).parameters.values())
        positional = any(p.kind is p.VAR_POSITIONAL for p in own)
        kind = inspect.Parameter.POSITIONAL_OR_KEYWORD if positional else inspect.Parameter.KEYWORD_ONLY
        hints = typing.get_type_hints(config_class)
        fields = [
            inspect.Parameter(f.name, kind, default=None if none_keeps else f.default, annotation=hints[f.name])
            for f in dataclasses.fields(config_class)
        ] + [inspect.Parameter(name, kind, default=None) for name in after]
        spelled: list[inspect.Parameter] = []
        for parameter in own:
            if parameter.kind is parameter.VAR_POSITIONAL or (
                parameter.kind is parameter.VAR_KEYWORD and not positional
            ):
                spelled += fields
            elif parameter.kind is not parameter.VAR_KEYWORD:
                spelled.append(parameter)
        order = sorted(spelled, key=lambda p: p.kind)  # keyword-only after the positional ones
        function.__signature__ = inspect.Signature(order)  # type: ignore[attr-defined]
        return function

    return decorate


def bind_positional(
    metric: str, names: Iterable[str], args: Sequence[Any], kwargs: Mapping[str, Any]
) -> dict[str, Any]:
    """Keyword arguments of a call whose positional ``args`` fill ``names`` in order (as a
    signature with those parameters would bind them: sacrebleu's positional order).

    Raises:
        TypeError: too many positional arguments, or one given twice.
    """
    order = list(names)
    if len(args) > len(order):
        raise TypeError(f"{metric}() takes at most {len(order)} positional arguments ({len(args)} given)")
    bound = dict(zip(order, args))
    twice = sorted(set(bound) & set(kwargs))
    if twice:
        raise TypeError(f"{metric}() got multiple values for argument {twice[0]!r}")
    return {**bound, **kwargs}
