"""The checks that gate a release of simplification-metrics (RELEASING.md), everything but the upload.

    python .ci/release_check.py [--outdir dist | --dist DIR] [--release]

1. build: ``python -m build`` writes the sdist and, from the sdist, the wheel into ``--outdir``
   (``--dist DIR``: the two archives already built there are checked instead, as the packaging
   tests do with ``.ci/run``'s dist/);
2. twine: ``twine check --strict`` on both (the metadata and the README render on PyPI);
3. wheel: exactly the package (every file under ``simpeval/`` but caches), the lessons
   (``notebooks/`` as ``simpeval/data/lessons``) and the metadata, the console script;
4. sdist: the package, the tests, the notebooks, the docs and the top-level files, and no build
   output, cache or virtual environment;
5. version: ``pyproject.toml``'s version is PEP 440 and is the one both archives carry;
6. CHANGELOG: its newest section is "Unreleased..." or that version; with ``--release``, that
   version, and no section left "Unreleased";
7. tag: ``v<version>``; with ``--release`` it must exist, point at HEAD, and the work tree be
   clean (without ``--release``, as in ``.ci/run``, its state is only reported).

Prints one line per check (``ok``/``FAIL``) and exits 1 when one failed. Needs ``build`` and
``twine`` (the ``test`` extra), and ``hatchling`` to build offline (else build fetches it).
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Files and folders never shipped: caches, build output, environments, editor and notebook state.
JUNK = re.compile(
    r"(^|/)(__pycache__|\.pytest_cache|\.mypy_cache|\.hypothesis|\.ipynb_checkpoints|\.venv|dist|build|"
    r"_build|\.git)(/|$)|\.py[cod]$|\.egg-info(/|$)"
)
#: What the sdist must hold besides the package (pyproject.toml's sdist target).
SDIST_FILES = (
    "pyproject.toml",
    "README.md",
    "LICENSE",
    "CHANGELOG.md",
    "RELEASING.md",
    "ARCHITECTURE.md",
    "CONTRIBUTING.md",
)
SDIST_FOLDERS = ("simpeval", "tests", "notebooks", "docs")
VERSION = re.compile(r"^\d+(\.\d+)*((a|b|rc)\d+)?(\.post\d+)?(\.dev\d+)?$")  # PEP 440, public versions


class CheckFailed(Exception):
    """One check's failure: the message says what is wrong and what to do."""


def project_version(root: Path = ROOT) -> str:
    version: str = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    return version


def package_files(root: Path = ROOT) -> set[str]:
    """Every file of the package, as the wheel names it: ``simpeval/...`` and the lessons."""
    found = {p.relative_to(root).as_posix() for p in (root / "simpeval").rglob("*") if p.is_file()}
    lessons = root / "notebooks"
    found |= {f"simpeval/data/lessons/{p.relative_to(lessons).as_posix()}" for p in lessons.rglob("*.ipynb")}
    found.add("simpeval/data/lessons/README.md")
    return {name for name in found if not JUNK.search(name)}


def check_wheel(wheel: Path, version: str, root: Path = ROOT) -> str:
    dist_info = f"simplification_metrics-{version}.dist-info"
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata = archive.read(f"{dist_info}/METADATA").decode() if f"{dist_info}/METADATA" in names else ""
        entry_points = (
            archive.read(f"{dist_info}/entry_points.txt").decode() if f"{dist_info}/entry_points.txt" in names else ""
        )
        lessons = {n: archive.read(n) for n in names if n.startswith("simpeval/data/lessons/")}
    expected = package_files(root) | {
        f"{dist_info}/{n}" for n in ("METADATA", "WHEEL", "RECORD", "entry_points.txt", "licenses/LICENSE")
    }
    missing, extra = sorted(expected - names), sorted(names - expected)
    if missing or extra:
        raise CheckFailed(
            f"{wheel.name}: missing {missing[:5]}, unexpected {extra[:5]} (pyproject.toml's wheel target)"
        )
    for name, data in lessons.items():
        if data != (root / "notebooks" / name.removeprefix("simpeval/data/lessons/")).read_bytes():
            raise CheckFailed(f"{wheel.name}: {name} differs from notebooks/ (a stale build?)")
    if f"\nVersion: {version}\n" not in metadata or "\nName: simplification-metrics\n" not in metadata:
        raise CheckFailed(f"{wheel.name}: METADATA does not say Name: simplification-metrics, Version: {version}")
    if not re.search(r"^simpeval = simpeval\.cli:main$", entry_points, re.M):
        raise CheckFailed(f"{wheel.name}: no console script `simpeval = simpeval.cli:main`")
    return f"{len(names)} files: the package, {len(lessons)} lesson files, the metadata and the console script"


