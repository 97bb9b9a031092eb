"""Every corpus sum of a metric's statistics rows goes through ``Metric.sum_rows``.

NLTK-chrF adds its F-score columns with Python's ``sum()`` (compensated from Python 3.12), so a
plain ``stats.sum(axis=0)`` gives it other bits than ``corpus_score`` under that rule. Two guards:
a scan of ``simpeval/`` that fails on a new ``.sum(axis=0)`` outside the allowed places, and the
compare / evaluate / paired / agreement / compat paths checked against ``corpus_score`` with the
Python >= 3.12 rule forced (``simpeval._arith.RUNNING_RULE``), on a 1,000-segment corpus.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import simpeval
from simpeval import _arith
from simpeval.api import compare, evaluate_streams
from simpeval.metrics import get_metric
from simpeval.significance import metric_agreement, metric_scorer, paired_approximate_randomization, paired_bootstrap

from .needs import shared_path

PACKAGE = Path(simpeval.__file__).parent

#: The only ``.sum(axis=0)`` in simpeval, by (file, enclosing function), and why each may stay.
ALLOWED = {
    ("metrics/base.py", "sum_rows"): "Metric.sum_rows itself: the default every other sum goes through",
    ("engines/resample.py", "resampled_sums"): "sacrebleu's float32 bootstrap replay (its own arithmetic)",
    ("engines/resample.py", "summed"): "a bare score function stands for no metric: the default sum",
    ("metrics/learned/greedy.py", "match"): "BERTScore's precision within one segment: its tokens' weighted "
    "cosines in float32, as bert_score sums them (no statistics rows)",
}


def _is_axis0_sum(node: ast.Call) -> bool:
    """``x.sum(axis=0)``, ``x.sum(0)``, ``np.sum(x, axis=0)``, ``np.sum(x, 0)``, ``np.add.reduce(x)``."""
    func = node.func
    if not isinstance(func, ast.Attribute):
        return False
    axis = next((k.value for k in node.keywords if k.arg == "axis"), None)
    if func.attr == "reduce" and isinstance(func.value, ast.Attribute) and func.value.attr == "add":
        return axis is None or (isinstance(axis, ast.Constant) and axis.value == 0)
    if func.attr != "sum":
        return False
    on_numpy = isinstance(func.value, ast.Name) and func.value.id in {"np", "numpy"}
    positional = node.args[1:] if on_numpy else node.args
    if axis is None and positional:
        axis = positional[0]
    return isinstance(axis, ast.Constant) and axis.value == 0


class _Finder(ast.NodeVisitor):
    """The axis-0 sums of one module, by the innermost function around them."""

    def __init__(self) -> None:
        self.stack = ["<module>"]
        self.found: dict[str, list[int]] = {}

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self.stack.append(node.name)
        self.generic_visit(node)
        self.stack.pop()

    visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]

    def visit_Call(self, node: ast.Call) -> None:
        if _is_axis0_sum(node):
            self.found.setdefault(self.stack[-1], []).append(node.lineno)
        self.generic_visit(node)


def _axis0_sums() -> dict[tuple[str, str], list[int]]:
    """Every axis-0 sum in simpeval: (file, enclosing function) -> lines."""
    found: dict[tuple[str, str], list[int]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        finder = _Finder()
        finder.visit(ast.parse(path.read_text(encoding="utf-8")))
        for name, lines in finder.found.items():
            found[(path.relative_to(PACKAGE).as_posix(), name)] = lines
    return found


def test_no_sum_of_rows_outside_sum_rows() -> None:
    found = _axis0_sums()
    stray = {
        f"simpeval/{path}:{lines} (in {name})" for (path, name), lines in found.items() if (path, name) not in ALLOWED
    }
    assert not stray, (
        "sum a metric's statistics rows with metric.sum_rows(stats) (NLTK-chrF adds columns with Python's "
        f"sum()), or allow the place in tests/test_sum_rows.py with the reason: {sorted(stray)}"
    )
    assert set(found) == set(ALLOWED), f"an allowed place has no such sum any more: {set(ALLOWED) - set(found)}"


def test_the_scan_finds_each_spelling() -> None:
    """The scan can fail: each spelling of an axis-0 sum is found."""
    for code in ["s.sum(axis=0)", "s.sum(0)", "np.sum(s, axis=0)", "np.sum(s, 0)", "np.add.reduce(s)"]:
        (statement,) = ast.parse(code).body
        assert isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)
        assert _is_axis0_sum(statement.value), code
    for code in ["s.sum(axis=1)", "s.sum()", "np.sum(s, axis=1)", "sum(s)"]:
        (statement,) = ast.parse(code).body
        assert isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)
        assert not _is_axis0_sum(statement.value), code


# ------------------------------------------------------------ the Python >= 3.12 rule
N_SEGMENTS = 1_000


@pytest.fixture(scope="module")
def corpus() -> tuple[dict[str, list[str]], list[list[str]]]:
    """Three systems and one reference stream of 1,000 segments (ASSET's validation
    simplifications): ``(systems, references)``."""

    def lines(k: int) -> list[str]:
        return shared_path("corpora", "asset", f"asset.valid.simp.{k}").read_text("utf-8").splitlines()[:N_SEGMENTS]

    return {f"sys{k}": lines(k) for k in (1, 2, 3)}, [lines(0)]


@pytest.fixture
def neumaier(monkeypatch: pytest.MonkeyPatch) -> None:
    """Python 3.12's sum() rule, forced on whichever interpreter runs the tests."""
    monkeypatch.setattr(_arith, "RUNNING_RULE", _arith.NEUMAIER)


