"""``sacrebleu.tokenizers.tokenizer_zh``: sacrebleu's own class, the tokenizer simpeval's metrics run
(simpeval wraps sacrebleu's tokenizers and never copies them)."""

from __future__ import annotations

from sacrebleu.tokenizers.tokenizer_zh import TokenizerZh

__all__ = ["TokenizerZh"]
