"""LENS's SimpEval judgments (Maddela et al., 2023) as meta-evaluation reads them.

:func:`lens_fields` turns a registered SimpEval set into the fields of a
:class:`~simpeval.metaeval.HumanRatings` (:func:`simpeval.metaeval.from_registry` builds it): one
rating per output, the segment (the 0-based line of the registered corpus its source is), the
system, the output, each annotator's raw rating (``rater_scores``, whatever ``zscore``: the
scale of LENS's Kendall tau-like, :mod:`simpeval.metaeval.taulike`) and, where known, the
simplification type (``types``). What a rating is, per set:

* ``simpeval-2022`` (aspect ``overall``; corpus ``simpeval-2022-refs``): by default the mean of
  the 3 published z-scores (``rating_k_zscore``, standardised by the authors per annotator); with
  ``zscore=False`` the mean of the 3 raw 0-100 ratings. LENS's meta-evaluation script computes its
  Kendall tau-like from the raw ratings (pairs whose annotators differ by more than 5 points):
  ``zscore=False`` gives its scale. Types: ``sentence_type`` (``Deletions``, ``Paraphrases``,
  ``Splittings``). The segment is the line of ``test.src`` equal to ``original``; its 16th and
  53rd lines (1-based) are the same sentence, and the 53rd is used, whose reference is the one
  LENS's scripts score against (they map each source text to the reference of its last line).
* ``simpeval-past`` (aspect ``overall``; corpus ``asset-test``): 5 ratings per output, z-scores
  (``rating_k_z_score``) or raw 0-100 as above; the output is ``processed_generation`` (detokenized,
  truecased, as ASSET's references are); the segment is the line of ``asset-test`` equal to
  ``original``. No types. Identical outputs of different systems (on 137 sources) keep their own
  ratings: they were rated separately, and each is one system's output.
* ``simpda-2022``, ``simplikert-2022`` (aspects ``simplicity``, ``fluency``, ``adequacy``; corpus
  ``simpeval-2022-refs``): one row per worker and output is grouped into one rating per output
  (3 workers each, in file order). With ``zscore=True`` each answer is first standardised per worker
  and aspect (over all that worker's answers in the file, population standard deviation, 0 for a
  worker who always gives one value: in ``simpda-2022`` workers 0 and 1 gave fluency 100 to each of
  their outputs, in ``simplikert-2022`` workers 10 and 12 fluency 5), as simpeval does for
  ``asset-human-ratings``; the rating is the mean. ``Input.id`` is ``simpeval-2022``'s ``original_id``, so both the segment and the type
  come from ``simpeval-2022`` (downloaded too): the type where the rated output is that set's
  output of the system (all but Muss's on source 21, another output: type ``""``; one output
  differs by a trailing space only and keeps its type). Empty answers: none in these files (a
  format error if one appeared); no worker rated an output twice.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..testsets import (
    TestSetFormatError,
    load_simpda_2022,
    load_simpeval_2022,
    load_simpeval_past,
    load_simplikert_2022,
    load_testset,
)

__all__ = ["LENS_ASPECTS", "REFS_CORPUS", "lens_fields", "worker_zscores"]

#: The registered corpus whose lines the SimpEval_2022 ratings' segments are.
REFS_CORPUS = "simpeval-2022-refs"

_WORKER_ASPECTS = ("simplicity", "fluency", "adequacy")

#: LENS's registered sets of ratings and the aspects each rates (the first is the default).
LENS_ASPECTS: Mapping[str, tuple[str, ...]] = {
    "simpeval-2022": ("overall",),
    "simpeval-past": ("overall",),
    "simpda-2022": _WORKER_ASPECTS,
    "simplikert-2022": _WORKER_ASPECTS,
}


def lens_fields(name: str, aspect: str, zscore: bool, **load: Any) -> dict[str, Any]:
    """The keyword arguments of :class:`~simpeval.metaeval.HumanRatings` for a SimpEval set (but ``name``).

    Args:
        name: a key of :data:`LENS_ASPECTS`.
        aspect: one of its aspects (checked by the caller).
        zscore: standardised ratings (the default of :func:`~simpeval.metaeval.from_registry`).
        load: ``cache_dir`` and ``mirror`` of the loaders.

    Raises:
        TestSetFormatError: a source that is no line of its corpus (a bug: the files are checksummed).
    """
    builders: dict[str, Callable[..., dict[str, Any]]] = {
        "simpeval-2022": _simpeval_2022,
        "simpeval-past": _simpeval_past,
        "simpda-2022": _worker_builder(load_simpda_2022, "0-100"),
        "simplikert-2022": _worker_builder(load_simplikert_2022, "1-5, simplicity -2..2"),
    }
    return builders[name](name, aspect, zscore, load)


def _line_of(sources: Sequence[str], name: str) -> Callable[[str], int]:
    """Text -> its 0-based line in ``sources`` (the last, where a line repeats)."""
    lines = {text: k for k, text in enumerate(sources)}

    def line(text: str) -> int:
        if text not in lines:
            raise TestSetFormatError(
                f"{name}: the source {text[:60]!r}... is no line of its corpus, although the files' checksums "
                "are right. This is a bug in simpeval; please report it."
            )
        return lines[text]

    return line


def _label(aspect: str, zscore: bool) -> str:
    return f"{aspect}_zscore" if zscore else aspect


def _per_output(
    aspect: str, zscore: bool, raters: Sequence[tuple[float, ...]], raw: Sequence[tuple[float, ...]], how: str
) -> dict[str, Any]:
    """The fields every set shares: the aspect's label, the scores (means of ``raters``), each
    annotator's raw rating (``raw``: the scale of the tau-like's threshold, whatever ``zscore``), the note."""
    counts = "/".join(str(n) for n in sorted({len(r) for r in raters}))
    return {
        "aspect": _label(aspect, zscore),
        "scores": tuple(statistics.fmean(r) for r in raters),
        "rater_scores": tuple(raw),
        "note": f"{_label(aspect, zscore)}: mean over {counts} annotators of their {how}",
    }


def _simpeval_2022(name: str, aspect: str, zscore: bool, load: Mapping[str, Any]) -> dict[str, Any]:
    rows = load_simpeval_2022(**load)
    line = _line_of(load_testset(REFS_CORPUS, **load).sources, name)
    suffix = "_zscore" if zscore else ""
    raters = [tuple(float(getattr(r, f"rating_{k}{suffix}")) for k in (1, 2, 3)) for r in rows]
    raw = [tuple(float(getattr(r, f"rating_{k}")) for k in (1, 2, 3)) for r in rows]
    how = "published z-scores" if zscore else "0-100 ratings"
    return {
        **_per_output(aspect, zscore, raters, raw, how),
        "segments": tuple(line(r.original) for r in rows),
        "systems": tuple(r.system for r in rows),
        "outputs": tuple(r.generation for r in rows),
        "corpus": REFS_CORPUS,
        "types": tuple(r.sentence_type for r in rows),
    }


def _simpeval_past(name: str, aspect: str, zscore: bool, load: Mapping[str, Any]) -> dict[str, Any]:
    rows = load_simpeval_past(**load)
    line = _line_of(load_testset("asset-test", **load).sources, name)
    suffix = "_z_score" if zscore else ""
    raters = [tuple(float(getattr(r, f"rating_{k}{suffix}")) for k in range(1, 6)) for r in rows]
    raw = [tuple(float(getattr(r, f"rating_{k}")) for k in range(1, 6)) for r in rows]
    how = "published z-scores" if zscore else "0-100 ratings"
    return {
        **_per_output(aspect, zscore, raters, raw, how),
        "segments": tuple(line(r.original) for r in rows),
        "systems": tuple(r.system for r in rows),
        "outputs": tuple(r.processed_generation for r in rows),
        "corpus": "asset-test",
    }


def worker_zscores(keys: Sequence[Any], values: Sequence[float]) -> list[float]:
    """Each value standardised among those of its key: ``(value - mean) / std`` (population std; 0 when it is 0).

    Examples:
        >>> worker_zscores(["a", "a", "b", "a"], [1.0, 2.0, 5.0, 3.0])
        [-1.224744871391589, 0.0, 0.0, 1.224744871391589]
    """
    groups: dict[Any, list[float]] = defaultdict(list)
    for key, value in zip(keys, values):
        groups[key].append(value)
    norms = {key: (statistics.fmean(v), statistics.pstdev(v)) for key, v in groups.items()}
    return [(v - norms[k][0]) / norms[k][1] if norms[k][1] > 0 else 0.0 for k, v in zip(keys, values)]


def _worker_builder(loader: Callable[..., Any], scale: str) -> Callable[..., dict[str, Any]]:
    """The builder of a set of per-worker rows (``simpda-2022``, ``simplikert-2022``) read by ``loader``."""

    def build(name: str, aspect: str, zscore: bool, load: Mapping[str, Any]) -> dict[str, Any]:
        rows = loader(**load)
        raw = [float(getattr(r, aspect)) for r in rows]
        values = worker_zscores([r.worker_id for r in rows], raw) if zscore else raw
        groups: dict[tuple[int, str], list[int]] = defaultdict(list)  # (source, system) -> its rows
        for k, r in enumerate(rows):
            groups[r.input_id, r.system].append(k)
        reference = _simpeval_2022_outputs(name, load)
        outputs = []
        for (source, system), members in groups.items():
            texts = {rows[k].simplified for k in members}
            if len(texts) != 1:
                raise TestSetFormatError(f"{name}: source {source}, {system}: the workers rated different outputs.")
            outputs.append(texts.pop())
        how = "z-scores (standardised per worker and aspect)" if zscore else f"ratings ({scale})"
        return {
            **_per_output(
                aspect,
                zscore,
                [tuple(values[k] for k in m) for m in groups.values()],
                [tuple(raw[k] for k in m) for m in groups.values()],
                how,
            ),
            "segments": tuple(reference[source][0] for source, _ in groups),
            "systems": tuple(system for _, system in groups),
            "outputs": tuple(outputs),
            "corpus": REFS_CORPUS,
            "types": tuple(
                reference[source][1].get((system, text.strip()), "") for (source, system), text in zip(groups, outputs)
            ),
        }

    return build


def _simpeval_2022_outputs(name: str, load: Mapping[str, Any]) -> dict[int, tuple[int, dict[tuple[str, str], str]]]:
    """``simpeval-2022``'s ``original_id`` -> (its segment, {(system, output stripped): type})."""
    line = _line_of(load_testset(REFS_CORPUS, **load).sources, name)
    sources: dict[int, tuple[int, dict[tuple[str, str], str]]] = {}
    for r in load_simpeval_2022(**load):
        sources.setdefault(r.original_id, (line(r.original), {}))[1][r.system, r.generation.strip()] = r.sentence_type
    return sources
