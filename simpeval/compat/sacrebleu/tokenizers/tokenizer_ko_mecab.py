"""``sacrebleu.tokenizers.tokenizer_ko_mecab``: sacrebleu's tokenizer classes, whose missing dependencies
(or model download) are one line naming what to install instead of sacrebleu's message."""

from __future__ import annotations

from typing import Any

import sacrebleu.tokenizers.tokenizer_ko_mecab as _sacrebleu
from sacrebleu.tokenizers.tokenizer_ko_mecab import FAIL_MESSAGE

from ._guard import _one_line

__all__ = ["FAIL_MESSAGE", "TokenizerKoMecab"]


class TokenizerKoMecab(_sacrebleu.TokenizerKoMecab):
    """sacrebleu's ``TokenizerKoMecab``; a missing dependency or model is one line (:class:`MissingDependencyError`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        with _one_line("ko-mecab"):
            super().__init__(*args, **kwargs)  # type: ignore[no-untyped-call]
