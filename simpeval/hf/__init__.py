"""Hugging Face ``evaluate``'s call shape: ``load(name)``, then ``.compute(predictions=, references=, ...)``.

The migration path from ``evaluate.load("sari")``, ``"sacrebleu"``, ``"chrf"``, ``"ter"``,
``"bleu"``, ``"google_bleu"``, ``"wer"``, ``"cer"`` and ``"bertscore"``: replace
``evaluate.load`` by :func:`load` (or one of these classes) and keep the call. They take references per
segment (``references[i]`` = the references of prediction ``i``, or one string per
prediction), accept the same keyword options, and return the same dict, keys and numbers,
computed by simpeval's metrics (``SARI("hf")``; sacrebleu's through :mod:`simpeval.compat.sacrebleu`,
called as ``evaluate``'s modules call sacrebleu)::

    # before                                   # after
    import evaluate                            from simpeval import hf
    sari = evaluate.load("sari")               sari = hf.load("sari")   # or hf.SARI()
    sari.compute(sources=s, predictions=p, references=r)   # the same call, the same dict

As in ``evaluate``, inputs can also be accumulated first, ``add(prediction=, reference=)`` or
``add_batch(predictions=, references=)`` (SARI: ``sources=`` too), then scored together by
``compute()``, which empties the stack; they may be lists, tuples, NumPy arrays or pandas
Series. SARI takes a different number of references per segment, while sacrebleu's metrics
(SacreBLEU, CHRF, TER) need the same number for every prediction. Errors are ``ValueError``
where ``evaluate`` raises one: inputs missing or unknown, columns of different lengths, values
that are not strings (:class:`~simpeval.exceptions.InvalidValueError`), and ragged references
(:class:`~simpeval.exceptions.ReferenceLayoutError`).

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
    >>> load("wer").compute(predictions=["this is the prediction", "there is an other sample"],
    ...                     references=["this is the reference", "there is another one"])
    0.5
    >>> chrf = CHRF()
    >>> for prediction, reference in [("a good cat", ["a good cat"]), ("a dog", ["the dog"])]:
    ...     chrf.add(prediction=prediction, reference=reference)
    >>> round(chrf.compute()["score"], 4)
    74.6616
"""

from __future__ import annotations

from typing import Any

from ..exceptions import InvalidOptionError, UnknownMetricError
from ._bertscore import BERTScore
from ._bleu import BLEU, GoogleBLEU
from ._module import EvaluationModule
from ._sacrebleu import CHRF, TER, SacreBLEU
from ._sari import SARI
from ._wer import CER, WER

__all__ = [
    "BLEU",
    "CER",
    "CHRF",
    "METRICS",
    "SARI",
    "TER",
    "WER",
    "BERTScore",
    "EvaluationModule",
    "GoogleBLEU",
    "SacreBLEU",
    "load",
]

#: The ``evaluate.load`` names simpeval offers, and their classes.
METRICS: dict[str, type[EvaluationModule]] = {
    "sari": SARI,
    "sacrebleu": SacreBLEU,
    "chrf": CHRF,
    "ter": TER,
    "bleu": BLEU,
    "google_bleu": GoogleBLEU,
    "wer": WER,
    "cer": CER,
    "bertscore": BERTScore,
}

# evaluate.load's arguments that say where and how to load a module, not what it computes.
_LOADING = frozenset(
    {
        "module_type", "config_name", "process_id", "num_process", "cache_dir", "experiment_id",
        "keep_in_memory", "download_config", "download_mode", "revision", "trust_remote_code", "storage_options",
    }
)  # fmt: skip


def load(path: str, config_name: str | None = None, module_type: str | None = None, **kwargs: Any) -> Any:
    """``evaluate.load(path)``: a new module of metric ``path`` (a name of :data:`METRICS`, also as
    ``"evaluate-metric/<name>"``), whose ``compute()`` returns what ``evaluate``'s returns.

    ``evaluate``'s loading arguments (``cache_dir``, ``experiment_id``, ``keep_in_memory``, ...)
    are accepted and change nothing; ``config_name`` may only be ``None`` or ``"default"`` and
    ``module_type`` ``None`` or ``"metric"`` (no metric here has another configuration).

    Raises:
        UnknownMetricError: no metric of that name (the message lists them).
        InvalidOptionError: an argument ``evaluate.load`` does not take, or a configuration these lack.

    Examples:
        >>> load("bleu").compute(predictions=["hello there general kenobi"], references=[["hello there general kenobi"]])["bleu"]
        1.0
        >>> type(load("evaluate-metric/sari")).__name__
        'SARI'
    """
    name = path.removeprefix("evaluate-metric/") if isinstance(path, str) else path
    if name not in METRICS:
        raise UnknownMetricError(
            f"hf.load: no metric {path!r} here; simpeval.hf offers {', '.join(METRICS)} (evaluate.load's names)."
        )
    unknown = sorted(set(kwargs) - _LOADING)
    if unknown:
        raise InvalidOptionError(
            f"hf.load: unexpected argument(s) {', '.join(unknown)} (evaluate.load's are {', '.join(sorted(_LOADING))})."
        )
    if config_name not in (None, "default") or module_type not in (None, "metric"):
        raise InvalidOptionError(
            f"hf.load: {name} has one configuration, the default (got config_name={config_name!r}, "
            f"module_type={module_type!r})."
        )
    return METRICS[name]()
