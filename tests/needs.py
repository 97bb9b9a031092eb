"""What a test needs from outside the repository, and the one rule for when it is missing.

The rule: a test whose data (``../shared`` beside the repository: golden figures, corpora, human
ratings, peer suites), corpus reader (WordNet) or tool (Java, Chromium, pdflatex, an optional package) is
missing is skipped with a message that names what is missing and how to get it; when the ``CI``
environment variable is set it fails instead, since CI (``.ci/run``) installs everything.

``tests/conftest.py`` builds its fixtures (``shared``, ``wordnet``) and the ``wordnet`` marker
on these functions; a helper that runs outside a fixture (module level, to parametrize) calls them
directly (``from ..needs import shared_path``).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any, NoReturn

import pytest

from .data import data_folder, how_to_get

ROOT = Path(__file__).resolve().parents[1]
#: The shared test data: the golden figures, corpora, human ratings and peer suites (never copied
#: here). ``$SIMPEVAL_TEST_DATA`` when set, else ``../shared`` beside the repository;
#: ``python -m tests.data download`` fetches what has an upstream (:mod:`tests.data`).
SHARED = data_folder()
#: The registered metrics that read WordNet.
WORDNET_METRICS = frozenset({"meteor"})
#: The registered metrics that run a neural model: marked ``learned``, run on a tiny model
#: (``tests/conftest.py``'s ``learned_defaults``), skipped without PyTorch (failed under ``CI``).
LEARNED_METRICS = frozenset({"bertscore"})
#: The packages of the ``test-learned`` extra (PyTorch and what runs on it), apart from the ``test`` extra.
LEARNED_PACKAGES = frozenset({"torch", "transformers", "safetensors", "huggingface_hub", "bert_score", "tokenizers"})


def under_ci() -> bool:
    """True when the ``CI`` environment variable is set (to anything but the empty string)."""
    return bool(os.environ.get("CI"))


def unavailable(message: str) -> NoReturn:
    """Skip the running test (or module) with ``message``; fail it instead under ``CI``."""
    if under_ci():
        pytest.fail(f"{message} [CI is set: everything the tests need must be installed]", pytrace=False)
    pytest.skip(message, allow_module_level=True)


def shared_path(*parts: str) -> Path:
    """``../shared/<parts>`` (a file or a folder; ``../shared`` itself without ``parts``), or
    :func:`unavailable` when it is not there."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        unavailable(f"shared data missing: {path} ({how_to_get(path, SHARED)})")
    return path


def shared_paths(paths: Iterable[Path]) -> list[Path]:
    """``paths`` (under ``../shared``), or :func:`unavailable` naming every one that is missing."""
    paths = list(paths)
    missing = [p for p in paths if not p.exists()]
    if missing:
        hints = dict.fromkeys(how_to_get(p, SHARED) for p in missing)  # each said once, in order
        unavailable(f"shared data missing: {', '.join(map(str, missing))} ({'; '.join(hints)})")
    return paths


def import_module(name: str) -> ModuleType:
    """``importlib.import_module(name)``, or :func:`unavailable` when the package is not installed."""
    try:
        return importlib.import_module(name)
    except ImportError as err:
        extras = "test,test-learned" if name.split(".")[0] in LEARNED_PACKAGES else "test"
        unavailable(f"{name} is not installed (pip install -e '.[{extras}]'): {err}")


def oracle_python(variable: str, package: str, script: str) -> str:
    """The python of a peer's oracle venv, named by the environment ``variable`` (built by
    ``.ci/<script> DIR``), or :func:`unavailable` saying how to build one."""
    python = os.environ.get(variable, "")
    if not python or not Path(python).is_file():
        unavailable(
            f"{variable}={python!r} names no python with {package}: build its venv with "
            f"`bash .ci/{script} /tmp/{script}` and set {variable}=/tmp/{script}/bin/python"
        )
    return python


def oracle_answer(python: str, script: Path, request: dict[str, Any], timeout: float = 600) -> dict[str, Any]:
    """Run an oracle (a peer's own package, in a venv of its own: ``python``) on ``request``: ``script``
    reads the request from a JSON file and prints its answer as one JSON object on its last line."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "request.json"
        path.write_text(json.dumps(request), encoding="utf-8")
        done = subprocess.run(
            [python, "-W", "ignore", str(script), str(path)],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    assert done.returncode == 0, f"the oracle {script.name} failed:\n{done.stderr[-3000:]}"
    answer: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


@cache
def _booktabs_found() -> bool:
    """Whether TeX finds ``booktabs.sty`` (``kpsewhich``, which comes with pdflatex)."""
    kpsewhich = shutil.which("kpsewhich")
    if kpsewhich is None:
        return False
    found = subprocess.run([kpsewhich, "booktabs.sty"], capture_output=True, text=True, check=False, timeout=60)
    return found.returncode == 0 and bool(found.stdout.strip())


def pdflatex() -> str:
    """The ``pdflatex`` binary that compiles the LaTeX format's tables (with booktabs), or :func:`unavailable`."""
    found = shutil.which("pdflatex")
    if found is None or not _booktabs_found():
        missing = "pdflatex is not installed" if found is None else "LaTeX's booktabs package is not installed"
        unavailable(
            f"{missing} (the LaTeX tables are compiled in a plain article with booktabs: "
            "apt-get install texlive-latex-base texlive-latex-recommended; .ci/run installs them)"
        )
    return found


