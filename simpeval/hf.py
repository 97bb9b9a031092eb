"""Hugging Face ``evaluate``'s call shape: ``.compute(predictions=, references=, ...)`` -> dict.

The migration path from ``evaluate.load("sari")``, ``"sacrebleu"``, ``"chrf"`` and ``"ter"``:
replace the ``load`` by one of these classes and keep the call. They take references per
segment (``references[i]`` = the references of prediction ``i``, or one string per
prediction), accept the same keyword options, and return the same dict, keys and numbers,
computed by simpeval's metrics (``SARI("hf")``; sacrebleu's through :mod:`simpeval.compat.sacrebleu`,
called as ``evaluate``'s modules call sacrebleu)::

    # before                                   # after
    import evaluate                            from simpeval import hf
    sari = evaluate.load("sari")               sari = hf.SARI()
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
    >>> chrf = CHRF()
    >>> for prediction, reference in [("a good cat", ["a good cat"]), ("a dog", ["the dog"])]:
    ...     chrf.add(prediction=prediction, reference=reference)
    >>> round(chrf.compute()["score"], 4)
    74.6616
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from .compat import sacrebleu
from .exceptions import InputLengthMismatchError, InvalidValueError, ReferenceLayoutError
from .metrics import References, get_metric
from .metrics.sari import SARI as _SARI

__all__ = ["CHRF", "SARI", "TER", "BERTScore", "SacreBLEU"]

#: bert_score's model for a language when no model_type is given (``lang2model``), as ``evaluate`` picks it.
_LANG_MODELS = {"en": "roberta-large", "zh": "bert-base-chinese", "tr": "dbmdz/bert-base-turkish-cased"}
_LANG_MODELS["en-sci"] = "allenai/scibert_scivocab_uncased"
_MULTILINGUAL = "bert-base-multilingual-cased"


def _as_list(value: Any) -> Any:
    """A list from a list, tuple, NumPy array or pandas Series (their ``tolist()``); else as given."""
    if hasattr(value, "tolist") and not isinstance(value, str):
        return value.tolist()
    return list(value) if isinstance(value, (tuple, list)) else value


def _strings(name: str, column: str, values: Any, nested: bool) -> list[Any]:
    """``values`` as a list of strings (``nested``: of strings or lists of strings), else a ``ValueError``."""
    items = _as_list(values)
    if isinstance(items, list):
        items = [_as_list(item) if nested else item for item in items]
        if all(
            isinstance(i, str) or (nested and isinstance(i, list) and all(isinstance(r, str) for r in i)) for i in items
        ):
            return items
    expected = "a list of strings, or of lists of strings" if nested else "a list of strings"
    raise InvalidValueError(
        f"{name}: {column} don't match the expected format: {expected} (a list, tuple, NumPy array or pandas "
        f"Series), as Hugging Face evaluate expects (got {type(values).__name__}: {_summary(values)})."
    )


def _summary(values: Any) -> str:
    text = repr(values)
    return text if len(text) <= 80 else text[:77] + "..."


def _per_segment(name: str, predictions: list[str], references: list[Any], same_count: bool) -> list[list[str]]:
    """``references`` as one list per prediction (a bare string is one reference), checked."""
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


def _streams(name: str, predictions: list[str], references: list[Any]) -> list[tuple[str, ...]]:
    """sacrebleu's reference streams (``streams[j][i]``) of references given per prediction, as
    ``evaluate``'s sacrebleu modules transpose them (the same number for every prediction)."""
    return list(zip(*_per_segment(name, predictions, references, same_count=True)))


