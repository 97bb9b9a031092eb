"""The one line for what needs WMT test set files, which simpeval does not download."""

from __future__ import annotations

from typing import NoReturn

from ...exceptions import DownloadError

__all__ = ["needs_test_set"]


def needs_test_set(what: str, test_set: object = None, langpair: object = None) -> NoReturn:
    """Raise :class:`~simpeval.exceptions.DownloadError`: ``what`` needs a WMT test set's files."""
    t = test_set if isinstance(test_set, str) else "wmt19"
    lp = langpair if isinstance(langpair, str) else "de-en"
    raise DownloadError(
        f"simpeval.compat.sacrebleu: {what} needs the files of a WMT test set, which simpeval does not download "
        f"(out of scope); get them with sacrebleu itself (sacrebleu -t {t} -l {lp} --echo src > src.txt; "
        "--echo ref for the references) and pass the files."
    )
