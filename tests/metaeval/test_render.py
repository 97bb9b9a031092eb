"""Rendering a meta-evaluation in every format."""

from __future__ import annotations

import csv
import io
import json
import math
import re
from pathlib import Path

import pytest

from simpeval.exceptions import InvalidOptionError
from simpeval.metaeval import meta_evaluate
from simpeval.report import available_formats
from simpeval.report.metaeval import (
    MetaCorrelation,
    MetaEvaluation,
    PairAgreement,
    RankingAccuracy,
    WilliamsTest,
    render_metaeval,
)

from ..needs import import_module
from .conftest import REFERENCES, toy_ratings

NAN = math.nan


def _fixed() -> MetaEvaluation:
    correlations = tuple(
        MetaCorrelation(metric, level, method, value, value - 0.1, value + 0.1, n)
        for metric, base in (("SARI", 0.3), ("BLEU", 0.5))
        for level, n in (("segment", 600), ("system", 6))
        for method, value in (("pearson", base), ("spearman", base - 0.05), ("kendall", base - 0.1))
    )
    return MetaEvaluation(
        "simplicity-da",
        "simplicity_zscore",
        "asset",
        ("SARI|nrefs:10", "BLEU|nrefs:10"),
        correlations,
        (WilliamsTest("BLEU", "SARI", "segment", 0.5, 0.3, 0.6, 4.2, 0.00001, 600),),
        (RankingAccuracy("SARI", 0.733, 0.6, 0.8, 15), RankingAccuracy("BLEU", 0.933, 0.733, 1.0, 15)),
        (PairAgreement("SARI", "BLEU", 0.667, 0.533, 0.733, 15),),
        1000,
        12345,
        "simplicity-da",
        ("simplicity_zscore: as published",),
        ("A", "B", "C", "D", "E", "F"),
    )


def test_text_snapshot() -> None:
    assert render_metaeval(_fixed(), "text", width=2) == "\n".join(
        [
            "Correlation with human ratings (simplicity-da: simplicity_zscore; references: asset)",
            "Level    Metric    n  Pearson r               Spearman rho               Kendall tau-b",
            "segment  SARI    600       0.30  (0.20–0.40)          0.25  (0.15–0.35)           0.20  (0.10–0.30)",
            "segment  BLEU    600       0.50  (0.40–0.60)          0.45  (0.35–0.55)           0.40  (0.30–0.50)",
            "system   SARI      6       0.30  (0.20–0.40)          0.25  (0.15–0.35)           0.20  (0.10–0.30)",
            "system   BLEU      6       0.50  (0.40–0.60)          0.45  (0.35–0.55)           0.40  (0.30–0.50)",
            "",
            "Williams test of dependent correlations (Pearson; one-sided; * p < 0.05)",
            "Level    Hypothesis    r_a   r_b  r_ab     t  p",
            "segment  BLEU > SARI  0.50  0.30  0.60  4.20  0.0000*",
            "",
            "Pairwise system-ranking accuracy (pairs the raters tell apart)",
            "Metric  Accuracy               Pairs",
            "SARI        0.73  (0.60–0.80)     15",
            "BLEU        0.93  (0.73–1.00)     15",
            "",
            "Agreement between metrics on the same pairs",
            "Metric A  Metric B  Agreement               Pairs",
            "SARI      BLEU           0.67  (0.53–0.73)     15",
            "",
            "simplicity_zscore: as published",
            "95% bootstrap intervals: 1000 resamples of the segments (every rated output of a drawn segment with it), "
            "seed 12345",
            "SARI|nrefs:10",
            "BLEU|nrefs:10",
        ]
    )