class _Module:
    """``evaluate``'s ``EvaluationModule`` call shape: ``add``, ``add_batch``, ``compute``.

    Inputs accumulate in this object (not thread-safe while accumulating, like ``evaluate``'s
    modules); ``compute`` scores everything added (plus its own arguments) and starts afresh once it
    has succeeded. A ``compute`` that raises (a bad option, a typo'd keyword, ragged references)
    keeps what ``add``/``add_batch`` accumulated, as ``evaluate`` does, and not its own arguments, so
    that the corrected call scores the same data.
    """

    name: ClassVar[str]
    #: The input columns, as ``evaluate``'s features (SARI adds ``sources``).
    inputs: ClassVar[tuple[str, ...]] = ("predictions", "references")

    def __init__(self) -> None:
        self._stack: dict[str, list[Any]] = {column: [] for column in self.inputs}

    def _check_names(self, given: Sequence[str]) -> None:
        bad = [column for column in given if column not in self.inputs]
        if bad:
            raise InvalidValueError(
                f"{self.name}: bad inputs for evaluation module: {bad}. All required inputs are {list(self.inputs)}."
            )

    def add_batch(self, *, predictions: Any = None, references: Any = None, **columns: Any) -> None:
        """Add a batch: one value per prediction in every input column."""
        self._check_names(list(columns))
        batch = {"predictions": predictions, "references": references, **columns}
        missing = [column for column in self.inputs if batch.get(column) is None]
        if missing:
            raise InvalidValueError(
                f"{self.name}: evaluation module inputs are missing: {missing}. All required inputs are "
                f"{list(self.inputs)}."
            )
        checked = {c: _strings(self.name, c, batch[c], nested=c == "references") for c in self.inputs}
        lengths = {column: len(values) for column, values in checked.items()}
        if len(set(lengths.values())) > 1:
            first, *others = lengths
            bad = next(c for c in others if lengths[c] != lengths[first])
            raise InputLengthMismatchError(
                f"{self.name}: mismatch in the number of {first} ({lengths[first]}) and {bad} ({lengths[bad]})."
            )
        for column, values in checked.items():
            self._stack[column].extend(values)

    def add(self, *, prediction: Any = None, reference: Any = None, **columns: Any) -> None:
        """Add one prediction with its reference(s) (SARI: ``sources=`` its source)."""
        self._check_names(list(columns))
        example = {"predictions": prediction, "references": reference, **columns}
        self.add_batch(**{column: [value] for column, value in example.items() if value is not None})

    def compute(self, *, predictions: Any = None, references: Any = None, **kwargs: Any) -> dict[str, Any]:
        """Score everything added so far plus the inputs given here; the options go to the metric."""
        given = {"predictions": predictions, "references": references, **kwargs}
        inputs = {column: given.get(column) for column in self.inputs}
        options = {key: value for key, value in kwargs.items() if key not in self.inputs}
        added = {column: list(values) for column, values in self._stack.items()}  # kept if this call fails
        try:
            if any(value is not None for value in inputs.values()):
                self.add_batch(**inputs)
            if not self._stack["predictions"]:
                raise InvalidValueError(
                    f"{self.name}: nothing to compute: give {', '.join(f'{c}=' for c in self.inputs)} or add() "
                    "them first."
                )
            result = self._compute(**self._stack, **options)
        except BaseException:
            self._stack = added
            raise
        self._stack = {column: [] for column in self.inputs}
        return result

    #: Each metric's scoring of the input columns, with its options (keyword arguments).
    _compute: Callable[..., dict[str, Any]]


class SARI(_Module):
    """``evaluate.load("sari")``: ``compute(sources=, predictions=, references=)`` -> ``{"sari": ...}``.

    SARI with the ``hf`` preset (lowercase and 13a, sentence scores averaged, deletion by
    precision), equal to ``evaluate``'s ``sari`` on its golden figures; references may be
    ragged (a different number per segment).
    """

    name = "SARI"
    inputs = ("sources", "predictions", "references")

    def __init__(self) -> None:
        super().__init__()
        self.metric = _SARI("hf")

    def _compute(self, *, sources: list[str], predictions: list[str], references: list[Any]) -> dict[str, Any]:
        per_segment = _per_segment(self.name, predictions, references, same_count=False)
        score = self.metric.corpus_score(predictions, References.from_segments(per_segment), sources=sources)
        return {"sari": score.score}


class SacreBLEU(_Module):
    """``evaluate.load("sacrebleu")``: ``compute(predictions=, references=, ...)`` -> sacrebleu's BLEU figures
    (``score``, ``counts``, ``totals``, ``precisions``, ``bp``, ``sys_len``, ``ref_len``)."""

    name = "SacreBLEU"

    def _compute(
        self,
        *,
        predictions: list[str],
        references: list[Any],
        smooth_method: str = "exp",
        smooth_value: float | None = None,
        force: bool = False,
        lowercase: bool = False,
        tokenize: str | None = None,
        use_effective_order: bool = False,
    ) -> dict[str, Any]:
        # evaluate's module calls sacrebleu.corpus_bleu with these arguments (tokenize only when given)
        options = (smooth_method, smooth_value, force, lowercase, tokenize or "13a", use_effective_order)
        score = sacrebleu.corpus_bleu(predictions, _streams(self.name, predictions, references), *options)
        return {
            key: getattr(score, key) for key in ("score", "counts", "totals", "precisions", "bp", "sys_len", "ref_len")
        }


