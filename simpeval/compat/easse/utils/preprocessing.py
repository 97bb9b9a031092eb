"""EASSE's ``easse.utils.preprocessing.normalize``: lowercase, then tokenize.

Examples:
    >>> normalize("It's raining, isn't it?")
    "it's raining , isn't it ?"
    >>> normalize("It rains.", lowercase=False, tokenizer="none")
    'It rains.'
"""

from __future__ import annotations

from ....tokenizers import get_tokenizer

__all__ = ["normalize"]


def normalize(sentence: str, lowercase: bool = True, tokenizer: str = "13a", return_str: bool = True) -> str:
    """``sentence`` lowercased (if ``lowercase``) and tokenized with ``tokenizer``, as EASSE normalizes.

    Args:
        sentence: one sentence.
        lowercase: lowercase first (EASSE's default).
        tokenizer: any registered tokenizer; EASSE's are ``13a``, ``intl``, ``moses``, ``penn``, ``none``.
        return_str: accepted for EASSE's signature; the result is always a string.

    Raises:
        UnknownTokenizerError: ``tokenizer`` is not registered (the message lists the valid names).

    Examples:
        >>> normalize("The city. They stay.", tokenizer="moses")
        'the city. they stay .'
    """
    return get_tokenizer(tokenizer)(sentence.lower() if lowercase else sentence)