def java() -> str:
    """The ``java`` binary that Spark needs, or :func:`unavailable`."""
    found = shutil.which("java")
    if found is None:
        unavailable("Java is not installed (Spark needs it: apt-get install default-jre-headless)")
    return found


@cache
def wordnet_missing() -> str | None:
    """``None`` when WordNet is found offline (as METEOR finds it), else why not and how to install it."""
    from simpeval.exceptions import MissingDependencyError
    from simpeval.metrics.teaching.wordnet import ensure_wordnet

    try:
        ensure_wordnet()
    except MissingDependencyError as err:
        return str(err)
    return None


def require_wordnet() -> None:
    """Return when WordNet is found, else :func:`unavailable` with the install hint."""
    message = wordnet_missing()
    if message is not None:
        unavailable(message)


def metric_params(names: Iterable[str]) -> list[object]:
    """``names`` as ``pytest.param`` values, the metrics that read WordNet marked ``wordnet``, the
    learned ones ``learned``."""
    marks = {
        **dict.fromkeys(WORDNET_METRICS, pytest.mark.wordnet),
        **dict.fromkeys(LEARNED_METRICS, pytest.mark.learned),
    }
    return [pytest.param(name, marks=marks[name]) if name in marks else name for name in names]


def assert_same_rows(name: str, got: object, want: object) -> None:
    """The same statistics, bit for bit; a learned metric's to float32 rounding (1e-4 on 0-100): its
    model encodes a batch of sentences in the last bits as the batch's size makes it, so a segment's
    row varies in the 7th digit with the other segments of the call (docs/guide/learned.md)."""
    import numpy as np

    if name in LEARNED_METRICS:
        np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=0, atol=1e-4)
    else:
        np.testing.assert_array_equal(got, want)


def require_learned() -> None:
    """Return when PyTorch and Transformers are installed, else :func:`unavailable` with the install hint."""
    for name in ("torch", "transformers"):
        if importlib.util.find_spec(name) is None:
            unavailable(
                f"{name} is not installed (the learned metrics' tests: install the CPU build of PyTorch first, "
                "then pip install -e '.[test,test-learned]'; README.md, From a checkout)"
            )


def require_numba() -> None:
    """Return when Numba is loaded, else skip the module; under ``CI`` fail instead, unless
    ``SIMPEVAL_DISABLE_NUMBA`` is set (a run that leaves the compiled engines out on purpose)."""
    from simpeval.engines.jit import NUMBA_AVAILABLE

    if NUMBA_AVAILABLE:
        return
    message = "Numba is not installed (pip install 'simplification-metrics[fast]')"
    if os.environ.get("SIMPEVAL_DISABLE_NUMBA"):
        pytest.skip(f"{message} or SIMPEVAL_DISABLE_NUMBA is set", allow_module_level=True)
    unavailable(message)


@cache
def optional_packages() -> dict[str, tuple[str, ...]]:
    """Import name (lower case) -> the extras of ``pyproject.toml`` that install it, for every package an
    extra adds to the dependencies (``levenshtein`` -> ``("features", "test")``)."""
    import re
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    name = re.compile(r"[A-Za-z0-9._-]+")

    def key(requirement: str) -> str:
        found = name.match(requirement)
        return found.group(0).lower().replace("-", "_") if found else requirement

    core = {key(requirement) for requirement in project["dependencies"]}
    found: dict[str, list[str]] = {}
    for extra, requirements in project["optional-dependencies"].items():
        for requirement in requirements:
            if key(requirement) not in core:
                found.setdefault(key(requirement), []).append(extra)
    return {package: tuple(extras) for package, extras in found.items()}


def missing_optional(error: ImportError, what: str) -> NoReturn:
    """The rule for code that imports an optional package as a user would (a docs page's example):
    :func:`unavailable` with the install hint when ``error`` says such a package is missing (a
    ``ModuleNotFoundError`` for a package an extra of ``pyproject.toml`` installs, or simpeval's own
    ``MissingDependencyError``, whose message names the extra); ``error`` itself otherwise (a module of
    simpeval or a core dependency that fails to import is a bug, never a skip). ``what`` names the code
    (a page's path)."""
    from simpeval.exceptions import MissingDependencyError

    if isinstance(error, MissingDependencyError):
        unavailable(f"{what}: {error}")
    package = (error.name or "").partition(".")[0] if isinstance(error, ModuleNotFoundError) else ""
    extras = optional_packages().get(package.lower())
    if not extras:
        raise error
    extra = next((e for e in extras if e not in ("test", "notebooks", "lint", "docs")), extras[0])
    unavailable(f"{what}: {package} is not installed (pip install -e '.[{extra}]')")
