"""sacrebleu's tokenizers (13a, intl, zh, char, none, ja-mecab, ko-mecab), unchanged.

This module and :mod:`simpeval.metrics._sacrebleu` are the only places that touch
sacrebleu's internals.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Callable

from ..exceptions import MissingDependencyError

#: registry name -> (module under sacrebleu.tokenizers, class, pip extra if optional)
SACREBLEU_TOKENIZERS: dict[str, tuple[str, str, str]] = {
    "none": ("tokenizer_none", "NoneTokenizer", ""),
    "13a": ("tokenizer_13a", "Tokenizer13a", ""),
    "intl": ("tokenizer_intl", "TokenizerV14International", ""),
    "zh": ("tokenizer_zh", "TokenizerZh", ""),
    "char": ("tokenizer_char", "TokenizerChar", ""),
    "ja-mecab": ("tokenizer_ja_mecab", "TokenizerJaMecab", "ja"),
    "ko-mecab": ("tokenizer_ko_mecab", "TokenizerKoMecab", "ko"),
}


class SacrebleuTokenizer:
    """Adapter giving a sacrebleu tokenizer simpeval's :class:`Tokenizer` interface."""

    def __init__(self, name: str, impl: Callable[[str], str]) -> None:
        self.name = name
        self._impl = impl

    def __call__(self, line: str) -> str:
        return self._impl(line)

    def __repr__(self) -> str:
        return f"SacrebleuTokenizer({self.name!r})"


def make_sacrebleu_tokenizer(name: str) -> SacrebleuTokenizer:
    """Instantiate sacrebleu's tokenizer ``name``; clear error when an extra is missing."""
    module_name, class_name, extra = SACREBLEU_TOKENIZERS[name]
    try:
        cls: Any = getattr(import_module(f"sacrebleu.tokenizers.{module_name}"), class_name)
        impl = cls()
    except (ImportError, RuntimeError) as err:
        if not extra:
            raise
        raise MissingDependencyError(
            f"tokenizer {name!r} needs MeCab and its dictionary, which are not installed. "
            f"Install them with: pip install 'simpeval[{extra}]'"
        ) from err
    return SacrebleuTokenizer(name, impl)
