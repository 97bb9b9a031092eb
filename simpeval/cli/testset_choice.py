"""``--test-set``'s choices: the built-in test sets' names, read from the registry when first needed;
``--input``'s registered sets of system outputs (:func:`expand_output_sets`)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import click

__all__ = ["TestSetChoice", "expand_output_sets"]


def expand_output_sets(inputs: Sequence[str]) -> tuple[str, ...]:
    """``--input`` with each registered set of system outputs replaced by its files, one per system.

    ``-i turkcorpus-test-outputs mine.txt`` compares the 11 published systems (downloaded and
    verified on first use, then read from the cache) with ``mine.txt``; each system is named
    after its file (``ACCESS``, ``Dress-Ls``, ...). A value that names an existing file is that
    file; any other value is left for the usual checks (a missing file is an error there).
    """
    if all(path == "-" or os.path.exists(path) for path in inputs):
        return tuple(inputs)  # files only: the registry is not imported
    from ..testsets import available_testsets, download, get_testset

    outputs = set(available_testsets(kind="outputs"))
    expanded: list[str] = []
    for path in inputs:
        name = path.lower().replace("_", "-")
        if path == "-" or os.path.exists(path) or name not in outputs:
            expanded.append(path)
            continue
        folder = download(name)
        expanded += [os.path.join(folder, remote.name) for remote in get_testset(name).files["outputs"]]
    return tuple(expanded)


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
