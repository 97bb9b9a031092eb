"""Tokenizer registry shared by every metric.

Examples:
    >>> from simpeval.tokenizers import get_tokenizer
    >>> get_tokenizer("13a")("Hello, world!")
    'Hello , world !'
    >>> "moses" in available_tokenizers()
    True
"""

from __future__ import annotations

from functools import partial

from ._registry import available_tokenizers, get_tokenizer, is_builtin, mark_builtin, register_tokenizer
from .base import Tokenizer
from .moses import MosesTokenizer, PennTokenizer
from .sacrebleu import SACREBLEU_TOKENIZERS, make_sacrebleu_tokenizer, make_tercom_tokenizer
from .simple import NLTKWordTokenizer, TreebankTokenizer, WhitespaceTokenizer

__all__ = ["Tokenizer", "available_tokenizers", "get_tokenizer", "is_builtin", "register_tokenizer"]

# overwrite=True: importing this module again (e.g. by a test runner) must not fail
for _name in SACREBLEU_TOKENIZERS:
    register_tokenizer(_name, partial(make_sacrebleu_tokenizer, _name), overwrite=True)
register_tokenizer("tercom", make_tercom_tokenizer, overwrite=True)
register_tokenizer("moses", MosesTokenizer, overwrite=True)
register_tokenizer("penn", PennTokenizer, overwrite=True)
register_tokenizer("treebank", TreebankTokenizer, overwrite=True)
register_tokenizer("nltk-word", NLTKWordTokenizer, overwrite=True)
mark_builtin()
register_tokenizer("whitespace", WhitespaceTokenizer, overwrite=True)
