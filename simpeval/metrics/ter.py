"""TER (Snover et al., 2006), computed by sacrebleu and wrapped in simpeval's Metric API.

Scores and signatures are exactly sacrebleu's (pinned by ``tests/metrics/test_sacrebleu_parity.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Mapping, Optional

from .._types import StatsArray
from . import _sacrebleu
from .score import Score
from .signature import SIGNATURE_KEYS, Signature
from .validation import check_bool, check_stats_vector

__all__ = ["TER", "TERConfig"]


@dataclass(frozen=True)
class TERConfig:
    """Options of :class:`TER`; the same names, defaults and meaning as ``sacrebleu.TER``.

    Attributes:
        normalized: Tercom normalization (punctuation, XML entities, ...).
        no_punct: remove punctuation.
        asian_support: treat CJK characters specially (with ``normalized`` or ``no_punct``).
        case_sensitive: do not lowercase.
    """

    normalized: bool = False
    no_punct: bool = False
    asian_support: bool = False
    case_sensitive: bool = False

    def __post_init__(self) -> None:
        for argument in ("normalized", "no_punct", "asian_support", "case_sensitive"):
            value = check_bool("TER", argument, getattr(self, argument))
            object.__setattr__(self, argument, value)


class TER(_sacrebleu.SacrebleuMetric):
    """Translation edit rate, exactly as ``sacrebleu.TER`` computes it (lower is better).

    Statistics per segment are ``[num_edits, avg_ref_len]``: the fewest edits to any
    reference and the mean reference length, both additive.

    Args:
        normalized: Tercom normalization (punctuation, XML entities, ...).
        no_punct: remove punctuation.
        asian_support: treat CJK characters specially (with ``normalized`` or ``no_punct``).
        case_sensitive: do not lowercase.

    Raises:
        InvalidOptionError: an option is not a bool.

    Examples:
        >>> ter = TER()
        >>> score = ter.corpus_score(["The cat sat on the mat."], [["The cat is on the mat."]])
        >>> round(score.score, 2), dict(score.details)
        (16.67, {'num_edits': 1.0, 'ref_length': 6.0})
        >>> score.signature.format(short=True)  # doctest: +ELLIPSIS
        'TER|#:1|c:lc|t:tercom|nr:no|pn:yes|as:no|v:...'
        >>> TER.higher_is_better
        False
    """

    name: ClassVar[str] = "TER"
    kind = "ter"
    higher_is_better: ClassVar[bool] = False
    requires_source: ClassVar[bool] = False
    citation: ClassVar[str] = """\
@inproceedings{snover-etal-2006-study,
    title = "A Study of Translation Edit Rate with Targeted Human Annotation",
    author = "Snover, Matthew and Dorr, Bonnie and Schwartz, Rich and Micciulla, Linnea and Makhoul, John",
    booktitle = "Proceedings of the 7th Conference of the Association for Machine Translation in the Americas: Technical Papers",
    month = aug # " 8-12",
    year = "2006",
    address = "Cambridge, Massachusetts, USA",
    publisher = "Association for Machine Translation in the Americas",
    url = "https://aclanthology.org/2006.amta-papers.25",
    pages = "223--231",
}"""
    signature_abbreviations: ClassVar[Mapping[str, str]] = SIGNATURE_KEYS["TER"]

    def __init__(
        self,
        normalized: bool = False,
        no_punct: bool = False,
        asian_support: bool = False,
        case_sensitive: bool = False,
    ) -> None:
        self._wrap(
            TERConfig(
                normalized=normalized,
                no_punct=no_punct,
                asian_support=asian_support,
                case_sensitive=case_sensitive,
            )
        )

    def score_from_stats(self, stats: StatsArray, signature: Optional[Signature] = None) -> Score:
        """TER of a summed statistics vector ``[num_edits, ref_length]``.

        ``details`` holds ``num_edits`` and ``ref_length`` (the summed mean reference lengths).
        """
        vector = check_stats_vector(stats, 2, self.name)
        # sacrebleu keeps edit counts as ints and mean reference lengths as floats.
        result = _sacrebleu.compute_score(self._impl, vector, integer_columns=(0,))
        return Score(
            metric=result.name,
            score=result.score,
            signature=signature if signature is not None else self.get_signature(),
            details={"num_edits": result.num_edits, "ref_length": result.ref_length},
        )

