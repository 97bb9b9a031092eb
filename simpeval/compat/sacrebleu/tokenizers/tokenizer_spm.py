"""``sacrebleu.tokenizers.tokenizer_spm``: sacrebleu's tokenizer classes, whose missing dependencies
(or model download) are one line naming what to install instead of sacrebleu's message."""

from __future__ import annotations

from typing import Any

import sacrebleu.tokenizers.tokenizer_spm as _sacrebleu
from sacrebleu.tokenizers.tokenizer_spm import SPM_MODELS
from sacrebleu.utils import SACREBLEU_DIR

from ._guard import _one_line

__all__ = [
    "SACREBLEU_DIR",
    "SPM_MODELS",
    "TokenizerSPM",
    "Flores101Tokenizer",
    "Flores200Tokenizer",
]


class TokenizerSPM(_sacrebleu.TokenizerSPM):
    """sacrebleu's ``TokenizerSPM``; a missing dependency or model is one line (:class:`MissingDependencyError`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        with _one_line("spm"):
            super().__init__(*args, **kwargs)  # type: ignore[no-untyped-call]


class Flores101Tokenizer(_sacrebleu.Flores101Tokenizer):
    """sacrebleu's ``Flores101Tokenizer``; a missing dependency or model is one line (:class:`MissingDependencyError`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        with _one_line("spm"):
            super().__init__(*args, **kwargs)  # type: ignore[no-untyped-call]


class Flores200Tokenizer(_sacrebleu.Flores200Tokenizer):
    """sacrebleu's ``Flores200Tokenizer``; a missing dependency or model is one line (:class:`MissingDependencyError`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        with _one_line("spm"):
            super().__init__(*args, **kwargs)  # type: ignore[no-untyped-call]


if hasattr(_sacrebleu, "spBLEU1KTokenizer"):  # sacrebleu >= 2.5, as the installed sacrebleu has it

    class spBLEU1KTokenizer(_sacrebleu.spBLEU1KTokenizer):
        """sacrebleu's ``spBLEU1KTokenizer``; a missing dependency or model is one line (:class:`MissingDependencyError`)."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            with _one_line("spm"):
                super().__init__(*args, **kwargs)  # type: ignore[no-untyped-call]

    __all__ += ["spBLEU1KTokenizer"]
