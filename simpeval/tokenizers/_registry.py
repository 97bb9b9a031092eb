"""Name -> lazy factory table behind :func:`simpeval.tokenizers.get_tokenizer`.

Besides simpeval's own and those added with :func:`register_tokenizer`, installed packages add
tokenizers through the entry-point group ``simpeval.tokenizers`` (name = tokenizer name, value =
``module:factory``), read on the first lookup of an unknown name or listing; the factory is
imported on first use.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from importlib import import_module, metadata
from typing import Any

from ..exceptions import InvalidOptionError, UnknownTokenizerError
from .base import Tokenizer

TokenizerFactory = Callable[[], Tokenizer]

_FACTORIES: dict[str, TokenizerFactory] = {}
_BUILTIN: dict[str, TokenizerFactory] = {}  # simpeval's own, which the engines may replace by faster code
_INSTANCES: dict[str, Tokenizer] = {}
_LOCK = threading.Lock()
#: The entry-point group of tokenizer plugins.
ENTRY_POINT_GROUP = "simpeval.tokenizers"
_PLUGINS_LOADED = threading.Event()


#: The last scan of the installed entry points: ``(importlib.metadata.entry_points, its result)``.
_SCAN: list[tuple[Any, Any]] = []


def entry_points(group: str, scan: Callable[[], Any] | None = None) -> list[Any]:
    """The installed entry points of ``group``.

    One scan of the installed distributions (milliseconds, growing with the environment) serves
    every group: the tokenizer plugins and the metric plugins. ``scan`` (default:
    ``importlib.metadata.entry_points``) is called again when it is not the last one called.
    """
    scan = scan or metadata.entry_points
    if not _SCAN or _SCAN[0][0] is not scan:
        _SCAN[:] = [(scan, scan())]
    return list(_SCAN[0][1].select(group=group))


def _lazy(value: str) -> TokenizerFactory:
    """A factory that imports ``module:attribute`` on first call and calls it."""

    def factory() -> Tokenizer:
        module, _, attribute = value.partition(":")
        made: Tokenizer = getattr(import_module(module), attribute)()
        return made

    return factory


def _load_plugins() -> None:
    """Register the tokenizers of installed plugins (once); a plugin never replaces a registered name."""
    if _PLUGINS_LOADED.is_set():
        return
    _PLUGINS_LOADED.set()
    for point in entry_points(ENTRY_POINT_GROUP):
        with _LOCK:
            if point.name not in _FACTORIES:
                _FACTORIES[point.name] = _lazy(point.value)


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
    """Names of all registered tokenizers (plugins' included), sorted."""
    _load_plugins()
    return sorted(_FACTORIES)


def get_tokenizer(name: str) -> Tokenizer:
    """The tokenizer registered under ``name`` (built on first use, then shared)."""
    with _LOCK:
        instance = _INSTANCES.get(name) if isinstance(name, str) else None
        if instance is not None:
            return instance
        factory = _FACTORIES.get(name) if isinstance(name, str) else None
    if factory is None and isinstance(name, str) and not _PLUGINS_LOADED.is_set():
        _load_plugins()
        with _LOCK:
            factory = _FACTORIES.get(name)
    if factory is None:
        raise UnknownTokenizerError(
            f"unknown tokenizer {name!r}; valid tokenizers: {', '.join(available_tokenizers())}."
        )
    instance = factory()
    with _LOCK:
        return _INSTANCES.setdefault(name, instance)
