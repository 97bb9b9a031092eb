"""The exceptions pyproject's import-linter contracts name (read by the architecture and report tests)."""

from __future__ import annotations

import tomllib
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def contract_exceptions() -> set[tuple[str, str]]:
    """The imports pyproject's import-linter contracts name in ``ignore_imports`` (``importer ->
    imported``): function-local imports of a higher module, each with its reason written there."""
    contracts = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]
    pairs = (line.split("->") for contract in contracts for line in contract.get("ignore_imports", []))
    return {(importer.strip(), imported.strip()) for importer, imported in pairs}
