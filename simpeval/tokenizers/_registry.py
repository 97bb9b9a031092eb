"""Name -> lazy factory table behind :func:`simpeval.tokenizers.get_tokenizer`."""

from __future__ import annotations

import threading
from typing import Callable

from ..exceptions import InvalidOptionError, UnknownTokenizerError
from .base import Tokenizer

TokenizerFactory = Callable[[], Tokenizer]

_FACTORIES: dict[str, TokenizerFactory] = {}
_BUILTIN: dict[str, TokenizerFactory] = {}  # simpeval's own, which the engines may replace by faster code
_INSTANCES: dict[str, Tokenizer] = {}
_LOCK = threading.Lock()


def register_tokenizer(name: str, factory: TokenizerFactory, *, overwrite: bool = False) -> None:
    """Register ``factory`` (called once, on first use) under ``name``."""
    if not isinstance(name, str) or not name or "|" in name or ":" in name:
        raise InvalidOptionError(
            f"register_tokenizer: name must be a non-empty string without '|' or ':' (got {name!r})."
        )
    if not callable(factory):
        raise InvalidOptionError(
            f"register_tokenizer: factory must be a callable returning a tokenizer (got {factory!r})."
        )
    with _LOCK:
        if name in _FACTORIES and not overwrite:
            raise InvalidOptionError(
                f"register_tokenizer: a tokenizer named {name!r} already exists; pass overwrite=True to replace it."
            )
        _FACTORIES[name] = factory
        _INSTANCES.pop(name, None)


def mark_builtin() -> None:
    """Record the tokenizers registered so far as simpeval's own (called once by the package)."""
    with _LOCK:
        _BUILTIN.update(_FACTORIES)


def is_builtin(name: str) -> bool:
    """Whether ``name`` is still simpeval's own tokenizer (not replaced with ``overwrite=True``).

    The engines reproduce the built-in ``13a`` and ``none`` with vectorized or compiled code;
    a replaced tokenizer must run as registered, so they check this first.
    """
    with _LOCK:
        return name in _BUILTIN and _FACTORIES.get(name) is _BUILTIN[name]


def available_tokenizers() -> list[str]:
    """Names of all registered tokenizers, sorted."""
    return sorted(_FACTORIES)


def get_tokenizer(name: str) -> Tokenizer:
    """The tokenizer registered under ``name`` (built on first use, then shared)."""
    with _LOCK:
        instance = _INSTANCES.get(name)
        if instance is not None:
            return instance
        factory = _FACTORIES.get(name) if isinstance(name, str) else None
    if factory is None:
        raise UnknownTokenizerError(
            f"unknown tokenizer {name!r}; valid tokenizers: {', '.join(available_tokenizers())}."
        )
    instance = factory()
    with _LOCK:
        return _INSTANCES.setdefault(name, instance)
