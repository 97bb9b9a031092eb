"""``--test-set``'s choices: the built-in test sets' names, read from the registry when first needed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

__all__ = ["TestSetChoice"]


class TestSetChoice(click.Choice):  # type: ignore[type-arg]
    """A built-in test set name, in any case, with hyphens or EASSE's underscores (``asset_test``).

    The names are read from the registry when first needed (a ``--test-set`` given, ``--help``),
    so a command reading files does not import :mod:`simpeval.testsets`."""

    def __init__(self, kind: str) -> None:
        super().__init__((), case_sensitive=False)
        self.kind = kind
        self._names: Sequence[str] | None = None

    @property  # type: ignore[override]
    def choices(self) -> Sequence[str]:
        if self._names is None:
            from ..testsets import available_testsets

            self._names = tuple(available_testsets(kind=self.kind))
        return self._names

    @choices.setter
    def choices(self, value: Sequence[str]) -> None:  # click.Choice.__init__ sets it
        pass

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        return super().convert(value.replace("_", "-") if isinstance(value, str) else value, param, ctx)
