"""sacrebleu's tokenizer modules (``sacrebleu.tokenizers``): :mod:`.tokenizer_ter`."""

from . import tokenizer_ter

__all__ = ["tokenizer_ter"]