def check_sdist(sdist: Path, version: str, root: Path = ROOT) -> str:
    top = f"simplification_metrics-{version}"
    with tarfile.open(sdist) as archive:
        names = {m.name.removeprefix(f"{top}/") for m in archive.getmembers() if m.isfile()}
        member = archive.extractfile(f"{top}/PKG-INFO") if "PKG-INFO" in names else None
        pkg_info = member.read().decode() if member is not None else ""
    junk = sorted(n for n in names if JUNK.search(n))
    if junk:
        raise CheckFailed(f"{sdist.name}: holds build output or caches {junk[:5]}")
    missing = [f for f in SDIST_FILES if f not in names]
    missing += [f"{folder}/" for folder in SDIST_FOLDERS if not any(n.startswith(f"{folder}/") for n in names)]
    missing += sorted(n for n in package_files(root) if not n.startswith("simpeval/data/lessons/") and n not in names)
    if missing:
        raise CheckFailed(f"{sdist.name}: missing {missing[:5]} (pyproject.toml's sdist target)")
    if f"\nVersion: {version}\n" not in pkg_info:
        raise CheckFailed(f"{sdist.name}: PKG-INFO does not say Version: {version}")
    return f"{len(names)} files: the package, tests, notebooks, docs and {', '.join(SDIST_FILES)}"


def check_changelog(text: str, version: str, *, release: bool) -> str:
    if not VERSION.match(version):
        raise CheckFailed(f"pyproject.toml: version {version!r} is not a public PEP 440 version (e.g. 0.1.0, 1.2rc1)")
    headings = re.findall(r"^## (.+)$", text, re.M)
    if not headings:
        raise CheckFailed("CHANGELOG.md has no '## ' section")
    newest = headings[0]
    named = newest == version or newest.startswith((f"{version} ", f"{version}:"))
    if release:
        unreleased = [h for h in headings if h.lower().startswith("unreleased")]
        if not named or unreleased:
            raise CheckFailed(
                f"CHANGELOG.md: the newest section must be '## {version}' (with its date) and none "
                f"'Unreleased' (found {newest!r}, {len(unreleased)} unreleased)"
            )
    elif not (named or newest.lower().startswith("unreleased")):
        raise CheckFailed(f"CHANGELOG.md: the newest section {newest!r} is neither 'Unreleased...' nor {version}")
    return f"version {version}; newest CHANGELOG section {newest!r}"


def _git(*args: str, root: Path = ROOT) -> str | None:
    try:
        result = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=False)
    except OSError:
        return None
    return result.stdout.strip() if result.returncode == 0 else None


