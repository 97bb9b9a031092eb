"""Moses and Penn tokenizers from sacremoses, called exactly as EASSE calls them.

EASSE's ``normalize`` uses ``MosesTokenizer().tokenize(s, return_str=True, escape=False)``
for ``moses`` and ``MosesTokenizer().penn_tokenize(s, return_str=True)`` for ``penn``.
sacremoses is the optional extra ``simplification-metrics[moses]``.
"""

from __future__ import annotations

from typing import Any

from ..exceptions import MissingDependencyError


def _moses_tokenizer() -> Any:
    try:
        from sacremoses import MosesTokenizer
    except ImportError as err:
        raise MissingDependencyError(
            "the 'moses' and 'penn' tokenizers need sacremoses, which is not installed. "
            "Install it with: pip install 'simplification-metrics[moses]'"
        ) from err
    return MosesTokenizer(lang="en")


class MosesTokenizer:
    """sacremoses' Moses tokenizer (English, no XML escaping)."""

    name = "moses"

    def __init__(self) -> None:
        self._impl = _moses_tokenizer()

    def __call__(self, line: str) -> str:
        result: str = self._impl.tokenize(line, return_str=True, escape=False)
        return result


class PennTokenizer:
    """sacremoses' Penn Treebank tokenizer.

    sacremoses 0.1 and 0.2 ship one rule of ``penn_tokenize`` (intra-token slashes) as an
    uncompiled ``(str, str)`` pair with a Perl-style ``$1`` replacement, so calling
    ``penn_tokenize`` raises ``AttributeError`` (EASSE's ``penn`` option fails the same
    way). We compile that rule with its evident meaning (``\\1``) on our own instance; every
    other rule runs unchanged, so where sacremoses works the output is identical.
    """

    name = "penn"

    def __init__(self) -> None:
        self._impl = _moses_tokenizer()
        for attr in ("MOSES_PENN_REGEXES_1", "MOSES_PENN_REGEXES_2"):
            rules = getattr(self._impl, attr)
            if any(isinstance(pattern, str) for pattern, _ in rules):
                setattr(self._impl, attr, [_compiled(p, r) for p, r in rules])

    def __call__(self, line: str) -> str:
        result: str = self._impl.penn_tokenize(line, return_str=True)
        return result


def _compiled(pattern: Any, replacement: str) -> tuple[Any, str]:
    import re

    if not isinstance(pattern, str):
        return pattern, replacement
    # Perl replacement -> Python: "\\@" is a literal "@", "$1" is group 1.
    perl_unescaped = re.sub(r"\\([^\w$])", r"\1", replacement)
    return re.compile(pattern), re.sub(r"\$(\d)", r"\\\1", perl_unescaped)
