"""The package's public names: the lazy exports are typed and listed, and dir() is __all__."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import simpeval
from simpeval._validate import check_int
from simpeval.exceptions import InvalidOptionError, InvalidValueError

INIT = Path(simpeval.__file__)


def test_dir_is_the_sorted_all() -> None:
    assert dir(simpeval) == sorted(simpeval.__all__)
    assert len(set(simpeval.__all__)) == len(simpeval.__all__)


def test_every_public_name_resolves() -> None:
    for name in simpeval.__all__:
        assert getattr(simpeval, name) is not None, name


def test_every_lazy_export_is_imported_for_type_checkers() -> None:
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    typed: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for statement in node.body:
                assert isinstance(statement, ast.ImportFrom)
                typed.update(alias.asname or alias.name for alias in statement.names)
    assert typed == set(simpeval._LAZY)
    assert set(simpeval._LAZY) <= set(simpeval.__all__)


def test_a_lazy_export_comes_from_the_module_the_type_checkers_see() -> None:
    code = "import simpeval, simpeval.significance.specs as s; print(simpeval.Bootstrap is s.Bootstrap)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "True"


@pytest.mark.parametrize(
    ("value", "kwargs", "message"),
    [
        (True, {}, r"x: n must be an integer >= 1 \(got True\)\."),
        (0, {}, r"x: n must be an integer >= 1 \(got 0\)\."),
        (1.0, {"minimum": 0}, r"x: n must be an integer >= 0 \(got 1\.0\)\."),
        ("3", {"minimum": None}, r"x: n must be an integer \(got '3'\)\."),
        (-1, {"minimum": 0, "expected": "a width"}, r"x: n must be a width \(got -1\)\."),
    ],
)
def test_check_int_says_what_was_expected(value: object, kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        check_int(value, "x: n", **kwargs)  # type: ignore[arg-type]


def test_check_int_accepts_numpy_integers_and_raises_the_class_asked_for() -> None:
    assert check_int(np.int64(3), "x: n") == 3 and type(check_int(np.int64(3), "x: n")) is int
    assert check_int(-5, "x: n", minimum=None) == -5
    with pytest.raises(InvalidValueError, match="williams: n must be an integer"):
        check_int(np.bool_(True), "williams: n", minimum=None, error=InvalidValueError)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: simpeval.SARI(max_order=0), r"SARI: max_order must be a positive integer \(got 0\)"),
        (lambda: simpeval.BLEU().corpus_score_iter(["a"], [["a"]], chunk_size=0), r"chunk_size must be a positive"),
        (
            lambda: simpeval.evaluate_streams({"s": ["a"]}, [["a"]], chunk_size=True),
            r"chunk_size must be an integer >= 1",
        ),
    ],
)
def test_the_checks_across_layers_keep_their_messages(call: object, message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        call()  # type: ignore[operator]
