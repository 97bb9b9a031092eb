"""A descriptive measure (``higher_is_better = None``): no best system, no "better" anywhere in a report."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pytest

from simpeval import evaluate_systems, register_metric, sentence_level, unregister_metric
from simpeval.exceptions import InvalidValueError
from simpeval.metrics import Metric, Score, Signature
from simpeval.metrics.options import option
from simpeval.report import available_formats, render
from simpeval.report.html_report import ReportData, build_html_report

SOURCES = ["a b c d", "e f g h"]
SYSTEMS = {"long": ["a b c d", "e f g h"], "short": ["a b", "e"]}


@dataclass(frozen=True)
class RatioConfig:
    unit: str = option("word", help="Count words or chars.", choices=("word", "char"), signature=("unit", "u"))


class Ratio(Metric):
    """Output length over source length (a description of the outputs, not a quality)."""

    name: ClassVar[str] = "Ratio"
    higher_is_better: ClassVar[bool | None] = None
    requires_source: ClassVar[bool] = True
    requires_references: ClassVar[bool] = False
    config_class: ClassVar[type[RatioConfig]] = RatioConfig

    def extract_stats(self, hypotheses: list[str], references: list[list[str]], sources: Any) -> Any:
        count = (lambda s: len(s.split())) if self.config.unit == "word" else len
        return np.array([[count(h), count(s)] for h, s in zip(hypotheses, sources)], dtype=np.float64)

    def score_from_stats(self, stats: Any, signature: Signature | None = None) -> Score:
        out, src = self.validate_stats(stats, 2)
        return Score(self.name, out / src if src else 0.0, signature if signature is not None else self.get_signature())


@pytest.fixture
def registered() -> Iterator[None]:
    register_metric("ratio", Ratio)
    yield
    unregister_metric("ratio")


@pytest.fixture
def table(registered: None) -> Any:
    return evaluate_systems(SYSTEMS, None, sources=SOURCES, metrics=["ratio", "fkgl"])


def test_no_system_is_best(table: Any) -> None:
    assert table.best_systems("Ratio") == () and table.best_systems("FKGL")
    with pytest.raises(InvalidValueError, match="descriptive measure"):
        table.best("ratio")


def _rows(text: str, separator: str) -> list[list[str]]:
    lines = [line.strip(" |") for line in text.splitlines() if line.strip(" |").startswith(("long", "short"))]
    return [[cell.strip() for cell in line.split(separator) if cell.strip()] for line in lines]


def test_the_formats_mark_no_best_system_and_say_no_direction(table: Any) -> None:
    text = render(table, "text")
    rows = _rows(text, "  ")
    assert not any("†" in row[1] for row in rows) and all(row[2].endswith("†") for row in rows)  # FKGL's tie
    assert "Ratio: not ranked" in text and "FKGL: lower is better" in text
    markdown = _rows(render(table, "markdown"), "|")
    assert not any("**" in row[1] for row in markdown) and any("**" in row[2] for row in markdown)
    records = json.loads(render(table, "json"))
    assert {r["metric"]: r["higher_is_better"] for r in records} == {"Ratio": None, "FKGL": False}
    for fmt in available_formats():
        assert "Ratio" in render(table, fmt)


def test_the_html_report_says_no_direction(table: Any) -> None:
    segments = sentence_level(SYSTEMS, [["a b", "e f"]], sources=SOURCES, metrics=["ratio", "fkgl"])
    page = build_html_report(table, segments, ReportData("t", [], SOURCES, ["a b", "e f"], SYSTEMS))
    assert "lower is better" in page and "higher is better" not in page  # FKGL's chart only
    assert '"Ratio": null' in page or '"Ratio":null' in page  # the segment table colours no delta for it


def test_a_descriptive_measure_alone_has_no_best_system_note(registered: None) -> None:
    alone = render(evaluate_systems(SYSTEMS, None, sources=SOURCES, metrics=["ratio"]), "text")
    assert "best system" not in alone and "†" not in alone
