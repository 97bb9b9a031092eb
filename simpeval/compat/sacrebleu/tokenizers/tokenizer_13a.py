"""``sacrebleu.tokenizers.tokenizer_13a``: sacrebleu's own class, the tokenizer simpeval's metrics run
(simpeval wraps sacrebleu's tokenizers and never copies them)."""

from __future__ import annotations

from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

__all__ = ["Tokenizer13a"]