class CHRF(_Module):
    """``evaluate.load("chrf")``: ``compute(predictions=, references=, ...)`` -> chrF and its settings
    (``score``, ``char_order``, ``word_order``, ``beta``)."""

    name = "CHRF"

    def _compute(
        self,
        *,
        predictions: list[str],
        references: list[Any],
        char_order: int = 6,
        word_order: int = 0,
        beta: int = 2,
        lowercase: bool = False,
        whitespace: bool = False,
        eps_smoothing: bool = False,
    ) -> dict[str, Any]:
        # evaluate's module scores with sacrebleu.CHRF(these options).corpus_score
        metric = sacrebleu.CHRF(char_order, word_order, beta, lowercase, whitespace, eps_smoothing)
        score = metric.corpus_score(predictions, _streams(self.name, predictions, references))
        return {"score": score.score, "char_order": char_order, "word_order": word_order, "beta": beta}


class TER(_Module):
    """``evaluate.load("ter")``: ``compute(predictions=, references=, ...)`` -> TER, edits, reference length
    (``score``, ``num_edits``, ``ref_length``)."""

    name = "TER"

    def _compute(
        self,
        *,
        predictions: list[str],
        references: list[Any],
        normalized: bool = False,
        ignore_punct: bool = False,
        support_zh_ja_chars: bool = False,
        case_sensitive: bool = False,
    ) -> dict[str, Any]:
        # evaluate's module scores with sacrebleu.TER(these options, renamed).corpus_score
        metric = sacrebleu.TER(normalized, ignore_punct, support_zh_ja_chars, case_sensitive)
        score = metric.corpus_score(predictions, _streams(self.name, predictions, references))
        return {"score": score.score, "num_edits": score.num_edits, "ref_length": score.ref_length}


class BERTScore(_Module):
    """``evaluate.load("bertscore")``: ``compute(predictions=, references=, lang= or model_type=, ...)`` ->
    bert_score's lists (``precision``, ``recall``, ``f1``: one value per prediction, on 0-1) and its
    ``hashcode``, computed by :class:`~simpeval.metrics.learned.bertscore.BERTScore` (``learned`` extra).

    The metric of each option set is kept between calls, so are its references' embeddings.
    ``verbose`` and ``nthreads`` are accepted and change nothing; ``all_layers`` and
    ``use_fast_tokenizer`` are not supported (an error).
    """

    name = "BERTScore"

    def __init__(self) -> None:
        super().__init__()
        self._metrics: dict[tuple[Any, ...], Any] = {}

    def _compute(
        self,
        *,
        predictions: list[str],
        references: list[Any],
        lang: str | None = None,
        model_type: str | None = None,
        num_layers: int | None = None,
        verbose: bool = False,
        idf: bool = False,
        device: str | None = None,
        batch_size: int = 64,
        nthreads: int = 4,
        all_layers: bool = False,
        rescale_with_baseline: bool = False,
        baseline_path: str | None = None,
        use_fast_tokenizer: bool = False,
    ) -> dict[str, Any]:
        if all_layers or use_fast_tokenizer:
            raise InvalidValueError(f"{self.name}.compute: all_layers and use_fast_tokenizer are not supported.")
        if model_type is None:
            if lang is None:
                raise InvalidValueError(
                    f"{self.name}.compute: either 'lang' (e.g. 'en') or 'model_type' (e.g. 'roberta-large') must be specified."
                )
            model_type = _LANG_MODELS.get(lang.lower(), _MULTILINGUAL)
        options = (model_type, num_layers, idf, rescale_with_baseline, lang, baseline_path, batch_size, device)
        if options not in self._metrics:
            self._metrics[options] = get_metric(
                "bertscore",
                model_type=model_type,
                num_layers=num_layers,
                idf=idf,
                rescale_with_baseline=rescale_with_baseline,
                lang=lang,
                baseline_path=baseline_path,
                batch_size=batch_size,
                device=device,
            )
        metric = self._metrics[options]
        per_segment = _per_segment(self.name, predictions, references, same_count=False)
        rows = metric.corpus_stats(predictions, References.from_segments(per_segment)) / 100
        return {
            "precision": rows[:, 0].tolist(),
            "recall": rows[:, 1].tolist(),
            "f1": rows[:, 2].tolist(),
            "hashcode": metric.hash,
        }
