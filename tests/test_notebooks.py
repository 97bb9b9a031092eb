"""The classroom notebooks (``notebooks/*.ipynb``) run from a clean checkout, offline, and are committed clean.

Every notebook is picked up by the glob, so a new one is tested without touching this file:

* it is committed without outputs (no outputs, ``execution_count`` null, no run metadata),
  starts with a Markdown cell and ends with a Markdown cell headed "Exercises";
* its code (and the helper ``course_data.py``) imports nothing private (``simpeval._x``);
* it executes top to bottom with nbclient in a kernel running this interpreter, from
  ``notebooks/``, with the ``../shared`` corpora, no network (``SIMPEVAL_MIRROR`` and the proxies
  point at a closed port), an empty simpeval cache that must stay empty, and matplotlib's Agg
  backend; and it writes no file into ``notebooks/``.

The data tests read ``../shared`` (skipped when it is absent, failed instead when ``CI`` is set).
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import json
import os
import re
import shutil
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK_DIR = ROOT / "notebooks"
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("*.ipynb"))
HELPER = NOTEBOOK_DIR / "course_data.py"
SHARED = ROOT.parent / "shared"
#: A closed port on the loopback interface: any download attempt fails at once.
UNREACHABLE = "http://127.0.0.1:9"
#: Seconds: per cell, and for a whole notebook (they take a few seconds on 2 cores).
CELL_TIMEOUT = 120
NOTEBOOK_BUDGET = 60
KERNEL_NAME = "simpeval-notebooks-test"

by_name = pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.name for path in NOTEBOOKS])


def _missing(message: str) -> None:
    """Skip for a local run; fail under CI, where everything the tests need must be there."""
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def _require(module: str) -> Any:
    try:
        return importlib.import_module(module)
    except ImportError:
        _missing(f"{module} is not installed (pip install -e '.[test]' or '.[notebooks]')")


def _load(path: Path) -> dict[str, Any]:
    notebook: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return notebook


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


@pytest.fixture
def shared() -> Path:
    if not (SHARED / "corpora").is_dir():
        _missing(f"shared data missing: {SHARED / 'corpora'}")
    return SHARED


def test_notebooks_found() -> None:
    if not NOTEBOOK_DIR.is_dir():
        pytest.skip("no notebooks/ folder (a source distribution without it)")
    assert NOTEBOOKS, f"no notebook in {NOTEBOOK_DIR}"


@by_name
def test_committed_without_outputs(path: Path) -> None:
    notebook = _load(path)
    assert notebook.get("nbformat") == 4, "save notebooks in nbformat 4"
    extra = set(notebook.get("metadata", {})) - {"kernelspec", "language_info"}
    assert not extra, f"notebook metadata must be minimal; strip {sorted(extra)} (see notebooks/README.md)"
    for number, cell in enumerate(notebook["cells"], start=1):
        if cell["cell_type"] != "code":
            continue
        where = f"{path.name}, cell {number}: run `nbstripout notebooks/*.ipynb` before committing"
        assert cell.get("outputs") == [], where
        assert cell.get("execution_count") is None, where
        assert not {"execution", "ExecuteTime"} & set(cell.get("metadata", {})), where


@by_name
def test_starts_with_text_and_ends_with_exercises(path: Path) -> None:
    cells = _load(path)["cells"]
    assert cells[0]["cell_type"] == "markdown", "a notebook starts with what the student will learn"
    last = cells[-1]
    assert last["cell_type"] == "markdown", "a notebook ends with a Markdown 'Exercises' cell"
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


@by_name
def test_uses_public_api_only(path: Path) -> None:
    for number, cell in enumerate(_load(path)["cells"], start=1):
        if cell["cell_type"] == "code":
            # IPython magics and shell escapes are not Python
            code = "\n".join(line for line in _source(cell).splitlines() if not line.lstrip().startswith(("%", "!")))
            assert not _private_imports(code), f"{path.name}, cell {number}: import from simpeval's public API only"
    assert not _private_imports(HELPER.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def kernel_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A kernelspec that runs *this* interpreter, whatever other python3 kernels are installed."""
    kernelspec = _require("ipykernel.kernelspec")
    prefix = tmp_path_factory.mktemp("kernel")
    kernelspec.install(kernel_name=KERNEL_NAME, display_name="simpeval tests", prefix=str(prefix))
    return prefix / "share" / "jupyter"


