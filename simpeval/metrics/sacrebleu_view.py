"""A :class:`~simpeval.metrics.score.Score` seen as sacrebleu's score objects: attributes and text.

sacrebleu's ``BLEUScore``, ``CHRFScore`` and ``TERScore`` carry their figures as attributes
(``bleu.bp``, ``bleu.counts``, ``chrf.beta``, ``ter.num_edits``) and print one line
(``BLEU = 27.21 60.0/33.3/20.0/12.5 (BP = 1.000 ...)``). simpeval's :class:`Score` keeps the same
figures in ``details``, ``breakdown`` and the signature; this module reads them back under
sacrebleu's names and types (ints where sacrebleu has ints) and writes sacrebleu's line, so code
written for sacrebleu's objects runs unchanged.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any, Optional, Protocol, Union

from .signature import Signature


class _Interval(Protocol):
    @property
    def low(self) -> float: ...
    @property
    def high(self) -> float: ...
    @property
    def mean(self) -> float: ...


class Score(Protocol):
    """What this module reads of a :class:`~simpeval.metrics.score.Score` (which imports it)."""

    @property
    def metric(self) -> str: ...
    @property
    def score(self) -> float: ...
    @property
    def signature(self) -> Signature: ...
    @property
    def breakdown(self) -> Mapping[str, tuple[float, ...]]: ...
    @property
    def details(self) -> Mapping[str, Union[float, tuple[float, ...]]]: ...
    @property
    def ci(self) -> Optional[_Interval]: ...


__all__ = ["attribute", "format_score", "verbose"]


def _detail(name: str, cast: Callable[[Any], Any] = float) -> Callable[[Score], Any]:
    def read(score: Score) -> Any:
        value = score.details[name]
        return [cast(v) for v in value] if isinstance(value, tuple) else cast(value)

    return read


def _number(value: float) -> Union[int, float]:
    """An int where sacrebleu has one (every count, except with fractional ``add-k`` smoothing)."""
    return int(value) if float(value).is_integer() else float(value)


def _precisions(score: Score) -> list[float]:
    return list(score.breakdown["precisions"])


def _chrf_setting(key: str) -> Callable[[Score], int]:
    def read(score: Score) -> int:
        return int(score.signature[key])

    return read


def _beta(score: Score) -> int:
    match = re.fullmatch(r"chrF(\d+)\+*", score.metric)
    if match is None:
        raise KeyError("beta")
    return int(match.group(1))


#: sacrebleu's attribute name -> how to read it from a Score.
_ATTRIBUTES: dict[str, Callable[[Score], Any]] = {
    "bp": _detail("bp"),
    "ratio": _detail("ratio"),
    "counts": _detail("counts", _number),
    "totals": _detail("totals", _number),
    "precisions": _precisions,
    "prec_str": lambda score: "/".join(f"{p:.1f}" for p in _precisions(score)),
    "num_edits": _detail("num_edits", int),
    "ref_length": _detail("ref_length"),
    "char_order": _chrf_setting("nc"),
    "word_order": _chrf_setting("nw"),
    "beta": _beta,
}


def attribute(score: Score, name: str) -> Any:
    """sacrebleu's attribute ``name`` of ``score``.

    ``sys_len`` and ``ref_len`` are BLEU's (ints); TER's reference length is ``ref_length``.

    Raises:
        AttributeError: ``score`` has no such figure (the metric does not compute it).
    """
    if name in ("sys_len", "ref_len") and name in score.details:
        return int(score.details[name])  # type: ignore[arg-type]
    read = _ATTRIBUTES.get(name)
    try:
        if read is None:
            raise KeyError(name)
        return read(score)
    except KeyError:
        raise AttributeError(f"{score.metric} score has no attribute {name!r}") from None


def verbose(score: Score) -> str:
    """What sacrebleu prints after the number: BLEU's precisions, brevity penalty and lengths."""
    if "counts" not in score.details or "precisions" not in score.breakdown:
        return ""
    sys_len, ref_len = int(attribute(score, "sys_len")), int(attribute(score, "ref_len"))
    ratio = sys_len / ref_len if ref_len else 0
    return (
        f"{attribute(score, 'prec_str')} (BP = {attribute(score, 'bp'):.3f} ratio = {ratio:.3f} "
        f"hyp_len = {sys_len:d} ref_len = {ref_len:d})"
    )


def format_score(score: Score, width: int, score_only: bool, signature: str, is_json: bool) -> str:
    """sacrebleu's ``Score.format``: ``NAME[|signature] = SCORE [(μ = MEAN ± CI)] [VERBOSE]``."""
    signature = signature.removeprefix(f"{score.metric}|")  # simpeval's str(signature) names the metric
    text = f"{score.score:.{width}f}"
    record: dict[str, Any] = {"name": score.metric, "score": float(text), "signature": signature}
    if score.ci is not None and score.ci.mean > 0:
        mean, half = f"{score.ci.mean:.{width}f}", f"{0.5 * (score.ci.high - score.ci.low):.{width}f}"
        text += f" (μ = {mean} ± {half})"
        record.update(confidence_mean=float(mean), confidence_var=float(half), confidence=f"μ = {mean} ± {half}")
    if score_only:
        return text
    extra = verbose(score)
    if is_json:
        if extra:
            record["verbose_score"] = extra
        for part in signature.split("|") if signature else []:
            key, _, value = part.partition(":")
            record[key] = value
        return json.dumps(record, indent=1, ensure_ascii=False)
    line = f"{score.metric}|{signature} = {text}" if signature else f"{score.metric} = {text}"
    return f"{line} {extra}" if extra else line
