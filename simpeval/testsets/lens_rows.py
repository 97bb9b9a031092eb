"""The rows of LENS's SimpEval judgments (Maddela et al., 2023): one frozen dataclass per file.

Each class's fields are its CSV's columns, typed, in file order (``CSV_COLUMNS`` names the
columns where a field name cannot spell them, as ``Input.id``); :func:`simpeval.testsets.load_human_ratings`
reads the files into them and :mod:`simpeval.testsets.lens_ratings` has one loader per set.

* ``simpeval-2022`` (:class:`SimpEval2022Rating`): one row per output, its 3 ratings and their
  z-scores, and the simplification type;
* ``simpeval-past`` (:class:`SimpEvalPastRating`): one row per output, 5 ratings and z-scores;
* ``simpda-2022``, ``simplikert-2022`` (:class:`SimpWorkerRating`): one row per crowd worker and
  output, that worker's adequacy, fluency and simplicity.

What the files hold, checked by the tests: no empty cell in any of them (an empty answer would be a
format error, not a missing rating); no output rated twice by one worker; in ``simpeval-past``
identical outputs of different systems are rated separately (137 sources have such outputs), so
they are kept apart.

Examples:
    >>> import dataclasses
    >>> [f.name for f in dataclasses.fields(SimpWorkerRating)][:3]
    ['worker_id', 'input_id', 'original']
    >>> SimpWorkerRating.CSV_COLUMNS[:2]
    ('WorkerId', 'Input.id')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

__all__ = ["LENS_ROW_TYPES", "SimpEval2022Rating", "SimpEvalPastRating", "SimpWorkerRating"]


@dataclass(frozen=True)
class SimpEval2022Rating:
    """One output of SimpEval_2022 with its three ratings (``data/simpeval_2022.csv``).

    Attributes:
        original_id: the source's number (0-59); not a line of ``simpeval-2022-refs``, whose
            line of the source :mod:`simpeval.metaeval.lens_sets` finds by its text.
        original: the source sentence.
        generation: the rated output.
        system: GPT-3-zero-shot, GPT-3-few-shot, Muss, T5-3B, Human 1 Writing or Human 2 Writing.
        sentence_type: the simplification type: ``Deletions``, ``Paraphrases`` or ``Splittings``.
        rating_1, rating_2, rating_3: the three annotators' ratings, 0-100.
        rating_1_zscore, rating_2_zscore, rating_3_zscore: the same, standardised by the authors
            per annotator (``rating_k`` is a position, not one annotator throughout the file).
    """

    original_id: int
    original: str
    generation: str
    system: str
    sentence_type: str
    rating_1: float
    rating_2: float
    rating_3: float
    rating_1_zscore: float
    rating_2_zscore: float
    rating_3_zscore: float


@dataclass(frozen=True)
class SimpEvalPastRating:
    """One output of SimpEval_past with its five ratings (``data/simpeval_past.csv``).

    Attributes:
        id: the row's number upstream (unique, with gaps).
        original: the source sentence, a line of ``asset-test``.
        generation: the output as the system wrote it (some tokenized, lowercased).
        processed_generation: the output detokenized and truecased (what is scored).
        original_id: the source's number (0-99, the line of LENS's ``complex_sents.txt``).
        system: one of the 24 systems (including references and baselines such as ``copy``).
        rating_1 ... rating_5: the five annotators' ratings, 0-100.
        rating_1_z_score ... rating_5_z_score: the same, standardised by the authors per annotator.
    """

    id: int
    original: str
    generation: str
    processed_generation: str
    original_id: int
    system: str
    rating_1: int
    rating_2: int
    rating_3: int
    rating_4: int
    rating_5: int
    rating_1_z_score: float
    rating_2_z_score: float
    rating_3_z_score: float
    rating_4_z_score: float
    rating_5_z_score: float


@dataclass(frozen=True)
class SimpWorkerRating:
    """One crowd worker's answers on one output (``data/simpDA_2022.csv``, ``data/simplikert_2022.csv``).

    Attributes:
        worker_id: the (anonymised) worker, numbered within the file.
        input_id: the source's number: ``simpeval-2022``'s ``original_id``.
        original: the source as shown to the worker (for 2 sources, 5 of the 6 systems' rows show
            a variant: a trailing space, or a word changed).
        simplified: the rated output: SimpEval_2022's output of ``system`` for that source, except
            Muss's on source 21 (another output) and one that has a trailing space.
        system: the system, as in ``simpeval-2022``.
        adequacy: meaning preservation: 0-100 (``simpda-2022``) or 1-5 (``simplikert-2022``).
        fluency: 0-100, or 1-5.
        simplicity: 0-100, or -2..2 (simpler than the source: positive).
    """

    CSV_COLUMNS: ClassVar[tuple[str, ...]] = (
        "WorkerId",
        "Input.id",
        "Input.original",
        "Input.simplified",
        "Input.system",
        "Answer.adequacy",
        "Answer.fluency",
        "Answer.simplicity",
    )

    worker_id: int
    input_id: int
    original: str
    simplified: str
    system: str
    adequacy: int
    fluency: int
    simplicity: int


#: Ratings set -> the type of its rows.
LENS_ROW_TYPES: dict[str, type] = {
    "simpeval-2022": SimpEval2022Rating,
    "simpeval-past": SimpEvalPastRating,
    "simpda-2022": SimpWorkerRating,
    "simplikert-2022": SimpWorkerRating,
}
