"""Packaging: single-sourced version, py.typed shipped, public API importable by name."""

from __future__ import annotations

import importlib.metadata
import tomllib
from pathlib import Path

import simpeval
from simpeval._version import DISTRIBUTION

ROOT = Path(__file__).resolve().parents[2]


def test_version_single_source() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert simpeval.__version__ == declared
    assert simpeval.__version__ == importlib.metadata.version(DISTRIBUTION)


def test_py_typed_ships() -> None:
    assert (Path(simpeval.__file__).parent / "py.typed").exists()


def test_all_lists_strings_that_resolve() -> None:
    assert all(isinstance(name, str) for name in simpeval.__all__)
    for name in simpeval.__all__:
        assert getattr(simpeval, name) is not None


def test_console_script_declared() -> None:
    entry_points = importlib.metadata.entry_points(group="console_scripts")
    assert any(ep.name == "simpeval" and ep.value == "simpeval.cli:main" for ep in entry_points)
