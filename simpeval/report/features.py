"""Rendering EASSE's quality-estimation features (:mod:`simpeval.features`) of several systems.

The features describe outputs rather than rank them (a higher compression ratio is neither better
nor worse), so no best system is marked: one row per system, one column per feature, the
signature once below.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence

from .._json import dumps
from .formats.html import html_grid
from .formats.latex import latex_grid
from .formats.layout import Cell, Grid
from .formats.markdown import markdown_grid
from .formats.text import text_grid

__all__ = ["FEATURES_TITLE", "render_features"]

FEATURES_TITLE = "Quality-estimation features (source vs output, mean over segments)"


def render_features(
    means: Mapping[str, Mapping[str, float]], names: Sequence[str], signature: str, fmt: str = "text", width: int = 3
) -> str:
    """``means[system][feature]`` in ``fmt``, ``width`` decimals in the human formats.

    Examples:
        >>> print(render_features({"sys": {"Exact copies": 0.25}}, ["Exact copies"], "Features|tok:13a", "markdown", 2))
        | System | Exact copies |
        |:-------|-------------:|
        | sys    |         0.25 |
        <BLANKLINE>
        Features|tok:13a
    """
    if fmt in ("json", "jsonl"):
        records = [{"system": system, **values, "signature": signature} for system, values in means.items()]
        if fmt == "jsonl":
            return "\n".join(dumps(r) for r in records)
        return dumps(records, indent=2)
    if fmt in ("csv", "tsv"):
        out = io.StringIO()
        writer = csv.writer(out, delimiter="\t" if fmt == "tsv" else ",", lineterminator="\n")
        writer.writerow(["system", *names, "signature"])
        writer.writerows([system, *(repr(values[n]) for n in names), signature] for system, values in means.items())
        return out.getvalue().rstrip("\n")
    rows = tuple(
        (Cell((system,)), *(Cell((f"{values[n]:.{width}f}",)) for n in names)) for system, values in means.items()
    )
    grid = Grid(("System", *names), rows, ("l", *("r" for _ in names)))
    lines = {
        "text": lambda: [FEATURES_TITLE, *text_grid(grid)],
        "markdown": lambda: markdown_grid(grid),
        "latex": lambda: latex_grid(grid),
    }.get(fmt, lambda: html_grid(grid, caption=FEATURES_TITLE))()
    return "\n".join([*lines, "", signature])
