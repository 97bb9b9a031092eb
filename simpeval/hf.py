"""Hugging Face ``evaluate``'s call shape: ``.compute(predictions=, references=, ...)`` -> dict.

The migration path from ``evaluate.load("sari")``, ``"sacrebleu"``, ``"chrf"`` and ``"ter"``:
replace the ``load`` by one of these classes and keep the call. They take references per
segment (``references[i]`` = the references of prediction ``i``, or one string per
prediction), accept the same keyword options, and return the same dict, keys and numbers,
computed by simpeval's metrics (``SARI("hf")``, ``BLEU``, ``CHRF``, ``TER``)::

    # before                                   # after
    import evaluate                            from simpeval import hf
    sari = evaluate.load("sari")               sari = hf.SARI()
    sari.compute(sources=s, predictions=p, references=r)   # the same call, the same dict

As in ``evaluate``, SARI takes a different number of references per segment, while sacrebleu's
metrics (SacreBLEU, CHRF, TER) need the same number for every prediction and raise a
``ValueError`` (here :class:`~simpeval.exceptions.ReferenceLayoutError`) otherwise.

Examples:
    >>> sari = SARI()
    >>> sari.compute(
    ...     sources=["About 95 species are currently accepted."],
    ...     predictions=["About 95 you now get in."],
    ...     references=[["About 95 species are currently known.",
    ...                  "About 95 species are now accepted.",
    ...                  "95 species are now accepted."]])
    {'sari': 26.953601953601954}
    >>> SacreBLEU().compute(predictions=["hello there general kenobi"], references=[["hello there general kenobi"]])["score"]
    100.00000000000004
"""

from __future__ import annotations

from typing import Any, Optional, Sequence, Union, cast

from .exceptions import InputLengthMismatchError, InvalidInputError, ReferenceLayoutError
from .metrics import References
from .metrics.bleu import BLEU
from .metrics.chrf import CHRF as _CHRF
from .metrics.sari import SARI as _SARI
from .metrics.ter import TER as _TER

__all__ = ["CHRF", "SARI", "TER", "SacreBLEU"]

PerSegment = Sequence[Union[str, Sequence[str]]]


def _per_segment(name: str, predictions: Any, references: Any, same_count: bool) -> list[list[str]]:
    """``references`` as one list per prediction (a bare string is one reference), checked."""
    if isinstance(predictions, str) or not isinstance(predictions, Sequence):
        raise InvalidInputError(f"{name}.compute: predictions must be a list of strings (got {type(predictions).__name__}).")
    if isinstance(references, str) or not isinstance(references, Sequence):
        raise InvalidInputError(
            f"{name}.compute: references must be a list with one list of references (or one string) per "
            f"prediction (got {type(references).__name__})."
        )
    if len(references) != len(predictions):
        raise InputLengthMismatchError(
            f"{name}.compute: predictions and references must have the same length "
            f"({len(predictions)} predictions, {len(references)} references)."
        )
    per_segment = [[refs] if isinstance(refs, str) else list(refs) for refs in references]
    if same_count and len({len(refs) for refs in per_segment}) > 1:
        raise ReferenceLayoutError(
            f"{name}.compute: sacrebleu requires the same number of references for each prediction "
            f"(got {sorted({len(refs) for refs in per_segment})}), as in Hugging Face evaluate."
        )
    return per_segment


class SARI:
    """``evaluate.load("sari")``: ``compute(sources=, predictions=, references=)`` -> ``{"sari": ...}``.

    SARI with the ``hf`` preset (lowercase and 13a, sentence scores averaged, deletion by
    precision), equal to ``evaluate``'s ``sari`` on its golden figures; references may be
    ragged (a different number per segment).
    """

    def __init__(self) -> None:
        self.metric = _SARI("hf")

    def compute(self, *, sources: Sequence[str], predictions: Sequence[str], references: PerSegment) -> dict[str, float]:
        """``{"sari": score}`` on 0-100, as ``evaluate``'s ``sari``."""
        per_segment = _per_segment("SARI", predictions, references, same_count=False)
        if isinstance(sources, str) or not isinstance(sources, Sequence) or len(sources) != len(predictions):
            got = len(sources) if isinstance(sources, Sequence) and not isinstance(sources, str) else type(sources).__name__
            raise InputLengthMismatchError(
                f"SARI.compute: sources length must match predictions and references lengths "
                f"({len(predictions)} predictions, sources: {got})."
            )
        score = self.metric.corpus_score(predictions, References.from_segments(per_segment), sources=sources)
        return {"sari": score.score}


