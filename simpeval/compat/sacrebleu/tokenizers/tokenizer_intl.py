"""``sacrebleu.tokenizers.tokenizer_intl``: sacrebleu's own class, the tokenizer simpeval's metrics run
(simpeval wraps sacrebleu's tokenizers and never copies them)."""

from __future__ import annotations

from sacrebleu.tokenizers.tokenizer_intl import TokenizerV14International

__all__ = ["TokenizerV14International"]