@pytest.mark.parametrize("fmt", available_formats())
def test_every_format(fmt: str) -> None:
    result = meta_evaluate(toy_ratings(), REFERENCES, metrics=["chrf", "ter"], n_samples=20)
    text = render_metaeval(result, fmt)
    assert "chrF2" in text and "TER" in text
    if fmt == "json":
        data = json.loads(text)
        assert data["correlations"][0]["metric"] == "chrF2" and data["n_samples"] == 20
    elif fmt == "jsonl":
        records = [json.loads(line) for line in text.splitlines()]
        assert {r["table"] for r in records} == {"correlation", "williams", "ranking", "agreement"}
    elif fmt in ("csv", "tsv"):
        rows = list(csv.DictReader(io.StringIO(text), delimiter="\t" if fmt == "tsv" else ","))
        assert len(rows) == len(result.records()) and rows[0]["metric_a"] == "chrF2"
    elif fmt == "html":
        assert text.count("<table") == 4 and re.search(r"<caption[^>]*>Correlation with human ratings", text)
    elif fmt == "latex":
        assert text.count(r"\begin{tabular}{") == 4  # and a nested [t] tabular per figure with its interval
    elif fmt == "markdown":
        assert sum(line.startswith(("|:", "|-")) for line in text.splitlines()) == 4  # the rule of each table


def test_machine_formats_keep_nan_as_empty_or_null() -> None:
    c = MetaCorrelation("SARI", "system", "pearson", NAN, NAN, NAN, 1)
    result = MetaEvaluation("x", "s", "r", (), (c,), (), (), (), 0, 1)
    assert json.loads(render_metaeval(result, "json"))["correlations"][0]["value"] is None
    assert render_metaeval(result, "csv").splitlines()[1] == "correlation,system,SARI,,pearson,,,,1,,"
    assert "system-level figures need 3 systems or more (got 0): left out" in render_metaeval(result, "text")


def test_bad_format_and_width() -> None:
    with pytest.raises(InvalidOptionError, match="fmt must be one of csv, html"):
        render_metaeval(_fixed(), "pdf")
    with pytest.raises(InvalidOptionError, match="width must be a non-negative integer"):
        render_metaeval(_fixed(), "text", width=-1)


def test_the_plot_has_a_panel_per_level_with_figures(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import_module("matplotlib")
    from matplotlib.figure import Figure

    from simpeval.metaeval import HumanRatings
    from simpeval.report.plots import save_metaeval_figure

    titles: list[list[str]] = []
    monkeypatch.setattr(
        Figure, "savefig", lambda self, *args, **kwargs: titles.append([a.get_title() for a in self.axes])
    )
    save_metaeval_figure(
        meta_evaluate(toy_ratings(), REFERENCES, metrics=["chrf"], n_samples=10), str(tmp_path / "a.png")
    )
    toy = toy_ratings()
    one = HumanRatings("one", "simplicity", toy.segments[:3], toy.systems[:3], toy.outputs[:3], toy.scores[:3])
    save_metaeval_figure(meta_evaluate(one, REFERENCES, metrics=["chrf"], n_samples=10), str(tmp_path / "b.png"))
    assert titles == [["segment level (n = 9)", "system level (n = 3)"], ["segment level (n = 3)"]]


def test_the_plot_draws_a_metrics_name_as_written(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A metric's name with ``$`` (a plugin's label) is a tick label as written (escaped for mathtext), not math."""
    import_module("matplotlib")
    import dataclasses

    from matplotlib.cbook import is_math_text
    from matplotlib.figure import Figure

    from simpeval.report.plots import save_metaeval_figure

    ticks: list[list[str]] = []

    def drawn(self: Figure, *args: object, **kwargs: object) -> None:
        self.canvas.draw()
        ticks.extend([label.get_text() for label in ax.get_xticklabels()] for ax in self.axes)

    monkeypatch.setattr(Figure, "savefig", drawn)
    result = meta_evaluate(toy_ratings(), REFERENCES, metrics=["chrf"], n_samples=10)
    named = dataclasses.replace(
        result, correlations=tuple(dataclasses.replace(c, metric="chrF $5$") for c in result.correlations)
    )
    save_metaeval_figure(named, str(tmp_path / "a.png"))
    assert ticks == [["chrF \\$5\\$"], ["chrF \\$5\\$"]]
    assert not any(is_math_text(label) for labels in ticks for label in labels)
