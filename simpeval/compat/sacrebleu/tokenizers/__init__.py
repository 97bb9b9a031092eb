"""sacrebleu's tokenizer modules (``sacrebleu.tokenizers``): ``tokenizer_13a.Tokenizer13a`` and every
other, with sacrebleu's class names. ``BaseTokenizer`` is importable from here, as from sacrebleu."""

from . import (
    tokenizer_13a,
    tokenizer_base,
    tokenizer_char,
    tokenizer_intl,
    tokenizer_ja_mecab,
    tokenizer_ko_mecab,
    tokenizer_none,
    tokenizer_re,
    tokenizer_spm,
    tokenizer_ter,
    tokenizer_zh,
)
from .tokenizer_base import BaseTokenizer

__all__ = [
    "BaseTokenizer",
    "tokenizer_13a",
    "tokenizer_base",
    "tokenizer_char",
    "tokenizer_intl",
    "tokenizer_ja_mecab",
    "tokenizer_ko_mecab",
    "tokenizer_none",
    "tokenizer_re",
    "tokenizer_spm",
    "tokenizer_ter",
    "tokenizer_zh",
]