@pytest.fixture
def offline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, shared: Path, kernel_path: Path) -> Path:
    """The kernel's environment (it inherits ours): shared data, no network, empty cache; the cache path."""
    cache = tmp_path / "cache"
    cache.mkdir()
    monkeypatch.setenv("SIMPEVAL_SHARED", str(shared))
    monkeypatch.setenv("SIMPEVAL_MIRROR", UNREACHABLE)
    monkeypatch.setenv("SIMPEVAL_CACHE", str(cache))
    for variable in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY"):
        monkeypatch.setenv(variable, UNREACHABLE)
    for variable in ("no_proxy", "NO_PROXY"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("MPLBACKEND", "Agg")
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")  # no __pycache__ for course_data in notebooks/
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    monkeypatch.setenv("JUPYTER_PATH", str(kernel_path))
    return cache


def _files(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*") if ".ipynb_checkpoints" not in p.parts}


@pytest.mark.slow
@by_name
def test_notebook_runs_offline(path: Path, offline: Path) -> None:
    nbformat = _require("nbformat")
    nbclient = _require("nbclient")
    notebook = nbformat.read(str(path), as_version=4)
    nbformat.validate(notebook)
    before = _files(NOTEBOOK_DIR)
    client = nbclient.NotebookClient(
        notebook,
        kernel_name=KERNEL_NAME,
        timeout=CELL_TIMEOUT,
        startup_timeout=60,
        resources={"metadata": {"path": str(NOTEBOOK_DIR)}},  # the kernel's working directory
    )
    start = time.perf_counter()
    client.execute()  # raises CellExecutionError, with the cell and its traceback, if a cell fails
    elapsed = time.perf_counter() - start
    assert elapsed < NOTEBOOK_BUDGET, f"{path.name} took {elapsed:.0f} s; keep notebooks under {NOTEBOOK_BUDGET} s"
    # nothing downloaded: the cache may only hold the NLTK data directory METEOR assembles from the
    # local WordNet (simpeval.metrics.teaching.ensure_wordnet), never a test set
    cached = [p for p in offline.iterdir() if p.name != "nltk_data"]
    assert not cached, f"{path.name} downloaded into the cache: {sorted(offline.rglob('*'))}"
    assert _files(NOTEBOOK_DIR) == before, f"{path.name} wrote files into notebooks/"


def _import_helper(folder: Path) -> ModuleType:
    """A copy of course_data.py imported from ``folder`` (so ``../../shared`` is not found)."""
    copy = folder / "notebooks" / HELPER.name
    copy.parent.mkdir(parents=True)
    shutil.copy(HELPER, copy)
    spec = importlib.util.spec_from_file_location("course_data_copy", copy)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _mirror(root: Path, shared: Path, helper: ModuleType) -> str:
    """A file:// mirror of raw.githubusercontent.com holding the notebooks' upstream files."""
    from urllib.parse import unquote

    from simpeval.testsets import get_testset

    upstream = "https://raw.githubusercontent.com/"
    files = {f.url: shared / "corpora" / "asset" / f.name for f in get_testset("asset-test").all_files}
    outputs = shared / "corpora" / "system_outputs" / "turkcorpus_test"
    files.update({helper.OUTPUTS_URL + name: outputs / name for name in helper.SYSTEMS})
    for url, local in files.items():
        target = root / unquote(url[len(upstream) :])
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(local, target)
    return root.as_uri()


def test_course_data_downloads_without_shared(shared: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A student's clone has no ../shared: the helper downloads (checksummed) once, then works offline."""
    helper = _import_helper(tmp_path / "clone")
    monkeypatch.delenv("SIMPEVAL_SHARED", raising=False)
    monkeypatch.setenv("SIMPEVAL_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("SIMPEVAL_MIRROR", _mirror(tmp_path / "mirror", shared, helper))
    assert helper.find_shared() is None
    sources, references = helper.load_asset_test()
    outputs = helper.load_system_outputs()
    assert len(sources) == 359 and len(references) == 10 and all(len(r) == 359 for r in references)
    assert sorted(outputs) == sorted(helper.SYSTEMS) and all(len(o) == 359 for o in outputs.values())

    monkeypatch.setenv("SIMPEVAL_MIRROR", UNREACHABLE)  # cached now: no connection is needed
    assert helper.load_system_outputs() == outputs
    monkeypatch.setenv("SIMPEVAL_SHARED", str(shared))
    assert helper.load_asset_test() == (sources, references)
    assert helper.load_system_outputs() == outputs


def test_course_data_rejects_a_wrong_shared_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    helper = _import_helper(tmp_path / "clone")
    monkeypatch.setenv("SIMPEVAL_SHARED", str(tmp_path))
    with pytest.raises(FileNotFoundError, match="SIMPEVAL_SHARED"):
        helper.find_shared()