class SacreBLEU:
    """``evaluate.load("sacrebleu")``: ``compute(predictions=, references=, ...)`` -> sacrebleu's BLEU figures."""

    def compute(
        self,
        *,
        predictions: Sequence[str],
        references: PerSegment,
        smooth_method: str = "exp",
        smooth_value: Optional[float] = None,
        force: bool = False,
        lowercase: bool = False,
        tokenize: Optional[str] = None,
        use_effective_order: bool = False,
    ) -> dict[str, Any]:
        """``score``, ``counts``, ``totals``, ``precisions``, ``bp``, ``sys_len``, ``ref_len``."""
        per_segment = _per_segment("SacreBLEU", predictions, references, same_count=True)
        metric = BLEU(
            smooth_method=smooth_method, smooth_value=smooth_value, force=force, lowercase=lowercase,
            tokenize=tokenize, effective_order=use_effective_order,
        )  # fmt: skip
        score = metric.corpus_score(predictions, References.from_segments(per_segment))
        details = score.details
        return {
            "score": score.score,
            "counts": [int(c) for c in cast(tuple[float, ...], details["counts"])],
            "totals": [int(t) for t in cast(tuple[float, ...], details["totals"])],
            "precisions": list(score.breakdown["precisions"]),
            "bp": details["bp"],
            "sys_len": int(cast(float, details["sys_len"])),
            "ref_len": int(cast(float, details["ref_len"])),
        }


class CHRF:
    """``evaluate.load("chrf")``: ``compute(predictions=, references=, ...)`` -> chrF and its settings."""

    def compute(
        self,
        *,
        predictions: Sequence[str],
        references: PerSegment,
        char_order: int = 6,
        word_order: int = 0,
        beta: int = 2,
        lowercase: bool = False,
        whitespace: bool = False,
        eps_smoothing: bool = False,
    ) -> dict[str, Any]:
        """``score``, ``char_order``, ``word_order``, ``beta``."""
        per_segment = _per_segment("CHRF", predictions, references, same_count=True)
        metric = _CHRF(
            char_order=char_order, word_order=word_order, beta=beta, lowercase=lowercase, whitespace=whitespace,
            eps_smoothing=eps_smoothing,
        )  # fmt: skip
        score = metric.corpus_score(predictions, References.from_segments(per_segment))
        return {"score": score.score, "char_order": char_order, "word_order": word_order, "beta": beta}


class TER:
    """``evaluate.load("ter")``: ``compute(predictions=, references=, ...)`` -> TER, edits, reference length."""

    def compute(
        self,
        *,
        predictions: Sequence[str],
        references: PerSegment,
        normalized: bool = False,
        ignore_punct: bool = False,
        support_zh_ja_chars: bool = False,
        case_sensitive: bool = False,
    ) -> dict[str, Any]:
        """``score``, ``num_edits``, ``ref_length``."""
        per_segment = _per_segment("TER", predictions, references, same_count=True)
        metric = _TER(
            normalized=normalized, no_punct=ignore_punct, asian_support=support_zh_ja_chars,
            case_sensitive=case_sensitive,
        )  # fmt: skip
        score = metric.corpus_score(predictions, References.from_segments(per_segment))
        edits = cast(float, score.details["num_edits"])  # a whole number of edits, an int as sacrebleu gives it
        return {"score": score.score, "num_edits": int(edits), "ref_length": score.details["ref_length"]}
