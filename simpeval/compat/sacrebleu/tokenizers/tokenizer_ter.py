"""``sacrebleu.tokenizers.tokenizer_ter``: the Tercom tokenizer that TER runs.

Examples:
    >>> TercomTokenizer(normalized=True)("Hello, World!")
    'hello , world !'
"""

from __future__ import annotations

from ....tokenizers.sacrebleu import make_tercom

__all__ = ["TercomTokenizer"]


class TercomTokenizer:
    """sacrebleu's ``TercomTokenizer``, the one simpeval's TER uses (simpeval wraps it, never copies it).

    Args:
        normalized: apply Tercom's normalization (punctuation split off, abbreviations kept).
        no_punct: remove punctuation.
        asian_support: split Asian characters (with ``normalized`` or ``no_punct``).
        case_sensitive: keep case (lowercased otherwise).
    """

    def __init__(
        self,
        normalized: bool = False,
        no_punct: bool = False,
        asian_support: bool = False,
        case_sensitive: bool = False,
    ) -> None:
        self._impl = make_tercom(
            normalized=normalized, no_punct=no_punct, asian_support=asian_support, case_sensitive=case_sensitive
        )

    def __call__(self, sent: str) -> str:
        """The tokenized line (``""`` for an empty one)."""
        tokenized: str = self._impl(sent)
        return tokenized

    def signature(self) -> str:
        """sacrebleu's name of this tokenizer in signatures (``"tercom"``)."""
        return "tercom"
