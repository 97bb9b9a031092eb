"""The sdist and the wheel of this checkout, built once per run.

``.ci/run`` builds them once (its release checks) and names the folder in ``SIMPEVAL_DIST``; every
test that needs an archive takes that folder's (:func:`archives`). Without ``SIMPEVAL_DIST`` they
are built here, once per test process, by the release script's own build step.
"""

from __future__ import annotations

import importlib.util
import os
from functools import cache
from pathlib import Path
from types import ModuleType

from .needs import ROOT, import_module, unavailable

SCRIPT = ROOT / ".ci" / "release_check.py"


@cache
def release_check() -> ModuleType:
    """``.ci/release_check.py``, imported."""
    spec = importlib.util.spec_from_file_location("release_check", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def given() -> Path | None:
    """The folder ``SIMPEVAL_DIST`` names (``.ci/run``'s dist/), or None."""
    folder = os.environ.get("SIMPEVAL_DIST", "").strip()
    return Path(folder) if folder else None


def archives(tmp: Path) -> tuple[Path, Path]:
    """The sdist and the wheel: ``SIMPEVAL_DIST``'s, else built into ``tmp`` (an empty folder)."""
    script = release_check()
    folder = given()
    if folder is not None:
        try:
            built: tuple[Path, Path] = script.archives(folder, script.project_version())
        except script.CheckFailed as err:
            raise AssertionError(f"SIMPEVAL_DIST={folder}: {err}") from None
        return built
    import_module("build")
    try:
        made: tuple[Path, Path] = script.build(tmp)
    except script.CheckFailed as err:
        unavailable(f"cannot build the sdist and the wheel (pip install hatchling for an offline build): {err}")
    return made
