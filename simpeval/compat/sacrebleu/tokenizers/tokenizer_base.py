"""``sacrebleu.tokenizers.tokenizer_base``: sacrebleu's own class, the tokenizer simpeval's metrics run
(simpeval wraps sacrebleu's tokenizers and never copies them)."""

from __future__ import annotations

from sacrebleu.tokenizers.tokenizer_base import BaseTokenizer

__all__ = ["BaseTokenizer"]
