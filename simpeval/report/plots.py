"""Plots of result tables (optional extra ``simplification-metrics[plots]``, matplotlib).

* :func:`plot_scores`: one metric's scores across systems as bars, with the bootstrap
  confidence intervals as error bars when the table has them;
* :func:`plot_metric_pair`: systems as points in the plane of two metrics (e.g. SARI vs BLEU);
* :func:`save_figure`: both kinds in one figure, written to a ``.png``/``.svg``/``.pdf`` file.

In a notebook the functions draw on the current (or a given) axes, so figures show inline.
"""

from __future__ import annotations

import importlib.util
import math
from collections.abc import Sequence
from typing import Any

from ..cache import atomic_write
from ..exceptions import InvalidOptionError, MissingDependencyError
from .metaeval import MetaEvaluation
from .table import ResultTable

__all__ = ["plot_metric_pair", "plot_scores", "require_matplotlib", "save_figure"]


_MISSING = "plots need matplotlib, which is not installed. Install it with: pip install 'simplification-metrics[plots]'"


def require_matplotlib() -> None:
    """Return when matplotlib is installed, else a :class:`~simpeval.exceptions.MissingDependencyError`
    naming the extra; cheap (nothing is imported), so that a command asked for a plot checks it
    before its work (``--plot``), not after.

    Raises:
        MissingDependencyError: matplotlib is not installed.
    """
    if importlib.util.find_spec("matplotlib") is None:
        raise MissingDependencyError(_MISSING)


def _pyplot() -> Any:
    try:  # matplotlib picks a non-interactive backend by itself when there is no display
        import matplotlib.pyplot as plt
    except ImportError as err:
        raise MissingDependencyError(_MISSING) from err
    return plt


def _literal(label: str) -> str:
    """``label`` as matplotlib shows it as written: every ``$`` escaped, so that a system named
    ``$5 vs $10`` is not drawn as math text (nor one like ``$\\frac$`` fails as invalid math).

    Examples:
        >>> print(_literal("$5 vs $10"))
        \\$5 vs \\$10
    """
    return label.replace("$", r"\$")


def plot_scores(table: ResultTable, metric: str, ax: Any = None) -> Any:
    """Bar chart of ``metric`` across systems, with confidence intervals when available.

    Returns:
        The matplotlib axes.
    """
    plt = _pyplot()
    if ax is None:
        _, ax = plt.subplots(figsize=(max(4.0, 0.6 * len(table.systems) + 2), 3.5))
    values = [table.cell(system, metric).score for system in table.systems]
    errors = None
    intervals = [table.interval(system, metric) for system in table.systems]
    if all(ci is not None for ci in intervals):
        errors = [
            [value - ci.low for value, ci in zip(values, intervals) if ci is not None],
            [ci.high - value for value, ci in zip(values, intervals) if ci is not None],
        ]
    best = set(table.best_systems(metric))
    colors = ["tab:orange" if system in best else "tab:blue" for system in table.systems]
    ax.bar(range(len(values)), values, yerr=errors, capsize=3, color=colors)
    ax.set_xticks(range(len(values)))
    ax.set_xticklabels([_literal(system) for system in table.systems], rotation=45, ha="right")
    higher = table.column(metric).higher_is_better
    direction = {True: " (higher is better)", False: " (lower is better)", None: ""}[higher]
    ax.set_ylabel(_literal(f"{metric}{direction}"))
    ax.set_title(_literal(metric if errors is None else f"{metric} with 95% bootstrap CI"))
    return ax


def plot_metric_pair(table: ResultTable, metric_x: str, metric_y: str, ax: Any = None) -> Any:
    """Scatter of the systems by two metrics (e.g. SARI on x, BLEU on y), labelled by name.

    Returns:
        The matplotlib axes.
    """
    plt = _pyplot()
    if ax is None:
        _, ax = plt.subplots(figsize=(5, 4))
    xs = [table.cell(system, metric_x).score for system in table.systems]
    ys = [table.cell(system, metric_y).score for system in table.systems]
    ax.scatter(xs, ys)
    for system, x, y in zip(table.systems, xs, ys):
        ax.annotate(_literal(system), (x, y), textcoords="offset points", xytext=(3, 3), fontsize=8)
    ax.set_xlabel(_literal(metric_x))
    ax.set_ylabel(_literal(metric_y))
    ax.set_title(_literal(f"{metric_y} vs {metric_x}"))
    return ax


def save_figure(table: ResultTable, path: str, metrics: Sequence[str] | None = None) -> None:
    """Write a figure with a bar chart per metric and, for two or more metrics, a scatter of the
    first two, to ``path`` (the format follows the extension: ``.png``, ``.svg``, ``.pdf``).

    Raises:
        InvalidInputError: the extension is not one matplotlib writes.
        MissingDependencyError: matplotlib is not installed.
    """
    names = list(metrics) if metrics is not None else list(table.metric_names)
    extension = str(path).rsplit(".", 1)[-1].lower() if "." in str(path) else ""
    if extension not in ("png", "svg", "pdf"):
        raise InvalidOptionError(
            f"plot file {path} must end in .png, .svg or .pdf (got {extension or 'no extension'!r})."
        )
    plt = _pyplot()
    panels = len(names) + (1 if len(names) >= 2 else 0)
    fig, axes = plt.subplots(1, panels, figsize=(max(4.5, 0.5 * len(table.systems) + 2.5) * panels, 4.2), squeeze=False)
    for ax, name in zip(axes[0], names):
        plot_scores(table, name, ax=ax)
    if len(names) >= 2:
        plot_metric_pair(table, names[0], names[1], ax=axes[0][-1])
    fig.tight_layout()
    try:  # atomic: an interrupted or failed write leaves no half-written file under ``path``
        with atomic_write(path) as out:
            fig.savefig(out, format=extension)
    finally:
        plt.close(fig)


def save_metaeval_figure(result: MetaEvaluation, path: str) -> None:
    """Bars of every metric's Pearson correlation with the ratings (segment and system level), with
    the bootstrap intervals as error bars, written to ``path`` atomically (format from the suffix)."""
    plt = _pyplot()
    # A level with no defined correlation (one system: no system level) gets no panel.
    levels = [
        level
        for level in ("segment", "system")
        if any(c.level == level and math.isfinite(c.value) for c in result.correlations)
    ] or ["segment"]
    metrics = list(dict.fromkeys(c.metric for c in result.correlations))
    fig, axes = plt.subplots(1, len(levels), figsize=(4 + 1.2 * len(metrics), 3.6), squeeze=False)
    for ax, level in zip(axes[0], levels):
        found = [result.correlation(m, level, "pearson") for m in metrics]
        values = [c.value for c in found]
        errors = [[max(c.value - c.low, 0) for c in found], [max(c.high - c.value, 0) for c in found]]
        ax.bar(range(len(metrics)), values, yerr=errors, capsize=4, color="#4C72B0")
        ax.set_xticks(range(len(metrics)))
        ax.set_xticklabels([_literal(metric) for metric in metrics])  # a metric's name as written, never math
        ax.set_title(f"{level} level (n = {found[0].n if found else 0})")
        ax.set_ylabel("Pearson r")
        ax.axhline(0, color="black", linewidth=0.8)
    fig.suptitle(_literal(f"{result.ratings}: {result.aspect} (references: {result.references})"))
    fig.tight_layout()
    suffix = path.rsplit(".", 1)[-1].lower()
    try:
        with atomic_write(path) as out:
            fig.savefig(out, format=suffix)
    finally:
        plt.close(fig)
