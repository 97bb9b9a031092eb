"""The parts every ``simpeval.hf`` metric shares: ``evaluate``'s input checks and its
``add``/``add_batch``/``compute`` stack (:class:`~simpeval.hf.EvaluationModule`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from ..exceptions import InputLengthMismatchError, InvalidValueError, ReferenceLayoutError


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


class EvaluationModule:
    """``evaluate``'s ``EvaluationModule`` call shape: ``add``, ``add_batch``, ``compute``; the base of
    every ``simpeval.hf`` metric (what :func:`~simpeval.hf.load` returns is one).

    Inputs accumulate in this object (not thread-safe while accumulating, like ``evaluate``'s
    modules); ``compute`` scores everything added (plus its own arguments) and starts afresh once it
    has succeeded. A ``compute`` that raises (a bad option, a typo'd keyword, ragged references)
    keeps what ``add``/``add_batch`` accumulated, as ``evaluate`` does, and not its own arguments, so
    that the corrected call scores the same data.
    """

    name: ClassVar[str]
    #: The input columns, as ``evaluate``'s features (SARI adds ``sources``).
    inputs: ClassVar[tuple[str, ...]] = ("predictions", "references")
    #: Whether a prediction's references may be a list (WER and CER take one string each).
    nested_references: ClassVar[bool] = True

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
        nested = {"references": self.nested_references}
        checked = {c: _strings(self.name, c, batch[c], nested=nested.get(c, False)) for c in self.inputs}
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

    def compute(self, *, predictions: Any = None, references: Any = None, **kwargs: Any) -> Any:
        """Score everything added so far plus the inputs given here; the options go to the metric.

        Returns what ``evaluate``'s module returns: a dict (a float for WER and CER)."""
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
    _compute: Callable[..., Any]
