"""The result model: accessors, metric lookup by every spelling, errors, display hooks, imports."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import simpeval.report.frame as frame_module
import simpeval.report.table as table_module
from simpeval.exceptions import (
    InvalidOptionError,
    InvalidValueError,
    MissingDependencyError,
    UnknownMetricError,
    UnknownSystemError,
)
from simpeval.metrics.score import Score
from simpeval.metrics.signature import Signature
from simpeval.report import MetricColumn, ResultTable, SegmentScore, SegmentTable, render
from simpeval.significance.results import ConfidenceInterval, PairedResult

from ..contracts import contract_exceptions
from ..needs import import_module

SARI_SIG = Signature("SARI", (("nrefs", "2"), ("case", "lc"), ("version", "0.1.0")))
TER_SIG = Signature("TER", (("nrefs", "2"), ("case", "lc"), ("version", "2.6.0")))
CHRF_SIG = Signature("chrF2", (("nrefs", "2"), ("version", "2.6.0")))
TABLE_MODULE = Path(table_module.__file__)


def sari(value: float) -> Score:
    return Score("SARI", value, SARI_SIG, {"add": 1.0, "keep": 2.0, "delete": 3.0})


def ter(value: float) -> Score:
    return Score("TER", value, TER_SIG)


def chrf(value: float) -> Score:
    return Score("chrF2", value, CHRF_SIG)


@pytest.fixture
def table() -> ResultTable:
    return ResultTable(
        systems=("alpha", "beta-system"),
        metrics=(MetricColumn("SARI", True, "sari"), MetricColumn("chrF2", key="chrf"), MetricColumn("TER", False)),
        scores=((sari(41.234), chrf(50.0), ter(62.5)), (sari(38.0), chrf(55.0), ter(48.04))),
        intervals=((None, ConfidenceInterval(49.0, 51.0, 50.0), None), (None, None, None)),
        paired=(
            (None, None, None),
            (None, PairedResult(test="bs", p_value=0.01, n_samples=100, seed=1, system="beta-system"), None),
        ),
        baseline="alpha",
    )


# ---------------------------------------------------------------- accessors
def test_model_accessors(table):
    assert table.systems == ("alpha", "beta-system")
    assert table.metric_names == ("SARI", "chrF2", "TER")
    assert table.cell("beta-system", "TER").score == 48.04
    assert table.best("SARI") == "alpha"
    assert table.best("TER") == "beta-system"  # lower is better
    assert table.column("TER").higher_is_better is False
    assert table.column("TER").key == ""  # the default
    assert table.signatures("SARI") == (SARI_SIG,)
    assert table.interval("alpha", "chrF2") == ConfidenceInterval(49.0, 51.0, 50.0)
    assert table.paired_result("beta-system", "chrF2").p_value == 0.01


def test_best_with_a_tie():
    tie = ResultTable(("a", "b"), (MetricColumn("TER", False),), ((ter(5.0),), (ter(5.0),)))
    assert tie.best_systems("TER") == ("a", "b")
    assert tie.best("TER") == "a"


def test_shape_is_validated():
    with pytest.raises(InvalidValueError, match="one row per system"):
        ResultTable(("a", "b"), (MetricColumn("TER", False),), ((ter(1.0),),))
    with pytest.raises(InvalidValueError, match="systems must be unique"):
        ResultTable(("a", "a"), (MetricColumn("TER", False),), ((ter(1.0),), (ter(2.0),)))
    with pytest.raises(InvalidOptionError, match="baseline must be one of the systems"):
        ResultTable(("a",), (MetricColumn("TER", False),), ((ter(1.0),),), baseline="b")


def test_with_signature_fields(table):
    tagged = table.with_signature_fields(test="asset-test")
    assert tagged.cell("alpha", "SARI").signature.get("test") == "asset-test"
    assert table.cell("alpha", "SARI").signature.get("test") is None  # frozen: a copy


# ---------------------------------------------------------------- metric lookup
CHRF_SPELLINGS = ["chrF2", "chrf2", "CHRF2", "chrf", "chrF", "CHRF", "chrF2++", "chrf++", "chrF1", " chrf "]
ACCESSORS = {
    "cell": lambda t, m: t.cell("beta-system", m).score,
    "column": lambda t, m: t.column(m).name,
    "interval": lambda t, m: t.interval("alpha", m),
    "paired_result": lambda t, m: t.paired_result("beta-system", m),
    "best": lambda t, m: t.best(m),
    "best_systems": lambda t, m: t.best_systems(m),
    "signatures": lambda t, m: t.signatures(m),
}


@pytest.mark.parametrize("accessor", sorted(ACCESSORS))
@pytest.mark.parametrize("spelling", CHRF_SPELLINGS)
def test_every_spelling_finds_the_column(table, accessor, spelling):
    get = ACCESSORS[accessor]
    assert get(table, spelling) == get(table, "chrF2")


@pytest.mark.parametrize("spelling", ["SARI", "sari", "Sari", "ter", "Ter", "TER"])
def test_registry_names_and_labels_in_any_case(table, spelling):
    assert table.column(spelling).name == spelling.upper()


def test_a_column_without_key_is_found_by_label_only():
    table = ResultTable(("a",), (MetricColumn("chrF2"),), ((chrf(1.0),),))
    assert table.cell("a", "CHRF2").score == 1.0
    with pytest.raises(UnknownMetricError, match="unknown metric 'chrf'; metrics: chrF2"):
        table.cell("a", "chrf")


def test_the_exact_label_wins_over_other_spellings():
    columns = (MetricColumn("bleu", key="bleu"), MetricColumn("BLEU", key="bleu"))
    table = ResultTable(("a",), columns, ((Score("bleu", 1.0, CHRF_SIG), Score("BLEU", 2.0, CHRF_SIG)),))
    assert (table.cell("a", "bleu").score, table.cell("a", "BLEU").score) == (1.0, 2.0)
    with pytest.raises(UnknownMetricError, match=r"'Bleu' names several columns \(bleu, BLEU\)"):
        table.cell("a", "Bleu")


def test_a_key_shared_by_two_columns_is_ambiguous():
    columns = (MetricColumn("chrF2", key="chrf"), MetricColumn("chrF2++", key="chrf"))
    table = ResultTable(("a",), columns, ((chrf(1.0), chrf(2.0)),))
    assert table.cell("a", "CHRF2++").score == 2.0  # the label, in another case
    with pytest.raises(UnknownMetricError, match=r"'chrf' names several columns \(chrF2, chrF2\+\+\)"):
        table.cell("a", "chrf")


@pytest.mark.parametrize("accessor", sorted(ACCESSORS))
def test_unknown_metric(table, accessor):
    with pytest.raises(UnknownMetricError, match=r"unknown metric 'BLEU'; metrics: SARI, chrF2, TER\.") as err:
        ACCESSORS[accessor](table, "BLEU")
    assert isinstance(err.value, KeyError)
    with pytest.raises(UnknownMetricError, match="unknown metric 'meteor'"):
        ACCESSORS[accessor](table, "meteor")  # not a registry name either


@pytest.mark.parametrize("accessor", ["cell", "interval", "paired_result"])
def test_unknown_system(table, accessor):
    get = getattr(table, accessor)
    with pytest.raises(UnknownSystemError, match=r"unknown system 'gamma'; systems: alpha, beta-system\.") as err:
        get("gamma", "SARI")
    assert isinstance(err.value, KeyError)


def test_segment_table_signatures():
    segments = SegmentTable(
        ("s",),
        (MetricColumn("chrF2", key="chrf"), MetricColumn("TER", False, "ter")),
        (SegmentScore(1, "s", "chrF2", chrf(1.0)), SegmentScore(1, "s", "TER", ter(2.0))),
    )
    for spelling in ("chrF2", "CHRF2", "chrf", "chrF2++"):
        assert segments.signatures(spelling) == (CHRF_SIG,)
    assert segments.signatures("ter") == (TER_SIG,)
    with pytest.raises(UnknownMetricError, match="unknown metric 'SARI'; metrics: chrF2, TER"):
        segments.signatures("SARI")
    tagged = segments.with_signature_fields(test="x")
    assert tagged.signatures("TER")[0].get("test") == "x"


# ---------------------------------------------------------------- display hooks
def test_repr_html_is_the_html_rendering(table):
    assert table._repr_html_() == render(table, "html")


@pytest.mark.slow
def test_the_model_alone_renders_itself() -> None:
    """Nothing to install by hand: a table made by importing only the model renders, in a fresh
    interpreter (importing the model imports simpeval.report, which installs the renderers)."""
    code = (
        "from simpeval.report.table import MetricColumn, ResultTable\n"
        "from simpeval.metrics.score import Score, Signature\n"
        "sig = Signature('TER', (('version', '0'),))\n"
        "t = ResultTable(('a',), (MetricColumn('TER', higher_is_better=False, key='ter'),), "
        "((Score('TER', 60.0, sig),),))\n"
        "print(t._repr_html_().startswith('<'))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "True"


def test_to_pandas_is_the_frame_renderer(table, monkeypatch):
    """simpeval.report installs frame.to_dataframe, and to_pandas passes it the table and deltas."""
    assert table_module._renderers.dataframe is frame_module.to_dataframe

    def fake(t, deltas):
        return ("frame", t is table, deltas)

    monkeypatch.setattr(table_module, "_renderers", table_module.TableRenderers(html=str, dataframe=fake))
    assert table.to_pandas(deltas=True) == ("frame", True, True)


def test_without_installed_renderers_a_table_says_what_to_import(table, monkeypatch):
    """A model loaded without its package (never by an import) fails with a typed error naming the fix."""
    monkeypatch.setattr(table_module, "_renderers", None)
    with pytest.raises(MissingDependencyError, match="Import simpeval.report"):
        table._repr_html_()


# ---------------------------------------------------------------- the model imports no renderer
RENDERING = ("simpeval.report.formats", "simpeval.report.frame")


def _imported_names(path: Path, package: str) -> set[str]:
    """Every module an import statement of ``path`` names, absolute (inside functions too)."""
    names = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(part for part in (base, node.module or "") if part)
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def _is_rendering(name: str) -> bool:
    return any(name == r or name.startswith(r + ".") for r in RENDERING)


def test_the_model_source_imports_no_renderer():
    names = _imported_names(TABLE_MODULE, "simpeval.report")
    assert "simpeval.metrics" in names and "simpeval.exceptions" in names  # the resolution works
    assert sorted(name for name in names if _is_rendering(name)) == []


def _reachable(graph, start: str) -> set[str]:
    """The modules ``start`` imports, directly or not, leaving out the edges from a package to its
    own submodules (a package re-exporting them) and the function-local imports pyproject's
    contracts name, as in tests/test_architecture.py."""
    named = contract_exceptions()
    seen, todo = set(), [start]
    while todo:
        module = todo.pop()
        for imported in graph.find_modules_directly_imported_by(module):
            if imported not in seen and not imported.startswith(module + ".") and (module, imported) not in named:
                seen.add(imported)
                todo.append(imported)
    return seen


def test_the_import_graph_has_no_path_from_the_model_to_a_renderer():
    grimp = import_module("grimp")
    graph = grimp.build_graph("simpeval", cache_dir=None)
    direct = graph.find_modules_directly_imported_by("simpeval.report.table")  # inside functions too
    assert "simpeval.metrics" in direct
    assert sorted(m for m in direct if _is_rendering(m) or m == "simpeval.report") == []
    assert sorted(m for m in _reachable(graph, "simpeval.report.table") if _is_rendering(m)) == []
    for module in ("simpeval.report.formats", "simpeval.report.frame"):
        assert not {"simpeval.api", "simpeval.cli"} & _reachable(graph, module)
