"""EASSE's quality-estimation features (:mod:`simpeval.features`) of several systems as a document.

The features describe outputs rather than rank them (a higher compression ratio is neither better
nor worse), so no best system is marked: one row per system, one column per feature, the
signature once below.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .document import Cell, Document, Grid, Records, Section
from .formats import render

__all__ = ["FEATURES_TITLE", "features_document", "render_features"]

FEATURES_TITLE = "Quality-estimation features (source vs output, mean over segments)"


def features_document(
    means: Mapping[str, Mapping[str, float]], names: Sequence[str], signature: str, width: int = 3
) -> Document:
    """``means[system][feature]`` as a one-section document (``"features"``), ``width`` decimals in its grid."""
    records = tuple({"system": system, **values, "signature": signature} for system, values in means.items())
    table = Records(("system", *names, "signature"), records)
    rows = tuple(
        (Cell((system,)), *(Cell((f"{values[n]:.{width}f}",)) for n in names)) for system, values in means.items()
    )
    grid = Grid(("System", *names), rows, ("l", *("r" for _ in names)))
    section = Section(
        "features",
        FEATURES_TITLE,
        grid,
        signatures=(signature,),
        records=table,
        line_records=table,
        tree=list(records),
        line_objects=records,
    )
    return Document((section,))


def render_features(
    means: Mapping[str, Mapping[str, float]], names: Sequence[str], signature: str, fmt: str = "text", width: int = 3
) -> str:
    """``means[system][feature]`` in ``fmt`` (:func:`features_document`, then :func:`simpeval.report.render`).

    Examples:
        >>> print(render_features({"sys": {"Exact copies": 0.25}}, ["Exact copies"], "Features|tok:13a", "markdown", 2))
        **Quality-estimation features (source vs output, mean over segments)**
        <BLANKLINE>
        | System | Exact copies |
        |:-------|-------------:|
        | sys    |         0.25 |
        <BLANKLINE>
        ```text
        Features|tok:13a
        ```
    """
    return render(features_document(means, names, signature, width), fmt)
