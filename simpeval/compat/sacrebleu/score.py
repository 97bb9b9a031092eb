"""sacrebleu's score objects: :class:`SacrebleuScore`, a :class:`~simpeval.metrics.score.Score` that
reads and prints as sacrebleu's ``BLEUScore``, ``CHRFScore`` and ``TERScore`` do.

sacrebleu's score objects carry their figures as attributes (``bleu.bp``, ``bleu.counts``,
``chrf.beta``, ``ter.num_edits``) and print one line (``BLEU = 27.21 60.0/33.3/20.0/12.5 (BP =
1.000 ...)``). simpeval's :class:`~simpeval.metrics.score.Score` keeps the same figures in
``details``, ``breakdown`` and the signature, and renders no text (:mod:`simpeval.report` does);
the scores of this package (its functions and metric classes) read them back under sacrebleu's
names and types (ints where sacrebleu has ints) and write sacrebleu's line, so code written for
sacrebleu's objects runs unchanged.

Examples:
    >>> from simpeval import BLEU
    >>> b = sacrebleu_score(BLEU().corpus_score(["The cat sat on the mat."], [["The cat is on the mat."]]))
    >>> print(b)
    BLEU = 48.89 85.7/66.7/40.0/25.0 (BP = 1.000 ratio = 1.000 hyp_len = 7 ref_len = 7)
    >>> b.counts, b.sys_len, b.name
    ([6, 4, 2, 1], 7, 'BLEU')
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable
from typing import Any

from ...metrics.score import Score

__all__ = ["BLEUScore", "CHRFScore", "SacrebleuScore", "TERScore", "sacrebleu_score"]


def _detail(name: str, cast: Callable[[Any], Any] = float) -> Callable[[Score], Any]:
    def read(score: Score) -> Any:
        value = score.details[name]
        return [cast(v) for v in value] if isinstance(value, tuple) else cast(value)

    return read


def _number(value: float) -> int | float:
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


def _attribute(score: Score, name: str) -> Any:
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


def _verbose(score: Score) -> str:
    """What sacrebleu prints after the number: BLEU's precisions, brevity penalty and lengths."""
    if "counts" not in score.details or "precisions" not in score.breakdown:
        return ""
    sys_len, ref_len = int(_attribute(score, "sys_len")), int(_attribute(score, "ref_len"))
    ratio = sys_len / ref_len if ref_len else 0
    return (
        f"{_attribute(score, 'prec_str')} (BP = {_attribute(score, 'bp'):.3f} ratio = {ratio:.3f} "
        f"hyp_len = {sys_len:d} ref_len = {ref_len:d})"
    )


def _format(score: Score, width: int, score_only: bool, signature: str, is_json: bool) -> str:
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
    extra = _verbose(score)
    if is_json:
        if extra:
            record["verbose_score"] = extra
        for part in signature.split("|") if signature else []:
            key, _, value = part.partition(":")
            record[key] = value
        return json.dumps(record, indent=1, ensure_ascii=False)
    line = f"{score.metric}|{signature} = {text}" if signature else f"{score.metric} = {text}"
    return f"{line} {extra}" if extra else line


class SacrebleuScore(Score):
    """A :class:`~simpeval.metrics.score.Score` with sacrebleu's attributes and text.

    sacrebleu's attributes read as on sacrebleu's score objects: ``name``, ``bp``, ``counts``,
    ``totals``, ``precisions``, ``sys_len``, ``ref_len``, ``ratio``, ``prec_str`` (BLEU),
    ``char_order``, ``word_order``, ``beta`` (chrF), ``num_edits``, ``ref_length`` (TER);
    :meth:`format`, ``str(score)`` and ``repr(score)`` give sacrebleu's line.
    """

    @property
    def name(self) -> str:
        """The metric's display name (sacrebleu's ``Score.name``); the same as ``metric``."""
        return self.metric

    def __getattr__(self, attribute: str) -> Any:
        """sacrebleu's score attributes (``bp``, ``counts``, ``num_edits``, ...), read from the score."""
        if attribute.startswith("_"):  # never for dunders (pickling, copying) or private names
            raise AttributeError(attribute)
        return _attribute(self, attribute)

    def format(self, width: int = 2, score_only: bool = False, signature: str = "", is_json: bool = False) -> str:
        """The score as sacrebleu prints it (``sacrebleu.metrics.base.Score.format``).

        Args:
            width: decimals.
            score_only: only the number (with the bootstrap mean and half-width, if any).
            signature: a signature string to put after the name (``BLEU|nrefs:1|... = 27.21 ...``).
            is_json: sacrebleu's JSON object instead of the line.
        """
        return _format(self, width, score_only, signature, is_json)

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        """sacrebleu's line, as sacrebleu's ``Score.__repr__`` (a notebook cell shows what ``print`` shows)."""
        return self.format()


class BLEUScore(SacrebleuScore):
    """``sacrebleu.metrics.bleu.BLEUScore``: what BLEU's methods return (``isinstance`` checks pass)."""


class CHRFScore(SacrebleuScore):
    """``sacrebleu.metrics.chrf.CHRFScore``: what chrF's methods return."""


class TERScore(SacrebleuScore):
    """``sacrebleu.metrics.ter.TERScore``: what TER's methods return."""


def _score_class(metric: str) -> type[SacrebleuScore]:
    if metric == "BLEU":
        return BLEUScore
    if metric == "TER":
        return TERScore
    return CHRFScore if metric.startswith("chrF") else SacrebleuScore


def sacrebleu_score(score: Score) -> SacrebleuScore:
    """``score`` as sacrebleu's score class of its metric (:class:`BLEUScore`, :class:`CHRFScore`,
    :class:`TERScore`), with the same fields."""
    cls = _score_class(score.metric)
    if isinstance(score, cls):
        return score
    return cls(**{f.name: getattr(score, f.name) for f in dataclasses.fields(score)})
