"""docs/guide/extending.md's walk-through works as written: its module, its registry line and what it shows.

The page's three ``py`` blocks (the module ``simpeval/metrics/compression.py``, the registry line and
"what you get") are read from the page, so the test follows the text a contributor follows: the
module is executed as ``simpeval.metrics.compression`` (its relative imports resolve), registered
under the name the registry line gives, run through its doctest, the contract's checks and the
calls of the page, and unregistered.
"""

from __future__ import annotations

import doctest
import importlib.util
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import simpeval
from simpeval.exceptions import InvalidOptionError
from simpeval.metrics import Metric, register_metric, unregister_metric

PAGE = Path(__file__).resolve().parents[2] / "docs" / "guide" / "extending.md"
MODULE = "simpeval.metrics.compression"


def _block(heading: str) -> str:
    """The ``py`` block under the ``### heading`` of the walk-through."""
    section = PAGE.read_text(encoding="utf-8").split(f"### {heading}", 1)[1]
    found = re.search(r"^```py\n(.*?)^```", section, re.S | re.M)
    assert found is not None, f"extending.md: no ```py block under '### {heading}'"
    return found.group(1)


@pytest.fixture(scope="module")
def module() -> Iterator[ModuleType]:
    """The page's module, imported as ``simpeval.metrics.compression`` and registered by its registry line."""
    source = _block("1. The module: `simpeval/metrics/compression.py`")
    assert len(source.splitlines()) <= 50, "the walk-through's module is at most 50 lines, its docstring included"
    spec = importlib.util.spec_from_loader(MODULE, loader=None)
    assert spec is not None
    loaded = importlib.util.module_from_spec(spec)
    loaded.__package__ = "simpeval.metrics"
    sys.modules[MODULE] = loaded
    exec(compile(source, "docs/guide/extending.md (compression.py)", "exec"), loaded.__dict__)
    name, path = re.fullmatch(r'\s*"([^"]+)": "([^"]+)",\s*', _block("2. One registry line")).groups()  # type: ignore[union-attr]
    assert path == f"{MODULE}:CompressionRatio"
    register_metric(name, loaded.CompressionRatio)
    try:
        yield loaded
    finally:
        unregister_metric(name)
        del sys.modules[MODULE]


def test_the_module_is_a_metric_with_a_passing_doctest(module: ModuleType) -> None:
    cls = module.CompressionRatio
    assert issubclass(cls, Metric) and cls.higher_is_better is None
    failures, tried = doctest.testmod(module, verbose=False, report=False)
    assert tried >= 2 and failures == 0


def test_the_options_and_signature_come_from_the_declaration(module: ModuleType) -> None:
    cls = module.CompressionRatio
    assert cls.signature_abbreviations == {"unit": "u"}
    assert cls("word").config == cls(unit="word").config == cls(module.CompressionRatioConfig(unit="word")).config
    signature = cls(unit="word").corpus_score(["A cat."], sources=["The cat sat."]).signature
    assert "nrefs" not in signature.to_dict() and signature["unit"] == "word"
    assert simpeval.Signature.parse(signature.format(short=True)) == signature
    with pytest.raises(InvalidOptionError):
        cls(unit="line")


def test_what_you_get_runs_as_the_page_shows(module: ModuleType) -> None:
    namespace: dict[str, object] = {}
    exec(compile(_block("3. What you get, with nothing else edited"), "extending.md (3)", "exec"), namespace)
    table = namespace["table"]
    assert isinstance(table, simpeval.ResultTable)
    assert table.cell("a", "CompressionRatio").score == pytest.approx(6 / 12)
    text = simpeval.render(table, "text")
    assert "CompressionRatio" in text
