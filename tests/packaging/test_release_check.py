"""``.ci/release_check.py``: the checks that gate a release (RELEASING.md), run by ``.ci/run``.

The script runs on this checkout and passes; each check fails on what it guards against: a
wheel without the lessons or with a stray file, a stale lesson, an sdist without a file or with
a cache, a CHANGELOG whose newest section is another version, a release without its tag.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

from .. import dist
from ..needs import ROOT, import_module, unavailable

SCRIPT = dist.SCRIPT


@pytest.fixture(scope="module")
def release_check() -> ModuleType:
    return dist.release_check()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The sdist and the wheel: ``.ci/run``'s (``SIMPEVAL_DIST``), else built once by the script's own build step."""
    return dist.archives(tmp_path_factory.mktemp("dist"))


def _rewrite_wheel(wheel: Path, target: Path, drop: str = "", add: tuple[str, bytes] | None = None) -> Path:
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(target, "w") as out:
        for name in source.namelist():
            if name != drop:
                out.writestr(name, source.read(name))
        if add:
            out.writestr(*add)
    return target


def _rewrite_sdist(sdist: Path, target: Path, drop: str = "", add: tuple[str, bytes] | None = None) -> Path:
    with tarfile.open(sdist) as source, tarfile.open(target, "w:gz") as out:
        for member in source.getmembers():
            if not member.name.endswith(drop) or not drop:
                out.addfile(member, source.extractfile(member) if member.isfile() else None)
        if add:
            info = tarfile.TarInfo(add[0])
            info.size = len(add[1])
            out.addfile(info, io.BytesIO(add[1]))
    return target


