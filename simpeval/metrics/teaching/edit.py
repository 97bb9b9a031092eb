"""Levenshtein edit distance as NLTK computes it (``nltk.edit_distance``), with its alignment.

:class:`EditDistance` counts edits at the word or character level; :mod:`.edit_rates` builds
WER and PEM on the same distance. The distance is NLTK's own function, the alignment NLTK's
``edit_distance_align`` turned into a list of :class:`EditOp`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from ... import _citations
from ..._types import StatsArray
from ..._validate import check_int
from ...exceptions import InvalidOptionError
from ..options import option
from ..score import Score
from ..signature import Signature
from ._common import CASE, TeachingMetric, check_bool, check_stats

__all__ = ["EditDistance", "EditDistanceConfig", "EditMetric", "EditOp", "align"]

Units = str | Sequence[str]


class EditOp(NamedTuple):
    """One step of an alignment that turns the hypothesis into the reference.

    Attributes:
        op: ``"match"``, ``"substitute"``, ``"delete"`` (a hypothesis unit the reference lacks)
            or ``"insert"`` (a reference unit the hypothesis lacks).
        hypothesis: the hypothesis word or character (``None`` for an insertion).
        reference: the reference word or character (``None`` for a deletion).
    """

    op: str
    hypothesis: str | None
    reference: str | None


def align(hypothesis: Units, reference: Units, substitution_cost: int = 1) -> list[EditOp]:
    """NLTK's ``edit_distance_align(hypothesis, reference)`` as a list of operations.

    NLTK's backtrace prefers, among alignments of minimal cost, a substitution (or match), then
    skipping a hypothesis unit, then skipping a reference unit, walking from the end.

    Examples:
        >>> [op.op[0] for op in align("rain", "shine")]
        ['s', 's', 'm', 'm', 'i']
    """
    from nltk.metrics.distance import edit_distance_align

    path = edit_distance_align(hypothesis, reference, substitution_cost=substitution_cost)
    ops = []
    for (i0, j0), (i1, j1) in zip(path, path[1:]):
        if i1 == i0 + 1 and j1 == j0 + 1:
            same = hypothesis[i0] == reference[j0]
            ops.append(EditOp("match" if same else "substitute", hypothesis[i0], reference[j0]))
        elif i1 == i0 + 1:
            ops.append(EditOp("delete", hypothesis[i0], None))
        else:
            ops.append(EditOp("insert", None, reference[j0]))
    return ops


class EditMetric(TeachingMetric):
    """Shared parts of :class:`EditDistance`, ``WER`` and ``PEM``: units, distance, alignment."""

    _level: str = "word"
    _substitution_cost: int = 1
    _transpositions: bool = False

    def _units(self, text: str) -> Units:
        return self._tokens(text) if self._level == "word" else self._text(text)

    def _distance(self, hyp: Units, ref: Units) -> int:
        from nltk.metrics.distance import edit_distance

        distance: int = edit_distance(
            hyp, ref, substitution_cost=self._substitution_cost, transpositions=self._transpositions
        )
        return distance

    def alignment(self, hypothesis: str, reference: str) -> list[EditOp]:
        """How the hypothesis becomes the reference, unit by unit (words or characters).

        The operations are NLTK's ``edit_distance_align`` on the metric's units (see
        :func:`align`); their cost (1 per insertion and deletion, the substitution cost per
        substitution) is the metric's edit distance.

        Raises:
            InvalidOptionError: the metric allows transpositions, which NLTK's alignment does not.
        """
        if self._transpositions:
            raise InvalidOptionError(
                f"{self.name}: alignment() follows nltk.edit_distance_align, which has no transpositions; "
                "use a metric with transpositions=False."
            )
        return align(self._units(hypothesis), self._units(reference), self._substitution_cost)

    def _closest(self, hypothesis: str, references: list[str]) -> tuple[int, int, int]:
        """``(distance, hypothesis length, reference length)`` of the closest reference (first of equals)."""
        hyp = self._units(hypothesis)
        candidates = [(self._distance(hyp, ref), len(hyp), len(ref)) for ref in map(self._units, references)]
        return min(candidates, key=lambda candidate: candidate[0])


@dataclass(frozen=True)
class EditDistanceConfig:
    """Options of :class:`EditDistance`, NLTK's arguments of ``edit_distance`` (each field declares
    its default, help and signature key: :func:`~simpeval.metrics.options.option`)."""

    level: str = option(
        "word", help="Units: word (tokens) or char (the characters of the text).", choices=("word", "char"),
        signature=("level", "lv"),
    )  # fmt: skip
    substitution_cost: int = option(1, help="Cost of a substitution (NLTK's).", minimum=0, signature=("sub", "sub"))
    transpositions: bool = option(
        False, help="Count a swap of two adjacent units as one edit.", signature=("trans", "tr")
    )
    lowercase: bool = option(False, help="Lowercase first.", choices=CASE, signature=("case", "c"))
    tokenize: str | None = option(
        None, help="Word-level tokenizer (default: whitespace, str.split); none at the char level.",
        signature=("tok", "tok"),
    )  # fmt: skip

    def __post_init__(self) -> None:
        if self.level not in ("word", "char"):
            raise InvalidOptionError(f"EditDistance: level must be 'word' or 'char' (got {self.level!r}).")
        check_int(self.substitution_cost, "EditDistance: substitution_cost", minimum=0)
        object.__setattr__(self, "transpositions", check_bool("EditDistance", "transpositions", self.transpositions))
        if self.level == "char" and self.tokenize is not None:
            raise InvalidOptionError(
                f"EditDistance: tokenize applies to level='word' only (got tokenize={self.tokenize!r} with level='char')."
            )


class EditDistance(EditMetric):
    """NLTK's ``edit_distance`` between hypothesis and reference: a count of edits, lower is better.

    ``sentence_score(h, [r])`` is ``nltk.edit_distance(h.split(), r.split())`` (word level) or
    ``nltk.edit_distance(h, r)`` (character level), with NLTK's ``substitution_cost`` and
    ``transpositions``. The score is a count, not a 0-100 figure. With several references a
    segment takes the **minimum** distance over its references (the first of equals); the
    corpus score is the **sum** over segments. A row is ``[edits, hyp_len, ref_len]`` (the
    lengths of the hypothesis and of the closest reference in units), all additive.
    :meth:`~EditMetric.alignment` shows the operations.

    Args:
        level: ``"word"`` or ``"char"``.
        substitution_cost: NLTK's ``substitution_cost``.
        transpositions: NLTK's ``transpositions``.
        lowercase: lowercase first.
        tokenize: word-level tokenizer (default ``"whitespace"``, i.e. ``str.split``).

    Examples:
        >>> EditDistance(level="char").sentence_score("rain", ["shine"]).score  # NLTK's docstring
        3.0
        >>> EditDistance().corpus_score(["the cat sat", "a dog"], [["the cat sat down", "the dog"]]).score
        2.0
        >>> [tuple(op) for op in EditDistance().alignment("the cat sat", "the dog sat down")]
        [('match', 'the', 'the'), ('substitute', 'cat', 'dog'), ('match', 'sat', 'sat'), ('insert', None, 'down')]
    """

    name: ClassVar[str] = "EditDistance"
    higher_is_better: ClassVar[bool] = False
    requires_source: ClassVar[bool] = False
    citation: ClassVar[str] = _citations.LEVENSHTEIN_1966 + "\n" + _citations.DAMERAU_1964 + "\n" + _citations.BIRD_2009
    config_class: ClassVar[type[EditDistanceConfig]] = EditDistanceConfig
    signature_order: ClassVar[tuple[str, ...]] = ("level", "case", "tok", "sub", "trans", "nltk")
    config: EditDistanceConfig

    def _setup(self) -> None:
        self._level = self.config.level
        self._substitution_cost = self.config.substitution_cost
        self._transpositions = self.config.transpositions
        word = self._level == "word"
        self._set_text_options(self.config.lowercase, (self.config.tokenize or "whitespace") if word else None)

    def signature_field(self, key: str) -> Any:
        """``tok`` is the tokenizer at the word level (``whitespace`` by default), none at the char level."""
        if key == "tok":
            return self.tokenizer_name if self._tokenizer is not None else None
        return super().signature_field(key)

    def extract_stats(
        self, hypotheses: list[str], references: list[list[str]], sources: list[str] | None
    ) -> StatsArray:
        """``[edits, hyp_len, ref_len]`` per segment, for the closest reference."""
        self._require_references(references)
        rows = [[float(x) for x in self._closest(h, refs)] for h, refs in zip(hypotheses, references)]
        return self._stack(rows, 3)

    def score_from_stats(self, stats: StatsArray, signature: Signature | None = None) -> Score:
        """The summed edit count; ``details`` holds ``edits``, ``hyp_len`` and ``ref_len``."""
        edits, hyp_len, ref_len = check_stats(stats, 3, self.name)
        return Score(
            metric=self.name,
            score=edits,
            signature=signature if signature is not None else self.get_signature(),
            details={"edits": edits, "hyp_len": hyp_len, "ref_len": ref_len},
        )
