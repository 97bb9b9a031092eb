"""sacrebleu's tokenizers (13a, intl, zh, char, none, ja-mecab, ko-mecab, spm, flores101, flores200,
spBLEU-1K), unchanged.

This module and :mod:`simpeval.metrics._sacrebleu` are the only places that touch
sacrebleu's internals.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from ..exceptions import MissingDependencyError

_MECAB = "MeCab and its dictionary, which are not installed. Install them with: pip install 'simplification-metrics[{extra}]'"
_SPM = (
    "the sentencepiece library (pip install sentencepiece) and its model, which sacrebleu downloads on first "
    "use into ~/.sacrebleu; one of them is missing"
)

#: registry name -> (module under sacrebleu.tokenizers, class, what it needs that may be missing)
SACREBLEU_TOKENIZERS: dict[str, tuple[str, str, str]] = {
    "none": ("tokenizer_none", "NoneTokenizer", ""),
    "13a": ("tokenizer_13a", "Tokenizer13a", ""),
    "intl": ("tokenizer_intl", "TokenizerV14International", ""),
    "zh": ("tokenizer_zh", "TokenizerZh", ""),
    "char": ("tokenizer_char", "TokenizerChar", ""),
    "ja-mecab": ("tokenizer_ja_mecab", "TokenizerJaMecab", _MECAB.format(extra="ja")),
    "ko-mecab": ("tokenizer_ko_mecab", "TokenizerKoMecab", _MECAB.format(extra="ko")),
    "spm": ("tokenizer_spm", "TokenizerSPM", _SPM),
    "flores101": ("tokenizer_spm", "Flores101Tokenizer", _SPM),
    "flores200": ("tokenizer_spm", "Flores200Tokenizer", _SPM),
    "spBLEU-1K": ("tokenizer_spm", "spBLEU1KTokenizer", _SPM),
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


def make_tercom(**options: bool) -> Callable[[str], str]:
    """sacrebleu's ``TercomTokenizer(**options)`` (``normalized``, ``no_punct``, ``asian_support``,
    ``case_sensitive``)."""
    from sacrebleu.tokenizers.tokenizer_ter import TercomTokenizer

    tokenizer: Callable[[str], str] = TercomTokenizer(**options)
    return tokenizer


def make_tercom_tokenizer() -> SacrebleuTokenizer:
    """sacrebleu's Tercom tokenizer as TER normalizes (``TER(normalized=True)``), without
    lowercasing (case is each metric's option): punctuation split off, abbreviations kept."""
    return SacrebleuTokenizer("tercom", make_tercom(normalized=True, case_sensitive=True))


def make_sacrebleu_tokenizer(name: str) -> SacrebleuTokenizer:
    """Instantiate sacrebleu's tokenizer ``name``; clear error when an extra is missing."""
    module_name, class_name, needs = SACREBLEU_TOKENIZERS[name]
    try:
        cls: Any = getattr(import_module(f"sacrebleu.tokenizers.{module_name}"), class_name)
        impl = cls()
    except (ImportError, RuntimeError, OSError) as err:
        if not needs:
            raise
        reason = (str(err).strip().splitlines() or [type(err).__name__])[0]
        raise MissingDependencyError(f"tokenizer {name!r} needs {needs} ({reason}).") from err
    return SacrebleuTokenizer(name, impl)
