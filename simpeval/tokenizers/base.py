"""The tokenizer protocol."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

__all__ = ["Tokenizer"]


@runtime_checkable
class Tokenizer(Protocol):
    """A callable that turns one line into space-separated tokens.

    Attributes:
        name: the registry name, recorded in signatures (``"13a"``, ``"moses"``, ...).
    """

    name: str

    def __call__(self, line: str) -> str:
        """Tokenize ``line``; tokens in the result are separated by single spaces."""
        ...
