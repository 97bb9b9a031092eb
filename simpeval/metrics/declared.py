"""What :class:`~simpeval.metrics.base.Metric` derives from a metric's declarations.

A metric that declares its options in a ``config_class`` (:func:`~simpeval.metrics.options.option`)
gets, without writing them:

* its constructor (:func:`construct`, :func:`constructor`): ``Metric(config)``, ``Metric(**options)``
  or the options positional in the config's field order (sacrebleu's), then the parameters of
  the metric's ``_setup`` hook (``references``, a keyword-only ``engine``); ``inspect.signature``
  shows every option;
* its signature keys (:func:`signature_abbreviations`), from the options' ``signature=(key,
  abbreviation)``, in ``signature_order`` when not in field order, plus ``signature_facts``;
* the value of each of its signature fields (:func:`field_value`): the option's spelling
  (:func:`~simpeval.metrics.options.signature_value`), or a fact's attribute.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import typing
from collections.abc import Callable, Mapping
from typing import Any

from .options import check_declared, config_options, configure, signature_keys, signature_value, split_call

__all__ = ["construct", "constructor", "derive", "field_value", "signature_abbreviations"]

_GENERATED = "__simpeval_generated__"
_DERIVED = "__simpeval_derived_keys__"


def derive(cls: Any, base: Any) -> None:
    """Give metric class ``cls`` (a subclass of ``base``, :class:`~simpeval.metrics.base.Metric`)
    with a ``config_class`` the signature keys and the constructor it does not write (nor inherit
    from a class that wrote them)."""
    if cls.config_class is None:
        return
    owner = next(c for c in cls.__mro__ if "signature_abbreviations" in vars(c))
    if owner is base or vars(owner).get(_DERIVED, False):
        cls.signature_abbreviations = signature_abbreviations(cls)
        setattr(cls, _DERIVED, True)
    if getattr(cls.__init__, _GENERATED, False) or cls.__init__ is base.__init__:
        cls.__init__ = constructor(cls)


def _hook_parameters(cls: Any) -> list[inspect.Parameter]:
    """The parameters of ``cls._setup`` after ``self``: the constructor's arguments that are no option."""
    return list(inspect.signature(cls._setup).parameters.values())[1:]


def construct(metric: Any, args: tuple[Any, ...], options: Mapping[str, Any]) -> None:
    """Configure ``metric`` from its constructor's call, then run its ``_setup`` hook.

    Raises:
        TypeError: too many positional arguments, or one given twice.
        InvalidOptionError: the first positional argument is a config of another class, or an
            option's value does not fit its declaration (:func:`~simpeval.metrics.options.check_declared`).
        UnknownOptionError: a keyword names no option nor a parameter of ``_setup``.
    """
    cls = type(metric)
    hook = _hook_parameters(cls)
    if cls.config_class is None:
        metric._setup(*args, **options)
        return
    after = [p.name for p in hook if p.kind is p.POSITIONAL_OR_KEYWORD]
    config, given = split_call(cls.name, cls.config_class, args, options, after=after)
    values = {p.name: given.pop(p.name) for p in hook if p.name in given}
    metric.config = configure(cls.name, cls.config_class, config, given)
    check_declared(cls.name, metric.config)  # bools, integer minimums and choices, as declared
    metric._setup(**values)


def constructor(cls: Any) -> Callable[..., None]:
    """The ``__init__`` of a metric class with a ``config_class``: :func:`construct`, whose
    ``inspect.signature`` spells out the options (positional, in field order), then the
    parameters of ``_setup`` (``self`` first)."""

    def __init__(self: Any, *args: Any, **options: Any) -> None:
        construct(self, args, options)

    hints = typing.get_type_hints(cls.config_class)
    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    fields = [
        inspect.Parameter(f.name, kind, default=f.default, annotation=hints[f.name])
        for f in dataclasses.fields(cls.config_class)
    ]
    parameters = [inspect.Parameter("self", kind), *fields, *_hook_parameters(cls)]
    __init__.__signature__ = inspect.Signature(sorted(parameters, key=lambda p: p.kind))  # type: ignore[attr-defined]
    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    __init__.__doc__ = (
        f"``{cls.__name__}(config)``, ``{cls.__name__}(**options)`` or the options positional, in field order "
        f"(see :class:`{cls.__name__}`)."
    )
    setattr(__init__, _GENERATED, True)
    return __init__


def signature_abbreviations(cls: Any) -> Mapping[str, str]:
    """A metric class's own signature keys and abbreviations, in print order: its config's declared
    keys and its ``signature_facts`` (last, unless ``signature_order`` says otherwise)."""
    return signature_keys(cls.config_class, cls.signature_order, cls.signature_facts)


@functools.lru_cache(maxsize=256)
def _options_by_key(config_class: type) -> Mapping[str, str]:
    """The option declaring each signature key: ``{key: option name}``."""
    return {o.signature[0]: o.name for o in config_options(config_class) if o.signature is not None}


def field_value(metric: Any, key: str) -> Any:
    """The value of ``metric``'s own signature key ``key``: its option's spelling in the config,
    else (a key of ``signature_facts``) the metric's attribute of that name."""
    config_class = type(metric).config_class
    name = _options_by_key(config_class).get(key) if config_class is not None else None
    return signature_value(metric.config, name) if name is not None else getattr(metric, key)