def bits(value: float) -> bytes:
    return np.float64(value).tobytes()


@pytest.mark.slow
def test_the_rule_matters_here(corpus: Any, neumaier: None) -> None:
    """The checks below can fail: on this corpus a plain sum differs from NLTK-chrF's in the
    F-score columns, and so does the score."""
    metric = get_metric("nltk-chrf")
    stats = metric.corpus_stats(corpus[0]["sys1"], corpus[1])
    plain, own = stats.sum(axis=0), metric.sum_rows(stats)
    assert int(np.count_nonzero(plain != own)) >= 3
    assert bits(metric.score_from_stats(plain).score) != bits(metric.score_from_stats(own).score)


@pytest.mark.slow
def test_compare_scores_are_corpus_scores(corpus: Any, neumaier: None) -> None:
    systems, refs = corpus
    metric = get_metric("nltk-chrf")
    table = compare(systems, refs, metrics=[metric])
    for name, (score,) in zip(table.systems, table.scores):
        assert bits(score.score) == bits(metric.corpus_score(systems[name], refs).score), name


@pytest.mark.slow
def test_evaluate_streams_and_corpus_score_iter_are_corpus_scores(corpus: Any, neumaier: None) -> None:
    systems, refs = corpus
    metric = get_metric("nltk-chrf")
    table = evaluate_streams(systems, refs, metrics=[metric], chunk_size=N_SEGMENTS)
    for name, (score,) in zip(table.systems, table.scores):
        expected = metric.corpus_score(systems[name], refs).score
        assert bits(score.score) == bits(expected), name
        assert bits(metric.corpus_score_iter(systems[name], refs, chunk_size=N_SEGMENTS).score) == bits(expected)


class _Recorder:
    """A metric scorer that records every vector it scores (its ``sum_rows`` kept)."""

    def __init__(self, metric: Any) -> None:
        self._score_fn = metric_scorer(metric)[0]
        self.sum_rows = self._score_fn.sum_rows  # type: ignore[attr-defined]
        self.seen: list[np.ndarray] = []

    def __call__(self, vector: np.ndarray) -> float:
        self.seen.append(np.array(vector))
        return float(self._score_fn(vector))


@pytest.mark.slow
@pytest.mark.parametrize("test", [paired_bootstrap, paired_approximate_randomization])
def test_paired_tests_score_the_corpus_sums(corpus: Any, neumaier: None, test: Any) -> None:
    """The observed difference of a paired test is that of the corpus scores."""
    systems, refs = corpus
    metric = get_metric("nltk-chrf")
    base, other = (metric.corpus_stats(systems[name], refs) for name in ("sys1", "sys2"))
    recorder = _Recorder(metric)
    test(base, other, recorder, n_samples=2)
    for stats in (base, other):
        assert any(np.array_equal(seen, metric.sum_rows(stats)) for seen in recorder.seen)
        assert not any(np.array_equal(seen, stats.sum(axis=0)) for seen in recorder.seen)


@pytest.mark.slow
def test_agreement_scores_the_corpus_sums(corpus: Any, neumaier: None) -> None:
    systems, refs = corpus
    chrf, bleu = get_metric("nltk-chrf"), get_metric("bleu")
    stats = {m.name: {s: m.corpus_stats(hyps, refs) for s, hyps in systems.items()} for m in (chrf, bleu)}
    recorder = _Recorder(chrf)
    metric_agreement(stats, {chrf.name: recorder, bleu.name: metric_scorer(bleu)[0]}, n_samples=0)
    expected = [chrf.sum_rows(rows) for rows in stats[chrf.name].values()]
    assert len(recorder.seen) == len(expected)
    assert all(np.array_equal(seen, want) for seen, want in zip(recorder.seen, expected))


@pytest.mark.slow
def test_compat_paired_test_sums_with_sum_rows(corpus: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """sacrebleu's ``PairedTest`` serves only sacrebleu's metrics (none has a sum of its own), so
    a spy checks that every system's score comes from its metric's ``sum_rows``."""
    from simpeval.compat.sacrebleu.metrics import CHRF
    from simpeval.compat.sacrebleu.significance import PairedTest

    systems, refs = corpus
    front = CHRF()
    metric = front.simpeval_metric
    summed: list[int] = []

    def sum_rows(stats: np.ndarray) -> np.ndarray:
        summed.append(len(stats))
        return type(metric).sum_rows(metric, stats)

    monkeypatch.setattr(metric, "sum_rows", sum_rows)
    _, scores = PairedTest(list(systems.items()), {"chrF": front}, refs, "ar", 2)()
    assert summed.count(N_SEGMENTS) >= len(systems)
    (key,) = (k for k in scores if k != "System")
    for name, result in zip(scores["System"], scores[key]):
        assert bits(result.score) == bits(metric.corpus_score(systems[name], refs).score), name  # type: ignore[union-attr]