def check_tag(version: str, *, release: bool, root: Path = ROOT) -> str:
    tag = f"v{version}"
    head = _git("rev-parse", "HEAD", root=root)
    tagged = _git("rev-parse", "-q", "--verify", f"refs/tags/{tag}^{{commit}}", root=root)
    if release:
        if head is None:
            raise CheckFailed("not a git checkout: a release is made from the tagged commit")
        if tagged != head:
            raise CheckFailed(
                f"tag {tag} {'does not exist' if tagged is None else 'is not HEAD'}: "
                f"git tag -a {tag} -m 'simplification-metrics {version}' on the release commit"
            )
        if _git("status", "--porcelain", root=root):
            raise CheckFailed("the work tree has changes: release from a clean checkout of the tag")
        return f"{tag} is HEAD, work tree clean"
    if head is None:
        return f"{tag}: not a git checkout (checked at release, with --release)"
    if tagged is None:
        return f"{tag}: not created yet (at release: git tag -a {tag}; --release checks it)"
    return f"{tag}: {'HEAD' if tagged == head else 'an earlier commit: bump the version for the next release'}"


def build(outdir: Path, root: Path = ROOT) -> tuple[Path, Path]:
    outdir.mkdir(parents=True, exist_ok=True)
    stale = list(outdir.glob("simplification_metrics-*"))
    if stale:
        raise CheckFailed(f"{outdir} already holds {[p.name for p in stale]}: name an empty folder")
    # with the build backend installed, build offline; else build fetches it into an isolated env
    isolation = ["--no-isolation"] if importlib.util.find_spec("hatchling") else []
    result = subprocess.run(
        [sys.executable, "-m", "build", *isolation, "--outdir", str(outdir), str(root)],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise CheckFailed(f"python -m build failed:\n{result.stdout[-1500:]}{result.stderr[-1500:]}")
    (sdist,), (wheel,) = list(outdir.glob("*.tar.gz")), list(outdir.glob("*.whl"))
    return sdist, wheel


def archives(folder: Path, version: str) -> tuple[Path, Path]:
    """The sdist and the wheel of ``version`` already built in ``folder`` (``.ci/run``'s dist/)."""
    sdist = folder / f"simplification_metrics-{version}.tar.gz"
    wheel = folder / f"simplification_metrics-{version}-py3-none-any.whl"
    missing = [p.name for p in (sdist, wheel) if not p.is_file()]
    if missing:
        raise CheckFailed(f"{folder} has no {missing}: build them (python .ci/release_check.py --outdir {folder})")
    return sdist, wheel


def twine_check(*archives: Path) -> str:
    if importlib.util.find_spec("twine") is None:
        raise CheckFailed("twine is not installed: pip install -e '.[test]' (it is in the test extra)")
    result = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", *map(str, archives)],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise CheckFailed(f"twine check --strict failed:\n{result.stdout[-2000:]}{result.stderr[-1000:]}")
    return "PASSED for " + ", ".join(a.name for a in archives)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--outdir", type=Path, default=ROOT / "dist", help="where the sdist and wheel go (empty)")
    parser.add_argument(
        "--dist", type=Path, help="check the sdist and wheel already built in this folder instead of building them"
    )
    parser.add_argument(
        "--release", action="store_true", help="at release: the CHANGELOG names the version, the tag is HEAD"
    )
    args = parser.parse_args(argv)
    version = project_version()
    failed = 0

    def run(name: str, check: Callable[[], str]) -> None:
        nonlocal failed
        try:
            print(f"ok   {name}: {check()}", flush=True)
        except CheckFailed as err:
            failed += 1
            print(f"FAIL {name}: {err}", flush=True)

    built: list[Path] = []

    def build_both() -> str:
        built.extend(build(args.outdir) if args.dist is None else archives(args.dist, version))
        return ", ".join(p.name for p in built) + ("" if args.dist is None else f" (built before, in {args.dist})")

    run("build", build_both)
    if built:
        sdist, wheel = built
        run("twine", lambda: twine_check(sdist, wheel))
        run("wheel", lambda: check_wheel(wheel, version))
        run("sdist", lambda: check_sdist(sdist, version))
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    run("version and CHANGELOG", lambda: check_changelog(text, version, release=args.release))
    run("tag", lambda: check_tag(version, release=args.release))
    print(f"release checks: {'all passed' if not failed else f'{failed} failed'} (the upload is not one of them)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
