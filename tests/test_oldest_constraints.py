"""tests/constraints/oldest.txt (the oldest-versions parity job of .ci/parity) pins each package
at the lower bound pyproject.toml declares for it, so that the job tests what is accepted."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]


def lower_bounds() -> dict[str, set[Version]]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = list(project["dependencies"])
    for extra in ("fast", "moses", "metaeval", "test"):
        requirements += project["optional-dependencies"][extra]
    bounds: dict[str, set[Version]] = {}
    for text in requirements:
        requirement = Requirement(text)
        for spec in requirement.specifier:
            if spec.operator == ">=":
                bounds.setdefault(requirement.name.lower(), set()).add(Version(spec.version))
    return bounds


def pins() -> dict[str, Version]:
    lines = (ROOT / "tests" / "constraints" / "oldest.txt").read_text(encoding="utf-8").splitlines()
    pinned = [re.fullmatch(r"([A-Za-z0-9_.-]+)==([0-9.]+)", line) for line in lines if line and line[0] != "#"]
    assert all(pinned), lines
    return {m.group(1).lower(): Version(m.group(2)) for m in pinned if m}


def test_every_pin_is_the_declared_lower_bound() -> None:
    bounds = lower_bounds()
    for name, version in pins().items():
        assert bounds.get(name) == {version}, (name, version, bounds.get(name))


def test_every_core_dependency_is_pinned() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    core = {Requirement(text).name.lower() for text in project["dependencies"]}
    assert core <= set(pins())