@pytest.mark.slow
@pytest.mark.install
def test_the_script_passes_on_this_checkout(tmp_path: Path) -> None:
    """The whole script, on ``.ci/run``'s archives when ``SIMPEVAL_DIST`` names them (``--dist``: its
    own run of the script built them), else building them."""
    import_module("build")
    import_module("twine")
    given = dist.given()
    where = ["--dist", str(given)] if given is not None else ["--outdir", str(tmp_path / "dist")]
    result = subprocess.run([sys.executable, str(SCRIPT), *where], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert [line.split(":")[0] for line in lines[:-1]] == [
        "ok   build",
        "ok   twine",
        "ok   wheel",
        "ok   sdist",
        "ok   version and CHANGELOG",
        "ok   tag",
    ]
    assert lines[-1].startswith("release checks: all passed")
    assert sorted(p.name for p in (given or tmp_path / "dist").iterdir()) == [
        f"simplification_metrics-{_version()}-py3-none-any.whl",
        f"simplification_metrics-{_version()}.tar.gz",
    ]


def _version() -> str:
    import tomllib

    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


@pytest.mark.install
def test_the_wheel_check(release_check: ModuleType, built: tuple[Path, Path], tmp_path: Path) -> None:
    _, wheel = built
    version = _version()
    lessons = len(list((ROOT / "notebooks").rglob("*.ipynb"))) + 1  # and the README
    assert f", {lessons} lesson files," in release_check.check_wheel(wheel, version)
    no_readme = _rewrite_wheel(wheel, tmp_path / "a.whl", drop="simpeval/data/lessons/README.md")
    with pytest.raises(release_check.CheckFailed, match=r"missing \['simpeval/data/lessons/README\.md'\]"):
        release_check.check_wheel(no_readme, version)
    stray = _rewrite_wheel(wheel, tmp_path / "b.whl", add=("tests/conftest.py", b""))
    with pytest.raises(release_check.CheckFailed, match=r"unexpected \['tests/conftest\.py'\]"):
        release_check.check_wheel(stray, version)
    lesson = "simpeval/data/lessons/precision_recall_f.ipynb"
    stale = _rewrite_wheel(
        _rewrite_wheel(wheel, tmp_path / "c0.whl", drop=lesson), tmp_path / "c.whl", add=(lesson, b"{}")
    )
    with pytest.raises(release_check.CheckFailed, match="differs from notebooks/"):
        release_check.check_wheel(stale, version)
    with pytest.raises(release_check.CheckFailed, match="missing"):
        release_check.check_wheel(wheel, "9.9.9")  # another version: another dist-info folder


@pytest.mark.install
def test_the_sdist_check(release_check: ModuleType, built: tuple[Path, Path], tmp_path: Path) -> None:
    sdist, _ = built
    version = _version()
    assert "files" in release_check.check_sdist(sdist, version)
    no_changelog = _rewrite_sdist(sdist, tmp_path / "a.tar.gz", drop="/CHANGELOG.md")
    with pytest.raises(release_check.CheckFailed, match=r"missing \['CHANGELOG\.md'\]"):
        release_check.check_sdist(no_changelog, version)
    cached = _rewrite_sdist(
        sdist, tmp_path / "b.tar.gz", add=(f"simplification_metrics-{version}/simpeval/__pycache__/x.pyc", b"")
    )
    with pytest.raises(release_check.CheckFailed, match="build output or caches"):
        release_check.check_sdist(cached, version)


def test_the_changelog_check(release_check: ModuleType) -> None:
    check = release_check.check_changelog
    unreleased = "# Changelog\n\n## Unreleased: more\n\n- x\n\n## 0.1.0 (2026-01-02)\n"
    assert "Unreleased: more" in check(unreleased, "0.2.0", release=False)
    with pytest.raises(release_check.CheckFailed, match="must be '## 0.2.0'"):
        check(unreleased, "0.2.0", release=True)
    released = "# Changelog\n\n## 0.2.0 (2026-03-04)\n\n- x\n\n## 0.1.0 (2026-01-02)\n"
    assert "0.2.0 (2026-03-04)" in check(released, "0.2.0", release=True)
    with pytest.raises(release_check.CheckFailed, match="neither 'Unreleased...' nor 0.3.0"):
        check(released, "0.3.0", release=False)
    with pytest.raises(release_check.CheckFailed, match="not a public PEP 440 version"):
        check(released, "0.2.0+local", release=False)
    with pytest.raises(release_check.CheckFailed, match="no '## ' section"):
        check("# Changelog\n", "0.2.0", release=False)


def test_the_tag_check(release_check: ModuleType, tmp_path: Path) -> None:
    if shutil.which("git") is None:
        unavailable("git is not installed (apt-get install git)")
    assert "not a git checkout" in release_check.check_tag("1.0.0", release=False, root=tmp_path)
    with pytest.raises(release_check.CheckFailed, match="not a git checkout"):
        release_check.check_tag("1.0.0", release=True, root=tmp_path)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", "-C", str(tmp_path)]
    subprocess.run([*git, "init", "-q"], check=True)
    (tmp_path / "f").write_text("x\n", encoding="utf-8")
    subprocess.run([*git, "add", "f"], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "one"], check=True)
    assert "not created yet" in release_check.check_tag("1.0.0", release=False, root=tmp_path)
    with pytest.raises(release_check.CheckFailed, match="tag v1.0.0 does not exist"):
        release_check.check_tag("1.0.0", release=True, root=tmp_path)
    subprocess.run([*git, "tag", "-a", "v1.0.0", "-m", "1.0.0"], check=True)
    assert release_check.check_tag("1.0.0", release=True, root=tmp_path) == "v1.0.0 is HEAD, work tree clean"
    (tmp_path / "f").write_text("changed\n", encoding="utf-8")
    with pytest.raises(release_check.CheckFailed, match="work tree has changes"):
        release_check.check_tag("1.0.0", release=True, root=tmp_path)
    subprocess.run([*git, "commit", "-q", "-am", "two"], check=True)
    with pytest.raises(release_check.CheckFailed, match="tag v1.0.0 is not HEAD"):
        release_check.check_tag("1.0.0", release=True, root=tmp_path)
    assert "an earlier commit" in release_check.check_tag("1.0.0", release=False, root=tmp_path)
